// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Drops over time for a soak / back-to-back run: per direction, the
// datagrams lost and received in each sampling interval (the agents'
// `lost_packets` / `received_packets` samples, side = the receiving end),
// the totals, the worst interval and when drops started. The report and
// the drops-over-time chart (app/charts/dropschart) are made from this.

#include "result/resultrecord.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <cmath>

namespace wb {

struct DropInterval
{
    double start = 0; // s since the test began
    double end = 0;
    double lost = 0;
    double received = 0;

    double seconds() const { return end - start; }
    double receivedPerS() const { return end > start ? received / (end - start) : 0; }
};

struct DirectionDrops
{
    QString side;    // the receiving end: "server" (client → server) or "client"
    QString label;   // "client → server"
    QList<DropInterval> intervals;
    double totalLost = 0;
    double totalReceived = 0;
    // What the agent reported for the whole test (lost_packets metric), NaN when absent.
    double reportedLost = std::nan("");
    int worstInterval = -1;             // index of the interval with the most drops, -1 when none dropped
    double dropsStartedS = std::nan(""); // start of the first interval with drops, NaN when none

    bool dropped() const { return totalLost > 0; }
    QString describe() const;
};

struct DropTimeline
{
    QList<DirectionDrops> directions; // client → server first

    bool isEmpty() const { return directions.isEmpty(); }
    // One line per direction: totals, worst interval, when drops started.
    QStringList describe() const;

    // From a run's record; empty when it has no loss samples.
    static DropTimeline fromRecord(const ResultRecord &record);
};

} // namespace wb
