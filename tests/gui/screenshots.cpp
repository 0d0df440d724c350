// SPDX-License-Identifier: GPL-3.0-or-later
// Makes docs/screenshots/{inventory,plans,runs,results,compare,baselines,getting-started}.png:
// builds the desktop window through the composition root over a demo
// database (the tiny lab imported, local-demo.json run), runs the demo plan
// on the Runs page and grabs each page. Not a test; run by hand (under Xvfb or
// offscreen): wb_screenshots DB OUTDIR [RUN_PLAN.json] [LAB.json]. The Plans
// page shows RUN_PLAN (its first case's path over the database's lab); the
// Runs page runs RUN_PLAN;
// the Inventory page opens LAB. The docs' pictures were made with:
//   wirebench-cli --db demo.sqlite inventory import tests/data/labs/loopback-lab.json
//   wirebench-cli --db demo.sqlite run tests/data/plans/screenshot-demo.json
//   wirebench-cli --db demo.sqlite run resources/plans/local-demo.json
//   xvfb-run -a build/tests/wb_screenshots demo.sqlite docs/screenshots
//       tests/data/plans/screenshot-demo.json tests/data/labs/tiny-lab.json
// (one line). An experiment's runs on the Compare page (compare-experiment.png):
//   WB_SCREENSHOT_EXPERIMENT_RUNS=1,2,3,... xvfb-run ... build/tests/wb_screenshots DB OUTDIR
// An experiment plan on the Plans page, its arms shown (plans-experiment.png):
//   xvfb-run ... build/tests/wb_screenshots DB OUTDIR tests/data/plans/screenshot-experiment.json
// The 1997 lab's topology (inventory-1997-lab.png, topology-1997-lab.png):
//   WB_SCREENSHOT_ONLY=inventory xvfb-run -a -s "-screen 0 1280x800x24" build/tests/wb_screenshots
//       empty.sqlite OUTDIR "" resources/labs/1997-sai-msu-fast-ethernet.json
// WB_SCREENSHOT_PALETTE=dark (or light) takes them in that
// palette (AppPalette, as `wirebench --palette dark`), named page-dark.png.
// WB_SCREENSHOT_SIZE=1100x720 takes them at that window size (the smallest
// the pages are laid out for), named page-1100x720.png; the window must not
// grow past it (the program says so on stderr if it does).

#include "appcomposition.h"
#include "translations.h"
#include "apppalette.h"
#include "baselinespage.h"
#include "baselinetablemodel.h"
#include "chartkind.h"
#include "comparepage.h"
#include "historywindow.h"
#include "config/settings.h"
#include "inventorypage.h"
#include "messagebox.h"
#include "mainwindow.h"
#include "planspage.h"
#include "resultspage.h"
#include "runlistmodel.h"
#include "runspage.h"

#include <QApplication>
#include <QLayout>
#include <QComboBox>
#include <QDir>
#include <QGraphicsView>
#include <QProgressBar>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTabWidget>
#include <QTest>

#include <cstdio>

using namespace Qt::StringLiterals;

namespace {

QString g_suffix; // "-dark" for the dark palette
QSize g_size;     // the size asked for

// The widgets that ask for most of the width, to find what pushed it.
void printWideWidgets(const QWidget &w)
{
    for (const QWidget *c : w.findChildren<QWidget *>()) {
        if (!c->isVisible() || c->minimumSizeHint().width() < g_size.width() / 4)
            continue;
        int depth = 0;
        for (const QWidget *p = c; p && p != &w; p = p->parentWidget())
            ++depth;
        std::fprintf(stderr, "  depth %d %s '%s': minimum %d wide\n", depth, c->metaObject()->className(),
                     qPrintable(c->objectName()), c->minimumSizeHint().width());
    }
    for (const QLayout *l : w.findChildren<QLayout *>()) {
        if (l->minimumSize().width() < g_size.width() / 3 || !l->parentWidget() || !l->parentWidget()->isVisible())
            continue;
        QString items;
        for (int i = 0; i < l->count(); ++i) {
            const QLayoutItem *it = l->itemAt(i);
            const QWidget *iw = it->widget();
            if (it->isEmpty())
                continue;
            items += u" %1=%2"_s.arg(iw ? QString::fromLatin1(iw->metaObject()->className()) + u':' + iw->objectName()
                                         : u"item"_s)
                         .arg(it->minimumSize().width());
        }
        std::fprintf(stderr, "  layout in %s: minimum %d:%s\n", l->parentWidget()->metaObject()->className(),
                     l->minimumSize().width(), qPrintable(items));
    }
}

// Says, the moment it happens, that a layout grew the window past the size
// asked for, and what asked for the width.
class GrowthWatch : public QObject
{
public:
    using QObject::QObject;
    bool eventFilter(QObject *o, QEvent *e) override
    {
        if (e->type() == QEvent::Resize && o->isWidgetType()) {
            auto *w = static_cast<QWidget *>(o);
            if (w->isWindow() && w->width() > g_size.width() && !m_said) {
                m_said = true;
                std::fprintf(stderr, "wb_screenshots: the window grew to %dx%d\n", w->width(), w->height());
                printWideWidgets(*w);
            }
        }
        return false;
    }

private:
    bool m_said = false;
};

bool save(wb::gui::MainWindow &w, const QString &dir, const QString &name)
{
    QTest::qWait(300);
    const QString path = dir + u'/' + name + g_suffix + u".png"_s;
    const bool ok = w.grab().save(path);
    std::printf("%s %s\n", ok ? "wrote" : "FAILED", qPrintable(path));
    if (w.width() > g_size.width() || w.height() > g_size.height())
        std::fprintf(stderr, "wb_screenshots: %s: the window is %dx%d\n", qPrintable(name), w.width(), w.height());
    return ok;
}

} // namespace

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    wb::setUpLanguage(app); // as the program does: LANGUAGE=de gives German pages
    QStandardPaths::setTestModeEnabled(true); // never the user's own settings or database
    QApplication::setOrganizationName(u"WirebenchScreenshots"_s);
    const QStringList args = app.arguments();
    if (args.size() < 3) {
        std::fprintf(stderr, "usage: wb_screenshots DB OUTDIR [PLAN.json] [LAB.json]\n");
        return 2;
    }
    const QString db = args.at(1);
    const QString out = args.at(2);
    const QString demo = QStringLiteral(WB_SOURCE_DIR) + u"/resources/plans/local-demo.json"_s;
    const QString plan = args.value(3, demo);
    QDir().mkpath(out);
    const QString palette = qEnvironmentVariable("WB_SCREENSHOT_PALETTE");
    if (QString error; !wb::gui::AppPalette::apply(palette, &error)) {
        std::fprintf(stderr, "wb_screenshots: %s\n", qPrintable(error));
        return 2;
    }
    if (!palette.isEmpty() && palette != u"system"_s)
        g_suffix = u"-"_s + palette;

    {
        // The default layout, not whatever the last run left.
        wb::Settings settings;
        for (auto v : {wb::Settings::ViewState::ResultsSplitter, wb::Settings::ViewState::ResultsHeader,
                       wb::Settings::ViewState::RunsSplitter, wb::Settings::ViewState::RunsLogHeader,
                       wb::Settings::ViewState::InventorySplitter, wb::Settings::ViewState::PlansSplitter})
            settings.setViewState(v, {});
        settings.setWindowGeometry({});
    }
    wb::AppComposition composition;
    wb::gui::MainWindow &w = composition.mainWindow();
    QSize size(1280, 800);
    if (const QString asked = qEnvironmentVariable("WB_SCREENSHOT_SIZE"); !asked.isEmpty()) {
        size = QSize(asked.section(u'x', 0, 0).toInt(), asked.section(u'x', 1, 1).toInt());
        if (size.isEmpty()) {
            std::fprintf(stderr, "wb_screenshots: WB_SCREENSHOT_SIZE must be WIDTHxHEIGHT, not %s\n", qPrintable(asked));
            return 2;
        }
        g_suffix += u"-"_s + asked;
    }
    g_size = size;
    w.resize(size);
    w.installEventFilter(new GrowthWatch(&w));
    w.show();
    composition.start();
    composition.openDatabase(db);
    if (!QTest::qWaitFor([&] { return composition.databasePath() == db; }, 10000)) {
        std::fprintf(stderr, "wb_screenshots: could not open %s\n", qPrintable(db));
        return 1;
    }
    QTest::qWait(1000);

    // WB_SCREENSHOT_EXPERIMENT_RUNS=ID,ID,...: the Compare page on those
    // runs alone (an experiment's: grouped by arm), compare-experiment.png.
    if (const QString ids = qEnvironmentVariable("WB_SCREENSHOT_EXPERIMENT_RUNS"); !ids.isEmpty()) {
        QList<qint64> runIds;
        for (const QString &id : ids.split(u',', Qt::SkipEmptyParts))
            runIds << id.toLongLong();
        w.setCurrentPage(4);
        auto &compare = composition.comparePage();
        const bool opened = QTest::qWaitFor([&] { return !compare.isBuilding(); }, 20000);
        compare.compareRuns(runIds);
        QTest::qWait(300);
        const bool built = QTest::qWaitFor([&] { return !compare.isBuilding(); }, 20000);
        QTest::qWait(1500);
        return opened && built && save(w, out, u"compare-experiment"_s) ? 0 : 1;
    }

    // Inventory: the lab from the database; select a host so the topology highlights it.
    w.setCurrentPage(0);
    auto &inventory = composition.inventoryPage();
    if (args.size() > 4)
        inventory.openLabFile(args.at(4));
    QTest::qWait(800);
    if (auto *v = inventory.view(wb::gui::InventoryTable::Hosts); v->model()->rowCount() > 0)
        v->selectRow(0);
    bool ok = save(w, out, u"inventory"_s);
    // WB_SCREENSHOT_ONLY=inventory: this page and its topology view alone
    // (topology.png), no plan run; for a lab's picture, e.g. the 1997 lab's.
    // Also the page on its NICs and Uplinks tabs (inventory-nics.png,
    // inventory-uplinks.png), to look at those tables.
    if (qEnvironmentVariable("WB_SCREENSHOT_ONLY") == u"inventory"_s) {
        const QString path = out + u"/topology"_s + g_suffix + u".png"_s;
        const bool shot = inventory.topologyView()->grab().save(path);
        std::printf("%s %s\n", shot ? "wrote" : "FAILED", qPrintable(path));
        auto *tabs = inventory.findChild<QTabWidget *>(u"inventoryTabs"_s);
        for (const auto &[table, name] : {std::pair{wb::gui::InventoryTable::Nics, u"inventory-nics"_s},
                                          std::pair{wb::gui::InventoryTable::Uplinks, u"inventory-uplinks"_s}}) {
            tabs->setCurrentIndex(int(table));
            ok &= save(w, out, name);
        }
        return ok && shot ? 0 : 1;
    }

    // Plans: the plan to run loaded, its first test and case selected, the
    // case's path resolved over the database's lab.
    w.setCurrentPage(1);
    auto *plans = w.findChild<wb::gui::PlansPage *>();
    wb::gui::MessageBox::setNextAnswer(QMessageBox::No); // a plan's own hosts stay out of the demo lab
    plans->loadFile(plan.isEmpty() ? demo : plan);
    QTest::qWait(300);
    // An experiment plan shows its arms (plans-experiment.png).
    if (plans->experimentEnabled()) {
        if (auto *tabs = plans->findChild<QTabWidget *>(u"planLeftTabs"_s))
            tabs->setCurrentIndex(1);
        QTest::qWait(300);
        return save(w, out, u"plans-experiment"_s) ? 0 : 1;
    }
    ok &= save(w, out, u"plans"_s);

    // Runs: the demo plan running, grabbed part way through.
    auto &runs = composition.runsPage();
    w.setCurrentPage(2);
    runs.runPlanFile(plan);
    // Part way: a few tests done and the current one well into its samples.
    ok &= QTest::qWaitFor([&] { return runs.overallProgress()->value() >= 2 || !runs.isRunning(); }, 120000);
    const int points = runs.plottedPoints();
    ok &= QTest::qWaitFor([&] { return runs.plottedPoints() >= points + 18 || !runs.isRunning(); }, 120000);
    ok &= save(w, out, u"runs"_s);
    ok &= QTest::qWaitFor([&] { return !runs.isRunning(); }, 120000);
    QTest::qWait(1500);

    // Results: every run, the newest selected with its detail.
    w.setCurrentPage(3);
    auto &results = composition.resultsPage();
    results.reload();
    ok &= QTest::qWaitFor([&] { return !results.model()->isLoading() && results.model()->rowCount() > 0; }, 10000);
    results.table()->setFocus();
    results.table()->selectRow(0);
    QTest::qWait(800);
    ok &= save(w, out, u"results"_s);

    // Compare: the database's runs beside the 1997-2003 baselines.
    w.setCurrentPage(4);
    auto &compare = composition.comparePage();
    ok &= QTest::qWaitFor([&] { return !compare.isBuilding(); }, 20000);
    wb::ComparisonSelection rr;
    rr.kind = u"tcp_rr"_s; // today's round trips beside the 1999 ones
    compare.setFilter(rr);
    ok &= QTest::qWaitFor([&] { return !compare.isBuilding(); }, 20000);
    QTest::qWait(1500);
    ok &= save(w, out, u"compare"_s);
    // Every chart kind, each on the data that has it: bars, time series and
    // the message-size sweep on UDP_STREAM, the latency CDF on TCP_RR, the
    // host-pair heat maps (file and /dev/null side by side) on the FTP runs.
    auto combo = [&](const char16_t *name) { return compare.findChild<QComboBox *>(QString::fromUtf16(name)); };
    auto show = [&](const QString &kind, wb::charts::ChartKind chart, const QString &groupBy, const QString &file) {
        wb::ComparisonSelection sel;
        sel.kind = kind;
        compare.setFilter(sel);
        ok &= QTest::qWaitFor([&] { return !compare.isBuilding(); }, 20000);
        QTest::qWait(300);
        if (!groupBy.isEmpty())
            combo(u"groupBySelector")->setCurrentIndex(combo(u"groupBySelector")->findData(groupBy));
        combo(u"chartKindSelector")->setCurrentIndex(combo(u"chartKindSelector")->findData(int(chart)));
        if (chart == wb::charts::ChartKind::HeatMap) // the 1997 table, not the one local pair
            for (int i = 0; i < combo(u"matrixSeriesSelector")->count(); ++i)
                if (combo(u"matrixSeriesSelector")->itemText(i).contains(u"1997"_s))
                    combo(u"matrixSeriesSelector")->setCurrentIndex(i);
        QTest::qWait(800);
        ok &= save(w, out, file);
    };
    show(u"udp_stream"_s, wb::charts::ChartKind::Bars, u"host pair"_s, u"compare-bars"_s);
    show(u"udp_stream"_s, wb::charts::ChartKind::Sweep, u"message size"_s, u"compare-sweep"_s);
    show(u"udp_stream"_s, wb::charts::ChartKind::TimeSeries, u"host pair"_s, u"compare-timeseries"_s);
    show(u"tcp_rr"_s, wb::charts::ChartKind::LatencyCdf, u"host pair"_s, u"compare-cdf"_s);
    show(u"file_transfer"_s, wb::charts::ChartKind::Bars, u"host pair"_s, u"compare-ftp-bars"_s);
    show(u"file_transfer"_s, wb::charts::ChartKind::HeatMap, u"host pair"_s, u"compare-ftp-heatmap"_s);
    // The History window of the first measured tcp_rr row (compare-history.png).
    show(u"tcp_rr"_s, wb::charts::ChartKind::Bars, u"host pair"_s, u"compare-rr-bars"_s);
    for (int i = 0; i < compare.view().rows.size(); ++i) {
        if (compare.view().cells[compare.view().rows[i].cell].baseline)
            continue;
        compare.findChild<QTableView *>(u"ratioTable"_s)->selectRow(i);
        if (wb::gui::HistoryWindow *history = compare.showHistory()) {
            history->resize(std::min(960, g_size.width()), std::min(620, g_size.height()));
            ok &= QTest::qWaitFor([&] { return !history->isLoading(); }, 20000);
            QTest::qWait(500);
            const QString path = out + u"/compare-history"_s + g_suffix + u".png"_s;
            const bool saved = history->grab().save(path);
            std::printf("%s %s\n", saved ? "wrote" : "FAILED", qPrintable(path));
            ok &= saved;
            history->close();
        }
        break;
    }

    // Baselines: the shipped set, the first tagged one selected (else the first).
    w.setCurrentPage(5);
    auto &baselines = composition.baselinesPage();
    ok &= QTest::qWaitFor([&] { return baselines.model()->rowCount() > 0; }, 10000);
    int tagged = 0;
    while (tagged < baselines.proxy()->rowCount()
           && baselines.proxy()->index(tagged, wb::gui::BaselineTableModel::Tags).data().toString().isEmpty())
        ++tagged;
    if (auto *table = baselines.findChild<QTableView *>(u"baselineTable"_s))
        table->selectRow(tagged < baselines.proxy()->rowCount() ? tagged : 0);
    QTest::qWait(500);
    ok &= save(w, out, u"baselines"_s);

    // Getting started: the page a first start opens on (the last page).
    w.setCurrentPage(w.pageCount() - 1);
    ok &= save(w, out, u"getting-started"_s);
    w.close();
    return ok ? 0 : 1;
}
