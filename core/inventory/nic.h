// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A network interface card of a host: the hardware and driver facts results
// are grouped by. A value type; the store keeps it.

#include <QDateTime>
#include <QJsonObject>
#include <QString>

#include <optional>

namespace wb {

struct Nic
{
    qint64 id = 0;
    qint64 hostId = 0;
    QString hostName;      // the owning host's name (the key in lab files)
    QString interfaceName; // unique per host, e.g. "eth0"
    QString vendor;
    QString model;
    QString chip;
    QString driver;
    QString driverVersion;
    QString firmware;
    QString bus;
    QString mac;
    qint64 maxSpeedBps = 0;
    QString duplex; // "full", "half", or empty when not known
    int mtu = 0;    // bytes (1500, 9000 for jumbo frames); 0 when not known
    QString notes;
    QDateTime created;
    QDateTime changed;

    // "host/interface": how lab files and snapshots name a NIC.
    QString key() const { return hostName + u'/' + interfaceName; }
    QJsonObject toJson() const; // without host (it nests under its host)
    static std::optional<Nic> fromJson(const QJsonObject &json, const QString &hostName, const QString &where,
                                       QString *error);
    bool sameAttributes(const Nic &other) const;
    // "full", "half" or empty (not known): what a lab file and the store take.
    static bool isValidDuplex(const QString &duplex);
    // 0 (not known) or 68..65536, what Linux allows an interface.
    static bool isValidMtu(qint64 mtu);
};

} // namespace wb
