// SPDX-License-Identifier: GPL-3.0-or-later
// ProxyJump from ssh_config, for real: the target's sshd sits in a network
// namespace that only the jump host's namespace can reach
// (proxyjump_lab.sh), and wirebench-cli runs in a third namespace with a
// link to the jump host only. `hosts check` and a short plan run reach the
// target through the jump (the target's sshd sees the jump's address), a
// direct connection cannot, a failing jump host shows the ssh client's own
// complaint, and the ProxyJump form libssh 0.10 misreads (ssh://) is refused
// with a message saying so.

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace {
const QString kCli = QStringLiteral(WB_BIN_DIR "/wirebench-cli");
const QString kLab = QStringLiteral(WB_SOURCE_DIR "/tests/integration/proxyjump_lab.sh");

struct CliRun
{
    int exitCode = -1;
    QString out;
    QString err;
    QString all() const { return out + err; }
};

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}
} // namespace

class TstProxyJump : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void cleanupTestCase();
    void directPathDoesNotExist();
    void hostsCheckThroughJump();
    void planRunThroughJump();
    void failingJumpHostExplained();
    void uriFormRefused();
    void inventoryJumpHost();

private:
    CliRun cli(const QStringList &args);
    QStringList sshArgs() const;
    QString m_lab;
    QString m_clientNs;
    QString m_sshDir;
    QString m_knownHosts;
    QTemporaryDir m_dir;
    bool m_up = false;
};

void TstProxyJump::initTestCase()
{
    if (::geteuid() != 0)
        QSKIP("network namespaces need root");
    m_lab = m_dir.filePath(u"lab"_s);
    QProcess p;
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.start(u"bash"_s, { kLab, u"start"_s, m_lab });
    QVERIFY(p.waitForFinished(60000));
    QVERIFY2(p.exitCode() == 0, p.readAll().constData());
    m_up = true;
    m_clientNs = QString::fromUtf8(readAll(m_lab + u"/namespaces"_s).split('\n').value(0));
    QVERIFY(m_clientNs.endsWith(u"-c"_s));

    // The client's own ssh_config: the target only through "jump". The jump
    // host's key and known_hosts are for the OpenSSH client that libssh
    // starts for the jump; BatchMode keeps it from ever asking.
    m_sshDir = m_dir.filePath(u"ssh"_s);
    QVERIFY(QDir().mkpath(m_sshDir));
    const QString key = m_lab + u"/client_ed25519"_s;
    const QList<QByteArray> hostKey = readAll(m_lab + u"/host_ed25519.pub"_s).trimmed().split(' ');
    QVERIFY(hostKey.size() >= 2);
    const QByteArray keyText = hostKey.at(0) + ' ' + hostKey.at(1);
    const QString jumpKnown = m_dir.filePath(u"jump_known_hosts"_s);
    QFile jk(jumpKnown);
    QVERIFY(jk.open(QIODevice::WriteOnly));
    jk.write("203.0.113.2 " + keyText + '\n');
    jk.close();
    QFile empty(m_dir.filePath(u"empty_known_hosts"_s));
    QVERIFY(empty.open(QIODevice::WriteOnly));
    empty.close();
    QFile cfg(m_sshDir + u"/config"_s);
    QVERIFY(cfg.open(QIODevice::WriteOnly));
    cfg.write(u"Host jump\n  HostName 203.0.113.2\n  User root\n  IdentityFile %1\n  IdentitiesOnly yes\n"
              "  UserKnownHostsFile %2\n  StrictHostKeyChecking yes\n  BatchMode yes\n"
              "Host badjump\n  HostName 203.0.113.2\n  User root\n  IdentityFile %1\n  IdentitiesOnly yes\n"
              "  UserKnownHostsFile %3\n  StrictHostKeyChecking yes\n  BatchMode yes\n"
              "Host target target-b\n  HostName 198.51.100.130\n  User root\n  IdentityFile %1\n"
              "  ProxyJump jump\n"
              "Host target-badjump\n  HostName 198.51.100.130\n  User root\n  IdentityFile %1\n"
              "  ProxyJump badjump\n"
              "Host target-uri\n  HostName 198.51.100.130\n  User root\n  IdentityFile %1\n"
              "  ProxyJump ssh://root@203.0.113.2:22\n"_s.arg(key, jumpKnown, empty.fileName())
                  .toUtf8());
    cfg.close();
    // Wirebench's known_hosts holds the target's key (the same host key).
    m_knownHosts = m_dir.filePath(u"wirebench_known_hosts"_s);
    QFile kh(m_knownHosts);
    QVERIFY(kh.open(QIODevice::WriteOnly));
    kh.write("198.51.100.130 " + keyText + '\n');
}

void TstProxyJump::cleanupTestCase()
{
    if (!m_up)
        return;
    QProcess p;
    p.start(u"bash"_s, { kLab, u"stop"_s, m_lab });
    p.waitForFinished(30000);
}

CliRun TstProxyJump::cli(const QStringList &args)
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(u"SSH_AUTH_SOCK"_s);
    env.remove(u"DBUS_SESSION_BUS_ADDRESS"_s);
    env.insert(u"HOME"_s, m_dir.path());
    env.insert(u"XDG_CONFIG_HOME"_s, m_dir.filePath(u"config"_s));
    env.insert(u"XDG_DATA_HOME"_s, m_dir.filePath(u"data"_s));
    p.setProcessEnvironment(env);
    p.start(u"ip"_s, QStringList { u"netns"_s, u"exec"_s, m_clientNs, kCli } + args);
    CliRun r;
    if (!p.waitForFinished(90000)) {
        p.kill();
        p.waitForFinished();
        return r;
    }
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = QString::fromUtf8(p.readAllStandardOutput());
    r.err = QString::fromUtf8(p.readAllStandardError());
    return r;
}

QStringList TstProxyJump::sshArgs() const
{
    return { u"--ssh-dir"_s, m_sshDir, u"--known-hosts"_s, m_knownHosts, u"--no-keychain"_s };
}

void TstProxyJump::directPathDoesNotExist()
{
    // From the client's namespace the target's address is unreachable: the
    // checks below can only have gone through the jump host.
    const CliRun r = cli(QStringList { u"hosts"_s, u"check"_s, u"--user"_s, u"root"_s, u"--identity"_s,
                             m_lab + u"/client_ed25519"_s }
        + sshArgs() + QStringList { u"198.51.100.130"_s });
    qInfo("%s", qPrintable(r.err.trimmed()));
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.all().contains(u"cannot connect"_s), qPrintable(r.all()));
}

void TstProxyJump::hostsCheckThroughJump()
{
    const CliRun r = cli(QStringList { u"hosts"_s, u"check"_s } + sshArgs() + QStringList { u"target"_s });
    QVERIFY2(r.exitCode == 0, qPrintable(r.all()));
    QVERIFY2(r.out.contains(u"host:         target"_s), qPrintable(r.out));
    QVERIFY2(r.out.contains(u"agent:"_s), qPrintable(r.out));
    // The target's sshd saw the jump host's address, the jump's sshd the client's.
    QVERIFY2(readAll(m_lab + u"/sshd_target.log"_s).contains("Connection from 198.51.100.129"),
        readAll(m_lab + u"/sshd_target.log"_s).constData());
    QVERIFY(readAll(m_lab + u"/sshd_jump.log"_s).contains("Connection from 203.0.113.1"));
}

void TstProxyJump::planRunThroughJump()
{
    // Both ends on the target (two sessions through the jump); the test's
    // traffic stays inside the target's namespace.
    const QString plan = m_dir.filePath(u"plan.json"_s);
    QFile f(plan);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(
        R"({"name":"through the jump","hosts":{)"
        R"("target":{"transport":"ssh","address":"198.51.100.130"},)"
        R"("target-b":{"transport":"ssh","address":"198.51.100.130"}},)"
        R"("tests":[{"name":"rr","kind":"tcp_rr","client":"target","server":"target-b","duration_s":0.5}]})");
    f.close();
    const QString db = m_dir.filePath(u"results.sqlite"_s);
    const CliRun r = cli(QStringList { u"--db"_s, db, u"run"_s, plan } + sshArgs());
    QVERIFY2(r.exitCode == 0, qPrintable(r.all()));
    QVERIFY2(r.out.contains(u"1 finished, 0 failed"_s), qPrintable(r.all()));
    QVERIFY(readAll(m_lab + u"/sshd_target.log"_s).count("Connection from 198.51.100.129") >= 3);
}

void TstProxyJump::failingJumpHostExplained()
{
    // The ssh client that carries the jump does not know the jump host's
    // key: its own words reach the error, with the jump named.
    const CliRun r
        = cli(QStringList { u"hosts"_s, u"check"_s } + sshArgs() + QStringList { u"target-badjump"_s });
    qInfo("%s", qPrintable(r.err.trimmed()));
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(u"ProxyJump badjump"_s), qPrintable(r.err));
    QVERIFY2(r.err.contains(u"Host key verification failed"_s), qPrintable(r.err));
}

void TstProxyJump::uriFormRefused()
{
    const CliRun r
        = cli(QStringList { u"hosts"_s, u"check"_s } + sshArgs() + QStringList { u"target-uri"_s });
    qInfo("%s", qPrintable(r.err.trimmed()));
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(u"ssh://"_s) && r.err.contains(u"libssh 0.10"_s), qPrintable(r.err));
    QVERIFY2(r.err.contains(u"[user@]host[:port]"_s), qPrintable(r.err));
}

void TstProxyJump::inventoryJumpHost()
{
    // The jump host comes from the inventory, not from ssh_config: these
    // host names have no entry there, and the plan names only them.
    const QString lab = m_dir.filePath(u"jump-lab.json"_s);
    const QString key = m_lab + u"/client_ed25519"_s;
    QFile l(lab);
    QVERIFY(l.open(QIODevice::WriteOnly));
    l.write(u"{\"format\":\"wirebench-lab\",\"version\":1,\"hosts\":["
            "{\"name\":\"inv-a\",\"address\":\"198.51.100.130\",\"ssh_user\":\"root\",\"ssh_key_path\":\"%1\",\"jump_host\":\"jump\"},"
            "{\"name\":\"inv-b\",\"address\":\"198.51.100.130\",\"ssh_user\":\"root\",\"ssh_key_path\":\"%1\",\"jump_host\":\"jump\"}]}"_s
                .arg(key).toUtf8());
    l.close();
    const QString plan = m_dir.filePath(u"inventory-plan.json"_s);
    QFile f(plan);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(R"({"name":"inventory jump","tests":[{"name":"rr","kind":"tcp_rr","client":"inv-a","server":"inv-b","duration_s":0.5}]})");
    f.close();
    const QString db = m_dir.filePath(u"inventory-jump.sqlite"_s);
    const CliRun imported = cli({u"--db"_s, db, u"inventory"_s, u"import"_s, lab});
    QVERIFY2(imported.exitCode == 0, qPrintable(imported.all()));
    const qsizetype before = readAll(m_lab + u"/sshd_target.log"_s).count("Connection from 198.51.100.129");
    const CliRun r = cli(QStringList { u"--db"_s, db, u"run"_s, plan } + sshArgs());
    QVERIFY2(r.exitCode == 0, qPrintable(r.all()));
    QVERIFY2(r.out.contains(u"1 finished, 0 failed"_s), qPrintable(r.all()));
    // Both sessions came through the jump host (the target saw its address).
    QVERIFY(readAll(m_lab + u"/sshd_target.log"_s).count("Connection from 198.51.100.129") >= before + 2);
}

QTEST_MAIN(TstProxyJump)
#include "tst_proxyjump.moc"
