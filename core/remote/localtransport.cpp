// SPDX-License-Identifier: GPL-3.0-or-later
#include "localtransport.h"

#include <QFileInfo>

using namespace Qt::StringLiterals;

namespace wb {

namespace {
constexpr qsizetype kMaxLine = 16 * 1024 * 1024;
constexpr qsizetype kStderrTail = 4096;
} // namespace

LocalTransport::LocalTransport(QString agentPath, QObject *parent)
    : AgentTransport(parent), m_agentPath(std::move(agentPath))
{
    m_process.setProcessChannelMode(QProcess::SeparateChannels);
    connect(&m_process, &QProcess::readyReadStandardOutput, this, &LocalTransport::handleReadyRead);
    connect(&m_process, &QProcess::readyReadStandardError, this, [this] {
        m_stderrTail.append(m_process.readAllStandardError());
        if (m_stderrTail.size() > kStderrTail)
            m_stderrTail = m_stderrTail.right(kStderrTail);
    });
    connect(&m_process, &QProcess::started, this, &AgentTransport::opened);
    connect(&m_process, &QProcess::errorOccurred, this, &LocalTransport::handleErrorOccurred);
    connect(&m_process, &QProcess::finished, this, &LocalTransport::handleFinished);
}

LocalTransport::~LocalTransport()
{
    if (m_process.state() != QProcess::NotRunning) {
        // Closing stdin makes the agent exit by itself; kill only if it does not.
        m_closing = true;
        m_process.closeWriteChannel();
        if (!m_process.waitForFinished(2000)) {
            m_process.kill();
            m_process.waitForFinished(1000);
        }
    }
}

QString LocalTransport::peerName() const
{
    return u"local"_s;
}

void LocalTransport::open()
{
    if (m_process.state() != QProcess::NotRunning)
        return;
    const QFileInfo fi(m_agentPath);
    if (!fi.exists() || !fi.isExecutable()) {
        emit persistentError(u"the agent program '%1' does not exist or is not executable; "
                             "build it or set WIREBENCH_AGENT to its path"_s.arg(m_agentPath));
        return;
    }
    m_closing = false;
    m_buffer.clear();
    m_stderrTail.clear();
    m_process.start(m_agentPath, m_arguments, QIODevice::ReadWrite | QIODevice::Unbuffered);
}

void LocalTransport::close()
{
    if (m_process.state() == QProcess::NotRunning)
        return;
    m_closing = true;
    m_process.closeWriteChannel();
}

bool LocalTransport::isOpen() const
{
    return m_process.state() == QProcess::Running;
}

qint64 LocalTransport::processId() const
{
    return m_process.processId();
}

void LocalTransport::writeLine(const QByteArray &line)
{
    if (m_process.state() != QProcess::Running) {
        emit transientError(u"the local agent is not running"_s);
        return;
    }
    m_process.write(line);
}

void LocalTransport::handleReadyRead()
{
    m_buffer.append(m_process.readAllStandardOutput());
    qsizetype start = 0;
    for (;;) {
        const qsizetype nl = m_buffer.indexOf('\n', start);
        if (nl < 0)
            break;
        emit lineReceived(m_buffer.mid(start, nl - start));
        start = nl + 1;
    }
    m_buffer.remove(0, start);
    if (m_buffer.size() > kMaxLine) {
        m_buffer.clear();
        emit persistentError(u"the local agent sent a line longer than %1 bytes"_s.arg(kMaxLine));
        m_process.kill();
    }
}

void LocalTransport::handleErrorOccurred(QProcess::ProcessError error)
{
    if (error == QProcess::FailedToStart) {
        emit persistentError(u"could not start the agent '%1': %2"_s.arg(m_agentPath, m_process.errorString()));
    } else if (error == QProcess::Crashed && !m_closing) {
        // Reported from handleFinished with the stderr tail.
    }
}

void LocalTransport::handleFinished(int exitCode, QProcess::ExitStatus status)
{
    if (!m_closing) {
        const QString tail = QString::fromUtf8(m_stderrTail).trimmed();
        QString why = status == QProcess::CrashExit ? u"the local agent crashed"_s
                                                    : u"the local agent exited with code %1"_s.arg(exitCode);
        if (!tail.isEmpty())
            why += u": "_s + tail;
        emit transientError(why);
    }
    emit closed();
}

} // namespace wb
