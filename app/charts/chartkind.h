// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The kinds of comparison chart and the options that shape one, shared by
// the Compare page and the CLI (which names kinds on its command line).

#include <QList>
#include <QString>

#include <optional>

namespace wb {
struct ComparisonData;
}

namespace wb::charts {

enum class ChartKind { Bars, TimeSeries, LatencyCdf, Sweep, HeatMap };

struct ChartOptions
{
    ChartKind kind = ChartKind::Bars;
    QString groupBy;       // bars: attribute for the categories (empty: the data's default)
    QString matrixSeries;  // heat map: which series value to show (empty: the first)
    QString matrixPanels;  // heat map: an attribute whose values get a matrix each, side by side (a sink)
    bool caption = true;   // metric, unit, grouping and sources under the chart
    // Bars and sweeps: a logarithmic value axis (true), a linear one (false),
    // or automatic (unset): logarithmic when the positive values plotted span
    // more than two decades and none is negative.
    std::optional<bool> logScale;
};

QList<ChartKind> allChartKinds();
// Human name for menus, e.g. "Bars with confidence intervals".
QString chartKindTitle(ChartKind kind);
// Stable short name for the CLI and settings: bars, timeseries, cdf, sweep, heatmap.
QString chartKindKey(ChartKind kind);
std::optional<ChartKind> chartKindFromKey(const QString &key);
// Whether the data has anything to draw for this kind.
bool chartKindAvailable(const ComparisonData &data, ChartKind kind);

} // namespace wb::charts
