// SPDX-License-Identifier: GPL-3.0-or-later
// The fault table of docs/reliability.md, made by one run of this test. Ten
// faults, each injected into real parts while a plan runs through the use
// case both front ends call (PlanExecution: orchestrator, recorder, store
// service, a real SQLite file): real agents, the fixture's sshd on loopback
// where SSH is involved, a network namespace with an sshd and an nftables
// black hole, a tmpfs that fills up, FIFOs, a second process holding the
// database's write lock, a damaged database page, idle connections and a
// relay that drops, copies and reorders datagrams.
//
// For each fault the test measures the time from injecting it to the
// controller reporting it, checks what was kept (finished repetitions in
// the database, the damaged or locked file unchanged, loss counted
// exactly) and that every process it started — agents, their SSH sessions,
// helpers — is gone, by PID. Each of those is asserted against a bound
// stated in the row, so the test fails when one regresses. The table goes
// to $WB_FAULT_TABLE as Markdown (default: fault-table.md in the build
// directory). Faults that need root (a tmpfs, a namespace) are skipped for
// other users; the run then prints "fault table incomplete", which CTest
// reports as skipped.

#include "rawpeer.h"
#include "sshfixture.h"
#include "sshnamespace.h"
#include "udpmangler.h"

#include "remote/agentlocator.h"
#include "remote/agenttransport.h"
#include "remote/localtransport.h"
#include "run/planexecution.h"
#include "store/resultstore.h"
#include "store/runfilter.h"
#include "store/runstore.h"

#include <QCryptographicHash>
#include <QDate>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QSysInfo>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <csignal>
#include <cstdio>
#include <memory>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <thread>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace {

// Bounds every row is held to (ms).
constexpr int kProcessesGoneMs = 10000; // every process the fault's plan started, after it ended

// --- processes, by PID and start time (a reused PID is not the same process)

QList<QByteArray> statFields(qint64 pid)
{
    QFile f(u"/proc/%1/stat"_s.arg(pid));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    const QByteArray s = f.readAll();
    const qsizetype close = s.lastIndexOf(')');
    if (close < 0)
        return {};
    // After "pid (comm) ": [0] state, [1] ppid, ..., [19] starttime (field 22).
    return s.mid(close + 2).split(' ');
}

QString commOf(qint64 pid)
{
    QFile f(u"/proc/%1/comm"_s.arg(pid));
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll().trimmed()) : QString();
}

struct Proc
{
    qint64 pid = 0;
    QByteArray startTime;
    QString what;
};

std::optional<Proc> procOf(qint64 pid, const QString &what)
{
    const auto f = statFields(pid);
    if (f.size() < 20)
        return std::nullopt;
    return Proc{pid, f[19], what};
}

bool alive(const Proc &p)
{
    const auto f = statFields(p.pid);
    return f.size() >= 20 && f[19] == p.startTime && f[0] != "Z" && f[0] != "X";
}

qint64 parentOf(qint64 pid)
{
    const auto f = statFields(pid);
    return f.size() >= 2 ? f[1].toLongLong() : 0;
}

// The processes between a remote agent and the sshd listener that forked
// its session (sshd's session processes, a shell): empty when the agent
// does not run under that listener.
QList<Proc> sessionOf(qint64 agentPid, qint64 listenerPid)
{
    QList<Proc> out;
    qint64 p = parentOf(agentPid);
    for (int depth = 0; p > 1 && p != listenerPid && depth < 10; ++depth) {
        if (auto proc = procOf(p, u"SSH session process (%1)"_s.arg(commOf(p))))
            out.append(*proc);
        p = parentOf(p);
    }
    return p == listenerPid ? out : QList<Proc>();
}

// The fixture's sshd (with SFTP): the parent of every session it serves.
qint64 fixtureListenerPid()
{
    QFile f(wbtest::fixtureFile(u"sshd_main.pid"_s));
    return f.open(QIODevice::ReadOnly) ? f.readAll().trimmed().toLongLong() : 0;
}

bool waitUntil(const std::function<bool()> &done, int timeoutMs)
{
    QElapsedTimer t;
    t.start();
    while (!done()) {
        if (t.elapsed() > timeoutMs)
            return false;
        QTest::qWait(20);
    }
    return true;
}

// Waits (at most timeoutMs) until none of them is alive; returns those still
// alive then, and how long it took in *tookMs.
QList<Proc> leftAfter(const QList<Proc> &procs, int timeoutMs, qint64 *tookMs = nullptr)
{
    QElapsedTimer t;
    t.start();
    auto living = [&] {
        QList<Proc> l;
        for (const Proc &p : procs)
            if (alive(p))
                l.append(p);
        return l;
    };
    waitUntil([&] { return living().isEmpty(); }, timeoutMs);
    if (tookMs)
        *tookMs = t.elapsed();
    return living();
}

QString describeLeft(const QList<Proc> &watched, const QList<Proc> &left)
{
    if (!left.isEmpty()) {
        QStringList names;
        for (const Proc &p : left)
            names << u"%1 (pid %2)"_s.arg(p.what).arg(p.pid);
        return u"**%1 left**: %2"_s.arg(left.size()).arg(names.join(u", "_s));
    }
    QMap<QString, int> kinds;
    for (const Proc &p : watched)
        ++kinds[p.what.section(u" ("_s, 0, 0)];
    QStringList parts;
    for (auto it = kinds.cbegin(); it != kinds.cend(); ++it)
        parts << u"%1 × %2"_s.arg(it.value()).arg(it.key());
    return u"none (%1 gone)"_s.arg(parts.join(u", "_s));
}

QString seconds(qint64 ms)
{
    return u"%1 s"_s.arg(ms / 1000.0, 0, 'f', ms < 10000 ? 2 : 1);
}

QByteArray fileHash(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256).toHex();
}

// --- the controller's side of a plan run

// Passes an agent's lines through `tap` before the controller sees them, so
// a test can learn (or change) where a serving agent listens.
class TappedTransport : public wb::AgentTransport
{
public:
    using Tap = std::function<QByteArray(const QByteArray &line)>;
    TappedTransport(wb::AgentTransport *inner, Tap tap) : m_inner(inner), m_tap(std::move(tap))
    {
        inner->setParent(this);
        connect(inner, &AgentTransport::opened, this, &AgentTransport::opened);
        connect(inner, &AgentTransport::lineReceived, this,
                [this](const QByteArray &line) { emit lineReceived(m_tap(line)); });
        connect(inner, &AgentTransport::transientError, this, &AgentTransport::transientError);
        connect(inner, &AgentTransport::persistentError, this, &AgentTransport::persistentError);
        connect(inner, &AgentTransport::closed, this, &AgentTransport::closed);
    }
    QString peerName() const override { return m_inner->peerName(); }
    void open() override { m_inner->open(); }
    void close() override { m_inner->close(); }
    bool isOpen() const override { return m_inner->isOpen(); }
    void writeLine(const QByteArray &line) override { m_inner->writeLine(line); }

private:
    wb::AgentTransport *m_inner;
    Tap m_tap;
};

// One plan through PlanExecution into a database, with what it reported
// and when (ms since start()).
struct PlanRun
{
    using Tap = std::function<wb::AgentTransport *(const wb::PlanHost &, wb::AgentTransport *)>;

    QString planError;
    QElapsedTimer clock;
    std::unique_ptr<wb::PlanExecution> exec;
    QList<wb::CaseResult> cases;
    QHash<QString, qint64> startedAt;  // case name -> first iteration's start
    QHash<QString, qint64> finishedAt; // case name -> caseFinished
    QStringList storeErrors;
    qint64 storeFailedAt = -1;
    QStringList log;
    QHash<QString, qint64> agentPids; // plan host -> agent PID from its handshake
    QList<Proc> agentProcs;           // the same, taken as each agent said hello
    bool planDone = false;
    bool stored = false;
    std::function<void(const wb::TestCase &, int)> onCaseStarted;

    PlanRun(const QJsonObject &planJson, const QString &database, const wb::LabAccess &access, Tap tap = {})
    {
        auto plan = wb::Plan::fromJson(planJson, &planError);
        if (!plan)
            return;
        wb::PlanExecution::Options options;
        options.databasePath = database;
        const auto lab = wb::Orchestrator::labFactory(access.ssh, access.hostKeys, access.credentials);
        options.transportFactory = [lab, tap](const wb::PlanHost &host) -> wb::AgentTransport * {
            wb::AgentTransport *t = lab(host);
            return tap ? tap(host, t) : t;
        };
        exec = std::make_unique<wb::PlanExecution>(*plan, access, options);
        wb::PlanExecution *e = exec.get();
        QObject::connect(e, &wb::PlanExecution::caseStarted, e, [this](const wb::TestCase &tc, int iteration) {
            if (!startedAt.contains(tc.name))
                startedAt.insert(tc.name, clock.elapsed());
            if (onCaseStarted)
                onCaseStarted(tc, iteration);
        });
        QObject::connect(e, &wb::PlanExecution::caseFinished, e, [this](const wb::CaseResult &r) {
            finishedAt.insert(r.testCase.name, clock.elapsed());
            cases.append(r);
        });
        QObject::connect(e, &wb::PlanExecution::storeFailed, e, [this](const QString &, const QString &m) {
            if (storeFailedAt < 0)
                storeFailedAt = clock.elapsed();
            storeErrors.append(m);
        });
        QObject::connect(e, &wb::PlanExecution::logged, e,
                         [this](const QString &severity, const QString &host, const QString &text) {
                             log.append(u"%1 %2: %3"_s.arg(severity, host, text));
                             static const QRegularExpression ready(u"^agent \\S+ ready \\(pid (\\d+)"_s);
                             const auto m = ready.match(text);
                             if (!m.hasMatch())
                                 return;
                             const qint64 pid = m.captured(1).toLongLong();
                             agentPids.insert(host, pid);
                             if (auto proc = procOf(pid, u"agent (%1)"_s.arg(host)))
                                 agentProcs.append(*proc);
                         });
        QObject::connect(e, &wb::PlanExecution::planFinished, e, [this](int, int, int) { planDone = true; });
        QObject::connect(e, &wb::PlanExecution::allStored, e, [this](int) { stored = true; });
    }

    bool start()
    {
        if (!exec)
            return false;
        if (!exec->prepare().isEmpty())
            return false;
        clock.start();
        exec->start();
        return true;
    }

    bool waitStored(int timeoutMs)
    {
        return waitUntil([this] { return stored; }, timeoutMs);
    }

    const wb::CaseResult *result(const QString &name) const
    {
        for (const auto &c : cases)
            if (c.testCase.name == name)
                return &c;
        return nullptr;
    }

    QList<Proc> agents() const { return agentProcs; }
};

// The runs of one plan in a database.
QList<wb::StoredRun> storedRuns(const QString &database, const QString &plan, QString *error = nullptr)
{
    auto store = wb::ResultStore::open(database, {.createIfMissing = false, .readOnly = true});
    if (!store) {
        if (error)
            *error = store.message();
        return {};
    }
    wb::RunFilter f;
    f.plan = plan;
    f.newestFirst = false;
    f.withMetrics = true;
    auto runs = (*store)->runs().listRuns(f);
    if (!runs && error)
        *error = runs.message();
    return runs ? *runs : QList<wb::StoredRun>();
}

int countStatus(const QList<wb::StoredRun> &runs, wb::RunStatus status, const QString &testCase = {})
{
    int n = 0;
    for (const auto &r : runs)
        n += r.status == status && (testCase.isEmpty() || r.testCase == testCase) ? 1 : 0;
    return n;
}

QJsonObject localHost()
{
    return {{u"transport"_s, u"local"_s}};
}

QJsonObject plan(const QString &name, const QJsonObject &hosts, const QByteArray &testsJson)
{
    return {{u"name"_s, name}, {u"hosts"_s, hosts},
            {u"tests"_s, QJsonDocument::fromJson("[" + testsJson + "]").array()}};
}

// The second process of "database locked": holds a write transaction on
// the file until its stdin closes (at most two minutes).
int holdWriteLock(const char *path)
{
    ::alarm(120);
    int argc = 1;
    char name[] = "lock-holder";
    char *argv[] = {name, nullptr};
    QCoreApplication app(argc, argv);
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"holder"_s);
        db.setDatabaseName(QString::fromLocal8Bit(path));
        if (!db.open())
            return 2;
        QSqlQuery q(db);
        if (!q.exec(u"BEGIN EXCLUSIVE"_s)) {
            std::fprintf(stderr, "%s\n", qPrintable(q.lastError().text()));
            return 3;
        }
        std::printf("locked\n");
        std::fflush(stdout);
        while (std::fgetc(stdin) != EOF) {
        }
        q.exec(u"ROLLBACK"_s);
    }
    QSqlDatabase::removeDatabase(u"holder"_s);
    return 0;
}

} // namespace

class TstFaultTable : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void cleanup();
    void cleanupTestCase();

    void agentKilled();
    void sshSessionKilled();
    void hostBlackHoled();
    void hostSilent();
    void diskFullOnReceiver();
    void fifoAsPath();
    void databaseLocked();
    void databaseCorrupt();
    void idleConnectionsAtListener();
    void duplicatedAndReorderedDatagrams();

private:
    struct Row
    {
        QString fault, injected, reported, message, kept, left;
        bool failed = false;
        bool skipped = false;
    };
    Row &begin(const QString &fault, const QString &injected);
    void skipRow(const QString &why);
    QString tidy(QString text) const;
    QString databasePath(const QString &name) const { return m_tmp.filePath(name + u".sqlite"_s); }
    wb::LabAccess sshAccess(const wb::SshOptions &options) const;
    QJsonObject fixtureHost(const QString &user) const;
    // A fault of an SSH host on loopback, injected half a second into the
    // second of three repetitions of a 1 s stream from a local agent to the
    // SSH host's: `fault` gets that agent's PID and does it; `afterReport`
    // runs once the failure is stored (or the test gave up).
    void sshHostFault(const QString &planName, const std::function<void(qint64 agentPid)> &fault, int boundMs,
                      const QString &expectedError, const std::function<void(qint64 agentPid)> &afterReport = {});

    QTemporaryDir m_tmp;
    QElapsedTimer m_runClock;
    QList<Row> m_rows;
    int m_current = -1;
    QString m_tablePath;
};

TstFaultTable::Row &TstFaultTable::begin(const QString &fault, const QString &injected)
{
    m_rows.append(Row{fault, injected, u"—"_s, u"—"_s, u"—"_s, u"—"_s});
    m_current = int(m_rows.size()) - 1;
    return m_rows.last();
}

void TstFaultTable::skipRow(const QString &why)
{
    Row &r = m_rows[m_current];
    r.skipped = true;
    r.reported = u"not run: %1"_s.arg(why);
}

QString TstFaultTable::tidy(QString text) const
{
    text.replace(m_tmp.path(), u"$TMP"_s);
    if (!wbtest::sshdDir().isEmpty())
        text.replace(wbtest::sshdDir(), u"$SSHD"_s);
    text.replace(u'\n', u' ');
    text.replace(u'|', u"\\|"_s);
    if (text.size() > 480)
        text = text.left(477) + u"…"_s;
    return text;
}

void TstFaultTable::initTestCase()
{
    m_runClock.start();
    if (wbtest::sshdDir().isEmpty() || wbtest::sshdPort() == 0)
        QFAIL("WB_SSHD_DIR is not set or its sshd is not running (run through ctest, which starts it)");
    if (qEnvironmentVariableIsEmpty("WIREBENCH_AGENT"))
        qputenv("WIREBENCH_AGENT", WB_BIN_DIR "/wirebench-agent");
    // A case the database refuses is kept under the user's data folder:
    // here, under this run's own.
    qputenv("XDG_DATA_HOME", QFile::encodeName(m_tmp.filePath(u"share"_s)));
    m_tablePath = qEnvironmentVariable("WB_FAULT_TABLE");
    if (m_tablePath.isEmpty())
        m_tablePath = QDir::cleanPath(QStringLiteral(WB_BIN_DIR "/../fault-table.md"));
}

void TstFaultTable::cleanup()
{
    if (m_current < 0)
        return;
    if (QTest::currentTestFailed())
        m_rows[m_current].failed = true;
    m_current = -1;
}

void TstFaultTable::cleanupTestCase()
{
    int failed = 0, skipped = 0;
    for (const Row &r : std::as_const(m_rows)) {
        failed += r.failed ? 1 : 0;
        skipped += r.skipped ? 1 : 0;
    }
    // CTest reports the run as skipped on this line (and only when nothing
    // failed, so a failure is never hidden behind it).
    if (skipped > 0 && failed == 0)
        qInfo("fault table incomplete: %d of %d faults not run (they need root)", skipped, int(m_rows.size()));
    QFile f(m_tablePath);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
        QFAIL(qPrintable(u"cannot write the fault table to %1"_s.arg(m_tablePath)));
    QByteArray md;
    md += "<!-- Written by tst_faulttable; do not edit by hand (docs/reliability.md says how to make it). -->\n";
    md += QStringLiteral("Made on %1 by one run of `tst_faulttable` (%2 s) on %3, Linux %4, %5 CPUs.%6\n\n")
              .arg(QDate::currentDate().toString(Qt::ISODate))
              .arg(m_runClock.elapsed() / 1000)
              .arg(QSysInfo::prettyProductName(), QSysInfo::kernelVersion())
              .arg(std::thread::hardware_concurrency())
              .arg(failed ? u" **%1 row(s) FAILED.**"_s.arg(failed)
                   : skipped ? u" %1 row(s) not run (they need root)."_s.arg(skipped)
                             : QString())
              .toUtf8();
    md += "| fault | how injected | reported after | message | kept | processes left |\n";
    md += "|---|---|---|---|---|---|\n";
    for (const Row &r : std::as_const(m_rows)) {
        const QString fault = r.failed ? r.fault + u" — **FAILED**"_s : r.fault;
        md += QStringLiteral("| %1 | %2 | %3 | %4 | %5 | %6 |\n")
                  .arg(fault, r.injected, r.reported, r.message, r.kept, r.left)
                  .toUtf8();
    }
    f.write(md);
    f.close();
    qInfo("fault table written to %s", qPrintable(m_tablePath));
}

wb::LabAccess TstFaultTable::sshAccess(const wb::SshOptions &options) const
{
    wb::LabAccess access;
    access.ssh = options;
    access.ssh.localAgentPath = wb::locateAgent();
    // The host keys are in the known_hosts file: nothing is asked.
    access.hostKeys = nullptr;
    return access;
}

QJsonObject TstFaultTable::fixtureHost(const QString &user) const
{
    return {{u"transport"_s, u"ssh"_s}, {u"ssh_address"_s, u"127.0.0.1"_s}, {u"port"_s, wbtest::sshdPort()},
            {u"user"_s, user}, {u"identity_file"_s, wbtest::fixtureFile(u"client_ed25519"_s)},
            {u"address"_s, u"127.0.0.1"_s}};
}

void TstFaultTable::sshHostFault(const QString &planName, const std::function<void(qint64)> &fault, int boundMs,
                                 const QString &expectedError, const std::function<void(qint64)> &afterReport)
{
    Row &row = m_rows[m_current];
    wbtest::ClientSetup setup;
    setup.trustHostKey();
    const QJsonObject p = plan(planName, {{u"a"_s, localHost()}, {u"b"_s, fixtureHost(setup.endpoint.user)}},
                               R"({"name":"victim","kind":"tcp_stream","client":"a","server":"b","duration_s":1,
                                   "repetitions":{"min":3,"max":3}})");
    const QString db = databasePath(planName);
    PlanRun run(p, db, sshAccess(setup.options));
    QVERIFY2(run.planError.isEmpty(), qPrintable(run.planError));
    qint64 injectedAt = -1;
    qint64 agentPid = 0;
    QList<Proc> watched;
    const qint64 listener = fixtureListenerPid();
    // Whatever happens, the fault's aftermath runs (a stopped agent is woken).
    auto aftermath = qScopeGuard([&] {
        if (afterReport && agentPid > 0)
            afterReport(agentPid);
    });
    run.onCaseStarted = [&](const wb::TestCase &, int iteration) {
        if (iteration != 1)
            return;
        QTimer::singleShot(500, run.exec.get(), [&] {
            agentPid = run.agentPids.value(u"b"_s);
            watched = run.agents() + sessionOf(agentPid, listener);
            injectedAt = run.clock.elapsed();
            fault(agentPid);
        });
    };
    QVERIFY(run.start());
    QVERIFY2(run.waitStored(60000), qPrintable(run.log.join(u'\n')));
    QVERIFY2(injectedAt >= 0, qPrintable(u"the fault was never injected: "_s + run.log.join(u'\n')));
    const wb::CaseResult *victim = run.result(u"victim"_s);
    QVERIFY(victim);
    const qint64 reported = run.finishedAt.value(u"victim"_s) - injectedAt;
    row.reported = u"%1 (bound %2)"_s.arg(seconds(reported), seconds(boundMs));
    row.message = u"`%1`"_s.arg(tidy(victim->error));
    aftermath.dismiss();
    if (afterReport)
        afterReport(agentPid);

    const auto runs = storedRuns(db, planName);
    const int finished = countStatus(runs, wb::RunStatus::Finished);
    const int failedRuns = countStatus(runs, wb::RunStatus::Failed);
    double throughput = 0;
    for (const auto &r : runs)
        if (r.status == wb::RunStatus::Finished)
            throughput = r.record.metric(u"throughput_bps"_s, u"server"_s).value_or(0);
    row.kept = u"%1 finished repetition of 3 stored (%2 Gbit/s), %3 for the cut one: failed, with the reason"_s
                   .arg(finished)
                   .arg(throughput / 1e9, 0, 'f', 1)
                   .arg(failedRuns);
    const QList<Proc> left = leftAfter(watched, kProcessesGoneMs);
    row.left = describeLeft(watched, left);

    QCOMPARE(victim->status, u"failed"_s);
    QVERIFY2(reported < boundMs, qPrintable(row.reported));
    QVERIFY2(victim->error.contains(expectedError), qPrintable(victim->error));
    QCOMPARE(victim->iterations.size(), 1);
    QCOMPARE(finished, 1);
    QCOMPARE(failedRuns, 1);
    QVERIFY(throughput > 0);
    QVERIFY2(watched.size() >= 3, qPrintable(describeLeft(watched, {}))); // two agents and b's session
    QVERIFY2(left.isEmpty(), qPrintable(row.left));
}

// 1. The remote agent dies (SIGKILL): its SSH channel ends at once.
void TstFaultTable::agentKilled()
{
    begin(u"agent killed"_s, u"SIGKILL to the serving agent on an SSH host (loopback sshd), 0.5 s into the 2nd of 3 "
                             "repetitions"_s);
    sshHostFault(u"agent-killed"_s, [](qint64 pid) { QCOMPARE(::kill(pid_t(pid), SIGKILL), 0); }, 5000, u"b"_s);
}

// 2. The sshd process serving the agent's session dies: the agent's stdin
// closes and it leaves.
void TstFaultTable::sshSessionKilled()
{
    begin(u"SSH session killed"_s, u"SIGKILL to the sshd session process the agent runs under, 0.5 s into the 2nd "
                                   "of 3 repetitions"_s);
    const qint64 listener = fixtureListenerPid();
    sshHostFault(
        u"session-killed"_s,
        [listener](qint64 agentPid) {
            // The nearest sshd above the agent: the one holding its channel.
            for (const Proc &p : sessionOf(agentPid, listener)) {
                if (commOf(p.pid) == u"sshd"_s) {
                    QCOMPARE(::kill(pid_t(p.pid), SIGKILL), 0);
                    return;
                }
            }
            QFAIL("no sshd session process above the agent");
        },
        5000, u"b"_s);
}

// 3. The host vanishes from the network without a word: every packet to
// and from it is dropped, the link stays up.
void TstFaultTable::hostBlackHoled()
{
    Row &row = begin(u"host black-holed"_s,
                     u"nftables in the host's namespace drops every packet in and out of its link (link up), "
                     "0.5 s into the 2nd of 3 repetitions of a stream to it"_s);
    if (::geteuid() != 0) {
        skipRow(u"needs root (network namespace)"_s);
        QSKIP("needs root (network namespace)");
    }
    if (QStandardPaths::findExecutable(u"nft"_s).isEmpty() && !QFile::exists(u"/usr/sbin/nft"_s))
        QFAIL("nft is missing: install nftables (packaging/install-deps.sh does)");
    constexpr int kBoundMs = 15000;   // SSH keepalive every 2 s + TCP_USER_TIMEOUT 6 s, with room
    constexpr int kAgentGoneMs = 20000; // its watchdog: 10 s without the controller's heartbeat
    // 198.51.100.128/25: apart from netns_lab.sh's addresses.
    wbtest::SshNamespace host(u"wbft"_s, u"198.51.100"_s, 32);
    const QString problem = host.setUp();
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    wbtest::ClientSetup setup;
    {
        QFile known(setup.options.userKnownHostsFile);
        QVERIFY(known.open(QIODevice::WriteOnly));
        known.write(host.knownHostsLine());
    }
    const QJsonObject b{{u"transport"_s, u"ssh"_s}, {u"ssh_address"_s, host.address()}, {u"port"_s, 22},
                        {u"user"_s, setup.endpoint.user},
                        {u"identity_file"_s, wbtest::fixtureFile(u"client_ed25519"_s)},
                        {u"address"_s, host.address()}};
    const QJsonObject a{{u"transport"_s, u"local"_s}, {u"address"_s, host.hostAddress()}};
    const QJsonObject p = plan(u"black-holed"_s, {{u"a"_s, a}, {u"b"_s, b}},
                               R"({"name":"victim","kind":"tcp_stream","client":"a","server":"b","duration_s":1,
                                   "repetitions":{"min":3,"max":3}})");
    const QString db = databasePath(u"black-holed"_s);
    PlanRun run(p, db, sshAccess(setup.options));
    QVERIFY2(run.planError.isEmpty(), qPrintable(run.planError));
    qint64 injectedAt = -1;
    QString nftError;
    QList<Proc> agents, sessions;
    run.onCaseStarted = [&](const wb::TestCase &, int iteration) {
        if (iteration != 1)
            return;
        QTimer::singleShot(500, run.exec.get(), [&] {
            agents = run.agents();
            sessions = sessionOf(run.agentPids.value(u"b"_s), host.listenerPid());
            injectedAt = run.clock.elapsed();
            nftError = host.blackHole();
        });
    };
    QVERIFY(run.start());
    QVERIFY2(run.waitStored(60000), qPrintable(run.log.join(u'\n')));
    QVERIFY2(nftError.isEmpty(), qPrintable(nftError));
    QVERIFY2(injectedAt >= 0, qPrintable(u"the fault was never injected: "_s + run.log.join(u'\n')));
    const wb::CaseResult *victim = run.result(u"victim"_s);
    QVERIFY(victim);
    const qint64 reported = run.finishedAt.value(u"victim"_s) - injectedAt;
    row.reported = u"%1 (bound %2)"_s.arg(seconds(reported), seconds(kBoundMs));
    row.message = u"`%1`"_s.arg(tidy(victim->error));

    // The agent on the black-holed host stops on its own watchdog, while
    // the black hole lasts: nobody can tell it anything.
    std::optional<Proc> remoteAgent;
    for (const Proc &proc : agents)
        if (proc.what == u"agent (b)"_s)
            remoteAgent = proc;
    QVERIFY(remoteAgent);
    const bool agentStopped = waitUntil([&] { return !alive(*remoteAgent); },
                                        int(std::max<qint64>(0, injectedAt + kAgentGoneMs - run.clock.elapsed())));
    const qint64 agentExitAfter = agentStopped ? run.clock.elapsed() - injectedAt : -1;
    // sshd's own session processes wait on the dead connection; once the
    // host is reachable again they end.
    host.liftBlackHole();
    qint64 sessionsGone = 0;
    const QList<Proc> all = agents + sessions;
    const QList<Proc> left = leftAfter(all, 30000, &sessionsGone);

    const auto runs = storedRuns(db, u"black-holed"_s);
    const int finished = countStatus(runs, wb::RunStatus::Finished);
    const int failedRuns = countStatus(runs, wb::RunStatus::Failed);
    row.kept = u"%1 finished repetition of 3 stored, %2 for the cut one: failed, with the reason"_s.arg(finished)
                   .arg(failedRuns);
    row.left = describeLeft(all, left)
        + u"; the host's agent stopped on its own watchdog %1 after the fault, sshd's session %2 after the link came back"_s
              .arg(agentExitAfter >= 0 ? seconds(agentExitAfter) : u"(never)"_s, seconds(sessionsGone));

    QCOMPARE(victim->status, u"failed"_s);
    QVERIFY2(reported < kBoundMs, qPrintable(row.reported));
    QVERIFY2(victim->error.contains(u"b"_s), qPrintable(victim->error));
    QCOMPARE(finished, 1);
    QCOMPARE(failedRuns, 1);
    QVERIFY2(agentStopped, "the black-holed host's agent must stop on its watchdog");
    QVERIFY2(left.isEmpty(), qPrintable(row.left));
}

// 4. The host stays connected but its agent says nothing (SIGSTOP): only
// the controller's liveness timeout can tell.
void TstFaultTable::hostSilent()
{
    begin(u"host silent"_s, u"SIGSTOP to the serving agent on an SSH host (connection up, no answers), 0.5 s into "
                            "the 2nd of 3 repetitions; SIGCONT after the report"_s);
    // The orchestrator's liveness timeout is 12 s, heartbeats every 2 s.
    sshHostFault(
        u"host-silent"_s, [](qint64 pid) { QCOMPARE(::kill(pid_t(pid), SIGSTOP), 0); }, 16000,
        u"b: no answer from the agent"_s,
        // The host wakes up: the agent finds its input closed and leaves.
        [](qint64 pid) { ::kill(pid_t(pid), SIGCONT); });
}

// 5. The receiving host's disk fills up during a file transfer.
void TstFaultTable::diskFullOnReceiver()
{
    Row &row = begin(u"disk full on the receiver"_s,
                     u"file_transfer of 8 MiB into a 1 MiB tmpfs on the serving end; a test before and after it"_s);
    if (::geteuid() != 0) {
        skipRow(u"needs root (mounts a tmpfs)"_s);
        QSKIP("needs root (mounts a tmpfs)");
    }
    constexpr int kBoundMs = 5000;
    const QString mnt = m_tmp.filePath(u"small-disk"_s);
    QVERIFY(QDir().mkpath(mnt));
    const QByteArray mntPath = QFile::encodeName(mnt);
    QCOMPARE(::mount("tmpfs", mntPath.constData(), "tmpfs", 0, "size=1m"), 0);
    auto unmount = qScopeGuard([&] { ::umount2(mntPath.constData(), MNT_DETACH); });
    const QString dest = mnt + u"/big.bin"_s;
    const QJsonObject p = plan(u"disk-full"_s, {{u"a"_s, localHost()}, {u"b"_s, localHost()}},
                               QStringLiteral(R"({"name":"before","kind":"tcp_rr","client":"a","server":"b","duration_s":0.3},
        {"name":"full","kind":"file_transfer","client":"a","server":"b","duration_s":30,
         "params":{"file_size_bytes":8388608,"dest_path":"%1"}},
        {"name":"after","kind":"tcp_rr","client":"a","server":"b","duration_s":0.3})")
                                   .arg(dest)
                                   .toUtf8());
    const QString db = databasePath(u"disk-full"_s);
    PlanRun run(p, db, wb::LabAccess());
    QVERIFY2(run.planError.isEmpty(), qPrintable(run.planError));
    QVERIFY(run.start());
    QVERIFY2(run.waitStored(60000), qPrintable(run.log.join(u'\n')));
    const wb::CaseResult *full = run.result(u"full"_s);
    QVERIFY(full);
    const qint64 reported = run.finishedAt.value(u"full"_s) - run.startedAt.value(u"full"_s);
    row.reported = u"%1 after the transfer began (bound %2)"_s.arg(seconds(reported), seconds(kBoundMs));
    row.message = u"`%1`"_s.arg(tidy(full->error));
    const auto runs = storedRuns(db, u"disk-full"_s);
    const QStringList onDisk = QDir(mnt).entryList(QDir::NoDotAndDotDot | QDir::AllEntries);
    struct statvfs fs{};
    ::statvfs(mntPath.constData(), &fs);
    const double freePct = 100.0 * double(fs.f_bfree) / double(std::max<fsblkcnt_t>(fs.f_blocks, 1));
    const QList<Proc> watched = run.agents();
    const QList<Proc> left = leftAfter(watched, kProcessesGoneMs);
    row.kept = u"the tests before and after it finished and stored (%1 + %2); the partial file removed (%3 files, %4% "
               "free); the failure stored with its reason"_s
                   .arg(countStatus(runs, wb::RunStatus::Finished, u"before"_s))
                   .arg(countStatus(runs, wb::RunStatus::Finished, u"after"_s))
                   .arg(onDisk.size())
                   .arg(freePct, 0, 'f', 0);
    row.left = describeLeft(watched, left);

    QCOMPARE(full->status, u"failed"_s);
    QVERIFY2(full->error.contains(u"No space left"_s), qPrintable(full->error));
    QVERIFY2(reported < kBoundMs, qPrintable(row.reported));
    QCOMPARE(countStatus(runs, wb::RunStatus::Finished, u"before"_s), 1);
    QCOMPARE(countStatus(runs, wb::RunStatus::Finished, u"after"_s), 1);
    QCOMPARE(countStatus(runs, wb::RunStatus::Failed, u"full"_s), 1);
    QVERIFY2(onDisk.isEmpty(), qPrintable(onDisk.join(u' ')));
    QCOMPARE(watched.size(), 2);
    QVERIFY2(left.isEmpty(), qPrintable(row.left));
}

// 6. A FIFO where a file should be: reading or writing it would block for
// good, so both ends refuse it at once.
void TstFaultTable::fifoAsPath()
{
    Row &row = begin(u"FIFO as path"_s, u"file_transfer whose destination on the receiver is a FIFO, and one whose "
                                        "source on the sender is; a test after them"_s);
    constexpr int kBoundMs = 3000;
    const QString fifo = m_tmp.filePath(u"pipe"_s);
    QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
    const QJsonObject p = plan(u"fifo"_s, {{u"a"_s, localHost()}, {u"b"_s, localHost()}},
                               QStringLiteral(R"({"name":"to-fifo","kind":"file_transfer","client":"a","server":"b","duration_s":30,
         "params":{"file_size_bytes":100000,"dest_path":"%1","overwrite":true}},
        {"name":"from-fifo","kind":"file_transfer","client":"a","server":"b","duration_s":30,"params":{"path":"%1"}},
        {"name":"after","kind":"tcp_rr","client":"a","server":"b","duration_s":0.3})")
                                   .arg(fifo)
                                   .toUtf8());
    const QString db = databasePath(u"fifo"_s);
    PlanRun run(p, db, wb::LabAccess());
    QVERIFY2(run.planError.isEmpty(), qPrintable(run.planError));
    QVERIFY(run.start());
    QVERIFY2(run.waitStored(60000), qPrintable(run.log.join(u'\n')));
    const wb::CaseResult *to = run.result(u"to-fifo"_s);
    const wb::CaseResult *from = run.result(u"from-fifo"_s);
    QVERIFY(to && from);
    const qint64 toMs = run.finishedAt.value(u"to-fifo"_s) - run.startedAt.value(u"to-fifo"_s);
    const qint64 fromMs = run.finishedAt.value(u"from-fifo"_s) - run.startedAt.value(u"from-fifo"_s);
    row.reported = u"%1 (destination), %2 (source) after the request (bound %3)"_s.arg(seconds(toMs), seconds(fromMs),
                                                                                        seconds(kBoundMs));
    row.message = u"`%1`; `%2`"_s.arg(tidy(to->error), tidy(from->error));
    const auto runs = storedRuns(db, u"fifo"_s);
    struct stat st{};
    const bool stillFifo = ::lstat(QFile::encodeName(fifo).constData(), &st) == 0 && S_ISFIFO(st.st_mode);
    const QList<Proc> watched = run.agents();
    const QList<Proc> left = leftAfter(watched, kProcessesGoneMs);
    row.kept = u"the FIFO left as it was (%1); both failures stored with their reason; the next test on the same "
               "agents finished (%2)"_s
                   .arg(stillFifo ? u"still a FIFO"_s : u"**changed**"_s)
                   .arg(countStatus(runs, wb::RunStatus::Finished, u"after"_s));
    row.left = describeLeft(watched, left);

    QCOMPARE(to->status, u"failed"_s);
    QCOMPARE(from->status, u"failed"_s);
    QVERIFY2(to->error.contains(u"FIFO"_s), qPrintable(to->error));
    QVERIFY2(from->error.contains(u"not a regular file"_s), qPrintable(from->error));
    QVERIFY2(toMs < kBoundMs && fromMs < kBoundMs, qPrintable(row.reported));
    QVERIFY(stillFifo);
    QCOMPARE(countStatus(runs, wb::RunStatus::Finished, u"after"_s), 1);
    QCOMPARE(watched.size(), 2);
    QVERIFY2(left.isEmpty(), qPrintable(row.left));
}

// 7. Another program holds the database's write lock for the whole run.
void TstFaultTable::databaseLocked()
{
    Row &row = begin(u"database locked"_s, u"a second process holds a write transaction (BEGIN EXCLUSIVE) on the "
                                           "results file for the whole run"_s);
    constexpr int kBoundMs = 10000; // the store's busy timeout is 5 s
    const QString db = databasePath(u"locked"_s);
    QVERIFY(wb::ResultStore::open(db).ok()); // an existing, empty results database
    QProcess holder;
    holder.start(QCoreApplication::applicationFilePath(), {u"--hold-write-lock"_s, db});
    QVERIFY(holder.waitForStarted(5000));
    auto release = qScopeGuard([&] {
        holder.closeWriteChannel();
        if (!holder.waitForFinished(5000))
            holder.kill();
    });
    QVERIFY(waitUntil([&] { return holder.canReadLine() || holder.waitForReadyRead(50); }, 5000));
    QCOMPARE(holder.readLine().trimmed(), QByteArray("locked"));
    const auto holderProc = procOf(holder.processId(), u"lock holder"_s);
    QVERIFY(holderProc);

    const QJsonObject p = plan(u"locked"_s, {{u"a"_s, localHost()}, {u"b"_s, localHost()}},
                               R"({"name":"rr","kind":"tcp_rr","client":"a","server":"b","duration_s":0.3})");
    PlanRun run(p, db, wb::LabAccess());
    QVERIFY2(run.planError.isEmpty(), qPrintable(run.planError));
    QVERIFY(run.start());
    QVERIFY2(run.waitStored(60000), qPrintable(run.log.join(u'\n')));
    QCOMPARE(run.storeErrors.size(), 1);
    const QString message = run.storeErrors.first();
    const qint64 reported = run.storeFailedAt - run.finishedAt.value(u"rr"_s);
    row.reported = u"%1 after the result (bound %2)"_s.arg(seconds(reported), seconds(kBoundMs));
    row.message = u"`%1`"_s.arg(tidy(message));
    const QString rescue = QRegularExpression(u"kept in (\\S+\\.sqlite)"_s).match(message).captured(1);
    const auto rescued = storedRuns(rescue, u"locked"_s);
    const QList<Proc> agents = run.agents();
    run.exec.reset();
    release.dismiss();
    holder.closeWriteChannel();
    QVERIFY(holder.waitForFinished(5000));
    const auto afterwards = storedRuns(db, u"locked"_s);
    QString integrity = u"ok"_s;
    if (auto store = wb::ResultStore::open(db); !store)
        integrity = store.message();
    else if (auto checked = (*store)->checkIntegrity(); !checked)
        integrity = checked.message();
    const QList<Proc> watched = agents + QList<Proc>{*holderProc};
    const QList<Proc> left = leftAfter(watched, kProcessesGoneMs);
    row.kept = u"the result kept in a file of its own (%1 finished run there, with the copy command in the "
               "message); the locked database has %2 runs of it and passes its integrity check (%3)"_s
                   .arg(countStatus(rescued, wb::RunStatus::Finished))
                   .arg(afterwards.size())
                   .arg(integrity);
    row.left = describeLeft(watched, left);

    QVERIFY2(message.contains(u"busy"_s) || message.contains(u"locked"_s), qPrintable(message));
    QVERIFY2(reported >= 0 && reported < kBoundMs, qPrintable(row.reported));
    QVERIFY2(!rescue.isEmpty(), qPrintable(message));
    QCOMPARE(countStatus(rescued, wb::RunStatus::Finished), 1);
    QVERIFY(rescued.value(0).record.metric(u"transactions_per_s"_s, u"client"_s).value_or(0) > 0);
    QCOMPARE(afterwards.size(), 0);
    QCOMPARE(integrity, u"ok"_s);
    QVERIFY2(left.isEmpty(), qPrintable(row.left));
}

// 8. The results file is damaged inside (one page overwritten) before a
// run: opening it cannot tell, storing into it must.
void TstFaultTable::databaseCorrupt()
{
    Row &row = begin(u"database corrupt"_s, u"the page of the runs table's root in a results file holding one run is "
                                            "overwritten with garbage before the next run"_s);
    constexpr int kBoundMs = 5000;
    const QString db = databasePath(u"corrupt"_s);
    {
        // One real run in it first.
        PlanRun seed(plan(u"corrupt"_s, {{u"a"_s, localHost()}, {u"b"_s, localHost()}},
                          R"({"name":"rr","kind":"tcp_rr","client":"a","server":"b","duration_s":0.3})"),
                     db, wb::LabAccess());
        QVERIFY(seed.start());
        QVERIFY(seed.waitStored(60000));
        QCOMPARE(seed.storeErrors.size(), 0);
    }
    QCOMPARE(storedRuns(db, u"corrupt"_s).size(), 1);
    int rootPage = 0, pageSize = 0;
    {
        QSqlDatabase sql = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"damage"_s);
        sql.setDatabaseName(db);
        QVERIFY(sql.open());
        QSqlQuery q(sql);
        QVERIFY(q.exec(u"PRAGMA wal_checkpoint(TRUNCATE)"_s));
        QVERIFY(q.exec(u"SELECT rootpage FROM sqlite_master WHERE type = 'table' AND name = 'runs'"_s) && q.next());
        rootPage = q.value(0).toInt();
        QVERIFY(q.exec(u"PRAGMA page_size"_s) && q.next());
        pageSize = q.value(0).toInt();
        q.finish();
        sql.close();
    }
    QSqlDatabase::removeDatabase(u"damage"_s);
    QVERIFY(rootPage > 1 && pageSize >= 512);
    {
        QFile f(db);
        QVERIFY(f.open(QIODevice::ReadWrite));
        QVERIFY(f.seek(qint64(rootPage - 1) * pageSize));
        f.write(QByteArray::fromHex("deadbeef").repeated(pageSize / 4));
    }
    const QByteArray damaged = fileHash(db);

    PlanRun run(plan(u"corrupt"_s, {{u"a"_s, localHost()}, {u"b"_s, localHost()}},
                     R"({"name":"rr2","kind":"tcp_rr","client":"a","server":"b","duration_s":0.3})"),
                db, wb::LabAccess());
    QVERIFY(run.start());
    QVERIFY2(run.waitStored(60000), qPrintable(run.log.join(u'\n')));
    QCOMPARE(run.storeErrors.size(), 1);
    const QString message = run.storeErrors.first();
    const qint64 reported = run.storeFailedAt - run.finishedAt.value(u"rr2"_s);
    row.reported = u"%1 after the result (bound %2)"_s.arg(seconds(reported), seconds(kBoundMs));
    row.message = u"`%1`"_s.arg(tidy(message));
    const QString rescue = QRegularExpression(u"kept in (\\S+\\.sqlite)"_s).match(message).captured(1);
    const auto rescued = storedRuns(rescue, u"corrupt"_s);
    const QList<Proc> agents = run.agents();
    run.exec.reset();
    const bool untouched = fileHash(db) == damaged;
    const QList<Proc> left = leftAfter(agents, kProcessesGoneMs);
    row.kept = u"the damaged file byte for byte as it was (%1); the new result kept in a file of its own (%2 "
               "finished run there)"_s
                   .arg(untouched ? u"same SHA-256"_s : u"**changed**"_s)
                   .arg(countStatus(rescued, wb::RunStatus::Finished));
    row.left = describeLeft(agents, left);

    QVERIFY2(message.contains(u"malformed"_s) || message.contains(u"damaged"_s), qPrintable(message));
    QVERIFY2(!message.contains(u"--to "_s + db), "the advice must not send the result back into the damaged file");
    QVERIFY2(reported >= 0 && reported < kBoundMs, qPrintable(row.reported));
    QVERIFY(untouched);
    QCOMPARE(countStatus(rescued, wb::RunStatus::Finished), 1);
    QVERIFY2(left.isEmpty(), qPrintable(row.left));
}

// 9. Connections that open the serving agent's port and never say a word.
void TstFaultTable::idleConnectionsAtListener()
{
    Row &row = begin(u"idle connections at the listener"_s,
                     u"5 TCP connections opened to the serving agent's test port as soon as it listens, then "
                     "silent; the real client connects after them"_s);
    constexpr int kBoundMs = 3000; // a 0.5 s test; the agent's token timeout is 2 s per connection
    std::vector<std::unique_ptr<wbtest::RawPeer>> idle;
    qint64 injectedAt = -1;
    PlanRun *self = nullptr;
    const auto tap = [&](const wb::PlanHost &host, wb::AgentTransport *t) -> wb::AgentTransport * {
        if (host.name != u"b"_s)
            return t;
        return new TappedTransport(t, [&](const QByteArray &line) {
            const QJsonObject m = QJsonDocument::fromJson(line).object();
            if (m.value(u"type"_s).toString() == u"listening"_s && idle.empty()) {
                for (int i = 0; i < 5; ++i) {
                    idle.push_back(std::make_unique<wbtest::RawPeer>());
                    idle.back()->connectTo(m.value(u"port"_s).toInt());
                }
                injectedAt = self->clock.elapsed();
            }
            return line;
        });
    };
    const QString db = databasePath(u"idle"_s);
    PlanRun run(plan(u"idle"_s, {{u"a"_s, localHost()}, {u"b"_s, localHost()}},
                     R"({"name":"rr","kind":"tcp_rr","client":"a","server":"b","duration_s":0.5})"),
                db, wb::LabAccess(), tap);
    self = &run;
    QVERIFY(run.start());
    QVERIFY2(run.waitStored(60000), qPrintable(run.log.join(u'\n')));
    QVERIFY(injectedAt >= 0);
    const wb::CaseResult *rr = run.result(u"rr"_s);
    QVERIFY(rr);
    const qint64 reported = run.finishedAt.value(u"rr"_s) - injectedAt;
    row.reported = u"the test's result %1 after they connected (bound %2; the test itself 0.5 s)"_s.arg(
        seconds(reported), seconds(kBoundMs));
    row.message = rr->status == u"finished"_s ? u"none: the test ran as if they were not there"_s
                                              : u"`%1`"_s.arg(tidy(rr->error));
    // Each idle connection was closed by the agent (EOF, not a timeout).
    int closedByAgent = 0;
    for (const auto &p : idle) {
        char c;
        closedByAgent += ::recv(p->fd(), &c, 1, MSG_DONTWAIT) == 0 ? 1 : 0;
    }
    const auto runs = storedRuns(db, u"idle"_s);
    const double tps = runs.value(0).record.metric(u"transactions_per_s"_s, u"client"_s).value_or(0);
    const QList<Proc> watched = run.agents();
    run.exec.reset();
    const QList<Proc> left = leftAfter(watched, kProcessesGoneMs);
    row.kept = u"the real test finished and stored (%1 run, %2 transactions/s); %3 of the 5 idle connections closed "
               "by the agent"_s
                   .arg(countStatus(runs, wb::RunStatus::Finished))
                   .arg(tps, 0, 'f', 0)
                   .arg(closedByAgent);
    row.left = describeLeft(watched, left);

    QCOMPARE(rr->status, u"finished"_s);
    QVERIFY2(reported < kBoundMs, qPrintable(row.reported));
    QCOMPARE(countStatus(runs, wb::RunStatus::Finished), 1);
    QVERIFY(tps > 0);
    QCOMPARE(closedByAgent, 5);
    QVERIFY2(left.isEmpty(), qPrintable(row.left));
}

// 10. A network that drops, copies and reorders the test's datagrams.
void TstFaultTable::duplicatedAndReorderedDatagrams()
{
    Row &row = begin(u"duplicated / reordered datagrams"_s,
                     u"a relay between the agents drops every 50th of 1000 UDP datagrams, sends every 10th twice and "
                     "holds every 7th back behind the next"_s);
    constexpr int kBoundMs = 5000; // 1000 datagrams at 5000/s: 0.2 s
    wbtest::UdpMangler relay;
    bool relayStarted = false;
    qint64 injectedAt = -1;
    PlanRun *self = nullptr;
    const auto tap = [&](const wb::PlanHost &host, wb::AgentTransport *t) -> wb::AgentTransport * {
        if (host.name != u"b"_s)
            return t;
        return new TappedTransport(t, [&](const QByteArray &line) {
            QJsonObject m = QJsonDocument::fromJson(line).object();
            if (m.value(u"type"_s).toString() != u"listening"_s || relayStarted)
                return line;
            // The client is sent to the relay instead of the serving agent.
            relayStarted = relay.start(m.value(u"port"_s).toInt());
            m.insert(u"port"_s, relay.port());
            injectedAt = self->clock.elapsed();
            return QJsonDocument(m).toJson(QJsonDocument::Compact);
        });
    };
    const QString db = databasePath(u"mangled"_s);
    PlanRun run(plan(u"mangled"_s, {{u"a"_s, localHost()}, {u"b"_s, localHost()}},
                     R"({"name":"udp","kind":"udp_stream","client":"a","server":"b","duration_s":10,
                         "params":{"messages":1000,"rate_pps":5000,"message_size_bytes":100,
                                   "recv_socket_bytes":4194304}})"),
                db, wb::LabAccess(), tap);
    QVERIFY2(run.planError.isEmpty(), qPrintable(run.planError));
    self = &run;
    QVERIFY(run.start());
    QVERIFY2(run.waitStored(60000), qPrintable(run.log.join(u'\n')));
    relay.finish();
    QVERIFY(relayStarted);
    const wb::CaseResult *udp = run.result(u"udp"_s);
    QVERIFY(udp);
    const qint64 reported = run.finishedAt.value(u"udp"_s) - injectedAt;
    row.reported = u"the result %1 after the stream began (bound %2)"_s.arg(seconds(reported), seconds(kBoundMs));
    const auto runs = storedRuns(db, u"mangled"_s);
    const wb::ResultRecord rec = runs.value(0).record;
    const double received = rec.metric(u"messages"_s, u"server"_s).value_or(-1);
    const double duplicates = rec.metric(u"duplicates"_s, u"server"_s).value_or(-1);
    const double reordered = rec.metric(u"reordered"_s, u"server"_s).value_or(-1);
    const double loss = rec.metric(u"loss_ratio"_s, u""_s).value_or(-1);
    row.message = udp->status == u"finished"_s
        ? u"none (a result): %1 received, %2 duplicates, %3 reordered, loss %4 %"_s.arg(received)
              .arg(duplicates)
              .arg(reordered)
              .arg(loss * 100, 0, 'f', 1)
        : u"`%1`"_s.arg(tidy(udp->error));
    const QList<Proc> watched = run.agents();
    run.exec.reset();
    const QList<Proc> left = leftAfter(watched, kProcessesGoneMs);
    row.kept = u"the stored run counts exactly what the relay did: %1 dropped = %2 lost, %3 copies = %4 duplicates, "
               "%5 held back = %6 reordered"_s.arg(relay.dropped)
                   .arg(qRound(loss * 1000))
                   .arg(relay.duplicated)
                   .arg(duplicates)
                   .arg(relay.reordered)
                   .arg(reordered);
    row.left = describeLeft(watched, left);

    QCOMPARE(udp->status, u"finished"_s);
    QVERIFY2(reported < kBoundMs, qPrintable(row.reported));
    QCOMPARE(countStatus(runs, wb::RunStatus::Finished), 1);
    QCOMPARE(rec.metric(u"messages"_s, u"client"_s).value_or(-1), 1000.0);
    QVERIFY(relay.dropped == 20 && relay.duplicated > 50 && relay.reordered > 100);
    QCOMPARE(received, 1000.0 - relay.dropped);
    QCOMPARE(duplicates, double(relay.duplicated));
    QCOMPARE(reordered, double(relay.reordered));
    QCOMPARE(loss, relay.dropped / 1000.0);
    QVERIFY2(left.isEmpty(), qPrintable(row.left));
}

int main(int argc, char *argv[])
{
    // The second process of databaseLocked().
    if (argc == 3 && qstrcmp(argv[1], "--hold-write-lock") == 0)
        return holdWriteLock(argv[2]);
    QCoreApplication app(argc, argv);
    TstFaultTable tc;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&tc, argc, argv);
}

#include "tst_faulttable.moc"
