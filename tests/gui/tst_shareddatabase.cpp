// SPDX-License-Identifier: GPL-3.0-or-later
// The desktop program on a shared PostgreSQL database (CTest fixture "pg"):
// File > Connect to shared database… stores the URL, never the password
// typed at the prompt; results another user stores appear without a click
// (NOTIFY); with the keychain opted in but absent it falls back to asking;
// a plan against an unreachable shared database is refused before
// any test runs.

#include "appcomposition.h"
#include "../core/storetestdb.h"
#include "config/settings.h"
#include "mainwindow.h"
#include "messagebox.h"
#include "resultspage.h"
#include "run/plan.h"
#include "runlistmodel.h"
#include "runspage.h"
#include "store/databaseurl.h"
#include "store/storeservice.h"
#include "store/resultstore.h"
#include "store/runstore.h"
#include "textprompt.h"
#include "../integration/secretservice.h"

#include <QAction>
#include <QSettings>
#include <QSignalSpy>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTreeWidget>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {
bool adminExec(const QString &location, const QString &sql)
{
    auto url = wb::DatabaseUrl::parse(location);
    bool ok = false;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QPSQL"_s, u"shared-admin"_s);
        url->apply(db);
        ok = db.open() && QSqlQuery(db).exec(sql);
        db.close();
    }
    QSqlDatabase::removeDatabase(u"shared-admin"_s);
    return ok;
}
} // namespace

class TstSharedDatabase : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void connectsAndRefreshes();
    void asksForPasswordNeverSavesIt();
    void refusesPlanWhenUnreachable();
    void keychainKeepsPasswordWhenOptedIn();
    void cleanupTestCase();

private:
    QTemporaryDir m_dir;
};

void TstSharedDatabase::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(u"WirebenchSharedTest"_s);
    if (!wbtest::usingPostgres())
        QSKIP("needs the pg fixture (WB_TEST_PG_URL_FILE); run with ctest -L pg");
    wb::Settings().setDatabasePath(m_dir.filePath(u"local.sqlite"_s));
}

void TstSharedDatabase::connectsAndRefreshes()
{
    const QString db = wbtest::databaseLocation(m_dir, {});
    wb::AppComposition app;
    QTRY_VERIFY_WITH_TIMEOUT(!app.databasePath().isEmpty(), 10000);
    wb::gui::TextPrompt::setNextAnswer(db);
    app.mainWindow().findChild<QAction *>(u"connectSharedDatabase"_s)->trigger();
    QTRY_COMPARE_WITH_TIMEOUT(app.databasePath(), db, 10000);
    QCOMPARE(wb::Settings().databasePath(), db);
    QTRY_VERIFY_WITH_TIMEOUT(!app.resultsPage().model()->isLoading(), 10000);
    QCOMPARE(app.resultsPage().model()->totalCount(), qint64(0));
    // Another user stores a run: it shows up here without a reload.
    QTest::qWait(500); // the listener connects on its own thread
    auto other = wb::ResultStore::open(db);
    QVERIFY(other.ok());
    wb::StoredRun r;
    r.record.kind = u"tcp_rr"_s;
    r.record.addMetric(u"transactions_per_s"_s, QString(), 1234);
    QVERIFY((*other)->runs().saveRun(r).ok());
    QTRY_COMPARE_WITH_TIMEOUT(app.resultsPage().model()->totalCount(), qint64(1), 10000);
    QVERIFY(app.mainWindow().statusBar()->currentMessage().contains(u"another user"_s));
}

void TstSharedDatabase::asksForPasswordNeverSavesIt()
{
    const QString db = wbtest::databaseLocation(m_dir, {});
    // Roles are per server: made once, kept for a rerun on the same server.
    QVERIFY(adminExec(db, u"DO $$BEGIN CREATE ROLE wb_pw_gui LOGIN PASSWORD 'gui-secret' IN ROLE wb_pw; "
                          "EXCEPTION WHEN duplicate_object THEN NULL; END$$"_s));
    QVERIFY(adminExec(db, u"GRANT ALL ON SCHEMA public TO wb_pw_gui"_s));
    qputenv("PGPASSFILE", m_dir.filePath(u"none"_s).toUtf8());
    QString url = db;
    url.replace(u"://wb@"_s, u"://wb_pw_gui@"_s);
    wb::AppComposition app;
    QTRY_VERIFY_WITH_TIMEOUT(!app.databasePath().isEmpty(), 10000);
    wb::gui::TextPrompt::setNextAnswer(url);
    app.mainWindow().findChild<QAction *>(u"connectSharedDatabase"_s)->trigger();
    // The server wants a password: the prompt names the URL; the answer
    // opens it; the keychain offer is declined.
    wb::gui::TextPrompt::setNextAnswer(u"gui-secret"_s);
    wb::gui::MessageBox::setNextAnswer(QMessageBox::No);
    QTRY_COMPARE_WITH_TIMEOUT(app.databasePath(), url, 10000);
    QVERIFY2(wb::gui::TextPrompt::lastLabel().contains(url), qPrintable(wb::gui::TextPrompt::lastLabel()));
    QVERIFY(!wb::Settings().databasePasswordInKeychain());
    QSettings file(u"Wirebench"_s, u"wirebench"_s);
    file.sync();
    QFile f(file.fileName());
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray saved = f.readAll();
    QVERIFY2(saved.contains("wb_pw_gui@"), saved.constData());
    QVERIFY(!saved.contains("gui-secret"));
    wb::DatabaseUrl::forgetPassword(url);

    // Opted in to the keychain (File menu), on a machine without one (this
    // headless test): the read answers "not stored", so the program asks
    // again, and the password still never reaches the settings.
    auto *keychain = app.mainWindow().findChild<QAction *>(u"databasePasswordInKeychain"_s);
    QVERIFY(keychain && keychain->isCheckable() && !keychain->isChecked());
    keychain->setChecked(true);
    QVERIFY(wb::Settings().databasePasswordInKeychain());
    {
        wb::gui::TextPrompt::setNextAnswer(u"gui-secret"_s);
        wb::AppComposition again;
        QTRY_COMPARE_WITH_TIMEOUT(again.databasePath(), url, 20000);
        QVERIFY(wb::gui::TextPrompt::lastLabel().contains(url));
    }
    file.sync();
    QFile f2(file.fileName());
    QVERIFY(f2.open(QIODevice::ReadOnly));
    QVERIFY(!f2.readAll().contains("gui-secret"));
    wb::Settings().setDatabasePasswordInKeychain(false);
    wb::DatabaseUrl::forgetPassword(url);
    qunsetenv("PGPASSFILE");
    wb::Settings().setDatabasePath(m_dir.filePath(u"local.sqlite"_s));
}

void TstSharedDatabase::refusesPlanWhenUnreachable()
{
    QString error;
    auto plan = wb::Plan::load(QStringLiteral(WB_TEST_DATA_DIR "/plans/gui-tiny.json"), &error);
    QVERIFY2(plan, qPrintable(error));
    wb::AppComposition app;
    QTRY_VERIFY_WITH_TIMEOUT(!app.databasePath().isEmpty(), 10000);
    wb::gui::RunsPage &runs = app.runsPage();
    const QString gone = u"postgresql://wb@127.0.0.1:1/gone"_s;
    auto goneStore = std::make_shared<wb::StoreService>(gone);
    goneStore->start();
    runs.setStore(goneStore);
    QSignalSpy refused(&runs, &wb::gui::RunsPage::planRefused);
    QSignalSpy stored(&runs, &wb::gui::RunsPage::planStored);
    wb::gui::MessageBox::setNextAnswer(0); // acknowledges the error
    QVERIFY(runs.runPlan(*plan));
    QTRY_COMPARE_WITH_TIMEOUT(refused.size(), 1, 15000);
    QVERIFY2(refused.first().at(0).toString().contains(gone), qPrintable(refused.first().at(0).toString()));
    QVERIFY(!runs.isRunning());
    QVERIFY(wb::gui::MessageBox::lastText().contains(u"was not started"_s));
    QTest::qWait(200);
    QCOMPARE(stored.size(), 0);
    QCOMPARE(runs.casesView()->topLevelItemCount(), 0);
}

// Opted in, with a real Secret Service (a private D-Bus session bus and
// gnome-keyring): a typed password that works goes into the keychain, and
// the next start opens the database from it without asking.
void TstSharedDatabase::keychainKeepsPasswordWhenOptedIn()
{
    wbtest::SecretService secrets;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(u"XDG_DATA_HOME"_s, m_dir.filePath(u"keyring-data"_s));
    env.insert(u"XDG_RUNTIME_DIR"_s, m_dir.filePath(u"keyring-run"_s));
    QString why;
    QVERIFY2(secrets.start(env, &why), qPrintable(why));

    const QString db = wbtest::databaseLocation(m_dir, {});
    QVERIFY(adminExec(db, u"DO $$BEGIN CREATE ROLE wb_pw_keychain LOGIN PASSWORD 'keychain-secret' IN ROLE wb_pw; "
                          "EXCEPTION WHEN duplicate_object THEN NULL; END$$"_s));
    QVERIFY(adminExec(db, u"GRANT ALL ON SCHEMA public TO wb_pw_keychain"_s));
    qputenv("PGPASSFILE", m_dir.filePath(u"none"_s).toUtf8());
    QString url = db;
    url.replace(u"://wb@"_s, u"://wb_pw_keychain@"_s);
    wb::Settings().setDatabasePasswordInKeychain(true);
    {
        wb::AppComposition app;
        QTRY_VERIFY_WITH_TIMEOUT(!app.databasePath().isEmpty(), 10000);
        wb::gui::TextPrompt::setNextAnswer(url);
        app.mainWindow().findChild<QAction *>(u"connectSharedDatabase"_s)->trigger();
        wb::gui::TextPrompt::setNextAnswer(u"keychain-secret"_s);
        QTRY_COMPARE_WITH_TIMEOUT(app.databasePath(), url, 10000);
    }
    // In the keychain, under the URL without password.
    std::optional<QByteArray> kept;
    QTRY_VERIFY_WITH_TIMEOUT(([&] {
                                 bool done = false;
                                 wb::KeychainSecretStore().readSecret(
                                     u"wirebench-database"_s, url, [&](std::optional<QByteArray> s, const QString &) {
                                         kept = std::move(s);
                                         done = true;
                                     });
                                 return QTest::qWaitFor([&] { return done; }, 5000) && kept.has_value();
                             }()),
                             10000);
    QCOMPARE(*kept, QByteArray("keychain-secret"));

    // The next start: the password comes from the keychain. A question
    // would get a wrong password and the database would not open.
    wb::DatabaseUrl::forgetPassword(url);
    QCOMPARE(wb::Settings().databasePath(), url);
    wb::gui::TextPrompt::setNextAnswer(u"wrong-password"_s);
    {
        wb::AppComposition again;
        QTRY_COMPARE_WITH_TIMEOUT(again.databasePath(), url, 20000);
    }
    QCOMPARE(wb::gui::TextPrompt::ask(nullptr, QString(), QString()), std::optional<QString>(u"wrong-password"_s));
    QSettings file(u"Wirebench"_s, u"wirebench"_s);
    file.sync();
    QFile f(file.fileName());
    QVERIFY(f.open(QIODevice::ReadOnly));
    QVERIFY(!f.readAll().contains("keychain-secret"));

    bool removed = false;
    wb::KeychainSecretStore().removeSecret(u"wirebench-database"_s, url, [&](const QString &) { removed = true; });
    QTRY_VERIFY(removed);
    wb::Settings().setDatabasePasswordInKeychain(false);
    wb::DatabaseUrl::forgetPassword(url);
    qunsetenv("PGPASSFILE");
    wb::Settings().setDatabasePath(m_dir.filePath(u"local.sqlite"_s));
}

void TstSharedDatabase::cleanupTestCase()
{
    // The settings file is shared by the GUI tests: leave the defaults.
    wb::Settings settings;
    settings.setDatabasePath(QString());
    settings.setDatabasePasswordInKeychain(false);
}

QTEST_MAIN(TstSharedDatabase)
#include "tst_shareddatabase.moc"
