// SPDX-License-Identifier: GPL-3.0-or-later
// The plan-execution use case both front ends call, with real local agents
// and a real SQLite file: every finished case is stored before allStored(),
// a resumed run id that does not exist is refused by name, and a resumed
// run skips what finished. The host probe use case against the local agent.

#include "run/hostprobe.h"
#include "run/planexecution.h"
#include "store/resultstore.h"
#include "store/runstore.h"

#include <QJsonDocument>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {

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
