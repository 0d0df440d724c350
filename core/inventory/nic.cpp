// SPDX-License-Identifier: GPL-3.0-or-later
#include "nic.h"

#include "jsonfields.h"

using namespace Qt::StringLiterals;

namespace wb {

QJsonObject Nic::toJson() const
{
    using jsonfields::putString;
    QJsonObject o;
    o.insert(u"interface"_s, interfaceName);
    putString(o, u"vendor"_s, vendor);
    putString(o, u"model"_s, model);
    putString(o, u"chip"_s, chip);
    putString(o, u"driver"_s, driver);
    putString(o, u"driver_version"_s, driverVersion);
    putString(o, u"firmware"_s, firmware);
    putString(o, u"bus"_s, bus);
    putString(o, u"mac"_s, mac);
    if (maxSpeedBps > 0)
        o.insert(u"max_speed_bps"_s, double(maxSpeedBps));
    putString(o, u"duplex"_s, duplex);
    if (mtu > 0)
        o.insert(u"mtu"_s, mtu);
    putString(o, u"notes"_s, notes);
    return o;
}

std::optional<Nic> Nic::fromJson(const QJsonObject &json, const QString &host, const QString &where, QString *error)
{
    using namespace jsonfields;
    Nic n;
    n.hostName = host;
    qint64 mtu = 0;
    if (!readString(json, u"interface"_s, where, &n.interfaceName, error, true) ||
        !readString(json, u"vendor"_s, where, &n.vendor, error) ||
        !readString(json, u"model"_s, where, &n.model, error) || !readString(json, u"chip"_s, where, &n.chip, error) ||
        !readString(json, u"driver"_s, where, &n.driver, error) ||
        !readString(json, u"driver_version"_s, where, &n.driverVersion, error) ||
        !readString(json, u"firmware"_s, where, &n.firmware, error) ||
        !readString(json, u"bus"_s, where, &n.bus, error) || !readString(json, u"mac"_s, where, &n.mac, error) ||
        !readInteger(json, u"max_speed_bps"_s, where, &n.maxSpeedBps, error, 0, 9.0e15) ||
        !readString(json, u"duplex"_s, where, &n.duplex, error) ||
        !readInteger(json, u"mtu"_s, where, &mtu, error, 0, 65536) ||
        !readString(json, u"notes"_s, where, &n.notes, error))
        return std::nullopt;
    if (!isValidDuplex(n.duplex)) {
        if (error)
            *error = u"%1.duplex '%2' must be \"full\" or \"half\" (leave it out when not known)"_s.arg(where,
                                                                                                       n.duplex);
        return std::nullopt;
    }
    if (!isValidMtu(mtu)) {
        if (error)
            *error = u"%1.mtu %2 must be from 68 to 65536 bytes (leave it out when not known)"_s.arg(where).arg(mtu);
        return std::nullopt;
    }
    n.mtu = int(mtu);
    return n;
}

bool Nic::sameAttributes(const Nic &o) const
{
    return hostName == o.hostName && interfaceName == o.interfaceName && vendor == o.vendor && model == o.model &&
           chip == o.chip && driver == o.driver && driverVersion == o.driverVersion && firmware == o.firmware &&
           bus == o.bus && mac == o.mac && maxSpeedBps == o.maxSpeedBps && duplex == o.duplex && mtu == o.mtu &&
           notes == o.notes;
}

bool Nic::isValidMtu(qint64 m)
{
    return m == 0 || (m >= 68 && m <= 65536);
}

bool Nic::isValidDuplex(const QString &d)
{
    return d.isEmpty() || d == u"full"_s || d == u"half"_s;
}

} // namespace wb
