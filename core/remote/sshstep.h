// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The outcome of one step of setting up an SSH connection (connect, host
// key, auth, deployment): fine, or failed with a message and whether a retry
// could help (transient) or not (persistent), as AgentTransport reports it.

#include <QString>

namespace wb {

struct SshStep
{
    enum class Failure { None, Transient, Persistent };
    Failure failure = Failure::None;
    QString message;

    explicit operator bool() const { return failure == Failure::None; }
    static SshStep transient(QString message) { return { Failure::Transient, std::move(message) }; }
    static SshStep persistent(QString message) { return { Failure::Persistent, std::move(message) }; }
};

} // namespace wb
