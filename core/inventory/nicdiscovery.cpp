// SPDX-License-Identifier: GPL-3.0-or-later
#include "nicdiscovery.h"

#include <QJsonArray>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace wb {

namespace {

// An agent older than the `virtual` member: what the old discovery left
// out (loopback, interfaces without a MAC) still is; the rest is shown.
bool isVirtual(const QJsonObject &i, QString *kind)
{
    if (i.contains(u"virtual"_s)) {
        *kind = i.value(u"virtual_kind"_s).toString();
        return i.value(u"virtual"_s).toBool();
    }
    const QString mac = i.value(u"mac"_s).toString();
    if (i.value(u"name"_s).toString() == u"lo"_s)
        *kind = u"loopback"_s;
    else if (mac.isEmpty() || mac == u"00:00:00:00:00:00"_s)
        *kind = u"no MAC"_s;
    return !kind->isEmpty();
}

QString duplexOf(const QJsonObject &i)
{
    const QString d = i.value(u"duplex"_s).toString().toLower();
    return d == u"full"_s || d == u"half"_s ? d : QString();
}

} // namespace

bool interfaceNameLess(const QString &a, const QString &b)
{
    // Natural order: runs of digits compare by value.
    qsizetype i = 0, j = 0;
    while (i < a.size() && j < b.size()) {
        if (a.at(i).isDigit() && b.at(j).isDigit()) {
            qsizetype ei = i, ej = j;
            while (ei < a.size() && a.at(ei).isDigit())
                ++ei;
            while (ej < b.size() && b.at(ej).isDigit())
                ++ej;
            const QStringView na = QStringView(a).mid(i, ei - i), nb = QStringView(b).mid(j, ej - j);
            // Without leading zeros the longer run is the larger number.
            qsizetype za = 0, zb = 0;
            while (za < na.size() - 1 && na.at(za) == u'0')
                ++za;
            while (zb < nb.size() - 1 && nb.at(zb) == u'0')
                ++zb;
            const QStringView va = na.mid(za), vb = nb.mid(zb);
            if (va.size() != vb.size())
                return va.size() < vb.size();
            if (const int c = va.compare(vb); c != 0)
                return c < 0;
            i = ei;
            j = ej;
            continue;
        }
        if (a.at(i) != b.at(j))
            return a.at(i) < b.at(j);
        ++i;
        ++j;
    }
    if ((a.size() - i) != (b.size() - j))
        return (a.size() - i) < (b.size() - j);
    return a < b;
}

DiscoveredHost discoverFromSysinfo(const QJsonObject &sysinfo, const Host &base, const DiscoveryOptions &options)
{
    DiscoveredHost d;
    d.host = base;
    const QString cpu = sysinfo.value(u"cpu_model"_s).toString();
    const int cpus = sysinfo.value(u"cpus"_s).toInt();
    if (!cpu.isEmpty())
        d.host.cpu = cpus > 0 ? u"%1 × %2"_s.arg(cpus).arg(cpu) : cpu;
    // toInteger(): the agent's figure may be anything (1e300 would overflow a cast).
    if (sysinfo.value(u"memory_bytes"_s).toDouble() > 0)
        d.host.memoryBytes = sysinfo.value(u"memory_bytes"_s).toInteger();
    const QString kernel = sysinfo.value(u"kernel"_s).toString();
    if (!kernel.isEmpty())
        d.host.os = kernel;

    QList<std::pair<Nic, DiscoveredLink>> found;
    for (const QJsonValue &v : sysinfo.value(u"interfaces"_s).toArray()) {
        const QJsonObject i = v.toObject();
        const QString name = i.value(u"name"_s).toString();
        if (name.isEmpty())
            continue;
        QString kind;
        const bool software = isVirtual(i, &kind);
        if (software && !options.includeVirtual) {
            d.leftOut.append(kind.isEmpty() ? name : u"%1 (%2)"_s.arg(name, kind));
            continue;
        }
        const QString mac = i.value(u"mac"_s).toString();
        Nic n;
        n.hostName = base.name;
        n.hostId = base.id;
        n.interfaceName = name;
        n.driver = i.value(u"driver"_s).toString();
        n.driverVersion = i.value(u"driver_version"_s).toString();
        n.firmware = i.value(u"firmware"_s).toString();
        n.bus = i.value(u"bus"_s).toString();
        // Loopback and tunnels have an all-zero address: no MAC rather than a false one.
        n.mac = mac == u"00:00:00:00:00:00"_s ? QString() : mac;
        const double mbps = i.value(u"speed_mbps"_s).toDouble();
        if (mbps > 0 && mbps < 1e7) // up to 10 Tbit/s; anything else is not a link speed
            n.maxSpeedBps = qint64(mbps * 1e6);
        n.duplex = duplexOf(i); // "unknown" (a link that is down) is not known
        if (const int mtu = i.value(u"mtu"_s).toInt(); Nic::isValidMtu(mtu))
            n.mtu = mtu;
        n.chip = n.driver; // the driver names the chip family until the user says more
        DiscoveredLink link;
        link.interfaceName = name;
        link.operstate = i.value(u"operstate"_s).toString();
        link.virtualKind = software ? kind : QString();
        found.append({n, link});
    }
    std::stable_sort(found.begin(), found.end(), [](const auto &x, const auto &y) {
        return interfaceNameLess(x.first.interfaceName, y.first.interfaceName);
    });
    for (const auto &[n, link] : std::as_const(found)) {
        d.nics.append(n);
        d.links.append(link);
    }
    std::sort(d.leftOut.begin(), d.leftOut.end(), interfaceNameLess);
    return d;
}

} // namespace wb
