// SPDX-License-Identifier: GPL-3.0-or-later
// The history of one condition on one element, read from a real database
// file: every measurement a point with its repetitions' interval, the
// environment changes between points, the change point the detector finds
// named after the driver update it coincides with; other conditions, other
// host pairs and failed runs never join the series; a new run re-tests
// only the last segment.

#include "analysis/history.h"
#include "historytestruns.h"
#include "storetestdb.h"
#include "storetestlab.h"
#include "store/inventorystore.h"
#include "store/resultstore.h"
#include "store/runstore.h"

#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>
#include <QUuid>

#include <random>

using namespace Qt::StringLiterals;

namespace {

const QDateTime kStart = QDateTime(QDate(2026, 10, 1), QTime(2, 0), Qt::UTC);

wb::StoredRun rrRun(int night, int repetition, double tps, const QString &driverVersion, int requestBytes = 1,
                    const QString &server = u"eve"_s)
{
    wb::StoredRun r = wbtest::tcpRrRun(u"adam"_s, server, kStart.addDays(night).addSecs(repetition * 20), tps,
                                       driverVersion, requestBytes);
    r.repetition = repetition;
    return r;
}

// Nights [from, to) of three repetitions each, the level `tps` with 1 % noise.
bool saveNights(wb::ResultStore &store, int from, int to, double tps, const QString &driver, std::mt19937_64 &rng)
{
    std::normal_distribution<double> noise(0, tps * 0.01);
    for (int night = from; night < to; ++night) {
        wb::Measurement m;
        m.uuid = QUuid::createUuid().toString(QUuid::WithoutBraces);
        m.kind = u"tcp_rr"_s;
        m.label = u"rr"_s;
        QList<wb::StoredRun> runs;
        for (int rep = 0; rep < 3; ++rep) {
            runs << rrRun(night, rep, tps + noise(rng), driver);
            runs.last().measurementUuid = m.uuid;
        }
        if (!store.runs().saveMeasurementRuns(m, runs))
            return false;
    }
    return true;
}

wb::RunFilter startedBetween(const QDateTime &since, const QDateTime &until = {})
{
    wb::RunFilter f;
    f.kind = u"tcp_rr"_s;
    f.status = wb::RunStatus::Finished;
    f.since = since;
    f.until = until;
    return f;
}

wb::HistoryQuery rrQuery()
{
    wb::HistoryQuery q;
    q.element = {wb::HistoryElement::Type::HostPair, u"adam"_s, u"eve"_s};
    q.kind = u"tcp_rr"_s;
    return q;
}

} // namespace

class TstHistory : public QObject
{
    Q_OBJECT
private slots:
    void driverUpdateIsNamed();
    void conditionsAreNeverMixed();
    void newRunRetestsTheLastSegment();
    void nicOfTheInventory();
};

void TstHistory::driverUpdateIsNamed()
{
    QTemporaryDir dir;
    auto store = wb::ResultStore::open(wbtest::databaseLocation(dir, u"h.sqlite"_s));
    QVERIFY2(store, store ? "" : qPrintable(store.error().message));
    std::mt19937_64 rng(19);
    // 20 nights at 10,000 transactions/s, then the client's driver goes from
    // 3.2 to 3.8 and the next 15 nights are 8 % slower.
    QVERIFY(saveNights(**store, 0, 20, 10000, u"3.2"_s, rng));
    QVERIFY(saveNights(**store, 20, 35, 9200, u"3.8"_s, rng));
    // Not of this series: another server, a failed run.
    wb::StoredRun other = rrRun(3, 0, 50000, u"3.2"_s, 1, u"zeus"_s);
    wb::StoredRun failed = rrRun(4, 5, 1, u"3.2"_s);
    failed.status = wb::RunStatus::Failed;
    QVERIFY((*store)->runs().saveRuns({other, failed}));
    // A remark on one run of night 25.
    auto night25 = (*store)->runs().listRuns(startedBetween(kStart.addDays(25), kStart.addDays(26)));
    QVERIFY(night25 && !night25->isEmpty());
    QVERIFY((*store)->runs().setRunNotes(night25->first().id, u"after the driver update"_s));

    const auto h = wb::loadHistory(**store, rrQuery());
    QVERIFY2(h, h ? "" : qPrintable(h.error().message));
    QCOMPARE(h->metric, u"transactions_per_s"_s);
    QCOMPARE(h->conditions.size(), 1);
    QCOMPARE(h->points.size(), 35);
    for (const wb::HistoryPoint &p : h->points) {
        QCOMPARE(p.runIds.size(), 3);
        QVERIFY(p.estimate.hasInterval());
        QVERIFY(p.estimate.low < p.estimate.mean && p.estimate.mean < p.estimate.high);
    }
    QCOMPARE(h->points[0].at, kStart);
    QCOMPARE(h->points[25].notes, u"after the driver update"_s);

    QCOMPARE(h->environmentChanges.size(), 1);
    const wb::HistoryEnvironmentChange &e = h->environmentChanges.first();
    QCOMPARE(e.point, 20);
    QCOMPARE(e.fields.size(), 1);
    QCOMPARE(e.describe(), u"client driver version: 3.2 → 3.8"_s);
    QCOMPARE(e.phrase(), u"the client driver went from e1000e 3.2 to 3.8"_s);

    QCOMPARE(h->changePoints.size(), 1);
    const wb::HistoryChangePoint &c = h->changePoints.first();
    QCOMPARE(c.point, 20);
    QCOMPARE(c.at, kStart.addDays(20));
    QVERIFY2(std::abs(c.relativeChangePct + 8) < 1, qPrintable(QString::number(c.relativeChangePct)));
    QVERIFY(c.pValue <= 0.05);
    QVERIFY(c.worse);
    QCOMPARE(c.environmentChange, 0);
    QVERIFY2(c.sentence.startsWith(u"tcp_rr "_s), qPrintable(c.sentence));
    const QString pct = u"\u2212"_s + QString::number(-c.relativeChangePct, 'f', 1) + u" % on 2026-10-21 (p = "_s;
    QVERIFY2(c.sentence.contains(pct), qPrintable(c.sentence));
    QVERIFY2(c.sentence.endsWith(u", when the client driver went from e1000e 3.2 to 3.8"_s), qPrintable(c.sentence));
    QCOMPARE(h->currentSegmentStart(), 20);
}

void TstHistory::conditionsAreNeverMixed()
{
    QTemporaryDir dir;
    auto store = wb::ResultStore::open(wbtest::databaseLocation(dir, u"c.sqlite"_s));
    QVERIFY(store);
    QList<wb::StoredRun> runs;
    for (int night = 0; night < 12; ++night) {
        runs << rrRun(night, 0, 10000 + night, u"3.2"_s, 1);
        if (night % 2 == 0)
            runs << rrRun(night, 1, 4000 + night, u"3.2"_s, 1024); // a bigger request: another condition
    }
    QVERIFY((*store)->runs().saveRuns(runs));
    auto h = wb::loadHistory(**store, rrQuery());
    QVERIFY(h);
    QCOMPARE(h->conditions.size(), 2);
    QCOMPARE(h->conditions[0].points, 12);
    QCOMPARE(h->conditions[1].points, 6);
    QCOMPARE(h->shownCondition, 0);
    QCOMPARE(h->points.size(), 12);
    for (const wb::HistoryPoint &p : h->points)
        QVERIFY(p.estimate.mean >= 10000 && p.estimate.single() && !p.estimate.hasInterval());
    // The other one, asked for by its key.
    wb::HistoryQuery q = rrQuery();
    q.conditionKey = h->conditions[1].key;
    h = wb::loadHistory(**store, q);
    QVERIFY(h);
    QCOMPARE(h->points.size(), 6);
    QVERIFY(h->condition.parameter(u"request_size_bytes"_s));
    QVERIFY2(h->condition.parameter(u"request_size_bytes"_s)->value == u"1024"_s, qPrintable(h->condition.label()));
    for (const wb::HistoryPoint &p : h->points)
        QVERIFY(p.estimate.mean < 5000);
    // A parameter filter leaves the other condition out altogether.
    q = rrQuery();
    q.params = QJsonObject{{u"request_size_bytes"_s, 1024}};
    h = wb::loadHistory(**store, q);
    QVERIFY(h);
    QCOMPARE(h->conditions.size(), 1);
    QCOMPARE(h->points.size(), 6);
    // Nothing of another pair.
    q = rrQuery();
    q.element.second = u"zeus"_s;
    h = wb::loadHistory(**store, q);
    QVERIFY(h);
    QCOMPARE(h->shownCondition, -1);
    QVERIFY(h->points.isEmpty());
}

void TstHistory::newRunRetestsTheLastSegment()
{
    QTemporaryDir dir;
    auto store = wb::ResultStore::open(wbtest::databaseLocation(dir, u"i.sqlite"_s));
    QVERIFY(store);
    std::mt19937_64 rng(23);
    QVERIFY(saveNights(**store, 0, 20, 10000, u"3.2"_s, rng));
    QVERIFY(saveNights(**store, 20, 40, 9200, u"3.8"_s, rng));
    const auto h = wb::loadHistory(**store, rrQuery());
    QVERIFY(h);
    QCOMPARE(h->changePoints.size(), 1);
    // One more night at the new level: the change stays exactly as it was.
    QVERIFY(saveNights(**store, 40, 41, 9200, u"3.8"_s, rng));
    auto fresh = (*store)->runs().runsWithMetric(startedBetween(kStart.addDays(40)), u"transactions_per_s"_s);
    QVERIFY(fresh);
    QCOMPARE(fresh->size(), 3);
    wb::History next = wb::extendHistory(*h, *fresh);
    QCOMPARE(next.points.size(), 41);
    QCOMPARE(next.points.last().runIds.size(), 3);
    QCOMPARE(next.changePoints.size(), 1);
    QCOMPARE(next.changePoints.first().point, 20);
    QCOMPARE(next.changePoints.first().pValue, h->changePoints.first().pValue);
    QVERIFY(next.changePoints.first().sentence.endsWith(u"when the client driver went from e1000e 3.2 to 3.8"_s));
    // Then a second step down, inside the last segment: found there.
    QVERIFY(saveNights(**store, 41, 60, 8000, u"3.8"_s, rng));
    fresh = (*store)->runs().runsWithMetric(startedBetween(kStart.addDays(41)), u"transactions_per_s"_s);
    QVERIFY(fresh);
    next = wb::extendHistory(next, *fresh);
    QCOMPARE(next.points.size(), 60);
    QCOMPARE(next.changePoints.size(), 2);
    QCOMPARE(next.changePoints[1].point, 41);
    QVERIFY(next.changePoints[1].environmentChange < 0);
    QVERIFY2(!next.changePoints[1].sentence.contains(u"when"_s), qPrintable(next.changePoints[1].sentence));
    // The same as reading the whole history again.
    const auto whole = wb::loadHistory(**store, rrQuery());
    QVERIFY(whole);
    QCOMPARE(whole->changePoints.size(), 2);
    QCOMPARE(whole->changePoints[1].point, 41);
}

void TstHistory::nicOfTheInventory()
{
    QTemporaryDir dir;
    auto store = wb::ResultStore::open(wbtest::databaseLocation(dir, u"n.sqlite"_s));
    QVERIFY(store);
    QVERIFY((*store)->inventory().importInventory(testLab()).ok());
    const qint64 alpha = (*store)->inventory().nicByKey(u"alpha/eth0"_s)->id;
    const qint64 beta = (*store)->inventory().nicByKey(u"beta/eth0"_s)->id;
    QList<wb::StoredRun> runs;
    for (int night = 0; night < 8; ++night) {
        wb::StoredRun r = rrRun(night, 0, 10000, u"3.2"_s);
        r.clientEndpoint = u"192.0.2.1"_s; // addressed by IP: the inventory names the hosts
        r.serverEndpoint = u"192.0.2.2"_s;
        r.clientNicId = night < 5 ? alpha : beta;
        r.serverNicId = night < 5 ? beta : alpha;
        runs << r;
    }
    QVERIFY((*store)->runs().saveRuns(runs));
    wb::HistoryQuery q = rrQuery();
    q.element = {wb::HistoryElement::Type::HostPair, u"alpha"_s, u"beta"_s};
    auto h = wb::loadHistory(**store, q);
    QVERIFY2(h, h ? "" : qPrintable(h.error().message));
    QCOMPARE(h->points.size(), 5);
    q.element = {wb::HistoryElement::Type::Nic, u"alpha/eth0"_s, {}};
    h = wb::loadHistory(**store, q);
    QVERIFY(h);
    QCOMPARE(h->points.size(), 8);
    QCOMPARE(h->element.label(), u"NIC alpha/eth0"_s);
    q.element = {wb::HistoryElement::Type::Cable, u"C65"_s, {}};
    h = wb::loadHistory(**store, q);
    QVERIFY(h);
    QCOMPARE(h->points.size(), 8);
    q.element = {wb::HistoryElement::Type::Switch, u"fs999"_s, {}};
    h = wb::loadHistory(**store, q);
    QVERIFY(h);
    QCOMPARE(h->points.size(), 0);
}

QTEST_GUILESS_MAIN(TstHistory)
#include "tst_history.moc"
