// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The History chart: one condition's points over time (each measurement's
// mean with its repetitions' confidence interval), the mean of each segment
// between change points as a level, every change point as a solid line
// labelled with its relative change, and every environment change (kernel,
// driver, firmware, link) as a dashed line labelled with what changed.
// The Compare page and `wirebench-cli history --chart` draw it with this code.

#include "chartexporter.h"
#include "plottedtable.h"

#include <QString>

class QCustomPlot;

namespace wb {
struct History;
}

namespace wb::charts {

struct HistoryChartContent
{
    PlottedTable table; // time, run_ids, n, mean, ci_low, ci_high, unit, segment, event
    QString caption;
};

class HistoryChart
{
public:
    // `plot` must be freshly constructed. An empty history gives an empty
    // chart saying so.
    static HistoryChartContent build(QCustomPlot &plot, const History &history, const QString &title);
    static bool exportChart(const History &history, const QString &title, ExportFormat format, const QString &path,
                            const ExportSettings &settings, QString *error);
};

} // namespace wb::charts
