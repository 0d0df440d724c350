// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Makes sure the agent this controller was built with is on a host: one
// probe exec learns $HOME, `uname -m`, the installed agent's --version and
// the SHA-256 of its file. The local static agent built for that machine is
// picked from those this Wirebench has (locateAgents(): the package carries
// x86_64 and aarch64); when the host's agent is missing, another version or
// another binary of the same version (a rebuild), that one is uploaded (SFTP,
// or exec + cat where the host has no SFTP subsystem) to a temporary name in
// the per-user directory, made 0755 and moved into place with mv -f, so
// concurrent deployers and running agents never see a half file. A host of a
// machine there is no agent for is refused with a message naming its machine
// and the architectures there are agents for. Runs on the SSH worker's
// thread, on its session.

#include "remotecommandresult.h"
#include "sshendpoint.h"
#include "config/sshoptions.h"
#include "sshstep.h"

#include <QFile>
#include <QMap>
#include <functional>
#include <libssh/libssh.h>

namespace wb {

class AgentDeployer
{
public:
    using Exec = std::function<RemoteCommandResult(
        const QByteArray &command, const QByteArray &input, int timeoutMs)>;
    using Progress = std::function<void(const QString &message)>;

    AgentDeployer(ssh_session session, const SshEndpoint &endpoint, const SshOptions &options, Exec exec,
        Progress progress);

    SshStep ensureAgent();
    // Known after ensureAgent() got that far.
    const QString &agentPath() const { return m_agentPath; }
    const QString &remoteArch() const { return m_remoteArch; }

private:
    // Architecture -> local agent program; SshOptions::localAgentPath, when
    // set, is the only one. Empty, with *error, when there is none.
    QMap<QString, QString> localAgents(QString *error) const;
    SshStep upload(const QString &localPath, const QString &remotePath);
    SshStep uploadBySftp(QFile &source, const QString &tmpPath, bool *noSftp);
    SshStep uploadByExec(const QByteArray &data, const QString &tmpPath, const QString &finalPath);
    RemoteCommandResult exec(const QByteArray &command, const QByteArray &input);
    RemoteCommandResult execClean(const QByteArray &command, const QByteArray &input);
    QString where() const;
    QString sshError() const;

    ssh_session m_session;
    const SshEndpoint &m_endpoint;
    const SshOptions &m_options;
    Exec m_exec;
    Progress m_progress;
    QString m_agentPath;
    QString m_remoteArch;
};

} // namespace wb
