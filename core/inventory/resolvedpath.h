// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The wire between the two NICs of a test as the inventory describes it:
// NIC -> cable -> switch port -> switch -> ... -> NIC, with what went
// wrong when it could not be told (a NIC not wired, several routes, no NIC
// named). PathResolver makes it; runs keep its JSON form, the Plans page
// and the CLI show its text form.

#include "networkswitch.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace wb {

struct ResolvedPath
{
    enum class Status {
        Ok,             // one route
        Ambiguous,      // several routes; hops is the shortest
        NotWired,       // a NIC has no link
        NoRoute,        // both wired, nothing joins them
        NoNicNamed,     // an end names a host with several NICs but no NIC
        NotInInventory, // an end's host or NIC is not in the inventory
    };

    struct Hop
    {
        enum class Kind { Nic, Cable, Switch };
        Kind kind = Kind::Nic;
        QString key;                   // NIC "host/interface", cable label or switch name
        std::optional<double> lengthM; // a cable's
        SwitchKind switchKind = SwitchKind::Unknown;
        int inPort = 0;                // a switch's ports towards the client and the server end
        int outPort = 0;
        qint64 maxSpeedBps = 0;        // a NIC's rated speed

        QString text() const; // "Star/eth1", "cable-star · 1 m", "FS108 ports 5/1"
    };

    Status status = Status::NotInInventory;
    QString message;  // one sentence naming the NIC or host; empty when Ok
    QStringList notes; // what was assumed (the only NIC of a host taken)
    int routes = 0;
    QString clientNic; // keys of the ends, when known
    QString serverNic;
    QList<Hop> hops; // empty unless Ok or Ambiguous

    bool hasHops() const { return !hops.isEmpty(); }
    QStringList switches() const; // in path order
    QStringList cables() const;
    bool crossesHub() const;
    // The slowest NIC's rated speed; 0 when a NIC's is not known.
    qint64 ratedSpeedBps() const;
    // "Star/eth1 → cable-star · 1 m → hub ports 5/1 → cable-zeus · 1 m → Zeus/eth0",
    // or the message when there is no path.
    QString text() const;
    // Every warning (message and notes) as sentences.
    QStringList warnings() const;

    QJsonObject toJson() const;
    static ResolvedPath fromJson(const QJsonObject &json);
};

QString resolvedPathStatusName(ResolvedPath::Status status); // "ok", "ambiguous", "not-wired", ...
std::optional<ResolvedPath::Status> resolvedPathStatusFromName(const QString &name);

} // namespace wb
