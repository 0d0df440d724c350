// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Small typed readers for lab-file fields: each one checks the JSON type and
// reports the exact field ("lab.json: hosts[1].ssh_port must be a number").
// Shared by the inventory value types only.

#include <QJsonObject>
#include <QJsonValue>
#include <QString>

#include <cmath>
#include <optional>

namespace wb::jsonfields {

// Optional string: absent or null gives an empty string.
inline bool readString(const QJsonObject &o, const QString &key, const QString &where, QString *out, QString *error,
                       bool required = false)
{
    const QJsonValue v = o.value(key);
    if (v.isUndefined() || v.isNull()) {
        if (required) {
            if (error)
                *error = QStringLiteral("%1.%2 is missing").arg(where, key);
            return false;
        }
        out->clear();
        return true;
    }
    if (!v.isString()) {
        if (error)
            *error = QStringLiteral("%1.%2 must be a string").arg(where, key);
        return false;
    }
    *out = v.toString();
    if (required && out->trimmed().isEmpty()) {
        if (error)
            *error = QStringLiteral("%1.%2 must not be empty").arg(where, key);
        return false;
    }
    return true;
}

inline bool readOptionalNumber(const QJsonObject &o, const QString &key, const QString &where,
                               std::optional<double> *out, QString *error, double min = 0)
{
    const QJsonValue v = o.value(key);
    if (v.isUndefined() || v.isNull()) {
        out->reset();
        return true;
    }
    if (!v.isDouble() || !std::isfinite(v.toDouble()) || v.toDouble() < min) {
        if (error)
            *error = QStringLiteral("%1.%2 must be a number >= %3").arg(where, key).arg(min);
        return false;
    }
    *out = v.toDouble();
    return true;
}

template<typename Int>
bool readInteger(const QJsonObject &o, const QString &key, const QString &where, Int *out, QString *error,
                 double min, double max)
{
    const QJsonValue v = o.value(key);
    if (v.isUndefined() || v.isNull())
        return true; // keep the default
    const double d = v.toDouble(-1e300);
    if (!v.isDouble() || d != std::floor(d) || d < min || d > max) {
        if (error)
            *error = QStringLiteral("%1.%2 must be a whole number from %3 to %4").arg(where, key).arg(min).arg(max);
        return false;
    }
    *out = static_cast<Int>(d);
    return true;
}

inline void putString(QJsonObject &o, const QString &key, const QString &value)
{
    if (!value.isEmpty())
        o.insert(key, value);
}

} // namespace wb::jsonfields
