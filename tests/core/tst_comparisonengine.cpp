// SPDX-License-Identifier: GPL-3.0-or-later
// The comparison engine on a real SQLite database with a known design: two
// switches x two write sizes x two sinks x three repetitions of a file
// transfer, a loopback run, and the shipped baselines. No cell pools two
// conditions, grouping by a parameter is a sweep, no interval reaches below
// zero, one figure has no interval, verdicts only within a condition, the
// seeds' Star -> Zeus file and /dev/null figures stay two cells, and a
// loopback run says so.

#include "analysis/comparisonengine.h"
#include "analysis/comparisonreport.h"
#include "analysis/storecomparisonprovider.h"
#include "exchange/resultimport.h"
#include "storeservicefixture.h"
#include "store/resultstore.h"
#include "store/runstore.h"

#include <QJsonArray>
#include <QSet>
#include <QTimeZone>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace Qt::StringLiterals;

namespace {

wb::StoredRun transfer(const QString &sw, int writeSize, const QString &sink, double bytesPerS, int minute)
{
    wb::StoredRun r;
    r.plan = u"design"_s;
    r.testCase = u"ftp %1 %2 %3"_s.arg(sw).arg(writeSize).arg(sink);
    // The switch shows in the host pair: alpha is wired to the fs108,
    // delta to the cat5000.
    r.clientEndpoint = sw == u"fs108"_s ? u"alpha/eth0"_s : u"delta/eth0"_s;
    r.serverEndpoint = u"beta/eth0"_s;
    r.startedAt = QDateTime(QDate(2026, 11, 1), QTime(10, minute), QTimeZone::utc());
    r.record.kind = u"file_transfer"_s;
    r.record.tool = u"wirebench-agent"_s;
    r.record.params = {{u"file_size_bytes"_s, 12 << 20}, {u"message_size_bytes"_s, writeSize}, {u"sink"_s, sink}};
    r.record.addMetric(u"throughput_bps"_s, u"server"_s, bytesPerS * 8);
    r.record.addMetric(u"throughput_bps"_s, u"client"_s, bytesPerS * 8 * 1.01);
    const QJsonObject nic{{u"name"_s, u"eth0"_s}, {u"driver"_s, u"e1000e"_s}, {u"speed_mbps"_s, 1000}, {u"duplex"_s, u"full"_s}};
    r.clientEnvironment = {{u"kernel"_s, u"Linux 6.1"_s}, {u"interfaces"_s, QJsonArray{nic}}};
    r.serverEnvironment = r.clientEnvironment;
    r.inventoryPath = QJsonArray{QJsonObject{{u"type"_s, u"switch"_s}, {u"key"_s, sw}}};
    return r;
}

} // namespace

class TstComparisonEngine : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void oneConditionPerCell();
    void sweepAlongAParameter();
    void honestIntervals();
    void seedsFileAndDevNullStayApart();
    void loopbackSaysSo();
    void reportSectionsAreTheSameForEveryFrontEnd();

private:
    wb::ComparisonData data(const QString &kind = u"file_transfer"_s);
    QTemporaryDir m_dir;
    QString m_db;
};

void TstComparisonEngine::initTestCase()
{
    m_db = m_dir.filePath(u"design.sqlite"_s);
    auto store = wb::ResultStore::open(m_db);
    QVERIFY(store);
    QVERIFY(wb::ensureBuiltinBaselines(**store));
    QList<wb::StoredRun> runs;
    int minute = 0;
    for (const QString &sw : {u"fs108"_s, u"cat5000"_s})
        for (int size : {65536, 131072})
            for (const QString &sink : {u"file"_s, u"devnull"_s})
                for (int rep = 0; rep < 3; ++rep)
                    runs << transfer(sw, size, sink,
                                     (sink == u"file"_s ? 40e6 : 90e6) * (sw == u"fs108"_s ? 1.0 : 0.9) * (1 + 0.01 * rep),
                                     minute++);
    // The first repetition over the fs108 of every condition warned.
    for (qsizetype i = 0; i < runs.size(); i += 3)
        if (runs[i].inventoryPath.first().toObject().value(u"key"_s).toString() == u"fs108"_s)
            runs[i].record.extra.insert(u"warnings"_s, QJsonArray{u"server beta (eth0): the NIC counted 7 receive "
                                                                  "drops during the test"_s});
    wb::StoredRun loop = transfer(u"none"_s, 131072, u"devnull"_s, 900e6, 59);
    loop.clientEndpoint = u"gamma"_s;
    loop.serverEndpoint = u"gamma"_s;
    loop.inventoryPath = {};
    loop.record.extra.insert(u"server_address"_s, u"127.0.0.1"_s);
    runs << loop;
    QVERIFY((*store)->runs().saveRuns(runs));
}

wb::ComparisonData TstComparisonEngine::data(const QString &kind)
{
    wb::StoreComparisonProvider provider(wb::testing::storeServiceFor(m_db));
    QString error;
    auto d = provider.dataset(kind + u": x"_s, &error);
    if (!d)
        qWarning() << error;
    return d.value_or(wb::ComparisonData());
}

void TstComparisonEngine::oneConditionPerCell()
{
    const wb::ComparisonData d = data();
    QVERIFY(!d.observations.isEmpty());
    const wb::ComparisonView first = wb::buildComparisonView(d, {u"host pair"_s, {}, {}, 0.95});
    // 2 write sizes x 2 sinks x 2 sides, plus the seeds' conditions.
    QVERIFY(first.conditions.size() >= 8);
    for (const wb::ConditionEntry &c : first.conditions) {
        const wb::ComparisonView v = wb::buildComparisonView(d, {u"switch"_s, c.key, {}, 0.95});
        for (const wb::EngineCell &cell : v.cells) {
            QSet<QString> keys;
            for (int i : cell.members)
                keys.insert(d.observations[i].condition->key());
            QCOMPARE(keys.size(), 1); // never two conditions in one cell
            if (cell.baseline)
                QCOMPARE(cell.members.size(), 1); // a baseline is never pooled
        }
        for (const wb::EngineRow &row : v.rows)
            QVERIFY(row.comparable); // one condition shown: every cell compares
    }
    // The condition with most runs first: 3 repetitions x 2 switches, and
    // the loopback run of the same condition.
    QCOMPARE(first.conditions.first().runs, 7);
    QCOMPARE(first.conditions.first().condition.side, wb::FigureSide::Receiver);
    // Grouped by host pair: one cell per switch's pair, three repetitions
    // each, the newest measured one the reference.
    int measured = 0;
    for (const wb::EngineCell &c : first.cells)
        if (!c.baseline && (c.category == u"alpha → beta"_s || c.category == u"delta → beta"_s)) {
            ++measured;
            QCOMPARE(c.estimate.n, 3);
        } else if (!c.baseline) {
            QVERIFY2(c.link.linkClass == wb::LinkInfo::Class::Loopback, qPrintable(c.label)); // never pooled with the wired runs
            QCOMPARE(c.estimate.n, 1);
        }
    QCOMPARE(measured, 2);
    QVERIFY(!first.cells[first.reference].baseline);
}

void TstComparisonEngine::sweepAlongAParameter()
{
    const wb::ComparisonData d = data();
    QVERIFY(d.dimensions.contains(u"sink"_s));
    const wb::ComparisonView v = wb::buildComparisonView(d, {u"sink"_s, {}, {}, 0.95});
    QVERIFY(v.isSweep());
    QCOMPARE(v.sweepParameter, u"sink"_s);
    QSet<QString> sinks;
    for (const wb::EngineCell &c : v.cells)
        sinks.insert(c.category);
    QVERIFY(sinks.contains(u"file"_s) && sinks.contains(u"devnull"_s));
    // Verdicts only within one sink: the others are not comparable.
    const QString refSink = v.cells[v.reference].category;
    for (const wb::EngineRow &row : v.rows) {
        if (v.cells[row.cell].category == refSink)
            continue;
        QVERIFY(!row.comparable);
        QVERIFY2(row.verdict.startsWith(u"Not comparable: they differ in sink"_s), qPrintable(row.verdict));
        QVERIFY(!std::isfinite(row.comparison.pValue) || row.comparison.a.n == 0);
    }
    // Grouped by write size: numeric order.
    const wb::ComparisonView sizes = wb::buildComparisonView(d, {u"write size"_s, {}, {}, 0.95});
    QVERIFY(sizes.isSweep());
    QStringList order;
    for (const wb::EngineCell &c : sizes.cells)
        if (!c.baseline && !order.contains(c.category))
            order << c.category;
    QCOMPARE(order, (QStringList{u"64 KiB"_s, u"128 KiB"_s}));
}

void TstComparisonEngine::honestIntervals()
{
    const wb::ComparisonData d = data();
    for (const wb::ConditionEntry &c : wb::buildComparisonView(d, {u"host pair"_s, {}, {}, 0.95}).conditions) {
        const wb::ComparisonView v = wb::buildComparisonView(d, {u"switch"_s, c.key, {}, 0.95});
        for (const wb::EngineCell &cell : v.cells) {
            if (cell.estimate.n == 1) {
                QVERIFY(!cell.estimate.hasInterval());
                QVERIFY(wb::meanText(cell.estimate).contains(u"single measurement"_s));
            } else {
                QVERIFY(cell.estimate.low > 0); // never below zero
            }
        }
        for (const wb::EngineRow &row : v.rows) {
            const wb::EngineCell &cell = v.cells[row.cell];
            if (!row.reference && (cell.estimate.n < 2 || v.cells[v.reference].estimate.n < 2)) {
                QVERIFY(!std::isfinite(row.comparison.ratioLow)); // a ratio interval needs repetitions on both sides
                QVERIFY(!std::isfinite(row.comparison.pValue));
            }
            if (!row.reference && std::isfinite(row.comparison.ratioLow))
                QVERIFY2(row.comparison.ratioLow > 0, qPrintable(cell.label + u" vs "_s + v.cells[v.reference].label + u": "_s
                                                                 + QString::number(row.comparison.ratioLow)));
        }
    }
}

void TstComparisonEngine::seedsFileAndDevNullStayApart()
{
    const wb::ComparisonData d = data();
    QList<double> starZeus;
    for (const wb::ConditionEntry &c : wb::buildComparisonView(d, {u"host pair"_s, {}, {}, 0.95}).conditions) {
        const wb::ComparisonView v = wb::buildComparisonView(d, {u"host pair"_s, c.key, {}, 0.95});
        for (const wb::EngineCell &cell : v.cells)
            if (cell.baseline && cell.label.startsWith(u"Star → Zeus"_s)) {
                QCOMPARE(cell.values.size(), 1);
                starZeus << cell.values.first();
                QVERIFY(cell.label.contains(u"1997"_s)); // a baseline carries its source and year
            }
    }
    std::sort(starZeus.begin(), starZeus.end());
    // 7.3 and 8.3 x 2^20 B/s in Mbit/s: two cells of two conditions.
    QCOMPARE(starZeus.size(), 2);
    QVERIFY(std::fabs(starZeus[0] - 7.3 * 1048576 * 8 / 1e6) < 0.01);
    QVERIFY(std::fabs(starZeus[1] - 8.3 * 1048576 * 8 / 1e6) < 0.01);
}

void TstComparisonEngine::loopbackSaysSo()
{
    const wb::ComparisonData d = data();
    bool sawLoopback = false;
    for (const wb::ConditionEntry &c : wb::buildComparisonView(d, {u"host pair"_s, {}, {}, 0.95}).conditions) {
        const wb::ComparisonView v = wb::buildComparisonView(d, {u"host pair"_s, c.key, {}, 0.95});
        for (const wb::EngineRow &row : v.rows) {
            const wb::EngineCell &cell = v.cells[row.cell];
            if (cell.link.linkClass != wb::LinkInfo::Class::Loopback)
                continue;
            sawLoopback = true;
            QVERIFY2(cell.label.contains(u"loopback"_s), qPrintable(cell.label));
            QVERIFY(!std::isfinite(row.pctOfCeiling)); // no wire, no ceiling
            QVERIFY(v.notes.join(u' ').contains(u"Loopback runs crossed no wire"_s));
        }
    }
    QVERIFY(sawLoopback);
}

void TstComparisonEngine::reportSectionsAreTheSameForEveryFrontEnd()
{
    const wb::ComparisonData d = data();
    const wb::ComparisonView v = wb::buildComparisonView(d, {u"switch"_s, {}, {}, 0.95});
    auto store = wb::ResultStore::open(m_db, {.createIfMissing = false, .readOnly = true});
    QVERIFY(store);
    const QList<wb::ReportSection> sections = wb::comparisonReportSections(v, d, store->get());
    QStringList titles;
    for (const wb::ReportSection &s : sections)
        titles << s.title;
    QCOMPARE(titles, wb::comparisonReportSectionTitles(v, true));
    for (const QString &needed : {u"Each cell against the reference"_s, u"Environment against the reference"_s,
                                  u"Inventory of what was compared"_s, u"Historical baselines, with hardware and citation"_s})
        QVERIFY2(titles.contains(needed), qPrintable(titles.join(u", "_s)));
    const QString table = sections[titles.indexOf(u"Each cell against the reference"_s)].html;
    QVERIFY(table.contains(u"% of ceiling"_s) && table.contains(u"<th>p</th>"_s) && table.contains(u"<th>n</th>"_s));
    // A run's recorded warning is in the report with the runs, once.
    const QString runs = sections[titles.indexOf(u"Runs compared, with the environment of each end"_s)].html;
    QCOMPARE(runs.count(u"the NIC counted 7 receive drops during the test"_s), 1);
    QVERIFY2(runs.contains(u"Warnings recorded with the runs:"_s), qPrintable(runs.right(400)));
}

QTEST_GUILESS_MAIN(TstComparisonEngine)
#include "tst_comparisonengine.moc"
