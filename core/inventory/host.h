// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A lab host as the inventory knows it: where to reach it over SSH (on a
// management network when sshAddress is set), where its test traffic goes
// (address, its data network), where its agent lives and what hardware it
// is. A value type; the store keeps it. Plans refer to hosts by name and take
// these settings (core/run/planhosts.h).

#include <QDateTime>
#include <QJsonObject>
#include <QString>

#include <optional>

namespace wb {

struct Host
{
    qint64 id = 0; // database id, 0 while not stored
    QString name;  // unique in a lab
    QString address;       // data address (test traffic); empty: the name
    QString sshAddress;    // management address SSH uses; empty: address (or ~/.ssh/config)
    int sshPort = 22;
    QString sshUser;
    QString sshKeyPath;
    QString jumpHost;      // ProxyJump: [user@]host[:port]; empty: none (or ~/.ssh/config)
    int dataPortMin = 0;   // listening data ports come from this range (for a lab
    int dataPortMax = 0;   // firewall); 0/0: any free port
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
    // [user@]host[:port]: one ProxyJump hop, safe for an ssh command line.
    static bool isValidJumpHost(const QString &jump);
};

} // namespace wb
