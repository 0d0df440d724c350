// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The hardware a stored run went over, as the Results page, `runs list`
// and `runs show` show it: the NIC of each end, the switches and cables on
// the wire, the longest cable and the path as text. Read from the
// inventory snapshot the store took at run time (in path order: client NIC,
// cables and switches, server NIC) and from the resolved path the recorder
// kept in the run's extra (its status and warnings). Runs stored before
// either existed give what their snapshot holds, or nothing.

#include "storedrun.h"

#include <QStringList>

#include <optional>

namespace wb {

struct RunHardware
{
    QString clientNic; // "host/interface"
    QString serverNic;
    QStringList switches; // in path order
    QStringList cables;
    std::optional<double> longestCableM;
    QString pathText;   // "Star/eth1 → cable-star · 1 m → hub ports 5/1 → …"; empty when not known
    QString pathStatus; // "ok", "ambiguous", "not-wired", ...; empty for runs recorded before
    QStringList warnings;
    // The test crossed no wire: the link class the recorder kept is
    // loopback, or (runs recorded before it) the server was a loopback
    // address. The inventory's switches and cables on the path were then not
    // crossed, and a page says so rather than show them as what was measured.
    bool loopback = false;

    bool isEmpty() const { return clientNic.isEmpty() && serverNic.isEmpty() && switches.isEmpty() && cables.isEmpty(); }

    static RunHardware of(const StoredRun &run);
    static bool isLoopbackAddress(const QString &address); // 127.0.0.0/8, ::1, localhost
};

} // namespace wb
