// SPDX-License-Identifier: GPL-3.0-or-later
#include "agentclient.h"

#include "protocol/agentmessages.h"

#include <QJsonArray>
#include <QJsonObject>

using namespace Qt::StringLiterals;

namespace wb {

AgentClient::AgentClient(AgentTransport *transport, QObject *parent)
    : QObject(parent), m_transport(transport)
{
    m_transport->setParent(this);
    m_handshakeTimer.setSingleShot(true);
    m_handshakeTimer.setInterval(10000);
    connect(&m_handshakeTimer, &QTimer::timeout, this, [this] {
        // A loaded controller or host can be this slow and answer the next
        // time: transient, so the caller may retry.
        if (m_failed)
            return;
        m_failed = true;
        emit transientError(u"%1: the agent did not answer the hello handshake within %2 s"_s
                                .arg(m_transport->peerName())
                                .arg(m_handshakeTimer.interval() / 1000.0));
        m_transport->close();
    });
    connect(m_transport, &AgentTransport::opened, this, &AgentClient::handleOpened);
    connect(m_transport, &AgentTransport::lineReceived, this, &AgentClient::handleLine);
    connect(m_transport, &AgentTransport::transientError, this, &AgentClient::transientError);
    connect(m_transport, &AgentTransport::persistentError, this, &AgentClient::failPersistent);
    connect(m_transport, &AgentTransport::closed, this, [this] {
        m_handshakeTimer.stop();
        m_ready = false;
        emit closed();
    });
}

void AgentClient::start()
{
    m_ready = false;
    m_failed = false;
    m_transport->open();
}

void AgentClient::stop()
{
    m_handshakeTimer.stop();
    m_transport->close();
}

qint64 AgentClient::sendRequest(const QString &type, const QJsonObject &fields)
{
    if (!m_ready)
        return -1;
    const qint64 id = m_nextId++;
    m_transport->writeLine(AgentMessage::request(type, id, fields).encode());
    return id;
}

void AgentClient::handleOpened()
{
    m_helloId = m_nextId++;
    QJsonObject fields;
    fields.insert(u"protocol"_s, m_requestedProtocol);
    fields.insert(u"controller_version"_s, QStringLiteral(WIREBENCH_VERSION));
    // A result's samples may come in "samples" messages ahead of it (the
    // orchestrator collects them); an agent that has not heard this puts
    // them in the record, as agents always did.
    fields.insert(u"capabilities"_s, QJsonArray{msg::kSamples});
    m_transport->writeLine(AgentMessage::request(msg::kHello, m_helloId, fields).encode());
    m_handshakeTimer.start();
}

void AgentClient::handleLine(const QByteArray &line)
{
    if (line.trimmed().isEmpty())
        return;
    QString error;
    auto message = AgentMessage::decode(line, &error);
    if (!message) {
        if (!m_ready) {
            failPersistent(u"%1: the agent answered something that is not the Wirebench protocol (%2): %3"_s
                               .arg(m_transport->peerName(), error, QString::fromUtf8(line.left(120))));
            return;
        }
        // Dropping it would leave whatever it answered waiting for a
        // timeout; the conversation can no longer be trusted, so it ends
        // here, saying which host sent what (bytes that are not printable
        // ASCII shown as \xNN, so invalid UTF-8 is visible as such).
        QString shown;
        for (const char c : line.left(200)) {
            const auto b = static_cast<unsigned char>(c);
            if (b == '\n' || b == '\r')
                continue;
            shown += b >= 0x20 && b < 0x7f ? QString(QLatin1Char(c)) : u"\\x%1"_s.arg(uint(b), 2, 16, QLatin1Char('0'));
        }
        if (line.size() > 200)
            shown += u"..."_s;
        failPersistent(u"%1: protocol error: the agent sent a line that cannot be decoded (%2): %3"_s
                           .arg(m_transport->peerName(), error, shown));
        return;
    }
    if (!m_ready) {
        if (message->id && *message->id == m_helloId)
            handleHandshakeReply(*message);
        else if (!message->id)
            emit unsolicitedReceived(*message);
        return;
    }
    if (message->id)
        emit replyReceived(*message);
    else
        emit unsolicitedReceived(*message);
}

void AgentClient::handleHandshakeReply(const AgentMessage &message)
{
    m_handshakeTimer.stop();
    if (auto err = AgentError::fromMessage(message)) {
        if (err->code == u"protocol_mismatch"_s) {
            failPersistent(u"%1: protocol mismatch: this Wirebench (version %2) speaks agent protocol %3, "
                           "the agent (version %4) speaks protocol %5. Deploy the matching agent."_s
                               .arg(m_transport->peerName(), QStringLiteral(WIREBENCH_VERSION))
                               .arg(m_requestedProtocol)
                               .arg(message.body.value(u"agent_version"_s).toString(u"unknown"_s))
                               .arg(message.body.value(u"agent_protocol"_s).toInt()));
        } else {
            failPersistent(u"%1: the agent refused the handshake: %2 (%3)"_s.arg(m_transport->peerName(),
                                                                                   err->message, err->code));
        }
        return;
    }
    QString error;
    auto hello = HelloInfo::fromMessage(message, &error);
    if (!hello) {
        failPersistent(u"%1: bad handshake reply: %2"_s.arg(m_transport->peerName(), error));
        return;
    }
    if (hello->protocol != m_requestedProtocol) {
        failPersistent(u"%1: protocol mismatch: this Wirebench (version %2) speaks agent protocol %3, "
                       "the agent (version %4) speaks protocol %5. Deploy the matching agent."_s
                           .arg(m_transport->peerName(), QStringLiteral(WIREBENCH_VERSION))
                           .arg(m_requestedProtocol)
                           .arg(hello->agentVersion)
                           .arg(hello->protocol));
        return;
    }
    m_hello = *hello;
    m_ready = true;
    emit ready(m_hello);
}

void AgentClient::failPersistent(const QString &message)
{
    if (m_failed)
        return;
    m_failed = true;
    m_handshakeTimer.stop();
    m_ready = false;
    emit persistentError(message);
    m_transport->close();
}

} // namespace wb
