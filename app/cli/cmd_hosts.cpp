// SPDX-License-Identifier: GPL-3.0-or-later
// `hosts check HOST...`: connect to each host over SSH, verify its key,
// authenticate, deploy or verify the agent (same version and same SHA-256 as
// the local one, or it is uploaded again; --redeploy uploads it whatever the
// host has) and print what the agent reports.

#include "clicommand.h"
#include "terminalcredentials.h"

#include "keychainsecretstore.h"

#include "config/fixedhostkeypolicy.h"
#include "config/secretstore.h"
#include "run/hostprobe.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTimer>
#include <fcntl.h>
#include <termios.h>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace {

struct HostsCheckOptions
{
    wb::ProbeTarget base;
    wb::SshOptions ssh;
    bool acceptNew = false;
    bool noKeychain = false;
    QStringList hosts;
};

// Checks the hosts one after the other and quits the event loop at the end.
class HostsChecker : public QObject
{
public:
    HostsChecker(HostsCheckOptions options, wb::cli::CliContext &ctx)
        : m_options(std::move(options))
        , m_ctx(ctx)
        , m_policy(m_options.acceptNew ? wb::HostKeyDecision::TrustAlways : wb::HostKeyDecision::Refuse)
    {
        wb::LabAccess access;
        access.ssh = m_options.ssh;
        access.hostKeys = &m_policy;
        access.credentials = &m_credentials;
        access.secrets = m_options.noKeychain ? nullptr : &m_keychain;
        m_probe = new wb::HostProbe(access, this);
        connect(m_probe, &wb::HostProbe::progressed, this, [this](const QString &m) {
            if (wb::HostProbe::isDeploymentStep(m) && !m_ctx.json)
                m_ctx.err << wb::cli::commandName(m_ctx) << ": " << m << '\n';
        });
        connect(m_probe, &wb::HostProbe::finished, this, &HostsChecker::report);
        connect(m_probe, &wb::HostProbe::failed, this, &HostsChecker::handleError);
        connect(m_probe, &wb::HostProbe::released, this, &HostsChecker::checkNext, Qt::QueuedConnection);
    }

    int failures() const { return m_failures; }

    void checkNext()
    {
        if (m_index >= m_options.hosts.size()) {
            QCoreApplication::exit(0);
            return;
        }
        wb::ProbeTarget target = m_options.base;
        target.name = m_options.hosts.at(m_index++);
        m_probe->start(target, 300000);
    }

private:
    void handleError(const QString &host, const QString &message)
    {
        ++m_failures;
        QString text = message;
        if (message.contains(u"was not accepted"_s))
            text += u"; compare the fingerprint with the host's own (ssh-keygen -lf "
                    u"/etc/ssh/ssh_host_ed25519_key.pub), "
                    "then run again with --accept-new-host-keys"_s;
        if (m_ctx.json) {
            QJsonObject o;
            o.insert(u"host"_s, host);
            o.insert(u"ok"_s, false);
            o.insert(u"error"_s, text);
            wb::cli::printJsonLine(m_ctx, u"host"_s, o);
        } else {
            m_ctx.err << wb::cli::commandName(m_ctx) << ": " << text << '\n';
        }
        m_ctx.out.flush();
        m_ctx.err.flush();
    }

    void report(const wb::ProbeReport &r)
    {
        const wb::HelloInfo &h = r.hello;
        const bool unknown = !r.sysinfoSupported;
        if (m_ctx.json) {
            QJsonObject o;
            o.insert(u"host"_s, r.host);
            o.insert(u"ok"_s, true);
            o.insert(u"host_key"_s, r.hostKeyFingerprint);
            o.insert(u"agent_path"_s, r.agentPath);
            o.insert(u"deployed"_s, !r.deployment.isEmpty());
            QJsonObject hello = h.toMessage(0).body;
            hello.remove(u"id"_s);
            hello.remove(u"type"_s);
            o.insert(u"hello"_s, hello);
            if (!unknown)
                o.insert(u"sysinfo"_s, r.sysinfo);
            wb::cli::printJsonLine(m_ctx, u"host"_s, o);
        } else {
            m_ctx.out << "host:         " << r.host << '\n'
                      << "host key:     " << r.hostKeyFingerprint << '\n'
                      << "agent:        " << r.agentPath
                      << (r.deployment.isEmpty() ? " (up to date)" : " (deployed now)") << '\n'
                      << "version:      " << h.agentVersion << " (protocol " << h.protocol << ")\n"
                      << "system:       " << h.host << " (" << h.os << ' ' << h.arch << "), agent pid "
                      << h.pid << '\n'
                      << "capabilities: " << h.capabilities.join(u", "_s) << '\n';
            for (auto it = r.sysinfo.begin(); it != r.sysinfo.end(); ++it) {
                const QJsonValue v = it.value();
                const QString text = v.isString() ? v.toString()
                    : v.isDouble()                ? QString::number(v.toDouble(), 'g', 15)
                    : v.isBool()
                    ? (v.toBool() ? u"true"_s : u"false"_s)
                    : QString::fromUtf8(QJsonDocument(QJsonObject { { u"v"_s, v } }).toJson(QJsonDocument::Compact))
                          .mid(5)
                          .chopped(1);
                m_ctx.out << (it.key() + u':').leftJustified(14) << text << '\n';
            }
            m_ctx.out << '\n';
        }
        m_ctx.out.flush();
    }

    HostsCheckOptions m_options;
    wb::cli::CliContext &m_ctx;
    wb::FixedHostKeyPolicy m_policy;
    wb::cli::TerminalCredentials m_credentials;
    wb::KeychainSecretStore m_keychain;
    wb::HostProbe *m_probe = nullptr;
    qsizetype m_index = 0;
    int m_failures = 0;
};

int hostsCheck(wb::cli::CliContext &ctx)
{
    HostsCheckOptions o;
    o.ssh.wirebenchKnownHostsFile = wb::SshOptions::defaultWirebenchKnownHostsFile();
    const QStringList &a = ctx.args;
    auto usage = [&](const QString &why) {
        return wb::cli::usageError(ctx, why);
    };
    for (qsizetype i = 0; i < a.size(); ++i) {
        const QString &arg = a.at(i);
        auto value = [&](QString *out) {
            if (i + 1 >= a.size())
                return false;
            *out = a.at(++i);
            return true;
        };
        QString v;
        if (arg == u"--port"_s) {
            bool ok = false;
            if (!value(&v) || (o.base.port = v.toInt(&ok), !ok) || o.base.port < 1 || o.base.port > 65535)
                return usage(u"--port needs a number from 1 to 65535"_s);
        } else if (arg == u"--user"_s) {
            if (!value(&o.base.user) || o.base.user.isEmpty())
                return usage(u"--user needs a user name"_s);
        } else if (arg == u"--identity"_s) {
            if (!value(&o.base.identityFile))
                return usage(u"--identity needs a key file"_s);
        } else if (arg == u"--known-hosts"_s) {
            if (!value(&o.ssh.wirebenchKnownHostsFile))
                return usage(u"--known-hosts needs a file"_s);
        } else if (arg == u"--ssh-dir"_s) {
            if (!value(&o.ssh.sshDir))
                return usage(u"--ssh-dir needs a directory"_s);
        } else if (arg == u"--agent-path"_s) {
            if (!value(&o.base.agentPath))
                return usage(u"--agent-path needs an absolute path"_s);
        } else if (arg == u"--accept-new-host-keys"_s) {
            o.acceptNew = true;
        } else if (arg == u"--no-keychain"_s) {
            o.noKeychain = true;
        } else if (arg == u"--redeploy"_s) {
            o.ssh.redeployAgent = true;
        } else {
            o.hosts << arg;
        }
    }
    if (o.hosts.isEmpty())
        return usage(u"name at least one host"_s);

    HostsChecker checker(o, ctx);
    QTimer::singleShot(0, &checker, &HostsChecker::checkNext);
    QCoreApplication::exec();
    return checker.failures() == 0 ? wb::cli::kExitOk : wb::cli::kExitFailure;
}

} // namespace

const QList<wb::cli::Option> kHostsCheckOptions = QList<wb::cli::Option>{
    {u"--port"_s, u"N"_s, u"the SSH port"_s},
    {u"--user"_s, u"U"_s, u"the SSH user"_s},
    {u"--identity"_s, u"FILE"_s, u"the SSH private key"_s},
    {u"--agent-path"_s, u"PATH"_s, u"where the agent goes on the host (an absolute path)"_s},
    {u"--redeploy"_s, {}, u"upload the agent even when the host's copy is the same"_s}}
    + wb::cli::sshTrustOptions() + QList{wb::cli::jsonOption()};
WB_CLI_COMMAND(u"hosts check"_s,
    u"[--port N] [--user U] [--identity FILE] [--known-hosts FILE] [--ssh-dir DIR] "
    "[--agent-path PATH] [--accept-new-host-keys] [--no-keychain] [--redeploy] HOST..."_s,
    u"connect over SSH, verify the host key, deploy the agent and print what it reports"_s,
    kHostsCheckOptions, hostsCheck);

namespace {

// `hosts forget-password USER@HOST:PORT`: removes a password the user chose
// to remember from the system keychain (it is removed by itself when the
// host refuses it).
int hostsForgetPassword(wb::cli::CliContext &ctx)
{
    static const QRegularExpression kAccount(uR"(^[^@\s]+@\S+:(\d{1,5})$)"_s);
    if (ctx.args.size() != 1 || !kAccount.match(ctx.args.first()).hasMatch()) {
        return wb::cli::usageError(ctx,
                                   u"name one account as USER@HOST:PORT, as the password prompt showed it"_s);
    }
    const QString account = ctx.args.first();
    wb::KeychainSecretStore keychain;
    int exitCode = wb::cli::kExitFailure;
    QObject context;
    // Started from the event loop, so that an answer given at once still ends it.
    QTimer::singleShot(0, &context, [&] {
        keychain.removeSecret(wb::sshPasswordSecretService(), account, [&](const QString &error) {
            if (error.isEmpty() && ctx.json) {
                wb::cli::printJsonLine(ctx, u"password_removed"_s,
                                       QJsonObject{{u"account"_s, account}, {u"keychain"_s, keychain.displayName()}});
                exitCode = wb::cli::kExitOk;
            } else if (error.isEmpty()) {
                ctx.out << "removed the password for " << account << " from " << keychain.displayName()
                        << " (if one was stored)\n";
                exitCode = wb::cli::kExitOk;
            } else {
                ctx.err << wb::cli::commandName(ctx) << ": " << keychain.displayName() << " could not be reached: " << error
                        << '\n';
            }
            ctx.out.flush();
            ctx.err.flush();
            QCoreApplication::exit(0);
        });
    });
    QCoreApplication::exec();
    return exitCode;
}

} // namespace

WB_CLI_COMMAND(u"hosts forget-password"_s, u"USER@HOST:PORT"_s,
    u"remove a remembered SSH password from the system keychain"_s,
    {wb::cli::jsonOption()}, hostsForgetPassword);
