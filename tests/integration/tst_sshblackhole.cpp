// SPDX-License-Identifier: GPL-3.0-or-later
// A black-holed host: sshd runs inside a network namespace this test creates,
// reached over a veth pair; once the agent is up the namespace's end of the
// link goes down, so every packet vanishes without an error. Only the
// socket's keepalive + TCP_USER_TIMEOUT (driven by SSH keepalives) can notice:
// the transport must report the loss within 15 s. Needs root; skipped
// otherwise.

#include "sshfixture.h"

#include "remote/agentclient.h"
#include "remote/sshtransport.h"

#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace {

bool run(const QString &program, const QStringList &args, QString *output = nullptr)
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

} // namespace

class TstSshBlackhole : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void cleanupTestCase();
    void blackHoledHostReportedLost();

private:
    void teardownNamespace();

    QTemporaryDir m_dir;
    QString m_ns;
    QString m_hostIf;
    QString m_nsIf;
    QString m_hostAddr;
    QString m_nsAddr;
    bool m_created = false;
};

void TstSshBlackhole::initTestCase()
{
    if (geteuid() != 0)
        QSKIP("network namespaces need root");
    if (wbtest::sshdDir().isEmpty())
        QFAIL("WB_SSHD_DIR is not set (run through ctest)");
    const qint64 pid = QCoreApplication::applicationPid();
    m_ns = u"wbbh%1"_s.arg(pid);
    m_hostIf = u"wbbh%1a"_s.arg(pid);
    m_nsIf = u"wbbh%1b"_s.arg(pid);
    // A /30 of TEST-NET-3 chosen by PID, so parallel runs do not collide.
    const int block = static_cast<int>(pid % 63) * 4;
    m_hostAddr = u"203.0.113.%1"_s.arg(block + 1);
    m_nsAddr = u"203.0.113.%1"_s.arg(block + 2);
    m_created = true;
    QString out;
    QVERIFY2(run(u"ip"_s, {u"netns"_s, u"add"_s, m_ns}, &out), qPrintable(out));
    QVERIFY2(run(u"ip"_s, {u"link"_s, u"add"_s, m_hostIf, u"type"_s, u"veth"_s, u"peer"_s, u"name"_s, m_nsIf,
                           u"netns"_s, m_ns},
                 &out),
             qPrintable(out));
    QVERIFY(run(u"ip"_s, {u"addr"_s, u"add"_s, m_hostAddr + u"/30"_s, u"dev"_s, m_hostIf}, &out));
    QVERIFY(run(u"ip"_s, {u"link"_s, u"set"_s, m_hostIf, u"up"_s}, &out));
    QVERIFY(run(u"ip"_s, {u"-n"_s, m_ns, u"addr"_s, u"add"_s, m_nsAddr + u"/30"_s, u"dev"_s, m_nsIf}, &out));
    QVERIFY(run(u"ip"_s, {u"-n"_s, m_ns, u"link"_s, u"set"_s, m_nsIf, u"up"_s}, &out));
    QVERIFY(run(u"ip"_s, {u"-n"_s, m_ns, u"link"_s, u"set"_s, u"lo"_s, u"up"_s}, &out));

    // sshd inside the namespace, with the fixture's keys.
    QDir(m_dir.path()).mkpath(u"home"_s);
    const QString conf = m_dir.filePath(u"sshd.conf"_s);
    QFile f(conf);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(u"ListenAddress %1\nPort 22\nHostKey %2\nPidFile %3\nAuthorizedKeysFile %4\n"
            "PermitRootLogin prohibit-password\nPasswordAuthentication no\nKbdInteractiveAuthentication no\n"
            "UsePAM no\nStrictModes no\nSubsystem sftp internal-sftp\nSetEnv HOME=%5\n"_s
                .arg(m_nsAddr, wbtest::fixtureFile(u"host_ed25519"_s), m_dir.filePath(u"sshd.pid"_s),
                     wbtest::fixtureFile(u"authorized_keys"_s), m_dir.filePath(u"home"_s))
                .toUtf8());
    f.close();
    QVERIFY2(run(u"ip"_s,
                 {u"netns"_s, u"exec"_s, m_ns, u"/usr/sbin/sshd"_s, u"-f"_s, conf, u"-E"_s,
                  m_dir.filePath(u"sshd.log"_s)},
                 &out),
             qPrintable(out));
    QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(m_dir.filePath(u"sshd.pid"_s)), 5000);
}

void TstSshBlackhole::teardownNamespace()
{
    if (!m_created)
        return;
    m_created = false;
    // Every process in the namespace is ours: the sshd listener and the
    // sessions it forked (which would wait forever on a dead link).
    QString pids;
    run(u"ip"_s, {u"netns"_s, u"pids"_s, m_ns}, &pids);
    for (const QString &p : pids.split(u'\n', Qt::SkipEmptyParts)) {
        bool ok = false;
        const int pid = p.trimmed().toInt(&ok);
        if (ok && pid > 1)
            ::kill(pid, SIGKILL);
    }
    run(u"ip"_s, {u"link"_s, u"del"_s, m_hostIf});
    run(u"ip"_s, {u"netns"_s, u"del"_s, m_ns});
}

void TstSshBlackhole::cleanupTestCase()
{
    teardownNamespace();
}

void TstSshBlackhole::blackHoledHostReportedLost()
{
    wbtest::ClientSetup setup;
    setup.endpoint.host = m_nsAddr;
    setup.endpoint.port = 22;
    {
        QFile known(setup.options.userKnownHostsFile);
        QVERIFY(known.open(QIODevice::WriteOnly));
        known.write(m_nsAddr.toUtf8() + ' ' + wbtest::publicKeyOf(u"host_ed25519"_s) + '\n');
    }
    setup.options.keepaliveIntervalMs = 2000;
    setup.options.tcpUserTimeoutMs = 6000;
    auto *transport = new wb::SshTransport(setup.endpoint, setup.options);
    wb::AgentClient client(transport);
    QSignalSpy ready(&client, &wb::AgentClient::ready);
    QSignalSpy transient(&client, &wb::AgentClient::transientError);
    QSignalSpy persistent(&client, &wb::AgentClient::persistentError);
    QSignalSpy closed(&client, &wb::AgentClient::closed);
    client.start();
    QTRY_VERIFY_WITH_TIMEOUT(!ready.isEmpty() || !persistent.isEmpty() || !closed.isEmpty(), 20000);
    QVERIFY2(!ready.isEmpty(), qPrintable(persistent.value(0).value(0).toString()
                                          + transient.value(0).value(0).toString()));

    QElapsedTimer t;
    t.start();
    QString out;
    QVERIFY2(run(u"ip"_s, {u"-n"_s, m_ns, u"link"_s, u"set"_s, m_nsIf, u"down"_s}, &out), qPrintable(out));
    QTRY_VERIFY_WITH_TIMEOUT(!closed.isEmpty(), 20000);
    const qint64 ms = t.elapsed();
    QVERIFY2(ms < 15000, qPrintable(QString::number(ms)));
    QVERIFY(!transient.isEmpty());
    const QString msg = transient.last().at(0).toString();
    QVERIFY2(msg.contains(u"lost the connection"_s), qPrintable(msg));
    QVERIFY(!transport->isOpen());
    qInfo("black-holed host reported lost after %lld ms: %s", ms, qPrintable(msg));
}

QTEST_GUILESS_MAIN(TstSshBlackhole)
#include "tst_sshblackhole.moc"
