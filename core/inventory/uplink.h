// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A cable between two switches (or hubs): switch port -> cable -> switch
// port. Paths between NICs on different switches cross these. Natural keys
// (switch names, cable label) so lab files need no ids.

#include <QDateTime>
#include <QJsonObject>
#include <QString>

#include <optional>

namespace wb {

struct Uplink
{
    qint64 id = 0;
    qint64 switchId = 0;
    QString switchName;
    int switchPort = 0; // 0 = not recorded
    qint64 cableId = 0;
    QString cableLabel;
    qint64 peerSwitchId = 0;
    QString peerSwitchName;
    int peerSwitchPort = 0;
    QString notes;
    QDateTime created;
    QDateTime changed;

    // The port of this uplink on `switchName` (either end); 0 when not recorded.
    int portOn(const QString &name) const { return name == switchName ? switchPort : peerSwitchPort; }
    QString otherEnd(const QString &name) const { return name == switchName ? peerSwitchName : switchName; }

    QJsonObject toJson() const;
    static std::optional<Uplink> fromJson(const QJsonObject &json, const QString &where, QString *error);
    bool sameAttributes(const Uplink &other) const;
};

} // namespace wb
