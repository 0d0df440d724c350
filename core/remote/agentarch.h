// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Which machine an agent binary was built for, read from its ELF header, and
// the same name for what `uname -m` says on a host, so deployment picks the
// agent built for the host and refuses a host it has none for with a message
// instead of an "Exec format error".

#include <QMap>
#include <QString>

namespace wb {

// "x86_64", "aarch64", "i686", "arm", "riscv64", "ppc64le", "s390x"; empty
// and *error set when the file is unreadable or not ELF.
QString elfArchitecture(const QString &path, QString *error);

// uname -m output in the names above ("amd64" -> "x86_64", "armv7l" -> "arm").
QString normalizeMachine(const QString &unameMachine);

// The program in `agents` (architecture -> path, as agentsBeside() gives)
// built for a host whose `uname -m` printed `unameMachine`. None: empty, and
// *error says what the host is and which architectures there are agents for.
QString pickAgent(const QMap<QString, QString> &agents, const QString &unameMachine, QString *error);

} // namespace wb
