// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What the integration tests and benchmarks know about the throwaway sshd
// started by sshd_fixture.sh (WB_SSHD_DIR): its ports, keys and host key, and
// a per-test client setup that never reads the real ~/.ssh or ssh-agent.

#include "remote/sshendpoint.h"
#include "config/sshoptions.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QString>
#include <QTemporaryDir>
#include <pwd.h>
#include <unistd.h>

namespace wbtest {

inline QString sshdDir()
{
    return qEnvironmentVariable("WB_SSHD_DIR");
}

inline QString fixtureFile(const QString &name)
{
    return sshdDir() + QLatin1Char('/') + name;
}

inline int sshdPort(const QString &which = QStringLiteral("main"))
{
    QFile f(fixtureFile(QStringLiteral("port_") + which));
    if (!f.open(QIODevice::ReadOnly))
        return 0;
    return f.readAll().trimmed().toInt();
}

inline QString loginName()
{
    const passwd *pw = getpwuid(getuid());
    return pw ? QString::fromLocal8Bit(pw->pw_name) : QString();
}

// The password-only server ("pw", started only as root): its account and the
// random password the fixture gave it. Empty when there is none.
inline QString passwordUser()
{
    QFile f(fixtureFile(QStringLiteral("pw_user")));
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll().trimmed()) : QString();
}

inline QByteArray fixturePassword()
{
    QFile f(fixtureFile(QStringLiteral("pw_password")));
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// "ssh-ed25519 AAAA..." of a fixture key's .pub file.
inline QByteArray publicKeyOf(const QString &keyName)
{
    QFile f(fixtureFile(keyName + QStringLiteral(".pub")));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    const QList<QByteArray> parts = f.readAll().trimmed().split(' ');
    return parts.size() >= 2 ? parts.at(0) + ' ' + parts.at(1) : QByteArray();
}

// The known_hosts line for the fixture sshd with the given host key.
inline QByteArray knownHostsLine(int port, const QString &hostKeyName = QStringLiteral("host_ed25519"))
{
    return "[127.0.0.1]:" + QByteArray::number(port) + ' ' + publicKeyOf(hostKeyName) + '\n';
}

// SHA256:... of the fixture's host key, as ssh-keygen prints it.
inline QString hostFingerprint()
{
    QProcess p;
    p.start(QStringLiteral("ssh-keygen"),
        { QStringLiteral("-l"), QStringLiteral("-E"), QStringLiteral("sha256"), QStringLiteral("-f"),
            fixtureFile(QStringLiteral("host_ed25519.pub")) });
    p.waitForFinished(5000);
    return QString::fromUtf8(p.readAllStandardOutput()).section(QLatin1Char(' '), 1, 1);
}

// A client that sees only what the test puts in `home`: an empty ~/.ssh, its
// own known_hosts files, no ssh-agent, the fixture's client key.
struct ClientSetup
{
    QTemporaryDir home;
    wb::SshEndpoint endpoint;
    wb::SshOptions options;

    explicit ClientSetup(const QString &which = QStringLiteral("main"))
    {
        QDir(home.path()).mkpath(QStringLiteral("ssh"));
        endpoint.host = QStringLiteral("127.0.0.1");
        endpoint.port = sshdPort(which);
        endpoint.user = loginName();
        endpoint.identityFile = fixtureFile(QStringLiteral("client_ed25519"));
        options.sshDir = home.filePath(QStringLiteral("ssh"));
        options.userKnownHostsFile = home.filePath(QStringLiteral("ssh/known_hosts"));
        options.wirebenchKnownHostsFile = home.filePath(QStringLiteral("wirebench/known_hosts"));
        options.agentSocket = home.filePath(QStringLiteral("no-agent.sock"));
        options.connectTimeoutMs = 5000;
        options.commandTimeoutMs = 10000;
        options.promptTimeoutMs = 5000;
        if (which == QStringLiteral("pw") || which == QStringLiteral("kbd")) {
            endpoint.user = passwordUser();
            endpoint.identityFile.clear();
        }
    }

    void trustHostKey(int port = 0)
    {
        QFile f(options.userKnownHostsFile);
        if (f.open(QIODevice::WriteOnly | QIODevice::Append))
            f.write(knownHostsLine(port ? port : endpoint.port));
    }
};

} // namespace wbtest
