// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A lab host in a network namespace that the test creates: one veth pair
// from this namespace to it, an sshd inside with the fixture's keys
// (sshd_fixture.sh), and ways to cut it off — the link down, or a true black
// hole (nftables drops everything in and out of its end of the link, the
// link stays up). Every process in the namespace is the test's: tearDown()
// kills them and deletes the namespace, also after a crashed earlier run
// (removeStale). Needs root.

#include "sshfixture.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QStringList>
#include <QTemporaryDir>
#include <QTemporaryFile>
#include <QTest>

#include <csignal>

namespace wbtest {

// Runs a command to its end (10 s at most); true when it exited 0.
inline bool runCommand(const QString &program, const QStringList &args, QString *output = nullptr)
{
    QProcess p;
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.start(program, args);
    if (!p.waitForFinished(10000)) {
        p.kill();
        p.waitForFinished(1000);
        return false;
    }
    if (output)
        *output = QString::fromUtf8(p.readAll());
    return p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
}

class SshNamespace
{
public:
    // `prefix` names the namespace and its links (prefix + PID, at most 6
    // letters); `net` is the /24 its /30 comes from (a TEST-NET block:
    // "203.0.113" or "198.51.100"), `firstBlock` the first /30 of it to use
    // so tests sharing a /24 keep apart.
    SshNamespace(QString prefix, QString net, int firstBlock = 0)
        : m_prefix(std::move(prefix)), m_net(std::move(net)), m_firstBlock(firstBlock)
    {
    }
    ~SshNamespace() { tearDown(); }
    SshNamespace(const SshNamespace &) = delete;
    SshNamespace &operator=(const SshNamespace &) = delete;

    // Empty on success, else what failed.
    QString setUp()
    {
        removeStale();
        const qint64 pid = QCoreApplication::applicationPid();
        m_ns = m_prefix + QString::number(pid);
        m_hostIf = m_ns + QLatin1Char('a');
        m_nsIf = m_ns + QLatin1Char('b');
        // A /30 chosen by PID, so parallel runs do not collide.
        const int blocks = (256 - m_firstBlock * 4) / 4 - 1;
        const int block = (m_firstBlock + static_cast<int>(pid % blocks)) * 4;
        m_hostAddr = m_net + QLatin1Char('.') + QString::number(block + 1);
        m_nsAddr = m_net + QLatin1Char('.') + QString::number(block + 2);
        m_created = true;
        const QString ip = QStringLiteral("ip");
        const QList<QStringList> steps{
            {QStringLiteral("netns"), QStringLiteral("add"), m_ns},
            {QStringLiteral("link"), QStringLiteral("add"), m_hostIf, QStringLiteral("type"), QStringLiteral("veth"),
             QStringLiteral("peer"), QStringLiteral("name"), m_nsIf, QStringLiteral("netns"), m_ns},
            {QStringLiteral("addr"), QStringLiteral("add"), m_hostAddr + QStringLiteral("/30"), QStringLiteral("dev"),
             m_hostIf},
            {QStringLiteral("link"), QStringLiteral("set"), m_hostIf, QStringLiteral("up")},
            {QStringLiteral("-n"), m_ns, QStringLiteral("addr"), QStringLiteral("add"), m_nsAddr + QStringLiteral("/30"),
             QStringLiteral("dev"), m_nsIf},
            {QStringLiteral("-n"), m_ns, QStringLiteral("link"), QStringLiteral("set"), m_nsIf, QStringLiteral("up")},
            {QStringLiteral("-n"), m_ns, QStringLiteral("link"), QStringLiteral("set"), QStringLiteral("lo"),
             QStringLiteral("up")},
        };
        QString out;
        for (const QStringList &args : steps)
            if (!runCommand(ip, args, &out))
                return QStringLiteral("ip %1: %2").arg(args.join(QLatin1Char(' ')), out);

        // sshd inside the namespace, with the fixture's keys.
        QDir(m_dir.path()).mkpath(QStringLiteral("home"));
        const QString conf = m_dir.filePath(QStringLiteral("sshd.conf"));
        QFile f(conf);
        if (!f.open(QIODevice::WriteOnly))
            return QStringLiteral("cannot write %1").arg(conf);
        f.write(QStringLiteral("ListenAddress %1\nPort 22\nHostKey %2\nPidFile %3\nAuthorizedKeysFile %4\n"
                               "PermitRootLogin prohibit-password\nPasswordAuthentication no\n"
                               "KbdInteractiveAuthentication no\nUsePAM no\nStrictModes no\n"
                               "Subsystem sftp internal-sftp\nSetEnv HOME=%5\n")
                    .arg(m_nsAddr, fixtureFile(QStringLiteral("host_ed25519")), pidFile(),
                         fixtureFile(QStringLiteral("authorized_keys")), m_dir.filePath(QStringLiteral("home")))
                    .toUtf8());
        f.close();
        if (!runCommand(ip,
                        {QStringLiteral("netns"), QStringLiteral("exec"), m_ns, QStringLiteral("/usr/sbin/sshd"),
                         QStringLiteral("-f"), conf, QStringLiteral("-E"), m_dir.filePath(QStringLiteral("sshd.log"))},
                        &out))
            return QStringLiteral("sshd in %1: %2").arg(m_ns, out);
        for (int i = 0; i < 50 && listenerPid() <= 0; ++i)
            QTest::qWait(100);
        return listenerPid() > 0 ? QString() : QStringLiteral("sshd in %1 did not write its PID file").arg(m_ns);
    }

    void tearDown()
    {
        if (!m_created)
            return;
        m_created = false;
        // Every process in the namespace is ours: the sshd listener and the
        // sessions it forked (which would wait forever on a dead link).
        for (qint64 pid : pids())
            if (pid > 1)
                ::kill(pid_t(pid), SIGKILL);
        runCommand(QStringLiteral("ip"), {QStringLiteral("link"), QStringLiteral("del"), m_hostIf});
        runCommand(QStringLiteral("ip"), {QStringLiteral("netns"), QStringLiteral("del"), m_ns});
    }

    // Namespaces of this prefix left by an earlier run that crashed (its PID
    // is gone): removed with their processes, which were that run's.
    void removeStale()
    {
        QString list;
        runCommand(QStringLiteral("ip"), {QStringLiteral("netns"), QStringLiteral("list")}, &list);
        const QRegularExpression stale(QStringLiteral("^%1(\\d+)\\b").arg(m_prefix),
                                       QRegularExpression::MultilineOption);
        for (auto it = stale.globalMatch(list); it.hasNext();) {
            const auto m = it.next();
            if (QFile::exists(QStringLiteral("/proc/") + m.captured(1)))
                continue;
            SshNamespace old(m_prefix, m_net);
            old.m_ns = m.captured(0);
            old.m_hostIf = old.m_ns + QLatin1Char('a');
            old.m_created = true;
            old.tearDown();
        }
    }

    QString name() const { return m_ns; }
    QString address() const { return m_nsAddr; }         // the host's (sshd listens here)
    QString hostAddress() const { return m_hostAddr; }   // this namespace's end of the link
    QString nsInterface() const { return m_nsIf; }
    QString pidFile() const { return m_dir.filePath(QStringLiteral("sshd.pid")); }
    QByteArray knownHostsLine() const
    {
        return m_nsAddr.toUtf8() + ' ' + publicKeyOf(QStringLiteral("host_ed25519")) + '\n';
    }

    qint64 listenerPid() const
    {
        QFile f(pidFile());
        return f.open(QIODevice::ReadOnly) ? f.readAll().trimmed().toLongLong() : 0;
    }

    // Every process in the namespace.
    QList<qint64> pids() const
    {
        QString out;
        runCommand(QStringLiteral("ip"), {QStringLiteral("netns"), QStringLiteral("pids"), m_ns}, &out);
        QList<qint64> all;
        for (const QString &p : out.split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
            bool ok = false;
            const qint64 pid = p.trimmed().toLongLong(&ok);
            if (ok)
                all.append(pid);
        }
        return all;
    }

    // The namespace's end of the link goes down: the peer gets no error.
    bool setLinkUp(bool up, QString *output = nullptr)
    {
        return runCommand(QStringLiteral("ip"),
                          {QStringLiteral("-n"), m_ns, QStringLiteral("link"), QStringLiteral("set"), m_nsIf,
                           up ? QStringLiteral("up") : QStringLiteral("down")},
                          output);
    }

    // A black hole: every packet in or out of the namespace's end of the
    // link is dropped by nftables, the link itself stays up. Empty on
    // success, else what failed.
    QString blackHole()
    {
        QTemporaryFile rules;
        if (!rules.open())
            return QStringLiteral("cannot write the nftables rules");
        rules.write(QStringLiteral("table inet wbblackhole {\n"
                                   "  chain in { type filter hook input priority 0; policy accept; iifname \"%1\" drop; }\n"
                                   "  chain out { type filter hook output priority 0; policy accept; oifname \"%1\" drop; }\n"
                                   "}\n")
                        .arg(m_nsIf)
                        .toUtf8());
        rules.close();
        QString out;
        if (!runCommand(QStringLiteral("ip"),
                        {QStringLiteral("netns"), QStringLiteral("exec"), m_ns, QStringLiteral("nft"),
                         QStringLiteral("-f"), rules.fileName()},
                        &out))
            return QStringLiteral("nft: %1").arg(out.trimmed());
        return {};
    }

    bool liftBlackHole()
    {
        return runCommand(QStringLiteral("ip"), {QStringLiteral("netns"), QStringLiteral("exec"), m_ns,
                                                 QStringLiteral("nft"), QStringLiteral("delete"), QStringLiteral("table"),
                                                 QStringLiteral("inet"), QStringLiteral("wbblackhole")});
    }

private:
    QString m_prefix;
    QString m_net;
    int m_firstBlock = 0;
    QTemporaryDir m_dir;
    QString m_ns;
    QString m_hostIf;
    QString m_nsIf;
    QString m_hostAddr;
    QString m_nsAddr;
    bool m_created = false;
};

} // namespace wbtest
