// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A lab host as the inventory knows it: where to reach it over SSH, where its
// agent lives and what hardware it is. A value type; the store keeps it.

#include <QDateTime>
#include <QJsonObject>
#include <QString>

#include <optional>

namespace wb {

struct Host
{
    qint64 id = 0; // database id, 0 while not stored
    QString name;  // unique in a lab
    QString address;
    int sshPort = 22;
    QString sshUser;
    QString sshKeyPath;
    QString agentPath;
    QString cpu;
    qint64 memoryBytes = 0;
    QString os;
    QString notes;
    QDateTime created;
    QDateTime changed;

    // The lab-file fields (docs/lab-format.md); no id, no times.
    QJsonObject toJson() const;
    // `where` prefixes error messages, e.g. "lab.json: hosts[2]".
    static std::optional<Host> fromJson(const QJsonObject &json, const QString &where, QString *error);
    // Same attributes, ignoring id and times.
    bool sameAttributes(const Host &other) const;
};

} // namespace wb
