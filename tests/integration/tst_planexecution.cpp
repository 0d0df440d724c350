// SPDX-License-Identifier: GPL-3.0-or-later
// The plan-execution use case both front ends call, with real local agents
// and a real SQLite file: every finished case is stored before allStored(),
// a resumed run id that does not exist is refused by name, and a resumed
// run skips what finished. Resume is exact: a case cut after two of its
// three repetitions runs only the third (and keeps the two), a zero-loss
// search cut midway runs again whole. The host probe use case against the
// local agent.

#include "run/hostprobe.h"
#include "run/planexecution.h"
#include "store/resultstore.h"
#include "store/runstore.h"

#include <QMap>
#include <QTimer>

#include <QJsonDocument>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {

wb::Plan planOf(const QByteArray &tests)
{
    const QByteArray json = R"({"name":"exact","hosts":{"a":{"transport":"local"},"b":{"transport":"local"}},"tests":[)"
                            + tests + "]}";
    QString error;
    auto plan = wb::Plan::fromJson(QJsonDocument::fromJson(json).object(), &error);
    if (!plan)
        qFatal("bad test plan: %s", qPrintable(error));
    return *plan;
}

// The runs of one case of a plan run, oldest first.
QList<wb::StoredRun> caseRuns(const QString &db, const QString &planRunId, const wb::TestCase &c)
{
    auto store = wb::ResultStore::open(db, {.createIfMissing = false, .readOnly = true});
    if (!store)
        qFatal("cannot open %s", qPrintable(db));
    wb::RunFilter f;
    f.measurementUuid = planRunId + u'-' + c.key;
    f.newestFirst = false;
    auto runs = (*store)->runs().listRuns(f);
    return runs ? *runs : QList<wb::StoredRun>();
}

// Runs `plan` and cancels it (from the event loop, as Esc or Ctrl-C would)
// once case `name` starts its repetition or trial `at`. The plan run id.
QString runAndCut(const QString &db, const wb::Plan &plan, const QString &name, int at)
{
    wb::PlanExecution::Options options;
    options.databasePath = db;
    wb::PlanExecution run(plan, wb::LabAccess(), options);
    if (!run.prepare().isEmpty())
        qFatal("cannot prepare");
    QObject::connect(&run, &wb::PlanExecution::caseStarted, &run, [&](const wb::TestCase &c, int iteration) {
        if (c.name == name && iteration == at)
            QTimer::singleShot(0, &run, [&] { run.cancel(); });
    });
    QSignalSpy all(&run, &wb::PlanExecution::allStored);
    run.start();
    if (!all.wait(90000))
        qFatal("the plan did not end");
    return run.planRunId();
}

wb::Plan twoCasePlan()
{
    const QByteArray json = R"({"name":"exec","hosts":{"a":{"transport":"local"},"b":{"transport":"local"}},
        "tests":[{"name":"rr","kind":"tcp_rr","client":"a","server":"b","duration_s":0.3},
                 {"name":"stream","kind":"tcp_stream","client":"a","server":"b","duration_s":0.3}]})";
    QString error;
    auto plan = wb::Plan::fromJson(QJsonDocument::fromJson(json).object(), &error);
    if (!plan)
        qFatal("bad test plan: %s", qPrintable(error));
    return *plan;
}

} // namespace

class TstPlanExecution : public QObject
{
    Q_OBJECT
private slots:
    void storesEveryCaseThenResumes()
    {
        QTemporaryDir dir;
        const QString db = dir.filePath(u"results.sqlite"_s);
        QVERIFY(wb::ResultStore::open(db).ok());

        wb::PlanExecution::Options options;
        options.databasePath = db;
        wb::PlanExecution run(twoCasePlan(), wb::LabAccess(), options);
        QVERIFY(run.prepare().isEmpty());
        QSignalSpy stored(&run, &wb::PlanExecution::caseStored);
        QSignalSpy finished(&run, &wb::PlanExecution::planFinished);
        QSignalSpy all(&run, &wb::PlanExecution::allStored);
        run.start();
        QVERIFY(all.wait(60000));
        QCOMPARE(finished.size(), 1);
        QCOMPARE(finished.first().at(0).toInt(), 2); // both finished
        QCOMPARE(stored.size(), 2);
        QCOMPARE(all.first().at(0).toInt(), 2);
        QCOMPARE(run.storeFailures(), 0);
        QVERIFY(run.isStored());
        QVERIFY(!run.isRunning());

        auto store = wb::ResultStore::open(db, {.createIfMissing = false, .readOnly = true});
        QVERIFY(store.ok());
        wb::RunFilter f;
        auto runs = (*store)->runs().listRuns(f);
        QVERIFY(runs.ok());
        QCOMPARE(runs->size(), 2);

        // Resuming the same run id finds both cases done: nothing runs again.
        wb::PlanExecution::Options again = options;
        again.resumeRunId = run.planRunId();
        wb::PlanExecution resumed(twoCasePlan(), wb::LabAccess(), again);
        QVERIFY(resumed.prepare().isEmpty());
        QCOMPARE(resumed.alreadyFinished(), 2);
        QCOMPARE(resumed.planRunId(), run.planRunId());

        // An id the database never saw is refused, naming it and the file.
        wb::PlanExecution::Options unknown = options;
        unknown.resumeRunId = u"nosuchid"_s;
        wb::PlanExecution bad(twoCasePlan(), wb::LabAccess(), unknown);
        const QString problem = bad.prepare();
        QVERIFY2(problem.contains(u"nosuchid"_s) && problem.contains(db), qPrintable(problem));
    }

    void resumeRunsOnlyTheMissingRepetition()
    {
        QTemporaryDir dir;
        const QString db = dir.filePath(u"results.sqlite"_s);
        QVERIFY(wb::ResultStore::open(db).ok());
        const wb::Plan plan = planOf(R"(
            {"name":"first","kind":"tcp_rr","client":"a","server":"b","duration_s":0.3},
            {"name":"reps","kind":"tcp_rr","client":"a","server":"b","duration_s":0.5,"repetitions":3})");
        const wb::TestCase &reps = plan.cases[1];
        const QString id = runAndCut(db, plan, u"reps"_s, 2);
        // Cut after two of three: two finished repetitions and the record of the cut one.
        const QList<wb::StoredRun> before = caseRuns(db, id, reps);
        QCOMPARE(before.size(), 3);
        QCOMPARE(before[0].status, wb::RunStatus::Finished);
        QCOMPARE(before[1].status, wb::RunStatus::Finished);
        QCOMPARE(before[2].status, wb::RunStatus::Cancelled);

        wb::PlanExecution::Options options;
        options.databasePath = db;
        options.resumeRunId = id;
        wb::PlanExecution resumed(plan, wb::LabAccess(), options);
        QVERIFY(resumed.prepare().isEmpty());
        // Only "first" is done; "reps" is not, and keeps two.
        QCOMPARE(resumed.alreadyFinished(), 1);
        const wb::CaseAccount *account = resumed.resumed().find(reps.key);
        QVERIFY(account);
        QVERIFY(!account->complete);
        QCOMPARE(account->kept.size(), 2);
        QSignalSpy started(&resumed, &wb::PlanExecution::caseStarted);
        QSignalSpy finished(&resumed, &wb::PlanExecution::caseFinished);
        QSignalSpy progress(&resumed, &wb::PlanExecution::progressChanged);
        QSignalSpy all(&resumed, &wb::PlanExecution::allStored);
        resumed.start();
        QVERIFY(all.wait(60000));
        // Exactly one more repetition ran: the third.
        QCOMPARE(started.size(), 1);
        QCOMPARE(started.first().at(0).value<wb::TestCase>().key, reps.key);
        QCOMPARE(started.first().at(1).toInt(), 2);
        QCOMPARE(finished.size(), 1);
        const auto result = finished.first().at(0).value<wb::CaseResult>();
        QCOMPARE(result.status, u"finished"_s);
        QCOMPARE(result.iterations.size(), 3);
        QCOMPARE(result.keptIterations, 2);
        QCOMPARE(wb::keptRepetitionsText(result, id), u"3/3 repetitions, 2 kept from run %1"_s.arg(id));
        // The finished case counts in the progress.
        QCOMPARE(progress.last().at(0).toInt(), 2);
        QCOMPARE(progress.last().at(1).toInt(), 2);

        // Stored: exactly three repetitions, numbered 0, 1, 2, the first two
        // the ones kept from before; the cut record is gone.
        const QList<wb::StoredRun> after = caseRuns(db, id, reps);
        QCOMPARE(after.size(), 3);
        QMap<int, qint64> byRepetition;
        for (const wb::StoredRun &r : after) {
            QCOMPARE(r.status, wb::RunStatus::Finished);
            byRepetition.insert(r.repetition, r.id);
        }
        QCOMPARE(byRepetition.keys(), (QList<int>{0, 1, 2}));
        QCOMPARE(byRepetition.value(0), before[0].id);
        QCOMPARE(byRepetition.value(1), before[1].id);
        QVERIFY(byRepetition.value(2) != before[2].id);
        auto store = wb::ResultStore::open(db, {.createIfMissing = false, .readOnly = true});
        QVERIFY(store.ok());
        QCOMPARE((*store)->runs().measurement(id + u'-' + reps.key)->iterations, 3);
        // "first" was not run again.
        QCOMPARE(caseRuns(db, id, plan.cases[0]).size(), 1);

        // Now the plan run is whole: resuming again runs nothing.
        wb::PlanExecution again(plan, wb::LabAccess(), options);
        QVERIFY(again.prepare().isEmpty());
        QCOMPARE(again.alreadyFinished(), 2);
        QVERIFY(again.resumed().isFinished());
    }

    void resumeRerunsACutSearch()
    {
        QTemporaryDir dir;
        const QString db = dir.filePath(u"results.sqlite"_s);
        QVERIFY(wb::ResultStore::open(db).ok());
        // A slow "line" so loopback passes at once: the search, its
        // validation and the latency trial, three trials or more.
        const wb::Plan plan = planOf(R"(
            {"name":"rfc","kind":"rfc2544","client":"a","server":"b","duration_s":0.5,
             "params":{"frame_size_bytes":64,"line_rate_bps":2000000,"resolution_pct":25}})");
        const wb::TestCase &search = plan.cases[0];
        const QString id = runAndCut(db, plan, u"rfc"_s, 1);
        const QList<wb::StoredRun> before = caseRuns(db, id, search);
        QCOMPARE(before.size(), 2); // the first trial and the record of the cut search
        QCOMPARE(before[0].status, wb::RunStatus::Finished);
        QCOMPARE(before[1].status, wb::RunStatus::Cancelled);

        wb::PlanExecution::Options options;
        options.databasePath = db;
        options.resumeRunId = id;
        wb::PlanExecution resumed(plan, wb::LabAccess(), options);
        QVERIFY(resumed.prepare().isEmpty());
        QCOMPARE(resumed.alreadyFinished(), 0);
        QCOMPARE(resumed.resumed().restartedSearches(), QStringList{search.name});
        QVERIFY(resumed.resumed().describe().contains(u"runs again from the start"_s));
        QSignalSpy started(&resumed, &wb::PlanExecution::caseStarted);
        QSignalSpy finished(&resumed, &wb::PlanExecution::caseFinished);
        QStringList log;
        QObject::connect(&resumed, &wb::PlanExecution::logged, &resumed,
                         [&](const QString &, const QString &, const QString &text) { log.append(text); });
        QSignalSpy all(&resumed, &wb::PlanExecution::allStored);
        resumed.start();
        QVERIFY(all.wait(90000));
        QVERIFY2(log.join(u'\n').contains(u"runs again from the start"_s), qPrintable(log.join(u'\n')));
        // The search ran whole: from its first trial.
        QVERIFY(started.size() >= 2);
        QCOMPARE(started.first().at(1).toInt(), 0);
        QCOMPARE(finished.size(), 1);
        const auto result = finished.first().at(0).value<wb::CaseResult>();
        QCOMPARE(result.status, u"finished"_s);
        QCOMPARE(result.keptIterations, 0);
        QCOMPARE(result.iterations.size(), started.size());

        // Stored: this search's trials 0..n-1 and its outcome as n, nothing
        // of the cut one.
        const QList<wb::StoredRun> after = caseRuns(db, id, search);
        QCOMPARE(after.size(), result.iterations.size() + 1);
        QList<int> repetitions;
        int outcomes = 0;
        for (const wb::StoredRun &r : after) {
            QCOMPARE(r.status, wb::RunStatus::Finished);
            QVERIFY(r.id != before[0].id && r.id != before[1].id);
            repetitions.append(r.repetition);
            outcomes += r.record.kind == u"rfc2544"_s ? 1 : 0;
        }
        std::sort(repetitions.begin(), repetitions.end());
        for (qsizetype i = 0; i < repetitions.size(); ++i)
            QCOMPARE(repetitions[i], int(i));
        QCOMPARE(outcomes, 1);
    }

    void probesTheLocalAgent()
    {
        wb::HostProbe probe{wb::LabAccess()};
        QSignalSpy finished(&probe, &wb::HostProbe::finished);
        QSignalSpy released(&probe, &wb::HostProbe::released);
        probe.start(wb::ProbeTarget::localAgent(), 20000);
        QVERIFY(probe.isBusy());
        QVERIFY(finished.wait(20000));
        const auto report = finished.first().at(0).value<wb::ProbeReport>();
        QVERIFY(!report.hello.agentVersion.isEmpty());
        QVERIFY(report.hello.capabilities.contains(u"sysinfo"_s));
        QVERIFY(!report.sysinfo.isEmpty());
        QVERIFY(!report.sysinfo.contains(u"type"_s));
        QVERIFY(!report.agentPath.isEmpty());
        QVERIFY(released.wait(20000) || !released.isEmpty());
        QVERIFY(!probe.isBusy());
    }

    void probeOfAMissingAgentFails()
    {
        wb::LabAccess access;
        access.localAgentPath = u"/nonexistent/wirebench-agent"_s;
        wb::HostProbe probe(access);
        QSignalSpy failed(&probe, &wb::HostProbe::failed);
        probe.start(wb::ProbeTarget::localAgent(), 20000);
        QVERIFY(failed.isEmpty()); // never from inside start()
        QVERIFY(failed.wait(10000));
        QVERIFY2(failed.first().at(1).toString().contains(u"/nonexistent/wirebench-agent"_s),
                 qPrintable(failed.first().at(1).toString()));
    }
};

QTEST_GUILESS_MAIN(TstPlanExecution)
#include "tst_planexecution.moc"
