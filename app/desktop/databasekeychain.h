// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The opt-in keychain for the shared database's password (Settings::
// databasePasswordInKeychain): read before connecting, written after the
// user typed a password that worked. Asynchronous (qtkeychain jobs), never
// blocking the GUI thread. Without a keychain (a headless session) every
// read answers "not stored" and writes are dropped, so the program falls
// back to ~/.pgpass or asking.

#include <QObject>
#include <QString>

#include <functional>
#include <optional>

namespace wb {

class DatabaseKeychain
{
public:
    // `url`: the database's URL; the entry is named by its display form
    // (no password), service "wirebench-database". `done` runs on
    // `context`'s thread unless it was destroyed.
    static void read(const QString &url, QObject *context, std::function<void(std::optional<QString>)> done);
    static void write(const QString &url, const QString &password);
};

} // namespace wb
