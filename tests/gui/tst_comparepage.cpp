// SPDX-License-Identifier: GPL-3.0-or-later
// The Compare page offscreen: nothing to compare without a database,
// selectors that rebuild chart and ratio table, verdicts from the comparison
// engine in the table, a provider seam, and export through the keyboard
// shortcuts.

#include "analysis/comparisonprovider.h"
#include "apppalette.h"
#include "chartfixtures.h"
#include "chartview.h"
#include "comparepage.h"
#include "pngexportdialog.h"
#include "qcustomplotinclude.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QFileDialog>
#include <QSpinBox>
#include <QImage>
#include <QLabel>
#include <QSemaphore>
#include <QSignalSpy>
#include <QThreadPool>
#include <QStandardItemModel>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

using namespace Qt::StringLiterals;
using namespace wb;
using wb::gui::ComparePage;

namespace {

QString cell(const ComparePage &page, int row, int column)
{
    return page.ratioModel()->item(row, column)->text();
}

int rowOf(const ComparePage &page, const QString &label)
{
    for (int r = 0; r < page.ratioModel()->rowCount(); ++r)
        if (page.ratioModel()->item(r, ComparePage::GroupColumn)->text() == label)
            return r;
    return -1;
}

int barsCount(QCustomPlot *plot)
{
    int n = 0;
    for (int i = 0; i < plot->plottableCount(); ++i)
        n += qobject_cast<QCPBars *>(plot->plottable(i)) ? int(qobject_cast<QCPBars *>(plot->plottable(i))->data()->size()) : 0;
    return n;
}

// A provider standing in for the results store.
class FixtureProvider : public ComparisonProvider
{
public:
    QString origin() const override { return QString(); }
    QStringList datasetNames() const override { return names; }
    QStringList names{u"lab runs"_s};
    std::optional<ComparisonData> dataset(const QString &name, QString *error) const override
    {
        if (name == u"lab runs"_s)
            return testdata::withLines();
        if (name == u"ftp"_s)
            return testdata::ftpTable();
        *error = u"no such dataset"_s;
        return std::nullopt;
    }
};

} // namespace

class TstComparePage : public QObject
{
    Q_OBJECT
private slots:
    void nothingWithoutADatabase();
    void bannerFollowsPalette();
    void ratioTableForSingleFigures();
    void welchVerdictsInTable();
    void environmentDiffBesideVerdict();
    void selectorsRebuild();
    void logScaleToggle();
    void unavailableKindsDisabled();
    void providerSeam();
    void goingWaitsForItsBuild();
    void goingDropsABuildNotStarted();
    void exportShortcuts();
    void pngDialogFlow();
    void screenshot();

private:
    QTemporaryDir m_dir;
};

void TstComparePage::nothingWithoutADatabase()
{
    // No typed-in figures: without a database there is nothing to compare,
    // and the page says where to get something.
    ComparePage page;
    page.resize(1200, 700);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    QVERIFY(page.data().observations.isEmpty());
    QCOMPARE(barsCount(page.chartView()->plot()), 0);
    QVERIFY(page.findChild<QLabel *>(u"exportStatus"_s)->text().contains(u"Open a results database"_s));
}

// The banner naming the database reads on dark as on light: not pale yellow
// on a dark page.
void TstComparePage::bannerFollowsPalette()
{
    ComparePage page;
    page.setPalette(wb::gui::AppPalette::light());
    auto *banner = page.findChild<QLabel *>(u"dataOrigin"_s);
    QVERIFY(banner);
    QVERIFY2(banner->styleSheet().contains(u"#fff4ce"_s), qPrintable(banner->styleSheet()));
    page.setPalette(wb::gui::AppPalette::dark());
    QVERIFY2(!banner->styleSheet().contains(u"#fff4ce"_s), qPrintable(banner->styleSheet()));
    const QColor background(banner->styleSheet().section(u"background: "_s, 1).left(7));
    QVERIFY(background.isValid() && background.lightness() < 100);
}

void TstComparePage::ratioTableForSingleFigures()
{
    ComparePage page;
    page.setData(testdata::ftpTable());
    QAbstractItemModelTester tester(page.ratioModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    // Every baseline is its own cell: 8 pairs x 2 sinks, never pooled.
    QCOMPARE(page.ratioModel()->rowCount(), 16);
    QCOMPARE(page.ratioModel()->columnCount(), int(ComparePage::ColumnCount));
    QCOMPARE(cell(page, 0, ComparePage::GroupColumn), u"Zeus → Torus · E. Rodichev 1997 · file → file"_s);
    QCOMPARE(cell(page, 0, ComparePage::RatioColumn), u"reference"_s);
    QCOMPARE(cell(page, 0, ComparePage::CountColumn), u"1"_s);
    QCOMPARE(cell(page, 0, ComparePage::MeanColumn), u"0.81 (single measurement)"_s);
    QVERIFY(page.ratioModel()->item(0, ComparePage::GroupColumn)->font().italic()); // a baseline
    QVERIFY(page.ratioModel()->item(0, ComparePage::GroupColumn)->toolTip().contains(u"Historical baseline: E. Rodichev"_s));
    // Torus -> Zeus file->file 6.1 vs 0.81: 7.531x, one figure each: no
    // interval, no p, said so.
    QCOMPARE(cell(page, 2, ComparePage::GroupColumn), u"Torus → Zeus · E. Rodichev 1997 · file → file"_s);
    QCOMPARE(cell(page, 2, ComparePage::RatioColumn), u"7.531 (no interval)"_s);
    QCOMPARE(cell(page, 2, ComparePage::PValueColumn), u"—"_s);
    QVERIFY2(cell(page, 2, ComparePage::VerdictColumn).endsWith(u"is a single measurement: no interval, no test)."_s),
             qPrintable(cell(page, 2, ComparePage::VerdictColumn)));
    // The verdict of the selected row is shown in full under the table.
    auto *verdict = page.findChild<QLabel *>(u"verdict"_s);
    QVERIFY(verdict->text().startsWith(cell(page, 1, ComparePage::VerdictColumn)));
    page.findChild<QTableView *>(u"ratioTable"_s)->selectRow(2);
    QVERIFY(verdict->text().startsWith(cell(page, 2, ComparePage::VerdictColumn)));
}

// What differs between the selected group's environment and the
// reference's is listed under its verdict, field by field.
void TstComparePage::environmentDiffBesideVerdict()
{
    ComparisonData d;
    d.title = u"UDP_STREAM"_s;
    d.metric = u"throughput_bps"_s;
    d.unit = u"Mbit/s"_s;
    d.dimensions = {u"plan"_s};
    d.defaultGroupBy = u"plan"_s;
    Observation before;
    before.attributes = {{u"plan"_s, u"old switch"_s}};
    before.values = {90, 91, 92};
    before.source = u"run 1"_s;
    before.environment = {{u"client driver"_s, u"tulip"_s}, {u"link speed"_s, u"100 Mbit/s"_s}};
    Observation after = before;
    after.attributes = {{u"plan"_s, u"new switch"_s}};
    after.values = {95, 96, 97};
    after.source = u"run 2"_s;
    after.environment = {{u"client driver"_s, u"igb"_s}, {u"link speed"_s, u"100 Mbit/s"_s},
                         {u"client kernel"_s, u"6.1.0"_s}};
    d.observations = {before, after};
    ComparePage page;
    page.setData(d);
    page.findChild<QTableView *>(u"ratioTable"_s)->selectRow(1);
    const QString text = page.findChild<QLabel *>(u"verdict"_s)->text();
    QVERIFY2(text.startsWith(cell(page, 1, ComparePage::VerdictColumn)), qPrintable(text));
    QVERIFY2(text.contains(u"client driver: igb → tulip"_s), qPrintable(text));
    QVERIFY2(text.contains(u"client kernel"_s), qPrintable(text)); // known on one side only
    QVERIFY2(!text.contains(u"link speed"_s), qPrintable(text));   // the same on both
}

void TstComparePage::welchVerdictsInTable()
{
    ComparePage page;
    page.setData(testdata::measured());
    // Direct data is not the demonstration: the banner goes.
    QVERIFY(page.findChild<QLabel *>(u"dataOrigin"_s)->isHidden());
    QCOMPARE(page.findChild<QComboBox *>(u"datasetSelector"_s)->currentText(), u"UDP_STREAM 1472 B"_s);
    // Cells: FS108·tulip, its baseline on its own, FS108·e1000,
    // Cat5000·tulip, Cat5000·e1000, Hub·tulip, Hub·e1000.
    QCOMPARE(page.ratioModel()->rowCount(), 7);
    QCOMPARE(page.comparisons().size(), 7);
    const int cat = rowOf(page, u"Cat5000 · tulip"_s);
    QVERIFY(cat >= 0);
    // Cat5000·tulip (90) vs FS108·tulip (94): 4.3% slower, clearly.
    QCOMPARE(cell(page, cat, ComparePage::GroupColumn), u"Cat5000 · tulip"_s);
    QVERIFY2(cell(page, cat, ComparePage::VerdictColumn).startsWith(u"Cat5000 · tulip is 4.3% ± 0."_s), qPrintable(cell(page, cat, ComparePage::VerdictColumn)));
    QVERIFY(cell(page, cat, ComparePage::VerdictColumn).endsWith(u"% slower than FS108 · tulip (95% confidence)."_s));
    QCOMPARE(cell(page, cat, ComparePage::CountColumn), u"5"_s);
    // The geometric mean with the logarithms' interval, never below zero.
    QVERIFY2(cell(page, cat, ComparePage::MeanColumn).startsWith(u"90 ["_s), qPrintable(cell(page, cat, ComparePage::MeanColumn)));
    QVERIFY(cell(page, cat, ComparePage::RatioColumn).startsWith(u"0.957 ["_s));
    QVERIFY(page.comparisons()[cat].significant);
    // Changing the confidence updates the wording.
    auto *conf = page.findChild<QComboBox *>(u"confidenceSelector"_s);
    conf->setCurrentIndex(conf->findData(0.99));
    QVERIFY(cell(page, cat, ComparePage::VerdictColumn).contains(u"(99% confidence)"_s));
    // Picking another reference re-bases every row.
    auto *ref = page.findChild<QComboBox *>(u"referenceSelector"_s);
    ref->setCurrentIndex(ref->findText(u"Cat5000 · tulip"_s));
    QCOMPARE(cell(page, cat, ComparePage::RatioColumn), u"reference"_s);
    QVERIFY(cell(page, 0, ComparePage::VerdictColumn).contains(u"faster than Cat5000 · tulip"_s));
}

void TstComparePage::selectorsRebuild()
{
    ComparePage page;
    FixtureProvider provider;
    provider.names = {u"ftp"_s, u"lab runs"_s};
    page.setProvider(&provider);
    auto *groupBy = page.findChild<QComboBox *>(u"groupBySelector"_s);
    QCOMPARE(groupBy->currentText(), u"pair"_s);
    groupBy->setCurrentIndex(groupBy->findText(u"from"_s));
    // Grouped by the sender: still one cell per baseline (never pooled).
    QCOMPARE(page.ratioModel()->rowCount(), 16);
    QCOMPARE(cell(page, 0, ComparePage::GroupColumn), u"Zeus · E. Rodichev 1997 · file → file"_s);
    QCOMPARE(cell(page, 0, ComparePage::CountColumn), u"1"_s);
    QCOMPARE(barsCount(page.chartView()->plot()), 16);
    auto *kind = page.findChild<QComboBox *>(u"chartKindSelector"_s);
    kind->setCurrentIndex(kind->findData(int(charts::ChartKind::HeatMap)));
    QCOMPARE(page.chartView()->options().kind, charts::ChartKind::HeatMap);
    QVERIFY(page.chartView()->plot()->plottableCount() >= 1);
    auto *datasets = page.findChild<QComboBox *>(u"datasetSelector"_s);
    datasets->setCurrentIndex(datasets->findText(u"lab runs"_s));
    QCOMPARE(page.data().title, u"UDP_STREAM 1472 B"_s);
    QVERIFY(page.ratioModel()->rowCount() > 0);
    QVERIFY(!cell(page, 0, ComparePage::VerdictColumn).isEmpty());
}

void TstComparePage::logScaleToggle()
{
    // Beside the chart kind: automatic at first, then linear or log as asked.
    ComparePage page;
    page.setData(testdata::ftpTable());
    auto *toggle = page.findChild<QCheckBox *>(u"logScaleToggle"_s);
    QVERIFY(toggle);
    QCOMPARE(toggle->checkState(), Qt::PartiallyChecked);
    QVERIFY(!page.chartView()->options().logScale);
    QCOMPARE(page.chartView()->plot()->yAxis->scaleType(), QCPAxis::stLinear); // FTP: 0.8 to 8.6 MB/s
    toggle->setCheckState(Qt::Checked);
    QCOMPARE(page.chartView()->options().logScale, std::optional<bool>(true));
    QCOMPARE(page.chartView()->plot()->yAxis->scaleType(), QCPAxis::stLogarithmic);
    toggle->setCheckState(Qt::Unchecked);
    QCOMPARE(page.chartView()->options().logScale, std::optional<bool>(false));
    QCOMPARE(page.chartView()->plot()->yAxis->scaleType(), QCPAxis::stLinear);
    // Only bars and sweeps have a value axis to switch.
    auto *kind = page.findChild<QComboBox *>(u"chartKindSelector"_s);
    kind->setCurrentIndex(kind->findData(int(charts::ChartKind::HeatMap)));
    QVERIFY(toggle->isHidden());
}

void TstComparePage::unavailableKindsDisabled()
{
    ComparePage page;
    page.setData(testdata::ftpTable());
    auto *kind = page.findChild<QComboBox *>(u"chartKindSelector"_s);
    auto *model = qobject_cast<QStandardItemModel *>(kind->model());
    QVERIFY(model);
    auto enabled = [&](charts::ChartKind k) { return model->item(kind->findData(int(k)))->isEnabled(); };
    QVERIFY(enabled(charts::ChartKind::Bars));
    QVERIFY(enabled(charts::ChartKind::HeatMap));
    QVERIFY(!enabled(charts::ChartKind::TimeSeries)); // the 1997 table has no samples
    QVERIFY(!enabled(charts::ChartKind::LatencyCdf));
    page.setData(testdata::withLines());
    QVERIFY(enabled(charts::ChartKind::TimeSeries));
    QVERIFY(enabled(charts::ChartKind::LatencyCdf));
    QVERIFY(enabled(charts::ChartKind::Sweep));
}

void TstComparePage::providerSeam()
{
    ComparePage page;
    FixtureProvider provider;
    page.setProvider(&provider);
    QVERIFY(page.findChild<QLabel *>(u"dataOrigin"_s)->isHidden());
    QCOMPARE(page.data().title, u"UDP_STREAM 1472 B"_s);
    QCOMPARE(page.ratioModel()->rowCount(), 7);
    page.setProvider(nullptr); // nothing to compare
    QVERIFY(page.data().observations.isEmpty());
}

// A build holds what it builds from (the store service): the page does not
// leave it running on a pool thread when it goes.
void TstComparePage::goingWaitsForItsBuild()
{
    // A provider whose builds take a while and mark when they end.
    struct SlowProvider : FixtureProvider
    {
        std::shared_ptr<std::atomic_bool> started = std::make_shared<std::atomic_bool>(false);
        std::shared_ptr<std::atomic_bool> ended = std::make_shared<std::atomic_bool>(false);
        Builder builder() const override
        {
            return [started = started, ended = ended](const ComparisonSelection &, const std::atomic_bool *) {
                *started = true;
                QThread::msleep(300);
                *ended = true;
                return ComparisonBuild();
            };
        }
    };
    SlowProvider provider;
    auto page = std::make_unique<ComparePage>();
    page->setProvider(&provider);
    QTRY_VERIFY(*provider.started);
    QVERIFY(!*provider.ended);
    page.reset();
    QVERIFY(*provider.ended);
}

// A build still queued when the page goes is dropped, not run on the GUI
// thread by the wait (where it would block the closing program on the store).
void TstComparePage::goingDropsABuildNotStarted()
{
    struct CountingProvider : FixtureProvider
    {
        std::shared_ptr<std::atomic_int> builds = std::make_shared<std::atomic_int>(0);
        Builder builder() const override
        {
            return [builds = builds](const ComparisonSelection &, const std::atomic_bool *) {
                ++*builds;
                return ComparisonBuild();
            };
        }
    };
    // Every thread of the pool busy: the page's build waits in its queue.
    QThreadPool *pool = QThreadPool::globalInstance();
    QSemaphore release;
    QSemaphore started;
    const int threads = pool->maxThreadCount();
    for (int i = 0; i < threads; ++i)
        pool->start([&] {
            started.release();
            release.acquire();
        });
    QVERIFY(started.tryAcquire(threads, 10000));
    CountingProvider provider;
    auto page = std::make_unique<ComparePage>();
    page->setProvider(&provider);
    QTRY_VERIFY(page->isBuilding());
    page.reset();
    release.release(threads);
    QVERIFY(pool->waitForDone(10000));
    QCOMPARE(provider.builds->load(), 0);
}

void TstComparePage::exportShortcuts()
{
    ComparePage page;
    page.setData(testdata::ftpTable());
    page.resize(1100, 700);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    page.activateWindow();
    page.setFocus();
    QSignalSpy spy(&page, &ComparePage::exported);
    page.setExportSettings({QSize(800, 500), 192});
    struct { Qt::Key key; QString file; } shortcuts[] = {
        {Qt::Key_C, u"a.csv"_s}, {Qt::Key_P, u"a.png"_s}, {Qt::Key_S, u"a.svg"_s}, {Qt::Key_D, u"a.pdf"_s}};
    for (const auto &s : shortcuts) {
        const QString path = m_dir.filePath(s.file);
        page.setNextExportPath(path);
        QTest::keyClick(&page, s.key, Qt::ControlModifier | Qt::ShiftModifier);
        QTRY_VERIFY(QFile::exists(path));
    }
    QCOMPARE(spy.count(), 4);

    QFile csv(m_dir.filePath(u"a.csv"_s));
    QVERIFY(csv.open(QIODevice::ReadOnly));
    const QStringList lines = QString::fromUtf8(csv.readAll()).split(u"\r\n"_s, Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 17);
    QVERIFY(lines[0].startsWith(u"group,series,kind,n,mean"_s));
    QVERIFY2(lines[1].startsWith(u"Zeus → Torus,E. Rodichev 1997 · file → file,baseline,1,0.81,"_s), qPrintable(lines[1]));
    const QImage png(m_dir.filePath(u"a.png"_s));
    QCOMPARE(png.size(), QSize(800, 500));
    QFile pdf(m_dir.filePath(u"a.pdf"_s));
    QVERIFY(pdf.open(QIODevice::ReadOnly));
    QCOMPARE(pdf.read(4), QByteArray("%PDF"));
    QFile svg(m_dir.filePath(u"a.svg"_s));
    QVERIFY(svg.open(QIODevice::ReadOnly));
    QVERIFY(svg.readAll().contains("<svg"));
    // The whole comparison as a report (Ctrl+Shift+R): chart, table, sources.
    const QString report = m_dir.filePath(u"r.html"_s);
    page.setNextExportPath(report);
    QTest::keyClick(&page, Qt::Key_R, Qt::ControlModifier | Qt::ShiftModifier);
    QTRY_VERIFY(QFile::exists(report));
    QFile html(report);
    QVERIFY(html.open(QIODevice::ReadOnly));
    const QByteArray reportText = html.readAll();
    QVERIFY(reportText.contains("data:image/svg+xml;base64,"));
    QVERIFY(reportText.contains("Zeus") && reportText.contains("Each cell against the reference"));
    QVERIFY(reportText.contains("Historical baselines, with hardware and citation"));
    const QString reportPdf = m_dir.filePath(u"r.pdf"_s);
    page.setNextExportPath(reportPdf);
    QTest::keyClick(&page, Qt::Key_R, Qt::ControlModifier | Qt::ShiftModifier);
    QTRY_VERIFY(QFile::exists(reportPdf));
    QFile rpdf(reportPdf);
    QVERIFY(rpdf.open(QIODevice::ReadOnly) && rpdf.read(4) == "%PDF");
    // A bad path reports an error naming it instead of failing silently.
    QSignalSpy failed(&page, &ComparePage::exportFailed);
    page.setNextExportPath(m_dir.filePath(u"no/such/dir/x.csv"_s));
    page.exportAction(charts::ExportFormat::Csv)->trigger();
    QCOMPARE(failed.count(), 1);
    QVERIFY(failed.first().first().toString().contains(u"no/such/dir"_s));
}

void TstComparePage::pngDialogFlow()
{
    // Without a preset path the PNG action asks for size/DPI, then a file,
    // both as non-blocking dialogs (no nested event loop).
    ComparePage page;
    page.setData(testdata::ftpTable());
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    QSignalSpy spy(&page, &ComparePage::exported);
    page.exportAction(charts::ExportFormat::Png)->trigger();
    auto *sizeDialog = page.findChild<gui::PngExportDialog *>();
    QVERIFY(sizeDialog);
    QTRY_VERIFY(sizeDialog->isVisible());
    const auto boxes = sizeDialog->findChildren<QSpinBox *>();
    QCOMPARE(boxes.size(), 3);
    boxes[0]->setValue(640);
    boxes[1]->setValue(400);
    boxes[2]->setValue(120);
    sizeDialog->accept();
    QCOMPARE(page.exportSettings().size, QSize(640, 400));
    QCOMPARE(page.exportSettings().dpi, 120);
    QFileDialog *files = nullptr;
    QTRY_VERIFY((files = page.findChild<QFileDialog *>()) != nullptr);
    const QString path = m_dir.filePath(u"dialog.png"_s);
    emit files->fileSelected(path); // what accepting the dialog emits
    QCOMPARE(spy.count(), 1);
    QCOMPARE(QImage(path).size(), QSize(640, 400));
    files->reject();
}

void TstComparePage::screenshot()
{
    // WB_SCREENSHOT_DIR=... keeps pictures of the page for a human to judge.
    const QString dir = qEnvironmentVariable("WB_SCREENSHOT_DIR");
    ComparePage page;
    page.resize(1280, 760);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    const QImage shot = page.grab().toImage();
    QCOMPARE(shot.size(), QSize(1280, 760));
    if (dir.isEmpty())
        return;
    shot.save(dir + u"/compare.png"_s);
    page.setData(testdata::withLines());
    QTest::qWait(20);
    page.grab().save(dir + u"/compare-measured.png"_s);
    auto *kind = page.findChild<QComboBox *>(u"chartKindSelector"_s);
    for (charts::ChartKind k : charts::allChartKinds()) {
        kind->setCurrentIndex(kind->findData(int(k)));
        page.grab().save(dir + u"/compare-"_s + charts::chartKindKey(k) + u".png"_s);
    }
}

QTEST_MAIN(TstComparePage)
#include "tst_comparepage.moc"
