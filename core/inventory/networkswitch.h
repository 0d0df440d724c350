// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A switch or hub in the lab, with the forwarding kind and rated latency the
// comparisons are about. A value type; the store keeps it.

#include <QDateTime>
#include <QJsonObject>
#include <QString>

#include <optional>

namespace wb {

enum class SwitchKind { Unknown, Hub, StoreAndForward, CutThrough };

QString switchKindName(SwitchKind kind); // "hub", "store-and-forward", "cut-through", "unknown"
std::optional<SwitchKind> switchKindFromName(const QString &name);

struct NetworkSwitch
{
    qint64 id = 0;
    QString name; // unique in a lab, e.g. "fs108-a"
    QString vendor;
    QString model;
    SwitchKind kind = SwitchKind::Unknown;
    std::optional<double> ratedLatencyUs;
    int ports = 0;
    QString notes;
    QDateTime created;
    QDateTime changed;

    QJsonObject toJson() const;
    static std::optional<NetworkSwitch> fromJson(const QJsonObject &json, const QString &where, QString *error);
    bool sameAttributes(const NetworkSwitch &other) const;
};

} // namespace wb
