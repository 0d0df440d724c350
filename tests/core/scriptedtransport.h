// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// An in-memory AgentTransport whose connection attempts go as a test says:
// refused (a transient error), refused for good (a persistent one), silent
// (open, the hello never answered) or answered (a well-formed hello reply).
// A factory hands out one transport per attempt and counts them, so the
// retry policy of whoever connects is visible from outside.

#include "protocol/agentmessage.h"
#include "protocol/protocolversion.h"
#include "remote/agenttransport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QList>
#include <QTimer>

#include <functional>
#include <memory>

namespace wbtest {

enum class Attempt { Refused, Denied, Silent, Answered };

class ScriptedTransport : public wb::AgentTransport
{
public:
    ScriptedTransport(QString peer, Attempt how) : m_peer(std::move(peer)), m_how(how) {}

    QString peerName() const override { return m_peer; }
    bool isOpen() const override { return m_open; }
    void open() override
    {
        // Like the real transports: the outcome arrives from the event loop.
        QTimer::singleShot(0, this, [this] {
            switch (m_how) {
            case Attempt::Refused:
                emit transientError(m_peer + QStringLiteral(": cannot connect: Connection refused"));
                emit closed();
                break;
            case Attempt::Denied:
                emit persistentError(m_peer + QStringLiteral(": authentication failed: permission denied"));
                emit closed();
                break;
            case Attempt::Silent:
            case Attempt::Answered:
                m_open = true;
                emit opened();
                break;
            }
        });
    }
    void close() override
    {
        if (!m_open)
            return;
        m_open = false;
        QTimer::singleShot(0, this, [this] { emit closed(); });
    }
    void writeLine(const QByteArray &line) override
    {
        if (!m_open || m_how != Attempt::Answered)
            return;
        const QJsonObject request = QJsonDocument::fromJson(line).object();
        if (request.value(QStringLiteral("type")).toString() != QStringLiteral("hello"))
            return;
        QJsonObject hello{{QStringLiteral("type"), QStringLiteral("hello")},
                          {QStringLiteral("id"), request.value(QStringLiteral("id"))},
                          {QStringLiteral("protocol"), wb::kAgentProtocolVersion},
                          {QStringLiteral("agent_version"), QStringLiteral("0.1.0")},
                          {QStringLiteral("arch"), QStringLiteral("x86_64")},
                          {QStringLiteral("os"), QStringLiteral("Linux")},
                          {QStringLiteral("host"), m_peer},
                          {QStringLiteral("pid"), 4242},
                          {QStringLiteral("capabilities"), QJsonArray{QStringLiteral("hello")}}};
        const QByteArray reply = QJsonDocument(hello).toJson(QJsonDocument::Compact);
        QTimer::singleShot(0, this, [this, reply] { emit lineReceived(reply); });
    }

private:
    QString m_peer;
    Attempt m_how;
    bool m_open = false;
};

// Hands out transports that follow `script` attempt by attempt (the last
// entry repeats) and counts the attempts.
struct ScriptedFactory
{
    QString peer;
    QList<Attempt> script;
    std::shared_ptr<int> made = std::make_shared<int>(0);

    wb::AgentTransport *operator()() const
    {
        const int i = (*made)++;
        return new ScriptedTransport(peer, script.value(std::min<qsizetype>(i, script.size() - 1)));
    }
};

} // namespace wbtest
