// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The controller's conversation with one agent over any AgentTransport: it
// completes the hello handshake (a protocol mismatch is a persistent error
// naming both versions, no answer in time a transient one), numbers requests, and routes every reply by id.

#include "agenttransport.h"
#include "protocol/agentmessage.h"

#include <QObject>
#include <QTimer>

namespace wb {

class AgentClient : public QObject
{
    Q_OBJECT
public:
    // Takes ownership of the transport.
    explicit AgentClient(AgentTransport *transport, QObject *parent = nullptr);

    AgentTransport *transport() const { return m_transport; }
    // The protocol this controller asks for; only tests change it.
    void setRequestedProtocol(int protocol) { m_requestedProtocol = protocol; }
    void setHandshakeTimeout(int ms) { m_handshakeTimer.setInterval(ms); }

    void start();
    void stop();
    bool isReady() const { return m_ready; }
    const HelloInfo &hello() const { return m_hello; }

    // Sends a request and returns its id, or -1 when the agent is not ready.
    qint64 sendRequest(const QString &type, const QJsonObject &fields = {});

signals:
    void ready(const wb::HelloInfo &hello);
    // Every message that answers a request (interim samples, results, errors).
    void replyReceived(const wb::AgentMessage &message);
    // Messages with no request id (heartbeats, notices).
    void unsolicitedReceived(const wb::AgentMessage &message);
    void transientError(const QString &message);
    void persistentError(const QString &message);
    void closed();

private:
    void handleOpened();
    void handleLine(const QByteArray &line);
    void handleHandshakeReply(const AgentMessage &message);
    void failPersistent(const QString &message);

    AgentTransport *m_transport;
    QTimer m_handshakeTimer;
    int m_requestedProtocol = kAgentProtocolVersion;
    qint64 m_nextId = 1;
    qint64 m_helloId = -1;
    bool m_ready = false;
    bool m_failed = false;
    HelloInfo m_hello;
};

} // namespace wb
