// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Runs a plan's test cases on the lab: one agent session per host, reused
// for the whole plan; independent host pairs concurrently while no NIC is in
// two tests at once (unless a case allows it); each case repeated until its
// confidence rule is met; both ends' environment captured before and after.
// Every finished measurement is handed out as it finishes, so a crash or a
// lost host never loses what already finished, and a resumed plan skips it
// (or, for a case cut between repetitions, runs only the missing ones).
// Hosts are connected a few at a time (the connection gate), a transient
// connection failure is retried with backoff (ConnectRetry), and a host
// given up fails only the cases waiting for it: the next case that needs it
// connects afresh once, after which its remaining cases fail with the reason.

#include "caseresult.h"
#include "connectretry.h"
#include "plan.h"
#include "config/sshoptions.h"

#include <QElapsedTimer>
#include <QHash>
#include <QObject>
#include <QSet>

#include <functional>

namespace wb {

class AgentTransport;
class ConnectGate;
class CredentialProvider;
class HostKeyPolicy;
class HostSession;
class CaseExecution;
class SecretStore;

class Orchestrator : public QObject
{
    Q_OBJECT
public:
    // Makes the transport to a plan host's agent (local process or SSH).
    using TransportFactory = std::function<AgentTransport *(const PlanHost &host)>;

    Orchestrator(Plan plan, TransportFactory factory, QObject *parent = nullptr);
    ~Orchestrator() override;

    const Plan &plan() const { return m_plan; }
    // Resume: the keys of cases that are done (they do not run), and the
    // repetitions already stored of cases that are not (they run only the
    // missing ones; see CaseExecution::setKeptIterations).
    void setSkippedKeys(const QSet<QString> &keys) { m_skipped = keys; }
    void setKeptIterations(const QHash<QString, QList<ResultRecord>> &kept) { m_kept = kept; }
    void setMaxParallel(int n) { m_maxParallel = std::max(1, n); }
    void setLivenessTimeout(int ms) { m_livenessMs = ms; }
    // How many hosts may be connecting at once (ConnectGate::kDefaultLimit).
    void setMaxConnecting(int n);
    void setConnectRetry(const ConnectRetry &policy) { m_retry = policy; }
    // Connection cycles (each with its retries) a host gets in one plan.
    static constexpr int kConnectCyclesPerHost = 2;

    void start();
    void cancel();
    bool isRunning() const { return m_running; }

    // Local agents for "local" hosts; SSH hosts only with known host keys
    // and without passphrases (nothing is asked).
    static TransportFactory localFactory();
    // Local agents for "local" hosts and SSH (deploying the agent) for "ssh"
    // hosts; the policy and provider answer host-key, passphrase and
    // password questions, the secret store (if any) keeps the passwords the
    // user chose to remember; all must outlive the orchestrator.
    static TransportFactory labFactory(const SshOptions &options, HostKeyPolicy *policy,
                                       CredentialProvider *credentials, SecretStore *secrets = nullptr);

signals:
    void planStarted(int cases);
    void caseStarted(const wb::TestCase &testCase, int iteration);
    void sampleReceived(const QString &caseKey, const wb::Sample &sample);
    void caseFinished(const wb::CaseResult &measurement);
    // done and total count cases; secondsLeft is an estimate.
    void progressChanged(int done, int total, double secondsLeft);
    void logged(const QString &severity, const QString &host, const QString &text);
    void planFinished(int finished, int failed, int cancelled);

private:
    friend class CaseExecution;
    HostSession *session(const QString &hostName);
    void handleSessionLost(const QString &hostName, HostSession *s, int cycle, const QString &why);
    void schedule();
    bool resourcesFree(const TestCase &c) const;
    QStringList resourcesOf(const TestCase &c) const;
    void handleCaseDone(CaseExecution *run, const CaseResult &m);
    void finishIfDone();
    void emitProgress();

    Plan m_plan;
    TransportFactory m_factory;
    QSet<QString> m_skipped;
    QHash<QString, QList<ResultRecord>> m_kept;
    QList<TestCase> m_pending;
    QList<CaseExecution *> m_active;
    QHash<QString, HostSession *> m_sessions;
    QList<HostSession *> m_retired;  // given up; kept until the plan ends (cases may still point at them)
    QHash<QString, int> m_cycles;    // host -> connection cycles started
    ConnectGate *m_gate;
    ConnectRetry m_retry;
    QHash<QString, int> m_busy; // resource -> tests holding it
    int m_maxParallel = 8;
    int m_livenessMs = 12000;
    int m_total = 0;
    int m_done = 0;
    int m_finished = 0;
    int m_failed = 0;
    int m_cancelledCount = 0;
    bool m_running = false;
    bool m_cancelling = false;
    QElapsedTimer m_clock;
};

} // namespace wb
