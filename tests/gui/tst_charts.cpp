// SPDX-License-Identifier: GPL-3.0-or-later
// The shared chart builder off-screen: every chart kind draws the expected
// plottables and points, hover names the source, and exports give valid
// PNG (size and DPI), SVG, PDF and CSV files. Charts read well: a log value
// axis when values span decades (or as asked), numeric categories in
// numeric order, sweeps on a numeric size axis with historical figures as
// markers, no label on a bar that cannot be seen, and titles, legends and
// captions inside the chart at every export size.

#include "categoryorder.h"
#include "chartbuilder.h"
#include "chartexporter.h"
#include "chartfixtures.h"
#include "chartview.h"
#include "comparisonreport.h"
#include "legendnote.h"
#include "tablewindow.h"
#include "qcustomplotinclude.h"

#include <QDialog>
#include <QFile>
#include <QTableWidget>
#include <QHelpEvent>
#include <QToolTip>
#include <QImage>
#include <QImageReader>
#include <QPainter>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QSvgRenderer>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

#include <cmath>

using namespace Qt::StringLiterals;
using namespace wb;
using namespace wb::charts;

namespace {

template<typename T>
QList<T *> plottables(QCustomPlot &plot, const QString &objectName = QString())
{
    QList<T *> out;
    for (int i = 0; i < plot.plottableCount(); ++i)
        if (auto *p = qobject_cast<T *>(plot.plottable(i)); p && (objectName.isEmpty() || p->objectName() == objectName))
            out.append(p);
    return out;
}

int itemsNamed(QCustomPlot &plot, const QString &name)
{
    int n = 0;
    for (int i = 0; i < plot.itemCount(); ++i)
        n += plot.item(i)->objectName() == name;
    return n;
}

ComparisonData ftp()
{
    return testdata::ftpTable();
}

// The 1999 netperf UDP_STREAM figures through the FS108 at 1 and 1472
// bytes: historical figures only, as a sweep of two points.
ComparisonData seedSweep()
{
    ComparisonData d;
    d.title = u"netperf UDP_STREAM through a Netgear FS108 (1999)"_s;
    d.metric = u"throughput_bps"_s;
    d.unit = u"Mbit/s"_s;
    d.dimensions = {u"message size"_s};
    d.defaultGroupBy = u"message size"_s;
    const QString source = u"R. G. Brown 1999"_s;
    for (const auto &[size, value] : {std::pair{1, 0.01}, std::pair{1472, 95.07}}) {
        Observation o;
        o.attributes = {{u"message size"_s, u"%1 B"_s.arg(size)}};
        o.values = {value};
        o.source = source;
        o.baseline = true;
        d.observations.append(o);
    }
    d.sweeps = {PointSeries{u"FS108"_s, source, {{1, 0.01}, {1472, 95.07}}, {}}};
    d.sweepXLabel = u"message size (bytes)"_s;
    return d;
}

ComparisonData seed(const QString &name)
{
    return name == u"ftp"_s ? testdata::ftpTable() : seedSweep();
}

// UDP throughput by message size as a store gives it: categories in the
// order the runs came (newest first), values over three decades, one
// historical figure with a size, and a sweep line per host pair that names
// no source of its own.
ComparisonData bySize()
{
    ComparisonData d;
    d.title = u"UDP_STREAM by message size"_s;
    d.metric = u"throughput_bps"_s;
    d.unit = u"Mbit/s"_s;
    d.dimensions = {u"message size"_s, u"host pair"_s};
    d.defaultGroupBy = u"message size"_s;
    d.ceiling = 95.7;
    d.ceilingLabel = u"UDP line rate"_s;
    const struct { const char16_t *size; double bytes; double mean; int run; } rows[] = {
        {u"1472 B", 1472, 95.0, 3}, {u"64 B", 64, 30.0, 2}, {u"1 B", 1, 0.5, 1}, {u"65507 B", 65507, 0.0, 4},
    };
    PointSeries line{u"adam → eve"_s, QString(), {}, {}};
    for (const auto &r : rows) {
        Observation o;
        o.attributes = {{u"message size"_s, QString::fromUtf16(r.size)}, {u"host pair"_s, u"adam → eve"_s}};
        o.values = {r.mean};
        o.source = u"run %1"_s.arg(r.run);
        d.observations.append(o);
        line.points.append(QPointF(r.bytes, r.mean));
    }
    Observation base;
    base.attributes = {{u"message size"_s, u"1472 B"_s}, {u"host pair"_s, u"Zeus → Torus"_s}};
    base.values = {93.0};
    base.source = u"rgb 1999"_s;
    base.baseline = true;
    d.observations.append(base);
    d.sweeps.append(line); // points in the order the runs came, not by size
    d.sweepXLabel = u"message size (bytes)"_s;
    return d;
}

QStringList tickLabels(QCPAxis *axis)
{
    auto ticker = axis->ticker().dynamicCast<QCPAxisTickerText>();
    return ticker ? ticker->ticks().values() : QStringList();
}

// Lays `plot` out at a logical size as an export does; the picture.
QImage layOut(QCustomPlot &plot, QSize size)
{
    QImage image(size, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    QCPPainter painter(&image);
    plot.toPainter(&painter, size.width(), size.height());
    return image;
}

// The text of a title or caption fits the rect the layout gave it.
bool textFits(QCPTextElement *e, QString *why)
{
    const QRect r = e->rect();
    const QRect need = QFontMetrics(e->font()).boundingRect(QRect(0, 0, r.width(), 100000),
                                                            e->textFlags() | Qt::TextWordWrap, e->text());
    if (need.height() > r.height() + 1 || need.width() > r.width() + 1) {
        *why = u"%1 needs %2x%3, has %4x%5"_s.arg(e->objectName()).arg(need.width()).arg(need.height())
                   .arg(r.width()).arg(r.height());
        return false;
    }
    return true;
}

// Keeps exported files for a human to look at when WB_CHART_SHOTS is set.
void keepCopy(const QString &path)
{
    const QString dir = qEnvironmentVariable("WB_CHART_SHOTS");
    if (!dir.isEmpty()) {
        const QString target = dir + u'/' + QFileInfo(path).fileName();
        QFile::remove(target);
        QFile::copy(path, target);
    }
}

} // namespace

class TstCharts : public QObject
{
    Q_OBJECT
private slots:
    void bars();
    void barsByOtherDimension();
    void timeSeries();
    void latencyCdf();
    void latencyCdfLogAxisOverDecades();
    void sweep();
    void heatMap();
    void emptyKind();
    void hoverNamesSource();
    void caption();
    void textAlternative();
    void everyPlotHasATable();
    void wideIntervalDoesNotFlattenBars();
    void exports_data();
    void exports();
    void pngSizeAndDpi();
    void exportErrors();
    void reports();
    void reportPaper();
    void csvQuoting();
    void kindKeys();
    void logValueAxis();
    void logScaleSwitch();
    void categoryOrder_data();
    void categoryOrder();
    void barsInNumericOrder();
    void noLabelOnInvisibleBar();
    void pctLabelClearOfCeiling();
    void sweepOnSizeAxis();
    void sweepBaselinesAsMarkers();
    void layoutFits_data();
    void layoutFits();

private:
    QTemporaryDir m_dir;
};

void TstCharts::bars()
{
    QCustomPlot plot;
    const ChartContent c = ChartBuilder::build(plot, testdata::measured(), {});
    // Measured bars for tulip and e1000, baseline-only bars for e1000 (Hub).
    const auto measured = plottables<QCPBars>(plot, u"measuredBars"_s);
    const auto baseline = plottables<QCPBars>(plot, u"baselineBars"_s);
    QCOMPARE(measured.size(), 2);
    QCOMPARE(baseline.size(), 1);
    QCOMPARE(measured[0]->data()->size(), 3); // tulip on FS108, Cat5000, Hub
    QCOMPARE(measured[1]->data()->size(), 2); // e1000 on FS108, Cat5000
    QCOMPARE(baseline[0]->data()->size(), 1);
    QCOMPARE(baseline[0]->data()->at(0)->value, 70.0);
    // Geometric means and the logarithms' 95% CIs: five values spaced 0.3
    // around 94 -> nearly the linear s = 0.4743, t(0.975,4) = 2.776.
    QVERIFY(std::fabs(measured[0]->data()->at(0)->value - 94.0) < 1e-2);
    const auto errors = plottables<QCPErrorBars>(plot, u"ciErrorBars"_s);
    QCOMPARE(errors.size(), 2);
    QVERIFY(std::fabs(errors[0]->data()->at(0).errorPlus - 2.7764 * 0.47434 / std::sqrt(5.0)) < 1e-2);
    // Asymmetric: the upper arm is longer than the lower one, never below zero.
    QVERIFY(errors[0]->data()->at(0).errorPlus > errors[0]->data()->at(0).errorMinus);
    // The FS108 tulip baseline as a marker; the ceiling as one line.
    const auto markers = plottables<QCPGraph>(plot, u"baselineMarkers"_s);
    QCOMPARE(markers.size(), 1);
    QCOMPARE(markers[0]->data()->size(), 1);
    QCOMPARE(markers[0]->data()->at(0)->value, 95.07);
    const auto ceiling = plottables<QCPGraph>(plot, u"ceiling"_s);
    QCOMPARE(ceiling.size(), 1);
    QCOMPARE(ceiling[0]->data()->at(0)->value, 95.7087);
    QVERIFY(ceiling[0]->name().contains(u"95.7"_s));
    // A % label per bar.
    QCOMPARE(itemsNamed(plot, u"pctLabel"_s), 6);
    // CSV rows: 6 bars + 1 baseline marker.
    QCOMPARE(c.plotted().rows.size(), 7);
    QCOMPARE(c.plotted().rows[0][0], u"FS108"_s);
    QCOMPARE(c.plotted().rows[0][8].left(5), u"98.21"_s); // 94 / 95.7087
}

void TstCharts::barsByOtherDimension()
{
    QCustomPlot plot;
    ChartOptions o;
    o.groupBy = u"driver"_s; // the series key itself: one bar per driver
    ChartBuilder::build(plot, testdata::measured(), o);
    const auto measured = plottables<QCPBars>(plot, u"measuredBars"_s);
    QCOMPARE(measured.size(), 1);
    QCOMPARE(measured[0]->data()->size(), 2);
    // tulip pools FS108, Cat5000 and Hub (the chart library draws what it
    // is given; the engine never hands it such a pool): their geometric mean.
    QVERIFY(std::fabs(measured[0]->data()->at(0)->value - std::cbrt(94.0 * 90 * 60)) < 0.5);
}

void TstCharts::timeSeries()
{
    QCustomPlot plot;
    ChartOptions o;
    o.kind = ChartKind::TimeSeries;
    const ChartContent c = ChartBuilder::build(plot, testdata::withLines(), o);
    const auto graphs = plottables<QCPGraph>(plot, u"timeSeries"_s);
    QCOMPARE(graphs.size(), 2);
    QCOMPARE(graphs[0]->data()->size(), 100);
    QCOMPARE(graphs[1]->name(), u"run 2"_s);
    QCOMPARE(c.plotted().rows.size(), 200);
}

void TstCharts::latencyCdf()
{
    QCustomPlot plot;
    ChartOptions o;
    o.kind = ChartKind::LatencyCdf;
    ChartBuilder::build(plot, testdata::withLines(), o);
    const auto graphs = plottables<QCPGraph>(plot, u"cdf"_s);
    QCOMPARE(graphs.size(), 2);
    QCOMPARE(graphs[0]->data()->size(), 1000);
    QCOMPARE(graphs[0]->lineStyle(), QCPGraph::lsStepLeft);
    // Sorted keys, cumulative fraction ending at 1.
    QVERIFY(graphs[0]->data()->at(0)->key <= graphs[0]->data()->at(999)->key);
    QCOMPARE(graphs[0]->data()->at(999)->value, 1.0);
    QCOMPARE(graphs[0]->data()->at(499)->value, 0.5);
    QCOMPARE(graphs[1]->data()->size(), 4); // histogram points as given
    // 40-200 µs: one decade, a linear latency axis.
    QCOMPARE(plot.xAxis->scaleType(), QCPAxis::stLinear);
}

void TstCharts::latencyCdfLogAxisOverDecades()
{
    // A loaded path at 20-40 ms beside 50-150 µs: over two decades, so the
    // latency axis is logarithmic, the caption says so, and the switch wins.
    ComparisonData d = testdata::withLines();
    d.latencies.append(LatencyDistribution{u"loaded"_s, u"run 3"_s, {}, {{20000, 0.0}, {30000, 0.5}, {40000, 1.0}}});
    ChartOptions o;
    o.kind = ChartKind::LatencyCdf;
    {
        QCustomPlot plot;
        const ChartContent c = ChartBuilder::build(plot, d, o);
        QCOMPARE(plot.xAxis->scaleType(), QCPAxis::stLogarithmic);
        QVERIFY(c.logKeyAxis);
        QVERIFY(plot.xAxis->label().contains(u"log scale"_s));
        QVERIFY2(c.caption.contains(u"Log scale on the latency axis"_s), qPrintable(c.caption));
        QVERIFY(plot.xAxis->range().lower > 0 && plot.xAxis->range().lower < 50);
        QVERIFY(plot.xAxis->range().upper >= 40000);
        QCOMPARE(ChartBuilder::caption(d, o), c.caption);
    }
    o.logScale = false;
    QCustomPlot linear;
    const ChartContent c = ChartBuilder::build(linear, d, o);
    QCOMPARE(linear.xAxis->scaleType(), QCPAxis::stLinear);
    QVERIFY(!c.caption.contains(u"Log scale"_s));
}

void TstCharts::sweep()
{
    QCustomPlot plot;
    ChartOptions o;
    o.kind = ChartKind::Sweep;
    const ChartContent c = ChartBuilder::build(plot, testdata::withLines(), o);
    QCOMPARE(plottables<QCPGraph>(plot, u"sweep"_s).size(), 2);
    QCOMPARE(plottables<QCPGraph>(plot, u"sweep"_s)[0]->data()->size(), 6);
    QCOMPARE(plottables<QCPErrorBars>(plot, u"ciErrorBars"_s).size(), 2);
    QCOMPARE(plottables<QCPGraph>(plot, u"ceiling"_s).size(), 1);
    QCOMPARE(plot.xAxis->scaleType(), QCPAxis::stLogarithmic);
    QCOMPARE(c.plotted().rows.size(), 12 + 13);
}

void TstCharts::heatMap()
{
    QCustomPlot plot;
    ChartOptions o;
    o.kind = ChartKind::HeatMap;
    const ChartContent c = ChartBuilder::build(plot, ftp(), o);
    const auto maps = plottables<QCPColorMap>(plot, u"heatMap"_s);
    QCOMPARE(maps.size(), 1);
    QCPColorMapData *data = maps[0]->data();
    QCOMPARE(data->keySize(), 5); // Zeus, Torus, Net3, Mira, Star
    QCOMPARE(data->valueSize(), 5);
    QCOMPARE(data->cell(1, 0), 0.81); // Zeus -> Torus, file -> file
    QCOMPARE(data->cell(0, 1), 6.1);  // Torus -> Zeus
    QVERIFY(std::isnan(data->cell(1, 1)));
    QVERIFY(std::isnan(data->cell(2, 1))); // Torus -> Net3 was not measured
    QCOMPARE(c.plotted().rows.size(), 8);
    QCOMPARE(itemsNamed(plot, u"cellLabel"_s), 8);
    // The other FTP mode on request.
    QCustomPlot plot2;
    o.matrixSeries = u"file → /dev/null"_s;
    ChartBuilder::build(plot2, ftp(), o);
    QCOMPARE(plottables<QCPColorMap>(plot2)[0]->data()->cell(1, 0), 4.2);
}

void TstCharts::emptyKind()
{
    // The seeds have no samples: the time-series chart says so instead of failing.
    QCustomPlot plot;
    ChartOptions o;
    o.kind = ChartKind::TimeSeries;
    QVERIFY(!chartKindAvailable(ftp(), o.kind));
    const ChartContent c = ChartBuilder::build(plot, ftp(), o);
    QCOMPARE(plot.plottableCount(), 0);
    QVERIFY(c.plotted().rows.isEmpty());
    QCOMPARE(plot.itemCount(), 1);
}

void TstCharts::hoverNamesSource()
{
    ChartView view;
    view.resize(900, 600);
    view.setChart(testdata::measured(), {});
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.plot()->replot();
    auto *bars = plottables<QCPBars>(*view.plot(), u"measuredBars"_s)[0];
    // Middle of the first tulip bar (FS108).
    const auto d = bars->data()->at(0);
    const QPointF pos = bars->coordsToPixels(d->key, d->value / 2);
    const QString text = view.hoverTextAt(pos);
    QVERIFY2(text.contains(u"FS108 · tulip"_s), qPrintable(text));
    QVERIFY2(text.contains(u"Source: run 1"_s), qPrintable(text));
    QVERIFY2(text.contains(u"baseline 95.07"_s), qPrintable(text));
    // ... and how the runs compare with it: 94 vs 95.07 is 1.1% slower.
    QVERIFY2(text.contains(u"This is 1.1% slower than the baseline (the baseline is a single measurement: no interval, no test)."_s),
             qPrintable(text));
    QVERIFY2(text.contains(u"% of the"_s), qPrintable(text));
    // The same text reaches the tooltip through the widget's ToolTip event.
    QHelpEvent help(QEvent::ToolTip, pos.toPoint(), view.plot()->mapToGlobal(pos.toPoint()));
    QCoreApplication::sendEvent(view.plot(), &help);
    QTRY_COMPARE(QToolTip::text(), text);
    QToolTip::hideText();
    // Heat map cells name their host pair and citation.
    ChartOptions o;
    o.kind = ChartKind::HeatMap;
    view.setChart(ftp(), o);
    view.plot()->replot();
    auto *map = plottables<QCPColorMap>(*view.plot())[0];
    const QString cell = view.hoverTextAt(map->coordsToPixels(2, 1)); // column Torus, row Zeus
    QVERIFY2(cell.startsWith(u"Zeus → Torus: 0.810 MB/s"_s), qPrintable(cell));
    QVERIFY(cell.contains(u"Rodichev"_s));
    // Empty space says nothing.
    QVERIFY(view.hoverTextAt(map->coordsToPixels(2, 2)).isEmpty());
}

// A chart is named and described for a screen reader, takes focus, and
// shows what it plotted as a table (Ctrl+T).
void TstCharts::textAlternative()
{
    ChartView view;
    view.resize(800, 500);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setChart(testdata::measured(), {});
    QCOMPARE(view.accessibleName(), u"Chart: UDP_STREAM 1472 B"_s);
    QVERIFY2(view.accessibleDescription().contains(u"Metric: throughput"_s), qPrintable(view.accessibleDescription()));
    QCOMPARE(view.focusPolicy(), Qt::StrongFocus);
    view.setFocus();
    QTest::keyClick(&view, Qt::Key_T, Qt::ControlModifier);
    auto *dialog = view.findChild<QDialog *>(u"chartTable"_s);
    QVERIFY(dialog && dialog->isVisible());
    auto *table = dialog->findChild<QTableWidget *>(u"chartTableView"_s);
    const PlottedTable plotted = view.content().plotted();
    QVERIFY(plotted.rows.size() >= 5); // the five bars at least
    QCOMPARE(table->rowCount(), int(plotted.rows.size()));
    QCOMPARE(table->columnCount(), int(plotted.header.size()));
    QCOMPARE(table->item(0, 0)->text(), plotted.rows.first().first());
}

// A plot drawn without a ChartContent (live samples, drops over time, the
// rrul panels) offers its points as a table too: series, x, y, the axes
// named in the header when the graphs share them, in each row when not.
void TstCharts::everyPlotHasATable()
{
    QCustomPlot plot;
    plot.setAccessibleName(u"Samples over time"_s);
    plot.xAxis->setLabel(u"Time (s)"_s);
    plot.yAxis->setLabel(u"Throughput (Mbit/s)"_s);
    QCPGraph *a = plot.addGraph();
    a->setName(u"client"_s);
    a->setData({0.5, 1.0}, {90, 95});
    QCPGraph *b = plot.addGraph();
    b->setName(u"server"_s);
    b->setData({0.5}, {80});
    wb::charts::offerTable(&plot);
    plot.resize(400, 300);
    plot.show();
    QVERIFY(QTest::qWaitForWindowExposed(&plot));
    QCOMPARE(plot.focusPolicy(), Qt::StrongFocus);
    plot.setFocus();
    QTest::keyClick(&plot, Qt::Key_T, Qt::ControlModifier);
    auto *dialog = plot.findChild<QDialog *>(u"chartTable"_s);
    QVERIFY(dialog && dialog->isVisible());
    QCOMPARE(dialog->windowTitle(), u"Samples over time — as a table"_s);
    auto *table = dialog->findChild<QTableWidget *>(u"chartTableView"_s);
    QCOMPARE(table->columnCount(), 3);
    QCOMPARE(table->horizontalHeaderItem(1)->text(), u"Time (s)"_s);
    QCOMPARE(table->horizontalHeaderItem(2)->text(), u"Throughput (Mbit/s)"_s);
    QCOMPARE(table->rowCount(), 3);
    QCOMPARE(table->item(1, 0)->text(), u"client"_s);
    QCOMPARE(table->item(1, 2)->text(), QLocale().toString(95.0, 'g', 6));
    QCOMPARE(table->item(2, 0)->text(), u"server"_s);

    // A second panel with other axes: each row names its axes.
    QCPAxisRect *panel = new QCPAxisRect(&plot);
    plot.plotLayout()->addElement(1, 0, panel);
    panel->axis(QCPAxis::atBottom)->setLabel(u"Latency (ms)"_s);
    panel->axis(QCPAxis::atLeft)->setLabel(u"Probability"_s);
    QCPGraph *cdf = plot.addGraph(panel->axis(QCPAxis::atBottom), panel->axis(QCPAxis::atLeft));
    cdf->setName(u"UDP probe"_s);
    cdf->setData({2.0}, {0.99});
    const wb::charts::PlottedTable t = wb::charts::graphsTable(plot);
    QCOMPARE(t.header.size(), 5);
    QCOMPARE(t.rows.size(), 4);
    QCOMPARE(t.rows.last(), (QStringList{u"UDP probe"_s, u"Latency (ms)"_s, QLocale().toString(2.0, 'g', 6),
                                         u"Probability"_s, QLocale().toString(0.99, 'g', 6)}));
    // An empty plot has nothing to show, not a header over no rows.
    QCustomPlot empty;
    QVERIFY(wb::charts::graphsTable(empty).header.isEmpty());
}

// Two repetitions far apart give an interval reaching hundreds of times the
// bar (t = 12.7 for n = 2): the axis stays near the bars and says it cut.
void TstCharts::wideIntervalDoesNotFlattenBars()
{
    ComparisonData d = testdata::measured();
    d.ceiling = 0;
    for (Observation &o : d.observations)
        if (o.source == u"run 1"_s)
            o.values = {60, 150}; // geometric mean 95, interval up to about 32000
    QCustomPlot plot;
    ChartBuilder::build(plot, d, {});
    QVERIFY2(plot.yAxis->range().upper <= 4.5 * 150, qPrintable(QString::number(plot.yAxis->range().upper)));
    QVERIFY(plot.yAxis->range().upper >= 95); // the bar itself is in view
    QVERIFY2(plot.yAxis->label().contains(u"intervals above the axis cut"_s), qPrintable(plot.yAxis->label()));
    // Without such an interval the axis is as before and says nothing.
    QCustomPlot plain;
    ChartBuilder::build(plain, testdata::measured(), {});
    QVERIFY(!plain.yAxis->label().contains(u"cut"_s));
}

void TstCharts::caption()
{
    const QString cap = ChartBuilder::caption(ftp(), {});
    QVERIFY2(cap.contains(u"Metric: throughput (MB/s)"_s), qPrintable(cap)); // the label, not throughput_bps
    QVERIFY(!cap.contains(u"throughput_bps"_s));
    QVERIFY(cap.contains(u"Grouped by: pair, bars by mode"_s));
    QVERIFY(cap.contains(u"Rodichev"_s));
    QCustomPlot plot;
    ChartBuilder::build(plot, testdata::measured(), {});
    auto *element = plot.findChild<QCPTextElement *>(u"chartCaption"_s);
    QVERIFY(element);
    QVERIFY(element->text().contains(u"run 1; run 2"_s));
    QVERIFY(element->text().contains(u"rgb 1999"_s));
}

void TstCharts::exports_data()
{
    QTest::addColumn<int>("kind");
    QTest::addColumn<bool>("seed");
    QTest::addColumn<int>("csvRows");
    QTest::newRow("bars") << int(ChartKind::Bars) << false << 7;
    QTest::newRow("bars-ftp") << int(ChartKind::Bars) << true << 16;
    QTest::newRow("timeseries") << int(ChartKind::TimeSeries) << false << 200;
    QTest::newRow("cdf") << int(ChartKind::LatencyCdf) << false << 1004;
    QTest::newRow("sweep") << int(ChartKind::Sweep) << false << 25;
    QTest::newRow("heatmap-ftp") << int(ChartKind::HeatMap) << true << 8;
}

void TstCharts::exports()
{
    QFETCH(int, kind);
    QFETCH(bool, seed);
    QFETCH(int, csvRows);
    const ComparisonData data = seed ? ftp() : testdata::withLines();
    ChartOptions o;
    o.kind = ChartKind(kind);
    const QString base = m_dir.filePath(u"chart-"_s + QString::fromLatin1(QTest::currentDataTag()));
    ExportSettings s{QSize(1000, 650), 96};
    QString error;

    QVERIFY2(ChartExporter::exportChart(data, o, ExportFormat::Png, base + u".png"_s, s, &error), qPrintable(error));
    QFile png(base + u".png"_s);
    QVERIFY(png.open(QIODevice::ReadOnly));
    QCOMPARE(png.read(8), QByteArray("\x89PNG\r\n\x1a\n", 8));
    png.close();
    const QImage image(base + u".png"_s);
    QCOMPARE(image.size(), QSize(1000, 650));
    // Not blank: some pixels are neither white nor a single colour.
    QSet<QRgb> colours;
    for (int y = 0; y < image.height(); y += 7)
        for (int x = 0; x < image.width(); x += 7)
            colours.insert(image.pixel(x, y));
    QVERIFY(colours.size() > 5);
    keepCopy(base + u".png"_s);

    QVERIFY2(ChartExporter::exportChart(data, o, ExportFormat::Svg, base + u".svg"_s, s, &error), qPrintable(error));
    QFile svg(base + u".svg"_s);
    QVERIFY(svg.open(QIODevice::ReadOnly));
    QXmlStreamReader xml(&svg);
    bool sawSvg = false;
    int elements = 0;
    while (!xml.atEnd()) {
        if (xml.readNext() == QXmlStreamReader::StartElement) {
            ++elements;
            sawSvg = sawSvg || xml.name() == u"svg"_s;
        }
    }
    QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    QVERIFY(sawSvg);
    QVERIFY(elements > 20);
    // Qt's own SVG renderer accepts it too; keep a raster of it to look at.
    QSvgRenderer renderer(base + u".svg"_s);
    QVERIFY(renderer.isValid());
    QCOMPARE(renderer.viewBox(), QRect(0, 0, 1000, 650));
    QImage fromSvg(QSize(1000, 650), QImage::Format_ARGB32);
    fromSvg.fill(Qt::white);
    {
        QPainter p(&fromSvg);
        renderer.render(&p);
    }
    fromSvg.save(base + u"-svg.png"_s);
    keepCopy(base + u"-svg.png"_s);

    QVERIFY2(ChartExporter::exportChart(data, o, ExportFormat::Pdf, base + u".pdf"_s, s, &error), qPrintable(error));
    QFile pdf(base + u".pdf"_s);
    QVERIFY(pdf.open(QIODevice::ReadOnly));
    QCOMPARE(pdf.read(5), QByteArray("%PDF-"));
    QVERIFY(pdf.size() > 1000);
    QVERIFY(!QFile::exists(base + u".pdf.part"_s));

    QVERIFY2(ChartExporter::exportChart(data, o, ExportFormat::Csv, base + u".csv"_s, s, &error), qPrintable(error));
    QFile csv(base + u".csv"_s);
    QVERIFY(csv.open(QIODevice::ReadOnly | QIODevice::Text));
    const QStringList lines = QString::fromUtf8(csv.readAll()).split(u'\n', Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), csvRows + 1);
}

void TstCharts::pngSizeAndDpi()
{
    QCustomPlot plot;
    ChartBuilder::build(plot, ftp(), {});
    const QString path = m_dir.filePath(u"dpi.png"_s);
    QString error;
    QVERIFY2(ChartExporter::savePng(plot, path, QSize(1600, 1000), 200, &error), qPrintable(error));
    QImageReader reader(path);
    QCOMPARE(reader.format(), QByteArray("png"));
    const QImage image = reader.read();
    QCOMPARE(image.size(), QSize(1600, 1000));
    QVERIFY(std::abs(image.dotsPerMeterX() - int(std::lround(200 / 0.0254))) <= 1);
    keepCopy(path);
}

void TstCharts::exportErrors()
{
    QCustomPlot plot;
    ChartBuilder::build(plot, ftp(), {});
    QString error;
    const QString bad = m_dir.filePath(u"missing/dir/chart.png"_s);
    QVERIFY(!ChartExporter::savePng(plot, bad, QSize(800, 600), 96, &error));
    QVERIFY2(error.contains(bad), qPrintable(error));
    QVERIFY(!ChartExporter::savePng(plot, m_dir.filePath(u"x.png"_s), QSize(8, 8), 96, &error));
    QVERIFY(error.contains(u"size"_s));
    QVERIFY(!ChartExporter::saveCsv({}, m_dir.filePath(u"missing/x.csv"_s), &error));
    QCOMPARE(ChartExporter::formatFromPath(u"a/b.SVG"_s), ExportFormat::Svg);
    QVERIFY(!ChartExporter::formatFromPath(u"a/b.gif"_s));
}

// A report keeps its chart as vectors (SVG in the HTML; paths and text in
// the PDF, no image), and a PDF is paged on the paper asked for, every page
// numbered. Read back with poppler's tools, as a reader's viewer would.
void TstCharts::reports()
{
    const ComparisonData data = ftp();
    ChartOptions o;
    QList<ReportSection> sections;
    QString rows;
    for (int i = 1; i <= 160; ++i)
        rows += u"<tr><td>row %1</td><td>%2</td></tr>"_s.arg(i).arg(i * 7);
    sections.append({u"A long table"_s, u"<table><tr><th>n</th><th>v</th></tr>"_s + rows + u"</table>"_s});
    QString error;

    const QString html = m_dir.filePath(u"report.html"_s);
    QVERIFY2(ComparisonReport::write(data, o, sections, html, &error), qPrintable(error));
    QFile h(html);
    QVERIFY(h.open(QIODevice::ReadOnly));
    const QByteArray page = h.readAll();
    QVERIFY(page.contains("<img src=\"data:image/svg+xml;base64,"));
    QVERIFY(!page.contains("image/png"));
    QVERIFY(page.contains("<h2>A long table</h2>"));

    const QString pdftotext = QStandardPaths::findExecutable(u"pdftotext"_s);
    const QString pdfinfo = QStandardPaths::findExecutable(u"pdfinfo"_s);
    if (pdftotext.isEmpty() || pdfinfo.isEmpty())
        QSKIP("pdftotext and pdfinfo (poppler-utils) are not installed; scripts/test.sh installs them");
    const auto run = [](const QString &tool, const QStringList &args) {
        QProcess p;
        p.start(tool, args);
        if (!p.waitForFinished(30000) || p.exitCode() != 0)
            return QString();
        return QString::fromUtf8(p.readAllStandardOutput());
    };
    struct Case
    {
        QPageSize::PageSizeId paper;
        const char *size;
    };
    for (const Case &c : {Case{QPageSize::A4, "595 x 842 pts (A4)"}, Case{QPageSize::Letter, "612 x 792 pts (letter)"}}) {
        const QString pdf = m_dir.filePath(u"report-%1.pdf"_s.arg(int(c.paper)));
        QVERIFY2(ComparisonReport::write(data, o, sections, pdf, &error, c.paper), qPrintable(error));
        QFile f(pdf);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QVERIFY(!f.readAll().contains("/Subtype /Image")); // no raster anywhere, the chart included
        const QString info = run(pdfinfo, {pdf});
        QVERIFY2(info.contains(QLatin1StringView(c.size)), qPrintable(info));
        const QRegularExpressionMatch pages = QRegularExpression(u"Pages:\\s+(\\d+)"_s).match(info);
        QVERIFY2(pages.hasMatch(), qPrintable(info));
        const int n = pages.captured(1).toInt();
        QVERIFY2(n >= 3, qPrintable(info)); // 160 rows do not fit two pages
        for (int i = 1; i <= n; ++i) {
            const QString text = run(pdftotext, {u"-f"_s, QString::number(i), u"-l"_s, QString::number(i), pdf, u"-"_s});
            QVERIFY2(text.contains(u"Page %1 of %2"_s.arg(i).arg(n)), qPrintable(text));
            if (i == 1) // the chart's own words are text, so it was drawn as vectors
                QVERIFY2(text.contains(u"throughput (MB/s)"_s) && text.contains(u"Chart"_s), qPrintable(text));
        }
        QVERIFY(run(pdftotext, {pdf, u"-"_s}).contains(u"row 160"_s));
        keepCopy(pdf);
    }
    // A PDF that cannot be written names the file and leaves nothing behind.
    const QString bad = m_dir.filePath(u"missing/dir/report.pdf"_s);
    QVERIFY(!ComparisonReport::write(data, o, sections, bad, &error));
    QVERIFY2(error.contains(bad), qPrintable(error));
    QVERIFY(!ComparisonReport::write(data, o, sections, m_dir.filePath(u"report.doc"_s), &error));
    QVERIFY2(error.contains(u".html or .pdf"_s), qPrintable(error));
}

void TstCharts::reportPaper()
{
    QCOMPARE(ComparisonReport::paperFromName(u" Letter\n"_s), QPageSize::Letter);
    QCOMPARE(ComparisonReport::paperFromName(u"a4"_s), QPageSize::A4);
    QVERIFY(!ComparisonReport::paperFromName(u"b5"_s));
    QVERIFY(ComparisonReport::paperNames().contains(u"letter"_s));
    const QByteArray saved = qgetenv("PAPERSIZE");
    qputenv("PAPERSIZE", "letter");
    QCOMPARE(ComparisonReport::defaultPaper(), QPageSize::Letter);
    qputenv("PAPERSIZE", "a4");
    QCOMPARE(ComparisonReport::defaultPaper(), QPageSize::A4);
    if (saved.isNull())
        qunsetenv("PAPERSIZE");
    else
        qputenv("PAPERSIZE", saved);
}

void TstCharts::csvQuoting()
{
    PlottedTable t{{u"a"_s, u"b"_s}, {{u"x,y"_s, u"say \"hi\""_s}, {u"plain"_s, u"two\nlines"_s}}};
    QCOMPARE(t.toCsv(), u"a,b\r\n\"x,y\",\"say \"\"hi\"\"\"\r\nplain,\"two\nlines\"\r\n"_s);
    // Text a spreadsheet would run is guarded; negative numbers are not.
    PlottedTable f{{u"=cell"_s}, {{u"=1+1"_s}, {u"-12.5"_s}, {u"+x"_s}, {u"@A1"_s}, {u"-"_s}, {u"-1e-05"_s}}};
    QCOMPARE(f.toCsv(), u"'=cell\r\n'=1+1\r\n-12.5\r\n'+x\r\n'@A1\r\n'-\r\n-1e-05\r\n"_s);
}

void TstCharts::kindKeys()
{
    for (ChartKind k : allChartKinds())
        QCOMPARE(chartKindFromKey(chartKindKey(k)), k);
    QVERIFY(!chartKindFromKey(u"pie"_s));
}

void TstCharts::logValueAxis()
{
    // 0.5 to 95 Mbit/s: a linear axis would flatten the 1-byte bar to nothing.
    QCustomPlot plot;
    const ChartContent c = ChartBuilder::build(plot, bySize(), {});
    QVERIFY(c.logValueAxis);
    QCOMPARE(plot.yAxis->scaleType(), QCPAxis::stLogarithmic);
    QVERIFY2(plot.yAxis->label().contains(u"log scale"_s), qPrintable(plot.yAxis->label()));
    QVERIFY2(c.caption.contains(u"Log scale on the value axis"_s), qPrintable(c.caption));
    // Every positive bar is above the axis' lower end, so it shows.
    QVERIFY(plot.yAxis->range().lower < 0.5 && plot.yAxis->range().lower > 0);
    // Each bar ends at its value: its top is where the axis puts the value,
    // not raised by the axis' lower end (QCPBars draws base + value).
    plot.setGeometry(0, 0, 900, 600);
    plot.replot();
    int bars = 0;
    for (int i = 0; i < plot.plottableCount(); ++i) {
        auto *b = qobject_cast<QCPBars *>(plot.plottable(i));
        if (!b)
            continue;
        for (int k = 0; k < b->dataCount(); ++k) {
            const double value = b->data()->at(k)->value;
            QVERIFY2(std::abs(b->dataPixelPosition(k).y() - plot.yAxis->coordToPixel(value)) < 0.5,
                     qPrintable(u"bar of %1 drawn to %2"_s.arg(value).arg(plot.yAxis->pixelToCoord(b->dataPixelPosition(k).y()))));
            ++bars;
        }
    }
    QVERIFY(bars >= 4);
    // 60 to 95 Mbit/s stays linear, and says nothing about scales.
    QCustomPlot linear;
    const ChartContent l = ChartBuilder::build(linear, testdata::measured(), {});
    QVERIFY(!l.logValueAxis);
    QCOMPARE(linear.yAxis->scaleType(), QCPAxis::stLinear);
    QVERIFY(!linear.yAxis->label().contains(u"log"_s));
    QVERIFY(!l.caption.contains(u"Log scale"_s));
    // A negative value rules a log axis out.
    ComparisonData negative = bySize();
    negative.observations[0].values = {-5.0};
    QCustomPlot n;
    QVERIFY(!ChartBuilder::build(n, negative, {}).logValueAxis);
}

void TstCharts::logScaleSwitch()
{
    ChartOptions o;
    o.logScale = false;
    QCustomPlot linear;
    QVERIFY(!ChartBuilder::build(linear, bySize(), o).logValueAxis);
    QCOMPARE(linear.yAxis->scaleType(), QCPAxis::stLinear);
    QVERIFY(!ChartBuilder::caption(bySize(), o).contains(u"Log scale"_s));
    o.logScale = true;
    QCustomPlot log;
    QVERIFY(ChartBuilder::build(log, testdata::measured(), o).logValueAxis);
    QCOMPARE(log.yAxis->scaleType(), QCPAxis::stLogarithmic);
    QVERIFY(ChartBuilder::caption(testdata::measured(), o).contains(u"Log scale on the value axis"_s));
    // Sweeps honour it too: 0.1 to 95 Mbit/s is logarithmic unless told not.
    o.kind = ChartKind::Sweep;
    o.logScale.reset();
    QCustomPlot sweep;
    QVERIFY(ChartBuilder::build(sweep, testdata::withLines(), o).logValueAxis);
    QCOMPARE(sweep.yAxis->scaleType(), QCPAxis::stLogarithmic);
    o.logScale = false;
    QCustomPlot sweepLinear;
    const ChartContent c = ChartBuilder::build(sweepLinear, testdata::withLines(), o);
    QVERIFY(!c.logValueAxis);
    QCOMPARE(sweepLinear.yAxis->scaleType(), QCPAxis::stLinear);
    QVERIFY(c.logKeyAxis); // the sizes still span decades
    QVERIFY(c.caption.contains(u"Log scale on the size axis"_s));
}

void TstCharts::categoryOrder_data()
{
    QTest::addColumn<QStringList>("labels");
    QTest::addColumn<QStringList>("ordered");
    QTest::newRow("message sizes") << QStringList{u"1472 B"_s, u"64 B"_s, u"1 B"_s}
                                   << QStringList{u"1 B"_s, u"64 B"_s, u"1472 B"_s};
    QTest::newRow("file sizes and bytes") << QStringList{u"12 MB file"_s, u"512 B"_s, u"1 MB file"_s}
                                          << QStringList{u"512 B"_s, u"1 MB file"_s, u"12 MB file"_s};
    QTest::newRow("placeholder last") << QStringList{u"1472 B"_s, u"—"_s, u"64 B"_s}
                                      << QStringList{u"64 B"_s, u"1472 B"_s, u"—"_s};
    QTest::newRow("cable lengths") << QStringList{u"65 m"_s, u"1 m"_s, u"12.5 m"_s}
                                   << QStringList{u"1 m"_s, u"12.5 m"_s, u"65 m"_s};
    QTest::newRow("bare numbers") << QStringList{u"10"_s, u"9"_s, u"100"_s} << QStringList{u"9"_s, u"10"_s, u"100"_s};
    QTest::newRow("names stay") << QStringList{u"Hub"_s, u"FS108"_s, u"Cat5000"_s}
                                << QStringList{u"Hub"_s, u"FS108"_s, u"Cat5000"_s};
    QTest::newRow("dates stay") << QStringList{u"2024-05-02"_s, u"2024-05-01"_s}
                                << QStringList{u"2024-05-02"_s, u"2024-05-01"_s};
    QTest::newRow("one name keeps all") << QStringList{u"64 B"_s, u"1 B"_s, u"jumbo"_s}
                                        << QStringList{u"64 B"_s, u"1 B"_s, u"jumbo"_s};
    QTest::newRow("different units stay") << QStringList{u"64 B"_s, u"1 m"_s} << QStringList{u"64 B"_s, u"1 m"_s};
}

void TstCharts::categoryOrder()
{
    QFETCH(QStringList, labels);
    QFETCH(QStringList, ordered);
    QCOMPARE(orderCategories(labels), ordered);
}

void TstCharts::barsInNumericOrder()
{
    // The runs came 1472, 64, 1, 65507 B; the axis reads small to large.
    QCustomPlot plot;
    ChartOptions o;
    o.logScale = false;
    const ChartContent c = ChartBuilder::build(plot, bySize(), o);
    QCOMPARE(tickLabels(plot.xAxis), (QStringList{u"1 B"_s, u"64 B"_s, u"1472 B"_s, u"65507 B"_s}));
    auto *bars = plottables<QCPBars>(plot, u"measuredBars"_s).value(0);
    QVERIFY(bars);
    QCOMPARE(bars->data()->size(), 4);
    QCOMPARE(bars->data()->at(0)->value, 0.5);
    QCOMPARE(bars->data()->at(2)->value, 95.0);
    // The CSV reads like the axis.
    QCOMPARE(c.plotted().rows.value(0).value(0), u"1 B"_s);
    // Hover names the bar under the pointer, not the one first stored.
    ChartView view;
    view.resize(900, 600);
    view.setChart(bySize(), o);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.plot()->replot();
    auto *shown = plottables<QCPBars>(*view.plot(), u"measuredBars"_s)[0];
    const auto d = shown->data()->at(1);
    const QString text = view.hoverTextAt(shown->coordsToPixels(d->key, d->value / 2));
    QVERIFY2(text.startsWith(u"64 B"_s) && text.contains(u"run 2"_s), qPrintable(text));
}

void TstCharts::noLabelOnInvisibleBar()
{
    // 65507 B measured 0 Mbit/s: no bar to see, so no "0%" floating on the axis.
    ChartOptions o;
    o.logScale = false;
    QCustomPlot plot;
    ChartBuilder::build(plot, bySize(), o);
    QCOMPARE(itemsNamed(plot, u"pctLabel"_s), 3);
    for (int i = 0; i < plot.itemCount(); ++i)
        if (auto *t = qobject_cast<QCPItemText *>(plot.item(i)); t && t->objectName() == u"pctLabel"_s)
            QVERIFY2(t->text() != u"0.0%"_s, qPrintable(t->text()));
    // On a log axis the zero bar cannot show either.
    QCustomPlot log;
    ChartBuilder::build(log, bySize(), {});
    QCOMPARE(itemsNamed(log, u"pctLabel"_s), 3);
    // The legend says what the numbers over the bars are.
    auto *note = plot.findChild<LegendNote *>(u"pctLegendNote"_s);
    QVERIFY(note);
    bool inLegend = false;
    for (int i = 0; i < plot.legend->itemCount(); ++i)
        inLegend = inLegend || plot.legend->item(i) == note;
    QVERIFY(inLegend);
    QVERIFY2(note->text().contains(u"UDP line rate"_s), qPrintable(note->text()));
    // No ceiling, no % labels, nothing to explain.
    ComparisonData bare = bySize();
    bare.ceiling = 0;
    QCustomPlot none;
    ChartBuilder::build(none, bare, o);
    QCOMPARE(itemsNamed(none, u"pctLabel"_s), 0);
    QVERIFY(!none.findChild<LegendNote *>());
}

void TstCharts::pctLabelClearOfCeiling()
{
    // 1472 B at 95.0 of a 95.7 Mbit/s ceiling (99 %): its label stands above
    // the ceiling's dash, not on it, on a log and on a linear axis.
    for (const bool logAxis : {true, false}) {
        ChartOptions o;
        o.logScale = logAxis;
        ChartView view;
        view.resize(900, 600);
        view.setChart(bySize(), o);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.plot()->replot();
        QCustomPlot &plot = *view.plot();
        const auto ceilings = plottables<QCPGraph>(plot, u"ceiling"_s);
        QCOMPARE(ceilings.size(), 1);
        const double dashY = plot.yAxis->coordToPixel(95.7);
        int checked = 0;
        for (int i = 0; i < plot.itemCount(); ++i) {
            auto *t = qobject_cast<QCPItemText *>(plot.item(i));
            if (!t || t->objectName() != u"pctLabel"_s || t->text() != u"99%"_s)
                continue;
            const double textBottom = t->position->pixelPosition().y() - t->padding().bottom();
            QVERIFY2(textBottom < dashY - 1, qPrintable(u"log %1: text bottom %2, dash %3"_s.arg(logAxis).arg(textBottom).arg(dashY)));
            ++checked;
        }
        QCOMPARE(checked, 1);
    }
}

void TstCharts::sweepOnSizeAxis()
{
    // Points given out of size order keep their own error bars.
    ComparisonData d = testdata::withLines();
    PointSeries &s = d.sweeps[0];
    s.points = {{1472, 90}, {1, 0.1}, {64, 6}};
    s.errors = {3.0, 0.01, 0.5};
    QCustomPlot plot;
    ChartOptions o;
    o.kind = ChartKind::Sweep;
    const ChartContent c = ChartBuilder::build(plot, d, o);
    auto *line = plottables<QCPGraph>(plot, u"sweep"_s)[0];
    QCOMPARE(line->data()->size(), 3);
    QCOMPARE(line->data()->at(0)->key, 1.0);
    QCOMPARE(line->data()->at(1)->key, 64.0);
    QCOMPARE(line->data()->at(2)->key, 1472.0);
    auto *err = plottables<QCPErrorBars>(plot, u"ciErrorBars"_s)[0];
    QCOMPARE(err->dataPlottable(), line);
    QCOMPARE(err->data()->at(0).errorPlus, 0.01);
    QCOMPARE(err->data()->at(2).errorPlus, 3.0);
    QCOMPARE(c.plotted().rows.value(0).value(1), u"1"_s);
    // A numeric size axis, logarithmic across decades, saying so.
    QCOMPARE(plot.xAxis->scaleType(), QCPAxis::stLogarithmic);
    QVERIFY(plot.xAxis->label().contains(u"log scale"_s));
    // Sizes within one decade: linear, numeric, in order.
    ComparisonData narrow = testdata::withLines();
    narrow.sweeps = {PointSeries{u"frames"_s, u"run 9"_s, {{1518, 80}, {512, 70}, {1024, 75}}, {}}};
    narrow.sweepCeiling.clear();
    QCustomPlot n;
    ChartBuilder::build(n, narrow, o);
    QCOMPARE(n.xAxis->scaleType(), QCPAxis::stLinear);
    QVERIFY(n.xAxis->range().contains(512) && n.xAxis->range().contains(1518));
    QCOMPARE(plottables<QCPGraph>(n, u"sweep"_s)[0]->data()->at(0)->key, 512.0);
}

void TstCharts::sweepBaselinesAsMarkers()
{
    // The seeds' sweep is two historical figures: markers, never a line
    // claiming what lies between 1 and 1472 bytes.
    ChartOptions o;
    o.kind = ChartKind::Sweep;
    QCustomPlot seeds;
    ChartBuilder::build(seeds, seedSweep(), o);
    QVERIFY(plottables<QCPGraph>(seeds, u"sweep"_s).isEmpty());
    const auto historical = plottables<QCPGraph>(seeds, u"baselineMarkers"_s);
    QCOMPARE(historical.size(), 1);
    QCOMPARE(historical[0]->lineStyle(), QCPGraph::lsNone);
    QCOMPARE(historical[0]->data()->size(), 2);
    QVERIFY(historical[0]->name().contains(u"historical baseline"_s));

    // A store's sweep: one line over the runs, the sized baseline as a marker.
    QCustomPlot plot;
    o.logScale = false;
    const ChartContent c = ChartBuilder::build(plot, bySize(), o);
    QCOMPARE(plottables<QCPGraph>(plot, u"sweep"_s).size(), 1);
    const auto markers = plottables<QCPGraph>(plot, u"baselineMarkers"_s);
    QCOMPARE(markers.size(), 1);
    QCOMPARE(markers[0]->lineStyle(), QCPGraph::lsNone);
    QCOMPARE(markers[0]->data()->size(), 1);
    QCOMPARE(markers[0]->data()->at(0)->key, 1472.0);
    QCOMPARE(markers[0]->data()->at(0)->value, 93.0);
    // The line's points name their runs; the caption names every source.
    QVERIFY2(!c.caption.contains(u"Sources: none"_s), qPrintable(c.caption));
    for (const QString &source : {u"run 1"_s, u"run 2"_s, u"run 3"_s, u"run 4"_s, u"rgb 1999"_s})
        QVERIFY2(c.caption.contains(source), qPrintable(c.caption));
    QCOMPARE(c.plotted().rows.value(0).value(5), u"run 1"_s);
    ChartView view;
    view.resize(900, 600);
    view.setChart(bySize(), o);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.plot()->replot();
    auto *line = plottables<QCPGraph>(*view.plot(), u"sweep"_s)[0];
    const QString text = view.hoverTextAt(line->coordsToPixels(64, 30));
    QVERIFY2(text.contains(u"Source: run 2"_s), qPrintable(text));
    auto *marker = plottables<QCPGraph>(*view.plot(), u"baselineMarkers"_s)[0];
    const QString markerText = view.hoverTextAt(marker->coordsToPixels(1472, 93));
    QVERIFY2(markerText.contains(u"rgb 1999"_s) && markerText.contains(u"Zeus → Torus"_s), qPrintable(markerText));
}

void TstCharts::layoutFits_data()
{
    QTest::addColumn<int>("kind");
    QTest::addColumn<QString>("dataset");
    QTest::addColumn<QSize>("pixels");
    QTest::addColumn<int>("dpi");
    // The export dialog's default, the report's, the tests', a print-quality
    // PNG and a small one, and what the Compare page gives its chart in a
    // 1280x800 window (measured on the screenshot).
    const QList<std::tuple<const char *, QSize, int>> sizes{
        {"1200x780@150", QSize(1200, 780), 150}, {"1400x900@130", QSize(1400, 900), 130},
        {"1000x650@96", QSize(1000, 650), 96},   {"1600x1000@200", QSize(1600, 1000), 200},
        {"1200x780@200", QSize(1200, 780), 200}, {"window 1280x800", QSize(672, 576), 96},
    };
    const QList<std::tuple<const char *, ChartKind, QString>> charts{
        {"bars", ChartKind::Bars, u"measured"_s},
        {"ftp", ChartKind::Bars, u"ftp"_s},
        {"sweep-seed", ChartKind::Sweep, u"sweep"_s},
        {"long-names", ChartKind::Bars, u"long"_s},
        {"heatmap", ChartKind::HeatMap, u"ftp"_s},
    };
    for (const auto &[chartName, kind, dataset] : charts)
        for (const auto &[sizeName, pixels, dpi] : sizes)
            QTest::addRow("%s %s", chartName, sizeName) << int(kind) << dataset << pixels << dpi;
}

void TstCharts::layoutFits()
{
    QFETCH(int, kind);
    QFETCH(QString, dataset);
    QFETCH(QSize, pixels);
    QFETCH(int, dpi);
    ComparisonData data;
    if (dataset == u"measured"_s) {
        data = testdata::measured();
    } else if (dataset == u"long"_s) {
        // Series names as a lab writes them: long, and one longer than
        // the narrowest chart is wide.
        data = testdata::measured();
        for (Observation &ob : data.observations) {
            QString &driver = ob.attributes[u"driver"_s];
            driver += u" 1.2.3-k on the Intel 82540EM Gigabit Ethernet controller"_s;
            if (driver.startsWith(u"e1000"_s))
                driver += u", firmware 0.5-4, interrupt moderation off, ring buffers 4096, on the riser card"_s;
        }
        data.title = u"UDP_STREAM 1472 B between every host pair of the lab, through each switch, with each driver"_s;
    } else {
        data = seed(dataset);
    }
    ChartOptions o;
    o.kind = ChartKind(kind);
    QCustomPlot plot;
    plot.setPalette(ChartBuilder::printPalette());
    ChartBuilder::build(plot, data, o);
    // Laid out at the logical size an export of `pixels` at `dpi` uses.
    const double scale = dpi / 96.0;
    const QSize logical(int(std::lround(pixels.width() / scale)), int(std::lround(pixels.height() / scale)));
    const QImage image = layOut(plot, logical);
    if (const QString dir = qEnvironmentVariable("WB_CHART_SHOTS"); !dir.isEmpty())
        image.save(dir + u"/layout-"_s + QString::fromLatin1(QTest::currentDataTag()).replace(u' ', u'-') + u".png"_s);
    const QRect viewport(QPoint(0, 0), logical);
    QString why;
    for (const QString &name : {u"chartTitle"_s, u"chartCaption"_s}) {
        auto *e = plot.findChild<QCPTextElement *>(name);
        QVERIFY(e);
        QVERIFY2(viewport.contains(e->outerRect()), qPrintable(u"%1 at %2,%3 %4x%5 outside %6x%7"_s.arg(name)
            .arg(e->outerRect().x()).arg(e->outerRect().y()).arg(e->outerRect().width()).arg(e->outerRect().height())
            .arg(logical.width()).arg(logical.height())));
        QVERIFY2(textFits(e, &why), qPrintable(why));
    }
    if (plot.legend->visible()) {
        const QRect legend = plot.legend->outerRect();
        QVERIFY2(legend.left() >= 0 && legend.right() <= logical.width(),
                 qPrintable(u"legend %1..%2 outside 0..%3"_s.arg(legend.left()).arg(legend.right()).arg(logical.width())));
        // Every entry inside the chart and as wide as its text: squeezed
        // into a narrower cell, its text would run into the next one.
        for (int i = 0; i < plot.legend->itemCount(); ++i) {
            QCPAbstractLegendItem *item = plot.legend->item(i);
            if (!item)
                continue;
            const int needs = static_cast<QCPLayoutElement *>(item)->minimumOuterSizeHint().width();
            QVERIFY2(viewport.contains(item->outerRect()) && item->outerRect().width() >= needs,
                     qPrintable(u"legend entry %1 is %2 px wide at %3, needs %4"_s.arg(i).arg(item->outerRect().width())
                                    .arg(item->outerRect().x()).arg(needs)));
        }
    }
    QVERIFY(viewport.contains(plot.axisRect()->outerRect()));
    QVERIFY2(plot.axisRect()->height() > logical.height() / 4, "the plot keeps room for the data");
}

QTEST_MAIN(TstCharts)
#include "tst_charts.moc"
