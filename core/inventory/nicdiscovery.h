// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Turns an agent's sysinfo into inventory records: the host's CPU, memory
// and kernel, and one NIC per interface a lab can cable up, with driver,
// version, firmware, bus, MAC, link speed and duplex, sorted by interface
// name (eth2 before eth10). Software interfaces (loopback, veth, bridges,
// docker, tun/tap, ifb, ...) are left out unless asked for: which ones
// they are is the agent's verdict (its sysinfo's `virtual`, see
// agents/interfaceclass.h), not decided again here. Used by `inventory
// discover` and the Inventory page.

#include "host.h"
#include "nic.h"

#include <QJsonObject>
#include <QList>

namespace wb {

struct DiscoveryOptions
{
    bool includeVirtual = false; // also the software interfaces, marked by their kind in `links`
};

// What the agent said about one interface's link when it was asked (its
// speed and duplex are the NIC's, in Nic).
struct DiscoveredLink
{
    QString interfaceName;
    QString operstate;   // "up", "down", ...
    QString virtualKind; // empty for a NIC
};

struct DiscoveredHost
{
    Host host;       // only the attributes sysinfo knows are filled
    QList<Nic> nics; // sorted by interface name
    QList<DiscoveredLink> links; // one per NIC in `nics`, same order
    // Software interfaces left out, "name (kind)", sorted; empty with includeVirtual.
    QStringList leftOut;
};

// `base` carries what the user already knows (name, address, SSH settings);
// sysinfo fills in the rest.
DiscoveredHost discoverFromSysinfo(const QJsonObject &sysinfo, const Host &base, const DiscoveryOptions &options = {});

// Interface names in the order people expect: "eth2" < "eth10", "eno1" < "eth0".
bool interfaceNameLess(const QString &a, const QString &b);

} // namespace wb
