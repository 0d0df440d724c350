// SPDX-License-Identifier: GPL-3.0-or-later
#include "environmentfacts.h"

#include "store/runhardware.h"

#include "analysis/ethernetceiling.h"
#include "store/baseline.h"
#include "store/storedrun.h"

#include <QJsonArray>
#include <QJsonObject>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace wb {

namespace {

const QString kNotStated = u"not stated"_s;

QString speedText(double bps)
{
    if (bps <= 0)
        return {};
    return bps >= 1e9 ? u"%1 Gbit/s"_s.arg(bps / 1e9, 0, 'g', 4) : u"%1 Mbit/s"_s.arg(bps / 1e6, 0, 'g', 4);
}

QString known(const QJsonValue &v)
{
    if (v.isDouble())
        return QString::number(v.toDouble(), 'g', 10);
    const QString s = v.toString().trimmed();
    return s.startsWith(kNotStated) ? QString() : s;
}

void put(EnvironmentFacts &facts, const QString &field, const QString &value)
{
    if (!value.isEmpty())
        facts.insert(field, value);
}

QString cableText(const QJsonValue &v)
{
    if (v.isDouble())
        return u"%1 m"_s.arg(v.toDouble(), 0, 'g', 6);
    return known(v);
}

QJsonObject interfaceOf(const QJsonObject &env, const QString &name)
{
    if (name.isEmpty())
        return {};
    for (const QJsonValue &v : env.value(u"interfaces"_s).toArray())
        if (v.toObject().value(u"name"_s).toString() == name)
            return v.toObject();
    return {};
}

QString nicName(const StoredRun &run, bool client)
{
    const QString endpoint = client ? run.clientEndpoint : run.serverEndpoint;
    if (endpoint.contains(u'/'))
        return endpoint.section(u'/', 1);
    return run.record.params.value(u"interface"_s).toString();
}

// One end of a run: the agent's sysinfo and the inventory's NIC.
void runSide(EnvironmentFacts &f, const StoredRun &run, bool client)
{
    const QString side = client ? u"client"_s : u"server"_s;
    const QJsonObject env = client ? run.clientEnvironment : run.serverEnvironment;
    put(f, side + u" CPU"_s, env.value(u"cpu_model"_s).toString().simplified());
    const QString kernel = env.value(u"kernel"_s).toString(); // "Linux 6.1.0-18-amd64"
    put(f, side + u" OS"_s, kernel.section(u' ', 0, 0));
    put(f, side + u" kernel"_s, kernel.section(u' ', 1));
    const QJsonObject nic = interfaceOf(env, nicName(run, client));
    put(f, side + u" driver"_s, nic.value(u"driver"_s).toString());
    put(f, side + u" driver version"_s, nic.value(u"driver_version"_s).toString());
    put(f, side + u" firmware"_s, nic.value(u"firmware"_s).toString());
    for (const QJsonValue &v : run.inventoryPath) {
        const QJsonObject e = v.toObject();
        if (e.value(u"type"_s).toString() != u"nic"_s || e.value(u"role"_s).toString() != side + u"_nic"_s)
            continue;
        const QJsonObject a = e.value(u"attrs"_s).toObject();
        const QString model = (a.value(u"vendor"_s).toString() + u' ' + a.value(u"model"_s).toString()).trimmed();
        put(f, side + u" NIC"_s, model.isEmpty() ? a.value(u"chip"_s).toString() : model);
        // The inventory knows the driver where the agent did not report it.
        if (!f.contains(side + u" driver"_s))
            put(f, side + u" driver"_s, a.value(u"driver"_s).toString());
        if (!f.contains(side + u" firmware"_s))
            put(f, side + u" firmware"_s, a.value(u"firmware"_s).toString());
    }
}

QString offloadsText(const QJsonObject &offloads)
{
    QStringList parts;
    for (auto it = offloads.begin(); it != offloads.end(); ++it)
        parts << u"%1 %2"_s.arg(it.key(), it->toBool() ? u"on"_s : u"off"_s);
    return parts.join(u", "_s);
}

void baselineSide(EnvironmentFacts &f, const QJsonObject &e, const QString &side)
{
    put(f, side + u" CPU"_s, known(e.value(u"cpu"_s)));
    put(f, side + u" OS"_s, known(e.value(u"os"_s)));
    put(f, side + u" kernel"_s, known(e.value(u"kernel"_s)));
    put(f, side + u" NIC"_s, known(e.value(u"nic"_s)));
    put(f, side + u" driver"_s, known(e.value(u"driver"_s)));
    put(f, side + u" driver version"_s, known(e.value(u"driver_version"_s)));
    put(f, side + u" cable"_s, cableText(e.contains(u"cable_m"_s) ? e.value(u"cable_m"_s) : e.value(u"cable"_s)));
}

} // namespace

QString EnvironmentFieldDiff::describe(const QString &firstName, const QString &secondName) const
{
    switch (state) {
    case State::Same:
        return u"%1: %2 (same)"_s.arg(field, first);
    case State::Differs:
        return u"%1: %2 → %3"_s.arg(field, first, second);
    case State::UnknownFirst:
        return u"%1: not known for %2 (%3 has %4)"_s.arg(field, firstName, secondName, second);
    case State::UnknownSecond:
        return u"%1: not known for %2 (%3 has %4)"_s.arg(field, secondName, firstName, first);
    }
    return field;
}

const QStringList &environmentFactFields()
{
    static const QStringList fields = [] {
        QStringList f;
        for (const QString &side : {u"client"_s, u"server"_s})
            for (const QString &what : {u"CPU"_s, u"OS"_s, u"kernel"_s, u"NIC"_s, u"driver"_s, u"driver version"_s,
                                        u"firmware"_s, u"cable"_s})
                f << side + u' ' + what;
        f << u"link speed"_s << u"duplex"_s << u"MTU"_s << u"offloads"_s << u"switch"_s;
        return f;
    }();
    return fields;
}

EnvironmentFacts environmentFactsOfRun(const StoredRun &run)
{
    EnvironmentFacts f;
    runSide(f, run, true);
    runSide(f, run, false);
    QStringList switches;
    QList<double> cables;
    for (const QJsonValue &v : run.inventoryPath) {
        const QJsonObject e = v.toObject();
        const QJsonObject a = e.value(u"attrs"_s).toObject();
        const QString type = e.value(u"type"_s).toString();
        if (type == u"switch"_s) {
            const QString model = (a.value(u"vendor"_s).toString() + u' ' + a.value(u"model"_s).toString()).trimmed();
            const QString name = u"%1 (%2)"_s.arg(model.isEmpty() ? e.value(u"key"_s).toString() : model,
                                                   a.value(u"kind"_s).toString(u"switch"_s));
            if (!switches.contains(name))
                switches << name;
        } else if (type == u"cable"_s && a.contains(u"length_m"_s)) {
            cables << a.value(u"length_m"_s).toDouble();
        }
    }
    put(f, u"switch"_s, switches.join(u" + "_s));
    // The path runs client NIC → cable → switch … → cable → server NIC.
    if (!cables.isEmpty()) {
        put(f, u"client cable"_s, cableText(cables.first()));
        put(f, u"server cable"_s, cableText(cables.last()));
    }
    const QJsonObject nic = interfaceOf(run.clientEnvironment, nicName(run, true));
    const QJsonObject other = interfaceOf(run.serverEnvironment, nicName(run, false));
    put(f, u"link speed"_s, speedText(runLinkSpeedBps(run)));
    put(f, u"duplex"_s, nic.value(u"duplex"_s).toString(other.value(u"duplex"_s).toString()));
    const QJsonValue mtu = nic.contains(u"mtu"_s) ? nic.value(u"mtu"_s) : other.value(u"mtu"_s);
    if (mtu.isDouble())
        put(f, u"MTU"_s, QString::number(mtu.toInt()));
    put(f, u"offloads"_s, offloadsText(nic.value(u"offloads"_s).toObject()));
    return f;
}

EnvironmentFacts environmentFactsOfBaseline(const Baseline &baseline)
{
    EnvironmentFacts f;
    const QJsonObject env = baseline.hardware.value(u"environment"_s).toObject();
    baselineSide(f, env.value(u"client"_s).toObject(), u"client"_s);
    baselineSide(f, env.value(u"server"_s).toObject(), u"server"_s);
    const QJsonObject sw = env.value(u"switch"_s).toObject();
    const QString model = known(sw.value(u"model"_s));
    const QString kind = known(sw.value(u"kind"_s));
    if (!model.isEmpty() || !kind.isEmpty())
        put(f, u"switch"_s, model.isEmpty() ? u"%1 (model not stated)"_s.arg(kind)
                                             : u"%1 (%2)"_s.arg(model, kind.isEmpty() ? u"switch"_s : kind));
    put(f, u"MTU"_s, known(env.value(u"mtu"_s)));
    const QJsonObject link = baseline.hardware.value(u"link"_s).toObject();
    put(f, u"link speed"_s, speedText(baselineLinkSpeedBps(baseline)));
    put(f, u"duplex"_s, known(link.value(u"duplex"_s)));
    return f;
}

QList<EnvironmentFieldDiff> diffEnvironmentFacts(const EnvironmentFacts &first, const EnvironmentFacts &second)
{
    QList<EnvironmentFieldDiff> out;
    for (const QString &field : environmentFactFields()) {
        const QString a = first.value(field);
        const QString b = second.value(field);
        if (a.isEmpty() && b.isEmpty())
            continue;
        EnvironmentFieldDiff d{field, a, b, EnvironmentFieldDiff::State::Same};
        if (a.isEmpty())
            d.state = EnvironmentFieldDiff::State::UnknownFirst;
        else if (b.isEmpty())
            d.state = EnvironmentFieldDiff::State::UnknownSecond;
        else if (a.compare(b, Qt::CaseInsensitive) != 0)
            d.state = EnvironmentFieldDiff::State::Differs;
        out.append(d);
    }
    return out;
}

double runLinkSpeedBps(const StoredRun &run)
{
    for (const auto &[env, client] : {std::pair{&run.clientEnvironment, true}, std::pair{&run.serverEnvironment, false}}) {
        const QJsonObject nic = interfaceOf(*env, nicName(run, client));
        const double mbps = nic.value(u"speed_mbps"_s).toDouble();
        if (mbps > 0)
            return mbps * 1e6;
    }
    return 0;
}

QString linkClassName(LinkInfo::Class c)
{
    switch (c) {
    case LinkInfo::Class::Loopback:
        return u"loopback"_s;
    case LinkInfo::Class::Virtual:
        return u"virtual"_s;
    case LinkInfo::Class::Physical:
        return u"physical"_s;
    case LinkInfo::Class::Unknown:
        break;
    }
    return u"unknown"_s;
}

QString LinkInfo::shortLabel() const
{
    if (linkClass == Class::Physical && speedBps > 0)
        return speedText(speedBps);
    return linkClass == Class::Unknown ? u"link not known"_s : linkClassName(linkClass);
}

QString LinkInfo::label() const
{
    switch (linkClass) {
    case Class::Loopback:
        return u"loopback, no wire"_s;
    case Class::Virtual:
        return detail.isEmpty() ? u"virtual link, no wire"_s : u"virtual link (%1), no wire"_s.arg(detail);
    case Class::Physical: {
        QString s = u"physical"_s;
        if (speedBps > 0)
            s += u' ' + speedText(speedBps);
        if (!duplex.isEmpty())
            s += u' ' + duplex + u" duplex"_s;
        return s;
    }
    case Class::Unknown:
        break;
    }
    return u"link not known"_s;
}

LinkInfo linkOfRun(const StoredRun &run)
{
    static const QStringList virtualDrivers{u"veth"_s, u"bridge"_s, u"virtio_net"_s, u"virtio"_s, u"tun"_s, u"tap"_s,
                                            u"dummy"_s, u"macvlan"_s, u"ipvlan"_s, u"vxlan"_s, u"vrf"_s, u"bonding"_s};
    LinkInfo link;
    // What the recorder kept with the run, when it did.
    if (const QJsonObject stored = run.record.extra.value(u"link"_s).toObject(); !stored.isEmpty()) {
        const QString c = stored.value(u"class"_s).toString();
        link.linkClass = c == u"loopback"_s ? LinkInfo::Class::Loopback
            : c == u"virtual"_s             ? LinkInfo::Class::Virtual
            : c == u"physical"_s            ? LinkInfo::Class::Physical
                                            : LinkInfo::Class::Unknown;
        link.speedBps = stored.value(u"speed_bps"_s).toDouble();
        link.duplex = stored.value(u"duplex"_s).toString();
        link.detail = stored.value(u"detail"_s).toString();
        return link;
    }
    const QString serverAddress = run.record.extra.value(u"server_address"_s).toString();
    if (RunHardware::isLoopbackAddress(serverAddress)) {
        link.linkClass = LinkInfo::Class::Loopback;
        link.detail = u"lo"_s;
        return link;
    }
    for (bool client : {true, false}) {
        QString name = nicName(run, client);
        const QJsonObject &env = client ? run.clientEnvironment : run.serverEnvironment;
        // No NIC named: the server's interface that holds the address the
        // test connected to.
        if (name.isEmpty() && !client && !serverAddress.isEmpty())
            for (const QJsonValue &v : env.value(u"interfaces"_s).toArray())
                if (v.toObject().value(u"addresses"_s).toArray().contains(QJsonValue(serverAddress)))
                    name = v.toObject().value(u"name"_s).toString();
        const QJsonObject nic = interfaceOf(env, name);
        const QString driver = nic.value(u"driver"_s).toString();
        if (name == u"lo"_s || driver == u"loopback"_s) {
            link.linkClass = LinkInfo::Class::Loopback;
            link.detail = name;
            return link;
        }
        if (name.isEmpty() || nic.isEmpty())
            continue;
        if (virtualDrivers.contains(driver) || name.startsWith(u"veth"_s) || name.startsWith(u"br"_s)
            || name.startsWith(u"virbr"_s) || name.startsWith(u"docker"_s)) {
            link.linkClass = LinkInfo::Class::Virtual;
            link.detail = driver.isEmpty() ? name : driver;
            return link;
        }
        link.linkClass = LinkInfo::Class::Physical;
        link.detail = driver.isEmpty() ? name : driver;
        link.speedBps = nic.value(u"speed_mbps"_s).toDouble() > 0 ? nic.value(u"speed_mbps"_s).toDouble() * 1e6 : 0;
        link.duplex = nic.value(u"duplex"_s).toString();
        if (link.duplex == u"unknown"_s)
            link.duplex.clear();
        return link;
    }
    return link;
}

LinkInfo linkOfBaseline(const Baseline &baseline)
{
    LinkInfo link;
    const QJsonObject l = baseline.hardware.value(u"link"_s).toObject();
    link.speedBps = baselineLinkSpeedBps(baseline);
    link.duplex = known(l.value(u"duplex"_s));
    const QString medium = known(l.value(u"medium"_s));
    if (link.speedBps > 0 || !medium.isEmpty()) {
        link.linkClass = LinkInfo::Class::Physical;
        link.detail = medium;
    }
    return link;
}

double baselineLinkSpeedBps(const Baseline &baseline)
{
    const QJsonValue v = baseline.hardware.value(u"link"_s).toObject().value(u"speed_bps"_s);
    return v.isDouble() && v.toDouble() > 0 ? v.toDouble() : 0;
}

int ipVersionOfRun(const StoredRun &run)
{
    const QJsonObject &x = run.record.extra;
    if (const int v = x.value(u"ip_version"_s).toInt(); v == 4 || v == 6)
        return v;
    for (const QString &a : {x.value(u"bound_address"_s).toString(),
                             x.value(u"server"_s).toObject().value(u"bound_address"_s).toString(),
                             x.value(u"server_address"_s).toString()}) {
        if (a.isEmpty())
            continue;
        // IPv6 literals have colons; ::ffff:a.b.c.d is IPv4 on the wire.
        const bool mapped = a.startsWith(u"::ffff:"_s, Qt::CaseInsensitive) && a.contains(u'.');
        return a.contains(u':') && !mapped ? 6 : 4;
    }
    return 4;
}

int runMtu(const StoredRun &run)
{
    for (bool client : {true, false})
        if (const int mtu = interfaceOf(client ? run.clientEnvironment : run.serverEnvironment, nicName(run, client))
                                .value(u"mtu"_s)
                                .toInt();
            mtu > 0)
            return mtu;
    return 0;
}

double theoreticalCeiling(const QString &metric, const QString &kind, const QJsonObject &params, double linkBps,
                          int frameBytes, int ipVersion, int mtuBytes)
{
    if (linkBps <= 0)
        return 0;
    const int mtu = mtuBytes > 0 ? std::min(mtuBytes, ethernet::mtuForFrame(ethernet::kMaxJumboFrameBytes)) : 1500;
    const int maxFrame = ethernet::maxFrameForMtu(mtu);
    const bool udp = kind == u"udp_stream"_s;
    const bool tcp = kind == u"tcp_stream"_s || kind == u"file_transfer"_s;
    const bool packets = kind == u"packet_rate"_s || kind == u"forwarding"_s || kind == u"soak"_s
                         || kind == u"rfc2544"_s;
    if (frameBytes <= 0) {
        if (params.contains(u"frame_size_bytes"_s))
            frameBytes = params.value(u"frame_size_bytes"_s).toInt();
        else if ((udp || packets) && params.contains(u"message_size_bytes"_s))
            frameBytes = ethernet::frameForUdpPayload(params.value(u"message_size_bytes"_s).toInt(), ipVersion);
    }
    if (metric == u"throughput_bps"_s) {
        if (tcp) // full-size frames, TCP without options
            return ethernet::tcpGoodputBps(linkBps, mtu, ipVersion);
        if (udp && params.contains(u"message_size_bytes"_s)) {
            const int payload = params.value(u"message_size_bytes"_s).toInt();
            if (payload > 0 && payload <= maxFrame - ethernet::udpOverheadBytes(ipVersion))
                return ethernet::udpGoodputForPayloadBps(linkBps, payload, ipVersion);
        }
        return 0;
    }
    if ((metric == u"packets_per_s"_s || metric == u"forwarded_packets_per_s"_s) && frameBytes > 0
        && frameBytes <= maxFrame)
        return ethernet::maxFrameRate(linkBps, frameBytes);
    return 0;
}

double baselineCeiling(const Baseline &baseline, const QString &metric)
{
    const QJsonObject link = baseline.hardware.value(u"link"_s).toObject();
    return theoreticalCeiling(metric, baseline.record.kind, baseline.record.params, baselineLinkSpeedBps(baseline),
                              link.value(u"frame_bytes"_s).toInt());
}

} // namespace wb
