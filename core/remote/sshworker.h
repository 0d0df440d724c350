// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The libssh side of one SshTransport. It lives on its own thread and is the
// only code that touches its session and channels: it connects, verifies the
// host key, authenticates, deploys the agent, runs it with --stdio on an exec
// channel and then moves lines both ways, watching the link with keepalives.
// Blocking libssh calls are bounded by timeouts and by SshAnswerBox::cancel(),
// which shuts the socket down. Everything it learns goes out by signal.

#include "config/credentialprovider.h"
#include "config/hostkeypolicy.h"
#include "remotecommandresult.h"
#include "sshendpoint.h"
#include "config/sshoptions.h"
#include "sshstep.h"

#include <QByteArray>
#include <QList>
#include <QMutex>
#include <QObject>
#include <QString>
#include <QTemporaryFile>
#include <QTimer>
#include <libssh/callbacks.h>
#include <libssh/libssh.h>
#include <memory>

class QSocketNotifier;

namespace wb {

class SshAnswerBox;

class SshWorker : public QObject
{
    Q_OBJECT
public:
    SshWorker(
        SshEndpoint endpoint, SshOptions options, std::shared_ptr<SshAnswerBox> box, bool canAskSecrets);
    ~SshWorker() override;

    // Any thread: queues a line for the agent's stdin. Lines also go out
    // while a helper command blocks the worker's event loop.
    void queueLine(const QByteArray &line);

    // All of these run on the worker's thread (invoked by queued calls).
    void start();
    void runCommand(qint64 id, const QByteArray &command, int timeoutMs);
    void closeSession();

signals:
    void opened(const QString &agentPath, const QString &remoteArch, const QString &fingerprint);
    void progressed(const QString &message);
    void lineReceived(const QByteArray &line);
    void transientError(const QString &message);
    void persistentError(const QString &message);
    void closed();
    void hostKeyQuestionRaised(const wb::HostKeyQuestion &question);
    void credentialRequested(const wb::CredentialRequest &request);
    // The server accepted or refused the password last given for account.
    void passwordChecked(const QString &account, bool accepted);
    void commandFinished(qint64 id, const wb::RemoteCommandResult &result);

private:
    SshStep connectSession();
    SshStep prepareProxyCommand(const QString &configFile);
    // ssh_options_set, with a refusal reported as a persistent error naming `what`.
    SshStep setOption(ssh_options_e option, const void *value, const QString &what);
    QString proxyOutput() const;
    QString withProxyOutput(const QString &message) const;
    SshStep verifyHostKey();
    SshStep authenticate();
    SshStep openAgentChannel();
    RemoteCommandResult exec(const QByteArray &command, const QByteArray &stdinData, int timeoutMs);
    RemoteCommandResult execClean(const QByteArray &command, const QByteArray &stdinData, int timeoutMs);
    bool pumpAgentOutput();
    bool writePending();
    void flushWrites();
    void drainAgentChannel();
    void handleKeepalive();
    void fail(const SshStep &step);
    void lose(const QString &why);
    void teardown();
    QString sshError() const;
    QString accountName() const;
    int kbdintPassword(const char *password, QString *unsupported);
    QString where() const { return m_endpoint.displayName(); }

    static int authCallback(const char *prompt, char *buf, size_t len, int echo, int verify, void *userdata);

    SshEndpoint m_endpoint;
    SshOptions m_options;
    std::shared_ptr<SshAnswerBox> m_box;
    bool m_canAskSecrets;
    ssh_session m_session = nullptr;
    ssh_channel m_channel = nullptr;
    ssh_callbacks_struct m_callbacks {};
    QSocketNotifier *m_notifier = nullptr;
    QTimer m_keepaliveTimer;
    QByteArray m_buffer;
    QByteArray m_stderrTail;
    QString m_proxyJump; // "user@jump:port" when ~/.ssh/config names a ProxyJump
    bool m_viaProxy = false; // a ProxyCommand (or ProxyJump) carries the connection
    std::unique_ptr<QTemporaryFile> m_proxyLog; // the proxy's stderr, for messages
    QString m_agentPath;
    QString m_remoteArch;
    QString m_fingerprint;
    bool m_running = false;
    bool m_closing = false;
    bool m_sawProtocol = false;
    bool m_lineTooLong = false;
    QMutex m_writeMutex;
    QList<QByteArray> m_pendingWrites; // guarded by m_writeMutex
};

} // namespace wb
