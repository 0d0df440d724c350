// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// How the desktop program draws interval samples: which sample of a test
// kind is worth plotting (the kind's key metric), in which unit, and a
// consistent look. Used by the Results detail view (a stored run) and the
// run monitor (live samples).

#include "result/resultrecord.h"

#include <QString>

class QCustomPlot;

namespace wb::gui {

class SamplesPlot
{
public:
    struct Axis
    {
        QString metric; // canonical sample name plotted
        double factor;  // multiply values by this
        QString label;  // y axis label with unit
    };
    // The axis a kind's samples are shown on.
    static Axis axisFor(const QString &kind);
    // Gives a fresh plot the Wirebench look (time axis, legend, interactions).
    static void setUp(QCustomPlot *plot);
    // Replaces the plot's graphs with `samples` of the kind's key metric,
    // one graph per side.
    static void show(QCustomPlot *plot, const QString &kind, const QList<Sample> &samples);
    // Line colours, cycled.
    static QColor colour(int index);
};

} // namespace wb::gui
