// SPDX-License-Identifier: GPL-3.0-or-later
// The drops-over-time chart: lost datagrams per interval as bars and the
// received rate as a line per direction, the plotted points as CSV, a PNG
// off-screen, title and totals inside a small chart; and the Results page's
// run detail showing it for a soak run read from a real database (and not
// for a run without loss samples).

#include "analysis/droptimeline.h"
#include "chartexporter.h"
#include "dropschart.h"
#include "qcustomplotinclude.h"
#include "rundetailview.h"
#include "store/resultstore.h"
#include "store/runstore.h"
#include "store/storeservice.h"

#include <QScopeGuard>
#include <QApplication>
#include <QFile>
#include <QImage>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {

wb::ResultRecord soakRecord()
{
    wb::ResultRecord r;
    r.kind = u"soak"_s;
    r.tool = u"wirebench-agent"_s;
    r.addMetric(u"packets_per_s"_s, u"server"_s, 40000);
    for (int t = 1; t <= 5; ++t) {
        r.samples.append(wb::Sample{double(t), u"server"_s, u"lost_packets"_s, t >= 3 ? 100.0 * t : 0.0});
        r.samples.append(wb::Sample{double(t), u"server"_s, u"received_packets"_s, 40000});
        r.samples.append(wb::Sample{double(t), u"client"_s, u"lost_packets"_s, 0});
        r.samples.append(wb::Sample{double(t), u"client"_s, u"received_packets"_s, 1000});
    }
    return r;
}

} // namespace

class TstDropsChart : public QObject
{
    Q_OBJECT
private slots:
    void barsAndRatesPerDirection();
    void exportsCsvAndPng();
    void textFitsSmallChart();
    void runDetailShowsDrops();
    void followsThePaletteAndExportsLight();
};

void TstDropsChart::barsAndRatesPerDirection()
{
    QCustomPlot plot;
    const wb::DropTimeline t = wb::DropTimeline::fromRecord(soakRecord());
    const auto content = wb::charts::DropsChart::build(plot, t, u"soak"_s);
    auto *lost = plot.findChild<QCPBars *>(u"lost_server"_s);
    QVERIFY(lost);
    QCOMPARE(lost->data()->size(), 5);
    QCOMPARE((lost->data()->constBegin() + 4)->value, 500.0);
    QVERIFY(plot.findChild<QCPBars *>(u"lost_client"_s));
    auto *rate = plot.findChild<QCPGraph *>(u"rate_client"_s);
    QVERIFY(rate);
    QCOMPARE(rate->data()->constBegin()->value, 1000.0); // received per second in the first interval
    QCOMPARE(content.table.rows.size(), 10);
    QVERIFY2(content.caption.contains(u"worst interval 4.0–5.0 s with 500 lost"_s), qPrintable(content.caption));
    QVERIFY(content.caption.contains(u"drops started at 2.0 s"_s));

    QCustomPlot empty;
    const auto none = wb::charts::DropsChart::build(empty, wb::DropTimeline{}, u"x"_s);
    QVERIFY(none.table.rows.isEmpty());
    QVERIFY(none.caption.contains(u"no per-interval loss samples"_s));
}

void TstDropsChart::textFitsSmallChart()
{
    // The run detail's tab is small: the title and the totals wrap, not cut.
    QCustomPlot plot;
    wb::charts::DropsChart::build(plot, wb::DropTimeline::fromRecord(soakRecord()),
                                  u"Drops over time of a long soak between two hosts of the lab"_s);
    const QSize size(420, 300);
    QImage image(size, QImage::Format_ARGB32_Premultiplied);
    QCPPainter painter(&image);
    plot.toPainter(&painter, size.width(), size.height());
    int texts = 0;
    for (QCPLayoutElement *e : plot.plotLayout()->elements(true)) {
        auto *text = qobject_cast<QCPTextElement *>(e);
        if (!text)
            continue;
        ++texts;
        const QRect r = text->rect();
        const QRect need = QFontMetrics(text->font()).boundingRect(QRect(0, 0, r.width(), 100000),
                                                                   text->textFlags() | Qt::TextWordWrap, text->text());
        QVERIFY2(QRect(QPoint(0, 0), size).contains(text->outerRect()) && need.height() <= r.height() + 1
                     && need.width() <= r.width() + 1,
                 qPrintable(u"%1: needs %2x%3, has %4x%5"_s.arg(text->text().left(30)).arg(need.width()).arg(need.height())
                                .arg(r.width()).arg(r.height())));
    }
    QCOMPARE(texts, 2);
}

void TstDropsChart::exportsCsvAndPng()
{
    QTemporaryDir dir;
    const wb::DropTimeline t = wb::DropTimeline::fromRecord(soakRecord());
    QString error;
    QVERIFY2(wb::charts::DropsChart::exportChart(t, u"soak"_s, wb::charts::ExportFormat::Csv, dir.filePath(u"d.csv"_s),
                                                 {}, &error),
             qPrintable(error));
    QFile csv(dir.filePath(u"d.csv"_s));
    QVERIFY(csv.open(QIODevice::ReadOnly));
    const QByteArray text = csv.readAll();
    QVERIFY2(text.startsWith("t_start_s,t_end_s,direction,lost,received,received_per_s"), text.constData());
    QVERIFY(text.contains("4,5,client → server,500,40000,40000"));
    QVERIFY(wb::charts::DropsChart::exportChart(t, u"soak"_s, wb::charts::ExportFormat::Png, dir.filePath(u"d.png"_s),
                                                {}, &error));
    QFile png(dir.filePath(u"d.png"_s));
    QVERIFY(png.open(QIODevice::ReadOnly) && png.read(8) == QByteArray("\x89PNG\r\n\x1a\n", 8));
    // A file it cannot write is an error naming it.
    QVERIFY(!wb::charts::DropsChart::exportChart(t, u"soak"_s, wb::charts::ExportFormat::Png,
                                                 u"/nonexistent/dir/d.png"_s, {}, &error));
    QVERIFY2(error.contains(u"/nonexistent/dir/d.png"_s), qPrintable(error));
}

void TstDropsChart::runDetailShowsDrops()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(u"r.sqlite"_s);
    qint64 soakId = 0, plainId = 0;
    {
        auto store = wb::ResultStore::open(db);
        QVERIFY(store);
        wb::StoredRun soak;
        soak.testCase = u"soak"_s;
        soak.record = soakRecord();
        wb::StoredRun plain;
        plain.testCase = u"udp"_s;
        plain.record.kind = u"udp_stream"_s;
        plain.record.addMetric(u"throughput_bps"_s, u"server"_s, 1e6);
        QVERIFY((*store)->runs().saveRuns({soak, plain}));
        auto runs = (*store)->runs().listRuns({});
        QVERIFY(runs && runs->size() == 2);
        for (const auto &r : *runs)
            (r.record.kind == u"soak"_s ? soakId : plainId) = r.id;
    }
    wb::gui::RunDetailView view;
    auto service = std::make_shared<wb::StoreService>(db);
    service->start();
    view.setStore(service);
    QSignalSpy shown(&view, &wb::gui::RunDetailView::runShown);
    view.showRun(soakId);
    QTRY_COMPARE_WITH_TIMEOUT(shown.size(), 1, 10000);
    QVERIFY(view.dropsPlot());
    QVERIFY(view.dropsPlot()->findChild<QCPBars *>(u"lost_server"_s));
    auto *tabs = view.findChild<QTabWidget *>();
    QVERIFY(tabs->indexOf(view.dropsPlot()) >= 0);
    view.showRun(plainId);
    QTRY_COMPARE_WITH_TIMEOUT(shown.size(), 2, 10000);
    QVERIFY(!view.dropsPlot());
}

// On a dark palette the chart follows the page (dark background, light
// text); an exported file is light whatever the screen uses.
void TstDropsChart::followsThePaletteAndExportsLight()
{
    const QPalette before = QApplication::palette();
    auto restore = qScopeGuard([&] { QApplication::setPalette(before); });
    QPalette dark(QColor(0x30, 0x30, 0x30));
    dark.setColor(QPalette::Base, QColor(0x20, 0x20, 0x20));
    dark.setColor(QPalette::Text, QColor(0xf0, 0xf0, 0xf0));
    QApplication::setPalette(dark);
    const auto t = wb::DropTimeline::fromRecord(soakRecord());
    QCustomPlot plot;
    plot.resize(800, 800);
    wb::charts::DropsChart::build(plot, t, u"chart"_s);
    QVERIFY2(qGray(plot.toPixmap(800, 800).toImage().pixel(2, 797)) < 60, "the chart on a dark page is not dark");
    QCOMPARE(plot.axisRect()->axis(QCPAxis::atBottom)->tickLabelColor(), QColor(0xf0, 0xf0, 0xf0));
    QTemporaryDir dir;
    QString error;
    const QString path = dir.filePath(u"c.png"_s);
    QVERIFY2(wb::charts::DropsChart::exportChart(t, u"chart"_s, wb::charts::ExportFormat::Png, path, {QSize(800, 800), 96},
                                            &error),
             qPrintable(error));
    const QImage img(path);
    QVERIFY(!img.isNull());
    QVERIFY2(qGray(img.pixel(2, img.height() - 3)) > 200, "the exported chart's background is not light");
}

QTEST_MAIN(TstDropsChart)
#include "tst_dropschart.moc"
