// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// How the command line reaches lab hosts: unknown host keys refused unless
// --accept-new-host-keys (then recorded in Wirebench's own known_hosts),
// changed keys always refused; passphrases asked on the terminal (never
// for a scheduled run); the
// system keychain unless --no-keychain. `run`, `experiment` and
// `inventory discover` share it.

#include "terminalcredentials.h"

#include "keychainsecretstore.h"

#include "config/fixedhostkeypolicy.h"
#include "run/hostprobe.h"

namespace wb::cli {

struct CliLabAccess
{
    // `prompt` false (a scheduled run): nothing is asked; a key that needs a
    // passphrase or a password not in the keychain is not answered.
    CliLabAccess(const QString &knownHosts, const QString &sshDir, bool acceptNewHostKeys, bool noKeychain,
                 bool prompt = true)
        : policy(acceptNewHostKeys ? HostKeyDecision::TrustAlways : HostKeyDecision::Refuse)
    {
        access.ssh.wirebenchKnownHostsFile =
            knownHosts.isEmpty() ? SshOptions::defaultWirebenchKnownHostsFile() : knownHosts;
        access.ssh.sshDir = sshDir;
        access.hostKeys = &policy;
        access.credentials = prompt ? static_cast<CredentialProvider *>(&credentials) : &unanswered;
        access.secrets = noKeychain ? nullptr : &keychain;
    }
    CliLabAccess(const CliLabAccess &) = delete;
    CliLabAccess &operator=(const CliLabAccess &) = delete;

    struct Unanswered : CredentialProvider
    {
        void provide(const CredentialRequest &, std::function<void(CredentialAnswer)> reply) override
        {
            reply(std::nullopt);
        }
    };

    FixedHostKeyPolicy policy;
    TerminalCredentials credentials;
    Unanswered unanswered;
    KeychainSecretStore keychain;
    LabAccess access; // points at the members above
};

} // namespace wb::cli
