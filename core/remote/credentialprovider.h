// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Secrets the user types: a key passphrase or an account password. Core asks
// through this interface and forgets the answer after one use; it never
// stores a secret anywhere. The CLI reads the terminal, the GUI shows a
// dialog (and may offer the system keychain), tests answer from a list.

#include <QByteArray>
#include <QString>

#include <functional>
#include <optional>

namespace wb {

struct CredentialRequest
{
    enum class Kind { KeyPassphrase, Password };
    Kind kind = Kind::KeyPassphrase;
    QString host;   // the endpoint's display name
    QString prompt; // what to ask, naming the key file or the account
};

class CredentialProvider
{
public:
    virtual ~CredentialProvider() = default;
    // Called on the thread that owns the SshTransport; answer by calling
    // `reply` once, with no value when the user cancels.
    virtual void provide(const CredentialRequest &request,
                         std::function<void(std::optional<QByteArray>)> reply) = 0;
};

} // namespace wb
