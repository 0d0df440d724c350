// SPDX-License-Identifier: GPL-3.0-or-later
// The PostgreSQL back end on a real throwaway server (CTest fixture "pg"):
// URLs and their errors (password elided), passwords from a pgpass file or
// the program, TLS options passed through to libpq, migrations under an
// advisory lock with clients starting at once, foreign and newer databases
// refused untouched, NOTIFY after commit only, and two writer processes on
// one database losing nothing and never showing a half-written run.

#include "run/planrecorder.h"
#include "store/storeservice.h"
#include "store/databaseurl.h"
#include "store/annotationstore.h"
#include "store/baselinestore.h"
#include "store/inventorystore.h"
#include "store/noticestore.h"
#include "store/resultstore.h"
#include "store/runstore.h"
#include "store/schema.h"
#include "store/sqltransaction.h"
#include "store/storechangelistener.h"
#include "storetestdb.h"
#include "storetestlab.h"

#include <QElapsedTimer>
#include <QProcess>
#include <QSet>
#include <QSignalSpy>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>
#include <QtConcurrent/QtConcurrentRun>

using namespace Qt::StringLiterals;

namespace {
// Runs one statement on `location` with a plain QPSQL connection, as
// another program (or an administrator) would.
bool adminExec(const QString &location, const QString &sql, QString *error = nullptr);

// Takes away what schema step 9 adds (tags, baseline notes, notices).
bool dropSchema9(const QString &location, QString *error)
{
    return adminExec(location, u"DROP TABLE run_tags"_s, error) && adminExec(location, u"DROP TABLE baseline_tags"_s, error)
           && adminExec(location, u"DROP TABLE run_notices"_s, error)
           && adminExec(location, u"ALTER TABLE baselines DROP COLUMN notes"_s, error);
}

bool adminExec(const QString &location, const QString &sql, QString *error)
{
    auto url = wb::DatabaseUrl::parse(location);
    if (!url)
        return false;
    bool ok = false;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QPSQL"_s, u"pgstore-admin"_s);
        url->apply(db);
        if (db.open()) {
            QSqlQuery q(db);
            ok = q.exec(sql);
            if (!ok && error)
                *error = q.lastError().text();
        } else if (error) {
            *error = db.lastError().text();
        }
        db.close();
    }
    QSqlDatabase::removeDatabase(u"pgstore-admin"_s);
    return ok;
}

QString withUser(const QString &location, const QString &userInfo)
{
    QString s = location;
    return s.replace(u"://wb@"_s, u"://"_s + userInfo + u'@');
}
} // namespace

class TstPgStore : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void urls();
    void unreachableServer();
    void concurrentMigration();
    void refusesForeignAndNewer();
    void migratesNicsToDuplexAndMtu();
    void migratesToTagsAndNotices();
    void passwords();
    void cliNeverPrintsPassword();
    void tlsOptionsPassedThrough();
    void notifiesAfterCommit();
    void twoWriterProcesses();
    void twoCliPlansAtOnce();
    void lostConnectionKeepsResultsLocally();

private:
    QTemporaryDir m_dir;
};

void TstPgStore::initTestCase()
{
    if (!wbtest::usingPostgres())
        QSKIP("needs the pg fixture (WB_TEST_PG_URL_FILE); run with ctest -L pg");
}

void TstPgStore::urls()
{
    auto u = wb::DatabaseUrl::parse(u"postgresql://ann:pa%3Ass@db.lab:6543/results?sslmode=verify-full&sslrootcert=/etc/ca.pem"_s);
    QVERIFY2(u.ok(), qPrintable(u.message()));
    QCOMPARE(u->host(), u"db.lab"_s);
    QCOMPARE(u->port(), 6543);
    QCOMPARE(u->user(), u"ann"_s);
    QCOMPARE(u->password(), u"pa:ss"_s);
    QCOMPARE(u->databaseName(), u"results"_s);
    QVERIFY(!u->display().contains(u"pa"_s + u":ss"_s));
    QVERIFY(!u->display().contains(u"pa%3Ass"_s));
    QCOMPARE(u->display(), u"postgresql://ann@db.lab:6543/results?sslmode=verify-full&sslrootcert=/etc/ca.pem"_s);
    QCOMPARE(u->connectOptions(), u"sslmode=verify-full;sslrootcert=/etc/ca.pem;connect_timeout=5"_s);
    QVERIFY(wb::DatabaseUrl::isPostgres(u"postgres://x@h/d"_s));
    QVERIFY(!wb::DatabaseUrl::isPostgres(u"/home/ann/results.sqlite"_s));
    for (const QString &bad : {u"postgresql://ann@db.lab:6543/"_s, u"postgresql:///results"_s,
                               u"postgresql://ann@h/d?evil=1"_s, u"postgresql://ann@h/d?sslmode=a;host=x"_s}) {
        auto b = wb::DatabaseUrl::parse(bad);
        QVERIFY2(!b.ok(), qPrintable(bad));
        QCOMPARE(b.error().kind, wb::StoreError::Kind::Invalid);
    }
    // A remembered password is used for the same URL, never shown.
    wb::DatabaseUrl::rememberPassword(u"postgresql://bob@h:1/d"_s, u"hunter2"_s);
    QCOMPARE(wb::DatabaseUrl::parse(u"postgresql://bob@h:1/d"_s)->password(), u"hunter2"_s);
    QVERIFY(wb::DatabaseUrl::parse(u"postgresql://eve@h:1/d"_s)->password().isEmpty());
    wb::DatabaseUrl::forgetPassword(u"postgresql://bob@h:1/d"_s);
    QVERIFY(!wb::DatabaseUrl::hasRememberedPassword(u"postgresql://bob@h:1/d"_s));
}

void TstPgStore::unreachableServer()
{
    QElapsedTimer t;
    t.start();
    auto s = wb::ResultStore::open(u"postgresql://wb:s3cret@127.0.0.1:1/lab"_s);
    QVERIFY(!s.ok());
    QCOMPARE(s.error().kind, wb::StoreError::Kind::Unreachable);
    QVERIFY2(s.message().contains(u"postgresql://wb@127.0.0.1:1/lab"_s), qPrintable(s.message()));
    QVERIFY(!s.message().contains(u"s3cret"_s));
    QVERIFY(t.elapsed() < 10000);
}

void TstPgStore::concurrentMigration()
{
    // Six clients start on a new database at once: one creates the schema,
    // the others wait on the advisory lock and find it done.
    const QString db = wbtest::databaseLocation(m_dir, {});
    QList<QFuture<QString>> opens;
    for (int i = 0; i < 6; ++i) {
        opens.append(QtConcurrent::run([db]() -> QString {
            auto s = wb::ResultStore::open(db);
            if (!s)
                return s.message();
            return (*s)->schemaVersion() == wb::Schema::kVersion ? QString() : u"wrong version"_s;
        }));
    }
    for (auto &f : opens)
        QVERIFY2(f.result().isEmpty(), qPrintable(f.result()));
    auto s = wb::ResultStore::open(db);
    QVERIFY(s.ok());
    QSqlQuery q((*s)->database());
    QVERIFY(q.exec(u"SELECT count(*), max(version), min(application) FROM schema_version"_s) && q.next());
    QCOMPARE(q.value(0).toInt(), 1);
    QCOMPARE(q.value(1).toInt(), wb::Schema::kVersion);
    QCOMPARE(q.value(2).toString(), u"wirebench"_s);
    // Same schema as SQLite: identity ids and double precision values.
    QVERIFY(q.exec(u"SELECT data_type FROM information_schema.columns WHERE table_name = 'metrics' AND "
                   "column_name = 'value'"_s) && q.next());
    QCOMPARE(q.value(0).toString(), u"double precision"_s);
    QVERIFY(q.exec(u"SELECT is_identity FROM information_schema.columns WHERE table_name = 'runs' AND "
                   "column_name = 'id'"_s) && q.next());
    QCOMPARE(q.value(0).toString(), u"YES"_s);
}

void TstPgStore::refusesForeignAndNewer()
{
    const QString foreign = wbtest::databaseLocation(m_dir, {});
    QVERIFY(adminExec(foreign, u"CREATE TABLE invoices (id int, amount numeric)"_s));
    auto f = wb::ResultStore::open(foreign);
    QVERIFY(!f.ok());
    QCOMPARE(f.error().kind, wb::StoreError::Kind::NotWirebench);
    QVERIFY(f.message().contains(u"left untouched"_s));
    QString error;
    QVERIFY2(!adminExec(foreign, u"SELECT 1 FROM hosts"_s, &error), "hosts was created in a foreign database");

    const QString newer = wbtest::databaseLocation(m_dir, {});
    QVERIFY(wb::ResultStore::open(newer).ok());
    QVERIFY(adminExec(newer, u"UPDATE schema_version SET version = version + 1"_s));
    auto n = wb::ResultStore::open(newer);
    QVERIFY(!n.ok());
    QCOMPARE(n.error().kind, wb::StoreError::Kind::NewerSchema);

    // Read-only never migrates a new database.
    const QString fresh = wbtest::databaseLocation(m_dir, {});
    auto ro = wb::ResultStore::open(fresh, {.readOnly = true});
    QVERIFY(!ro.ok());
    QCOMPARE(ro.error().kind, wb::StoreError::Kind::Refused);
    QVERIFY(!adminExec(fresh, u"SELECT 1 FROM schema_version"_s));
}

// A version 6 database (what this one is after its duplex column goes)
// migrates to 7 with its NICs whole, not knowing their duplex; the column
// takes full and half only.
void TstPgStore::migratesNicsToDuplexAndMtu()
{
    const QString db = wbtest::databaseLocation(m_dir, {});
    {
        auto s = wb::ResultStore::open(db);
        QVERIFY2(s.ok(), qPrintable(s.message()));
        QVERIFY((*s)->inventory().importInventory(testLab()).ok());
    }
    QString error;
    // Back to what version 6 had: no duplex (step 7), no MTU (step 8).
    QVERIFY2(adminExec(db, u"ALTER TABLE nics DROP COLUMN duplex"_s, &error), qPrintable(error));
    QVERIFY2(adminExec(db, u"ALTER TABLE nics DROP COLUMN mtu"_s, &error), qPrintable(error));
    QVERIFY2(dropSchema9(db, &error), qPrintable(error));
    QVERIFY2(adminExec(db, u"UPDATE schema_version SET version = 6"_s, &error), qPrintable(error));
    auto s = wb::ResultStore::open(db);
    QVERIFY2(s.ok(), qPrintable(s.message()));
    QCOMPARE((*s)->schemaVersion(), wb::Schema::kVersion);
    wb::InventoryStore &inv = (*s)->inventory();
    auto lab = inv.load();
    QVERIFY2(lab.ok(), qPrintable(lab.message()));
    QCOMPARE(lab->nics.size(), 2);
    QCOMPARE(lab->nic(u"beta/eth0"_s)->driver, u"tulip"_s);
    QVERIFY(lab->nic(u"beta/eth0"_s)->duplex.isEmpty());
    QCOMPARE(lab->links.size(), 2);
    wb::Nic n = *lab->nic(u"beta/eth0"_s);
    n.duplex = u"half"_s;
    QVERIFY(inv.updateNic(n).ok());
    QCOMPARE(inv.nicByKey(u"beta/eth0"_s)->duplex, u"half"_s);
    QVERIFY(!adminExec(db, u"UPDATE nics SET duplex = 'both'"_s));
    QCOMPARE(inv.nicByKey(u"beta/eth0"_s)->duplex, u"half"_s);
    // The MTU: not known after the migration, kept once set, checked by the column too.
    QCOMPARE(inv.nicByKey(u"beta/eth0"_s)->mtu, 0);
    n = *inv.nicByKey(u"beta/eth0"_s);
    n.mtu = 9000;
    QVERIFY(inv.updateNic(n).ok());
    QCOMPARE(inv.nicByKey(u"beta/eth0"_s)->mtu, 9000);
    QVERIFY(!adminExec(db, u"UPDATE nics SET mtu = 20"_s));
    QCOMPARE(inv.nicByKey(u"beta/eth0"_s)->mtu, 9000);
}

// A version 8 database (this one without what step 9 adds) migrates to 9
// with every run, metric and baseline kept, untagged, and the new tables work.
void TstPgStore::migratesToTagsAndNotices()
{
    const QString db = wbtest::databaseLocation(m_dir, {});
    {
        auto s = wb::ResultStore::open(db);
        QVERIFY2(s.ok(), qPrintable(s.message()));
        wb::StoredRun r;
        r.uuid = u"old-run"_s;
        r.notes = u"written before tags"_s;
        r.record.kind = u"tcp_rr"_s;
        r.record.addMetric(u"transactions_per_s"_s, QString(), 35000);
        QVERIFY((*s)->runs().saveRun(r).ok());
        wb::Baseline b;
        b.key = u"seed-000/x"_s;
        b.record.kind = u"tcp_rr"_s;
        b.record.addMetric(u"transactions_per_s"_s, QString(), 4000);
        QVERIFY((*s)->baselines().importBaselines({b}).ok());
    }
    QString error;
    QVERIFY2(dropSchema9(db, &error), qPrintable(error));
    QVERIFY2(adminExec(db, u"UPDATE schema_version SET version = 8"_s, &error), qPrintable(error));
    auto s = wb::ResultStore::open(db);
    QVERIFY2(s.ok(), qPrintable(s.message()));
    QCOMPARE((*s)->schemaVersion(), wb::Schema::kVersion);
    auto run = (*s)->runs().runByUuid(u"old-run"_s);
    QVERIFY2(run.ok(), qPrintable(run.message()));
    QCOMPARE(run->notes, u"written before tags"_s);
    QCOMPARE(run->record.metric(u"transactions_per_s"_s).value(), 35000.0);
    QVERIFY(run->tags.isEmpty());
    QVERIFY((*s)->baselines().baseline(u"seed-000/x"_s)->notes.isEmpty());
    QVERIFY((*s)->annotations().addRunTags(run->id, {u"Migrated"_s}).ok());
    QVERIFY((*s)->annotations().setBaselineNotes(u"seed-000/x"_s, u"kept"_s).ok());
    QVERIFY((*s)->notices().addNotice(run->id, wb::RunNoticeKind::Regression, u"worse"_s).ok());
    QCOMPARE((*s)->runs().run(run->id)->tags, QStringList{u"Migrated"_s});
    QCOMPARE((*s)->notices().unseenNotices()->size(), 1);
    QVERIFY(!adminExec(db, u"UPDATE run_notices SET seen = 2"_s));
}

void TstPgStore::passwords()
{
    // The fixture's server wants a password from members of wb_pw only.
    const QString db = wbtest::databaseLocation(m_dir, {});
    // Roles are per server: made once, kept for a rerun on the same server.
    QVERIFY(adminExec(db, u"DO $$BEGIN CREATE ROLE wb_pw_core LOGIN PASSWORD 'lab-secret' IN ROLE wb_pw; "
                          "EXCEPTION WHEN duplicate_object THEN NULL; END$$"_s));
    QVERIFY(adminExec(db, u"GRANT ALL ON SCHEMA public TO wb_pw_core"_s));
    const QString url = withUser(db, u"wb_pw_core"_s);
    qunsetenv("PGPASSWORD");
    qputenv("PGPASSFILE", m_dir.filePath(u"none"_s).toUtf8());
    auto none = wb::ResultStore::open(url);
    QVERIFY(!none.ok());
    QCOMPARE(none.error().kind, wb::StoreError::Kind::NeedsPassword);
    QVERIFY2(none.message().contains(wb::DatabaseUrl::parse(url)->display()), qPrintable(none.message()));

    // ~/.pgpass (here through PGPASSFILE, which libpq reads the same way).
    const QString passfile = m_dir.filePath(u"pgpass"_s);
    QFile pf(passfile);
    QVERIFY(pf.open(QIODevice::WriteOnly));
    const auto u = wb::DatabaseUrl::parse(url);
    pf.write(u"%1:%2:*:wb_pw_core:lab-secret\n"_s.arg(u->host()).arg(u->port()).toUtf8());
    pf.close();
    QVERIFY(pf.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner));
    qputenv("PGPASSFILE", passfile.toUtf8());
    auto fromFile = wb::ResultStore::open(url);
    QVERIFY2(fromFile.ok(), qPrintable(fromFile.message()));
    fromFile = wb::StoreError{};
    qputenv("PGPASSFILE", m_dir.filePath(u"none"_s).toUtf8());

    // Typed by the user (the CLI prompt, the GUI dialog, the keychain).
    wb::DatabaseUrl::rememberPassword(url, u"wrong"_s);
    auto wrong = wb::ResultStore::open(url);
    QVERIFY(!wrong.ok());
    QCOMPARE(wrong.error().kind, wb::StoreError::Kind::NeedsPassword);
    QVERIFY(!wrong.message().contains(u"wrong"_s + u"\""_s));
    wb::DatabaseUrl::rememberPassword(url, u"lab-secret"_s);
    auto typed = wb::ResultStore::open(url);
    QVERIFY2(typed.ok(), qPrintable(typed.message()));
    QVERIFY(!(*typed)->path().contains(u"lab-secret"_s));
    wb::DatabaseUrl::forgetPassword(url);
    qunsetenv("PGPASSFILE");
}

void TstPgStore::cliNeverPrintsPassword()
{
    // A password given in --db is used to connect but never printed: not in
    // the plan's progress lines, not in its summary, not in an error.
    const QString db = wbtest::databaseLocation(m_dir, {});
    QVERIFY(adminExec(db, u"DO $$BEGIN CREATE ROLE wb_pw_cli LOGIN PASSWORD 'cli-Secret-42' IN ROLE wb_pw; "
                          "EXCEPTION WHEN duplicate_object THEN NULL; END$$"_s));
    QVERIFY(adminExec(db, u"GRANT ALL ON SCHEMA public TO wb_pw_cli"_s));
    const QString url = withUser(db, u"wb_pw_cli:cli-Secret-42"_s);
    const QString shown = withUser(db, u"wb_pw_cli"_s);
    auto run = [&](const QStringList &args) {
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.remove(u"PGPASSWORD"_s);
        env.insert(u"PGPASSFILE"_s, m_dir.filePath(u"none"_s));
        p.setProcessEnvironment(env);
        p.setProcessChannelMode(QProcess::MergedChannels);
        p.start(QStringLiteral(WB_BIN_DIR "/wirebench-cli"), QStringList{u"--db"_s, url} + args);
        p.closeWriteChannel();
        if (!p.waitForFinished(60000))
            p.kill();
        return std::pair{p.exitCode(), QString::fromUtf8(p.readAll())};
    };
    const auto [code, out] = run({u"run"_s, QStringLiteral(WB_TEST_DATA_DIR "/plans/gui-tiny.json")});
    QVERIFY2(code == 0 && out.contains(u"2 finished, 0 failed"_s), qPrintable(out));
    QVERIFY2(out.contains(u"results in "_s + shown), qPrintable(out));
    QVERIFY2(!out.contains(u"cli-Secret-42"_s), qPrintable(out));
    // Resuming a plan run that is not there names the database in an error.
    const auto [code2, out2] = run({u"run"_s, u"--resume"_s, u"no-such-run"_s,
                                    QStringLiteral(WB_TEST_DATA_DIR "/plans/gui-tiny.json")});
    QVERIFY2(code2 != 0 && out2.contains(shown), qPrintable(out2));
    QVERIFY2(!out2.contains(u"cli-Secret-42"_s), qPrintable(out2));
    const auto [code3, out3] = run({u"db"_s, u"info"_s});
    QVERIFY2(code3 == 0 && out3.contains(shown), qPrintable(out3));
    QVERIFY2(!out3.contains(u"cli-Secret-42"_s), qPrintable(out3));
}

void TstPgStore::tlsOptionsPassedThrough()
{
    // The throwaway server has no TLS: libpq must refuse when the URL asks
    // for it, which shows the option reached libpq.
    const QString db = wbtest::databaseLocation(m_dir, {});
    auto s = wb::ResultStore::open(db + u"?sslmode=require&connect_timeout=3"_s);
    QVERIFY(!s.ok());
    QVERIFY2(s.message().contains(u"SSL"_s), qPrintable(s.message()));
    QVERIFY(s.message().contains(u"sslmode=require"_s));
    auto plain = wb::ResultStore::open(db + u"?sslmode=disable"_s);
    QVERIFY2(plain.ok(), qPrintable(plain.message()));
}

void TstPgStore::notifiesAfterCommit()
{
    const QString db = wbtest::databaseLocation(m_dir, {});
    auto writer = wb::ResultStore::open(db);
    QVERIFY(writer.ok());
    wb::StoreChangeListener listener(db);
    QSignalSpy listening(&listener, &wb::StoreChangeListener::listening);
    QSignalSpy changed(&listener, &wb::StoreChangeListener::changed);
    QSignalSpy failed(&listener, &wb::StoreChangeListener::failed);
    listener.start();
    QVERIFY(listening.wait(10000));
    QCOMPARE(failed.size(), 0);
    wb::StoredRun r;
    r.record.kind = u"tcp_rr"_s;
    r.record.addMetric(u"transactions_per_s"_s, QString(), 100);
    {
        // Not before the commit: another client never hears of a half-
        // written run.
        wb::SqlTransaction tx(**writer);
        QVERIFY(tx.begin().ok());
        QVERIFY((*writer)->runs().saveRun(r).ok());
        QTest::qWait(300);
        QCOMPARE(changed.size(), 0);
        QVERIFY(tx.commit().ok());
    }
    QTRY_VERIFY_WITH_TIMEOUT(changed.size() >= 1, 5000);
    QCOMPARE(changed.first().at(0).toString(), u"runs"_s);
    // A file has no other writers to hear: the listener stays quiet.
    QVERIFY(!wb::StoreChangeListener::isShared(m_dir.filePath(u"x.sqlite"_s)));
}

void TstPgStore::twoWriterProcesses()
{
    const QString db = wbtest::databaseLocation(m_dir, {});
    {
        auto s = wb::ResultStore::open(db);
        QVERIFY(s.ok());
        QVERIFY((*s)->inventory().importInventory(testLab()).ok());
    }
    constexpr int kRuns = 40;
    QProcess a, b;
    for (auto [p, tag] : {std::pair{&a, u"a"_s}, std::pair{&b, u"b"_s}}) {
        p->setProcessChannelMode(QProcess::MergedChannels);
        p->start(QStringLiteral(WB_PG_WRITER), {db, tag, QString::number(kRuns)});
        QVERIFY(p->waitForStarted(5000));
    }
    auto reader = wb::ResultStore::open(db, {.readOnly = true});
    QVERIFY(reader.ok());
    // While both write: every run another client sees as finished is whole.
    wb::RunFilter finished;
    finished.status = wb::RunStatus::Finished;
    int looks = 0;
    QElapsedTimer t;
    t.start();
    while ((a.state() != QProcess::NotRunning || b.state() != QProcess::NotRunning) && t.elapsed() < 60000) {
        auto runs = (*reader)->runs().listRuns(finished);
        QVERIFY2(runs.ok(), qPrintable(runs.message()));
        for (const wb::StoredRun &r : std::as_const(*runs)) {
            auto full = (*reader)->runs().run(r.id);
            QVERIFY2(full.ok(), qPrintable(full.message()));
            QCOMPARE(full->record.samples.size(), 300);
            QCOMPARE(full->record.metrics.size(), 1);
        }
        ++looks;
        a.waitForFinished(50);
        b.waitForFinished(50);
    }
    for (QProcess *p : {&a, &b})
        QVERIFY(p->state() == QProcess::NotRunning || p->waitForFinished(30000));
    const QString outA = QString::fromUtf8(a.readAll()), outB = QString::fromUtf8(b.readAll());
    QVERIFY2(a.exitCode() == 0 && outA.contains(u"ok 40"_s), qPrintable(outA));
    QVERIFY2(b.exitCode() == 0 && outB.contains(u"ok 40"_s), qPrintable(outB));
    QVERIFY(looks > 0);
    auto info = (*reader)->info();
    QVERIFY(info.ok());
    QCOMPARE(info->runs, 2 * kRuns);
    QCOMPARE(info->samples, 2 * kRuns * 300);
    QCOMPARE(info->metrics, 2 * kRuns);
    for (const QString &tag : {u"a"_s, u"b"_s}) {
        for (int i = 0; i < kRuns; ++i) {
            auto r = (*reader)->runs().runByUuid(u"%1-%2"_s.arg(tag).arg(i));
            QVERIFY2(r.ok(), qPrintable(r.message()));
            QCOMPARE(r->status, wb::RunStatus::Finished);
            QCOMPARE(r->record.samples.size(), 300);
            QCOMPARE(r->record.samples.at(299).value, 299.0);
        }
    }
    // Both wrote over the same NICs: one snapshot per object, not per writer.
    QSqlQuery q((*reader)->database());
    QVERIFY(q.exec(u"SELECT count(*) FROM object_snapshots"_s) && q.next());
    QVERIFY2(q.value(0).toInt() <= 8, qPrintable(q.value(0).toString()));
}

void TstPgStore::twoCliPlansAtOnce()
{
    // Two Wirebench instances run the same plan (real local agents, 0.5 s
    // tests) into one shared database at the same time.
    const QString db = wbtest::databaseLocation(m_dir, {});
    const QString plan = QStringLiteral(WB_TEST_DATA_DIR "/plans/gui-tiny.json");
    QProcess a, b;
    for (QProcess *p : {&a, &b}) {
        p->start(QStringLiteral(WB_BIN_DIR "/wirebench-cli"), {u"--db"_s, db, u"run"_s, plan});
        QVERIFY(p->waitForStarted(5000));
    }
    for (QProcess *p : {&a, &b}) {
        QVERIFY(p->waitForFinished(60000));
        const QString out = QString::fromUtf8(p->readAllStandardOutput() + p->readAllStandardError());
        QVERIFY2(p->exitCode() == 0 && out.contains(u"2 finished, 0 failed"_s), qPrintable(out));
    }
    auto store = wb::ResultStore::open(db, {.readOnly = true});
    QVERIFY(store.ok());
    auto runs = (*store)->runs().listRuns({});
    QVERIFY2(runs.ok(), qPrintable(runs.message()));
    QCOMPARE(runs->size(), 4);
    QSet<QString> planRuns;
    for (const wb::StoredRun &r : std::as_const(*runs)) {
        QCOMPARE(r.status, wb::RunStatus::Finished);
        auto full = (*store)->runs().run(r.id);
        QVERIFY(full.ok());
        QVERIFY(!full->record.metrics.isEmpty());
        QVERIFY(!full->record.samples.isEmpty());
        planRuns.insert(full->record.extra.value(u"plan_run"_s).toString());
    }
    QCOMPARE(planRuns.size(), 2); // two runs of each instance
}

// The shared database drops the connection mid-plan (an administrator
// terminates it): the case that could not be stored is kept in a local
// rescue database named in the message, the next case reconnects, and
// `db copy` brings the rescued one over, so nothing is lost.
void TstPgStore::lostConnectionKeepsResultsLocally()
{
    QTemporaryDir dir;
    const QString db = wbtest::databaseLocation(dir, {});
    wb::Plan plan;
    plan.name = u"rescue plan"_s;
    for (const QString &key : {u"a"_s, u"b"_s, u"c"_s}) {
        wb::TestCase c;
        c.key = key;
        c.name = u"case "_s + key;
        c.kind = u"tcp_rr"_s;
        plan.cases.append(c);
    }
    wb::StoreService service(db);
    service.start();
    wb::PlanRecorder recorder(service, plan, u"r35c0e"_s);
    recorder.setRescueDirectory(dir.filePath(u"unsaved"_s));
    QSignalSpy failed(&recorder, &wb::PlanRecorder::recordFailed);
    auto caseResult = [](const QString &key, double value) {
        wb::CaseResult r;
        r.testCase.key = key;
        r.testCase.name = u"case "_s + key;
        r.testCase.kind = u"tcp_rr"_s;
        r.status = u"finished"_s;
        wb::ResultRecord rec;
        rec.kind = u"tcp_rr"_s;
        rec.addMetric(u"transactions_per_s"_s, u"client"_s, value);
        r.iterations = {rec};
        r.summary = rec;
        r.started = r.finished = QDateTime::currentDateTimeUtc();
        return r;
    };
    QVERIFY(recorder.record(caseResult(u"a"_s, 100)));
    QVERIFY(adminExec(db, u"SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                          "WHERE datname = current_database() AND pid <> pg_backend_pid()"_s));
    QVERIFY(!recorder.record(caseResult(u"b"_s, 200)));
    QCOMPARE(failed.size(), 1);
    const QString message = failed.first().at(1).toString();
    QVERIFY2(message.contains(recorder.rescuePath()) && message.contains(u"db copy"_s), qPrintable(message));
    QVERIFY(QFile::exists(recorder.rescuePath()));
    // The next case reconnects.
    QVERIFY(recorder.record(caseResult(u"c"_s, 300)));
    auto account = [&] {
        auto loaded = service.read([&](wb::ResultStore &store) { return wb::PlanRunAccount::load(store, plan, u"r35c0e"_s); });
        loaded.waitForFinished();
        return loaded.result().value();
    };
    QCOMPARE(account().completeKeys(), (QSet<QString>{u"a"_s, u"c"_s}));

    QProcess copy;
    copy.start(QStringLiteral(WB_BIN_DIR "/wirebench-cli"),
               {u"db"_s, u"copy"_s, u"--from"_s, recorder.rescuePath(), u"--to"_s, db});
    QVERIFY(copy.waitForFinished(60000));
    QVERIFY2(copy.exitCode() == 0, copy.readAllStandardError().constData());
    QCOMPARE(account().completeKeys(), (QSet<QString>{u"a"_s, u"b"_s, u"c"_s}));
    // Copying again adds nothing.
    copy.start(QStringLiteral(WB_BIN_DIR "/wirebench-cli"),
               {u"db"_s, u"copy"_s, u"--from"_s, recorder.rescuePath(), u"--to"_s, db});
    QVERIFY(copy.waitForFinished(60000));
    QCOMPARE(copy.exitCode(), 0);
    QCOMPARE(account().storedRuns(), 3);
}

QTEST_GUILESS_MAIN(TstPgStore)
#include "tst_pgstore.moc"
