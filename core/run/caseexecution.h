// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// One test case from connecting to its last repetition: both ends'
// environment before and after, serve and run on the two agents (and the
// monitor on a device under test), repetitions until the confidence rule
// holds or the zero-loss search ends. Lives on the orchestrator's thread;
// every wait is bounded by a timer. The orchestrator schedules these; it
// alone creates them.

#include "caseresult.h"
#include "framepath.h"
#include "plan.h"
#include "result/resultrecord.h"
#include "rfc2544trials.h"

#include <QElapsedTimer>
#include <QJsonObject>
#include <QList>
#include <QObject>
#include <QString>
#include <QTimer>

#include <optional>

namespace wb {

class HostSession;
class Orchestrator;
struct AgentMessage;

class CaseExecution : public QObject
{
    Q_OBJECT
public:
    CaseExecution(Orchestrator *owner, TestCase testCase, HostSession *client, HostSession *server, HostSession *dut);
    const TestCase &testCase() const { return m_m.testCase; }

    // Share of this case done, for progress and time-left estimates.
    double fraction() const;
    // A resumed case: the repetitions an earlier session stored, which count
    // for the repetition rule and the summary; only the missing ones run.
    // Before start(). Not for a zero-loss search, which always runs whole.
    void setKeptIterations(const QList<ResultRecord> &kept);
    void start();
    void cancel();

private:
    enum class Phase { Connecting, EnvBefore, Serving, Running, EnvAfter, Done };
    void log(const QString &severity, const QString &host, const QString &text);
    void resolveServerAddress();
    void handleSessionReady();
    void captureEnvironment(bool before);
    void environmentCaptured(bool before);
    // A server NIC named without an address: test over that NIC's own
    // address, as its agent reported it, rather than the host's.
    // Empty, or why the case cannot run on these agents and NICs.
    QString useNicAddress();
    // The family of the data addresses: the server's address when known,
    // else what the plan asks, else what the server's NIC has (IPv4 first,
    // as its agent picks).
    int dataIpVersion() const;
    // The case's data path: each end's NIC as its agent reports it now and
    // as the inventory records it.
    FramePath dataPath() const;
    // An RFC 2544 frame size the NICs on the path cannot carry; empty when it fits.
    QString frameSizeProblem() const;
    // A datagram kind whose datagrams the path fragments: a warning of the
    // run (stored with it) and of the log.
    void warnOfFragmentation();
    void checkEnvironmentChanges();
    QString agentKind() const;
    QJsonObject paramsFor(const Endpoint &e) const;
    void beginIteration();
    void handleServerMessage(const AgentMessage &m);
    void startRun(int port);
    // The device under test samples its CPU and NIC counters while the
    // generator's traffic crosses it.
    void startMonitor();
    void handleClientMessage(const AgentMessage &m);
    void forwardSample(const AgentMessage &m, const QString &defaultSide);
    // A long test's samples come ahead of its result in bounded "samples"
    // messages (docs/agent-protocol.md); they are kept until the result.
    void collectSamples(const AgentMessage &m, QList<Sample> *into, const QString &host);
    bool parseRecord(const AgentMessage &m, ResultRecord *out, const QString &host, const QList<Sample> &samples);
    void failFromError(const AgentMessage &m, const QString &host);
    void maybeFinishIteration();
    // What the device under test reported: its CPU while forwarding, and
    // the packets it sent on through its egress NIC per second.
    void addDutFigures(ResultRecord &merged);
    void handleTimeout();
    void complete(const QString &status, const QString &error);
    Orchestrator *m_owner;
    HostSession *m_client;
    HostSession *m_server;
    HostSession *m_dut; // forwarding tests only
    CaseResult m_m;
    Phase m_phase = Phase::Connecting;
    QTimer m_timer;
    QElapsedTimer m_iterationClock;
    QString m_serverAddress;
    bool m_serverByNic = false; // the server's agent takes its NIC's address itself
    QString m_token;
    qint64 m_serveId = -1;
    qint64 m_runId = -1;
    bool m_clientDone = false;
    bool m_serverDone = false;
    bool m_dutDone = true;
    qint64 m_monitorId = -1;
    bool m_cancelRequested = false;
    // An end's "peer_lost", held for kPeerLostGraceMs while the cause (the
    // other host's lost session) may still come.
    QString m_peerLostWitness;
    static constexpr int kPeerLostGraceMs = 2000;
    int m_envPending = 0;
    ResultRecord m_clientRecord;
    ResultRecord m_serverRecord;
    ResultRecord m_dutRecord;
    QList<Sample> m_clientSamples;
    QList<Sample> m_serverSamples;
    QList<Sample> m_dutSamples;
    std::optional<Rfc2544Trials> m_rfc;
};

} // namespace wb
