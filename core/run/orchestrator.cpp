// SPDX-License-Identifier: GPL-3.0-or-later
#include "orchestrator.h"

#include "caseexecution.h"
#include "connectgate.h"
#include "hostsession.h"
#include "labtransport.h"

#include <QPointer>
#include <QTimer>

#include <algorithm>
#include <functional>

using namespace Qt::StringLiterals;

namespace wb {

Orchestrator::Orchestrator(Plan plan, TransportFactory factory, QObject *parent)
    : QObject(parent), m_plan(std::move(plan)), m_factory(std::move(factory)), m_gate(new ConnectGate(ConnectGate::kDefaultLimit, this))
{
}

Orchestrator::~Orchestrator()
{
    for (HostSession *s : std::as_const(m_sessions))
        s->close();
    for (HostSession *s : std::as_const(m_retired))
        s->close();
}

void Orchestrator::setMaxConnecting(int n)
{
    m_gate->setLimit(n);
}

Orchestrator::TransportFactory Orchestrator::localFactory()
{
    // SSH hosts still work when their keys are known; nothing is asked.
    SshOptions options;
    options.wirebenchKnownHostsFile = SshOptions::defaultWirebenchKnownHostsFile();
    return labFactory(options, nullptr, nullptr);
}

Orchestrator::TransportFactory Orchestrator::labFactory(const SshOptions &options, HostKeyPolicy *policy,
                                                       CredentialProvider *credentials, SecretStore *secrets)
{
    LabAccess access;
    access.ssh = options;
    access.hostKeys = policy;
    access.credentials = credentials;
    access.secrets = secrets;
    return [access](const PlanHost &host) { return openLabTransport(probeTargetOf(host), access); };
}

HostSession *Orchestrator::session(const QString &hostName)
{
    if (HostSession *s = m_sessions.value(hostName)) {
        // A lost session that has a cycle left is replaced, also before its
        // lost() has been delivered (its open requests fail first).
        if (!s->isLost() || m_cycles.value(hostName) >= kConnectCyclesPerHost)
            return s;
        m_sessions.remove(hostName);
        m_retired.append(s);
    }
    const PlanHost *host = m_plan.host(hostName);
    Q_ASSERT(host);
    const int cycle = ++m_cycles[hostName];
    auto *s = new HostSession(*host, [this, host = *host]() { return m_factory(host); }, this);
    s->setLivenessTimeout(m_livenessMs);
    s->setRetryPolicy(m_retry);
    s->setConnectGate(m_gate);
    connect(s, &HostSession::logged, this,
            [this, hostName](const QString &severity, const QString &text) { emit logged(severity, hostName, text); });
    connect(s, &HostSession::lost, this,
            [this, hostName, s, cycle](const QString &why) { handleSessionLost(hostName, s, cycle, why); });
    m_sessions.insert(hostName, s);
    return s;
}

void Orchestrator::handleSessionLost(const QString &hostName, HostSession *s, int cycle, const QString &why)
{
    // The cases that were waiting for this session fail through their own
    // connection to lost(); this decides what the others do.
    if (cycle < kConnectCyclesPerHost) {
        if (m_sessions.value(hostName) == s) {
            m_sessions.remove(hostName);
            m_retired.append(s);
        }
        // A host that is rebooting or was slow once deserves another try,
        // not 250 failed cases; the next case that needs it connects afresh.
        emit logged(u"warning"_s, hostName,
                    u"%1 is given up for now; the next case that needs it connects again"_s.arg(hostName));
        QTimer::singleShot(0, this, [this] {
            schedule();
            finishIfDone();
        });
        return;
    }
    // The last cycle failed too: every case still waiting for this host
    // fails now, with the reason (a later one finds the session lost and
    // fails at once); the other hosts' cases go on.
    for (qsizetype i = m_pending.size() - 1; i >= 0; --i) {
        const TestCase &c = m_pending[i];
        if (c.client.host != hostName && c.server.host != hostName && (!c.dut || c.dut->host != hostName))
            continue;
        CaseResult m;
        m.testCase = m_pending.takeAt(i);
        m.iterations = m_kept.value(m.testCase.key); // still kept: they stay stored as they were
        m.keptIterations = int(m.iterations.size());
        m.status = u"failed"_s;
        m.error = why;
        m.started = m.finished = QDateTime::currentDateTimeUtc();
        ++m_failed;
        ++m_done;
        emit caseFinished(m);
    }
    emitProgress();
    QTimer::singleShot(0, this, [this] { finishIfDone(); });
}

QStringList Orchestrator::resourcesOf(const TestCase &c) const
{
    // A NIC is host/nic; a test without a NIC holds the whole host's network.
    auto res = [](const Endpoint &e) { return e.host + u'/' + (e.nic.isEmpty() ? u"*"_s : e.nic); };
    QStringList r{res(c.client), res(c.server)};
    if (c.dut)
        r << c.dut->host + u"/*"_s; // the whole device under test
    return r;
}

bool Orchestrator::resourcesFree(const TestCase &c) const
{
    if (c.allowSharedNic)
        return true;
    for (const QString &r : resourcesOf(c)) {
        const QString host = r.section(u'/', 0, 0);
        const QString nic = r.section(u'/', 1);
        for (auto it = m_busy.begin(); it != m_busy.end(); ++it) {
            if (it.value() <= 0)
                continue;
            const QString bh = it.key().section(u'/', 0, 0);
            const QString bn = it.key().section(u'/', 1);
            if (bh == host && (bn == nic || bn == u"*"_s || nic == u"*"_s))
                return false;
        }
    }
    return true;
}

void Orchestrator::start()
{
    if (m_running)
        return;
    m_running = true;
    m_cancelling = false;
    m_clock.start();
    m_pending.clear();
    for (const TestCase &c : std::as_const(m_plan.cases))
        if (!m_skipped.contains(c.key))
            m_pending.append(c);
    m_total = int(m_pending.size());
    m_done = m_finished = m_failed = m_cancelledCount = 0;
    int continued = 0, kept = 0;
    for (const TestCase &c : std::as_const(m_pending)) {
        if (const qsizetype n = m_kept.value(c.key).size(); n > 0) {
            ++continued;
            kept += int(n);
        }
    }
    if (m_total < m_plan.cases.size() || continued > 0) {
        QString text = u"resuming: %1 of %2 cases already finished"_s.arg(m_plan.cases.size() - m_total)
                           .arg(m_plan.cases.size());
        if (continued > 0)
            text += u"; %1 %2 only the missing repetitions (%3 kept)"_s.arg(continued)
                        .arg(continued == 1 ? u"case runs"_s : u"cases run"_s)
                        .arg(kept);
        emit logged(u"info"_s, QString(), text);
    }
    emit planStarted(m_total);
    emitProgress();
    QTimer::singleShot(0, this, [this] {
        schedule();
        finishIfDone();
    });
}

void Orchestrator::cancel()
{
    if (!m_running || m_cancelling)
        return;
    m_cancelling = true;
    emit logged(u"warning"_s, QString(), u"cancelling the plan"_s);
    // Cases that never started leave nothing behind; a resume runs them.
    m_cancelledCount += int(m_pending.size());
    m_done += int(m_pending.size());
    m_pending.clear();
    const auto active = m_active;
    for (CaseExecution *run : active)
        run->cancel();
    QTimer::singleShot(0, this, [this] { finishIfDone(); });
}

void Orchestrator::schedule()
{
    if (m_cancelling || m_pending.isEmpty() || m_active.size() >= m_maxParallel)
        return;
    // Most work first: of the tests whose ends are free, those whose hosts
    // have the most tests still waiting start first (plan order among
    // equals). In plan order a host with many tests left would run them one
    // after another at the end: the last host of a full pair matrix held
    // its N-1 tests as a serial tail while the other slots stood empty
    // (docs/perf/manyhosts.md).
    QHash<QString, int> waiting;
    for (const TestCase &c : std::as_const(m_pending)) {
        ++waiting[c.client.host];
        if (c.server.host != c.client.host)
            ++waiting[c.server.host];
    }
    QList<int> score(m_pending.size());
    QList<qsizetype> order(m_pending.size());
    for (qsizetype i = 0; i < m_pending.size(); ++i) {
        const TestCase &c = m_pending.at(i);
        score[i] = waiting.value(c.client.host) + (c.server.host != c.client.host ? waiting.value(c.server.host) : 0);
        order[i] = i;
    }
    if (m_maxParallel > 1) // one at a time gains nothing from another order: plan order
        std::stable_sort(order.begin(), order.end(), [&](qsizetype a, qsizetype b) { return score[a] > score[b]; });
    QList<qsizetype> chosen;
    for (const qsizetype i : std::as_const(order)) {
        if (m_active.size() + chosen.size() >= m_maxParallel)
            break;
        const TestCase &c = m_pending.at(i);
        if (!resourcesFree(c))
            continue;
        for (const QString &r : resourcesOf(c))
            ++m_busy[r]; // held from now, so the next candidates see it
        chosen.append(i);
    }
    QList<TestCase> starting;
    for (const qsizetype i : std::as_const(chosen))
        starting.append(m_pending.at(i));
    std::sort(chosen.begin(), chosen.end(), std::greater<>());
    for (const qsizetype i : std::as_const(chosen))
        m_pending.removeAt(i);
    // All of them are active before the first starts: one that ends at
    // once (its host lost) schedules again from a true count.
    QList<CaseExecution *> runs;
    for (const TestCase &c : std::as_const(starting)) {
        HostSession *client = session(c.client.host);
        HostSession *server = session(c.server.host);
        HostSession *dut = c.dut ? session(c.dut->host) : nullptr;
        auto *run = new CaseExecution(this, c, client, server, dut);
        run->setKeptIterations(m_kept.value(c.key));
        m_active.append(run);
        runs.append(run);
    }
    for (CaseExecution *run : std::as_const(runs))
        run->start();
}

void Orchestrator::handleCaseDone(CaseExecution *run, const CaseResult &m)
{
    m_active.removeOne(run);
    for (const QString &r : resourcesOf(run->testCase()))
        if (--m_busy[r] <= 0)
            m_busy.remove(r); // resourcesFree() looks through what is held
    run->deleteLater();
    ++m_done;
    if (m.status == u"finished"_s)
        ++m_finished;
    else if (m.status == u"cancelled"_s)
        ++m_cancelledCount;
    else
        ++m_failed;
    if (m.status == u"failed"_s)
        emit logged(u"error"_s, m.testCase.client.host, u"%1 failed: %2"_s.arg(m.testCase.name, m.error));
    emit caseFinished(m);
    emitProgress();
    schedule();
    finishIfDone();
}

void Orchestrator::emitProgress()
{
    double left = 0;
    for (const TestCase &c : std::as_const(m_pending))
        left += (c.durationS + 0.5) * std::max(1, c.repetitions.minIterations - int(m_kept.value(c.key).size()));
    for (CaseExecution *run : std::as_const(m_active)) {
        const TestCase &c = run->testCase();
        const double f = run->fraction();
        left += (1 - f) * (c.durationS + 0.5) * std::max(1, c.repetitions.minIterations);
    }
    const int parallel = std::max<int>(1, std::min<int>(m_maxParallel, int(m_active.size()) + 1));
    emit progressChanged(m_done, m_total, left / parallel);
}

void Orchestrator::finishIfDone()
{
    if (!m_running || !m_active.isEmpty() || !m_pending.isEmpty())
        return;
    m_running = false;
    for (HostSession *s : std::as_const(m_sessions))
        s->close();
    for (HostSession *s : std::as_const(m_retired))
        s->close();
    emit logged(u"info"_s, QString(),
                u"plan finished: %1 finished, %2 failed, %3 cancelled in %4 s"_s.arg(m_finished)
                    .arg(m_failed)
                    .arg(m_cancelledCount)
                    .arg(m_clock.elapsed() / 1000.0, 0, 'f', 1));
    emit planFinished(m_finished, m_failed, m_cancelledCount);
}

} // namespace wb

