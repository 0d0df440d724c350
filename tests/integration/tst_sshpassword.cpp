// SPDX-License-Identifier: GPL-3.0-or-later
// Password authentication against the fixture's password-only sshd (real
// sshd checking a real account's password): the right password logs in, a
// wrong one fails once with a message naming user@host:port, and the
// password appears in no message. With a SecretStore (in memory here; the
// real keychain is in tst_clipassword): a stored password is used without
// asking, a typed one is stored only when the user opted in and the server
// accepted it, a refused stored one is removed and the user asked once, and
// an unreachable store means asking without offering to remember.

#include "memorysecretstore.h"
#include "remote/agentclient.h"
#include "remote/sshtransport.h"
#include "run/hostsession.h"
#include "sshconnection.h"
#include "sshfixture.h"

#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {

// Answers every credential request from a list, and records the requests.
class ListedCredentials : public wb::CredentialProvider
{
public:
    explicit ListedCredentials(QList<wb::CredentialAnswer> answers) : m_answers(std::move(answers)) { }
    void provide(
        const wb::CredentialRequest &request, std::function<void(wb::CredentialAnswer)> reply) override
    {
        requests.append(request);
        reply(m_answers.isEmpty() ? wb::CredentialAnswer() : m_answers.takeFirst());
    }
    QList<wb::CredentialRequest> requests;

private:
    QList<wb::CredentialAnswer> m_answers;
};

using Connection = wbtest::SshConnection;

} // namespace

class TstSshPassword : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void rightPasswordLogsIn();
    void wrongPasswordFailsOnceNamingTheAccount();
    void cancelledPromptFails();
    void rememberedOnlyWhenOptedInAndAccepted();
    void storedPasswordUsedWithoutAsking();
    void refusedStoredPasswordIsRemovedThenAsked();
    void unreachableStoreAsksWithoutOffer();
    void runLogShowsKeychainNotes();
    void keyboardInteractivePassword();
    void keyboardInteractiveWrongPassword();

private:
    wbtest::ClientSetup *setup();
    QString account() const;
    QByteArray m_password;
    std::unique_ptr<wbtest::ClientSetup> m_setup;
};

void TstSshPassword::initTestCase()
{
    if (wbtest::sshdDir().isEmpty() || wbtest::sshdPort() <= 0)
        QFAIL("WB_SSHD_DIR does not point at a running sshd fixture (run through ctest)");
    if (wbtest::sshdPort(u"pw"_s) <= 0) {
        if (::geteuid() == 0)
            QFAIL("the sshd fixture has no password server (see sshd_fixture_start's output)");
        QSKIP("the fixture's password sshd runs only as root (it creates a system account)");
    }
    m_password = wbtest::fixturePassword();
    QVERIFY(m_password.size() >= 16);
    QVERIFY(!wbtest::passwordUser().isEmpty());
}

wbtest::ClientSetup *TstSshPassword::setup()
{
    m_setup = std::make_unique<wbtest::ClientSetup>(u"pw"_s);
    m_setup->trustHostKey();
    return m_setup.get();
}

QString TstSshPassword::account() const
{
    return u"%1@127.0.0.1:%2"_s.arg(wbtest::passwordUser()).arg(wbtest::sshdPort(u"pw"_s));
}

void TstSshPassword::rightPasswordLogsIn()
{
    ListedCredentials creds({ m_password });
    Connection c(*setup(), nullptr, &creds, nullptr);
    c.client.start();
    QVERIFY2(c.waitReady(), qPrintable(c.everything()));
    QCOMPARE(creds.requests.size(), 1);
    const wb::CredentialRequest &r = creds.requests.at(0);
    QCOMPARE(r.kind, wb::CredentialRequest::Kind::Password);
    QCOMPARE(r.account, account());
    QVERIFY2(r.prompt.contains(account()), qPrintable(r.prompt));
    QVERIFY(!r.offerRemember); // no store: nothing to offer
    // The agent really runs as that account.
    QVERIFY(!c.client.hello().host.isEmpty());
    QVERIFY(!c.everything().contains(QString::fromUtf8(m_password)));
    c.client.stop();
    QVERIFY(c.waitClosed());
}

void TstSshPassword::wrongPasswordFailsOnceNamingTheAccount()
{
    const QByteArray wrong = "wb-not-the-password-" + QByteArray::number(QCoreApplication::applicationPid());
    // Two answers offered: only one may be used.
    ListedCredentials creds({ wrong, wrong });
    Connection c(*setup(), nullptr, &creds, nullptr);
    QElapsedTimer t;
    t.start();
    c.client.start();
    QVERIFY(!c.waitReady());
    QVERIFY(c.waitClosed());
    QCOMPARE(creds.requests.size(), 1);
    QCOMPARE(c.persistent.count(), 1);
    const QString msg = c.persistent.at(0).at(0).toString();
    QVERIFY2(msg.contains(u"refused the password for %1"_s.arg(account())), qPrintable(msg));
    QVERIFY2(msg.contains(u"authentication as '%1' failed"_s.arg(wbtest::passwordUser())), qPrintable(msg));
    QVERIFY(!c.everything().contains(QString::fromUtf8(wrong)));
    QVERIFY(t.elapsed() < 15000); // sshd's delay after a wrong password, not a retry loop
}

void TstSshPassword::cancelledPromptFails()
{
    ListedCredentials creds({}); // the user cancels
    Connection c(*setup(), nullptr, &creds, nullptr);
    c.client.start();
    QVERIFY(!c.waitReady());
    QCOMPARE(creds.requests.size(), 1);
    QCOMPARE(c.persistent.count(), 1);
    const QString msg = c.persistent.at(0).at(0).toString();
    QVERIFY2(msg.contains(u"no password was given"_s), qPrintable(msg));
}

void TstSshPassword::rememberedOnlyWhenOptedInAndAccepted()
{
    wbtest::MemorySecretStore store;
    const QString key = wb::SshTransport::secretService() + u'\n' + account();
    {
        // Opted in, but wrong: nothing stored.
        ListedCredentials creds({ wb::CredentialAnswer(QByteArray("wrong-one"), true) });
        Connection c(*setup(), nullptr, &creds, &store);
        c.client.start();
        QVERIFY(!c.waitReady());
        QCOMPARE(creds.requests.size(), 1);
        QVERIFY(creds.requests.at(0).offerRemember);
        QCOMPARE(creds.requests.at(0).offerRememberIn, u"the test keychain"_s);
        QVERIFY(store.secrets.isEmpty());
    }
    {
        // Right, not opted in: nothing stored.
        ListedCredentials creds({ wb::CredentialAnswer(m_password, false) });
        Connection c(*setup(), nullptr, &creds, &store);
        c.client.start();
        QVERIFY2(c.waitReady(), qPrintable(c.everything()));
        QVERIFY(store.secrets.isEmpty());
        c.client.stop();
        QVERIFY(c.waitClosed());
    }
    {
        // Right and opted in: stored under wirebench-ssh / user@host:port.
        ListedCredentials creds({ wb::CredentialAnswer(m_password, true) });
        Connection c(*setup(), nullptr, &creds, &store);
        c.client.start();
        QVERIFY2(c.waitReady(), qPrintable(c.everything()));
        QCOMPARE(store.secrets.value(key), m_password);
        QVERIFY2(c.progress.join(u'\n').contains(u"stored the password for %1"_s.arg(account())),
            qPrintable(c.everything()));
        QVERIFY(!c.everything().contains(QString::fromUtf8(m_password)));
        c.client.stop();
        QVERIFY(c.waitClosed());
    }
    QCOMPARE(store.log.count(u"write wirebench-ssh %1"_s.arg(account())), 1);
}

void TstSshPassword::storedPasswordUsedWithoutAsking()
{
    wbtest::MemorySecretStore store;
    store.secrets.insert(wb::SshTransport::secretService() + u'\n' + account(), m_password);
    ListedCredentials creds({});
    Connection c(*setup(), nullptr, &creds, &store);
    c.client.start();
    QVERIFY2(c.waitReady(), qPrintable(c.everything()));
    QCOMPARE(creds.requests.size(), 0);
    QCOMPARE(store.log, QStringList { u"read wirebench-ssh %1"_s.arg(account()) });
    c.client.stop();
    QVERIFY(c.waitClosed());
}

void TstSshPassword::refusedStoredPasswordIsRemovedThenAsked()
{
    wbtest::MemorySecretStore store;
    const QString key = wb::SshTransport::secretService() + u'\n' + account();
    store.secrets.insert(key, "an-old-password");
    ListedCredentials creds({ wb::CredentialAnswer(m_password, false) });
    Connection c(*setup(), nullptr, &creds, &store);
    c.client.start();
    QVERIFY2(c.waitReady(), qPrintable(c.everything()));
    QCOMPARE(creds.requests.size(), 1);
    QVERIFY(creds.requests.at(0).storedPasswordRefused);
    QVERIFY(!store.secrets.contains(key));
    QVERIFY(store.log.contains(u"remove wirebench-ssh %1"_s.arg(account())));
    QVERIFY2(c.progress.join(u'\n').contains(u"refused the password stored in the test keychain"_s),
        qPrintable(c.everything()));
    // Read once: the second question goes to the user, not the store again.
    QCOMPARE(store.log.count(u"read wirebench-ssh %1"_s.arg(account())), 1);
    c.client.stop();
    QVERIFY(c.waitClosed());

    // A refused stored password and then a wrong typed one: two tries in all, then an error.
    store.secrets.insert(key, "an-old-password");
    ListedCredentials wrong({ QByteArray("still-wrong"), QByteArray("never-asked") });
    Connection d(*setup(), nullptr, &wrong, &store);
    d.client.start();
    QVERIFY(!d.waitReady());
    QCOMPARE(wrong.requests.size(), 1);
    QCOMPARE(d.persistent.count(), 1);
    QVERIFY(!store.secrets.contains(key));
}

void TstSshPassword::unreachableStoreAsksWithoutOffer()
{
    wbtest::MemorySecretStore store;
    store.unavailable = u"Cannot autolaunch D-Bus without X11 $DISPLAY"_s;
    ListedCredentials creds({ wb::CredentialAnswer(m_password, true) });
    Connection c(*setup(), nullptr, &creds, &store);
    c.client.start();
    QVERIFY2(c.waitReady(), qPrintable(c.everything()));
    QCOMPARE(creds.requests.size(), 1);
    QVERIFY(!creds.requests.at(0).offerRemember);
    QVERIFY2(c.progress.join(u'\n').contains(u"could not be read (Cannot autolaunch"_s),
        qPrintable(c.everything()));
    // Not offered, so not written even though the answer said "remember".
    QVERIFY(!store.log.join(u'\n').contains(u"write"_s));
    c.client.stop();
    QVERIFY(c.waitClosed());
}

void TstSshPassword::runLogShowsKeychainNotes()
{
    // A plan's host session puts what happened with the keychain in the
    // run's log (the GUI's log view, `run` on stderr): here a stored
    // password the host refused and its removal, as a warning.
    wbtest::MemorySecretStore store;
    store.secrets.insert(wb::SshTransport::secretService() + u'\n' + account(), "an-old-password");
    ListedCredentials creds({ wb::CredentialAnswer(m_password, false) });
    const wbtest::ClientSetup *client = setup();
    auto *transport = new wb::SshTransport(client->endpoint, client->options);
    transport->setCredentialProvider(&creds);
    transport->setSecretStore(&store);
    wb::PlanHost host;
    host.name = u"pwhost"_s;
    host.transport = u"ssh"_s;
    wb::HostSession session(host, transport);
    QSignalSpy ready(&session, &wb::HostSession::ready);
    QSignalSpy logged(&session, &wb::HostSession::logged);
    QSignalSpy lost(&session, &wb::HostSession::lost);
    session.ensureConnected();
    QTRY_VERIFY_WITH_TIMEOUT(!ready.isEmpty() || !lost.isEmpty(), 20000);
    QVERIFY2(!ready.isEmpty(), qPrintable(lost.value(0).value(0).toString()));
    QStringList warnings;
    QStringList infos;
    for (const auto &l : logged)
        (l.at(0).toString() == u"warning"_s ? warnings : infos) << l.at(1).toString();
    QVERIFY2(warnings.join(u'\n').contains(
                 u"refused the password stored in the test keychain for %1; removed it"_s.arg(account())),
        qPrintable(warnings.join(u'\n')));
    for (const QString &m : warnings + infos)
        QVERIFY(!m.contains(QString::fromUtf8(m_password)));
    session.close();
}

void TstSshPassword::keyboardInteractivePassword()
{
    // The "kbd" server takes the password only through PAM's keyboard-interactive.
    const int port = wbtest::sshdPort(u"kbd"_s);
    QVERIFY(port > 0);
    wbtest::ClientSetup kbd(u"kbd"_s);
    kbd.trustHostKey();
    wbtest::MemorySecretStore store;
    ListedCredentials creds({ wb::CredentialAnswer(m_password, true) });
    Connection c(kbd, nullptr, &creds, &store);
    c.client.start();
    QVERIFY2(c.waitReady(), qPrintable(c.everything()));
    QCOMPARE(creds.requests.size(), 1);
    const QString account = u"%1@127.0.0.1:%2"_s.arg(wbtest::passwordUser()).arg(port);
    QCOMPARE(creds.requests.at(0).account, account);
    QCOMPARE(store.secrets.value(wb::SshTransport::secretService() + u'\n' + account), m_password);
    QVERIFY(!c.everything().contains(QString::fromUtf8(m_password)));
    c.client.stop();
    QVERIFY(c.waitClosed());
}

void TstSshPassword::keyboardInteractiveWrongPassword()
{
    const int port = wbtest::sshdPort(u"kbd"_s);
    wbtest::ClientSetup kbd(u"kbd"_s);
    kbd.trustHostKey();
    ListedCredentials creds({ QByteArray("wb-wrong-kbd-password"), QByteArray("wb-wrong-kbd-password") });
    Connection c(kbd, nullptr, &creds, nullptr);
    c.client.start();
    QVERIFY(!c.waitReady(30000));
    QCOMPARE(creds.requests.size(), 1);
    QCOMPARE(c.persistent.count(), 1);
    const QString msg = c.persistent.at(0).at(0).toString();
    QVERIFY2(
        msg.contains(u"refused the password for %1@127.0.0.1:%2"_s.arg(wbtest::passwordUser()).arg(port)),
        qPrintable(msg));
    QVERIFY2(msg.contains(u"keyboard-interactive"_s), qPrintable(msg));
    QVERIFY(!c.everything().contains(u"wb-wrong-kbd-password"_s));
}

QTEST_MAIN(TstSshPassword)
#include "tst_sshpassword.moc"
