// SPDX-License-Identifier: GPL-3.0-or-later
#include "hostsession.h"

#include "connectgate.h"
#include "remote/sshtransport.h"

#include <QRandomGenerator>

#include <utility>

using namespace Qt::StringLiterals;

namespace wb {

namespace {
constexpr int kHeartbeatMs = 2000;
constexpr double kAgentWatchdogS = 10; // the agent stops tests after this much silence from us
constexpr int kSilentMs = 2 * kHeartbeatMs + 1000;
} // namespace

HostSession::HostSession(const PlanHost &host, TransportFactory factory, QObject *parent)
    : QObject(parent), m_host(host), m_factory(std::move(factory))
{
    m_heartbeat.setInterval(kHeartbeatMs);
    connect(&m_heartbeat, &QTimer::timeout, this, &HostSession::sendHeartbeat);
    m_liveness.setSingleShot(true);
    connect(&m_liveness, &QTimer::timeout, this, [this] {
        handleLost(u"%1: no answer from the agent for %2 s"_s.arg(m_host.name).arg(m_livenessMs / 1000.0));
    });
    m_retryTimer.setSingleShot(true);
    connect(&m_retryTimer, &QTimer::timeout, this, &HostSession::requestAttempt);
}

HostSession::HostSession(const PlanHost &host, AgentTransport *transport, QObject *parent)
    : HostSession(host, TransportFactory([transport]() mutable { return std::exchange(transport, nullptr); }),
                  parent)
{
    m_oneTransport = true;
    transport->setParent(this); // until an AgentClient takes it
}

HostSession::~HostSession()
{
    m_started = false;
    releaseGate();
}

const HelloInfo &HostSession::hello() const
{
    static const HelloInfo kNone;
    return m_client ? m_client->hello() : kNone;
}

bool HostSession::hasCapability(const QString &type) const
{
    return isReady() && m_client->hello().capabilities.contains(type);
}

void HostSession::ensureConnected()
{
    if (m_started || m_lost)
        return;
    m_started = true;
    m_attempts = 0;
    m_waitedMs = 0;
    requestAttempt();
}

void HostSession::close()
{
    m_started = false;
    m_attempting = false;
    m_retryTimer.stop();
    m_heartbeat.stop();
    m_liveness.stop();
    releaseGate();
    if (m_client)
        m_client->stop();
}

void HostSession::requestAttempt()
{
    if (!m_started || m_lost)
        return;
    if (m_gate)
        m_gate->acquire(this, [this] { beginAttempt(); });
    else
        beginAttempt();
}

void HostSession::beginAttempt()
{
    if (!m_started || m_lost) {
        releaseGate();
        return;
    }
    ++m_attempts;
    dropClient();
    AgentTransport *transport = m_factory ? m_factory() : nullptr;
    if (!transport) {
        handleLost(u"%1: cannot open a connection to the agent"_s.arg(m_host.name));
        return;
    }
    attachClient(transport);
    m_attempting = true;
    m_client->start();
}

void HostSession::attachClient(AgentTransport *transport)
{
    m_client = new AgentClient(transport, this);
    if (m_handshakeMs > 0)
        m_client->setHandshakeTimeout(m_handshakeMs);
    m_lastTransientError.clear();
    connect(m_client, &AgentClient::ready, this, [this] {
        m_attempting = false;
        releaseGate();
        m_lastHeard.start();
        m_heartbeat.start();
        sendHeartbeat();
        emit logged(u"info"_s, u"agent %1 ready (pid %2 on %3)"_s.arg(hello().agentVersion)
                                   .arg(hello().pid)
                                   .arg(hello().host));
        emit ready();
    });
    connect(m_client, &AgentClient::replyReceived, this, &HostSession::handleReply);
    if (auto *ssh = qobject_cast<SshTransport *>(transport)) {
        connect(ssh, &SshTransport::secretStoreReported, this, [this](const QString &message, bool isWarning) {
            emit logged(isWarning ? u"warning"_s : u"info"_s, message);
        });
    }
    connect(m_client, &AgentClient::unsolicitedReceived, this, [this](const AgentMessage &m) {
        m_lastHeard.start();
        m_liveness.start(m_livenessMs);
        if (m.type == msg::kError)
            emit logged(u"warning"_s, u"%1: %2"_s.arg(m_host.name, m.body.value(u"message"_s).toString()));
    });
    // Refused authentication, an unknown host key, no agent: never retried.
    connect(m_client, &AgentClient::persistentError, this, &HostSession::handleLost);
    connect(m_client, &AgentClient::transientError, this, [this](const QString &m) {
        if (m_attempting) {
            handleConnectFailure(m);
        } else if (!isReady()) {
            handleLost(m);
        } else {
            m_lastTransientError = m;
            emit logged(u"warning"_s, m);
        }
    });
    connect(m_client, &AgentClient::closed, this, [this] {
        if (m_attempting) {
            handleConnectFailure(u"%1: the agent connection closed before the handshake"_s.arg(m_host.name));
            return;
        }
        // Say why, where the transport did: an agent that exited, a
        // connection that broke or timed out are different repairs.
        if (m_started)
            handleLost(m_lastTransientError.isEmpty()
                           ? u"%1: the agent connection closed"_s.arg(m_host.name)
                           : u"%1: the agent connection closed (%2)"_s.arg(m_host.name, m_lastTransientError));
    });
}

void HostSession::dropClient()
{
    if (!m_client)
        return;
    // What the failed attempt still says is no longer news.
    disconnect(m_client, nullptr, this, nullptr);
    if (AgentTransport *t = m_client->transport())
        disconnect(t, nullptr, this, nullptr);
    m_client->stop();
    m_client->deleteLater();
    m_client = nullptr;
}

void HostSession::handleConnectFailure(const QString &reason)
{
    if (!m_attempting)
        return;
    m_attempting = false;
    releaseGate();
    // Its closing signal follows and must not end the session.
    dropClient();
    if (!m_started)
        return;
    if (m_oneTransport || !m_retry.mayRetry(m_attempts, m_waitedMs)) {
        handleLost(m_attempts > 1 ? u"%1 (gave up after %2 attempts)"_s.arg(reason).arg(m_attempts) : reason);
        return;
    }
    const double unit = m_jitterUnit >= 0 ? m_jitterUnit : QRandomGenerator::global()->generateDouble();
    const int delay = m_retry.delayMs(m_attempts, unit, m_waitedMs);
    m_waitedMs += delay;
    emit logged(u"warning"_s, u"%1; attempt %2 of %3 failed, retrying in %4 s"_s.arg(reason)
                                  .arg(m_attempts)
                                  .arg(m_retry.retries + 1)
                                  .arg(delay / 1000.0, 0, 'f', 1));
    emit retrying(m_attempts, delay, reason);
    m_retryTimer.start(delay);
}

void HostSession::releaseGate()
{
    if (m_gate)
        m_gate->release(this);
}

qint64 HostSession::request(const QString &type, const QJsonObject &fields, ReplyHandler handler)
{
    const qint64 id = m_client ? m_client->sendRequest(type, fields) : -1;
    if (id < 0)
        return id;
    m_handlers.insert(id, std::move(handler));
    if (!m_liveness.isActive())
        m_liveness.start(m_livenessMs);
    return id;
}

qint64 HostSession::sendMessage(const AgentMessage &unsent, ReplyHandler handler)
{
    QJsonObject fields = unsent.body;
    fields.remove(u"type"_s);
    fields.remove(u"id"_s);
    return request(unsent.type, fields, std::move(handler));
}

void HostSession::forget(qint64 id)
{
    m_handlers.remove(id);
}

void HostSession::sendHeartbeat()
{
    // The heartbeat reply is a request of its own; it keeps the liveness
    // timer moving even while a long test sends nothing.
    send(HeartbeatRequest{double(kAgentWatchdogS)}, [](const AgentMessage &) {});
}

bool HostSession::isSilent() const
{
    return isReady() && !m_lost && silentForMs() > kSilentMs;
}

void HostSession::handleReply(const AgentMessage &message)
{
    m_lastHeard.start();
    m_liveness.start(m_livenessMs);
    const qint64 id = *message.id;
    auto it = m_handlers.find(id);
    if (it == m_handlers.end())
        return;
    ReplyHandler handler = msg::isFinal(message) ? m_handlers.take(id) : *it;
    handler(message);
}

void HostSession::handleLost(const QString &reason)
{
    if (m_lost)
        return;
    m_lost = true;
    m_attempting = false;
    m_lostReason = reason;
    m_heartbeat.stop();
    m_liveness.stop();
    m_retryTimer.stop();
    releaseGate();
    // Fail every open request with a synthetic error so waiting tests end.
    const auto handlers = std::exchange(m_handlers, {});
    for (auto it = handlers.begin(); it != handlers.end(); ++it) {
        AgentError e{it.key(), u"host_lost"_s, reason};
        it.value()(e.toMessage());
    }
    emit logged(u"error"_s, reason);
    emit lost(reason);
    if (m_client)
        m_client->stop();
}

} // namespace wb
