// SPDX-License-Identifier: GPL-3.0-or-later
#include "agentdeployer.h"

#include "agentarch.h"
#include "agentlocator.h"
#include "protocol/agentmessage.h"
#include "remotecommand.h"

#include <QCryptographicHash>
#include <QFile>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <fcntl.h>
#include <libssh/sftp.h>

using namespace Qt::StringLiterals;

namespace wb {

namespace {

    constexpr qsizetype kSftpChunk = 32 * 1024; // larger sftp_write calls break 0.10 sessions

    QString expectedAgentVersionLine()
    {
        return u"wirebench-agent %1 protocol %2"_s.arg(QStringLiteral(WIREBENCH_VERSION))
            .arg(kAgentProtocolVersion);
    }

    // How the probe marks the installed agent's hash among its output lines.
    constexpr char kHashPrefix[] = "sha256 ";

    // Hex SHA-256 of a local file; empty when it cannot be read.
    QString fileSha256(const QString &path)
    {
        QFile f(path);
        if (!f.open(QIODevice::ReadOnly))
            return {};
        QCryptographicHash hash(QCryptographicHash::Sha256);
        if (!hash.addData(&f))
            return {};
        return QString::fromLatin1(hash.result().toHex());
    }

} // namespace

AgentDeployer::AgentDeployer(
    ssh_session session, const SshEndpoint &endpoint, const SshOptions &options, Exec exec, Progress progress)
    : m_session(session)
    , m_endpoint(endpoint)
    , m_options(options)
    , m_exec(std::move(exec))
    , m_progress(std::move(progress))
{
}

QMap<QString, QString> AgentDeployer::localAgents(QString *error) const
{
    if (m_options.localAgentPath.isEmpty()) {
        const QMap<QString, QString> agents = locateAgents();
        if (!agents.isEmpty())
            return agents;
    }
    // An agent named by the caller is the only one; without any, the native
    // agent's path says what is wrong with it.
    const QString path = m_options.localAgentPath.isEmpty() ? locateAgent() : m_options.localAgentPath;
    const QString arch = elfArchitecture(path, error);
    if (arch.isEmpty())
        return {};
    return { { arch, path } };
}

QString AgentDeployer::where() const
{
    return m_endpoint.displayName();
}

QString AgentDeployer::sshError() const
{
    return QString::fromUtf8(ssh_get_error(m_session));
}

RemoteCommandResult AgentDeployer::exec(const QByteArray &command, const QByteArray &input)
{
    return m_exec(command, input, m_options.commandTimeoutMs);
}

RemoteCommandResult AgentDeployer::execClean(const QByteArray &command, const QByteArray &input)
{
    return stripLoginNoise(exec(QByteArray("printf '%s\\n' ") + kOutputMarker + "; " + command, input));
}

SshStep AgentDeployer::ensureAgent()
{
    // One round trip learns $HOME, the machine and the installed agent's
    // version: connecting to a host that is up to date costs a single exec.
    QString remotePath = m_endpoint.remoteAgentPath;
    const bool explicitPath = !remotePath.isEmpty();
    if (explicitPath && !isSafeRemotePath(remotePath))
        return SshStep::persistent(
            u"%1: refusing the remote agent path '%2': only absolute paths of letters, digits "
            "and _.,:@+=/~- are used on hosts"_s.arg(where(), remotePath));
    // "$HOME" inside double quotes is expanded once and never re-parsed.
    const QByteArray agentExpr = explicitPath
        ? shellQuote(remotePath)
        : QByteArray("\"$HOME\"/.local/lib/wirebench/" WIREBENCH_VERSION "/wirebench-agent");
    // A marker line first: login scripts that print a banner must not shift the answers.
    // The hash tells a rebuilt agent of the same version from the one we
    // have (sha256sum from coreutils or busybox, else Perl's shasum).
    const QByteArray probe = QByteArray("printf '%s\\n' ") + kOutputMarker + " \"$HOME\"; uname -m; if [ -x "
        + agentExpr + " ]; then " + agentExpr + " --version 2>/dev/null; h=$( (sha256sum || shasum -a 256) < "
        + agentExpr + " 2>/dev/null) && printf '" + kHashPrefix + "%s\\n' \"${h%% *}\"; fi; exit 0";
    const RemoteCommandResult info = exec(probe, {});
    if (!info.error.isEmpty())
        return SshStep::transient(u"%1: cannot query the host: %2"_s.arg(where(), info.error));
    const QString text = QString::fromUtf8(info.stdOut);
    const qsizetype marker = text.indexOf(QLatin1StringView(kOutputMarker) + u'\n');
    const QStringList lines
        = marker < 0 ? QStringList() : text.mid(marker + qsizetype(sizeof kOutputMarker)).split(u'\n');
    if (info.exitStatus != 0 || lines.size() < 2 || lines.at(1).trimmed().isEmpty())
        return SshStep::persistent(u"%1: `uname -m` failed on the host: %2"_s.arg(
            where(), QString::fromUtf8(info.stdErr + info.stdOut).trimmed()));
    const QString machine = lines.at(1).trimmed();
    m_remoteArch = normalizeMachine(machine);
    if (!explicitPath) {
        remotePath = u"%1/.local/lib/wirebench/%2/wirebench-agent"_s.arg(
            lines.at(0), QStringLiteral(WIREBENCH_VERSION));
        if (!isSafeRemotePath(remotePath))
            return SshStep::persistent(
                u"%1: refusing the remote agent path '%2' (from $HOME): only absolute paths of "
                "letters, digits and _.,:@+=/~- are used on hosts; set the host's agent path"_s.arg(
                    where(), remotePath));
    }
    m_agentPath = remotePath;
    QStringList versionLines;
    QString remoteHash;
    for (const QString &line : lines.mid(2)) {
        if (line.startsWith(QLatin1StringView(kHashPrefix)))
            remoteHash = line.mid(qsizetype(sizeof kHashPrefix) - 1).trimmed().toLower();
        else
            versionLines << line;
    }
    const QString found = versionLines.join(u'\n').trimmed();
    const bool sameVersion = found == expectedAgentVersionLine();
    // With deployment off the user manages the agents: the version is all
    // that is asked of them.
    if (sameVersion && !m_options.deployAgent)
        return {};
    // The agent built for this host's machine, among those this Wirebench has.
    QString agentsError;
    const QMap<QString, QString> agents = localAgents(&agentsError);
    QString pickError;
    const QString local = pickAgent(agents, machine, &pickError);
    QString why; // why an agent of the right version is replaced
    if (sameVersion && m_options.redeployAgent) {
        why = u"redeploy asked for"_s;
    } else if (sameVersion) {
        // Without an agent built here for that machine, the one installed
        // there (built for it by hand) cannot be compared: the version has to do.
        if (local.isEmpty())
            return {};
        const QString localHash = fileSha256(local);
        if (localHash.isEmpty()) {
            // Nothing to compare with and nothing to upload: the version has to do.
            m_progress(u"%1: cannot compare the agent at %2 with %3 (unreadable here); keeping it"_s.arg(
                where(), remotePath, local));
            return {};
        }
        if (remoteHash == localHash)
            return {};
        why = remoteHash.isEmpty() ? u"the host cannot hash it (no sha256sum or shasum)"_s
                                   : u"same version, other content: sha256 %1 there, %2 here"_s.arg(
                                         remoteHash.left(16), localHash.left(16));
    }
    if (!m_options.deployAgent) {
        return SshStep::persistent(
            u"%1: the agent at %2 is %3, this Wirebench needs '%4', and deployment is off"_s.arg(where(),
                remotePath, found.isEmpty() ? u"missing"_s : u"'"_s + found + u"'"_s,
                expectedAgentVersionLine()));
    }
    if (agents.isEmpty())
        return SshStep::persistent(u"%1: cannot deploy: %2"_s.arg(where(), agentsError));
    if (local.isEmpty()) {
        // The machine's name came from the host: only a plain one goes into a path.
        static const QRegularExpression plainName(u"^[A-Za-z0-9_.-]{1,32}$"_s);
        QString hint;
        if (plainName.match(m_remoteArch).hasMatch()) {
            hint = m_options.localAgentPath.isEmpty()
                ? u"; build wirebench-agent for %1 and put it at %2"_s.arg(
                    m_remoteArch, crossAgentPath(locateAgent(), m_remoteArch))
                : u"; build wirebench-agent for %1 to deploy to this host"_s.arg(m_remoteArch);
        }
        return SshStep::persistent(u"%1: cannot deploy: %2%3"_s.arg(where(), pickError, hint));
    }
    m_progress(found.isEmpty() ? u"%1: deploying the agent to %2"_s.arg(where(), remotePath)
            : why.isEmpty()    ? u"%1: replacing agent '%2' at %3"_s.arg(where(), found, remotePath)
                            : u"%1: replacing agent '%2' at %3 (%4)"_s.arg(where(), found, remotePath, why));
    if (SshStep up = upload(local, remotePath); !up)
        return up;
    const RemoteCommandResult ver = execClean(shellQuote(remotePath) + " --version", {});
    const QString now = QString::fromUtf8(ver.stdOut).trimmed();
    if (!ver.error.isEmpty() || ver.exitStatus != 0 || now != expectedAgentVersionLine()) {
        return SshStep::persistent(u"%1: the deployed agent at %2 does not run: %3"_s.arg(where(), remotePath,
            !ver.error.isEmpty()
                ? ver.error
                : u"it printed '%1' (stderr: %2)"_s.arg(
                    QString::fromUtf8(ver.stdOut).trimmed(), QString::fromUtf8(ver.stdErr).trimmed())));
    }
    m_progress(u"%1: deployed agent %2 to %3"_s.arg(where(), QStringLiteral(WIREBENCH_VERSION), remotePath));
    return {};
}

SshStep AgentDeployer::upload(const QString &localPath, const QString &remotePath)
{
    QFile f(localPath);
    if (!f.open(QIODevice::ReadOnly))
        return SshStep::persistent(
            u"%1: cannot read the agent '%2': %3"_s.arg(where(), localPath, f.errorString()));
    const QString dir = remotePath.section(u'/', 0, -2);
    const QString tmp = u"%1/.wirebench-agent.%2.tmp"_s.arg(dir).arg(
        QRandomGenerator::global()->generate64(), 16, 16, QChar(u'0'));
    const RemoteCommandResult mk = exec("mkdir -p -- " + shellQuote(dir), {});
    if (!mk.succeeded())
        return SshStep::persistent(u"%1: cannot create %2: %3"_s.arg(
            where(), dir, mk.error.isEmpty() ? QString::fromUtf8(mk.stdErr).trimmed() : mk.error));
    bool noSftp = false;
    SshStep step;
    if (m_options.upload != SshOptions::Upload::ExecCat) {
        // Streamed from the file: a whole agent (tens of MB with debug
        // information) held by every session's thread would stay in that
        // thread's malloc arena after the upload.
        step = uploadBySftp(f, tmp, &noSftp);
        if (step) {
            // rename() onto an existing file fails over SFTP; mv -f replaces atomically.
            const RemoteCommandResult mv
                = exec("mv -f -- " + shellQuote(tmp) + ' ' + shellQuote(remotePath), {});
            if (mv.succeeded())
                return {};
            step = SshStep::persistent(u"%1: cannot move the agent into place: %2"_s.arg(
                where(), mv.error.isEmpty() ? QString::fromUtf8(mv.stdErr).trimmed() : mv.error));
        }
        exec("rm -f -- " + shellQuote(tmp), {});
        if (!noSftp || m_options.upload == SshOptions::Upload::Sftp)
            return step;
        m_progress(u"%1: no SFTP subsystem, uploading through the shell"_s.arg(where()));
    }
    if (!f.seek(0))
        return SshStep::persistent(
            u"%1: cannot read the agent '%2': %3"_s.arg(where(), localPath, f.errorString()));
    return uploadByExec(f.readAll(), tmp, remotePath);
}

SshStep AgentDeployer::uploadBySftp(QFile &source, const QString &tmpPath, bool *noSftp)
{
    sftp_session sftp = sftp_new(m_session);
    if (!sftp) {
        *noSftp = true;
        return SshStep::transient(u"%1: cannot open SFTP: %2"_s.arg(where(), sshError()));
    }
    if (sftp_init(sftp) != SSH_OK) {
        sftp_free(sftp);
        *noSftp = true;
        return SshStep::transient(u"%1: the host has no SFTP subsystem"_s.arg(where()));
    }
    const QByteArray p = tmpPath.toUtf8();
    sftp_file file = sftp_open(sftp, p.constData(), O_WRONLY | O_CREAT | O_EXCL, 0700);
    if (!file) {
        const QString why = sshError();
        sftp_free(sftp);
        return SshStep::persistent(u"%1: cannot create %2 over SFTP: %3"_s.arg(where(), tmpPath, why));
    }
    QByteArray chunk(kSftpChunk, Qt::Uninitialized);
    for (;;) {
        const qint64 n = source.read(chunk.data(), chunk.size());
        if (n == 0)
            break;
        if (n < 0 || sftp_write(file, chunk.constData(), static_cast<size_t>(n)) != n) {
            const QString why = n < 0 ? u"cannot read the agent: %1"_s.arg(source.errorString()) : sshError();
            sftp_close(file);
            sftp_free(sftp);
            return SshStep::persistent(u"%1: uploading the agent failed: %2"_s.arg(where(), why));
        }
    }
    const int closed = sftp_close(file);
    const int chmodRc = sftp_chmod(sftp, p.constData(), 0755);
    sftp_free(sftp);
    if (closed != SSH_OK || chmodRc != SSH_OK)
        return SshStep::persistent(
            u"%1: finishing the upload of %2 failed: %3"_s.arg(where(), tmpPath, sshError()));
    return {};
}

SshStep AgentDeployer::uploadByExec(const QByteArray &data, const QString &tmpPath, const QString &finalPath)
{
    const QByteArray cmd = "umask 077 && cat > " + shellQuote(tmpPath) + " && chmod 0755 "
        + shellQuote(tmpPath) + " && mv -f -- " + shellQuote(tmpPath) + ' ' + shellQuote(finalPath);
    const RemoteCommandResult r = exec(cmd, data);
    if (r.succeeded())
        return {};
    exec("rm -f -- " + shellQuote(tmpPath), {});
    return SshStep::persistent(u"%1: uploading the agent through the shell failed: %2"_s.arg(
        where(), r.error.isEmpty() ? QString::fromUtf8(r.stdErr).trimmed() : r.error));
}

} // namespace wb
