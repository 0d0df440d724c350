// SPDX-License-Identifier: GPL-3.0-or-later
// SshTransport against a real sshd on loopback (the sshd fixture) and the
// real agent: host keys unknown / known / changed, key, passphrase and
// ssh-agent authentication, a wrong user, agent deployment from scratch, as
// an upgrade, without SFTP and for a foreign architecture, shell quoting of
// hostile values, and hosts that never answer, die or stop.

#include "remote/agentclient.h"
#include "remote/agentheartbeat.h"
#include "remote/agentlocator.h"
#include "config/fixedhostkeypolicy.h"
#include "remote/remotecommand.h"
#include "remote/sshtransport.h"
#include "sshconnection.h"
#include "sshfixture.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>
#include <csignal>
#include <memory>

using namespace Qt::StringLiterals;

namespace {

const QString kAgent = QStringLiteral(WB_BIN_DIR "/wirebench-agent");

// Answers every credential request from a fixed list, and counts them.
class ListedCredentials : public wb::CredentialProvider
{
public:
    explicit ListedCredentials(QList<QByteArray> answers) : m_answers(std::move(answers)) { }
    void provide(const wb::CredentialRequest &request, std::function<void(wb::CredentialAnswer)> reply) override
    {
        requests.append(request);
        if (m_answers.isEmpty())
            reply(std::nullopt);
        else
            reply(m_answers.takeFirst());
    }
    QList<wb::CredentialRequest> requests;

private:
    QList<QByteArray> m_answers;
};

using Connection = wbtest::SshConnection;

// What `uname -m` says on the fixture's "arch" server while it lives.
class FakeMachine
{
public:
    explicit FakeMachine(const QByteArray &machine) : m_path(wbtest::fixtureFile(QStringLiteral("home-arch/machine")))
    {
        QFile f(m_path);
        m_ok = f.open(QIODevice::WriteOnly) && f.write(machine + '\n') == machine.size() + 1;
    }
    ~FakeMachine() { QFile::remove(m_path); }
    bool ok() const { return m_ok; }

private:
    QString m_path;
    bool m_ok = false;
};

bool loginShellIsBash()
{
    const passwd *pw = getpwuid(getuid());
    return pw && QByteArray(pw->pw_shell).endsWith("bash");
}

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

qint64 parentPid(qint64 pid)
{
    const QByteArray stat = readAll(u"/proc/%1/stat"_s.arg(pid));
    const qsizetype close = stat.lastIndexOf(')');
    if (close < 0)
        return -1;
    const QList<QByteArray> fields = stat.mid(close + 2).split(' ');
    return fields.size() > 1 ? fields.at(1).toLongLong() : -1;
}

QString commOf(qint64 pid)
{
    return QString::fromUtf8(readAll(u"/proc/%1/comm"_s.arg(pid))).trimmed();
}

} // namespace

class TstSshTransport : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void cleanupTestCase();

    void unknownHostKeyRefusedWithFingerprint();
    void unknownHostKeyTrustedOnce();
    void unknownHostKeyTrustedAlways();
    void knownHostKeyFromUserFile();
    void knownHostKeyHashedEntry();
    void changedHostKeyAlwaysRefused_data();
    void changedHostKeyAlwaysRefused();

    void passphraseKeyAskedThroughProvider();
    void wrongPassphraseFails();
    void wrongUserFails();
    void unauthorizedKeyFails();
    void sshAgentAuth();
    void sshConfigAlias();
    void inventorySettingsWinOverSshConfig();

    void requestsOverSsh();
    void deployFromScratchAtomically();
    void deployUpgradeReplacesOldAgent();
    void deploySameVersionOtherBinaryReplaces();
    void redeployOnRequest();
    void deployWithoutSftpUsesShell();
    void forcedSftpWithoutSubsystemFails();
    void noisyLoginShell();
    void foreignArchitectureRefused();
    void aarch64HostGetsTheAarch64Agent();
    void hostWithoutAnAgentRefused();
    void handBuiltAgentKeptOnHostWithoutAnAgent();
    void unsafeAgentPathRefused();
    void missingAgentWithDeploymentOff();
    void agentExitReported();
    void refusedSshValuesReported_data();
    void refusedSshValuesReported();
    void hostileValuesStayQuoted_data();
    void hostileValuesStayQuoted();

    void hostThatNeverSpeaksTimesOut();
    void closeWhileConnectingIsQuick();
    void reopenAfterClose();
    void proxyCommandFromSshConfig();
    void killedSessionReportedLost();
    void stoppedHostReportedByHeartbeat();
    void longHelperCommandKeepsHeartbeat();
    void commandOutputBounded_data();
    void commandOutputBounded();

private:
    QString m_fingerprint;
    std::unique_ptr<wbtest::ClientSetup> m_sharedSetup;
    std::unique_ptr<Connection> m_shared;
};

void TstSshTransport::initTestCase()
{
    if (wbtest::sshdDir().isEmpty() || wbtest::sshdPort() <= 0)
        QFAIL("WB_SSHD_DIR does not point at a running sshd fixture (run through ctest)");
    m_fingerprint = wbtest::hostFingerprint();
    QVERIFY(m_fingerprint.startsWith(u"SHA256:"_s));
}

void TstSshTransport::cleanupTestCase()
{
    m_shared.reset();
    m_sharedSetup.reset();
}

void TstSshTransport::unknownHostKeyRefusedWithFingerprint()
{
    wbtest::ClientSetup setup;
    Connection c(setup, nullptr); // no policy: the CLI without --accept-new-host-keys
    c.client.start();
    QVERIFY(!c.waitReady());
    QCOMPARE(c.persistent.count(), 1);
    const QString msg = c.persistent.at(0).at(0).toString();
    QVERIFY2(msg.contains(m_fingerprint), qPrintable(msg));
    QVERIFY2(msg.contains(u"not known"_s), qPrintable(msg));
    QVERIFY(!QFile::exists(setup.options.wirebenchKnownHostsFile));
    QVERIFY(!QFile::exists(setup.options.userKnownHostsFile));
}

void TstSshTransport::unknownHostKeyTrustedOnce()
{
    wbtest::ClientSetup setup;
    wb::FixedHostKeyPolicy policy(wb::HostKeyDecision::TrustOnce);
    Connection c(setup, &policy);
    c.client.start();
    QVERIFY2(c.waitReady(), qPrintable(c.errors()));
    QCOMPARE(policy.askedCount(), 1);
    QCOMPARE(c.transport->hostKeyFingerprint(), m_fingerprint);
    QVERIFY(!QFile::exists(setup.options.wirebenchKnownHostsFile));
    QVERIFY(!QFile::exists(setup.options.userKnownHostsFile));
}

void TstSshTransport::unknownHostKeyTrustedAlways()
{
    wbtest::ClientSetup setup;
    {
        wb::FixedHostKeyPolicy policy(wb::HostKeyDecision::TrustAlways);
        Connection c(setup, &policy);
        c.client.start();
        QVERIFY2(c.waitReady(), qPrintable(c.errors()));
        QCOMPARE(policy.askedCount(), 1);
    }
    const QByteArray own = wbtest::knownHostsLine(setup.endpoint.port);
    QVERIFY2(readAll(setup.options.wirebenchKnownHostsFile).contains(own.trimmed()),
        readAll(setup.options.wirebenchKnownHostsFile).constData());
    QCOMPARE(QFileInfo(setup.options.wirebenchKnownHostsFile).permissions()
            & (QFile::ReadOther | QFile::WriteOther),
        QFileDevice::Permissions());
    QVERIFY(!QFile::exists(setup.options.userKnownHostsFile)); // the user's file is never written
    // Next time the key is known: a refusing policy is not even asked.
    wb::FixedHostKeyPolicy refuse(wb::HostKeyDecision::Refuse);
    Connection again(setup, &refuse);
    again.client.start();
    QVERIFY2(again.waitReady(), qPrintable(again.errors()));
    QCOMPARE(refuse.askedCount(), 0);
}

void TstSshTransport::knownHostKeyFromUserFile()
{
    wbtest::ClientSetup setup;
    setup.trustHostKey();
    const QByteArray before = readAll(setup.options.userKnownHostsFile);
    wb::FixedHostKeyPolicy refuse(wb::HostKeyDecision::Refuse);
    Connection c(setup, &refuse);
    c.client.start();
    QVERIFY2(c.waitReady(), qPrintable(c.errors()));
    QCOMPARE(refuse.askedCount(), 0);
    QCOMPARE(readAll(setup.options.userKnownHostsFile), before);
}

void TstSshTransport::knownHostKeyHashedEntry()
{
    // Debian hashes known_hosts names (HashKnownHosts yes).
    wbtest::ClientSetup setup;
    setup.trustHostKey();
    QProcess hash;
    hash.start(u"ssh-keygen"_s, { u"-H"_s, u"-f"_s, setup.options.userKnownHostsFile });
    QVERIFY(hash.waitForFinished(5000));
    QCOMPARE(hash.exitCode(), 0);
    QVERIFY(readAll(setup.options.userKnownHostsFile).startsWith("|1|"));
    wb::FixedHostKeyPolicy refuse(wb::HostKeyDecision::Refuse);
    Connection c(setup, &refuse);
    c.client.start();
    QVERIFY2(c.waitReady(), qPrintable(c.errors()));
    QCOMPARE(refuse.askedCount(), 0);
}

void TstSshTransport::changedHostKeyAlwaysRefused_data()
{
    QTest::addColumn<bool>("inUserFile");
    QTest::addColumn<QString>("recordedKey");
    QTest::newRow("other key in ~/.ssh/known_hosts") << true << u"other_host_ed25519"_s;
    QTest::newRow("other key in Wirebench's known_hosts") << false << u"other_host_ed25519"_s;
    QTest::newRow("key of another type in ~/.ssh/known_hosts") << true << u"other_type_host_ecdsa"_s;
}

void TstSshTransport::changedHostKeyAlwaysRefused()
{
    QFETCH(bool, inUserFile);
    QFETCH(QString, recordedKey);
    wbtest::ClientSetup setup;
    const QString file
        = inUserFile ? setup.options.userKnownHostsFile : setup.options.wirebenchKnownHostsFile;
    QDir().mkpath(QFileInfo(file).absolutePath());
    {
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(wbtest::knownHostsLine(setup.endpoint.port, recordedKey));
    }
    const QByteArray before = readAll(file);
    // Even a policy that would trust anything is never asked about a changed key.
    wb::FixedHostKeyPolicy policy(wb::HostKeyDecision::TrustAlways);
    Connection c(setup, &policy);
    c.client.start();
    QVERIFY(!c.waitReady());
    QCOMPARE(policy.askedCount(), 0);
    QCOMPARE(c.persistent.count(), 1);
    const QString msg = c.persistent.at(0).at(0).toString();
    QVERIFY2(msg.contains(u"HOST KEY CHANGED"_s) && msg.contains(u"refuses"_s), qPrintable(msg));
    QVERIFY2(msg.contains(m_fingerprint), qPrintable(msg));
    QVERIFY2(msg.contains(file), qPrintable(msg)); // names the file to fix
    QCOMPARE(readAll(file), before);
}

void TstSshTransport::passphraseKeyAskedThroughProvider()
{
    wbtest::ClientSetup setup;
    setup.trustHostKey();
    setup.endpoint.identityFile = wbtest::fixtureFile(u"pass_ed25519"_s);
    ListedCredentials creds({ QByteArray("wb-fixture-passphrase") });
    Connection c(setup, nullptr, &creds);
    c.client.start();
    QVERIFY2(c.waitReady(), qPrintable(c.errors()));
    QCOMPARE(creds.requests.size(), 1);
    QCOMPARE(creds.requests.at(0).kind, wb::CredentialRequest::Kind::KeyPassphrase);
    QCOMPARE(creds.requests.at(0).host, setup.endpoint.displayName());
}

void TstSshTransport::wrongPassphraseFails()
{
    wbtest::ClientSetup setup;
    setup.trustHostKey();
    setup.endpoint.identityFile = wbtest::fixtureFile(u"pass_ed25519"_s);
    ListedCredentials creds({ QByteArray("not the passphrase") });
    Connection c(setup, nullptr, &creds);
    c.client.start();
    QVERIFY(!c.waitReady());
    QCOMPARE(c.persistent.count(), 1);
    const QString msg = c.persistent.at(0).at(0).toString();
    QVERIFY2(msg.contains(u"authentication as"_s) && msg.contains(u"pass_ed25519"_s), qPrintable(msg));
    QVERIFY(!msg.contains(u"not the passphrase"_s));
}

void TstSshTransport::wrongUserFails()
{
    wbtest::ClientSetup setup;
    setup.trustHostKey();
    setup.endpoint.user = u"wbnosuchuser%1"_s.arg(QCoreApplication::applicationPid());
    ListedCredentials creds({ QByteArray("a password nobody asked for") });
    Connection c(setup, nullptr, &creds);
    c.client.start();
    QVERIFY(!c.waitReady());
    // The server offers no password method, so no password is asked for.
    QCOMPARE(creds.requests.size(), 0);
    QCOMPARE(c.persistent.count(), 1);
    const QString msg = c.persistent.at(0).at(0).toString();
    QVERIFY2(msg.contains(u"authentication as '%1' failed"_s.arg(setup.endpoint.user)), qPrintable(msg));
    QVERIFY2(msg.contains(u"publickey"_s), qPrintable(msg));
}

void TstSshTransport::unauthorizedKeyFails()
{
    wbtest::ClientSetup setup;
    setup.trustHostKey();
    setup.endpoint.identityFile = wbtest::fixtureFile(u"unauthorized_ed25519"_s);
    Connection c(setup, nullptr);
    c.client.start();
    QVERIFY(!c.waitReady());
    QCOMPARE(c.persistent.count(), 1);
    QVERIFY(c.persistent.at(0).at(0).toString().contains(u"unauthorized_ed25519"_s));
}

void TstSshTransport::sshAgentAuth()
{
    QTemporaryDir dir;
    const QString sock = dir.filePath(u"agent.sock"_s);
    QProcess agent;
    agent.start(u"ssh-agent"_s, { u"-D"_s, u"-a"_s, sock });
    QVERIFY(agent.waitForStarted());
    const qint64 agentPid = agent.processId();
    auto killAgent = qScopeGuard([&] {
        ::kill(static_cast<pid_t>(agentPid), SIGTERM);
        agent.waitForFinished(3000);
    });
    QTRY_VERIFY_WITH_TIMEOUT(QFileInfo::exists(sock), 5000);
    QProcess add;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(u"SSH_AUTH_SOCK"_s, sock);
    add.setProcessEnvironment(env);
    add.start(u"ssh-add"_s, { wbtest::fixtureFile(u"agent_ed25519"_s) });
    QVERIFY(add.waitForFinished(5000));
    QCOMPARE(add.exitCode(), 0);

    wbtest::ClientSetup setup;
    setup.trustHostKey();
    setup.endpoint.identityFile.clear(); // only the agent holds an authorized key
    setup.options.agentSocket = sock;
    Connection c(setup, nullptr);
    c.client.start();
    QVERIFY2(c.waitReady(), qPrintable(c.errors()));

    // The same client without the agent has no key at all.
    wbtest::ClientSetup without;
    without.trustHostKey();
    without.endpoint.identityFile.clear();
    Connection d(without, nullptr);
    d.client.start();
    QVERIFY(!d.waitReady());
    QVERIFY2(d.persistent.value(0).value(0).toString().contains(u"ssh-agent"_s), qPrintable(d.errors()));
}

void TstSshTransport::sshConfigAlias()
{
    // ~/.ssh/config gives HostName, Port, User and IdentityFile for an alias.
    wbtest::ClientSetup setup;
    QFile cfg(setup.options.sshDir + u"/config"_s);
    QVERIFY(cfg.open(QIODevice::WriteOnly));
    cfg.write(u"Host lab-alias\n  HostName 127.0.0.1\n  Port %1\n  User %2\n  IdentityFile %3\n"_s
                  .arg(setup.endpoint.port)
                  .arg(wbtest::loginName(), wbtest::fixtureFile(u"client_ed25519"_s))
                  .toUtf8());
    cfg.close();
    setup.trustHostKey();
    setup.endpoint.host = u"lab-alias"_s;
    setup.endpoint.port = 0;
    setup.endpoint.user.clear();
    setup.endpoint.identityFile.clear();
    Connection c(setup, nullptr);
    c.client.start();
    QVERIFY2(c.waitReady(), qPrintable(c.errors()));
    QCOMPARE(c.transport->peerName(), u"lab-alias"_s);
}

void TstSshTransport::inventorySettingsWinOverSshConfig()
{
    // ~/.ssh/config says a wrong port, user, key and address; the host's own
    // settings (the inventory's) override every one of them.
    wbtest::ClientSetup setup;
    QFile cfg(setup.options.sshDir + u"/config"_s);
    QVERIFY(cfg.open(QIODevice::WriteOnly));
    cfg.write(u"Host lab-alias\n  HostName 127.0.0.2\n  Port 1\n  User wbnosuchuser\n  IdentityFile %1\n"_s
                  .arg(wbtest::fixtureFile(u"unauthorized_ed25519"_s))
                  .toUtf8());
    cfg.close();
    setup.trustHostKey();
    setup.endpoint.host = u"lab-alias"_s;
    setup.endpoint.address = u"127.0.0.1"_s;
    Connection c(setup, nullptr);
    c.client.start();
    QVERIFY2(c.waitReady(), qPrintable(c.errors()));
}

void TstSshTransport::requestsOverSsh()
{
    wbtest::ClientSetup setup;
    setup.trustHostKey();
    Connection c(setup, nullptr);
    QSignalSpy replies(&c.client, &wb::AgentClient::replyReceived);
    c.client.start();
    QVERIFY2(c.waitReady(), qPrintable(c.errors()));
    QVERIFY(c.transport->isOpen());
    const wb::HelloInfo h = c.client.hello();
    QCOMPARE(h.agentVersion, QStringLiteral(WIREBENCH_VERSION));
    QCOMPARE(h.arch, c.transport->remoteArch());
    // The agent really runs under the fixture's sshd.
    QVERIFY2(commOf(parentPid(h.pid)).startsWith(u"sshd"_s), qPrintable(commOf(parentPid(h.pid))));
    const qint64 a = c.client.sendRequest(u"ping"_s);
    const qint64 b = c.client.sendRequest(u"no_such_thing"_s);
    QTRY_COMPARE_WITH_TIMEOUT(replies.count(), 2, 5000);
    QCOMPARE(replies.at(0).at(0).value<wb::AgentMessage>().type, u"pong"_s);
    QCOMPARE(*replies.at(0).at(0).value<wb::AgentMessage>().id, a);
    QCOMPARE(
        replies.at(1).at(0).value<wb::AgentMessage>().body.value(u"code"_s).toString(), u"unknown_type"_s);
    QCOMPARE(*replies.at(1).at(0).value<wb::AgentMessage>().id, b);
    c.client.stop();
    QVERIFY(c.waitClosed());
    QCOMPARE(c.transient.count(), 0);
    QVERIFY(!c.transport->isOpen());
    // The agent exits when its stdin closes.
    QTRY_VERIFY_WITH_TIMEOUT(!QFile::exists(u"/proc/%1"_s.arg(h.pid)), 5000);
}

void TstSshTransport::deployFromScratchAtomically()
{
    QTemporaryDir remote;
    const QString path = remote.filePath(u"fresh/lib/wirebench-agent"_s);
    // Two clients deploy to the same place at once: both must end up with a
    // working agent and no temporary file may be left behind.
    wbtest::ClientSetup s1, s2;
    s1.trustHostKey();
    s2.trustHostKey();
    s1.endpoint.remoteAgentPath = s2.endpoint.remoteAgentPath = path;
    Connection c1(s1, nullptr), c2(s2, nullptr);
    c1.client.start();
    c2.client.start();
    QVERIFY2(c1.waitReady(), qPrintable(c1.errors()));
    QVERIFY2(c2.waitReady(), qPrintable(c2.errors()));
    QCOMPARE(c1.transport->remoteAgentPath(), path);
    // Whichever probed first deployed; the other may have found it in place.
    const QString log = c1.progress.join(u'\n') + c2.progress.join(u'\n');
    QVERIFY2(log.contains(u"deploying the agent to "_s + path), qPrintable(log));
    QCOMPARE(readAll(path), readAll(kAgent));
    const auto mask = QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner | QFile::ReadGroup
        | QFile::WriteGroup | QFile::ExeGroup | QFile::ReadOther | QFile::WriteOther | QFile::ExeOther;
    QCOMPARE(QFileInfo(path).permissions() & mask,
        QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner | QFile::ReadGroup | QFile::ExeGroup
            | QFile::ReadOther | QFile::ExeOther); // 0755
    QCOMPARE(QDir(QFileInfo(path).absolutePath()).entryList(QDir::Files | QDir::Hidden),
        QStringList { u"wirebench-agent"_s });
    // The default place is under the remote $HOME (the fixture's).
    wbtest::ClientSetup d;
    d.trustHostKey();
    Connection c3(d, nullptr);
    c3.client.start();
    QVERIFY2(c3.waitReady(), qPrintable(c3.errors()));
    const QString expected = wbtest::fixtureFile(
        u"home/.local/lib/wirebench/%1/wirebench-agent"_s.arg(QStringLiteral(WIREBENCH_VERSION)));
    QCOMPARE(c3.transport->remoteAgentPath(), expected);
    QCOMPARE(readAll(expected), readAll(kAgent));
}

void TstSshTransport::deployUpgradeReplacesOldAgent()
{
    QTemporaryDir remote;
    const QString path = remote.filePath(u"wirebench-agent"_s);
    {
        QFile old(path);
        QVERIFY(old.open(QIODevice::WriteOnly));
        old.write("#!/bin/sh\necho 'wirebench-agent 0.0.1 protocol 1'\n");
        old.close();
        old.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    }
    wbtest::ClientSetup setup;
    setup.trustHostKey();
    setup.endpoint.remoteAgentPath = path;
    Connection c(setup, nullptr);
    c.client.start();
    QVERIFY2(c.waitReady(), qPrintable(c.errors()));
    QVERIFY2(c.progress.join(u'\n').contains(u"replacing agent 'wirebench-agent 0.0.1 protocol 1'"_s),
        qPrintable(c.progress.join(u'\n')));
    QCOMPARE(readAll(path), readAll(kAgent));
    // A second connection finds the right version and uploads nothing.
    Connection again(setup, nullptr);
    again.client.start();
    QVERIFY2(again.waitReady(), qPrintable(again.errors()));
    QVERIFY(!again.progress.join(u'\n').contains(u"deploy"_s));
}

void TstSshTransport::deploySameVersionOtherBinaryReplaces()
{
    // A rebuilt agent says the same --version: only its content tells.
    QTemporaryDir remote;
    const QString path = remote.filePath(u"wirebench-agent"_s);
    {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(readAll(kAgent) + "\nanother build");
        f.close();
        f.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    }
    QVERIFY(readAll(path) != readAll(kAgent));
    wbtest::ClientSetup setup;
    setup.trustHostKey();
    setup.endpoint.remoteAgentPath = path;
    Connection c(setup, nullptr);
    c.client.start();
    QVERIFY2(c.waitReady(), qPrintable(c.errors()));
    const QString log = c.progress.join(u'\n');
    QVERIFY2(log.contains(u"replacing agent 'wirebench-agent %1"_s.arg(QStringLiteral(WIREBENCH_VERSION)))
                 && log.contains(u"same version, other content"_s),
             qPrintable(log));
    QCOMPARE(readAll(path), readAll(kAgent));
    // Now identical: nothing is uploaded.
    Connection again(setup, nullptr);
    again.client.start();
    QVERIFY2(again.waitReady(), qPrintable(again.errors()));
    QVERIFY2(!again.progress.join(u'\n').contains(u"replacing"_s), qPrintable(again.progress.join(u'\n')));
}

void TstSshTransport::redeployOnRequest()
{
    QTemporaryDir remote;
    const QString path = remote.filePath(u"wirebench-agent"_s);
    wbtest::ClientSetup setup;
    setup.trustHostKey();
    setup.endpoint.remoteAgentPath = path;
    {
        Connection first(setup, nullptr);
        first.client.start();
        QVERIFY2(first.waitReady(), qPrintable(first.errors()));
    }
    QCOMPARE(readAll(path), readAll(kAgent));
    setup.options.redeployAgent = true;
    Connection c(setup, nullptr);
    c.client.start();
    QVERIFY2(c.waitReady(), qPrintable(c.errors()));
    QVERIFY2(c.progress.join(u'\n').contains(u"redeploy asked for"_s), qPrintable(c.progress.join(u'\n')));
    QCOMPARE(readAll(path), readAll(kAgent));
}

void TstSshTransport::deployWithoutSftpUsesShell()
{
    QTemporaryDir remote;
    const QString path = remote.filePath(u"nosftp/wirebench-agent"_s);
    wbtest::ClientSetup setup(u"nosftp"_s);
    setup.trustHostKey();
    setup.endpoint.remoteAgentPath = path;
    Connection c(setup, nullptr);
    c.client.start();
    QVERIFY2(c.waitReady(), qPrintable(c.errors()));
    QVERIFY(c.progress.join(u'\n').contains(u"no SFTP subsystem"_s));
    QCOMPARE(readAll(path), readAll(kAgent));
    QVERIFY(QFileInfo(path).isExecutable());
}

void TstSshTransport::noisyLoginShell()
{
    // The "nosftp" server's ~/.bashrc prints a banner on stdout and stderr
    // (bash reads it for commands run by sshd).
    const passwd *pw = getpwuid(getuid());
    if (!pw || !QByteArray(pw->pw_shell).endsWith("bash"))
        QSKIP("the noisy ~/.bashrc needs bash as the login shell");
    QTemporaryDir remote;
    wbtest::ClientSetup setup(u"nosftp"_s);
    setup.trustHostKey();
    setup.endpoint.remoteAgentPath = remote.filePath(u"wirebench-agent"_s);
    Connection c(setup, nullptr);
    QSignalSpy replies(&c.client, &wb::AgentClient::replyReceived);
    c.client.start();
    QVERIFY2(c.waitReady(), qPrintable(c.errors()));
    QVERIFY2(c.progress.join(u'\n').contains(u"ignored login output: Welcome to the lab host"_s),
        qPrintable(c.progress.join(u'\n')));
    c.client.sendRequest(u"ping"_s);
    QVERIFY(replies.wait(5000));
    QSignalSpy done(c.transport, &wb::SshTransport::commandFinished);
    QVERIFY(c.transport->runCommand({ u"printf"_s, u"%s|"_s, u"a b"_s, u"c"_s }) > 0);
    QVERIFY(done.wait(10000));
    const auto r = done.at(0).at(1).value<wb::RemoteCommandResult>();
    QCOMPARE(r.stdOut, QByteArray("a b|c|"));
    QCOMPARE(r.exitStatus, 0);
}

void TstSshTransport::forcedSftpWithoutSubsystemFails()
{
    QTemporaryDir remote;
    wbtest::ClientSetup setup(u"nosftp"_s);
    setup.trustHostKey();
    setup.endpoint.remoteAgentPath = remote.filePath(u"wirebench-agent"_s);
    setup.options.upload = wb::SshOptions::Upload::Sftp;
    Connection c(setup, nullptr);
    c.client.start();
    QVERIFY(!c.waitReady());
    QVERIFY2(c.errors().contains(u"SFTP"_s), qPrintable(c.errors()));
    QVERIFY(!QFile::exists(setup.endpoint.remoteAgentPath));
}

void TstSshTransport::foreignArchitectureRefused()
{
    QTemporaryDir dir;
    // A copy of the agent whose ELF header says AArch64.
    QByteArray elf = readAll(kAgent);
    QVERIFY(elf.size() > 20);
    elf[18] = char(183);
    elf[19] = 0;
    const QString foreign = dir.filePath(u"wirebench-agent-aarch64"_s);
    {
        QFile f(foreign);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(elf);
    }
    wbtest::ClientSetup setup;
    setup.trustHostKey();
    setup.options.localAgentPath = foreign;
    setup.endpoint.remoteAgentPath = dir.filePath(u"remote/wirebench-agent"_s);
    Connection c(setup, nullptr);
    c.client.start();
    QVERIFY(!c.waitReady());
    QCOMPARE(c.persistent.count(), 1);
    const QString msg = c.persistent.at(0).at(0).toString();
    // It names the host's machine and what there is, with its path.
    QVERIFY2(msg.contains(u"the host is x86_64"_s) && msg.contains(u"built for aarch64 (%1) only"_s.arg(foreign)),
        qPrintable(msg));
    QVERIFY(!QFile::exists(setup.endpoint.remoteAgentPath));
}

void TstSshTransport::aarch64HostGetsTheAarch64Agent()
{
    const QString cross = wb::crossAgentPath(kAgent, u"aarch64"_s);
    if (!QFileInfo(cross).isExecutable())
        QSKIP("this build has no aarch64 agent (install crossbuild-essential-arm64 and configure again)");
    if (!loginShellIsBash())
        QSKIP("the fake `uname -m` (the \"arch\" server's ~/.bashrc) needs bash as the login shell");
    FakeMachine machine("aarch64");
    QVERIFY(machine.ok());
    QTemporaryDir remote;
    wbtest::ClientSetup setup(u"arch"_s);
    setup.trustHostKey();
    setup.endpoint.remoteAgentPath = remote.filePath(u"wirebench-agent"_s);
    Connection c(setup, nullptr);
    c.client.start();
    const bool ready = c.waitReady(60000);
    // The aarch64 agent went up, not this machine's.
    QVERIFY2(c.progress.join(u'\n').contains(u"deploying the agent"_s), qPrintable(c.everything()));
    QVERIFY(readAll(setup.endpoint.remoteAgentPath) == readAll(cross));
    QVERIFY(QFileInfo(setup.endpoint.remoteAgentPath).isExecutable());
    if (ready) {
        // binfmt_misc runs it under qemu-user on this machine: a real handshake.
        QCOMPARE(c.client.hello().arch, u"aarch64"_s);
    } else {
        // This x86-64 machine cannot run it: the check after the upload says so.
        QCOMPARE(c.persistent.count(), 1);
        QVERIFY2(c.errors().contains(u"does not run"_s), qPrintable(c.errors()));
    }
}

void TstSshTransport::hostWithoutAnAgentRefused()
{
    if (!loginShellIsBash())
        QSKIP("the fake `uname -m` (the \"arch\" server's ~/.bashrc) needs bash as the login shell");
    FakeMachine machine("armv7l");
    QVERIFY(machine.ok());
    QTemporaryDir remote;
    wbtest::ClientSetup setup(u"arch"_s);
    setup.trustHostKey();
    setup.endpoint.remoteAgentPath = remote.filePath(u"wirebench-agent"_s);
    Connection c(setup, nullptr);
    c.client.start();
    QVERIFY(!c.waitReady());
    QCOMPARE(c.persistent.count(), 1);
    const QString msg = c.persistent.at(0).at(0).toString();
    // The host's machine, every agent there is, and where one for it would go.
    QVERIFY2(msg.contains(u"the host is armv7l (arm)"_s), qPrintable(msg));
    QVERIFY2(msg.contains(u"x86_64 (%1)"_s.arg(kAgent)), qPrintable(msg));
    const QString cross = wb::crossAgentPath(kAgent, u"aarch64"_s);
    if (QFileInfo(cross).isExecutable())
        QVERIFY2(msg.contains(u"aarch64 (%1)"_s.arg(cross)), qPrintable(msg));
    QVERIFY2(msg.contains(u"put it at %1"_s.arg(wb::crossAgentPath(kAgent, u"arm"_s))), qPrintable(msg));
    QVERIFY(!QFile::exists(setup.endpoint.remoteAgentPath));
}

void TstSshTransport::handBuiltAgentKeptOnHostWithoutAnAgent()
{
    if (!loginShellIsBash())
        QSKIP("the fake `uname -m` (the \"arch\" server's ~/.bashrc) needs bash as the login shell");
    // An agent of this version built for the host by hand (here: a copy of
    // ours, which runs): with nothing built here to compare it with, its
    // version is enough, and it is neither replaced nor refused.
    FakeMachine machine("armv7l");
    QVERIFY(machine.ok());
    QTemporaryDir remote;
    const QString path = remote.filePath(u"wirebench-agent"_s);
    QVERIFY(QFile::copy(kAgent, path));
    QVERIFY(QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
    const QDateTime before = QFileInfo(path).lastModified();
    wbtest::ClientSetup setup(u"arch"_s);
    setup.trustHostKey();
    setup.endpoint.remoteAgentPath = path;
    Connection c(setup, nullptr);
    c.client.start();
    QVERIFY2(c.waitReady(), qPrintable(c.everything()));
    QCOMPARE(c.transport->remoteArch(), u"arm"_s);
    QVERIFY2(!c.progress.join(u'\n').contains(u"deploy"_s), qPrintable(c.progress.join(u'\n')));
    QCOMPARE(QFileInfo(path).lastModified(), before);
}

void TstSshTransport::unsafeAgentPathRefused()
{
    QTemporaryDir dir;
    const QString canary = dir.filePath(u"canary"_s);
    wbtest::ClientSetup setup;
    setup.trustHostKey();
    setup.endpoint.remoteAgentPath = dir.filePath(u"agent; touch "_s) + canary;
    Connection c(setup, nullptr);
    c.client.start();
    QVERIFY(!c.waitReady());
    QVERIFY2(c.errors().contains(u"refusing the remote agent path"_s), qPrintable(c.errors()));
    QVERIFY(!QFile::exists(canary));
}

void TstSshTransport::missingAgentWithDeploymentOff()
{
    QTemporaryDir remote;
    wbtest::ClientSetup setup;
    setup.trustHostKey();
    setup.endpoint.remoteAgentPath = remote.filePath(u"wirebench-agent"_s);
    setup.options.deployAgent = false;
    Connection c(setup, nullptr);
    c.client.start();
    QVERIFY(!c.waitReady());
    QCOMPARE(c.persistent.count(), 1);
    const QString msg = c.persistent.at(0).at(0).toString();
    QVERIFY2(msg.contains(u"is missing"_s) && msg.contains(u"deployment is off"_s), qPrintable(msg));
    QVERIFY(!QFile::exists(setup.endpoint.remoteAgentPath));
}

void TstSshTransport::agentExitReported()
{
    // The agent dies on the host while the session stays up.
    wbtest::ClientSetup setup;
    setup.trustHostKey();
    Connection c(setup, nullptr);
    c.client.start();
    QVERIFY2(c.waitReady(), qPrintable(c.errors()));
    QCOMPARE(::kill(static_cast<pid_t>(c.client.hello().pid), SIGKILL), 0);
    QVERIFY(c.waitClosed(10000));
    QVERIFY2(c.errors().contains(u"the agent exited"_s), qPrintable(c.errors()));
    QVERIFY(!c.transport->isOpen());
}

void TstSshTransport::refusedSshValuesReported_data()
{
    QTest::addColumn<QString>("address");
    QTest::addColumn<QString>("user");
    QTest::addColumn<QString>("expected");
    // libssh 0.10.6 refuses these. Ignoring the refusal would connect to the
    // alias (127.0.0.1) or log in as the local user instead.
    QTest::newRow("address with ;") << u"127.0.0.1;touch x"_s << QString() << u"libssh refused the address '127.0.0.1;touch x'"_s;
    QTest::newRow("address option") << u"-oProxyCommand=x"_s << QString() << u"libssh refused the address '-oProxyCommand=x'"_s;
    QTest::newRow("user with ;") << QString() << u"root;id"_s << u"libssh refused the user name 'root;id'"_s;
    QTest::newRow("user option") << QString() << u"-oProxyCommand=x"_s << u"libssh refused the user name '-oProxyCommand=x'"_s;
}

void TstSshTransport::refusedSshValuesReported()
{
    QFETCH(QString, address);
    QFETCH(QString, user);
    QFETCH(QString, expected);
    wbtest::ClientSetup setup;
    setup.trustHostKey();
    setup.endpoint.address = address;
    if (!user.isEmpty())
        setup.endpoint.user = user;
    Connection c(setup, nullptr);
    c.client.start();
    QVERIFY(!c.waitReady());
    QCOMPARE(c.persistent.count(), 1);
    const QString msg = c.persistent.at(0).at(0).toString();
    QVERIFY2(msg.contains(expected), qPrintable(msg));
}

void TstSshTransport::hostileValuesStayQuoted_data()
{
    QTest::addColumn<QString>("value");
    QTest::newRow("command substitution") << u"$(touch CANARY)"_s;
    QTest::newRow("backticks") << u"`touch CANARY`"_s;
    QTest::newRow("semicolon") << u"eth0;touch CANARY"_s;
    QTest::newRow("single quote") << u"eth0'; touch CANARY; echo '"_s;
    QTest::newRow("double quote") << u"eth0\"; touch CANARY; \""_s;
    QTest::newRow("pipe and redirect") << u"eth0|touch CANARY>x"_s;
    QTest::newRow("glob") << u"*"_s;
    QTest::newRow("leading dash") << u"-n"_s;
    QTest::newRow("variable") << u"$HOME${IFS}x"_s;
    QTest::newRow("backslash") << u"eth0\\ \\'"_s;
    QTest::newRow("utf8") << u"eth0\u00e9\u4e2d"_s;
    QTest::newRow("ampersand") << u"eth0 & touch CANARY &"_s;
}

void TstSshTransport::hostileValuesStayQuoted()
{
    QFETCH(QString, value);
    // One connection for all rows: helper commands reuse the open session.
    if (!m_shared) {
        m_sharedSetup = std::make_unique<wbtest::ClientSetup>();
        m_sharedSetup->trustHostKey();
        m_shared = std::make_unique<Connection>(*m_sharedSetup, nullptr);
        m_shared->client.start();
        QVERIFY2(m_shared->waitReady(), qPrintable(m_shared->errors()));
    }
    Connection *conn = m_shared.get();
    QTemporaryDir dir;
    const QString canary = dir.filePath(u"canary"_s);
    const QString v = QString(value).replace(u"CANARY"_s, canary);
    // Interface-shaped values are validated before any quoting.
    QVERIFY(!wb::isValidInterfaceName(v));
    QSignalSpy done(conn->transport, &wb::SshTransport::commandFinished);
    const qint64 id = conn->transport->runCommand({ u"printf"_s, u"%s"_s, v });
    QVERIFY(id > 0);
    QVERIFY(done.wait(10000));
    QCOMPARE(done.at(0).at(0).toLongLong(), id);
    const auto r = done.at(0).at(1).value<wb::RemoteCommandResult>();
    QVERIFY2(r.succeeded(), qPrintable(r.error + QString::fromUtf8(r.stdErr)));
    QCOMPARE(QString::fromUtf8(r.stdOut), v);
    QVERIFY(!QFile::exists(canary));
    // The agent channel still works between helper commands.
    QSignalSpy replies(&conn->client, &wb::AgentClient::replyReceived);
    conn->client.sendRequest(u"ping"_s);
    QVERIFY(replies.wait(5000));
}

void TstSshTransport::hostThatNeverSpeaksTimesOut()
{
    // A listener that accepts and never says a word: no SSH banner ever comes.
    QTcpServer silent;
    QVERIFY(silent.listen(QHostAddress::LocalHost, 0));
    wbtest::ClientSetup setup;
    setup.endpoint.port = silent.serverPort();
    setup.options.connectTimeoutMs = 3000;
    Connection c(setup, nullptr);
    QElapsedTimer t;
    t.start();
    c.client.start();
    QVERIFY(c.waitClosed(20000));
    const qint64 ms = t.elapsed();
    QVERIFY2(ms < 15000, qPrintable(QString::number(ms)));
    QCOMPARE(c.ready.count(), 0);
    QCOMPARE(c.transient.count(), 1);
    QVERIFY2(c.transient.at(0).at(0).toString().contains(u"cannot connect"_s), qPrintable(c.errors()));
}

void TstSshTransport::closeWhileConnectingIsQuick()
{
    QTcpServer silent;
    QVERIFY(silent.listen(QHostAddress::LocalHost, 0));
    wbtest::ClientSetup setup;
    setup.endpoint.port = silent.serverPort();
    setup.options.connectTimeoutMs = 10000;
    Connection c(setup, nullptr);
    c.client.start();
    QTest::qWait(300);
    QElapsedTimer t;
    t.start();
    c.client.stop();
    QVERIFY(c.waitClosed(5000));
    QVERIFY2(t.elapsed() < 2000, qPrintable(QString::number(t.elapsed())));
    QCOMPARE(c.persistent.count(), 0); // the user's own close is not an error
    QCOMPARE(c.transient.count(), 0);
}

void TstSshTransport::reopenAfterClose()
{
    wbtest::ClientSetup setup;
    setup.trustHostKey();
    Connection c(setup, nullptr);
    c.client.start();
    QVERIFY2(c.waitReady(), qPrintable(c.errors()));
    const qint64 firstPid = c.client.hello().pid;
    c.client.stop();
    QVERIFY(c.waitClosed());
    c.ready.clear();
    c.closed.clear();
    c.client.start();
    QVERIFY2(c.waitReady(), qPrintable(c.errors()));
    QVERIFY(c.client.hello().pid != firstPid);
    QCOMPARE(c.transient.count(), 0);
}

void TstSshTransport::proxyCommandFromSshConfig()
{
    // libssh 0.10 runs ProxyJump as a ProxyCommand through the ssh client;
    // here the ssh client itself jumps through the fixture sshd to reach it.
    wbtest::ClientSetup setup;
    setup.trustHostKey();
    const QString jumpConfig = setup.home.filePath(u"jump_config"_s);
    {
        QFile f(jumpConfig);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(
            u"Host jump\n  HostName 127.0.0.1\n  Port %1\n  User %2\n  IdentityFile %3\n"
            "  IdentitiesOnly yes\n  BatchMode yes\n  UserKnownHostsFile %4\n  StrictHostKeyChecking yes\n"_s
                .arg(setup.endpoint.port)
                .arg(wbtest::loginName(), wbtest::fixtureFile(u"client_ed25519"_s),
                    setup.options.userKnownHostsFile)
                .toUtf8());
        QFile cfg(setup.options.sshDir + u"/config"_s);
        QVERIFY(cfg.open(QIODevice::WriteOnly));
        cfg.write(
            u"Host behind-jump\n  HostName 127.0.0.1\n  Port %1\n  ProxyCommand ssh -F %2 -W %h:%p jump\n"_s
                .arg(setup.endpoint.port)
                .arg(jumpConfig)
                .toUtf8());
    }
    setup.endpoint.host = u"behind-jump"_s;
    setup.endpoint.port = 0;
    Connection c(setup, nullptr);
    c.client.start();
    QVERIFY2(c.waitReady(), qPrintable(c.errors()));
    // The agent's sshd session was reached through a second sshd session
    // (the jump), so two sessions of ours exist now.
    QCOMPARE(c.client.hello().agentVersion, QStringLiteral(WIREBENCH_VERSION));
}

void TstSshTransport::killedSessionReportedLost()
{
    wbtest::ClientSetup setup;
    setup.trustHostKey();
    Connection c(setup, nullptr);
    c.client.start();
    QVERIFY2(c.waitReady(), qPrintable(c.errors()));
    const qint64 session = parentPid(c.client.hello().pid);
    QVERIFY(commOf(session).startsWith(u"sshd"_s));
    QElapsedTimer t;
    t.start();
    QCOMPARE(::kill(static_cast<pid_t>(session), SIGKILL), 0);
    QVERIFY(c.waitClosed(15000));
    QVERIFY2(t.elapsed() < 15000, qPrintable(QString::number(t.elapsed())));
    QVERIFY2(!c.transient.isEmpty(), "the loss must be reported, not just a quiet close");
    QVERIFY(!c.transport->isOpen());
}

void TstSshTransport::stoppedHostReportedByHeartbeat()
{
    // The host's sshd session stops (SIGSTOP): TCP still acknowledges, so only
    // the agent heartbeat can tell.
    wbtest::ClientSetup setup;
    setup.trustHostKey();
    Connection c(setup, nullptr);
    wb::AgentHeartbeat heartbeat(&c.client, 1000, 4000);
    QSignalSpy lost(&heartbeat, &wb::AgentHeartbeat::hostLost);
    c.client.start();
    QVERIFY2(c.waitReady(), qPrintable(c.errors()));
    QTest::qWait(1500); // a few pings go through first
    QCOMPARE(lost.count(), 0);
    const qint64 session = parentPid(c.client.hello().pid);
    QVERIFY(commOf(session).startsWith(u"sshd"_s));
    QElapsedTimer t;
    t.start();
    QCOMPARE(::kill(static_cast<pid_t>(session), SIGSTOP), 0);
    auto resume = qScopeGuard([session] { ::kill(static_cast<pid_t>(session), SIGCONT); });
    QVERIFY(lost.wait(15000));
    const qint64 ms = t.elapsed();
    QVERIFY2(ms < 15000 && ms >= 2000, qPrintable(QString::number(ms)));
    QVERIFY2(lost.at(0).at(0).toString().contains(u"no answer from the agent"_s),
        qPrintable(lost.at(0).at(0).toString()));
    QVERIFY(c.waitClosed(10000));
}

void TstSshTransport::longHelperCommandKeepsHeartbeat()
{
    // A helper command that runs longer than the heartbeat timeout must not
    // hold up the agent's pongs on the same session.
    wbtest::ClientSetup setup;
    setup.trustHostKey();
    Connection c(setup, nullptr);
    wb::AgentHeartbeat heartbeat(&c.client, 300, 1500);
    QSignalSpy lost(&heartbeat, &wb::AgentHeartbeat::hostLost);
    QSignalSpy replies(&c.client, &wb::AgentClient::replyReceived);
    c.client.start();
    QVERIFY2(c.waitReady(), qPrintable(c.errors()));
    QSignalSpy done(c.transport, &wb::SshTransport::commandFinished);
    QVERIFY(c.transport->runCommand({ u"sleep"_s, u"3"_s }, 10000) > 0);
    QTest::qWait(500);
    const auto before = replies.count();
    QVERIFY(done.wait(10000));
    QCOMPARE(done.at(0).at(1).value<wb::RemoteCommandResult>().exitStatus, 0);
    QCOMPARE(lost.count(), 0);
    QVERIFY2(replies.count() >= before + 4, qPrintable(u"%1 -> %2"_s.arg(before).arg(replies.count())));
    QVERIFY(c.client.isReady());
}

void TstSshTransport::commandOutputBounded_data()
{
    QTest::addColumn<QString>("script");
    QTest::addColumn<QString>("stream");
    // 200 MB, far past the 1 MiB cap: read to the end it would take seconds and the memory.
    QTest::newRow("stdout") << u"head -c 200000000 /dev/zero"_s << u"stdout"_s;
    QTest::newRow("stderr") << u"head -c 200000000 /dev/zero >&2"_s << u"stderr"_s;
}

void TstSshTransport::commandOutputBounded()
{
    QFETCH(QString, script);
    QFETCH(QString, stream);
    constexpr qsizetype kCap = 1024 * 1024;
    wbtest::ClientSetup setup;
    setup.trustHostKey();
    setup.options.maxCommandOutputBytes = kCap;
    Connection c(setup, nullptr);
    c.client.start();
    QVERIFY2(c.waitReady(), qPrintable(c.errors()));
    QSignalSpy done(c.transport, &wb::SshTransport::commandFinished);
    QElapsedTimer t;
    t.start();
    QVERIFY(c.transport->runCommand({u"sh"_s, u"-c"_s, script}, 60000) > 0);
    QVERIFY(done.wait(60000));
    const auto r = done.at(0).at(1).value<wb::RemoteCommandResult>();
    QVERIFY2(r.error.contains(u"printed more than %1 bytes on %2"_s.arg(kCap).arg(stream)), qPrintable(r.error));
    QVERIFY(r.stdOut.size() <= kCap + 64); // the marker line comes first
    QVERIFY(r.stdErr.size() <= kCap);
    QVERIFY2(t.elapsed() < 20000, qPrintable(QString::number(t.elapsed())));
    // The session is still good for the next command.
    QVERIFY(c.transport->runCommand({u"echo"_s, u"still here"_s}, 10000) > 0);
    QVERIFY(done.wait(10000));
    const auto next = done.at(1).at(1).value<wb::RemoteCommandResult>();
    QVERIFY2(next.error.isEmpty() && next.stdOut.contains("still here"), qPrintable(next.error));
    QVERIFY(c.client.isReady());
}

QTEST_GUILESS_MAIN(TstSshTransport)
#include "tst_sshtransport.moc"
