// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The application-level liveness check of one agent: once the handshake is
// done it pings at a fixed interval, and when nothing at all has come back
// for `timeout` it reports the host lost and closes the client. TCP
// keepalives see a dead link; only this sees a host whose link is fine but
// whose sshd or agent is stopped (SIGSTOP, a hung kernel, a full disk).
// Its pongs reach AgentClient::replyReceived like any reply: callers route
// by the ids they sent and ignore the rest.

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

namespace wb {

class AgentClient;

class AgentHeartbeat : public QObject
{
    Q_OBJECT
public:
    AgentHeartbeat(AgentClient *client, int intervalMs, int timeoutMs, QObject *parent = nullptr);

    int intervalMs() const { return m_timer.interval(); }
    int timeoutMs() const { return m_timeoutMs; }

signals:
    void hostLost(const QString &message);

private:
    void handleReady();
    void handleTick();
    void handleTraffic();

    AgentClient *m_client;
    QTimer m_timer;
    QElapsedTimer m_sinceHeard;
    QElapsedTimer m_sincePing;
    int m_pingEveryMs = 0;
    int m_timeoutMs;
};

} // namespace wb
