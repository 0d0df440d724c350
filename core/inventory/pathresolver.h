// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Finds the wire between two NICs of an inventory: from the client NIC's
// link through its switch (or hub), across any uplinks to further
// switches, to the server NIC's link — or straight over a crossover cable.
// Every simple route is counted, so a lab with two uplinks between the same
// switches says the path is ambiguous instead of picking one silently.
// Used when a run is recorded (the path is kept with it), by the Plans
// page and by `wirebench-cli inventory path`.

#include "inventory.h"
#include "resolvedpath.h"

namespace wb {

class PathResolver
{
public:
    // `inventory` outlives the resolver.
    explicit PathResolver(const Inventory &inventory);

    // The ends as a test names them: an inventory host and, optionally, one
    // of its interfaces. A host with one NIC needs none named. Host names
    // match exactly, else ignoring case when that names one host.
    ResolvedPath resolve(const QString &clientHost, const QString &clientNic, const QString &serverHost,
                         const QString &serverNic) const;
    // "host/interface" or "host" for each end, as on the command line.
    ResolvedPath resolve(const QString &clientEnd, const QString &serverEnd) const;

    // Routes past this many are not looked for.
    static constexpr int kMaxRoutes = 16;

private:
    const Host *findHost(const QString &name) const;
    const Link *linkOf(const QString &nicKey) const;

    const Inventory &m_inventory;
};

} // namespace wb
