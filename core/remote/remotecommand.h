// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Building command lines for a remote login shell. sshd hands the command
// string to the user's shell, so every value is POSIX-sh quoted, and values
// with a known shape (interface names, paths) are validated first: quoting
// stops injection, validation stops a well-quoted wrong value (an interface
// called "-a" or a path with a newline).

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <optional>

namespace wb {

// 'value' with every ' written as '\'' : safe for any byte except NUL.
QByteArray shellQuote(const QString &value);

// Linux interface names: 1..15 of [A-Za-z0-9_.:@-], no leading '-', not "." or "..".
bool isValidInterfaceName(const QString &name);

// An absolute path of [A-Za-z0-9_.,:@+=/~-] without "..": what Wirebench
// itself puts on a remote host.
bool isSafeRemotePath(const QString &path);

// argv joined into one quoted command line; no value (error set) when an
// argument holds a NUL or a newline, or argv is empty.
std::optional<QByteArray> buildRemoteCommand(const QStringList &argv, QString *error);

} // namespace wb
