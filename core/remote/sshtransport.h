// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The agent on a remote host, over SSH. To AgentClient it looks exactly like
// LocalTransport; underneath, a worker on its own thread connects, checks the
// host key against the user's and Wirebench's known_hosts, authenticates,
// deploys the matching agent when needed and runs it with --stdio. One
// session per host, reused for helper commands (runCommand). Questions for
// the user (an unknown host key, a passphrase, a password) go to the
// HostKeyPolicy and CredentialProvider set here, on this object's thread.
// With a SecretStore set, a password is first looked up there (service
// "wirebench-ssh", account "user@host:port"); the user may opt into storing
// a typed one, which happens only once the server accepted it, and a stored
// password the server refuses is removed from the store.

#include "agenttransport.h"
#include "config/secretstore.h"
#include "config/credentialprovider.h"
#include "config/hostkeypolicy.h"
#include "remotecommandresult.h"
#include "sshendpoint.h"
#include "config/sshoptions.h"

#include <QPointer>
#include <QStringList>
#include <memory>

class QThread;

namespace wb {

class SshAnswerBox;
class SshWorker;

class SshTransport : public AgentTransport
{
    Q_OBJECT
public:
    SshTransport(SshEndpoint endpoint, SshOptions options, QObject *parent = nullptr);
    ~SshTransport() override;

    // Not owned; must outlive the connection attempt. Without a policy every
    // unknown key is refused; without a provider no secret is asked for.
    void setHostKeyPolicy(HostKeyPolicy *policy) { m_policy = policy; }
    void setCredentialProvider(CredentialProvider *provider) { m_credentials = provider; }
    // Not owned; none: passwords are only ever typed, never remembered.
    void setSecretStore(SecretStore *store) { m_secrets = store; }
    // The keychain service name of SSH passwords.
    static QString secretService();

    const SshEndpoint &endpoint() const { return m_endpoint; }
    QString peerName() const override;
    void open() override;
    void close() override;
    bool isOpen() const override { return m_open; }
    void writeLine(const QByteArray &line) override;

    // Runs argv (each value shell-quoted here) on the host in a new channel
    // of the open session. Returns an id for commandFinished, or -1 (with
    // commandFinished never sent, *error says why) when not open or an
    // argument is unusable.
    qint64 runCommand(const QStringList &argv, int timeoutMs = 30000, QString *error = nullptr);

    // Known once opened.
    QString remoteAgentPath() const { return m_remoteAgentPath; }
    QString remoteArch() const { return m_remoteArch; }
    QString hostKeyFingerprint() const { return m_fingerprint; }

signals:
    void progressed(const QString &message);
    void commandFinished(qint64 id, const wb::RemoteCommandResult &result);
    // What happened with the keychain (a password used, stored, removed, or
    // the keychain unreachable): also in progressed(), and worth showing
    // in a run's log, where the other progress messages are not.
    void secretStoreReported(const QString &message, bool isWarning);

private:
    void handleOpened(const QString &agentPath, const QString &arch, const QString &fingerprint);
    void handleClosed();
    void handleHostKeyQuestion(const HostKeyQuestion &question);
    void handleCredentialRequest(const CredentialRequest &request);
    void askUser(CredentialRequest request);
    void handlePasswordChecked(const QString &account, bool accepted);
    void forgetPasswordToRemember();
    void reportSecretStore(const QString &message, bool isWarning);
    void stopThread();

    SshEndpoint m_endpoint;
    SshOptions m_options;
    HostKeyPolicy *m_policy = nullptr;
    CredentialProvider *m_credentials = nullptr;
    SecretStore *m_secrets = nullptr;
    bool m_storedPasswordTried = false; // this connection attempt read the store already
    bool m_secretsUnavailable = false; // reading the store failed: no keychain to offer
    bool m_passwordFromStore = false; // the password last given came from the store
    std::optional<QByteArray> m_passwordToRemember; // until the server accepts it
    std::shared_ptr<SshAnswerBox> m_box;
    QThread *m_thread = nullptr;
    SshWorker *m_worker = nullptr;
    qint64 m_nextCommandId = 1;
    bool m_open = false;
    bool m_starting = false;
    QString m_remoteAgentPath;
    QString m_remoteArch;
    QString m_fingerprint;
};

} // namespace wb
