// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The row under a chart's title that holds its legend, centred between two
// empty cells. Before each layout (on screen and in every export size) it
// chooses how many entries go side by side so the legend fits the chart's
// width, and shortens an entry that would not fit even alone (its full
// text kept in the entry's "fullName" property) — a legend is never cut at
// the chart's edge.

#include "qcustomplotinclude.h"

namespace wb::charts {

class LegendRow : public QCPLayoutGrid
{
public:
    // Fits `legend`, which the caller puts in this row's middle cell once
    // the row is in the plot's layout (an element joins a plot only there).
    explicit LegendRow(QCPLegend *legend, int maxColumns = 4);

    void update(UpdatePhase phase) override;

    // How many entries of these widths go side by side within `width`
    // pixels (at most `maxColumns`, at least one).
    static int columnsFor(const QList<int> &itemWidths, int spacing, int width, int maxColumns);

private:
    void fit();

    QCPLegend *m_legend;
    int m_maxColumns;
};

} // namespace wb::charts
