// SPDX-License-Identifier: GPL-3.0-or-later
#include "agentheartbeat.h"

#include "agentclient.h"
#include "protocol/agentmessages.h"

using namespace Qt::StringLiterals;

namespace wb {

AgentHeartbeat::AgentHeartbeat(AgentClient *client, int intervalMs, int timeoutMs, QObject *parent)
    : QObject(parent), m_client(client), m_timeoutMs(timeoutMs)
{
    // Tick faster than the interval so a loss is seen soon after the timeout.
    m_timer.setInterval(std::max(100, std::min(intervalMs, timeoutMs / 4)));
    connect(&m_timer, &QTimer::timeout, this, &AgentHeartbeat::handleTick);
    connect(client, &AgentClient::ready, this, &AgentHeartbeat::handleReady);
    connect(client, &AgentClient::replyReceived, this, &AgentHeartbeat::handleTraffic);
    connect(client, &AgentClient::unsolicitedReceived, this, &AgentHeartbeat::handleTraffic);
    connect(client, &AgentClient::closed, &m_timer, &QTimer::stop);
    connect(client, &AgentClient::persistentError, &m_timer, &QTimer::stop);
    m_pingEveryMs = intervalMs;
}

void AgentHeartbeat::handleReady()
{
    m_sinceHeard.start();
    m_sincePing.start();
    m_timer.start();
}

void AgentHeartbeat::handleTraffic()
{
    m_sinceHeard.restart();
}

void AgentHeartbeat::handleTick()
{
    if (!m_client->isReady()) {
        m_timer.stop();
        return;
    }
    if (m_sinceHeard.elapsed() > m_timeoutMs) {
        m_timer.stop();
        emit hostLost(u"%1: no answer from the agent for %2 s; the host is unreachable or stopped"_s
                          .arg(m_client->transport()->peerName())
                          .arg(m_sinceHeard.elapsed() / 1000.0, 0, 'f', 1));
        m_client->stop();
        return;
    }
    if (m_sincePing.elapsed() >= m_pingEveryMs) {
        m_sincePing.restart();
        m_client->sendRequest(msg::kPing);
    }
}

} // namespace wb
