// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The text alternative of a chart: its plotted points in a table window.
// ChartView fills it from its ChartContent; any other QCustomPlot (live
// samples, drops over time, the rrul panels) from its graphs.

#include "plottedtable.h"

class QCustomPlot;
class QDialog;
class QWidget;

namespace wb::charts {

// One row per point of every visible graph: series, x, y. The header names
// the axes when all graphs share them ("Time (s)", "Throughput (Mbit/s)"),
// else every row names its axes.
PlottedTable graphsTable(const QCustomPlot &plot);

// The window showing `table`, a child of `parent` that closes with it:
// created on the first call, refilled, shown and raised on every call.
QDialog *showTableWindow(QWidget *parent, const PlottedTable &table, const QString &title);

// Gives `plot` keyboard focus and a "Show as table" action (context menu,
// Ctrl+T) that opens graphsTable(*plot) titled with its accessible name.
void offerTable(QCustomPlot *plot);

} // namespace wb::charts
