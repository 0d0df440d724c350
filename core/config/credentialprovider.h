// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Secrets the user types: a key passphrase or an account password. Core asks
// through this interface and forgets the answer after one use; it never
// stores a secret in its own files. The CLI reads the terminal, the GUI shows
// a dialog, tests answer from a list. For a password the request may offer to
// remember it in the system keychain (a SecretStore); only when the user
// says so does the answer ask for that, and the password is stored only
// after the server accepted it.

#include <QByteArray>
#include <QString>
#include <functional>
#include <optional>

namespace wb {

struct CredentialRequest
{
    enum class Kind { KeyPassphrase, Password };
    Kind kind = Kind::KeyPassphrase;
    QString host; // the endpoint's display name
    QString prompt; // what to ask, naming the key file or the account
    QString account; // for a password: "user@host:port" as connected (the keychain entry's name)
    // For a password: a keychain is there; offer "remember in <offerRememberIn>".
    bool offerRemember = false;
    QString offerRememberIn; // "the system keychain"
    // A password stored earlier was refused; say so when asking again.
    bool storedPasswordRefused = false;
};

// What the user answered. Converts from a bare secret or std::nullopt, so a
// provider that never offers "remember" can reply as before.
struct CredentialAnswer
{
    CredentialAnswer() = default;
    CredentialAnswer(std::nullopt_t) { }
    CredentialAnswer(QByteArray s, bool rememberIt = false) : secret(std::move(s)), remember(rememberIt) { }
    CredentialAnswer(std::optional<QByteArray> s) : secret(std::move(s)) { }

    std::optional<QByteArray> secret; // none: the user cancelled
    bool remember = false; // the user opted into the keychain for this password
};

class CredentialProvider
{
public:
    virtual ~CredentialProvider() = default;
    // Called on the thread that owns the SshTransport; answer by calling
    // `reply` once, with no secret when the user cancels.
    virtual void provide(const CredentialRequest &request, std::function<void(CredentialAnswer)> reply) = 0;
};

} // namespace wb
