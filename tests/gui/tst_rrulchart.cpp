// SPDX-License-Identifier: GPL-3.0-or-later
// flent's three-panel RRUL chart from a real rrul record (two agents in
// network namespaces behind a 20 Mbit/s tbf shaper each way,
// tests/data/rrul/shaped-20mbit.json): the panels, their series and axis
// ranges against the record's own samples, the CSV and PNG export, and the
// Results page's run detail showing and exporting it for an rrul run only.

#include "analysis/rrultimeline.h"
#include "chartexporter.h"
#include "qcustomplotinclude.h"
#include "rrulchart.h"
#include "rundetailview.h"
#include "store/resultstore.h"
#include "store/runstore.h"
#include "store/storeservice.h"

#include <QScopeGuard>
#include <QApplication>
#include <QFile>
#include <QImage>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTabWidget>
#include <QWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {

wb::ResultRecord shapedRecord()
{
    QFile f(QStringLiteral(WB_TEST_DATA_DIR "/rrul/shaped-20mbit.json"));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot open the rrul fixture");
    QString error;
    auto r = wb::ResultRecord::fromJson(QJsonDocument::fromJson(f.readAll()).object(), &error);
    if (!r)
        qFatal("rrul fixture: %s", qPrintable(error));
    return *r;
}

double maxSample(const wb::ResultRecord &r, const QString &prefix, const QString &suffix)
{
    double m = 0;
    for (const wb::Sample &s : r.samples)
        if (s.name.startsWith(prefix) && s.name.endsWith(suffix))
            m = std::max(m, s.value);
    return m;
}

QCPAxisRect *panel(QCustomPlot &plot, const QString &name)
{
    for (QCPAxisRect *r : plot.axisRects())
        if (r->objectName() == name)
            return r;
    return nullptr;
}

} // namespace

class TstRrulChart : public QObject
{
    Q_OBJECT
private slots:
    void timelineFromRealRecord();
    void threePanels();
    void exportsCsvAndPng();
    void runDetailShowsAndExportsIt();
    void followsThePaletteAndExportsLight();
};

void TstRrulChart::timelineFromRealRecord()
{
    const wb::ResultRecord r = shapedRecord();
    const wb::RrulTimeline t = wb::RrulTimeline::fromRecord(r);
    QCOMPARE(t.flows.size(), 8);
    QCOMPARE(t.flows.first().label, u"up 0"_s);
    QCOMPARE(t.flows.last().label, u"down 3"_s);
    QCOMPARE(t.probes.size(), 2);
    const QJsonObject probes = r.extra.value(u"probes"_s).toObject();
    for (const wb::RrulProbeSeries &p : t.probes) {
        const QJsonObject c = probes.value(p.name.toLower()).toObject();
        QCOMPARE(double(p.idleUs.size()), c.value(u"idle"_s).toObject().value(u"answered"_s).toDouble());
        QCOMPARE(double(p.loadedUs.size()), c.value(u"loaded"_s).toObject().value(u"answered"_s).toDouble());
        QVERIFY(std::is_sorted(p.idleUs.begin(), p.idleUs.end()));
        // The samples' own percentiles agree with the agent's histogram within its buckets and ranks.
        QVERIFY2(std::abs(wb::percentileOf(p.loadedUs, 50) - p.loadedP50Us) < 0.05 * p.loadedP50Us,
                 qPrintable(u"%1 vs %2"_s.arg(wb::percentileOf(p.loadedUs, 50)).arg(p.loadedP50Us)));
        QVERIFY(p.loadedP50Us > 10 * p.idleP50Us); // the bufferbloat the record shows
    }
    QCOMPARE(t.loadStartS, 5.0);
    QCOMPARE(t.loadEndS, 25.0);
    QCOMPARE(wb::RrulTimeline::fromRecord(wb::ResultRecord{}).isEmpty(), true);
}

void TstRrulChart::threePanels()
{
    const wb::ResultRecord r = shapedRecord();
    const wb::RrulTimeline t = wb::RrulTimeline::fromRecord(r);
    QCustomPlot plot;
    plot.resize(1200, 1200);
    const auto content = wb::charts::RrulChart::build(plot, t, u"rrul"_s);
    QCOMPARE(plot.axisRects().size(), 3);
    QCPAxisRect *tput = panel(plot, u"rrulThroughput"_s);
    QCPAxisRect *lat = panel(plot, u"rrulLatency"_s);
    QCPAxisRect *cdf = panel(plot, u"rrulCdf"_s);
    QVERIFY(tput && lat && cdf);
    QCOMPARE(tput->graphs().size(), 8);
    QCOMPARE(lat->graphs().size(), 2);
    QCOMPARE(cdf->graphs().size(), 4);
    // Axis ranges from the data: time to the last sample (the flows drain
    // after the load's end), 10 % headroom over the highest sample.
    double lastT = 0;
    for (const wb::Sample &s : r.samples)
        if (s.name.startsWith(u"stream_"_s) || s.name.endsWith(u"_probe_latency_us"_s))
            lastT = std::max(lastT, s.t);
    QVERIFY(lastT >= 25.0);
    QCOMPARE(tput->axis(QCPAxis::atBottom)->range().upper, lastT);
    QCOMPARE(lat->axis(QCPAxis::atBottom)->range(), tput->axis(QCPAxis::atBottom)->range());
    const double maxMbit = maxSample(r, u"stream_"_s, u"_throughput_bps"_s) / 1e6;
    QCOMPARE(tput->axis(QCPAxis::atLeft)->range().upper, maxMbit * 1.1);
    // The client's own byte counts per 0.2 s: a send buffer filling or a read
    // catching up beats the shaper's 20 Mbit/s for an interval; on average it cannot.
    QVERIFY(maxMbit > 5);
    const double maxMs = maxSample(r, u""_s, u"_probe_latency_us"_s) / 1000;
    QCOMPARE(lat->axis(QCPAxis::atLeft)->range().upper, maxMs * 1.1);
    QCOMPARE(cdf->axis(QCPAxis::atBottom)->range().upper, maxMs * 1.05);
    QCOMPARE(cdf->axis(QCPAxis::atLeft)->range(), QCPRange(0, 100));
    QCOMPARE(tput->axis(QCPAxis::atLeft)->label(), u"per flow at the client (Mbit/s)"_s);
    QCOMPARE(cdf->axis(QCPAxis::atBottom)->label(), u"round trip (ms)"_s);
    // Each CDF climbs to 100 % over as many points as the phase had probes (plus its start at 0).
    auto *udpLoaded = plot.findChild<QCPGraph *>(u"cdf_udp_loaded"_s);
    QVERIFY(udpLoaded);
    QCOMPARE(udpLoaded->data()->size(), t.probes.first().loadedUs.size() + 1);
    QCOMPARE((udpLoaded->data()->constEnd() - 1)->value, 100.0);
    QCOMPARE(udpLoaded->name(), u"UDP loaded (%1)"_s.arg(t.probes.first().loadedUs.size()));
    QVERIFY(plot.findChild<QCPGraph *>(u"cdf_tcp_idle"_s));
    auto *up0 = plot.findChild<QCPGraph *>(u"flow_up_0"_s);
    QVERIFY(up0 && up0->data()->size() == t.flows.first().points.size());
    // The load's start is marked in both time panels.
    int lines = 0;
    for (int i = 0; i < plot.itemCount(); ++i)
        if (auto *l = qobject_cast<QCPItemStraightLine *>(plot.item(i))) {
            QCOMPARE(l->point1->coords().x(), 5.0);
            ++lines;
        }
    QCOMPARE(lines, 2);
    QVERIFY2(content.caption.contains(u"UDP probe: idle p50 "_s) && content.caption.contains(u"4 flows up, 4 down"_s),
             qPrintable(content.caption));
    // Empty: says so.
    QCustomPlot empty;
    const auto none = wb::charts::RrulChart::build(empty, wb::RrulTimeline{}, u"x"_s);
    QCOMPARE(none.caption, u"no rrul samples"_s);
}

void TstRrulChart::exportsCsvAndPng()
{
    QTemporaryDir dir;
    const wb::RrulTimeline t = wb::RrulTimeline::fromRecord(shapedRecord());
    QString error;
    QVERIFY2(wb::charts::RrulChart::exportChart(t, u"rrul"_s, wb::charts::ExportFormat::Csv, dir.filePath(u"r.csv"_s),
                                                {}, &error),
             qPrintable(error));
    QFile csv(dir.filePath(u"r.csv"_s));
    QVERIFY(csv.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = csv.readAll().split('\n');
    QCOMPARE(lines.first().trimmed(), QByteArray("panel,series,x,y"));
    int cdfRows = 0;
    for (const QByteArray &l : lines)
        cdfRows += l.startsWith("cdf,") ? 1 : 0;
    QCOMPARE(cdfRows, int(t.probes.at(0).idleUs.size() + t.probes.at(0).loadedUs.size() + t.probes.at(1).idleUs.size()
                          + t.probes.at(1).loadedUs.size()));
    for (const auto format : {wb::charts::ExportFormat::Png, wb::charts::ExportFormat::Pdf}) {
        const QString path = dir.filePath(u"r."_s + wb::charts::ChartExporter::suffix(format));
        QVERIFY2(wb::charts::RrulChart::exportChart(t, u"rrul"_s, format, path, {QSize(1200, 1200), 96}, &error),
                 qPrintable(error));
        QVERIFY(QFileInfo(path).size() > 1000);
    }
    QCOMPARE(QImage(dir.filePath(u"r.png"_s)).size(), QSize(1200, 1200));
    QVERIFY(!wb::charts::RrulChart::exportChart(t, u"rrul"_s, wb::charts::ExportFormat::Png, u"/nonexistent/r.png"_s,
                                                {}, &error));
    QVERIFY2(error.contains(u"/nonexistent/r.png"_s), qPrintable(error));
}

void TstRrulChart::runDetailShowsAndExportsIt()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(u"r.sqlite"_s);
    qint64 rrulId = 0, plainId = 0;
    {
        auto store = wb::ResultStore::open(db);
        QVERIFY(store);
        wb::StoredRun rrul;
        rrul.testCase = u"rrul"_s;
        rrul.record = shapedRecord();
        wb::StoredRun plain;
        plain.testCase = u"tcp"_s;
        plain.record.kind = u"tcp_stream"_s;
        plain.record.addMetric(u"throughput_bps"_s, u"server"_s, 1e6);
        QVERIFY((*store)->runs().saveRuns({rrul, plain}));
        auto runs = (*store)->runs().listRuns({});
        QVERIFY(runs && runs->size() == 2);
        for (const auto &r : *runs)
            (r.record.kind == u"rrul"_s ? rrulId : plainId) = r.id;
    }
    wb::gui::RunDetailView view;
    auto service = std::make_shared<wb::StoreService>(db);
    service->start();
    view.setStore(service);
    QSignalSpy shown(&view, &wb::gui::RunDetailView::runShown);
    view.showRun(rrulId);
    QTRY_COMPARE_WITH_TIMEOUT(shown.size(), 1, 10000);
    QVERIFY(view.rrulPlot());
    QCOMPARE(view.rrulPlot()->axisRects().size(), 3);
    QVERIFY(view.rrulPlot()->findChild<QCPGraph *>(u"cdf_udp_loaded"_s));
    auto *tabs = view.findChild<QTabWidget *>();
    const int tab = tabs->indexOf(view.rrulPlot()->parentWidget());
    QVERIFY(tab >= 0);
    QCOMPARE(tabs->tabText(tab), u"Latency under load"_s);
    // docs/screenshots/rrul.png: WB_RRUL_SCREENSHOT=PATH xvfb-run -a -s "-screen 0 1280x800x24" tst_rrulchart
    if (const QString shot = qEnvironmentVariable("WB_RRUL_SCREENSHOT"); !shot.isEmpty()) {
        tabs->setCurrentIndex(tab);
        view.resize(1280, 800);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.rrulPlot()->replot();
        QVERIFY(view.grab().save(shot));
    }
    // The run read back from SQLite draws and exports as the record did.
    const QString png = dir.filePath(u"detail.png"_s);
    QString error;
    QVERIFY2(view.exportRrulChart(png, &error), qPrintable(error));
    QCOMPARE(QImage(png).size(), QSize(1200, 1200));
    QVERIFY(!view.exportRrulChart(dir.filePath(u"detail.bmp"_s), &error));
    QVERIFY2(error.contains(u"detail.bmp"_s), qPrintable(error));
    view.showRun(plainId);
    QTRY_COMPARE_WITH_TIMEOUT(shown.size(), 2, 10000);
    QVERIFY(!view.rrulPlot());
    QVERIFY(!view.exportRrulChart(png, &error));
}

// On a dark palette the chart follows the page (dark background, light
// text); an exported file is light whatever the screen uses.
void TstRrulChart::followsThePaletteAndExportsLight()
{
    const QPalette before = QApplication::palette();
    auto restore = qScopeGuard([&] { QApplication::setPalette(before); });
    QPalette dark(QColor(0x30, 0x30, 0x30));
    dark.setColor(QPalette::Base, QColor(0x20, 0x20, 0x20));
    dark.setColor(QPalette::Text, QColor(0xf0, 0xf0, 0xf0));
    QApplication::setPalette(dark);
    const auto t = wb::RrulTimeline::fromRecord(shapedRecord());
    QCustomPlot plot;
    plot.resize(800, 800);
    wb::charts::RrulChart::build(plot, t, u"chart"_s);
    QVERIFY2(qGray(plot.toPixmap(800, 800).toImage().pixel(2, 797)) < 60, "the chart on a dark page is not dark");
    QCOMPARE(plot.axisRect()->axis(QCPAxis::atBottom)->tickLabelColor(), QColor(0xf0, 0xf0, 0xf0));
    QTemporaryDir dir;
    QString error;
    const QString path = dir.filePath(u"c.png"_s);
    QVERIFY2(wb::charts::RrulChart::exportChart(t, u"chart"_s, wb::charts::ExportFormat::Png, path, {QSize(800, 800), 96},
                                            &error),
             qPrintable(error));
    const QImage img(path);
    QVERIFY(!img.isNull());
    QVERIFY2(qGray(img.pixel(2, img.height() - 3)) > 200, "the exported chart's background is not light");
}

QTEST_MAIN(TstRrulChart)
#include "tst_rrulchart.moc"
