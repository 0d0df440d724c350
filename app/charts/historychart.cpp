// SPDX-License-Identifier: GPL-3.0-or-later
#include "historychart.h"

#include "analysis/history.h"

#include "chartbuilder.h"
#include "qcustomplotinclude.h"
#include "wrappedtextelement.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;

namespace wb::charts {

namespace {

// lupdate reads the context from here, also for calls in free functions.
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(wb::charts::HistoryChart)
};

const QColor kPoints(0x4e, 0x79, 0xa7);
const QColor kLevel(0x59, 0xa1, 0x4f);
const QColor kChange(0xe1, 0x57, 0x59);
const QColor kEnvironment(0x9c, 0x75, 0x5f);
const QColor kTag(0xb0, 0x7a, 0xa1);

double key(const QDateTime &t)
{
    return double(t.toMSecsSinceEpoch()) / 1000.0;
}

void marker(QCustomPlot &plot, double at, const QColor &color, Qt::PenStyle style, const QString &label, double yRatio,
            const QString &name)
{
    auto *line = new QCPItemStraightLine(&plot);
    line->setObjectName(name);
    line->setPen(QPen(color, 1.4, style));
    line->point1->setCoords(at, 0);
    line->point2->setCoords(at, 1);
    auto *text = new QCPItemText(&plot);
    text->setObjectName(name + u"_label"_s);
    text->position->setTypeX(QCPItemPosition::ptPlotCoords);
    text->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
    text->position->setCoords(at, yRatio);
    text->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
    text->setPadding(QMargins(3, 1, 3, 1));
    text->setColor(color);
    text->setFont(QFont(plot.font().family(), 7));
    text->setText(label);
}

// Each tagged point's tags in a band under the top of the plot (kept free
// of points by the value range), three heights taking turns so that the
// labels of neighbouring runs do not print over each other; a dotted line
// ties each label to its point.
void tagLabels(QCustomPlot &plot, const History &h, const QVector<double> &keys, const QVector<double> &means)
{
    int shown = 0;
    for (int i = 0; i < h.points.size(); ++i) {
        if (h.points[i].tags.isEmpty())
            continue;
        auto *text = new QCPItemText(&plot);
        text->setObjectName(u"tag_%1"_s.arg(i + 1));
        text->position->setTypeX(QCPItemPosition::ptPlotCoords);
        text->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
        text->position->setCoords(keys[i], 0.19 + 0.055 * (shown++ % 3));
        text->setPositionAlignment(Qt::AlignHCenter | Qt::AlignTop);
        text->setPadding(QMargins(2, 0, 2, 0));
        text->setColor(kTag);
        text->setFont(QFont(plot.font().family(), 7));
        text->setText(h.points[i].tags.join(u", "_s));
        auto *tie = new QCPItemLine(&plot);
        tie->setObjectName(u"tag_line_%1"_s.arg(i + 1));
        tie->start->setCoords(keys[i], means[i]);
        tie->end->setParentAnchor(text->bottom);
        tie->setPen(QPen(kTag, 0.6, Qt::DotLine));
    }
}

} // namespace

HistoryChartContent HistoryChart::build(QCustomPlot &plot, const History &h, const QString &title)
{
    HistoryChartContent out;
    out.table.header = {u"time"_s, u"run_ids"_s, u"n"_s,       u"mean"_s,  u"ci_low"_s, u"ci_high"_s,
                        u"unit"_s, u"segment"_s, u"event"_s, u"tags"_s, u"notes"_s};
    plot.plotLayout()->insertRow(0);
    plot.plotLayout()->addElement(0, 0, new WrappedTextElement(&plot, title, QFont(plot.font().family(), 11, QFont::Bold)));
    auto ticker = QSharedPointer<QCPAxisTickerDateTime>::create();
    ticker->setDateTimeFormat(u"yyyy-MM-dd"_s);
    ticker->setDateTimeSpec(Qt::UTC);
    plot.xAxis->setTicker(ticker);
    plot.xAxis->setLabel(Tr::tr("run started (UTC)"));
    plot.yAxis->setLabel(u"%1 (%2)"_s.arg(h.metricLabel, h.unit));
    plot.legend->setVisible(true);
    if (h.points.isEmpty()) {
        auto *text = new QCPItemText(&plot);
        text->position->setType(QCPItemPosition::ptAxisRectRatio);
        text->position->setCoords(0.5, 0.5);
        text->setText(Tr::tr("no runs of this condition on this element"));
        out.caption = Tr::tr("no runs");
        ChartBuilder::applyPalette(plot, plot.palette());
        return out;
    }
    const double s = h.displayScale;
    QVector<double> keys, means, minus, plus;
    double low = INFINITY, high = -INFINITY;
    int segment = 0;
    for (int i = 0; i < h.points.size(); ++i) {
        const HistoryPoint &p = h.points[i];
        while (segment < h.changePoints.size() && h.changePoints[segment].point <= i)
            ++segment;
        const double m = p.estimate.mean * s;
        keys << key(p.at);
        means << m;
        const bool ci = p.estimate.hasInterval() && std::isfinite(p.estimate.low);
        minus << (ci ? m - p.estimate.low * s : 0);
        plus << (ci ? p.estimate.high * s - m : 0);
        low = std::min(low, ci ? p.estimate.low * s : m);
        high = std::max(high, ci ? p.estimate.high * s : m);
        QStringList ids;
        for (qint64 id : p.runIds)
            ids << QString::number(id);
        QStringList events;
        for (const HistoryEnvironmentChange &e : h.environmentChanges)
            if (e.point == i)
                events << e.describe();
        for (const HistoryChangePoint &c : h.changePoints)
            if (c.point == i)
                events << c.sentence;
        out.table.rows.append({p.at.toUTC().toString(Qt::ISODate), ids.join(u' '), QString::number(p.estimate.n),
                               QString::number(m, 'g', 10), ci ? QString::number(p.estimate.low * s, 'g', 10) : QString(),
                               ci ? QString::number(p.estimate.high * s, 'g', 10) : QString(), h.unit,
                               QString::number(segment + 1), events.join(u"; "_s), p.tags.join(u", "_s), p.notes});
    }
    auto *points = new QCPGraph(plot.xAxis, plot.yAxis);
    points->setObjectName(u"points"_s);
    points->setName(Tr::tr("each measurement: mean, %1 % CI of its repetitions").arg(h.confidence * 100, 0, 'g', 3));
    points->setLineStyle(QCPGraph::lsLine);
    points->setPen(QPen(ChartBuilder::blend(kPoints, Qt::white, 0.55), 1));
    points->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, kPoints, kPoints, 5));
    points->setData(keys, means, true);
    auto *errors = new QCPErrorBars(plot.xAxis, plot.yAxis);
    errors->setObjectName(u"intervals"_s);
    errors->removeFromLegend();
    errors->setDataPlottable(points);
    errors->setData(minus, plus);
    errors->setPen(QPen(kPoints, 1));
    // Each segment's level: the mean of its points, as the detector read them.
    QList<int> bounds{0};
    for (const HistoryChangePoint &c : h.changePoints)
        bounds << c.point;
    bounds << int(h.points.size());
    for (int b = 0; b + 1 < bounds.size(); ++b) {
        double sum = 0;
        for (int i = bounds[b]; i < bounds[b + 1]; ++i)
            sum += means[i];
        const double level = sum / (bounds[b + 1] - bounds[b]);
        auto *g = new QCPGraph(plot.xAxis, plot.yAxis);
        g->setObjectName(u"segment_%1"_s.arg(b + 1));
        g->setPen(QPen(kLevel, 2));
        g->setData({keys[bounds[b]], keys[bounds[b + 1] - 1]}, {level, level}, true);
        if (b == 0)
            g->setName(Tr::tr("segment mean"));
        else
            g->removeFromLegend();
    }
    tagLabels(plot, h, keys, means);
    for (int e = 0; e < h.environmentChanges.size(); ++e) {
        const HistoryEnvironmentChange &c = h.environmentChanges[e];
        marker(plot, key(c.at), kEnvironment, Qt::DashLine, c.describe(), 0.02 + 0.06 * (e % 3), u"environment_%1"_s.arg(e + 1));
    }
    QStringList caption{h.condition.displayLabel() + u" · "_s + h.element.label()};
    for (int i = 0; i < h.changePoints.size(); ++i) {
        const HistoryChangePoint &c = h.changePoints[i];
        marker(plot, key(c.at), kChange, Qt::SolidLine, signedPercentText(c.relativeChangePct), 0.85,
               u"change_%1"_s.arg(i + 1));
        caption << c.sentence;
    }
    if (h.changePoints.isEmpty())
        caption << Tr::tr("no change point (E-Divisive means, alpha %1)").arg(h.detector.alpha);
    const double span = keys.last() - keys.first();
    if (span < 2 * 3600) // runs of an hour or two: the seconds tell them apart
        ticker->setDateTimeFormat(u"HH:mm:ss"_s);
    else if (span < 3 * 86400) // of a day or two: the hours
        ticker->setDateTimeFormat(u"MM-dd HH:mm"_s);
    const double pad = span > 0 ? span * 0.03 : 86400;
    plot.xAxis->setRange(keys.first() - pad, keys.last() + pad);
    const double margin = (high > low ? high - low : std::abs(high) * 0.1 + 1) * 0.15;
    const bool tagged = std::any_of(h.points.cbegin(), h.points.cend(), [](const HistoryPoint &p) { return !p.tags.isEmpty(); });
    // Tagged: the top 40 % of the plot is kept for the labels.
    plot.yAxis->setRange(low - margin, tagged ? high + (high - low + 2 * margin) * 0.7 : high + margin);
    if (tagged)
        caption << Tr::tr("the runs' tags are written above their points");
    out.caption = caption.join(u'\n');
    ChartBuilder::putLegendAndCaptionBelow(plot, out.caption);
    ChartBuilder::applyPalette(plot, plot.palette());
    return out;
}

bool HistoryChart::exportChart(const History &history, const QString &title, ExportFormat format, const QString &path,
                               const ExportSettings &settings, QString *error)
{
    QCustomPlot plot;
    plot.setPalette(ChartBuilder::printPalette()); // files are printed: light whatever the screen uses
    plot.resize(settings.size);
    const HistoryChartContent content = build(plot, history, title);
    return ChartExporter::save(plot, format, path, settings, title, content.caption, content.table, error);
}

} // namespace wb::charts
