// SPDX-License-Identifier: GPL-3.0-or-later
#include "sshtransport.h"

#include "remotecommand.h"
#include "sshanswerbox.h"
#include "sshworker.h"

#include <QThread>
#include <libssh/libssh.h>

using namespace Qt::StringLiterals;

namespace wb {

namespace {
    void initLibssh()
    {
        // ssh_init() is not thread-safe; do it once on the owner's thread.
        static const int once = [] {
            qRegisterMetaType<wb::RemoteCommandResult>();
            qRegisterMetaType<wb::HostKeyQuestion>();
            qRegisterMetaType<wb::CredentialRequest>();
            return ssh_init();
        }();
        Q_UNUSED(once);
    }
} // namespace

SshTransport::SshTransport(SshEndpoint endpoint, SshOptions options, QObject *parent)
    : AgentTransport(parent), m_endpoint(std::move(endpoint)), m_options(std::move(options))
{
    initLibssh();
}

QString SshTransport::secretService()
{
    return sshPasswordSecretService();
}

SshTransport::~SshTransport()
{
    forgetPasswordToRemember();
    if (m_worker) {
        // Unblock whatever the worker waits for, let it close, then join it.
        m_box->cancel();
        QMetaObject::invokeMethod(m_worker, &SshWorker::closeSession, Qt::BlockingQueuedConnection);
    }
    stopThread();
}

QString SshTransport::peerName() const
{
    return m_endpoint.displayName();
}

void SshTransport::open()
{
    if (m_open || m_starting)
        return;
    stopThread();
    m_starting = true;
    m_storedPasswordTried = false;
    m_secretsUnavailable = false;
    m_passwordFromStore = false;
    forgetPasswordToRemember();
    m_box = std::make_shared<SshAnswerBox>();
    m_thread = new QThread;
    m_thread->setObjectName(u"ssh:"_s + m_endpoint.host);
    m_worker = new SshWorker(m_endpoint, m_options, m_box, true);
    m_worker->moveToThread(m_thread);
    connect(m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    connect(m_worker, &SshWorker::opened, this, &SshTransport::handleOpened);
    connect(m_worker, &SshWorker::lineReceived, this, &AgentTransport::lineReceived);
    connect(m_worker, &SshWorker::transientError, this, &AgentTransport::transientError);
    connect(m_worker, &SshWorker::persistentError, this, &AgentTransport::persistentError);
    connect(m_worker, &SshWorker::closed, this, &SshTransport::handleClosed);
    connect(m_worker, &SshWorker::progressed, this, &SshTransport::progressed);
    connect(m_worker, &SshWorker::commandFinished, this, &SshTransport::commandFinished);
    connect(m_worker, &SshWorker::hostKeyQuestionRaised, this, &SshTransport::handleHostKeyQuestion);
    connect(m_worker, &SshWorker::credentialRequested, this, &SshTransport::handleCredentialRequest);
    connect(m_worker, &SshWorker::passwordChecked, this, &SshTransport::handlePasswordChecked);
    m_thread->start();
    QMetaObject::invokeMethod(m_worker, &SshWorker::start, Qt::QueuedConnection);
}

void SshTransport::close()
{
    if (!m_worker)
        return;
    if (m_starting) {
        // Cut a blocked connect or prompt short; the worker reports and closes.
        m_box->cancel();
    }
    QMetaObject::invokeMethod(m_worker, &SshWorker::closeSession, Qt::QueuedConnection);
}

void SshTransport::writeLine(const QByteArray &line)
{
    if (!m_open) {
        emit transientError(u"%1: the agent is not connected"_s.arg(peerName()));
        return;
    }
    m_worker->queueLine(line);
}

qint64 SshTransport::runCommand(const QStringList &argv, int timeoutMs, QString *error)
{
    if (!m_open) {
        if (error)
            *error = u"%1: not connected"_s.arg(peerName());
        return -1;
    }
    const auto command = buildRemoteCommand(argv, error);
    if (!command)
        return -1;
    const qint64 id = m_nextCommandId++;
    QMetaObject::invokeMethod(
        m_worker, [w = m_worker, id, c = *command, timeoutMs] { w->runCommand(id, c, timeoutMs); },
        Qt::QueuedConnection);
    return id;
}

void SshTransport::handleOpened(const QString &agentPath, const QString &arch, const QString &fingerprint)
{
    m_starting = false;
    m_open = true;
    m_remoteAgentPath = agentPath;
    m_remoteArch = arch;
    m_fingerprint = fingerprint;
    emit opened();
}

void SshTransport::handleClosed()
{
    m_starting = false;
    m_open = false;
    emit closed();
}

void SshTransport::handleHostKeyQuestion(const HostKeyQuestion &question)
{
    if (!m_policy) {
        m_box->answerHostKey(HostKeyDecision::Refuse);
        return;
    }
    std::weak_ptr<SshAnswerBox> box = m_box;
    m_policy->decide(question, [box](HostKeyDecision d) {
        if (auto b = box.lock())
            b->answerHostKey(d);
    });
}

void SshTransport::handleCredentialRequest(const CredentialRequest &request)
{
    m_passwordFromStore = false;
    forgetPasswordToRemember();
    if (request.kind != CredentialRequest::Kind::Password || !m_secrets || m_storedPasswordTried) {
        askUser(request);
        return;
    }
    m_storedPasswordTried = true;
    QPointer<SshTransport> self(this);
    std::weak_ptr<SshAnswerBox> box = m_box;
    m_secrets->readSecret(secretService(), request.account,
        [self, box, request](std::optional<QByteArray> secret, const QString &error) {
            auto b = box.lock();
            if (!self || !b || b != self->m_box) {
                if (secret)
                    secret->fill('\0');
                return;
            }
            if (secret) {
                self->m_passwordFromStore = true;
                self->reportSecretStore(u"%1: using the password stored in %2"_s.arg(
                                            request.host, self->m_secrets->displayName()),
                    false);
                b->answerSecret(std::move(secret), true);
                return;
            }
            if (!error.isEmpty()) {
                // Do not offer to keep the password where it cannot be kept.
                self->m_secretsUnavailable = true;
                self->reportSecretStore(u"%1: %2 could not be read (%3); asking for the password"_s.arg(
                                            request.host, self->m_secrets->displayName(), error),
                    true);
            }
            self->askUser(request);
        });
}

void SshTransport::askUser(CredentialRequest request)
{
    if (!m_credentials) {
        m_box->answerSecret(std::nullopt);
        return;
    }
    if (request.kind == CredentialRequest::Kind::Password && m_secrets && !m_secretsUnavailable) {
        request.offerRemember = true;
        request.offerRememberIn = m_secrets->displayName();
    }
    QPointer<SshTransport> self(this);
    std::weak_ptr<SshAnswerBox> box = m_box;
    const bool offered = request.kind == CredentialRequest::Kind::Password && request.offerRemember;
    m_credentials->provide(request, [self, box, offered](CredentialAnswer answer) {
        auto b = box.lock();
        if (!self || !b || b != self->m_box) {
            if (answer.secret)
                answer.secret->fill('\0');
            return;
        }
        // Kept only until the server says whether it is right: a wrong
        // password never reaches the keychain.
        if (offered && answer.remember && answer.secret && self->m_secrets)
            self->m_passwordToRemember = *answer.secret;
        b->answerSecret(std::move(answer.secret));
    });
}

void SshTransport::handlePasswordChecked(const QString &account, bool accepted)
{
    if (!m_secrets) {
        forgetPasswordToRemember();
        return;
    }
    const QString host = m_endpoint.displayName();
    const QString store = m_secrets->displayName();
    QPointer<SshTransport> self(this);
    if (accepted && m_passwordToRemember) {
        m_secrets->writeSecret(secretService(), account, *m_passwordToRemember,
            [self, host, store, account](const QString &error) {
                if (!self)
                    return;
                self->reportSecretStore(error.isEmpty()
                        ? u"%1: stored the password for %2 in %3"_s.arg(host, account, store)
                        : u"%1: the password for %2 could not be stored in %3: %4"_s.arg(
                              host, account, store, error),
                    !error.isEmpty());
            });
    } else if (!accepted && m_passwordFromStore) {
        m_secrets->removeSecret(secretService(), account, [self, host, store, account](const QString &error) {
            if (!self)
                return;
            self->reportSecretStore(error.isEmpty()
                    ? u"%1: the server refused the password stored in %2 for %3; removed it"_s.arg(
                          host, store, account)
                    : u"%1: the server refused the password stored in %2 for %3, which could not be "
                      "removed: %4"_s.arg(host, store, account, error),
                true);
        });
    }
    m_passwordFromStore = false;
    forgetPasswordToRemember();
}

void SshTransport::reportSecretStore(const QString &message, bool isWarning)
{
    emit progressed(message);
    emit secretStoreReported(message, isWarning);
}

void SshTransport::forgetPasswordToRemember()
{
    if (m_passwordToRemember)
        m_passwordToRemember->fill('\0');
    m_passwordToRemember.reset();
}

void SshTransport::stopThread()
{
    if (!m_thread)
        return;
    m_thread->quit();
    m_thread->wait();
    delete m_thread;
    m_thread = nullptr;
    m_worker = nullptr; // deleted by the thread's finished signal
}

} // namespace wb
