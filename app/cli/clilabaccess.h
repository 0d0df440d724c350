// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// How the command line reaches lab hosts: unknown host keys refused unless
// --accept-new-host-keys (then recorded in Wirebench's own known_hosts),
// changed keys always refused; passphrases asked on the terminal; the
// system keychain unless --no-keychain. `run`, `experiment` and
// `inventory discover` share it.

#include "terminalcredentials.h"

#include "keychainsecretstore.h"

#include "config/fixedhostkeypolicy.h"
#include "run/hostprobe.h"

namespace wb::cli {

struct CliLabAccess
{
    CliLabAccess(const QString &knownHosts, const QString &sshDir, bool acceptNewHostKeys, bool noKeychain)
        : policy(acceptNewHostKeys ? HostKeyDecision::TrustAlways : HostKeyDecision::Refuse)
    {
        access.ssh.wirebenchKnownHostsFile =
            knownHosts.isEmpty() ? SshOptions::defaultWirebenchKnownHostsFile() : knownHosts;
        access.ssh.sshDir = sshDir;
        access.hostKeys = &policy;
        access.credentials = &credentials;
        access.secrets = noKeychain ? nullptr : &keychain;
    }
    CliLabAccess(const CliLabAccess &) = delete;
    CliLabAccess &operator=(const CliLabAccess &) = delete;

    FixedHostKeyPolicy policy;
    TerminalCredentials credentials;
    KeychainSecretStore keychain;
    LabAccess access; // points at the members above
};

} // namespace wb::cli
