// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// One plan host's agent, shared by every test of a plan that runs on it: it
// connects once (waiting its turn at the connection gate, and retrying a
// transient failure with backoff, see ConnectRetry), keeps the agent's
// heartbeat watchdog fed, routes each reply to the handler of the request it
// answers, and reports the host lost when connecting failed for good, the
// transport fails or the agent stays silent past the liveness timeout.

#include "connectgate.h"
#include "connectretry.h"
#include "plan.h"
#include "protocol/agentmessages.h"
#include "remote/agentclient.h"

#include <QElapsedTimer>
#include <QHash>
#include <QObject>
#include <QPointer>
#include <QTimer>

#include <functional>

namespace wb {

class HostSession : public QObject
{
    Q_OBJECT
public:
    using ReplyHandler = std::function<void(const AgentMessage &message)>;

    // Makes a fresh transport for each connection attempt; the session owns
    // what it returns. nullptr: no transport can be made (the host is lost).
    using TransportFactory = std::function<AgentTransport *()>;

    HostSession(const PlanHost &host, TransportFactory factory, QObject *parent = nullptr);
    // One attempt over this transport, no retry (it cannot be made again).
    HostSession(const PlanHost &host, AgentTransport *transport, QObject *parent = nullptr);
    ~HostSession() override;

    const PlanHost &host() const { return m_host; }
    bool isReady() const { return m_client && m_client->isReady(); }
    bool isLost() const { return m_lost; }
    // Queued at the gate, attempting, or waiting to retry.
    bool isConnecting() const { return m_started && !m_lost && !isReady(); }
    int attempts() const { return m_attempts; }
    QString lostReason() const { return m_lostReason; }
    const HelloInfo &hello() const;
    bool hasCapability(const QString &type) const;

    // Both before ensureConnected(); the gate must outlive the attempts
    // (a session forgets a gate that is destroyed).
    void setRetryPolicy(const ConnectRetry &policy) { m_retry = policy; }
    void setConnectGate(ConnectGate *gate) { m_gate = gate; }
    // How long each attempt's hello may take (AgentClient's default if 0).
    void setHandshakeTimeout(int ms) { m_handshakeMs = ms; }
    // Only tests pin the jitter (a value in [0, 1)); below 0 it is random.
    void setJitterUnit(double unit) { m_jitterUnit = unit; }

    // Connects if not yet connected; ready() or lost() follows.
    void ensureConnected();
    void close();

    // Sends a request; the handler sees every message with its id until
    // forget() or a final message (result, error, or a type in finalTypes).
    qint64 request(const QString &type, const QJsonObject &fields, ReplyHandler handler);
    qint64 sendMessage(const AgentMessage &unsent, ReplyHandler handler);
    // A typed request (core/protocol/agentmessages.h): its id is assigned here.
    template <typename Request>
    qint64 send(const Request &request, ReplyHandler handler)
    {
        return sendMessage(request.toMessage(0), std::move(handler));
    }
    void forget(qint64 id);

    // How long the agent may stay silent while requests are open (the
    // agent answers heartbeats every couple of seconds).
    void setLivenessTimeout(int ms) { m_livenessMs = ms; }
    // Time since the agent last said anything (0 before the handshake).
    qint64 silentForMs() const { return m_lastHeard.isValid() ? m_lastHeard.elapsed() : 0; }
    // Silent for longer than two heartbeats and a margin: a test that fails
    // now may have failed because of this host, whichever end reported it.
    bool isSilent() const;

signals:
    void ready();
    // A transient failure; attempt `attempt + 1` follows after delayMs.
    void retrying(int attempt, int delayMs, const QString &reason);
    void lost(const QString &reason);
    void logged(const QString &severity, const QString &text);

private:
    void requestAttempt();
    void beginAttempt();
    void attachClient(AgentTransport *transport);
    void dropClient();
    void handleConnectFailure(const QString &reason);
    void releaseGate();
    void handleReply(const AgentMessage &message);
    void handleLost(const QString &reason);
    void sendHeartbeat();

    PlanHost m_host;
    TransportFactory m_factory;
    AgentClient *m_client = nullptr;
    QPointer<ConnectGate> m_gate;
    ConnectRetry m_retry;
    QTimer m_retryTimer;
    double m_jitterUnit = -1;
    int m_handshakeMs = 0;
    int m_attempts = 0;
    int m_waitedMs = 0;
    bool m_oneTransport = false; // made over one given transport: nothing to retry with
    bool m_attempting = false; // an attempt is under way (not yet ready or failed)
    QHash<qint64, ReplyHandler> m_handlers;
    QTimer m_heartbeat;
    QTimer m_liveness;
    QElapsedTimer m_lastHeard;
    // The transport's last warning: why the connection closed, if it said.
    QString m_lastTransientError;
    int m_livenessMs = 15000;
    bool m_started = false;
    bool m_lost = false;
    QString m_lostReason;
};

} // namespace wb
