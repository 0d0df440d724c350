// SPDX-License-Identifier: GPL-3.0-or-later
// The desktop program's password path end to end: the Runs page runs a plan
// whose SSH host (the fixture's password-only sshd, a real account) needs a
// password. The page's dialog asks for it with "Remember in ..." offered;
// ticked, the password is kept in the secret store (in memory here: no
// keychain runs in CI) once the host accepted it, and the next run does not
// ask. The password shows in no log line and no result.

#include "../integration/memorysecretstore.h"
#include "../integration/sshfixture.h"
#include "config/settings.h"
#include "passworddialog.h"
#include "remote/sshtransport.h"
#include "run/orchestrator.h"
#include "run/plan.h"
#include "runspage.h"
#include "store/resultstore.h"
#include "store/storeservice.h"

#include <QCheckBox>
#include <QDir>
#include <QElapsedTimer>
#include <QLineEdit>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>

using namespace Qt::StringLiterals;

class TstRunsPagePassword : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void askedOnceThenRemembered();
};

void TstRunsPagePassword::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(u"WirebenchTest"_s);
    if (wbtest::sshdDir().isEmpty() || wbtest::sshdPort() <= 0)
        QFAIL("WB_SSHD_DIR does not point at a running sshd fixture (run through ctest)");
    if (wbtest::sshdPort(u"pw"_s) <= 0) {
        if (::geteuid() == 0)
            QFAIL("the sshd fixture has no password server (see sshd_fixture_start's output)");
        QSKIP("the fixture's password sshd runs only as root (it creates a system account)");
    }
}

void TstRunsPagePassword::askedOnceThenRemembered()
{
    const QByteArray password = wbtest::fixturePassword();
    QVERIFY(password.size() >= 16);
    wbtest::ClientSetup client(u"pw"_s);
    client.trustHostKey();
    QTemporaryDir dir;
    const QString db = dir.filePath(u"runs.sqlite"_s);
    QVERIFY(wb::ResultStore::open(db).ok());
    const QString planFile = dir.filePath(u"plan.json"_s);
    {
        QFile f(planFile);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(u"{\"name\":\"GUI password\",\"hosts\":{\"here\":{\"transport\":\"local\"},"
                "\"pwhost\":{\"transport\":\"ssh\",\"ssh_address\":\"127.0.0.1\",\"address\":\"127.0.0.1\","
                "\"port\":%1,\"user\":\"%2\"}},\"tests\":[{\"name\":\"rr\",\"kind\":\"tcp_rr\","
                "\"client\":\"here\",\"server\":\"pwhost\",\"duration_s\":0.5}]}"_s.arg(client.endpoint.port)
                    .arg(client.endpoint.user)
                    .toUtf8());
    }
    QString error;
    const auto plan = wb::Plan::load(planFile, &error);
    QVERIFY2(plan, qPrintable(error));

    wb::Settings settings;
    auto service = std::make_shared<wb::StoreService>(db);
    service->start();
    wb::gui::RunsPage runs(settings);
    wbtest::MemorySecretStore store;
    // The page's own dialogs answer; only the client's files and the store are the test's.
    runs.setTransportFactory(wb::Orchestrator::labFactory(
        client.options, runs.hostKeyPolicy(), runs.credentialProvider(), &store));
    runs.setStore(service);
    runs.resize(1000, 750);
    runs.show();
    QVERIFY(QTest::qWaitForWindowExposed(&runs));
    QSignalSpy stored(&runs, &wb::gui::RunsPage::planStored);

    QVERIFY(runs.runPlan(*plan));
    wb::gui::PasswordDialog *dialog = nullptr;
    QTRY_VERIFY_WITH_TIMEOUT(
        (dialog = runs.findChild<wb::gui::PasswordDialog *>()) && dialog->isVisible(), 20000);
    auto *remember = dialog->findChild<QCheckBox *>(u"remember"_s);
    QVERIFY(remember && !remember->isHidden());
    dialog->findChild<QLineEdit *>(u"password"_s)->setText(QString::fromUtf8(password));
    remember->setChecked(true);
    dialog->accept();
    QTRY_COMPARE_WITH_TIMEOUT(stored.size(), 1, 60000);
    QCOMPARE(runs.casesView()->topLevelItem(0)->text(1), u"finished"_s);
    const QString account = u"%1@127.0.0.1:%2"_s.arg(client.endpoint.user).arg(client.endpoint.port);
    QCOMPARE(store.secrets.value(wb::SshTransport::secretService() + u'\n' + account), password);
    QStringList log;
    for (int i = 0; i < runs.logView()->topLevelItemCount(); ++i)
        log << runs.logView()->topLevelItem(i)->text(3);
    QVERIFY2(log.join(u'\n').contains(u"stored the password for %1 in the test keychain"_s.arg(account)),
        qPrintable(log.join(u'\n')));
    QVERIFY(!log.join(u'\n').contains(QString::fromUtf8(password)));

    // Again: the stored password is used, no dialog.
    QTRY_VERIFY(!runs.findChild<wb::gui::PasswordDialog *>()); // the first one is gone
    QVERIFY(runs.runPlan(*plan));
    QElapsedTimer t;
    t.start();
    bool asked = false;
    while (stored.size() < 2 && t.elapsed() < 60000) {
        asked |= runs.findChild<wb::gui::PasswordDialog *>() != nullptr;
        QTest::qWait(20);
    }
    QCOMPARE(stored.size(), 2);
    QVERIFY(!asked);
    QCOMPARE(runs.casesView()->topLevelItem(0)->text(1), u"finished"_s);
    QVERIFY(store.log.contains(u"read wirebench-ssh %1"_s.arg(account)));

    // Nothing of it in the database (and its WAL) or the plan.
    const QStringList files = QDir(dir.path()).entryList(QDir::Files);
    QVERIFY(files.contains(u"runs.sqlite"_s));
    for (const QString &name : files) {
        QFile f(dir.filePath(name));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QVERIFY2(!f.readAll().contains(password), qPrintable(name));
    }
}

QTEST_MAIN(TstRunsPagePassword)
#include "tst_runspagepassword.moc"
