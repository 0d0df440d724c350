// SPDX-License-Identifier: GPL-3.0-or-later
// The Compare page over a real results database: the filter (kind, metric,
// dates, host/NIC/switch text, status, size), the check list of runs and
// baselines, runs picked on the Results page, building off the GUI thread
// with stale results dropped, the group-by choices, and the report carrying
// the inventory that was compared and both ends' environment.

#include "tinylab.h"
#include "analysis/storecomparisonprovider.h"
#include "analysis/comparisonreport.h"
#include "../core/storeservicefixture.h"
#include "chartview.h"
#include "candidatelistmodel.h"
#include "comparepage.h"
#include "exchange/resultimport.h"
#include "inventory/inventory.h"
#include "store/inventorystore.h"
#include "store/resultstore.h"
#include "store/runstore.h"

#include <QCalendarWidget>
#include <QComboBox>
#include <QDateEdit>
#include <QShowEvent>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QFont>
#include <QListView>
#include <QProgressBar>
#include <QSignalSpy>
#include <QStandardItemModel>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>

using namespace Qt::StringLiterals;
using namespace wb;
using wb::gui::CandidateListModel;
using wb::gui::ComparePage;

class TstCompareFilter : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void filterChoosesRuns();
    void checkListLeavesOut();
    void handPickedRuns();
    void staleBuildsDropped();
    void groupByChoices();
    void metricChoice();
    void reportHasInventoryAndEnvironment();
    void dateCalendarOpensOnThisMonth();
    void experimentRunsGroupedByArm();

private:
    QStringList measuredSources(const ComparePage &page) const;
    bool waitBuilt(ComparePage &page, QSignalSpy &spy, int count = 1);

    QTemporaryDir m_dir;
    QString m_db;
    QList<qint64> m_ids; // r0..r4
};

namespace {

StoredRun run(const QString &from, const QString &to, int size, double rxMbps, int daysAgo)
{
    StoredRun r;
    r.plan = u"filter-test"_s;
    r.testCase = u"udp %1"_s.arg(size);
    r.clientEndpoint = from;
    r.serverEndpoint = to;
    r.startedAt = QDateTime::currentDateTimeUtc().addDays(-daysAgo);
    r.record.kind = u"udp_stream"_s;
    r.record.tool = u"wirebench-agent"_s;
    r.record.params.insert(u"message_size_bytes"_s, size);
    r.record.addMetric(u"throughput_bps"_s, u"server"_s, rxMbps * 1e6);
    r.record.addMetric(u"cpu_util_pct"_s, u"client"_s, 10 + size % 7);
    r.clientEnvironment = QJsonObject{
        {u"kernel"_s, u"6.1.0-client-kernel"_s},
        {u"interfaces"_s, QJsonArray{QJsonObject{{u"name"_s, from.section(u'/', 1)}, {u"driver"_s, u"e1000e"_s},
                                                 {u"speed_mbps"_s, 1000}, {u"duplex"_s, u"full"_s}}}}};
    r.serverEnvironment = QJsonObject{{u"kernel"_s, u"5.10.0-server-kernel"_s}};
    return r;
}

} // namespace

void TstCompareFilter::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_db = m_dir.filePath(u"compare.sqlite"_s);
    auto store = ResultStore::open(m_db);
    QVERIFY2(store, qPrintable(store.message()));
    QVERIFY(ensureBuiltinBaselines(**store));
    QString error;
    const auto lab = wbtest::tinyLab(&error);
    QVERIFY2(lab, qPrintable(error));
    QVERIFY((*store)->inventory().importInventory(*lab));
    auto ids = [&](StoredRun r, const QString &clientNic, const QString &serverNic) {
        auto c = (*store)->inventory().nicByKey(clientNic);
        auto s = (*store)->inventory().nicByKey(serverNic);
        r.clientNicId = c->id;
        r.clientHostId = c->hostId;
        r.serverNicId = s->id;
        r.serverHostId = s->hostId;
        return r;
    };
    QList<StoredRun> runs{
        ids(run(u"adam/eth0"_s, u"eve/eth0"_s, 1472, 90, 20), u"adam/eth0"_s, u"eve/eth0"_s),  // r0: through fs108
        ids(run(u"adam/eth0"_s, u"eve/eth0"_s, 1472, 92, 2), u"adam/eth0"_s, u"eve/eth0"_s),   // r1
        ids(run(u"adam/eth1"_s, u"seth/eth0"_s, 1472, 97, 1), u"adam/eth1"_s, u"seth/eth0"_s), // r2: crossover X3
        ids(run(u"adam/eth1"_s, u"seth/eth0"_s, 64, 20, 1), u"adam/eth1"_s, u"seth/eth0"_s),   // r3
    };
    StoredRun failed = run(u"adam/eth0"_s, u"eve/eth0"_s, 1472, 11, 1); // r4: failed, still carries a figure
    failed.status = RunStatus::Failed;
    failed.error = u"agent lost"_s;
    runs.append(ids(failed, u"adam/eth0"_s, u"eve/eth0"_s));
    auto saved = (*store)->runs().saveRuns(runs);
    QVERIFY2(saved, qPrintable(saved.message()));
    m_ids = *saved;
    QCOMPARE(m_ids.size(), 5);
}

QStringList TstCompareFilter::measuredSources(const ComparePage &page) const
{
    QStringList s;
    for (const Observation &o : page.data().observations)
        if (!o.baseline)
            s << o.source;
    s.sort();
    return s;
}

bool TstCompareFilter::waitBuilt(ComparePage &page, QSignalSpy &spy, int count)
{
    if (!QTest::qWaitFor([&] { return spy.count() >= count && !page.isBuilding(); }, 15000))
        return false;
    QTest::qWait(50); // any straggler would arrive now
    return spy.count() == count;
}

void TstCompareFilter::filterChoosesRuns()
{
    StoreComparisonProvider provider(wb::testing::storeServiceFor(m_db));
    ComparePage page;
    QSignalSpy built(&page, &ComparePage::comparisonBuilt);
    page.setProvider(&provider);
    QVERIFY(page.isBuilding()); // off the GUI thread, with an indicator
    QVERIFY(!page.findChild<QProgressBar *>(u"buildBusy"_s)->isHidden());
    QVERIFY(waitBuilt(page, built));
    QVERIFY(page.findChild<QProgressBar *>(u"buildBusy"_s)->isHidden());
    // The database's kinds, the first one comparable chosen; finished runs only.
    auto *kinds = page.findChild<QComboBox *>(u"datasetSelector"_s);
    QVERIFY(kinds->count() > 1);
    ComparisonSelection f;
    f.kind = u"udp_stream"_s;
    page.setFilter(f);
    QVERIFY(waitBuilt(page, built, 2));
    QCOMPARE(measuredSources(page), (QStringList{u"run %1"_s.arg(m_ids[0]), u"run %1"_s.arg(m_ids[1]),
                                                 u"run %1"_s.arg(m_ids[2]), u"run %1"_s.arg(m_ids[3])}));
    // Text matches a switch on the inventory path: only the runs through fs108.
    f.text = u"FS108"_s;
    page.setFilter(f);
    QVERIFY(waitBuilt(page, built, 3));
    QCOMPARE(measuredSources(page), (QStringList{u"run %1"_s.arg(m_ids[0]), u"run %1"_s.arg(m_ids[1])}));
    // ... and a date range drops the older one.
    f.from = QDate::currentDate().addDays(-5);
    page.setFilter(f);
    QVERIFY(waitBuilt(page, built, 4));
    QCOMPARE(measuredSources(page), QStringList{u"run %1"_s.arg(m_ids[1])});
    // Any status brings in the failed run.
    f.status = std::nullopt;
    page.setFilter(f);
    QVERIFY(waitBuilt(page, built, 5));
    QCOMPARE(measuredSources(page), (QStringList{u"run %1"_s.arg(m_ids[1]), u"run %1"_s.arg(m_ids[4])}));
    // Message size and a NIC: the crossover pair's 64-byte run.
    f = {};
    f.kind = u"udp_stream"_s;
    f.text = u"seth/eth0"_s;
    f.messageSize = 64;
    page.setFilter(f);
    QVERIFY(waitBuilt(page, built, 6));
    QCOMPARE(measuredSources(page), QStringList{u"run %1"_s.arg(m_ids[3])});
    for (const Observation &o : page.data().observations)
        if (o.baseline)
            QCOMPARE(o.attributes.value(u"message size"_s), u"64 B"_s);
    // Nothing matches: a message, an empty chart, no stale figures.
    f.text = u"no-such-host"_s;
    f.includeBaselines = true;
    page.setFilter(f);
    QVERIFY(waitBuilt(page, built, 7));
    QVERIFY(measuredSources(page).isEmpty());
    QVERIFY(page.findChild<QLabel *>(u"exportStatus"_s)->text().contains(u"nothing to compare"_s));
}

void TstCompareFilter::checkListLeavesOut()
{
    StoreComparisonProvider provider(wb::testing::storeServiceFor(m_db));
    ComparePage page;
    QSignalSpy built(&page, &ComparePage::comparisonBuilt);
    page.setProvider(&provider);
    QVERIFY(waitBuilt(page, built));
    ComparisonSelection f;
    f.kind = u"udp_stream"_s;
    page.setFilter(f);
    QVERIFY(waitBuilt(page, built, 2));
    CandidateListModel *list = page.candidateModel();
    QCOMPARE(page.candidateList()->model(), list);
    const int candidates = list->rowCount();
    QVERIFY(candidates > 4); // four runs and the 1999 baselines
    int baselines = 0;
    QModelIndex r0;
    QModelIndex firstBaseline;
    for (int i = 0; i < list->rowCount(); ++i) {
        const QModelIndex item = list->index(i);
        QCOMPARE(item.data(Qt::CheckStateRole).toInt(), int(Qt::Checked));
        if (item.data(CandidateListModel::IdRole).toString().startsWith(u"baseline "_s)) {
            ++baselines;
            if (!firstBaseline.isValid())
                firstBaseline = item;
            QVERIFY(item.data(Qt::FontRole).value<QFont>().italic());
        }
        if (item.data(CandidateListModel::IdRole).toString() == u"run %1"_s.arg(m_ids[0]))
            r0 = item;
    }
    QVERIFY(r0.isValid() && firstBaseline.isValid());
    QVERIFY(baselines >= 1);
    const int observationsBefore = int(page.data().observations.size());
    // As a click on the check box does: through the view's model.
    QVERIFY(page.candidateList()->model()->setData(r0, Qt::Unchecked, Qt::CheckStateRole));
    QVERIFY(page.candidateList()->model()->setData(firstBaseline, Qt::Unchecked, Qt::CheckStateRole));
    QVERIFY(waitBuilt(page, built, 3)); // two clicks, one build after the pause
    QVERIFY(!measuredSources(page).contains(u"run %1"_s.arg(m_ids[0])));
    QCOMPARE(measuredSources(page).size(), 3);
    QVERIFY(int(page.data().observations.size()) < observationsBefore);
    // The list keeps every candidate, the left-out ones unchecked.
    QCOMPARE(list->rowCount(), candidates);
    QCOMPARE(list->index(list->rowOf(u"run %1"_s.arg(m_ids[0]))).data(Qt::CheckStateRole).toInt(), int(Qt::Unchecked));
    QVERIFY(page.findChild<QLabel *>(u"selectionSummary"_s)->text().startsWith(u"%1 of %2"_s.arg(candidates - 2).arg(candidates)));
    // None, then one run: exactly that run, no baselines.
    QTest::mouseClick(page.findChild<QToolButton *>(u"checkNone"_s), Qt::LeftButton);
    QVERIFY(waitBuilt(page, built, 4));
    QVERIFY(page.data().observations.isEmpty());
    const int r2 = list->rowOf(u"run %1"_s.arg(m_ids[2]));
    QVERIFY(r2 >= 0);
    QVERIFY(list->setData(list->index(r2), Qt::Checked, Qt::CheckStateRole));
    QVERIFY(waitBuilt(page, built, 5));
    QCOMPARE(int(page.data().observations.size()), 1);
    QCOMPARE(measuredSources(page), QStringList{u"run %1"_s.arg(m_ids[2])});
    QCOMPARE(page.ratioModel()->rowCount(), 1);
}

void TstCompareFilter::handPickedRuns()
{
    StoreComparisonProvider provider(wb::testing::storeServiceFor(m_db));
    ComparePage page;
    QSignalSpy built(&page, &ComparePage::comparisonBuilt);
    page.setProvider(&provider);
    QVERIFY(waitBuilt(page, built));
    // What "Compare selected" on the Results page asks for, a failed run included.
    page.compareRuns({m_ids[0], m_ids[3], m_ids[4]});
    QVERIFY(waitBuilt(page, built, 2));
    QCOMPARE(measuredSources(page), (QStringList{u"run %1"_s.arg(m_ids[0]), u"run %1"_s.arg(m_ids[3]),
                                                 u"run %1"_s.arg(m_ids[4])}));
    QVERIFY2(page.data().title.startsWith(u"UDP stream: "_s), qPrintable(page.data().title)); // the kind comes from the runs, named as the catalog does
    QVERIFY(!page.findChild<QLabel *>(u"pickedRuns"_s)->isHidden());
    QVERIFY(!page.findChild<QComboBox *>(u"datasetSelector"_s)->isEnabled());
    // The chart and ratio table use them: two message sizes, baselines beside.
    auto *groupBy = page.findChild<QComboBox *>(u"groupBySelector"_s);
    groupBy->setCurrentIndex(groupBy->findText(u"message size"_s));
    QStringList groups;
    for (int r = 0; r < page.ratioModel()->rowCount(); ++r)
        groups << page.ratioModel()->item(r, ComparePage::GroupColumn)->text();
    QVERIFY2(groups.join(u"|"_s).contains(u"64 B"_s) && groups.join(u"|"_s).contains(u"1472 B"_s), qPrintable(groups.join(u"|"_s)));
    // Back to the filter.
    QTest::mouseClick(page.findChild<QToolButton *>(u"clearPicked"_s), Qt::LeftButton);
    QVERIFY(waitBuilt(page, built, 3));
    QCOMPARE(measuredSources(page).size(), 4);
}

void TstCompareFilter::staleBuildsDropped()
{
    StoreComparisonProvider provider(wb::testing::storeServiceFor(m_db));
    ComparePage page;
    QSignalSpy built(&page, &ComparePage::comparisonBuilt);
    page.setProvider(&provider);
    QVERIFY(waitBuilt(page, built));
    // Several filters in quick succession: only the newest one's result shows.
    ComparisonSelection f;
    f.kind = u"udp_stream"_s;
    for (const QString &text : {u"adam"_s, u"eve"_s, u"X3"_s, u"C65"_s, u"seth"_s}) {
        f.text = text;
        page.setFilter(f);
    }
    QVERIFY(waitBuilt(page, built, 2));
    QCOMPARE(measuredSources(page), (QStringList{u"run %1"_s.arg(m_ids[2]), u"run %1"_s.arg(m_ids[3])}));
    QCOMPARE(page.selection().text, u"seth"_s);
    // Typing waits for a pause: one build for several keystrokes.
    auto *text = page.findChild<QLineEdit *>(u"textFilter"_s);
    text->clear();
    QTest::keyClicks(text, u"C65"_s);
    QVERIFY(waitBuilt(page, built, 3));
    QCOMPARE(measuredSources(page), (QStringList{u"run %1"_s.arg(m_ids[0]), u"run %1"_s.arg(m_ids[1])}));
}

void TstCompareFilter::groupByChoices()
{
    StoreComparisonProvider provider(wb::testing::storeServiceFor(m_db));
    ComparePage page;
    QSignalSpy built(&page, &ComparePage::comparisonBuilt);
    page.setProvider(&provider);
    QVERIFY(waitBuilt(page, built));
    ComparisonSelection f;
    f.kind = u"udp_stream"_s;
    page.setFilter(f);
    QVERIFY(waitBuilt(page, built, 2));
    auto *groupBy = page.findChild<QComboBox *>(u"groupBySelector"_s);
    QStringList offered;
    for (int i = 0; i < groupBy->count(); ++i)
        offered << groupBy->itemText(i);
    for (const QString &dim : {u"NIC"_s, u"switch"_s, u"cable"_s, u"host pair"_s, u"message size"_s, u"date"_s})
        QVERIFY2(offered.contains(dim), qPrintable(offered.join(u", "_s)));
    // Grouped by switch: the runs through fs108 apart from the crossover ones.
    groupBy->setCurrentIndex(groupBy->findText(u"switch"_s));
    QStringList groups;
    for (int r = 0; r < page.ratioModel()->rowCount(); ++r)
        groups << page.ratioModel()->item(r, ComparePage::GroupColumn)->text();
    QVERIFY2(groups.join(u"|"_s).contains(u"fs108"_s), qPrintable(groups.join(u"|"_s)));
    groupBy->setCurrentIndex(groupBy->findText(u"cable"_s));
    groups.clear();
    for (int r = 0; r < page.ratioModel()->rowCount(); ++r)
        groups << page.ratioModel()->item(r, ComparePage::GroupColumn)->text();
    QVERIFY2(groups.join(u"|"_s).contains(u"X3"_s) && groups.join(u"|"_s).contains(u"C1"_s), qPrintable(groups.join(u"|"_s)));
}

void TstCompareFilter::metricChoice()
{
    StoreComparisonProvider provider(wb::testing::storeServiceFor(m_db));
    ComparePage page;
    QSignalSpy built(&page, &ComparePage::comparisonBuilt);
    page.setProvider(&provider);
    QVERIFY(waitBuilt(page, built));
    ComparisonSelection f;
    f.kind = u"udp_stream"_s;
    page.setFilter(f);
    QVERIFY(waitBuilt(page, built, 2));
    auto *metric = page.findChild<QComboBox *>(u"metricSelector"_s);
    QCOMPARE(metric->currentData().toString(), u"throughput_bps"_s);
    const int cpu = metric->findData(u"cpu_util_pct"_s);
    QVERIFY(cpu > 0);
    metric->setCurrentIndex(cpu);
    QVERIFY(waitBuilt(page, built, 3));
    QCOMPARE(page.data().metric, u"cpu_util_pct"_s);
    QCOMPARE(page.data().unit, u"%"_s);
    QCOMPARE(measuredSources(page).size(), 4);
}

void TstCompareFilter::reportHasInventoryAndEnvironment()
{
    StoreComparisonProvider provider(wb::testing::storeServiceFor(m_db));
    ComparePage page;
    QSignalSpy built(&page, &ComparePage::comparisonBuilt);
    page.setProvider(&provider);
    QVERIFY(waitBuilt(page, built));
    page.compareRuns({m_ids[1], m_ids[2]});
    QVERIFY(waitBuilt(page, built, 2));
    // Through the shortcut: the database part runs on a worker thread.
    const QString path = m_dir.filePath(u"report.html"_s);
    QSignalSpy exported(&page, &ComparePage::exported);
    page.setNextExportPath(path);
    page.show();
    // A window shortcut fires only in the active window: exposed is not
    // enough (under load the key came first and nothing was exported).
    page.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&page));
    QTest::keyClick(&page, Qt::Key_R, Qt::ControlModifier | Qt::ShiftModifier);
    QVERIFY(exported.wait(15000));
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QString html = QString::fromUtf8(f.readAll());
    QVERIFY(html.contains(u"Inventory of what was compared"_s));
    QVERIFY(html.contains(u"fs108"_s));              // the switch of run 1's path
    QVERIFY(html.contains(u"X3"_s));                 // the crossover cable of run 2
    QVERIFY(html.contains(u"adam/eth1"_s));          // a NIC compared
    QVERIFY(html.contains(u"6.1.0-client-kernel"_s)); // the client's environment
    QVERIFY(html.contains(u"5.10.0-server-kernel"_s)); // the server's environment
    QVERIFY(html.contains(u"e1000e"_s));
    QVERIFY(html.contains(u"Historical baselines"_s));
    // Every section the engine lists for this view, as the CLI's report has them.
    for (const QString &title : comparisonReportSectionTitles(page.view(), true))
        QVERIFY2(html.contains(u"<h2>"_s + title + u"</h2>"_s), qPrintable(title));
    // A run left out of the comparison is left out of the report.
    QVERIFY(!html.contains(u"<tr><td>%1</td><td>udp"_s.arg(m_ids[0])));
    QVERIFY(html.contains(u"<tr><td>%1</td><td>udp 1472</td><td>adam/eth0 → eve/eth0</td>"_s.arg(m_ids[1])));
    // The same through the synchronous call, as PDF.
    QString error;
    QVERIFY2(page.exportReport(m_dir.filePath(u"report.pdf"_s), &error), qPrintable(error));
    QFile pdf(m_dir.filePath(u"report.pdf"_s));
    QVERIFY(pdf.open(QIODevice::ReadOnly) && pdf.read(4) == "%PDF");
    // WB_REPORT_DIR=... keeps both for a human to read.
    if (const QString keep = qEnvironmentVariable("WB_REPORT_DIR"); !keep.isEmpty()) {
        QFile::copy(path, keep + u"/report.html"_s);
        QFile::copy(m_dir.filePath(u"report.pdf"_s), keep + u"/report.pdf"_s);
    }
}

// A date filter on "any" opens its calendar on this month, not on 1970.
void TstCompareFilter::dateCalendarOpensOnThisMonth()
{
    ComparePage page;
    for (const auto *name : {"fromDate", "toDate"}) {
        auto *edit = page.findChild<QDateEdit *>(QString::fromLatin1(name));
        QVERIFY2(edit, name);
        QCalendarWidget *calendar = edit->calendarWidget();
        calendar->setSelectedDate(edit->date()); // as the popup does before it shows
        QShowEvent show;
        QCoreApplication::sendEvent(calendar, &show);
        QCOMPARE(calendar->yearShown(), QDate::currentDate().year());
        QCOMPARE(calendar->monthShown(), QDate::currentDate().month());
    }
}

void TstCompareFilter::experimentRunsGroupedByArm()
{
    // "Compare selected" on an experiment's runs opens on its question:
    // grouped by arm, no baselines, the question in the notes; back to the
    // filter, the page groups by host pair again.
    QTemporaryDir dir;
    const QString db = dir.filePath(u"ab.sqlite"_s);
    QList<qint64> ids;
    {
        auto store = ResultStore::open(db);
        QVERIFY(store);
        QVERIFY(ensureBuiltinBaselines(**store));
        QList<StoredRun> runs;
        for (int round = 1; round <= 2; ++round)
            for (const auto &[arm, mbps] : {std::pair{u"sw-a"_s, 90.0}, std::pair{u"sw-b"_s, 40.0}}) {
                StoredRun r = run(u"adam/eth0"_s, u"eve/eth0"_s, 1472, mbps + round, 1);
                r.record.extra.insert(u"plan_run"_s, u"0badcafe"_s);
                r.record.extra.insert(u"experiment"_s, QJsonObject{{u"question"_s, u"Is sw-b as good as sw-a?"_s},
                                                                   {u"varies"_s, u"switch"_s},
                                                                   {u"arm"_s, arm},
                                                                   {u"round"_s, round},
                                                                   {u"rounds"_s, 2}});
                runs.append(r);
            }
        auto saved = (*store)->runs().saveRuns(runs);
        QVERIFY2(saved, qPrintable(saved.message()));
        ids = *saved;
        // Another plan run's experiment over the same ends: never in this one's answer.
        StoredRun other = run(u"adam/eth0"_s, u"eve/eth0"_s, 1472, 10, 1);
        other.record.extra.insert(u"plan_run"_s, u"feedface"_s);
        other.record.extra.insert(u"experiment"_s, QJsonObject{{u"question"_s, u"Other?"_s}, {u"varies"_s, u"switch"_s},
                                                               {u"arm"_s, u"sw-c"_s}, {u"round"_s, 1}, {u"rounds"_s, 1}});
        QVERIFY((*store)->runs().saveRuns({other}));
    }
    StoreComparisonProvider provider(wb::testing::storeServiceFor(db));
    ComparePage page;
    QSignalSpy built(&page, &ComparePage::comparisonBuilt);
    page.setProvider(&provider);
    QVERIFY(waitBuilt(page, built));
    auto *groupBy = page.findChild<QComboBox *>(u"groupBySelector"_s);
    QCOMPARE(groupBy->currentText(), u"host pair"_s);
    page.compareRuns(ids);
    QVERIFY(waitBuilt(page, built, 2));
    QCOMPARE(groupBy->currentText(), u"experiment arm"_s);
    QStringList groups;
    for (int r = 0; r < page.ratioModel()->rowCount(); ++r)
        groups << page.ratioModel()->item(r, ComparePage::GroupColumn)->text();
    QCOMPARE(groups.size(), 2);
    QVERIFY2(groups.join(u"|"_s).contains(u"sw-a"_s) && groups.join(u"|"_s).contains(u"sw-b"_s), qPrintable(groups.join(u"|"_s)));
    for (const Observation &o : page.data().observations)
        QVERIFY(!o.baseline);
    QVERIFY(page.data().notes.join(u' ').contains(u"Experiment: Is sw-b as good as sw-a?"_s));
    QTest::mouseClick(page.findChild<QToolButton *>(u"clearPicked"_s), Qt::LeftButton);
    QVERIFY(waitBuilt(page, built, 3));
    QCOMPARE(groupBy->currentText(), u"host pair"_s);

    // What the desktop program does once an experiment's runs are stored:
    // that plan run's arms only, by arm, whatever else the database holds.
    page.compareExperiment(u"0badcafe"_s, u"udp_stream"_s);
    QVERIFY(waitBuilt(page, built, 4));
    QCOMPARE(page.selection().experiment, u"0badcafe"_s);
    QCOMPARE(groupBy->currentText(), u"experiment arm"_s);
    groups.clear();
    for (int r = 0; r < page.ratioModel()->rowCount(); ++r)
        groups << page.ratioModel()->item(r, ComparePage::GroupColumn)->text();
    QCOMPARE(groups.size(), 2);
    QVERIFY2(!groups.join(u"|"_s).contains(u"sw-c"_s), qPrintable(groups.join(u"|"_s)));
    QCOMPARE(page.data().observations.size(), 4);
    for (const Observation &o : page.data().observations)
        QVERIFY(!o.baseline);
    QVERIFY(page.findChild<QLabel *>(u"pickedRuns"_s)->text().contains(u"0badcafe"_s));
    QTest::mouseClick(page.findChild<QToolButton *>(u"clearPicked"_s), Qt::LeftButton);
    QVERIFY(waitBuilt(page, built, 5));
    QVERIFY(page.selection().experiment.isEmpty());
}

QTEST_MAIN(TstCompareFilter)
#include "tst_comparefilter.moc"
