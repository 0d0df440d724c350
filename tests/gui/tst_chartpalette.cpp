// SPDX-License-Identifier: GPL-3.0-or-later
// Dark and light palettes respected: the comparison chart's background,
// axes, labels, legend and title follow the palette (also when it changes
// while shown), the ceiling line lightens on dark, the samples plot and the topology view too, and exported
// files stay light for printing whatever the screen uses.

#include "tinylab.h"
#include "apppalette.h"
#include "chartbuilder.h"
#include "chartexporter.h"
#include "chartfixtures.h"
#include "chartview.h"
#include "qcustomplotinclude.h"
#include "samplesplot.h"
#include "topologyscene.h"

#include <QApplication>
#include <QFile>
#include <QGraphicsLineItem>
#include <QGraphicsSimpleTextItem>
#include <QImage>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace wb;

class TstChartPalette : public QObject
{
    Q_OBJECT
private slots:
    void chartFollowsDarkPalette_data();
    void chartFollowsDarkPalette();
    void paletteChangeRedraws();
    void samplesPlotFollowsPalette();
    void topologyFollowsPalette();
    void exportsStayLight();
    void unknownPaletteName();
    void messageColoursReadable();
};

namespace {

// Every axis of every axis rect and colour scale.
QList<QCPAxis *> allAxes(QCustomPlot *plot)
{
    QList<QCPAxis *> axes;
    for (QCPAxisRect *r : plot->axisRects())
        axes += r->axes();
    for (QCPLayoutElement *e : plot->plotLayout()->elements(true))
        if (auto *scale = qobject_cast<QCPColorScale *>(e))
            axes << scale->axis();
    return axes;
}

} // namespace

void TstChartPalette::chartFollowsDarkPalette_data()
{
    QTest::addColumn<int>("kind");
    QTest::newRow("bars") << int(charts::ChartKind::Bars);
    QTest::newRow("timeseries") << int(charts::ChartKind::TimeSeries);
    QTest::newRow("cdf") << int(charts::ChartKind::LatencyCdf);
    QTest::newRow("sweep") << int(charts::ChartKind::Sweep);
    QTest::newRow("heatmap") << int(charts::ChartKind::HeatMap);
}

void TstChartPalette::chartFollowsDarkPalette()
{
    QFETCH(int, kind);
    const QPalette dark = gui::AppPalette::dark();
    const QColor text = dark.color(QPalette::Text);
    const QColor base = dark.color(QPalette::Base);
    charts::ChartView view;
    view.setPalette(dark);
    view.resize(900, 600);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    charts::ChartOptions o;
    o.kind = charts::ChartKind(kind);
    ComparisonData d = testdata::withLines();
    if (o.kind == charts::ChartKind::HeatMap) {
        d = testdata::ftpTable(); // the host-pair table
    }
    QVERIFY(charts::chartKindAvailable(d, o.kind));
    view.setChart(d, o);
    QCustomPlot *plot = view.plot();
    for (QCPAxis *axis : allAxes(plot)) {
        QCOMPARE(axis->labelColor(), text);
        QCOMPARE(axis->tickLabelColor(), text);
        QCOMPARE(axis->basePen().color(), text);
    }
    QCOMPARE(plot->legend->textColor(), text);
    QCOMPARE(plot->legend->brush().color(), base);
    int items = 0;
    for (int i = 0; i < plot->legend->itemCount(); ++i)
        if (QCPAbstractLegendItem *item = plot->legend->item(i)) {
            QCOMPARE(item->textColor(), text);
            ++items;
        }
    QVERIFY(items > 0 || !plot->legend->visible());
    auto *title = plot->findChild<QCPTextElement *>(u"chartTitle"_s);
    QVERIFY(title);
    QCOMPARE(title->textColor(), text);
    // The pixels: a dark background in the corner, not white.
    const QImage img = plot->toPixmap(400, 300).toImage();
    QCOMPARE(img.pixelColor(2, 2).rgb(), base.rgb());
}

void TstChartPalette::paletteChangeRedraws()
{
    charts::ChartView view;
    view.resize(800, 500);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setPalette(gui::AppPalette::light());
    view.setChart(testdata::measured(), {});
    const QColor lightText = gui::AppPalette::light().color(QPalette::Text);
    QCOMPARE(view.plot()->xAxis->labelColor(), lightText);
    // Switching to dark while shown redraws the same chart in dark colours.
    const auto ceiling = [&view]() -> QCPGraph * {
        for (int i = 0; i < view.plot()->plottableCount(); ++i)
            if (view.plot()->plottable(i)->objectName() == u"ceiling"_s)
                return qobject_cast<QCPGraph *>(view.plot()->plottable(i));
        return nullptr;
    };
    QVERIFY(ceiling());
    const QColor lightCeiling = ceiling()->pen().color();
    view.setPalette(gui::AppPalette::dark());
    QCOMPARE(view.plot()->xAxis->labelColor(), gui::AppPalette::dark().color(QPalette::Text));
    QCOMPARE(view.data().title, testdata::measured().title);
    // The ceiling line stands out from the dark background: lighter and wider.
    QVERIFY(ceiling());
    const QColor darkCeiling = ceiling()->pen().color();
    const QColor darkBase = gui::AppPalette::dark().color(QPalette::Base);
    QVERIFY(darkCeiling.lightness() - darkBase.lightness() > lightCeiling.lightness() - darkBase.lightness());
    QVERIFY(darkCeiling.lightness() - darkBase.lightness() >= 100);
    QVERIFY(ceiling()->pen().widthF() > 2);
}

void TstChartPalette::samplesPlotFollowsPalette()
{
    QWidget host;
    host.setPalette(gui::AppPalette::dark());
    auto *plot = new QCustomPlot(&host);
    gui::SamplesPlot::setUp(plot);
    gui::SamplesPlot::show(plot, u"udp_stream"_s,
                           {Sample{1, u"server"_s, u"throughput_bps"_s, 9e7}, Sample{2, u"server"_s, u"throughput_bps"_s, 9.1e7}});
    const QColor text = gui::AppPalette::dark().color(QPalette::Text);
    QCOMPARE(plot->xAxis->labelColor(), text);
    QCOMPARE(plot->yAxis->tickLabelColor(), text);
    QCOMPARE(plot->legend->item(0)->textColor(), text);
}

void TstChartPalette::topologyFollowsPalette()
{
    QString error;
    const auto lab = wbtest::tinyLab(&error);
    QVERIFY2(lab, qPrintable(error));
    for (const QPalette &p : {gui::AppPalette::dark(), gui::AppPalette::light()}) {
        gui::TopologyScene scene;
        scene.setPalette(p);
        scene.rebuild(*lab);
        const bool dark = p.color(QPalette::Base).lightness() < 128;
        int edges = 0, texts = 0;
        for (QGraphicsItem *item : scene.items()) {
            if (auto *line = qgraphicsitem_cast<QGraphicsLineItem *>(item)) {
                ++edges;
                // Lines stand out from the background: light on dark, dark on light.
                QCOMPARE(line->pen().color().lightness() > 128, dark);
            } else if (auto *t = qgraphicsitem_cast<QGraphicsSimpleTextItem *>(item)) {
                ++texts;
                QCOMPARE(t->brush().color(), p.color(QPalette::Text));
            } else if (auto *box = qgraphicsitem_cast<QGraphicsRectItem *>(item);
                       box && box->data(gui::TopologyScene::kKindKey).toInt() == gui::TopologyScene::HostNode) {
                QCOMPARE(box->brush().color().lightness() < 128, dark); // text stays readable on it
            }
        }
        QCOMPARE(edges, 3);
        QVERIFY(texts >= 6);
    }
}

void TstChartPalette::exportsStayLight()
{
    QApplication::setPalette(gui::AppPalette::dark());
    QTemporaryDir dir;
    const QString png = dir.filePath(u"c.png"_s);
    QString error;
    QVERIFY2(charts::ChartExporter::exportChart(testdata::measured(), {}, charts::ExportFormat::Png, png,
                                                {QSize(600, 400), 96}, &error),
             qPrintable(error));
    const QImage img(png);
    QVERIFY(!img.isNull());
    QCOMPARE(img.pixelColor(2, 2).rgb(), QColor(Qt::white).rgb());
    QApplication::setPalette(gui::AppPalette::light());
}

void TstChartPalette::unknownPaletteName()
{
    QString error;
    QVERIFY(!gui::AppPalette::apply(u"purple"_s, &error));
    QVERIFY(error.contains(u"purple"_s) && error.contains(u"dark, light or system"_s));
    QVERIFY(gui::AppPalette::apply(u"system"_s, &error));
}

void TstChartPalette::messageColoursReadable()
{
    // Error and warning text keeps its distance from the background.
    for (const QPalette &p : {gui::AppPalette::dark(), gui::AppPalette::light()}) {
        const int base = p.color(QPalette::Base).lightness();
        QVERIFY(std::abs(gui::AppPalette::errorColour(p).lightness() - base) > 80);
        QVERIFY(std::abs(gui::AppPalette::warningColour(p).lightness() - base) > 80);
    }
}

QTEST_MAIN(TstChartPalette)
#include "tst_chartpalette.moc"
