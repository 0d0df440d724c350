// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// One conversation with one host's agent: connect (a local agent process,
// or SSH with host-key checks, authentication and deployment of the agent
// when needed), complete the handshake, ask what the host is (sysinfo) and
// hang up. Discovering a host's NICs, `hosts check`, `agents check` and the
// desktop program's local-agent status are all this one use case; the
// front ends only show its report.

#include "config/sshoptions.h"
#include "inventory/host.h"
#include "protocol/agentmessage.h"

#include <QJsonObject>
#include <QObject>
#include <QPointer>
#include <QStringList>
#include <QTimer>

namespace wb {

class AgentClient;
class CredentialProvider;
class HostKeyPolicy;
class SecretStore;

// How the lab is reached: SSH settings and who answers its questions. The
// policy, provider and store must outlive every use case given them.
struct LabAccess
{
    SshOptions ssh;
    HostKeyPolicy *hostKeys = nullptr;
    CredentialProvider *credentials = nullptr;
    SecretStore *secrets = nullptr; // null: passwords are never remembered
    QString localAgentPath;         // empty: the agent next to this program (locateAgent)
};

// What to reach.
struct ProbeTarget
{
    QString name;          // inventory name or ~/.ssh/config alias
    bool local = false;    // a local agent process instead of SSH
    QString address;       // empty: the name (or ~/.ssh/config HostName)
    int port = 0;          // 0: ~/.ssh/config, else 22
    QString user;
    QString identityFile;
    QString jumpHost;      // ProxyJump [user@]host[:port]; empty: none (or ~/.ssh/config)
    QString agentPath;     // where the agent lives on the host; empty: the default

    // A host of the inventory: reached over SSH (at its management address
    // when it has one) unless it is this machine with no SSH settings of its own.
    static ProbeTarget fromHost(const Host &host);
    static ProbeTarget localAgent();
    // Whether discovering this inventory host needs SSH.
    static bool needsSsh(const Host &host);
};

struct ProbeReport
{
    QString host;               // how the transport names the peer
    HelloInfo hello;
    QJsonObject sysinfo;        // without type and id; empty when the agent cannot report it
    bool sysinfoSupported = true;
    QString hostKeyFingerprint; // SSH only
    QString agentPath;          // the agent that answered (on the host, for SSH)
    QStringList deployment;     // what was deployed or recorded on the way (SSH only)
};

class HostProbe : public QObject
{
    Q_OBJECT
public:
    explicit HostProbe(LabAccess access, QObject *parent = nullptr);
    ~HostProbe() override;

    // One probe at a time; a second start() while busy fails at once.
    void start(const ProbeTarget &target, int timeoutMs = 90000);
    void cancel();
    bool isBusy() const { return !m_client.isNull(); }
    void setAccess(const LabAccess &access) { m_access = access; }
    // Whether a connection step is one a person should hear about: the
    // agent deployed or replaced, a host key recorded, the keychain used.
    static bool isDeploymentStep(const QString &message);
    // Ask only for the handshake (no sysinfo).
    void setHandshakeOnly(bool on) { m_handshakeOnly = on; }

signals:
    // Connection steps worth showing (connecting, deploying, asking).
    void progressed(const QString &message);
    void finished(const wb::ProbeReport &report);
    // host: how the transport names the peer ("user@host:port" for SSH).
    void failed(const QString &host, const QString &error);
    // The connection of the last probe is closed and its resources gone;
    // a program that quits after a probe waits for this.
    void released();

private:
    void finish(const QString &error);

    LabAccess m_access;
    QPointer<AgentClient> m_client;
    ProbeTarget m_target;
    ProbeReport m_report;
    QString m_transientError;
    qint64 m_sysinfoId = -1;
    bool m_handshakeOnly = false;
    QTimer m_timeout;
};

} // namespace wb
