// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Which machine an agent binary was built for, read from its ELF header, and
// the same name for what `uname -m` says on a host, so deployment can refuse
// to copy an x86-64 agent onto an ARM box with a message instead of an
// "Exec format error".

#include <QString>

namespace wb {

// "x86_64", "aarch64", "i686", "arm", "riscv64", "ppc64le", "s390x"; empty
// and *error set when the file is unreadable or not ELF.
QString elfArchitecture(const QString &path, QString *error);

// uname -m output in the names above ("amd64" -> "x86_64", "armv7l" -> "arm").
QString normalizeMachine(const QString &unameMachine);

} // namespace wb
