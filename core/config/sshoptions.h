// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Client-side settings of every SSH connection: where the user's SSH files
// and Wirebench's own known_hosts live, timeouts and liveness. The settings
// registry fills it; SshTransport takes a copy, never the settings object.

#include <QDir>
#include <QStandardPaths>
#include <QString>

namespace wb {

struct SshOptions
{
    enum class Upload { Auto, Sftp, ExecCat };

    // The user's ~/.ssh. Empty: libssh's default (the passwd home, not $HOME).
    QString sshDir;
    // Read ~/.ssh/config (or configFile when set) for aliases, User, Port,
    // IdentityFile, ProxyJump. Explicit endpoint values still win.
    bool useSshConfig = true;
    QString configFile;
    // The user's known_hosts: read, never written. Empty: <sshDir>/known_hosts.
    QString userKnownHostsFile;
    // Wirebench's own known_hosts: read, and written by "trust always".
    QString wirebenchKnownHostsFile;
    // ssh-agent socket. Empty: $SSH_AUTH_SOCK. "none": do not use an agent.
    QString agentSocket;

    // The static agent to deploy; empty: locateAgent().
    QString localAgentPath;
    bool deployAgent = true;
    // Upload the agent even when the host's copy has the same content
    // (`hosts check --redeploy`).
    bool redeployAgent = false;
    Upload upload = Upload::Auto;

    int connectTimeoutMs = 10000; // TCP connect + SSH handshake, each blocking libssh call
    int commandTimeoutMs = 30000; // one remote helper command (uname, --version, upload)
    int promptTimeoutMs = 300000; // a host-key or passphrase question left unanswered
    // A helper command's stdout (and, apart, its stderr) is kept up to this
    // size; a command that prints more is stopped and reported, so a host
    // cannot make the controller's memory grow without limit.
    qsizetype maxCommandOutputBytes = 16 * 1024 * 1024;
    // Liveness: SSH keepalives at this interval keep unacknowledged data on a
    // dead link, so TCP_USER_TIMEOUT fires and the loss is seen.
    int keepaliveIntervalMs = 2000;
    int tcpUserTimeoutMs = 6000;

    // Where "trust always" records host keys unless told otherwise: beside
    // the results database in the user's data folder, shared by the desktop
    // program and the CLI. Never the user's ~/.ssh/known_hosts.
    static QString defaultWirebenchKnownHostsFile()
    {
        QString dir = QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation);
        if (dir.isEmpty())
            dir = QDir::homePath() + QStringLiteral("/.local/share");
        return dir + QStringLiteral("/wirebench/known_hosts");
    }
};

} // namespace wb
