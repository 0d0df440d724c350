// SPDX-License-Identifier: GPL-3.0-or-later
// The History window the Compare page opens for a row, over a real results
// database: sixteen nightly udp_stream runs through the tiny lab's switch
// with a step from 90 to 60 Mbit/s after night 8 and two tagged nights. The
// window follows the element the row stands for (the switch when grouped
// by switch), offers the other elements of the newest run, draws the
// change point and the tags, exports its points, and is not offered for a
// baseline row. The chart alone: an untagged history draws no tag label.
// The Results page's model marks the first run after the change.

#include "tinylab.h"
#include "analysis/history.h"
#include "analysis/storecomparisonprovider.h"
#include "../core/storeservicefixture.h"
#include "comparepage.h"
#include "exchange/resultimport.h"
#include "historychart.h"
#include "historywindow.h"
#include "inventory/inventory.h"
#include "qcustomplotinclude.h"
#include "runlistmodel.h"
#include "store/annotationstore.h"
#include "store/baselinestore.h"
#include "store/inventorystore.h"
#include "store/resultstore.h"
#include "store/runstore.h"

#include <QAction>
#include <QComboBox>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QSignalSpy>
#include <QStandardItemModel>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>

using namespace Qt::StringLiterals;
using namespace wb;
using wb::gui::ComparePage;
using wb::gui::HistoryWindow;

class TstCompareHistory : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void rowHistoryFollowsItsSwitch();
    void otherElementOfTheRun();
    void baselineRowHasNoHistory();
    void untaggedHistoryDrawsNoTags();
    void resultsMarkTheRunAfterTheChange();

private:
    // A Compare page on the database, udp_stream grouped by `groupBy`, built.
    bool openCompare(ComparePage &page, StoreComparisonProvider &provider, const QString &groupBy);
    int rowOf(const ComparePage &page, const QString &category, bool baseline) const;

    QTemporaryDir m_dir;
    QString m_db;
    QList<qint64> m_ids; // the sixteen nights, oldest first
};

namespace {

constexpr int kNights = 16;
constexpr int kStep = 8; // the first night at 60 Mbit/s

StoredRun night(int i, int size = 1472)
{
    StoredRun r;
    r.plan = u"nightly"_s;
    r.testCase = u"udp %1"_s.arg(size);
    r.clientEndpoint = u"adam/eth0"_s;
    r.serverEndpoint = u"eve/eth0"_s;
    r.startedAt = QDateTime::currentDateTimeUtc().addDays(-40 + i);
    r.endedAt = r.startedAt.addSecs(10);
    r.record.kind = u"udp_stream"_s;
    r.record.tool = u"wirebench-agent"_s;
    r.record.params.insert(u"message_size_bytes"_s, size);
    static const double wobble[] = {0.3, -0.2, 0.1, -0.4, 0.2, 0.0, -0.1, 0.4};
    const double mbps = (i < kStep ? 90.0 : 60.0) + wobble[i % 8];
    r.record.addMetric(u"throughput_bps"_s, u"server"_s, mbps * 1e6);
    const QJsonObject env{{u"kernel"_s, u"6.1.0-18-amd64"_s},
                          {u"interfaces"_s, QJsonArray{QJsonObject{{u"name"_s, u"eth0"_s},
                                                                   {u"driver"_s, u"e1000e"_s},
                                                                   {u"speed_mbps"_s, 100},
                                                                   {u"duplex"_s, u"full"_s}}}}};
    r.clientEnvironment = env;
    r.serverEnvironment = env;
    return r;
}

} // namespace

void TstCompareHistory::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_db = m_dir.filePath(u"history.sqlite"_s);
    auto store = ResultStore::open(m_db);
    QVERIFY2(store, qPrintable(store.message()));
    QVERIFY(ensureBuiltinBaselines(**store));
    QString error;
    const auto lab = wbtest::tinyLab(&error);
    QVERIFY2(lab, qPrintable(error));
    QVERIFY((*store)->inventory().importInventory(*lab));
    const auto client = (*store)->inventory().nicByKey(u"adam/eth0"_s);
    const auto server = (*store)->inventory().nicByKey(u"eve/eth0"_s);
    QVERIFY(client && server);
    QList<StoredRun> runs;
    for (int i = 0; i < kNights; ++i)
        runs << night(i);
    runs << night(3, 64); // another condition on the same path
    for (StoredRun &r : runs) {
        r.clientNicId = client->id;
        r.clientHostId = client->hostId;
        r.serverNicId = server->id;
        r.serverHostId = server->hostId;
    }
    auto saved = (*store)->runs().saveRuns(runs);
    QVERIFY2(saved, qPrintable(saved.message()));
    m_ids = saved->mid(0, kNights);
    // A historical figure of the same condition: a baseline row beside the measured ones.
    Baseline b;
    b.key = u"test/udp-fs108-1472"_s;
    b.citation.author = u"A. Tester"_s;
    b.citation.date = u"1999-01-01"_s;
    b.hardware = QJsonObject{{u"switch"_s, QJsonObject{{u"model"_s, u"FS108"_s}}}};
    b.record.kind = u"udp_stream"_s;
    b.record.tool = u"ftp"_s;
    b.record.params.insert(u"message_size_bytes"_s, 1472);
    b.record.addMetric(u"throughput_bps"_s, u"server"_s, 95e6);
    QVERIFY((*store)->baselines().importBaselines({b}));
    QVERIFY((*store)->annotations().addRunTags(m_ids[10], {u"cable re-crimped"_s}));
    QVERIFY((*store)->annotations().addRunTags(m_ids[11], {u"firmware 4.2"_s, u"after-update"_s}));
    QVERIFY((*store)->runs().setRunNotes(m_ids[10], u"re-crimped C65 at both ends"_s));
}

bool TstCompareHistory::openCompare(ComparePage &page, StoreComparisonProvider &provider, const QString &groupBy)
{
    QSignalSpy built(&page, &ComparePage::comparisonBuilt);
    page.setProvider(&provider);
    if (!QTest::qWaitFor([&] { return built.count() >= 1 && !page.isBuilding(); }, 15000))
        return false;
    ComparisonSelection f;
    f.kind = u"udp_stream"_s;
    page.setFilter(f);
    if (!QTest::qWaitFor([&] { return built.count() >= 2 && !page.isBuilding(); }, 15000))
        return false;
    auto *group = page.findChild<QComboBox *>(u"groupBySelector"_s);
    const int at = group->findText(groupBy);
    if (at < 0)
        return false;
    group->setCurrentIndex(at);
    return page.view().groupBy == groupBy;
}

int TstCompareHistory::rowOf(const ComparePage &page, const QString &category, bool baseline) const
{
    for (int i = 0; i < page.view().rows.size(); ++i) {
        const EngineCell &c = page.view().cells[page.view().rows[i].cell];
        if (c.category == category && c.baseline == baseline)
            return i;
    }
    return -1;
}

void TstCompareHistory::rowHistoryFollowsItsSwitch()
{
    StoreComparisonProvider provider(wb::testing::storeServiceFor(m_db));
    ComparePage page;
    page.resize(1280, 800);
    page.show();
    QVERIFY(openCompare(page, provider, u"switch"_s));
    const int row = rowOf(page, u"fs108"_s, false);
    QVERIFY2(row >= 0, "no measured fs108 row");
    auto *table = page.findChild<QTableView *>(u"ratioTable"_s);
    table->selectRow(row);
    QVERIFY(page.historyAction()->isEnabled());
    // The button carries the action, and Ctrl+H opens it too.
    QCOMPARE(page.findChild<QToolButton *>(u"historyButton"_s)->defaultAction(), page.historyAction());
    QCOMPARE(page.historyAction()->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_H));
    page.historyAction()->trigger();
    auto *w = page.findChild<HistoryWindow *>(u"historyWindow"_s);
    QVERIFY(w);
    QVERIFY(w->isVisible());
    QTRY_VERIFY_WITH_TIMEOUT(!w->isLoading(), 15000);

    const History &h = w->history();
    QCOMPARE(int(h.element.type), int(HistoryElement::Type::Switch));
    QCOMPARE(h.element.first, u"fs108"_s);
    QCOMPARE(h.kind, u"udp_stream"_s);
    QCOMPARE(h.metric, u"throughput_bps"_s);
    QCOMPARE(h.points.size(), kNights); // the 64 B run is another condition
    QCOMPARE(h.conditions.size(), 2);
    QVERIFY2(w->statusLabel()->text().contains(u"Other conditions with runs on this element: 1"_s), qPrintable(w->statusLabel()->text()));
    const QString heading = w->findChild<QLabel *>(u"historyHeading"_s)->text();
    QVERIFY2(heading.contains(u"switch fs108"_s) && !heading.contains(u"loopback"_s), qPrintable(heading));
    QCOMPARE(h.changePoints.size(), 1);
    QCOMPARE(h.changePoints.first().point, kStep);
    QVERIFY(h.changePoints.first().worse);
    QVERIFY(std::abs(h.changePoints.first().relativeChangePct + 33.3) < 1.0);
    // Tags and the note reach the points, the table and the chart.
    QCOMPARE(h.points[10].tags, QStringList{u"cable re-crimped"_s});
    QCOMPARE(h.points[11].tags, (QStringList{u"after-update"_s, u"firmware 4.2"_s}));
    QCOMPARE(h.points[10].notes, u"re-crimped C65 at both ends"_s);
    QVERIFY(h.points[9].tags.isEmpty());
    const auto &t = w->content().table;
    const int tagsColumn = int(t.header.indexOf(u"tags"_s));
    const int notesColumn = int(t.header.indexOf(u"notes"_s));
    QVERIFY(tagsColumn >= 0 && notesColumn >= 0);
    QCOMPARE(t.rows.size(), kNights);
    QCOMPARE(t.rows[11][tagsColumn], u"after-update, firmware 4.2"_s);
    QCOMPARE(t.rows[10][notesColumn], u"re-crimped C65 at both ends"_s);
    QVERIFY(t.rows[9][tagsColumn].isEmpty());
    auto *label10 = w->plot()->findChild<QCPItemText *>(u"tag_11"_s);
    auto *label11 = w->plot()->findChild<QCPItemText *>(u"tag_12"_s);
    QVERIFY(label10 && label11);
    QCOMPARE(label10->text(), u"cable re-crimped"_s);
    QCOMPARE(label11->text(), u"after-update, firmware 4.2"_s);
    QVERIFY(!w->plot()->findChild<QCPItemText *>(u"tag_10"_s));
    // Neighbouring labels sit at different heights, so they do not print over each other.
    w->plot()->replot();
    const QRectF r10(label10->topLeft->pixelPosition(), label10->bottomRight->pixelPosition());
    const QRectF r11(label11->topLeft->pixelPosition(), label11->bottomRight->pixelPosition());
    QVERIFY(r10.height() > 5 && r11.height() > 5);
    QVERIFY2(!r10.intersects(r11), qPrintable(u"%1 %2"_s.arg(r10.top()).arg(r11.top())));
    // ... and above the points, inside the plot.
    const QRectF rect = w->plot()->axisRect()->rect();
    QVERIFY(rect.contains(r10) && rect.contains(r11));
    QVERIFY(w->plot()->findChild<QCPItemStraightLine *>(u"change_1"_s));
    QVERIFY(w->content().caption.contains(u"tags"_s));

    // Export: the points with their tags, as CSV.
    const QString csv = m_dir.filePath(u"history.csv"_s);
    w->setNextExportPath(csv);
    w->findChild<QToolButton *>(u"historyExport"_s)->click();
    QFile f(csv);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray body = f.readAll();
    QVERIFY(body.startsWith("time,run_ids,n,mean"));
    QVERIFY(body.contains("cable re-crimped"));
    QString error;
    QVERIFY(!w->exportChart(m_dir.filePath(u"history.txt"_s), &error));
    QVERIFY2(error.contains(u".png"_s), qPrintable(error));
}

void TstCompareHistory::otherElementOfTheRun()
{
    StoreComparisonProvider provider(wb::testing::storeServiceFor(m_db));
    ComparePage page;
    QVERIFY(openCompare(page, provider, u"host pair"_s));
    const int row = rowOf(page, u"adam → eve"_s, false);
    QVERIFY2(row >= 0, "no measured adam → eve row");
    page.findChild<QTableView *>(u"ratioTable"_s)->selectRow(row);
    HistoryWindow *w = page.showHistory();
    QVERIFY(w);
    QTRY_VERIFY_WITH_TIMEOUT(!w->isLoading(), 15000);
    QCOMPARE(int(w->history().element.type), int(HistoryElement::Type::HostPair));
    QCOMPARE(w->history().element.first, u"adam"_s);
    QCOMPARE(w->history().element.second, u"eve"_s);
    // The newest run's path: both NICs, the switch and both cables.
    QStringList offered;
    for (int i = 0; i < w->elementSelector()->count(); ++i)
        offered << w->elementSelector()->itemText(i);
    QCOMPARE(offered.size(), 6);
    QCOMPARE(offered.first(), w->history().element.label());
    const int cable = int(offered.indexOf(HistoryElement{HistoryElement::Type::Cable, u"C65"_s, {}}.label()));
    QVERIFY2(cable > 0, qPrintable(offered.join(u" | "_s)));
    QSignalSpy loaded(w, &HistoryWindow::loaded);
    w->elementSelector()->setCurrentIndex(cable);
    QTRY_VERIFY_WITH_TIMEOUT(loaded.count() == 1 && !w->isLoading(), 15000);
    QCOMPARE(int(w->history().element.type), int(HistoryElement::Type::Cable));
    QCOMPARE(w->history().element.first, u"C65"_s);
    QCOMPARE(w->history().points.size(), kNights);
    QCOMPARE(w->elementSelector()->currentIndex(), cable);
}

void TstCompareHistory::baselineRowHasNoHistory()
{
    StoreComparisonProvider provider(wb::testing::storeServiceFor(m_db));
    ComparePage page;
    QVERIFY(openCompare(page, provider, u"switch"_s));
    int baseline = -1;
    for (int i = 0; i < page.view().rows.size() && baseline < 0; ++i)
        if (page.view().cells[page.view().rows[i].cell].baseline)
            baseline = i;
    QVERIFY2(baseline >= 0, "the test's baseline is a row of the shown condition");
    page.findChild<QTableView *>(u"ratioTable"_s)->selectRow(baseline);
    QVERIFY(!page.historyAction()->isEnabled());
    QVERIFY(!page.showHistory());
    page.findChild<QTableView *>(u"ratioTable"_s)->selectRow(rowOf(page, u"fs108"_s, false));
    QVERIFY(page.historyAction()->isEnabled());
}

void TstCompareHistory::untaggedHistoryDrawsNoTags()
{
    QList<StoredRun> runs;
    for (int i = 0; i < 6; ++i) {
        runs << night(i);
        runs.last().id = i + 1;
    }
    HistoryQuery q;
    q.element = HistoryElement::hostPairOf(runs.first());
    q.kind = u"udp_stream"_s;
    const History plain = buildHistory(runs, q);
    QCOMPARE(plain.points.size(), 6);
    QCustomPlot plot;
    const auto content = charts::HistoryChart::build(plot, plain, u"untagged"_s);
    for (QCPItemText *t : plot.findChildren<QCPItemText *>())
        QVERIFY2(!t->objectName().startsWith(u"tag_"_s), qPrintable(t->objectName()));
    QVERIFY(!content.caption.contains(u"tags"_s));
    // One tag on one run: one label, on that point.
    runs[2].tags = {u"new patch panel"_s};
    QCustomPlot tagged;
    charts::HistoryChart::build(tagged, buildHistory(runs, q), u"tagged"_s);
    QCOMPARE(tagged.findChildren<QCPItemText *>(u"tag_3"_s).size(), 1);
    QCOMPARE(tagged.findChild<QCPItemText *>(u"tag_3"_s)->text(), u"new patch panel"_s);
}

void TstCompareHistory::resultsMarkTheRunAfterTheChange()
{
    wb::gui::RunListModel model;
    QSignalSpy marks(&model, &wb::gui::RunListModel::changeMarksLoaded);
    QSignalSpy pages(&model, &wb::gui::RunListModel::pageLoaded);
    model.setStore(wb::testing::storeServiceFor(m_db));
    QTRY_VERIFY_WITH_TIMEOUT(marks.count() == 1 && pages.count() >= 1, 15000);
    // One history (udp_stream through adam → eve at 1472 B) has one change.
    QCOMPARE(marks.first().first().toInt(), 1);
    const auto mark = model.changeMark(m_ids[kStep]);
    QVERIFY(mark);
    QVERIFY(mark->worse);
    QVERIFY(std::abs(mark->relativeChangePct + 33.3) < 1.0);
    QCOMPARE(mark->element, u"adam → eve"_s);
    for (int i : {0, kStep - 1, kStep + 1, kNights - 1})
        QVERIFY2(!model.changeMark(m_ids[i]), qPrintable(QString::number(i)));
    int row = -1;
    for (int r = 0; r < model.rowCount(); ++r)
        if (model.row(r).id == m_ids[kStep])
            row = r;
    QVERIFY(row >= 0);
    const QModelIndex key = model.index(row, wb::gui::RunListModel::KeyMetric);
    QVERIFY2(key.data().toString().endsWith(u"Δ \u221233 % worse"_s), qPrintable(key.data().toString()));
    QVERIFY(key.data(Qt::ToolTipRole).toString().contains(mark->sentence));
    const QModelIndex plain = model.index(row == 0 ? 1 : 0, wb::gui::RunListModel::KeyMetric);
    QVERIFY(!plain.data().toString().contains(u"Δ"_s));
    // A new filter reads rows only; a reload scans again.
    RunFilter f;
    f.kind = u"udp_stream"_s;
    model.setFilter(f);
    QVERIFY(!model.changeMarksLoading());
    model.reload();
    QVERIFY(model.changeMarksLoading());
    QTRY_VERIFY_WITH_TIMEOUT(marks.count() == 2, 15000);
}

QTEST_MAIN(TstCompareHistory)
#include "tst_comparehistory.moc"
