// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What an rrul (latency under load) run's samples say over time: each bulk
// flow's throughput, each probe's round trips, when the load started and
// ended, and each probe's round trips split into the idle and the loaded
// phase for a CDF. The three-panel chart (app/charts/rrulchart) is drawn
// from this, as flent draws its RRUL plots.

#include "result/resultrecord.h"

#include <QList>
#include <QPointF>
#include <QString>

#include <cmath>

namespace wb {

struct RrulFlowSeries
{
    int stream = 0;
    bool upload = true;       // forward: client → server
    QString label;            // "up 0", "down 3"
    QList<QPointF> points;    // (s since the start, bit/s)
};

struct RrulProbeSeries
{
    QString name;             // "UDP", "TCP"
    QList<QPointF> points;    // (send time s, round trip µs)
    QList<double> idleUs;     // round trips sent before the load, ascending
    QList<double> loadedUs;   // and under it, ascending
    // The agent's percentiles (its histogram over every probe), NaN when absent.
    double idleP50Us = std::nan(""), idleP99Us = std::nan("");
    double loadedP50Us = std::nan(""), loadedP99Us = std::nan("");
};

struct RrulTimeline
{
    QList<RrulFlowSeries> flows;   // uploads first, by stream, then downloads
    QList<RrulProbeSeries> probes; // UDP, then TCP (those with samples)
    double loadStartS = std::nan("");
    double loadEndS = std::nan("");
    double uploadBps = std::nan("");   // the record's summed figures
    double downloadBps = std::nan("");

    bool isEmpty() const { return flows.isEmpty() && probes.isEmpty(); }
    // One line per probe (the agent's p50/p99 idle and loaded) and one for the load.
    QStringList describe() const;

    // From an rrul run's record; empty for any other kind or without samples.
    static RrulTimeline fromRecord(const ResultRecord &record);
};

// The value below which `pct` % of ascending `sorted` lie (nearest rank), NaN when empty.
double percentileOf(const QList<double> &sorted, double pct);

} // namespace wb
