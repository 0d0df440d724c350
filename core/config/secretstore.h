// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A place outside Wirebench's own files for a secret the user chose to keep
// (an SSH password, a database password): the system keychain in the desktop
// program and the CLI, a map in tests. Only an interface, so that core code
// can use it without linking a keychain library; the app layer supplies the
// implementation (app/secrets/keychainsecretstore.*). Nothing else may hold a
// secret beyond one use: not the settings, the database, a log or an export.
//
// Keychains answer over D-Bus, so every call is asynchronous: the reply is
// called exactly once, on the caller's thread, possibly before the call
// returns. A store that cannot be reached (no keychain service running, as on
// a headless machine) answers with an error; callers treat that as "nothing
// stored" and go on.

#include <QByteArray>
#include <QString>
#include <functional>
#include <optional>

namespace wb {

class SecretStore
{
public:
    // secret: the stored value, or none when nothing is stored under that
    // name. error: empty, or why the store could not be asked.
    using ReadReply = std::function<void(std::optional<QByteArray> secret, const QString &error)>;
    // error: empty when done.
    using Reply = std::function<void(const QString &error)>;

    virtual ~SecretStore() = default;

    // `service` groups the secrets of one kind ("wirebench-ssh"); `account`
    // names one of them ("user@host:port").
    virtual void readSecret(const QString &service, const QString &account, ReadReply reply) = 0;
    virtual void writeSecret(
        const QString &service, const QString &account, const QByteArray &secret, Reply reply)
        = 0;
    // Removing what is not there is not an error.
    virtual void removeSecret(const QString &service, const QString &account, Reply reply) = 0;
    // For messages and prompts: "the system keychain".
    virtual QString displayName() const = 0;
};

// The service under which SSH passwords the user chose to remember are kept.
inline QString sshPasswordSecretService()
{
    return QStringLiteral("wirebench-ssh");
}

} // namespace wb
