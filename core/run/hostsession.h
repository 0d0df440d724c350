// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// One plan host's agent, shared by every test of a plan that runs on it: it
// connects once, keeps the agent's heartbeat watchdog fed, routes each reply
// to the handler of the request it answers, and reports the host lost when
// the transport fails or the agent stays silent past the liveness timeout.

#include "plan.h"
#include "protocol/agentmessages.h"
#include "remote/agentclient.h"

#include <QElapsedTimer>
#include <QHash>
#include <QObject>
#include <QTimer>

#include <functional>

namespace wb {

class HostSession : public QObject
{
    Q_OBJECT
public:
    using ReplyHandler = std::function<void(const AgentMessage &message)>;

    // Takes ownership of the transport.
    HostSession(const PlanHost &host, AgentTransport *transport, QObject *parent = nullptr);
    ~HostSession() override;

    const PlanHost &host() const { return m_host; }
    bool isReady() const { return m_client->isReady(); }
    bool isLost() const { return m_lost; }
    QString lostReason() const { return m_lostReason; }
    const HelloInfo &hello() const { return m_client->hello(); }
    bool hasCapability(const QString &type) const;

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
    void lost(const QString &reason);
    void logged(const QString &severity, const QString &text);

private:
    void handleReply(const AgentMessage &message);
    void handleLost(const QString &reason);
    void sendHeartbeat();

    PlanHost m_host;
    AgentClient *m_client;
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
