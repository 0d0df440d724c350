// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A whole lab: hosts with their NICs, switches, cables, links and the
// uplinks between switches. This is
// the in-memory form of a lab file (docs/lab-format.md) and what the store
// imports and exports; lookups are by natural key.

#include "cable.h"
#include "host.h"
#include "link.h"
#include "networkswitch.h"
#include "nic.h"
#include "uplink.h"

#include <QByteArray>
#include <QList>

namespace wb {

struct Inventory
{
    QList<Host> hosts;
    QList<Nic> nics;
    QList<NetworkSwitch> switches;
    QList<Cable> cables;
    QList<Link> links;
    QList<Uplink> uplinks; // switch to switch

    static constexpr int kFormatVersion = 1;

    bool isEmpty() const;
    const Host *host(const QString &name) const;
    const Nic *nic(const QString &key) const;
    const NetworkSwitch *networkSwitch(const QString &name) const;
    const Cable *cable(const QString &label) const;
    // The port numbers the links and uplinks of a switch use, ascending
    // (those without a recorded port are not in it).
    QList<int> portsInUse(const QString &switchName) const;
    // What a valid lab may still get wrong, one sentence each naming the
    // link or uplink, switch and port: a port beyond the switch's port
    // count, two links on one port. A lab with warnings still loads;
    // nothing is lost.
    QStringList warnings() const;

    QJsonObject toJson() const;
    // Validates the whole file: unknown format/version, missing or duplicate
    // names, links to objects that are not in the file. `source` (a file
    // name) starts each error message.
    static std::optional<Inventory> fromJson(const QJsonObject &json, const QString &source, QString *error);
    static std::optional<Inventory> fromFile(const QString &path, QString *error);
    bool saveToFile(const QString &path, QString *error) const;
};

} // namespace wb
