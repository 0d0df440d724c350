// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A cable with its category and length: the seeds compare 1 m to 65 m runs,
// so length is a first-class attribute. A value type; the store keeps it.

#include <QDateTime>
#include <QJsonObject>
#include <QString>

#include <optional>

namespace wb {

struct Cable
{
    qint64 id = 0;
    QString label;    // unique in a lab, e.g. "C7"
    QString category; // "cat5", "cat5e", "crossover", ...
    std::optional<double> lengthM;
    QString notes;
    QDateTime created;
    QDateTime changed;

    QJsonObject toJson() const;
    static std::optional<Cable> fromJson(const QJsonObject &json, const QString &where, QString *error);
    bool sameAttributes(const Cable &other) const;
};

} // namespace wb
