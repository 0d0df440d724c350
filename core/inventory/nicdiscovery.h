// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Turns an agent's sysinfo into inventory records: the host's CPU, memory
// and kernel, and one NIC per physical-looking interface (loopback and
// interfaces without a MAC are left out) with driver, version, firmware, bus,
// MAC and link speed. Used by `inventory discover` and the Inventory page.

#include "host.h"
#include "nic.h"

#include <QJsonObject>
#include <QList>

namespace wb {

struct DiscoveredHost
{
    Host host;       // only the attributes sysinfo knows are filled
    QList<Nic> nics;
};

// `base` carries what the user already knows (name, address, SSH settings);
// sysinfo fills in the rest.
DiscoveredHost discoverFromSysinfo(const QJsonObject &sysinfo, const Host &base);

} // namespace wb
