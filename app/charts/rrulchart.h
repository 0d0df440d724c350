// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// flent's three-panel RRUL chart of an rrul run: each bulk flow's
// throughput over time as the client counted its bytes (a send buffer
// filling or a late read can beat the link's rate for one interval), the probes' round trips over time (the load's start
// marked in both), and the probes' round-trip CDF idle against loaded. The
// run detail view draws it and exports it with this code.

#include "chartexporter.h"
#include "plottedtable.h"

#include <QString>

class QCustomPlot;

namespace wb {
struct RrulTimeline;
}

namespace wb::charts {

struct RrulChartContent
{
    PlottedTable table; // panel, series, x, y
    QString caption;
};

class RrulChart
{
public:
    // `plot` must be freshly constructed. The panels' axis rects are named
    // rrulThroughput, rrulLatency and rrulCdf; an empty timeline gives a
    // chart saying so.
    static RrulChartContent build(QCustomPlot &plot, const RrulTimeline &timeline, const QString &title);
    // Builds it off-screen and writes PNG, SVG, PDF or the plotted CSV.
    static bool exportChart(const RrulTimeline &timeline, const QString &title, ExportFormat format,
                            const QString &path, const ExportSettings &settings, QString *error);
};

} // namespace wb::charts
