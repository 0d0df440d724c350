// SPDX-License-Identifier: GPL-3.0-or-later
// Password login through `wirebench-cli` on a real terminal (a pty) against
// the fixture's password-only sshd: the prompt names user@host:port, the
// password is never echoed or printed, a wrong one fails after one try. With
// a real Secret Service (a private D-Bus session bus and gnome-keyring-daemon,
// started here headless) through qtkeychain: "remember" stores it, the next
// check does not ask, a refused stored password is removed and asked for
// again. Afterwards a plan run and the exports: the password is in no file
// under the test's home (settings, database, known_hosts, exports, keyring
// files), in no output and not in the sshd log. A scheduled run never asks:
// the password host fails with the reason (a notice on its run), the local
// pair beside it finishes, and an unknown host key is refused the same way.

#include "keychainsecretstore.h"
#include "ptyrun.h"
#include "remote/sshtransport.h"
#include "secretservice.h"
#include "sshfixture.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QDirIterator>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <csignal>

using namespace Qt::StringLiterals;

namespace {
const QString kCli = QStringLiteral(WB_BIN_DIR "/wirebench-cli");
} // namespace

class TstCliPassword : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void cleanupTestCase();
    void typedPasswordNeverShown();
    void wrongPasswordFailsOnce();
    void keychainRemembersUsesAndForgets();
    void passwordInNoFileOrOutput();
    void scheduledRunNeverPrompts();

private:
    QProcessEnvironment env(bool withKeychain) const;
    QStringList hostsCheck() const;
    wbtest::PtyResult cli(const QStringList &args, QList<wbtest::PtyPrompt> script, bool withKeychain);
    bool startSecretService(QString *why);
    std::optional<QByteArray> keychainRead(QString *error);
    bool keychainWrite(const QByteArray &secret);
    QString account() const;

    QTemporaryDir m_home;
    QByteArray m_password;
    QString m_knownHosts;
    QByteArray m_allOutput; // every terminal's text, for the final check
    wbtest::SecretService m_secrets;
    QString m_busAddress;
    QString m_noKeychainReason;
};

void TstCliPassword::initTestCase()
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
    for (const char *d : { "ssh", "config", "data", "cache", "run" })
        QVERIFY(QDir(m_home.path()).mkpath(QString::fromLatin1(d)));
    QFile::setPermissions(m_home.filePath(u"run"_s), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    m_knownHosts = m_home.filePath(u"data/wirebench/known_hosts"_s);
    QVERIFY(QDir().mkpath(QFileInfo(m_knownHosts).absolutePath()));
    QFile kh(m_knownHosts);
    QVERIFY(kh.open(QIODevice::WriteOnly));
    kh.write(wbtest::knownHostsLine(wbtest::sshdPort(u"pw"_s)));
    kh.close();
    if (!startSecretService(&m_noKeychainReason))
        qWarning("no Secret Service for the keychain test: %s", qPrintable(m_noKeychainReason));
}

void TstCliPassword::cleanupTestCase()
{
    m_secrets.stop();
}

bool TstCliPassword::startSecretService(QString *why)
{
    // The keyring lives under the test's XDG_DATA_HOME.
    if (!m_secrets.start(env(false), why))
        return false;
    m_busAddress = m_secrets.address();
    return true;
}

QProcessEnvironment TstCliPassword::env(bool withKeychain) const
{
    QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
    for (const QString &v :
        { u"SSH_AUTH_SOCK"_s, u"DISPLAY"_s, u"WAYLAND_DISPLAY"_s, u"DBUS_SESSION_BUS_ADDRESS"_s })
        e.remove(v);
    e.insert(u"HOME"_s, m_home.path());
    e.insert(u"XDG_CONFIG_HOME"_s, m_home.filePath(u"config"_s));
    e.insert(u"XDG_DATA_HOME"_s, m_home.filePath(u"data"_s));
    e.insert(u"XDG_CACHE_HOME"_s, m_home.filePath(u"cache"_s));
    e.insert(u"XDG_RUNTIME_DIR"_s, m_home.filePath(u"run"_s));
    e.insert(u"TERM"_s, u"dumb"_s);
    if (withKeychain && !m_busAddress.isEmpty())
        e.insert(u"DBUS_SESSION_BUS_ADDRESS"_s, m_busAddress);
    return e;
}

QString TstCliPassword::account() const
{
    return u"%1@127.0.0.1:%2"_s.arg(wbtest::passwordUser()).arg(wbtest::sshdPort(u"pw"_s));
}

QStringList TstCliPassword::hostsCheck() const
{
    return { u"hosts"_s, u"check"_s, u"--port"_s, QString::number(wbtest::sshdPort(u"pw"_s)), u"--user"_s,
        wbtest::passwordUser(), u"--known-hosts"_s, m_knownHosts, u"--ssh-dir"_s, m_home.filePath(u"ssh"_s),
        u"127.0.0.1"_s };
}

wbtest::PtyResult TstCliPassword::cli(
    const QStringList &args, QList<wbtest::PtyPrompt> script, bool withKeychain)
{
    wbtest::PtyResult r = wbtest::runInPty(kCli, args, env(withKeychain), std::move(script));
    m_allOutput += r.output;
    return r;
}

std::optional<QByteArray> TstCliPassword::keychainRead(QString *error)
{
    wb::KeychainSecretStore store;
    std::optional<std::optional<QByteArray>> got;
    store.readSecret(
        wb::SshTransport::secretService(), account(), [&](std::optional<QByteArray> s, const QString &e) {
            *error = e;
            got = std::move(s);
        });
    if (!QTest::qWaitFor([&] { return got.has_value(); }, 10000))
        *error = u"no answer in 10 s"_s;
    return got.value_or(std::nullopt);
}

bool TstCliPassword::keychainWrite(const QByteArray &secret)
{
    wb::KeychainSecretStore store;
    std::optional<QString> error;
    store.writeSecret(
        wb::SshTransport::secretService(), account(), secret, [&](const QString &e) { error = e; });
    if (!QTest::qWaitFor([&] { return error.has_value(); }, 10000))
        return false;
    return error && error->isEmpty();
}

void TstCliPassword::typedPasswordNeverShown()
{
    // No keychain reachable (no session bus): asked, not offered "remember".
    const QByteArray prompt = "Password for " + account().toUtf8() + ": ";
    const auto r = cli(hostsCheck(), { { prompt, m_password } }, false);
    const QString out = QString::fromUtf8(r.output);
    QVERIFY2(r.exitCode == 0, r.output.constData());
    QCOMPARE(r.answered, 1);
    QVERIFY2(out.contains(u"agent:"_s) && out.contains(u"host key:"_s), r.output.constData());
    QVERIFY2(!out.contains(u"Remember the password"_s), r.output.constData());
    QVERIFY2(out.contains(u"the system keychain could not be read"_s), r.output.constData());
    QVERIFY(!r.output.contains(m_password));
}

void TstCliPassword::wrongPasswordFailsOnce()
{
    const QByteArray prompt = "Password for " + account().toUtf8() + ": ";
    const QByteArray wrong = "wb-wrong-password-on-the-terminal";
    const auto r = cli(hostsCheck(), { { prompt, wrong }, { prompt, m_password } }, false);
    const QString out = QString::fromUtf8(r.output);
    QCOMPARE(r.exitCode, 1);
    QCOMPARE(r.answered, 1); // asked once, no retry loop
    QCOMPARE(r.output.count("Password for "), 1);
    QVERIFY2(out.contains(u"refused the password for %1"_s.arg(account())), r.output.constData());
    QVERIFY(!r.output.contains(wrong));
}

void TstCliPassword::keychainRemembersUsesAndForgets()
{
    if (m_busAddress.isEmpty() || !m_noKeychainReason.isEmpty())
        QSKIP(qPrintable(u"no Secret Service could run here: "_s + m_noKeychainReason));
    const QByteArray prompt = "Password for " + account().toUtf8() + ": ";
    const QByteArray remember
        = "Remember the password for " + account().toUtf8() + " in the system keychain? [y/N] ";
    QString error;

    // 1. Typed, and the user says yes: stored in the real keychain.
    auto r = cli(hostsCheck(), { { prompt, m_password }, { remember, "y" } }, true);
    QVERIFY2(r.exitCode == 0, r.output.constData());
    QCOMPARE(r.answered, 2);
    QVERIFY2(r.output.contains("stored the password for " + account().toUtf8() + " in the system keychain"),
        r.output.constData());
    QCOMPARE(keychainRead(&error).value_or(QByteArray()), m_password);
    QVERIFY2(error.isEmpty(), qPrintable(error));

    // 2. Next time: not asked at all.
    r = cli(hostsCheck(), { { prompt, "should-not-be-asked" } }, true);
    QVERIFY2(r.exitCode == 0, r.output.constData());
    QCOMPARE(r.answered, 0);
    QVERIFY(!r.output.contains("Password for"));
    QVERIFY2(r.output.contains("using the password stored in the system keychain"), r.output.constData());

    // 3. The stored one is now wrong (changed on the host): removed, asked again, not kept (answer no).
    QVERIFY(keychainWrite("an-outdated-password"));
    r = cli(hostsCheck(), { { prompt, m_password }, { remember, "n" } }, true);
    QVERIFY2(r.exitCode == 0, r.output.constData());
    QCOMPARE(r.answered, 2);
    QVERIFY2(r.output.contains("was refused; it has been removed"), r.output.constData());
    QVERIFY(!keychainRead(&error).has_value());
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QVERIFY(!r.output.contains(m_password));

    // 4. Forgotten on request.
    QVERIFY(keychainWrite(m_password));
    r = cli({ u"hosts"_s, u"forget-password"_s, account() }, {}, true);
    QVERIFY2(r.exitCode == 0, r.output.constData());
    QVERIFY(!keychainRead(&error).has_value());
    QVERIFY2(error.isEmpty(), qPrintable(error));
    r = cli({ u"hosts"_s, u"forget-password"_s, u"not-an-account"_s }, {}, true);
    QCOMPARE(r.exitCode, 2);
    // Without a keychain it says so.
    r = cli({ u"hosts"_s, u"forget-password"_s, account() }, {}, false);
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.output.contains("could not be reached"), r.output.constData());
}

void TstCliPassword::passwordInNoFileOrOutput()
{
    // A plan run against the password host (typed on the terminal), then
    // every export the CLI has.
    const QString db = m_home.filePath(u"data/results.sqlite"_s);
    const QString plan = m_home.filePath(u"plan.json"_s);
    {
        QFile f(plan);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(
            u"{\"name\":\"password host\",\"hosts\":{\"here\":{\"transport\":\"local\"},"
            "\"pwhost\":{\"transport\":\"ssh\",\"ssh_address\":\"127.0.0.1\",\"address\":\"127.0.0.1\","
            "\"port\":%1,\"user\":\"%2\"}},\"tests\":[{\"name\":\"rr\",\"kind\":\"tcp_rr\","
            "\"client\":\"here\",\"server\":\"pwhost\",\"duration_s\":0.5}]}"_s.arg(wbtest::sshdPort(u"pw"_s))
                .arg(wbtest::passwordUser())
                .toUtf8());
    }
    const QByteArray prompt = "Password for " + account().toUtf8() + ": ";
    auto r = cli({ u"--db"_s, db, u"run"_s, plan, u"--known-hosts"_s, m_knownHosts, u"--ssh-dir"_s,
                     m_home.filePath(u"ssh"_s), u"--no-keychain"_s },
        { { prompt, m_password } }, false);
    QVERIFY2(r.exitCode == 0, r.output.constData());
    QCOMPARE(r.answered, 1);
    QVERIFY2(r.output.contains("1 finished, 0 failed"), r.output.constData());
    QVERIFY(QFileInfo(db).size() > 0);
    const QList<QStringList> exports {
        { u"db"_s, u"export"_s, u"--what"_s, u"archive"_s, u"-o"_s, m_home.filePath(u"archive.json"_s) },
        { u"db"_s, u"export"_s, u"--what"_s, u"runs"_s, u"--format"_s, u"csv"_s, u"-o"_s,
            m_home.filePath(u"runs.csv"_s) },
        { u"inventory"_s, u"export"_s, m_home.filePath(u"lab.json"_s) },
        { u"runs"_s, u"list"_s, u"--json"_s },
    };
    for (QStringList args : exports) {
        args.prepend(db);
        args.prepend(u"--db"_s);
        r = cli(args, {}, false);
        QVERIFY2(r.exitCode == 0, r.output.constData());
    }
    QVERIFY(QFileInfo(m_home.filePath(u"archive.json"_s)).size() > 0);

    // Every file under the test's home: settings (qtkeychain's plain-text
    // fallback would land there too), database and its WAL, known_hosts,
    // exports, the keyring's own files.
    QStringList searched;
    QDirIterator it(m_home.path(), QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        QFile f(path);
        if (!f.open(QIODevice::ReadOnly))
            continue;
        searched << path;
        QVERIFY2(!f.readAll().contains(m_password), qPrintable(u"the password is in "_s + path));
    }
    QVERIFY2(searched.size() >= 5, qPrintable(searched.join(u'\n')));
    QVERIFY(searched.contains(db));
    QVERIFY(!m_allOutput.contains(m_password));
    QFile sshdLog(wbtest::fixtureFile(u"sshd_pw.log"_s));
    QVERIFY(sshdLog.open(QIODevice::ReadOnly));
    const QByteArray log = sshdLog.readAll();
    QVERIFY(log.contains("Accepted password for " + wbtest::passwordUser().toUtf8()));
    QVERIFY(!log.contains(m_password));
}

void TstCliPassword::scheduledRunNeverPrompts()
{
    const QString db = m_home.filePath(u"data/scheduled.sqlite"_s);
    const QString plan = m_home.filePath(u"scheduled-plan.json"_s);
    {
        QFile f(plan);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(u"{\"name\":\"nightly mix\",\"hosts\":{\"here\":{\"transport\":\"local\"},"
                "\"there\":{\"transport\":\"local\"},"
                "\"pwhost\":{\"transport\":\"ssh\",\"ssh_address\":\"127.0.0.1\",\"address\":\"127.0.0.1\","
                "\"port\":%1,\"user\":\"%2\"}},\"tests\":["
                "{\"name\":\"far\",\"kind\":\"tcp_rr\",\"client\":\"here\",\"server\":\"pwhost\",\"duration_s\":0.5},"
                "{\"name\":\"near\",\"kind\":\"tcp_rr\",\"client\":\"here\",\"server\":\"there\",\"duration_s\":0.5}]}"_s
                    .arg(wbtest::sshdPort(u"pw"_s))
                    .arg(wbtest::passwordUser())
                    .toUtf8());
    }
    // On a terminal, with no answer scripted: a prompt would hang until the
    // pty run's timeout (exit -1), well before the 300 s prompt timeout.
    const QStringList args{u"--db"_s,        db, u"run"_s, plan, u"--schedule"_s, u"nightly"_s, u"--known-hosts"_s,
                           m_knownHosts, u"--ssh-dir"_s, m_home.filePath(u"ssh"_s), u"--no-keychain"_s};
    auto r = wbtest::runInPty(kCli, args, env(false), {}, 90000);
    m_allOutput += r.output;
    QVERIFY2(r.exitCode == 1, r.output.constData());
    QVERIFY2(!r.output.contains("Password for"), r.output.constData());
    QVERIFY2(r.output.contains("1 finished, 1 failed"), r.output.constData());
    // Both runs carry the schedule; the failed one its reason and a notice.
    QProcess show;
    QProcessEnvironment e = env(false);
    show.setProcessEnvironment(e);
    show.start(kCli, {u"--db"_s, db, u"--json"_s, u"runs"_s, u"list"_s});
    QVERIFY(show.waitForFinished(30000));
    QList<QJsonObject> runs;
    for (const QByteArray &line : show.readAllStandardOutput().split('\n'))
        if (!line.trimmed().isEmpty())
            runs << QJsonDocument::fromJson(line).object();
    QCOMPARE(runs.size(), 2);
    int failed = 0;
    for (const QJsonObject &run : std::as_const(runs)) {
        QProcess one;
        one.setProcessEnvironment(e);
        one.start(kCli, {u"--db"_s, db, u"--json"_s, u"runs"_s, u"show"_s, QString::number(run.value(u"id"_s).toInteger())});
        QVERIFY(one.waitForFinished(30000));
        const QJsonObject o = QJsonDocument::fromJson(one.readAllStandardOutput().trimmed()).object();
        QCOMPARE(o.value(u"schedule"_s).toString(), u"nightly"_s);
        if (o.value(u"status"_s).toString() != u"failed"_s) {
            QCOMPARE(o.value(u"test_case"_s).toString(), u"near"_s);
            continue;
        }
        ++failed;
        QCOMPARE(o.value(u"test_case"_s).toString(), u"far"_s);
        const QString error = o.value(u"error"_s).toString();
        QVERIFY2(error.contains(u"password"_s, Qt::CaseInsensitive), qPrintable(error));
        const QJsonArray notices = o.value(u"notices"_s).toArray();
        QCOMPARE(notices.size(), 1);
        QVERIFY2(notices.first().toObject().value(u"text"_s).toString().contains(u"scheduled run 'nightly'"_s),
                 QJsonDocument(notices.first().toObject()).toJson().constData());
    }
    QCOMPARE(failed, 1);

    // An unknown host key is refused the same way, never asked about.
    const QString emptyKnownHosts = m_home.filePath(u"empty_known_hosts"_s);
    QFile(emptyKnownHosts).open(QIODevice::WriteOnly);
    QStringList unknownKey = args;
    unknownKey[unknownKey.indexOf(m_knownHosts)] = emptyKnownHosts;
    r = wbtest::runInPty(kCli, unknownKey, env(false), {}, 90000);
    m_allOutput += r.output;
    QVERIFY2(r.exitCode == 1, r.output.constData());
    QVERIFY2(!r.output.contains("Password for") && !r.output.contains("(yes/no"), r.output.constData());
    QVERIFY2(r.output.toLower().contains("host key"), r.output.constData());
    QVERIFY2(r.output.contains("1 finished, 1 failed"), r.output.constData());
}

QTEST_MAIN(TstCliPassword)
#include "tst_clipassword.moc"
