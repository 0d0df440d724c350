// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What frames a case's data path carries: the IP version its traffic uses
// (the IPv6 header is 40 bytes, IPv4's 20) and the MTU of each NIC on it, as
// the inventory records it and as the agents report it when the case
// starts. An RFC 2544 frame size the path cannot carry is refused before the
// first trial, naming the frame size, the NIC and its MTU; the standard
// frame sizes are extended with jumbo sizes where every NIC allows them.

#include <QJsonObject>
#include <QList>
#include <QString>

namespace wb {

struct PathNic
{
    QString host;
    QString nic;
    int mtu = 0;
    QString source; // "the inventory", "its agent"

    // "NIC h2/data0 has MTU 1500 (as its agent reports)"
    QString describe() const;
};

class FramePath
{
public:
    explicit FramePath(int ipVersion = 4) : m_ipVersion(ipVersion == 6 ? 6 : 4) {}
    int ipVersion() const { return m_ipVersion; }
    // A NIC with no known MTU (0) adds nothing.
    void add(const PathNic &nic);
    const QList<PathNic> &nics() const { return m_nics; }
    // The NIC with the smallest MTU; null when no MTU is known.
    const PathNic *narrowest() const;
    // The largest frame every NIC carries (MTU + 18), capped at the largest
    // frame a plan may name (9018); 0 when no MTU is known.
    int maxFrameBytes() const;
    // Empty when a frame of that size can cross; otherwise why not, in a
    // sentence naming the frame size (and the NIC and its MTU).
    QString refusal(int frameBytes) const;

    // Empty when a UDP datagram of `payloadBytes` crosses unfragmented;
    // otherwise a warning naming the datagram's size, the narrowest NIC and
    // its MTU: the kernel fragments such datagrams, so goodput and loss
    // measure fragments.
    QString fragmentation(int payloadBytes) const;
    // The UDP payload each datagram of a case carries (its
    // message_size_bytes, else the agent's default); 0 for a kind that
    // sends no datagrams of a chosen size.
    static int datagramPayloadBytes(const QString &kind, const QJsonObject &params);

    // The smallest frame that carries the agents' datagram with its 16
    // bytes of key and sequence number: 64 over IPv4, 82 over IPv6.
    static int minFrameBytes(int ipVersion);
    // RFC 2544's frame sizes for Ethernet (64 ... 1518); over IPv6 the
    // smallest is minFrameBytes(6) instead of 64.
    static QList<int> standardFrameSizes(int ipVersion);
    // Beyond 1518: 2048, 4096 and 8192 where they fit, and the path's own
    // largest frame (9018 for MTU 9000). Empty for a standard MTU.
    static QList<int> jumboFrameSizes(int maxFrameBytes);

private:
    int m_ipVersion;
    QList<PathNic> m_nics;
};

// Interface `nic` of `host` as its sysinfo report shows it or, with no NIC
// named, the interface that holds `address`; mtu 0 when the report does not say.
PathNic reportedNic(const QString &host, const QJsonObject &sysinfo, const QString &nic, const QString &address = {});
// 4 or 6 for an IP address literal (an IPv6 one may carry a %zone); 0 otherwise.
int ipVersionOfAddress(const QString &address);

} // namespace wb
