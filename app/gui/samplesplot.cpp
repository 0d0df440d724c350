// SPDX-License-Identifier: GPL-3.0-or-later
#include "samplesplot.h"

#include "result/metriccatalog.h"
#include "chartbuilder.h"
#include "tablewindow.h"


#include <QMap>

#include "qcustomplotinclude.h"

using namespace Qt::StringLiterals;

namespace wb::gui {

SamplesPlot::Axis SamplesPlot::axisFor(const QString &kind)
{
    const QString metric = keyMetricForKind(kind);
    const MetricInfo shown = metricDisplay(metric, kind);
    QString label = shown.label;
    label[0] = label[0].toUpper();
    return {metric, shown.displayScale, QObject::tr("%1 (%2)").arg(label, shown.displayUnit)};
}

QColor SamplesPlot::colour(int index)
{
    static const QColor kColours[] = {QColor(0x1f, 0x77, 0xb4), QColor(0xd6, 0x27, 0x28), QColor(0x2c, 0xa0, 0x2c),
                                      QColor(0xff, 0x7f, 0x0e), QColor(0x94, 0x67, 0xbd), QColor(0x8c, 0x56, 0x4b)};
    return kColours[index % int(std::size(kColours))];
}

void SamplesPlot::setUp(QCustomPlot *plot)
{
    plot->xAxis->setLabel(QObject::tr("Time (s)"));
    plot->legend->setVisible(true);
    plot->legend->setFont(plot->font());
    plot->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignRight);
    plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    plot->setNoAntialiasingOnDrag(true);
    charts::ChartBuilder::applyPalette(*plot, plot->palette());
    // Named for a screen reader; the figures it plots are the run's table beside it.
    if (plot->accessibleName().isEmpty())
        plot->setAccessibleName(QObject::tr("Samples over time"));
    plot->setAccessibleDescription(QObject::tr("A line per test or side: the key metric sampled during the test, "
                                               "time in seconds from the test's start."));
    charts::offerTable(plot); // its points as a table: context menu, Ctrl+T
}

void SamplesPlot::show(QCustomPlot *plot, const QString &kind, const QList<Sample> &samples)
{
    plot->clearGraphs();
    const Axis axis = axisFor(kind);
    plot->yAxis->setLabel(axis.label);
    QMap<QString, QList<const Sample *>> bySide;
    for (const Sample &s : samples)
        if (s.name == axis.metric)
            bySide[s.side].append(&s);
    int i = 0;
    for (auto it = bySide.cbegin(); it != bySide.cend(); ++it, ++i) {
        QVector<double> x, y;
        x.reserve(it->size());
        y.reserve(it->size());
        for (const Sample *s : *it) {
            x.append(s->t);
            y.append(s->value * axis.factor);
        }
        QCPGraph *g = plot->addGraph();
        g->setName(it.key().isEmpty() ? axis.metric : it.key());
        g->setPen(QPen(colour(i), 1.6));
        g->setData(x, y, true);
    }
    if (plot->graphCount() == 0) {
        plot->legend->setVisible(false);
    } else {
        plot->legend->setVisible(true);
        plot->rescaleAxes();
        plot->yAxis->setRangeLower(0);
        plot->yAxis->setRangeUpper(plot->yAxis->range().upper * 1.1 + 1e-9);
    }
    charts::ChartBuilder::applyPalette(*plot, plot->palette());
    plot->replot();
}

} // namespace wb::gui
