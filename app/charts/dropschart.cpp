// SPDX-License-Identifier: GPL-3.0-or-later
#include "dropschart.h"

#include "analysis/droptimeline.h"

#include "chartbuilder.h"
#include "qcustomplotinclude.h"
#include "wrappedtextelement.h"

#include <QCoreApplication>

using namespace Qt::StringLiterals;

namespace wb::charts {

namespace {

// lupdate reads the context from here, also for calls in free functions.
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(wb::charts::DropsChart)
};

const QColor kDirectionColors[] = {QColor(0xe1, 0x57, 0x59), QColor(0x4e, 0x79, 0xa7)};
const QColor kRateColors[] = {QColor(0xf2, 0x8e, 0x2b), QColor(0x59, 0xa1, 0x4f)};

} // namespace

DropsChartContent DropsChart::build(QCustomPlot &plot, const DropTimeline &timeline, const QString &title)
{
    DropsChartContent out;
    out.table.header = {u"t_start_s"_s, u"t_end_s"_s, u"direction"_s, u"lost"_s, u"received"_s, u"received_per_s"_s};
    plot.plotLayout()->insertRow(0);
    plot.plotLayout()->addElement(0, 0, new WrappedTextElement(&plot, title, QFont(plot.font().family(), 11, QFont::Bold)));
    plot.xAxis->setLabel(Tr::tr("time since the start (s)"));
    plot.yAxis->setLabel(Tr::tr("datagrams lost per interval"));
    plot.yAxis2->setLabel(Tr::tr("received (packets/s)"));
    plot.yAxis2->setVisible(true);
    plot.legend->setVisible(true);
    if (timeline.isEmpty()) {
        auto *text = new QCPItemText(&plot);
        text->position->setType(QCPItemPosition::ptAxisRectRatio);
        text->position->setCoords(0.5, 0.5);
        text->setText(Tr::tr("this run has no per-interval loss samples"));
        out.caption = Tr::tr("no per-interval loss samples");
        ChartBuilder::applyPalette(plot, plot.palette()); // the page's colours: dark on a dark palette
        return out;
    }
    const int n = int(timeline.directions.size());
    double maxLost = 0, maxRate = 0, maxT = 0;
    QStringList caption;
    for (int di = 0; di < n; ++di) {
        const DirectionDrops &d = timeline.directions.at(di);
        QVector<double> keys, lost, rateKeys, rates;
        for (const DropInterval &i : d.intervals) {
            // Bars of the two directions side by side within each interval.
            const double width = i.seconds() / (n + 1);
            keys.append(i.start + width * (di + 1));
            lost.append(i.lost);
            rateKeys.append(i.start); // a step over the interval
            rates.append(i.receivedPerS());
            maxLost = std::max(maxLost, i.lost);
            maxRate = std::max(maxRate, i.receivedPerS());
            maxT = std::max(maxT, i.end);
            out.table.rows.append({QString::number(i.start, 'g', 10), QString::number(i.end, 'g', 10), d.label,
                                   QString::number(i.lost, 'g', 12), QString::number(i.received, 'g', 12),
                                   QString::number(i.receivedPerS(), 'g', 10)});
        }
        if (!d.intervals.isEmpty()) {
            rateKeys.append(d.intervals.last().end);
            rates.append(d.intervals.last().receivedPerS());
        }
        auto *bars = new QCPBars(plot.xAxis, plot.yAxis);
        bars->setName(Tr::tr("lost, %1").arg(d.label));
        bars->setObjectName(u"lost_%1"_s.arg(d.side));
        const double typical = d.intervals.isEmpty() ? 1 : d.intervals.first().seconds();
        bars->setWidth(typical / (n + 1));
        bars->setPen(QPen(kDirectionColors[di % 2].darker(120)));
        bars->setBrush(kDirectionColors[di % 2]);
        bars->setData(keys, lost, true);
        auto *rate = new QCPGraph(plot.xAxis, plot.yAxis2);
        rate->setName(Tr::tr("received/s, %1").arg(d.label));
        rate->setObjectName(u"rate_%1"_s.arg(d.side));
        rate->setPen(QPen(kRateColors[di % 2], 1.6));
        rate->setLineStyle(QCPGraph::lsStepLeft);
        rate->setData(rateKeys, rates, true);
        caption << d.describe().replace(u"; worst"_s, u";\nworst"_s);
    }
    plot.xAxis->setRange(0, maxT > 0 ? maxT : 1);
    plot.yAxis->setRange(0, maxLost > 0 ? maxLost * 1.15 : 1);
    plot.yAxis2->setRange(0, maxRate > 0 ? maxRate * 1.15 : 1);
    // Legend and totals below the axes, where they hide no bar.
    out.caption = caption.join(u'\n');
    ChartBuilder::putLegendAndCaptionBelow(plot, out.caption);
    ChartBuilder::applyPalette(plot, plot.palette()); // the page's colours: dark on a dark palette
    return out;
}

bool DropsChart::exportChart(const DropTimeline &timeline, const QString &title, ExportFormat format,
                             const QString &path, const ExportSettings &settings, QString *error)
{
    QCustomPlot plot;
    plot.setPalette(ChartBuilder::printPalette()); // files are printed: light whatever the screen uses
    plot.resize(settings.size);
    const DropsChartContent content = build(plot, timeline, title);
    return ChartExporter::save(plot, format, path, settings, title, content.caption, content.table, error);
}

} // namespace wb::charts
