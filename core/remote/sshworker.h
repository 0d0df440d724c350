// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The libssh side of one SshTransport. It lives on its own thread and is the
// only code that touches its session and channels: it connects, verifies the
// host key, authenticates, deploys the agent, runs it with --stdio on an exec
// channel and then moves lines both ways, watching the link with keepalives.
// Blocking libssh calls are bounded by timeouts and by SshAnswerBox::cancel(),
// which shuts the socket down. Everything it learns goes out by signal.

#include "credentialprovider.h"
#include "hostkeypolicy.h"
#include "remotecommandresult.h"
#include "sshendpoint.h"
#include "sshoptions.h"

#include <QByteArray>
#include <QObject>
#include <QString>
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
    SshWorker(SshEndpoint endpoint, SshOptions options, std::shared_ptr<SshAnswerBox> box,
              bool canAskSecrets);
    ~SshWorker() override;

    // All of these run on the worker's thread (invoked by queued calls).
    void start();
    void writeLine(const QByteArray &line);
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
    void commandFinished(qint64 id, const wb::RemoteCommandResult &result);

private:
    enum class Failure { None, Transient, Persistent };
    struct Step
    {
        Failure failure = Failure::None;
        QString message;
        explicit operator bool() const { return failure == Failure::None; }
    };
    static Step transient(QString message) { return {Failure::Transient, std::move(message)}; }
    static Step persistent(QString message) { return {Failure::Persistent, std::move(message)}; }

    Step connectSession();
    Step verifyHostKey();
    Step authenticate();
    Step prepareAgent();
    Step uploadAgent(const QString &localPath, const QString &remotePath);
    Step uploadBySftp(const QByteArray &data, const QString &tmpPath, bool *noSftp);
    Step uploadByExec(const QByteArray &data, const QString &tmpPath, const QString &finalPath);
    Step openAgentChannel();
    RemoteCommandResult exec(const QByteArray &command, const QByteArray &stdinData, int timeoutMs);
    RemoteCommandResult execClean(const QByteArray &command, const QByteArray &stdinData, int timeoutMs);
    void drainAgentChannel();
    void handleKeepalive();
    void fail(const Step &step);
    void lose(const QString &why);
    void teardown();
    QString sshError() const;
    QString where() const { return m_endpoint.displayName(); }

    static int authCallback(const char *prompt, char *buf, size_t len, int echo, int verify, void *userdata);

    SshEndpoint m_endpoint;
    SshOptions m_options;
    std::shared_ptr<SshAnswerBox> m_box;
    bool m_canAskSecrets;
    ssh_session m_session = nullptr;
    ssh_channel m_channel = nullptr;
    ssh_callbacks_struct m_callbacks{};
    QSocketNotifier *m_notifier = nullptr;
    QTimer m_keepaliveTimer;
    QByteArray m_buffer;
    QByteArray m_stderrTail;
    QString m_agentPath;
    QString m_remoteArch;
    QString m_fingerprint;
    bool m_running = false;
    bool m_closing = false;
    bool m_sawProtocol = false;
};

} // namespace wb
