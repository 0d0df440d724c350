// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Draws one comparison chart into a fresh QCustomPlot: grouped bars with
// confidence-interval error bars, baseline markers, the line-rate ceiling and
// each bar's % of it; time-series overlays; latency CDFs; message-size
// sweeps with historical figures as markers; the host-pair heat map.
// Numeric categories go in numeric order, value axes turn logarithmic when
// the values span decades, and titles, legends and captions fit the width.
// Returns what it plotted (for CSV export), the caption, and per-plottable
// hover texts naming each point's source.

#include "chartkind.h"
#include "plottedtable.h"

#include <QColor>
#include <QHash>
#include <QPalette>
#include <QString>

#include <functional>

class QCustomPlot;
class QCPAbstractPlottable;

namespace wb {
struct ComparisonData;
}

namespace wb::charts {

struct ChartContent
{
    ChartKind kind = ChartKind::Bars;
    // Rows known at build time; dense series add theirs only on demand
    // (`lazyRows`), so a 1M-point chart does not hold 1M string rows.
    PlottedTable table;
    QList<std::function<void(PlottedTable &)>> lazyRows;
    // Every plotted point: `table` plus the rows of `lazyRows`.
    PlottedTable plotted() const;
    QString caption;
    // Whether the value axis (bars, sweeps) and the key axis (a sweep's
    // sizes, a CDF's latencies) came out logarithmic, as
    // ChartOptions::logScale asked or chose.
    bool logValueAxis = false;
    bool logKeyAxis = false;
    // Hover text for a data point: (data index or -1, key, value) -> text.
    using HoverText = std::function<QString(int index, double key, double value)>;
    QHash<const QCPAbstractPlottable *, HoverText> hover;
};

class ChartBuilder
{
public:
    // `plot` must be freshly constructed (default layout). Never fails: data
    // without anything for `options.kind` gives an empty chart saying so.
    static ChartContent build(QCustomPlot &plot, const ComparisonData &data, const ChartOptions &options);

    // The caption text: metric, unit, grouping, log axes and sources; one
    // paragraph per line, wrapped at the chart's width when drawn.
    static QString caption(const ComparisonData &data, const ChartOptions &options);
    // Sources as a caption names them: consecutive run ids as ranges
    // ("runs 3–7, 12"), at most a few dozen entries, then how many more.
    static QStringList compactSources(const QStringList &sources);

    // Colours the plot's frame after `palette` (background from Base; axes,
    // ticks, labels, legend and titles from Text; grid between them), so a
    // dark palette gives a dark chart. build() applies the plot's palette.
    static void applyPalette(QCustomPlot &plot, const QPalette &palette);
    // `a` moved `towardsB` (0..1) of the way to `b`.
    static QColor blend(const QColor &a, const QColor &b, double towardsB);
    // A light palette for printed output (reports), whatever the screen uses.
    static QPalette printPalette();
    // The legend (in two columns) and `caption` in a row below the axes,
    // where they hide no data: the single-run and history charts' layout.
    static void putLegendAndCaptionBelow(QCustomPlot &plot, const QString &caption);
};

} // namespace wb::charts
