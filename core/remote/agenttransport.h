// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A byte channel to one agent's stdin/stdout, carrying protocol lines. The
// local lab runs the agent as a child process; remote hosts run it over an
// SSH exec channel. Callers never block: open() starts the agent, lines arrive
// by signal. Errors are split like the protocol's: a transient one may go away
// on retry (a host that is rebooting), a persistent one will not (no such
// program, wrong protocol).

#include <QByteArray>
#include <QObject>
#include <QString>

namespace wb {

class AgentTransport : public QObject
{
    Q_OBJECT
public:
    using QObject::QObject;
    ~AgentTransport() override = default;

    // A short name for logs and error messages ("local", "lab1.example").
    virtual QString peerName() const = 0;
    virtual void open() = 0;
    virtual void close() = 0;
    virtual bool isOpen() const = 0;
    // Queues one complete line (the caller supplies the trailing newline).
    virtual void writeLine(const QByteArray &line) = 0;

signals:
    void opened();
    void lineReceived(const QByteArray &line);
    void transientError(const QString &message);
    void persistentError(const QString &message);
    // The agent's output ended (the process exited or the channel closed).
    void closed();
};

} // namespace wb
