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

SshTransport::~SshTransport()
{
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
    QMetaObject::invokeMethod(m_worker, [w = m_worker, line] { w->writeLine(line); }, Qt::QueuedConnection);
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
    if (!m_credentials) {
        m_box->answerSecret(std::nullopt);
        return;
    }
    std::weak_ptr<SshAnswerBox> box = m_box;
    m_credentials->provide(request, [box](std::optional<QByteArray> secret) {
        if (auto b = box.lock())
            b->answerSecret(std::move(secret));
        else if (secret)
            secret->fill('\0');
    });
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
