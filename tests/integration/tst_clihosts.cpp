// SPDX-License-Identifier: GPL-3.0-or-later
// `wirebench-cli hosts check` against the throwaway sshd: unknown keys are
// refused unless --accept-new-host-keys, accepted keys are recorded in the
// file given with --known-hosts, the agent's hello is printed (text and
// JSON), and bad command lines are usage errors.

#include "sshfixture.h"

#include <QDateTime>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {

struct CliRun
{
    int exitCode = -1;
    QString out;
    QString err;
};

} // namespace

class TstCliHosts : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void refusesUnknownKeyThenAcceptsWhenAsked();
    void jsonOutput();
    void unreachableHostFails();
    void redeployForced();
    void usageErrors_data();
    void usageErrors();

private:
    CliRun cli(const QStringList &args);
    QStringList common() const;

    QTemporaryDir m_home;
    QString m_knownHosts;
};

void TstCliHosts::initTestCase()
{
    if (wbtest::sshdPort() <= 0)
        QFAIL("WB_SSHD_DIR does not point at a running sshd fixture (run through ctest)");
    QDir(m_home.path()).mkpath(u"ssh"_s);
    m_knownHosts = m_home.filePath(u"wirebench/known_hosts"_s);
}

CliRun TstCliHosts::cli(const QStringList &args)
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(u"SSH_AUTH_SOCK"_s);
    env.insert(u"HOME"_s, m_home.path());
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(WB_BIN_DIR "/wirebench-cli"), args);
    CliRun r;
    if (!p.waitForFinished(60000)) {
        p.kill();
        p.waitForFinished();
        return r;
    }
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = QString::fromUtf8(p.readAllStandardOutput());
    r.err = QString::fromUtf8(p.readAllStandardError());
    return r;
}

QStringList TstCliHosts::common() const
{
    return { u"hosts"_s, u"check"_s, u"--port"_s, QString::number(wbtest::sshdPort()), u"--user"_s,
        wbtest::loginName(), u"--identity"_s, wbtest::fixtureFile(u"client_ed25519"_s), u"--known-hosts"_s,
        m_knownHosts, u"--ssh-dir"_s, m_home.filePath(u"ssh"_s) };
}

void TstCliHosts::refusesUnknownKeyThenAcceptsWhenAsked()
{
    const QString fp = wbtest::hostFingerprint();
    CliRun r = cli(common() << u"127.0.0.1"_s);
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(fp) && r.err.contains(u"--accept-new-host-keys"_s), qPrintable(r.err));
    QVERIFY(!QFile::exists(m_knownHosts));

    r = cli(common() << u"--accept-new-host-keys"_s << u"127.0.0.1"_s);
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains(u"host key:     "_s + fp), qPrintable(r.out + r.err));
    QVERIFY2(r.out.contains(u"version:      %1 (protocol 1)"_s.arg(QStringLiteral(WIREBENCH_VERSION))),
        qPrintable(r.out));
    QVERIFY(r.out.contains(u"capabilities: "_s));
    QVERIFY(QFile::exists(m_knownHosts));

    // Recorded: the next check needs no flag.
    r = cli(common() << u"127.0.0.1"_s);
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains(u"(up to date)"_s), qPrintable(r.out + r.err));
}

void TstCliHosts::jsonOutput()
{
    CliRun r = cli(QStringList { u"--json"_s } << common() << u"--accept-new-host-keys"_s << u"127.0.0.1"_s);
    QCOMPARE(r.exitCode, 0);
    const QJsonObject o = QJsonDocument::fromJson(r.out.trimmed().toUtf8()).object();
    QVERIFY2(o.value(u"ok"_s).toBool(), qPrintable(r.out + r.err));
    QCOMPARE(o.value(u"hello"_s).toObject().value(u"agent_version"_s).toString(),
        QStringLiteral(WIREBENCH_VERSION));
    QCOMPARE(o.value(u"host_key"_s).toString(), wbtest::hostFingerprint());
    QVERIFY(o.value(u"agent_path"_s).toString().endsWith(u"/wirebench-agent"_s));
}

void TstCliHosts::unreachableHostFails()
{
    // A port nobody listens on: a clear error and exit status 1.
    QStringList args = common();
    args[3] = u"1"_s; // port 1 on loopback: refused
    CliRun r = cli(args << u"127.0.0.1"_s);
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(u"cannot connect"_s), qPrintable(r.err));
}

void TstCliHosts::redeployForced()
{
    QTemporaryDir remote;
    const QString path = remote.filePath(u"wirebench-agent"_s);
    const QStringList args = common() << u"--accept-new-host-keys"_s << u"--agent-path"_s << path;
    CliRun r = cli(QStringList(args) << u"127.0.0.1"_s);
    QVERIFY2(r.exitCode == 0 && r.out.contains(u"(deployed now)"_s), qPrintable(r.out + r.err));
    r = cli(QStringList(args) << u"127.0.0.1"_s);
    QVERIFY2(r.exitCode == 0 && r.out.contains(u"(up to date)"_s), qPrintable(r.out + r.err));
    // The same agent again on request, and said so.
    const QDateTime before = QFileInfo(path).lastModified();
    QTest::qWait(20); // a new mtime even on coarse clocks
    r = cli(QStringList(args) << u"--redeploy"_s << u"127.0.0.1"_s);
    QVERIFY2(r.exitCode == 0 && r.out.contains(u"(deployed now)"_s), qPrintable(r.out + r.err));
    QVERIFY2(r.err.contains(u"redeploy asked for"_s), qPrintable(r.err));
    QVERIFY(QFileInfo(path).lastModified() > before);
    // A rebuilt agent of the same version is replaced without being asked.
    {
        QFile f(path);
        QVERIFY(f.open(QIODevice::Append));
        f.write("rebuilt");
    }
    r = cli(QStringList(args) << u"127.0.0.1"_s);
    QVERIFY2(r.exitCode == 0 && r.out.contains(u"(deployed now)"_s), qPrintable(r.out + r.err));
    QVERIFY2(r.err.contains(u"same version, other content"_s), qPrintable(r.err));
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QFile local(qEnvironmentVariable("WIREBENCH_AGENT"));
    QVERIFY(local.open(QIODevice::ReadOnly));
    QVERIFY(f.readAll() == local.readAll());
}

void TstCliHosts::usageErrors_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    QTest::newRow("no host") << QStringList { u"hosts"_s, u"check"_s } << u"at least one host"_s;
    QTest::newRow("bad port") << QStringList { u"hosts"_s, u"check"_s, u"--port"_s, u"x"_s, u"h"_s }
                              << u"--port"_s;
    QTest::newRow("port range") << QStringList { u"hosts"_s, u"check"_s, u"--port"_s, u"70000"_s, u"h"_s }
                                << u"--port"_s;
    QTest::newRow("unknown option") << QStringList { u"hosts"_s, u"check"_s, u"--frob"_s, u"h"_s }
                                    << u"--frob"_s;
    QTest::newRow("missing value") << QStringList { u"hosts"_s, u"check"_s, u"--identity"_s }
                                   << u"--identity"_s;
}

void TstCliHosts::usageErrors()
{
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    const CliRun r = cli(args);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains(message), qPrintable(r.err));
}

QTEST_GUILESS_MAIN(TstCliHosts)
#include "tst_clihosts.moc"
