// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Options several commands filter runs by, parsed one way: dates
// (--since/--until as YYYY-MM-DD or ISO 8601) and --param NAME=VALUE.

#include "clistore.h"

#include <QDateTime>
#include <QJsonObject>

namespace wb::cli {

// Takes `option` DATE out of args into *when (left invalid when absent).
inline bool takeDate(QStringList &args, const QString &option, QDateTime *when, QString *error)
{
    QString v;
    if (!takeOption(args, option, &v, error))
        return false;
    if (v.isEmpty())
        return true;
    QDateTime t = QDateTime::fromString(v, Qt::ISODate);
    if (!t.isValid()) {
        const QDate d = QDate::fromString(v, Qt::ISODate);
        if (d.isValid())
            t = d.startOfDay(Qt::UTC);
    }
    if (!t.isValid()) {
        *error = QStringLiteral("%1 '%2' is not a date (YYYY-MM-DD or ISO 8601)").arg(option, v);
        return false;
    }
    *when = t;
    return true;
}

// Takes every --param NAME=VALUE out of args (a number when VALUE reads as one).
inline bool takeParams(QStringList &args, QJsonObject *params, QString *error)
{
    for (;;) {
        QString v;
        if (!takeOption(args, QStringLiteral("--param"), &v, error))
            return false;
        if (v.isEmpty())
            return true;
        const qsizetype eq = v.indexOf(u'=');
        if (eq <= 0) {
            *error = QStringLiteral("--param takes NAME=VALUE, not '%1'").arg(v);
            return false;
        }
        bool isNumber = false;
        const double number = v.mid(eq + 1).toDouble(&isNumber);
        params->insert(v.left(eq), isNumber ? QJsonValue(number) : QJsonValue(v.mid(eq + 1)));
    }
}

} // namespace wb::cli
