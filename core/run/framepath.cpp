// SPDX-License-Identifier: GPL-3.0-or-later
#include "framepath.h"

#include "analysis/ethernetceiling.h"
#include "result/condition.h"

#include <QHostAddress>
#include <QJsonArray>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace wb {

namespace {
constexpr int kSignedPayloadBytes = 16; // the agents' datagram header: key and sequence number
constexpr int kUdpHeaderBytes = 8;
} // namespace

QString PathNic::describe() const
{
    return u"NIC %1/%2 has MTU %3 (%4)"_s.arg(host, nic).arg(mtu).arg(
        source == u"its agent"_s ? u"as its agent reports"_s : u"in "_s + source);
}

void FramePath::add(const PathNic &nic)
{
    if (nic.mtu > 0)
        m_nics.append(nic);
}

const PathNic *FramePath::narrowest() const
{
    const PathNic *best = nullptr;
    for (const PathNic &n : m_nics)
        if (!best || n.mtu < best->mtu)
            best = &n;
    return best;
}

int FramePath::maxFrameBytes() const
{
    const PathNic *n = narrowest();
    return n ? std::min(ethernet::maxFrameForMtu(n->mtu), ethernet::kMaxJumboFrameBytes) : 0;
}

QString FramePath::refusal(int frameBytes) const
{
    const int least = minFrameBytes(m_ipVersion);
    if (frameBytes < least)
        return u"frame_size_bytes %1 is below the smallest IPv%2 frame that carries the test's datagram (%3 bytes: "
               "Ethernet header 14, IP %4, UDP 8, key and sequence number %5, FCS 4)"_s.arg(frameBytes)
            .arg(m_ipVersion)
            .arg(least)
            .arg(ethernet::ipHeaderBytes(m_ipVersion))
            .arg(kSignedPayloadBytes);
    if (frameBytes > ethernet::kMaxJumboFrameBytes)
        return u"frame_size_bytes %1 is above %2, the largest frame Wirebench sends"_s.arg(frameBytes).arg(
            ethernet::kMaxJumboFrameBytes);
    const PathNic *n = narrowest();
    if (!n) {
        if (frameBytes <= ethernet::kMaxFrameBytes)
            return {};
        return u"frame_size_bytes %1 is a jumbo frame and no NIC on the test's path has a known MTU; name the "
               "test's NICs (client.nic, server.nic) so their MTU can be checked"_s.arg(frameBytes);
    }
    if (frameBytes <= ethernet::maxFrameForMtu(n->mtu))
        return {};
    return u"frame_size_bytes %1 does not fit the test's path: %2, which carries frames up to %3 bytes (a %1-byte "
           "frame needs MTU %4)"_s.arg(frameBytes)
        .arg(n->describe())
        .arg(ethernet::maxFrameForMtu(n->mtu))
        .arg(ethernet::mtuForFrame(frameBytes));
}

QString FramePath::fragmentation(int payloadBytes) const
{
    const PathNic *n = narrowest();
    if (!n || payloadBytes <= 0)
        return {};
    const int datagram = payloadBytes + kUdpHeaderBytes + ethernet::ipHeaderBytes(m_ipVersion);
    if (datagram <= n->mtu)
        return {};
    return u"%1-byte IPv%2 datagrams (%3 bytes of payload) exceed the %4-byte MTU of NIC %5/%6 (%7): the kernel "
           "fragments them, so goodput and loss measure fragments, not datagrams; use message_size_bytes %8 or "
           "less"_s.arg(datagram)
        .arg(m_ipVersion)
        .arg(payloadBytes)
        .arg(n->mtu)
        .arg(n->host, n->nic, n->source == u"its agent"_s ? u"as its agent reports"_s : u"in "_s + n->source)
        .arg(n->mtu - kUdpHeaderBytes - ethernet::ipHeaderBytes(m_ipVersion));
}

int FramePath::datagramPayloadBytes(const QString &kind, const QJsonObject &params)
{
    // Soak and forwarding send packet_rate's datagrams; the plan gives them
    // their size.
    const QString datagramKind = kind == u"soak"_s || kind == u"forwarding"_s ? u"packet_rate"_s : kind;
    if (datagramKind != u"udp_stream"_s && datagramKind != u"packet_rate"_s)
        return 0;
    if (const QJsonValue v = params.value(u"message_size_bytes"_s); v.isDouble())
        return v.toInt();
    const ConditionParameterInfo *size = findDefiningParameter(datagramKind, u"message_size_bytes"_s);
    return size ? size->defaultValue.toInt() : 0;
}

int FramePath::minFrameBytes(int ipVersion)
{
    return ethernet::frameForUdpPayload(kSignedPayloadBytes, ipVersion);
}

QList<int> FramePath::standardFrameSizes(int ipVersion)
{
    return {minFrameBytes(ipVersion), 128, 256, 512, 1024, 1280, ethernet::kMaxFrameBytes};
}

QList<int> FramePath::jumboFrameSizes(int maxFrameBytes)
{
    QList<int> out;
    const int top = std::min(maxFrameBytes, ethernet::kMaxJumboFrameBytes);
    for (int size : {2048, 4096, 8192})
        if (size <= top)
            out.append(size);
    if (top > ethernet::kMaxFrameBytes && !out.contains(top))
        out.append(top);
    return out;
}

PathNic reportedNic(const QString &host, const QJsonObject &sysinfo, const QString &nic, const QString &address)
{
    const QString bare = address.section(u'%', 0, 0);
    for (const QJsonValue &v : sysinfo.value(u"interfaces"_s).toArray()) {
        const QJsonObject i = v.toObject();
        bool match = !nic.isEmpty() && i.value(u"name"_s).toString() == nic;
        if (nic.isEmpty() && !bare.isEmpty())
            for (const QJsonValue &a : i.value(u"addresses"_s).toArray())
                match = match || a.toString().section(u'/', 0, 0) == bare;
        if (match)
            return PathNic{host, i.value(u"name"_s).toString(), std::max(0, i.value(u"mtu"_s).toInt()), u"its agent"_s};
    }
    return PathNic{host, nic, 0, u"its agent"_s};
}

int ipVersionOfAddress(const QString &address)
{
    const QHostAddress a(address);
    if (a.protocol() == QAbstractSocket::IPv4Protocol)
        return 4;
    if (a.protocol() != QAbstractSocket::IPv6Protocol)
        return 0;
    bool mapped = false; // ::ffff:a.b.c.d goes on the wire as IPv4
    a.toIPv4Address(&mapped);
    return mapped ? 4 : 6;
}

} // namespace wb
