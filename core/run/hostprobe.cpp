// SPDX-License-Identifier: GPL-3.0-or-later
#include "hostprobe.h"

#include "labtransport.h"
#include "plan.h"
#include "protocol/agentmessages.h"
#include "remote/agentclient.h"
#include "remote/agentlocator.h"
#include "remote/localtransport.h"
#include "remote/sshendpoint.h"
#include "remote/sshtransport.h"

using namespace Qt::StringLiterals;

namespace wb {

namespace {

bool isLocalAddress(const QString &address)
{
    return address.isEmpty() || address == u"localhost"_s || address.startsWith(u"127."_s) || address == u"::1"_s;
}

QString localAgentPathOf(const LabAccess &access)
{
    return access.localAgentPath.isEmpty() ? locateAgent() : access.localAgentPath;
}

} // namespace

AgentTransport *openLabTransport(const ProbeTarget &target, const LabAccess &access)
{
    if (target.local)
        return new LocalTransport(localAgentPathOf(access));
    SshEndpoint e;
    e.host = target.name;
    e.address = target.address;
    e.port = target.port;
    e.user = target.user;
    e.identityFile = target.identityFile;
    e.jumpHost = target.jumpHost;
    e.remoteAgentPath = target.agentPath;
    auto *ssh = new SshTransport(e, access.ssh);
    ssh->setHostKeyPolicy(access.hostKeys);
    ssh->setCredentialProvider(access.credentials);
    if (access.secrets)
        ssh->setSecretStore(access.secrets);
    return ssh;
}

ProbeTarget probeTargetOf(const PlanHost &host)
{
    ProbeTarget t;
    t.name = host.name;
    t.local = host.transport == u"local"_s;
    t.address = host.sshAddress;
    t.port = host.sshPort;
    t.user = host.sshUser;
    t.identityFile = host.identityFile;
    t.jumpHost = host.jumpHost;
    t.agentPath = host.agentPath;
    return t;
}

bool HostProbe::isDeploymentStep(const QString &m)
{
    return m.contains(u"deploy"_s) || m.contains(u"replacing"_s) || m.contains(u"recorded"_s)
        || m.contains(u"SFTP"_s) || m.contains(u"keychain"_s);
}

ProbeTarget ProbeTarget::fromHost(const Host &host)
{
    ProbeTarget t;
    t.name = host.name;
    t.local = !needsSsh(host);
    t.address = host.sshAddress.isEmpty() ? host.address : host.sshAddress;
    t.port = host.sshPort == 22 ? 0 : host.sshPort;
    t.user = host.sshUser;
    t.identityFile = host.sshKeyPath;
    t.jumpHost = host.jumpHost;
    t.agentPath = host.agentPath;
    return t;
}

ProbeTarget ProbeTarget::localAgent()
{
    ProbeTarget t;
    t.name = u"localhost"_s;
    t.local = true;
    return t;
}

bool ProbeTarget::needsSsh(const Host &host)
{
    return !isLocalAddress(host.address) || !host.sshAddress.isEmpty() || !host.jumpHost.isEmpty()
        || !host.sshUser.isEmpty() || !host.sshKeyPath.isEmpty() || (host.sshPort != 22 && host.sshPort != 0);
}

HostProbe::HostProbe(LabAccess access, QObject *parent) : QObject(parent), m_access(std::move(access))
{
    m_timeout.setSingleShot(true);
    connect(&m_timeout, &QTimer::timeout, this, [this] {
        finish(tr("no answer from %1's agent within %2 s").arg(m_target.name).arg(m_timeout.interval() / 1000));
    });
}

HostProbe::~HostProbe()
{
    if (m_client) {
        m_client->disconnect(this);
        m_client->stop();
    }
}

void HostProbe::start(const ProbeTarget &target, int timeoutMs)
{
    if (isBusy()) {
        emit failed(target.name, tr("still talking to %1; wait for it to finish").arg(m_target.name));
        return;
    }
    m_target = target;
    m_report = ProbeReport();
    m_transientError.clear();
    m_sysinfoId = -1;

    AgentTransport *transport = openLabTransport(target, m_access);
    auto *ssh = qobject_cast<SshTransport *>(transport);
    if (ssh) {
        connect(ssh, &SshTransport::progressed, this, [this](const QString &m) {
            if (isDeploymentStep(m))
                m_report.deployment << m;
            emit progressed(m);
        });
        emit progressed(tr("Connecting to %1 over SSH…").arg(transport->peerName()));
    } else {
        m_report.agentPath = localAgentPathOf(m_access);
        emit progressed(tr("Starting the local agent…"));
    }
    // The client is not our child: an SSH transport deleted mid-connect
    // would wait for its worker, so it goes only once it has closed.
    auto *client = new AgentClient(transport);
    m_client = client;
    m_report.host = transport->peerName();
    connect(client, &AgentClient::ready, this, [this, client, ssh](const HelloInfo &hello) {
        if (client != m_client)
            return;
        m_report.host = client->transport()->peerName();
        m_report.hello = hello;
        if (ssh) {
            m_report.hostKeyFingerprint = ssh->hostKeyFingerprint();
            m_report.agentPath = ssh->remoteAgentPath();
        }
        if (m_handshakeOnly) {
            finish(QString());
            return;
        }
        if (!hello.capabilities.contains(msg::kSysinfo)) {
            m_report.sysinfoSupported = false;
            finish(QString());
            return;
        }
        emit progressed(tr("Connected to %1; asking its agent about the host…").arg(m_target.name));
        m_sysinfoId = client->sendRequest(msg::kSysinfo);
    });
    connect(client, &AgentClient::replyReceived, this, [this, client](const AgentMessage &m) {
        if (client != m_client || !m.id || *m.id != m_sysinfoId)
            return;
        QString error;
        const auto reply = SysinfoReply::fromMessage(m, &error);
        if (!reply) {
            const auto e = AgentError::fromMessage(m);
            finish(tr("the agent on %1 could not report its system: %2").arg(m_target.name, e ? e->message : error));
            return;
        }
        m_report.sysinfo = reply->info;
        finish(QString());
    });
    connect(client, &AgentClient::transientError, this, [this, client](const QString &m) {
        if (client == m_client && !client->isReady())
            m_transientError = m;
    });
    connect(client, &AgentClient::persistentError, this, [this, client](const QString &m) {
        if (client == m_client)
            finish(m);
    });
    connect(client, &AgentClient::closed, this, [this, client] {
        if (client == m_client)
            finish(m_transientError.isEmpty()
                       ? tr("the connection to %1 closed before its agent answered").arg(m_target.name)
                       : m_transientError);
    });
    m_timeout.start(timeoutMs);
    // From the event loop: a transport that fails at once (no agent program)
    // reports after start() has returned, like every other outcome.
    QTimer::singleShot(0, client, &AgentClient::start);
}

void HostProbe::cancel()
{
    if (isBusy())
        finish(tr("cancelled"));
}

void HostProbe::finish(const QString &error)
{
    AgentClient *client = m_client;
    m_client = nullptr;
    m_timeout.stop();
    if (client) {
        client->disconnect(this);
        connect(client, &QObject::destroyed, this, &HostProbe::released);
        connect(client, &AgentClient::closed, client, &QObject::deleteLater);
        QTimer::singleShot(15000, client, &QObject::deleteLater);
        client->stop();
    } else {
        QTimer::singleShot(0, this, &HostProbe::released);
    }
    if (error.isEmpty())
        emit finished(m_report);
    else
        emit failed(m_report.host.isEmpty() ? m_target.name : m_report.host, error);
}

} // namespace wb
