// SPDX-License-Identifier: GPL-3.0-or-later
#include "nicdiscovery.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace wb {

DiscoveredHost discoverFromSysinfo(const QJsonObject &sysinfo, const Host &base)
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

    for (const QJsonValue &v : sysinfo.value(u"interfaces"_s).toArray()) {
        const QJsonObject i = v.toObject();
        const QString name = i.value(u"name"_s).toString();
        const QString mac = i.value(u"mac"_s).toString();
        if (name.isEmpty() || name == u"lo"_s || mac.isEmpty() || mac == u"00:00:00:00:00:00"_s)
            continue;
        Nic n;
        n.hostName = base.name;
        n.hostId = base.id;
        n.interfaceName = name;
        n.driver = i.value(u"driver"_s).toString();
        n.driverVersion = i.value(u"driver_version"_s).toString();
        n.firmware = i.value(u"firmware"_s).toString();
        n.bus = i.value(u"bus"_s).toString();
        n.mac = mac;
        const double mbps = i.value(u"speed_mbps"_s).toDouble();
        if (mbps > 0)
            n.maxSpeedBps = qint64(mbps * 1e6);
        n.chip = n.driver; // the driver names the chip family until the user says more
        d.nics.append(n);
    }
    return d;
}

} // namespace wb
