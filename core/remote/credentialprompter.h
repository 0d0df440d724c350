// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The seam through which the SSH layer asks the user something (an unknown
// host key, a key passphrase) without knowing how: the desktop program
// answers with dialogs, the CLI with a terminal prompt or a refusal, tests
// with fixed answers. Asynchronous by design: the caller passes a reply
// function and carries on with its event loop; the front end calls the
// reply exactly once, on the thread that asked (queue it there). Core code
// never opens a dialog itself.

#include <QString>

#include <functional>
#include <optional>

namespace wb {

class CredentialPrompter
{
public:
    enum class HostKeyAnswer { Reject, AcceptOnce, AcceptAndRemember };

    virtual ~CredentialPrompter() = default;

    // An unknown host key (trust on first use). `sha256Fingerprint` is shown
    // to the user as "SHA256:...". A changed key is never asked about: the
    // SSH layer refuses it and reports an error.
    virtual void askHostKey(const QString &host, int port, const QString &keyType, const QString &sha256Fingerprint,
                            std::function<void(HostKeyAnswer)> reply) = 0;
    // The passphrase of a private key; nullopt when the user cancelled.
    virtual void askPassphrase(const QString &host, const QString &keyFile,
                               std::function<void(std::optional<QString>)> reply) = 0;
};

} // namespace wb
