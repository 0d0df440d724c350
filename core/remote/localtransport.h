// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Runs the agent as a child process of this program: the "local lab" where
// both ends of a test live on this machine.

#include "agenttransport.h"

#include <QProcess>
#include <QStringList>

namespace wb {

class LocalTransport : public AgentTransport
{
    Q_OBJECT
public:
    explicit LocalTransport(QString agentPath, QObject *parent = nullptr);
    ~LocalTransport() override;

    void setArguments(const QStringList &arguments) { m_arguments = arguments; }
    QString peerName() const override;
    void open() override;
    void close() override;
    bool isOpen() const override;
    void writeLine(const QByteArray &line) override;
    qint64 processId() const;

private:
    void handleReadyRead();
    void handleErrorOccurred(QProcess::ProcessError error);
    void handleFinished(int exitCode, QProcess::ExitStatus status);

    QString m_agentPath;
    QStringList m_arguments{QStringLiteral("--stdio")};
    QProcess m_process;
    QByteArray m_buffer;
    QByteArray m_stderrTail;
    bool m_closing = false;
};

} // namespace wb
