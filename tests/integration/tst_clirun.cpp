// SPDX-License-Identifier: GPL-3.0-or-later
// `wirebench-cli run` as a user runs it: real CLI process, real agents,
// a real SQLite file. A plan's results land in the database; a failing test
// makes the exit code non-zero; Ctrl-C (or SIGTERM) cancels, keeps what
// finished, marks the cut case cancelled and exits 130, and
// `--resume` completes the plan without running anything twice: of a case
// cut between repetitions only the missing ones run, and a plan file that
// changed since is refused.

#include "run/planexecution.h"
#include "store/resultstore.h"
#include "store/runfilter.h"
#include "store/runstore.h"

#include <QFile>
#include <QProcessEnvironment>
#include <QStandardPaths>
#include <QJsonObject>
#include <QJsonDocument>
#include <QFileInfo>
#include <QDir>
#include <QProcess>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <csignal>

using namespace Qt::StringLiterals;

namespace {

const QString kCli = QStringLiteral(WB_BIN_DIR "/wirebench-cli");

QString writePlan(const QTemporaryDir &dir, const QString &name, const QByteArray &tests)
{
    const QString path = dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        qFatal("cannot write %s", qPrintable(path));
    f.write(R"({"name":"cli test","hosts":{"a":{"transport":"local"},"b":{"transport":"local"}},"tests":[)" + tests
            + "]}");
    return path;
}

QList<wb::StoredRun> runsIn(const QString &db)
{
    auto store = wb::ResultStore::open(db);
    if (!store)
        qFatal("cannot open %s", qPrintable(db));
    wb::RunFilter f;
    f.newestFirst = false;
    f.withMetrics = true;
    auto runs = (*store)->runs().listRuns(f);
    return runs ? *runs : QList<wb::StoredRun>();
}

// Runs the plan file in this process and cancels it once case `name`
// starts its repetition `at`, as Ctrl-C would then. The plan run id.
QString runAndCut(const QString &db, const QString &planPath, const QString &name, int at)
{
    QString error;
    auto plan = wb::Plan::load(planPath, &error);
    if (!plan)
        qFatal("%s", qPrintable(error));
    wb::PlanExecution::Options options;
    options.databasePath = db;
    wb::PlanExecution run(*plan, wb::LabAccess(), options);
    QObject::connect(&run, &wb::PlanExecution::caseStarted, &run, [&](const wb::TestCase &c, int iteration) {
        if (c.name == name && iteration == at)
            QTimer::singleShot(0, &run, [&] { run.cancel(); });
    });
    QSignalSpy all(&run, &wb::PlanExecution::allStored);
    run.start();
    if (!all.wait(60000))
        qFatal("the plan did not end");
    return run.planRunId();
}

} // namespace

class TstCliRun : public QObject
{
    Q_OBJECT
private slots:
    void runStoresEveryResult();
    void tcpCrrThroughThePlan();
    void failingTestGivesNonZeroExit();
    void badPlanNamesFileAndLine();
    void interruptThenResume();
    void resumeRunsOnlyMissingRepetitions();
    void resumeRefusesAChangedPlan();
    void scheduleRunsAsItsTimerWould();
};

void TstCliRun::runStoresEveryResult()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(u"r.sqlite"_s);
    const QString plan = writePlan(dir, u"p.json"_s, R"(
        {"name":"rr","kind":"tcp_rr","client":"a","server":"b","duration_s":0.5,"repetitions":2},
        {"name":"udp","kind":"udp_stream","client":"a","server":"b","duration_s":0.5,"params":{"message_size_bytes":[64,1472]}})");
    QProcess p;
    p.start(kCli, {u"--db"_s, db, u"run"_s, plan});
    QVERIFY(p.waitForFinished(60000));
    const QString out = QString::fromUtf8(p.readAllStandardOutput());
    const QString err = QString::fromUtf8(p.readAllStandardError());
    QVERIFY2(p.exitCode() == 0, qPrintable(out + err));
    QVERIFY2(out.contains(u"3 finished, 0 failed, 0 cancelled"_s), qPrintable(out));
    QVERIFY(out.contains(u"tr/s"_s) && out.contains(u"Mbit/s"_s));
    // Not a terminal: one plain progress line per case on stderr.
    QCOMPARE(err.count(u": finished"_s), 3);
    const auto runs = runsIn(db);
    QCOMPARE(runs.size(), 4); // 2 repetitions + 2 sizes
    int rr = 0;
    for (const auto &r : runs) {
        QCOMPARE(r.status, wb::RunStatus::Finished);
        QCOMPARE(r.plan, u"cli test"_s);
        QVERIFY(!r.clientEnvironment.value(u"kernel"_s).toString().isEmpty());
        QVERIFY(!r.record.metrics.isEmpty());
        QVERIFY(r.record.extra.value(u"plan"_s).toObject().contains(u"tests"_s)); // the plan that made it
        if (r.record.kind == u"tcp_rr"_s) {
            QCOMPARE(r.repetition, rr++);
            QVERIFY(!r.measurementUuid.isEmpty());
        }
    }
    QCOMPARE(rr, 2);
}

// tcp_crr through the controller: its key figure in conn/s, the knobs the
// agents applied in the stored record, and an unknown congestion control
// refused at its case with the host's list.
void TstCliRun::tcpCrrThroughThePlan()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(u"r.sqlite"_s);
    const QString plan = writePlan(dir, u"p.json"_s, R"(
        {"name":"crr","kind":"tcp_crr","client":"a","server":"b","duration_s":0.5,"params":{"congestion_control":"reno","tos":16}},
        {"name":"warp","kind":"tcp_crr","client":"a","server":"b","duration_s":0.5,"params":{"congestion_control":"warp"}})");
    QProcess p;
    p.start(kCli, {u"--db"_s, db, u"run"_s, plan});
    QVERIFY(p.waitForFinished(60000));
    const QString out = QString::fromUtf8(p.readAllStandardOutput());
    QVERIFY2(p.exitCode() != 0, qPrintable(out));
    QVERIFY2(out.contains(u"1 finished, 1 failed, 0 cancelled"_s), qPrintable(out));
    QVERIFY2(out.contains(u" conn/s, p99 "_s), qPrintable(out));
    QVERIFY2(out.contains(u"params.congestion_control: 'warp' is not available on this host"_s), qPrintable(out));
    const auto runs = runsIn(db);
    QCOMPARE(runs.size(), 2);
    const wb::StoredRun &crr = runs.first();
    QCOMPARE(crr.record.kind, u"tcp_crr"_s);
    QCOMPARE(crr.status, wb::RunStatus::Finished);
    QVERIFY(crr.record.metric(u"connections_per_s"_s, u"client"_s).value_or(0) > 0);
    QVERIFY(crr.record.metric(u"latency_us_p99"_s, u"client"_s).value_or(0) > 0);
    const QJsonObject applied = crr.record.extra.value(u"server_socket_options"_s).toObject();
    QCOMPARE(applied.value(u"congestion_control"_s).toString(), u"reno"_s);
    QCOMPARE(applied.value(u"tos"_s).toInt() & 0xfc, 16);
}

void TstCliRun::failingTestGivesNonZeroExit()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(u"r.sqlite"_s);
    // A file transfer from a path that does not exist fails on the agent.
    const QString plan = writePlan(dir, u"p.json"_s, R"(
        {"name":"ok","kind":"tcp_rr","client":"a","server":"b","duration_s":0.3},
        {"name":"bad","kind":"file_transfer","client":"a","server":"b","duration_s":10,"params":{"path":"/nonexistent/file"}})");
    QProcess p;
    p.start(kCli, {u"--db"_s, db, u"run"_s, plan});
    QVERIFY(p.waitForFinished(60000));
    const QString out = QString::fromUtf8(p.readAllStandardOutput());
    QCOMPARE(p.exitCode(), 1);
    QVERIFY2(out.contains(u"1 finished, 1 failed"_s), qPrintable(out));
    QVERIFY2(out.contains(u"/nonexistent/file"_s), qPrintable(out));
    const auto runs = runsIn(db);
    QCOMPARE(runs.size(), 2);
    QCOMPARE(runs[1].status, wb::RunStatus::Failed);
    QVERIFY(runs[1].error.contains(u"/nonexistent/file"_s));
}

void TstCliRun::badPlanNamesFileAndLine()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(u"broken.json"_s);
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("{\n\"name\": \"x\",\n\"hosts\": {\"a\": {}}\n\"tests\": []\n}\n");
    f.close();
    QProcess p;
    p.start(kCli, {u"--db"_s, dir.filePath(u"r.sqlite"_s), u"run"_s, path});
    QVERIFY(p.waitForFinished(10000));
    QCOMPARE(p.exitCode(), 2);
    const QString err = QString::fromUtf8(p.readAllStandardError());
    QVERIFY2(err.contains(path + u":4:"_s), qPrintable(err));
    QVERIFY(!QFile::exists(dir.filePath(u"r.sqlite"_s)) || runsIn(dir.filePath(u"r.sqlite"_s)).isEmpty());
}

void TstCliRun::interruptThenResume()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(u"r.sqlite"_s);
    const QString plan = writePlan(dir, u"p.json"_s, R"(
        {"name":"first","kind":"tcp_rr","client":"a","server":"b","duration_s":0.3},
        {"name":"long","kind":"tcp_stream","client":"a","server":"b","duration_s":30},
        {"name":"last","kind":"tcp_rr","client":"a","server":"b","duration_s":0.3})");
    QProcess p;
    p.start(kCli, {u"--db"_s, db, u"run"_s, plan});
    QVERIFY(p.waitForStarted());
    // Wait until the first case is stored, then press Ctrl-C.
    QByteArray err;
    QTRY_VERIFY_WITH_TIMEOUT((err += p.readAllStandardError(), err.contains("first: finished")), 20000);
    QTest::qWait(300);
    ::kill(pid_t(p.processId()), SIGINT);
    QVERIFY(p.waitForFinished(15000));
    const QString out = QString::fromUtf8(p.readAllStandardOutput());
    // Interrupted: 130, as a shell reports a job stopped by SIGINT.
    QCOMPARE(p.exitStatus(), QProcess::NormalExit);
    QCOMPARE(p.exitCode(), 130);
    QVERIFY2(out.contains(u"1 finished"_s) && out.contains(u"2 cancelled"_s), qPrintable(out));
    const QRegularExpression re(u"--resume ([0-9a-f]+)"_s);
    const auto match = re.match(out);
    QVERIFY2(match.hasMatch(), qPrintable(out));
    const QString runId = match.captured(1);
    auto runs = runsIn(db);
    int finished = 0;
    bool longCancelled = false;
    for (const auto &r : runs) {
        finished += r.status == wb::RunStatus::Finished ? 1 : 0;
        if (r.status == wb::RunStatus::Cancelled && r.testCase == u"long"_s)
            longCancelled = true;
    }
    QCOMPARE(finished, 1);
    // The case the signal cut is stored, marked cancelled, not failed.
    QVERIFY(longCancelled);

    // A resume with an unknown id is refused.
    QProcess bad;
    bad.start(kCli, {u"--db"_s, db, u"run"_s, plan, u"--resume"_s, u"deadbeef"_s});
    QVERIFY(bad.waitForFinished(10000));
    QCOMPARE(bad.exitCode(), 2);

    // Shorten the long case for the resume? No: the plan must be the same, or
    // its case keys change. Resume runs "long" and "last" only.
    QFile f(plan);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QProcess again;
    again.start(kCli, {u"--db"_s, db, u"run"_s, plan, u"--resume"_s, runId, u"--json"_s});
    QVERIFY(again.waitForStarted());
    QByteArray err2;
    QTRY_VERIFY_WITH_TIMEOUT((err2 += again.readAllStandardError(), err2.contains("resuming")), 20000);
    QVERIFY2(err2.contains("resuming: 1 of 3 cases finished"), err2.constData());
    // Let the long stream run briefly, then cancel it again to keep the test short.
    QTRY_VERIFY_WITH_TIMEOUT((err2 += again.readAllStandardError(), err2.contains("agent 0.1.0 ready")), 10000);
    QTest::qWait(1500);
    ::kill(pid_t(again.processId()), SIGTERM);
    QVERIFY(again.waitForFinished(15000));
    QCOMPARE(again.exitCode(), 130); // SIGTERM cancels as SIGINT does
    const QList<QByteArray> lines = again.readAllStandardOutput().trimmed().split('\n');
    // JSON lines, one per case that ran in this session: "first" is not among them.
    QVERIFY(!lines.isEmpty());
    for (const QByteArray &l : lines) {
        QVERIFY2(!l.contains("\"case\":\"first\""), l.constData());
        QVERIFY2(l.contains("\"plan_run\":\"" + runId.toLatin1() + '"'), l.constData());
    }
}

void TstCliRun::resumeRunsOnlyMissingRepetitions()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(u"r.sqlite"_s);
    const QString plan = writePlan(dir, u"p.json"_s, R"(
        {"name":"first","kind":"tcp_rr","client":"a","server":"b","duration_s":0.3},
        {"name":"reps","kind":"tcp_rr","client":"a","server":"b","duration_s":0.5,"repetitions":3})");
    const QString runId = runAndCut(db, plan, u"reps"_s, 2);
    int finishedBefore = 0;
    for (const auto &r : runsIn(db))
        finishedBefore += r.testCase == u"reps"_s && r.status == wb::RunStatus::Finished ? 1 : 0;
    QCOMPARE(finishedBefore, 2);

    QProcess p;
    p.start(kCli, {u"--db"_s, db, u"run"_s, plan, u"--resume"_s, runId});
    QVERIFY(p.waitForFinished(60000));
    const QString out = QString::fromUtf8(p.readAllStandardOutput());
    const QString err = QString::fromUtf8(p.readAllStandardError());
    QVERIFY2(p.exitCode() == 0, qPrintable(out + err));
    // What the resume does, before it does it, and what it did.
    QVERIFY2(err.contains(u"resuming: 1 of 2 cases finished; 1 case continues with its 2 finished repetitions kept"_s),
             qPrintable(err));
    QVERIFY2(out.contains(u"3/3 repetitions, 2 kept from run "_s + runId), qPrintable(out));
    QVERIFY2(out.contains(u"1 finished, 0 failed, 0 cancelled (and 1 finished before the resume)"_s), qPrintable(out));
    // One case ran, one repetition of it.
    QCOMPARE(err.count(u": finished"_s), 1);
    QList<int> repetitions;
    for (const auto &r : runsIn(db)) {
        if (r.testCase != u"reps"_s)
            continue;
        QCOMPARE(r.status, wb::RunStatus::Finished);
        repetitions.append(r.repetition);
    }
    std::sort(repetitions.begin(), repetitions.end());
    QCOMPARE(repetitions, (QList<int>{0, 1, 2}));
}

void TstCliRun::resumeRefusesAChangedPlan()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(u"r.sqlite"_s);
    const QString plan = writePlan(dir, u"p.json"_s, R"(
        {"name":"reps","kind":"tcp_rr","client":"a","server":"b","duration_s":0.5,"repetitions":3})");
    const QString runId = runAndCut(db, plan, u"reps"_s, 1);
    const qsizetype stored = runsIn(db).size();
    // Another duration makes it another case: its stored repetitions would
    // not belong to it.
    writePlan(dir, u"p.json"_s, R"(
        {"name":"reps","kind":"tcp_rr","client":"a","server":"b","duration_s":0.6,"repetitions":3})");
    QProcess p;
    p.start(kCli, {u"--db"_s, db, u"run"_s, plan, u"--resume"_s, runId});
    QVERIFY(p.waitForFinished(30000));
    const QString err = QString::fromUtf8(p.readAllStandardError());
    QCOMPARE(p.exitCode(), 2);
    QVERIFY2(err.contains(u"plan 'cli test' changed since plan run %1 was made: it no longer has 'reps'"_s.arg(runId)),
             qPrintable(err));
    QVERIFY2(err.contains(u"without resuming"_s), qPrintable(err));
    QCOMPARE(runsIn(db).size(), stored); // nothing ran
}

// A schedule end to end: `schedule add` writes the timer and service (and,
// with no user manager here, says how to enable them), `run-now` runs the
// service's own command, whose runs record the schedule, `list` reads the
// units and that last result, `remove` deletes both units.
void TstCliRun::scheduleRunsAsItsTimerWould()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(u"sched.sqlite"_s);
    const QString units = dir.filePath(u"units"_s);
    const QString plan = writePlan(dir, u"rr.json"_s,
                                   R"({"name":"rr","kind":"tcp_rr","client":"a","server":"b","duration_s":0.3,"repetitions":1})");
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(u"WIREBENCH_UNIT_DIR"_s, units);
    auto cli = [&](const QStringList &args, QString *out = nullptr, QString *err = nullptr) {
        QProcess p;
        p.setProcessEnvironment(env);
        p.start(kCli, args);
        if (!p.waitForFinished(60000))
            return -1;
        if (out)
            *out = QString::fromUtf8(p.readAllStandardOutput());
        if (err)
            *err = QString::fromUtf8(p.readAllStandardError());
        return p.exitCode();
    };
    QString out, err;
    QCOMPARE(cli({u"--db"_s, db, u"schedule"_s, u"add"_s, plan, u"--every"_s, u"30s"_s}, &out, &err), 2);
    QVERIFY2(err.contains(u"at least a minute"_s), qPrintable(err));
    QCOMPARE(cli({u"--db"_s, db, u"schedule"_s, u"add"_s, plan, u"--every"_s, u"6h"_s, u"--at"_s, u"03:00"_s}, &out, &err), 2);
    QVERIFY(!QDir(units).exists());

    QCOMPARE(cli({u"--db"_s, db, u"schedule"_s, u"add"_s, plan, u"--every"_s, u"6h"_s, u"--name"_s, u"rr-6h"_s}, &out, &err), 0);
    const QString timer = QDir(units).filePath(u"wirebench-rr-6h.timer"_s);
    const QString service = QDir(units).filePath(u"wirebench-rr-6h.service"_s);
    QVERIFY(QFile::exists(timer) && QFile::exists(service));
    // Enabled where a user manager answers; otherwise the commands to do it.
    QVERIFY2(out.contains(u"enabled wirebench-rr-6h.timer"_s) || out.contains(u"loginctl enable-linger"_s), qPrintable(out));
    QCOMPARE(cli({u"--db"_s, db, u"schedule"_s, u"add"_s, plan, u"--every"_s, u"1h"_s, u"--name"_s, u"rr-6h"_s}, &out, &err), 1);
    QVERIFY2(err.contains(u"exists"_s), qPrintable(err));
    QFile sf(service);
    QVERIFY(sf.open(QIODevice::ReadOnly));
    const QString unit = QString::fromUtf8(sf.readAll());
    QVERIFY2(unit.contains(u"ExecStart=%1 --db %2 run %3 --schedule rr-6h\n"_s.arg(QFileInfo(kCli).absoluteFilePath(), db, plan)),
             qPrintable(unit));
    if (!QStandardPaths::findExecutable(u"systemd-analyze"_s).isEmpty()) {
        QProcess verify;
        verify.setProcessChannelMode(QProcess::MergedChannels);
        verify.start(u"systemd-analyze"_s, {u"verify"_s, timer, service});
        QVERIFY(verify.waitForFinished(30000));
        QVERIFY2(verify.exitCode() == 0, verify.readAll().constData());
    }

    QCOMPARE(cli({u"--db"_s, db, u"schedule"_s, u"list"_s}, &out, &err), 0);
    QVERIFY2(out.contains(u"rr-6h  every 6h  "_s + plan + u"  last: not run yet"_s), qPrintable(out));

    // The timer's command, with no terminal to prompt on.
    QCOMPARE(cli({u"schedule"_s, u"run-now"_s, u"rr-6h"_s}, &out, &err), 0);
    const auto runs = runsIn(db);
    QCOMPARE(runs.size(), 1);
    QCOMPARE(runs.first().record.extra.value(u"schedule"_s).toString(), u"rr-6h"_s);
    QCOMPARE(runs.first().status, wb::RunStatus::Finished);

    QCOMPARE(cli({u"--json"_s, u"schedule"_s, u"list"_s}, &out, &err), 0);
    const QJsonObject row = QJsonDocument::fromJson(out.trimmed().toUtf8()).object();
    QCOMPARE(row.value(u"type"_s).toString(), u"schedule"_s);
    QCOMPARE(row.value(u"name"_s).toString(), u"rr-6h"_s);
    QCOMPARE(row.value(u"last_plan_run"_s).toString(), runs.first().record.extra.value(u"plan_run"_s).toString());
    QCOMPARE(row.value(u"last_runs"_s).toObject().value(u"finished"_s).toInt(), 1);

    QCOMPARE(cli({u"schedule"_s, u"remove"_s, u"rr-6h"_s}, &out, &err), 0);
    QVERIFY(!QFile::exists(timer) && !QFile::exists(service));
    QCOMPARE(cli({u"schedule"_s, u"run-now"_s, u"rr-6h"_s}, &out, &err), 2);
    QVERIFY2(err.contains(u"no schedule named 'rr-6h'"_s), qPrintable(err));
}

QTEST_GUILESS_MAIN(TstCliRun)
#include "tst_clirun.moc"
