// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// One SSH-reachable lab host as the remote layer needs it. The inventory keeps
// richer host records; it converts them to this value when it opens a
// connection, so core/remote does not depend on core/inventory.

#include <QString>

namespace wb {

struct SshEndpoint
{
    // The name the user knows the host by: an alias from ~/.ssh/config or an
    // address. Used in every message and as the known_hosts lookup name unless
    // ~/.ssh/config or `address` gives another HostName.
    QString host;
    QString address; // the inventory's address; overrides HostName from ~/.ssh/config
    int port = 0; // 0: ~/.ssh/config, else 22
    QString user; // empty: ~/.ssh/config, else the local login name
    QString identityFile; // empty: ssh-agent, then ~/.ssh/config IdentityFile and the default keys
    // One ProxyJump hop, [user@]host[:port] (checked by the inventory);
    // overrides ~/.ssh/config's. libssh 0.10 has no ProxyJump of its own: it
    // runs the OpenSSH client as a ProxyCommand, as for ~/.ssh/config's.
    QString jumpHost;
    QString remoteAgentPath; // empty: $HOME/.local/lib/wirebench/<version>/wirebench-agent on the host

    // "user@host:port" with only the parts that were given, for messages.
    QString displayName() const
    {
        QString s = user.isEmpty() ? host : user + u'@' + host;
        if (port > 0)
            s += u':' + QString::number(port);
        return s;
    }
};

} // namespace wb
