// SPDX-License-Identifier: GPL-3.0-or-later
// What a resume runs, from the runs a plan run stored: a case is done only
// when all its repetitions (or its whole zero-loss search) finished; a case
// cut between repetitions keeps the finished ones and replaces the record
// of the cut one; a cut search is replaced whole. And whether a plan is
// still the one the runs were made with.

#include "run/caseresult.h"
#include "run/planrunaccount.h"

#include <QJsonDocument>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {

const QString kRunId = u"1a2b3c4d"_s;

wb::Plan makePlan(const QByteArray &tests)
{
    const QByteArray json = R"({"name":"acct","hosts":{"a":{"transport":"local"},"b":{"transport":"local"}},"tests":[)"
                            + tests + "]}";
    QString error;
    auto plan = wb::Plan::fromJson(QJsonDocument::fromJson(json).object(), &error);
    if (!plan)
        qFatal("bad test plan: %s", qPrintable(error));
    return *plan;
}

// One stored row: its status ('f' finished, 'c' cancelled, 'x' failed),
// repetition and kind (the case's unless given).
struct Row
{
    Row() = default;
    Row(char s, int r, const QString &k = QString()) : status(s), repetition(r), kind(k) {}
    char status = 'f';
    int repetition = 0;
    QString kind;
};

QList<wb::StoredRun> rowsFor(const wb::TestCase &c, const QList<Row> &rows, qint64 *nextId)
{
    QList<wb::StoredRun> out;
    for (const Row &row : rows) {
        wb::StoredRun r;
        r.id = (*nextId)++;
        r.plan = u"acct"_s;
        r.testCase = c.name;
        r.measurementUuid = kRunId + u'-' + c.key;
        r.repetition = row.repetition;
        r.status = row.status == 'f' ? wb::RunStatus::Finished
                   : row.status == 'c' ? wb::RunStatus::Cancelled
                                       : wb::RunStatus::Failed;
        r.record.kind = row.kind.isEmpty() ? c.kind : row.kind;
        r.record.addMetric(u"transactions_per_s"_s, u"client"_s, 1000 + 10 * row.repetition);
        r.startedAt = QDateTime(QDate(2024, 5, 1), QTime(10, row.repetition), Qt::UTC);
        out.append(r);
    }
    return out;
}

} // namespace

Q_DECLARE_METATYPE(QList<Row>)

class TstPlanRunAccount : public QObject
{
    Q_OBJECT
private slots:
    void sortsCases_data();
    void sortsCases();
    void describesTheResume();
    void noticesAChangedPlan();
    void narrowsARerunToItsCase();
};

void TstPlanRunAccount::sortsCases_data()
{
    QTest::addColumn<QByteArray>("test");
    QTest::addColumn<QList<Row>>("rows");
    QTest::addColumn<bool>("complete");
    QTest::addColumn<int>("kept");
    QTest::addColumn<int>("replaced");
    QTest::addColumn<bool>("searchRestarted");

    const QByteArray three = R"({"name":"rr","kind":"tcp_rr","client":"a","server":"b","repetitions":3})";
    QTest::newRow("all three repetitions finished") << three << QList<Row>{{'f', 0}, {'f', 1}, {'f', 2}} << true << 0 << 0 << false;
    QTest::newRow("cut after two of three") << three << QList<Row>{{'f', 0}, {'f', 1}, {'c', 2}} << false << 2 << 1 << false;
    QTest::newRow("failed before any") << three << QList<Row>{{'x', 0}} << false << 0 << 1 << false;
    // Two finished and nothing else (a repetition deleted by hand): still
    // not done by its rule.
    QTest::newRow("two of three, no record of the third") << three << QList<Row>{{'f', 0}, {'f', 2}} << false << 2 << 0 << false;
    // Failed while reading the environment after its last repetition: not
    // done, but nothing left to measure (the case runs no repetition).
    QTest::newRow("failed after the last repetition") << three << QList<Row>{{'f', 0}, {'f', 1}, {'f', 2}, {'x', 3}} << false << 3 << 1 << false;
    QTest::newRow("one repetition of one") << QByteArray(R"({"name":"one","kind":"tcp_rr","client":"a","server":"b"})")
                                           << QList<Row>{{'f', 0}} << true << 0 << 0 << false;
    const QByteArray search = R"({"name":"rfc","kind":"rfc2544","client":"a","server":"b","params":{"frame_size_bytes":64}})";
    QTest::newRow("search finished") << search << QList<Row>{{'f', 0, u"packet_rate"_s}, {'f', 1, u"packet_rate"_s}, {'f', 2}}
                                     << true << 0 << 0 << false;
    QTest::newRow("search cut after two trials")
        << search << QList<Row>{{'f', 0, u"packet_rate"_s}, {'f', 1, u"packet_rate"_s}, {'c', 2}} << false << 0 << 3 << true;
}

void TstPlanRunAccount::sortsCases()
{
    QFETCH(QByteArray, test);
    QFETCH(QList<Row>, rows);
    QFETCH(bool, complete);
    QFETCH(int, kept);
    QFETCH(int, replaced);
    QFETCH(bool, searchRestarted);
    const wb::Plan plan = makePlan(test);
    const wb::TestCase &c = plan.cases.first();
    qint64 id = 10;
    const QList<wb::StoredRun> stored = rowsFor(c, rows, &id);
    const wb::PlanRunAccount account(plan, kRunId, stored);
    const wb::CaseAccount *a = account.find(c.key);
    QVERIFY(a);
    QCOMPARE(a->complete, complete);
    QCOMPARE(int(a->kept.size()), kept);
    QCOMPARE(int(a->replaced.size()), replaced);
    QCOMPARE(a->searchRestarted(), searchRestarted);
    QCOMPARE(account.completeKeys().contains(c.key), complete);
    QCOMPARE(account.storedRuns(), int(rows.size()));
    // The kept ones go to the orchestrator in repetition order, the
    // finished rows only.
    const auto iterations = account.keptIterations().value(c.key);
    QCOMPARE(int(iterations.size()), kept);
    for (qsizetype i = 1; i < a->kept.size(); ++i)
        QVERIFY(a->kept[i - 1].repetition < a->kept[i].repetition);
    for (const wb::StoredRun &r : a->kept)
        QCOMPARE(r.status, wb::RunStatus::Finished);
    // Only rows of this plan run count: the same case under another id does not.
    QList<wb::StoredRun> other = stored;
    for (wb::StoredRun &r : other)
        r.measurementUuid = u"99999999-"_s + c.key;
    QVERIFY(!wb::PlanRunAccount(plan, kRunId, other).find(c.key));
}

void TstPlanRunAccount::describesTheResume()
{
    const wb::Plan plan = makePlan(R"(
        {"name":"done","kind":"tcp_rr","client":"a","server":"b"},
        {"name":"cut","kind":"tcp_rr","client":"a","server":"b","repetitions":3},
        {"name":"never","kind":"tcp_rr","client":"a","server":"b"},
        {"name":"rfc","kind":"rfc2544","client":"a","server":"b","params":{"frame_size_bytes":64}})");
    qint64 id = 1;
    QList<wb::StoredRun> stored = rowsFor(plan.cases[0], {{'f', 0}}, &id);
    stored += rowsFor(plan.cases[1], {{'f', 0}, {'f', 1}, {'c', 2}}, &id);
    stored += rowsFor(plan.cases[3], {{'f', 0, u"packet_rate"_s}, {'c', 1}}, &id);
    const wb::PlanRunAccount account(plan, kRunId, stored);
    QCOMPARE(account.completeCases(), 1);
    QCOMPARE(account.continuedCases(), 1);
    QCOMPARE(account.keptRepetitions(), 2);
    QCOMPARE(account.restartedSearches(), QStringList{plan.cases[3].name});
    QVERIFY(!account.isFinished());
    QVERIFY(!account.find(plan.cases[2].key)); // nothing stored: runs whole
    QCOMPARE(account.describe(), u"1 of 4 cases finished; 1 case continues with its 2 finished repetitions kept; "
                                 "the cut zero-loss search '%1' runs again from the start"_s.arg(plan.cases[3].name));
    QCOMPARE(account.started(), stored.first().startedAt);
}

void TstPlanRunAccount::noticesAChangedPlan()
{
    const wb::Plan plan = makePlan(R"({"name":"rr","kind":"tcp_rr","client":"a","server":"b","repetitions":3},
                                      {"name":"st","kind":"tcp_stream","client":"a","server":"b"})");
    qint64 id = 1;
    QList<wb::StoredRun> stored = rowsFor(plan.cases[0], {{'f', 0}, {'c', 1}}, &id);
    for (wb::StoredRun &r : stored)
        r.record.extra.insert(u"plan"_s, plan.source);
    const wb::PlanRunAccount account(plan, kRunId, stored);
    QCOMPARE(account.storedPlanSource(), plan.source);
    QVERIFY(account.mismatch(plan).isEmpty());

    // More repetitions asked: the same cases, so the plan still fits (the
    // resume then runs up to the new count).
    const wb::Plan more = makePlan(R"({"name":"rr","kind":"tcp_rr","client":"a","server":"b","repetitions":5},
                                      {"name":"st","kind":"tcp_stream","client":"a","server":"b"})");
    QVERIFY2(account.mismatch(more).isEmpty(), qPrintable(account.mismatch(more)));

    // Another duration is another case: refused, naming it.
    const wb::Plan longer = makePlan(R"({"name":"rr","kind":"tcp_rr","client":"a","server":"b","repetitions":3},
                                        {"name":"st","kind":"tcp_stream","client":"a","server":"b","duration_s":30})");
    const QString changed = wb::PlanRunAccount(longer, kRunId, stored).mismatch(longer);
    QCOMPARE(changed, u"plan 'acct' changed since plan run %1 was made: 'st' is new"_s.arg(kRunId));

    // A plan that lost a case the run stored is refused too.
    const wb::Plan fewer = makePlan(R"({"name":"st","kind":"tcp_stream","client":"a","server":"b"})");
    const QString lost = wb::PlanRunAccount(fewer, kRunId, stored).mismatch(fewer);
    QCOMPARE(lost, u"plan 'acct' changed since plan run %1 was made: it no longer has 'rr' (stored by that run)"_s.arg(kRunId));
}

void TstPlanRunAccount::narrowsARerunToItsCase()
{
    const wb::Plan plan = makePlan(R"({"name":"rr","kind":"tcp_rr","client":"a","server":"b"},
                                      {"name":"st","kind":"tcp_stream","client":"a","server":"b"})");
    QString problem;
    auto same = wb::PlanRunAccount::storedPlan(plan.source, u"acct"_s, {plan.cases[1].key}, &problem);
    QVERIFY(same);
    QCOMPARE(same->cases.size(), 2); // its own name: the whole plan
    auto rerun = wb::PlanRunAccount::storedPlan(plan.source, u"acct (re-run)"_s, {plan.cases[1].key}, &problem);
    QVERIFY(rerun);
    QCOMPARE(rerun->name, u"acct (re-run)"_s);
    QCOMPARE(rerun->cases.size(), 1);
    QCOMPARE(rerun->cases.first().key, plan.cases[1].key);
    QVERIFY(!wb::PlanRunAccount::storedPlan({}, u"acct"_s, {}, &problem));
    QVERIFY(problem.contains(u"no plan"_s));
    QVERIFY(!wb::PlanRunAccount::storedPlan(QJsonObject{{u"name"_s, u"x"_s}, {u"tests"_s, 3}}, u"x"_s, {}, &problem));
    QVERIFY2(problem.contains(u"no longer loads"_s), qPrintable(problem));
}

QTEST_GUILESS_MAIN(TstPlanRunAccount)
#include "tst_planrunaccount.moc"
