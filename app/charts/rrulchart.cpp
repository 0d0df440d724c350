// SPDX-License-Identifier: GPL-3.0-or-later
#include "rrulchart.h"

#include "analysis/rrultimeline.h"

#include "chartbuilder.h"
#include "qcustomplotinclude.h"
#include "wrappedtextelement.h"

#include <QCoreApplication>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace wb::charts {

namespace {

// lupdate reads the context from here, also for calls in free functions.
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(wb::charts::RrulChart)
};

// Uploads in blues, downloads in oranges; each probe its own colour.
const QColor kUpColors[] = {QColor(0x1f, 0x4e, 0x79), QColor(0x2e, 0x75, 0xb6), QColor(0x5b, 0x9b, 0xd5),
                            QColor(0x9d, 0xc3, 0xe6)};
const QColor kDownColors[] = {QColor(0x9c, 0x3d, 0x0a), QColor(0xd0, 0x5a, 0x12), QColor(0xf0, 0x8a, 0x3c),
                              QColor(0xf7, 0xb9, 0x83)};
const QColor kProbeColors[] = {QColor(0x2c, 0x8c, 0x3c), QColor(0x7b, 0x3f, 0xa0)};

QCPAxisRect *addPanel(QCustomPlot &plot, int row, const QString &name, const QString &xLabel, const QString &yLabel)
{
    QCPAxisRect *rect = row == 1 ? plot.axisRect() : new QCPAxisRect(&plot);
    if (row != 1)
        plot.plotLayout()->addElement(row, 0, rect);
    rect->setObjectName(name);
    rect->axis(QCPAxis::atBottom)->setLabel(xLabel);
    rect->axis(QCPAxis::atLeft)->setLabel(yLabel);
    auto *legend = new QCPLegend;
    legend->setObjectName(name + u"Legend"_s);
    plot.plotLayout()->addElement(row, 1, legend);
    legend->setLayer(u"legend"_s);
    legend->setFont(QFont(plot.font().family(), 8));
    return rect;
}

QCPGraph *addGraph(QCPAxisRect *rect, const QString &name, const QString &id, const QPen &pen,
                   const QVector<double> &x, const QVector<double> &y)
{
    auto *g = new QCPGraph(rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft));
    g->setName(name);
    g->setObjectName(id);
    g->setPen(pen);
    g->setData(x, y, true);
    auto *legend = rect->parentPlot()->findChild<QCPLegend *>(rect->objectName() + u"Legend"_s);
    g->removeFromLegend();
    if (legend)
        g->addToLegend(legend);
    return g;
}

// A dashed vertical line where the load starts, labelled at the top.
void markLoadStart(QCPAxisRect *rect, double x)
{
    if (!std::isfinite(x))
        return;
    QCustomPlot *plot = rect->parentPlot();
    auto *line = new QCPItemStraightLine(plot);
    line->setClipAxisRect(rect);
    for (QCPItemPosition *p : {line->point1, line->point2}) {
        p->setAxisRect(rect);
        p->setAxes(rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft));
    }
    line->point1->setCoords(x, 0);
    line->point2->setCoords(x, 1);
    line->setPen(QPen(Qt::gray, 1, Qt::DashLine));
    auto *text = new QCPItemText(plot);
    text->setClipAxisRect(rect);
    text->position->setAxisRect(rect);
    text->position->setTypeX(QCPItemPosition::ptPlotCoords);
    text->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
    text->position->setAxes(rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft));
    text->position->setCoords(x, 0.02);
    text->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
    text->setPadding(QMargins(4, 0, 0, 0));
    text->setFont(QFont(plot->font().family(), 8));
    text->setColor(Qt::darkGray);
    text->setText(Tr::tr("load starts"));
}

} // namespace

RrulChartContent RrulChart::build(QCustomPlot &plot, const RrulTimeline &timeline, const QString &title)
{
    RrulChartContent out;
    out.table.header = {u"panel"_s, u"series"_s, u"x"_s, u"y"_s};
    plot.plotLayout()->insertRow(0);
    auto *heading = new WrappedTextElement(&plot, title, QFont(plot.font().family(), 11, QFont::Bold));
    plot.plotLayout()->addElement(0, 0, heading);
    plot.legend->setVisible(false);
    QCPAxisRect *tput = addPanel(plot, 1, u"rrulThroughput"_s, Tr::tr("time since the start (s)"),
                                 Tr::tr("per flow at the client (Mbit/s)"));
    QCPAxisRect *lat = addPanel(plot, 2, u"rrulLatency"_s, Tr::tr("time since the start (s)"), Tr::tr("round trip (ms)"));
    QCPAxisRect *cdf = addPanel(plot, 3, u"rrulCdf"_s, Tr::tr("round trip (ms)"), Tr::tr("probes at or below (%)"));
    if (timeline.isEmpty()) {
        auto *text = new QCPItemText(&plot);
        text->setClipAxisRect(tput);
        text->position->setAxisRect(tput);
        text->position->setType(QCPItemPosition::ptAxisRectRatio);
        text->position->setCoords(0.5, 0.5);
        text->setText(Tr::tr("this run has no rrul samples"));
        out.caption = Tr::tr("no rrul samples");
        ChartBuilder::applyPalette(plot, plot.palette()); // the page's colours: dark on a dark palette
        return out;
    }
    auto row = [&](const QString &panel, const QString &series, double x, double y) {
        out.table.rows.append({panel, series, QString::number(x, 'g', 10), QString::number(y, 'g', 10)});
    };
    double maxT = std::isfinite(timeline.loadEndS) ? timeline.loadEndS : 0;
    double maxRate = 0, maxMs = 0;
    int up = 0, down = 0;
    for (const RrulFlowSeries &f : timeline.flows) {
        QVector<double> x, y;
        for (const QPointF &p : f.points) {
            x.append(p.x());
            y.append(p.y() / 1e6);
            maxT = std::max(maxT, p.x());
            maxRate = std::max(maxRate, p.y() / 1e6);
            row(u"throughput"_s, f.label, p.x(), p.y());
        }
        const QColor c = f.upload ? kUpColors[up++ % 4] : kDownColors[down++ % 4];
        addGraph(tput, f.label, u"flow_%1_%2"_s.arg(f.upload ? u"up"_s : u"down"_s).arg(f.stream), QPen(c, 1.4), x, y);
    }
    for (int i = 0; i < timeline.probes.size(); ++i) {
        const RrulProbeSeries &p = timeline.probes.at(i);
        const QColor c = kProbeColors[i % 2];
        QVector<double> x, y;
        for (const QPointF &pt : p.points) {
            x.append(pt.x());
            y.append(pt.y() / 1000);
            maxT = std::max(maxT, pt.x());
            maxMs = std::max(maxMs, pt.y() / 1000);
            row(u"latency"_s, p.name, pt.x(), pt.y());
        }
        // The first probe drawn wider, so it still shows where the second lies on it.
        QCPGraph *g = addGraph(lat, Tr::tr("%1 probe").arg(p.name), u"probe_%1"_s.arg(p.name.toLower()),
                               QPen(c, i == 0 ? 3.0 : 1.2), x, y);
        g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, i == 0 ? 6 : 3));
        // The CDF of each phase: idle dashed, loaded solid, in the probe's colour.
        for (const bool loaded : {false, true}) {
            const QList<double> &v = loaded ? p.loadedUs : p.idleUs;
            if (v.isEmpty())
                continue;
            QVector<double> cx, cy;
            cx.append(v.first() / 1000);
            cy.append(0);
            for (qsizetype k = 0; k < v.size(); ++k) {
                cx.append(v.at(k) / 1000);
                cy.append(100.0 * double(k + 1) / double(v.size()));
                row(u"cdf"_s, u"%1 %2"_s.arg(p.name, loaded ? u"loaded"_s : u"idle"_s), v.at(k), cy.last());
            }
            const QString name = loaded ? Tr::tr("%1 loaded (%2)").arg(p.name).arg(v.size())
                                        : Tr::tr("%1 idle (%2)").arg(p.name).arg(v.size());
            QCPGraph *cg = addGraph(cdf, name, u"cdf_%1_%2"_s.arg(p.name.toLower(), loaded ? u"loaded"_s : u"idle"_s),
                                    QPen(c, (loaded ? 1.8 : 1.4) * (i == 0 ? 2 : 1), loaded ? Qt::SolidLine : Qt::DashLine),
                                    cx, cy);
            cg->setLineStyle(QCPGraph::lsStepLeft);
        }
    }
    tput->axis(QCPAxis::atBottom)->setRange(0, maxT > 0 ? maxT : 1);
    lat->axis(QCPAxis::atBottom)->setRange(0, maxT > 0 ? maxT : 1);
    tput->axis(QCPAxis::atLeft)->setRange(0, maxRate > 0 ? maxRate * 1.1 : 1);
    lat->axis(QCPAxis::atLeft)->setRange(0, maxMs > 0 ? maxMs * 1.1 : 1);
    cdf->axis(QCPAxis::atBottom)->setRange(0, maxMs > 0 ? maxMs * 1.05 : 1);
    cdf->axis(QCPAxis::atLeft)->setRange(0, 100);
    markLoadStart(tput, timeline.loadStartS);
    markLoadStart(lat, timeline.loadStartS);
    // The time axes line up, so a latency spike sits under the throughput that caused it.
    auto *margins = new QCPMarginGroup(&plot);
    for (QCPAxisRect *r : {tput, lat, cdf})
        r->setMarginGroup(QCP::msLeft | QCP::msRight, margins);
    out.caption = timeline.describe().join(u'\n');
    plot.plotLayout()->addElement(4, 0, new WrappedTextElement(&plot, out.caption, QFont(plot.font().family(), 8)));
    plot.plotLayout()->setRowStretchFactor(0, 0.001);
    plot.plotLayout()->setRowStretchFactor(4, 0.001);
    plot.plotLayout()->setColumnStretchFactor(1, 0.001);
    ChartBuilder::applyPalette(plot, plot.palette()); // the page's colours: dark on a dark palette
    return out;
}

bool RrulChart::exportChart(const RrulTimeline &timeline, const QString &title, ExportFormat format,
                            const QString &path, const ExportSettings &settings, QString *error)
{
    QCustomPlot plot;
    plot.setPalette(ChartBuilder::printPalette()); // files are printed: light whatever the screen uses
    plot.resize(settings.size);
    const RrulChartContent content = build(plot, timeline, title);
    return ChartExporter::save(plot, format, path, settings, title, content.caption, content.table, error);
}

} // namespace wb::charts
