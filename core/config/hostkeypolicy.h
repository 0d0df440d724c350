// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The decision about a host key that is in neither known_hosts file. Core
// never asks the user itself: the CLI answers from its flags, the GUI from a
// dialog. A changed key never reaches the policy: it is always refused.

#include <QString>
#include <functional>

namespace wb {

struct HostKeyQuestion
{
    QString host; // as the user named it
    QString knownHostsName; // "[addr]:port" or "addr", the known_hosts entry name
    QString keyType; // "ssh-ed25519"
    QString sha256Fingerprint; // "SHA256:..." as ssh-keygen -l prints it
};

enum class HostKeyDecision { Refuse, TrustOnce, TrustAlways };

class HostKeyPolicy
{
public:
    virtual ~HostKeyPolicy() = default;
    // Called on the thread that owns the SshTransport; answer by calling
    // `reply` exactly once, now or later (a dialog), from that thread.
    virtual void decide(const HostKeyQuestion &question, std::function<void(HostKeyDecision)> reply) = 0;
};

} // namespace wb
