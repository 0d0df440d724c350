// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// How a NIC is wired: NIC -> cable -> switch port, or NIC -> cable -> NIC
// (crossover). Carries both database ids and the natural keys (NIC
// "host/interface", cable label, switch name) so lab files need no ids.

#include <QDateTime>
#include <QJsonObject>
#include <QString>

#include <optional>

namespace wb {

struct Link
{
    qint64 id = 0;
    qint64 nicId = 0;
    QString nicKey; // "host/interface"
    qint64 cableId = 0;
    QString cableLabel;
    qint64 switchId = 0; // 0 for a crossover
    QString switchName;
    int switchPort = 0; // 0 = not recorded
    qint64 peerNicId = 0; // 0 unless crossover
    QString peerNicKey;
    QString notes;
    QDateTime created;
    QDateTime changed;

    bool isCrossover() const { return switchId == 0 && switchName.isEmpty(); }
    QJsonObject toJson() const;
    static std::optional<Link> fromJson(const QJsonObject &json, const QString &where, QString *error);
    bool sameAttributes(const Link &other) const;
};

} // namespace wb
