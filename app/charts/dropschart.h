// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The drops-over-time chart of a soak / back-to-back run: per direction,
// the datagrams lost in each interval as bars (left axis) and the received
// packet rate as a line (right axis), with the totals in the caption. The
// run detail view and `wirebench-cli drops --chart` draw it with this code.

#include "chartexporter.h"
#include "plottedtable.h"

#include <QString>

class QCustomPlot;

namespace wb {
struct DropTimeline;
}

namespace wb::charts {

struct DropsChartContent
{
    PlottedTable table; // t_start_s, t_end_s, direction, lost, received, received_per_s
    QString caption;
};

class DropsChart
{
public:
    // `plot` must be freshly constructed. An empty timeline gives an empty
    // chart saying so.
    static DropsChartContent build(QCustomPlot &plot, const DropTimeline &timeline, const QString &title);
    // Builds it off-screen and writes PNG, SVG, PDF or the plotted CSV.
    static bool exportChart(const DropTimeline &timeline, const QString &title, ExportFormat format,
                            const QString &path, const ExportSettings &settings, QString *error);
};

} // namespace wb::charts
