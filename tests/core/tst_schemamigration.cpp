// SPDX-License-Identifier: GPL-3.0-or-later
// Migration from every earlier schema version: each tests/data/store/
// schema_vN.sql is the SQL of a released version with data; the test builds
// that database, opens it with the current program and checks the data is
// all there, a backup was taken, and a failing step leaves the file as it
// was.

#include "store/annotationstore.h"
#include "store/baselinestore.h"
#include "store/inventorystore.h"
#include "store/noticestore.h"
#include "store/resultstore.h"
#include "store/runhardware.h"
#include "store/runstore.h"
#include "store/schema.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

class TstSchemaMigration : public QObject
{
    Q_OBJECT
private slots:
    void everyEarlierVersionHasAFixture();
    void migratesWithData_data();
    void migratesWithData();
    void failedStepLeavesOldVersion();
    void flagsRunsImportedWrong();
};

static bool buildFromSql(const QString &sqlFile, const QString &dbPath, QString *error)
{
    QFile f(sqlFile);
    if (!f.open(QIODevice::ReadOnly)) {
        *error = f.errorString();
        return false;
    }
    const QString sql = QString::fromUtf8(f.readAll());
    bool ok = true;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"fixture"_s);
        db.setDatabaseName(dbPath);
        if (!db.open()) {
            *error = db.lastError().text();
            ok = false;
        }
        QSqlQuery q(db);
        // The dump has one statement per line ending in ';'.
        QString statement;
        const QStringList lines = sql.split(u'\n');
        for (const QString &line : lines) {
            if (!ok)
                break;
            if (line.startsWith(u"--"_s) || line.trimmed().isEmpty())
                continue;
            statement += line + u'\n';
            if (!line.trimmed().endsWith(u';'))
                continue;
            if (!q.exec(statement)) {
                *error = q.lastError().text() + u" in: "_s + statement.left(200);
                ok = false;
            }
            statement.clear();
        }
        q.finish();
        db.close();
    }
    QSqlDatabase::removeDatabase(u"fixture"_s);
    return ok;
}

static QStringList fixtures()
{
    return QDir(QStringLiteral(WB_TEST_DATA_DIR "/store")).entryList({u"schema_v*.sql"_s}, QDir::Files, QDir::Name);
}

void TstSchemaMigration::everyEarlierVersionHasAFixture()
{
    const QStringList files = fixtures();
    for (int v = 1; v < wb::Schema::kVersion; ++v)
        QVERIFY2(files.contains(u"schema_v%1.sql"_s.arg(v)),
                 qPrintable(u"keep the SQL of released schema %1 in tests/data/store/schema_v%1.sql"_s.arg(v)));
}

void TstSchemaMigration::migratesWithData_data()
{
    QTest::addColumn<QString>("file");
    for (const QString &f : fixtures())
        QTest::newRow(qPrintable(f)) << f;
}

void TstSchemaMigration::migratesWithData()
{
    QFETCH(QString, file);
    QTemporaryDir dir;
    const QString path = dir.filePath(u"old.sqlite"_s);
    QString error;
    QVERIFY2(buildFromSql(QStringLiteral(WB_TEST_DATA_DIR "/store/") + file, path, &error), qPrintable(error));

    auto opened = wb::ResultStore::open(path);
    QVERIFY2(opened.ok(), qPrintable(opened.message()));
    wb::ResultStore &store = **opened;
    QCOMPARE(store.schemaVersion(), wb::Schema::kVersion);
    QVERIFY(store.checkIntegrity().ok());
    QVERIFY(!store.migrationBackupPath().isEmpty());
    QVERIFY(QFile::exists(store.migrationBackupPath()));

    // Every fixture holds the same lab and results (see schema_v1.sql).
    auto info = store.info();
    QCOMPARE(info->hosts, 2);
    QCOMPARE(info->links, 2);
    QCOMPARE(info->runs, 2);
    QCOMPARE(info->metrics, 4);
    QCOMPARE(info->samples, 6);
    QCOMPARE(info->baselines, 1);
    auto run = store.runs().runByUuid(u"run-2"_s);
    QVERIFY2(run.ok(), qPrintable(run.message()));
    QCOMPARE(run->record.metric(u"throughput_bps"_s, u"server"_s).value(), 9.5e7);
    QCOMPARE(run->record.samples.size(), 3);
    QCOMPARE(run->record.samples.at(2).value, 9.5e7 + 2);
    QCOMPARE(run->measurementUuid, u"m-1"_s);
    QCOMPARE(run->clientEnvironment.value(u"kernel"_s).toString(), u"2.0.30"_s);
    QCOMPARE(run->inventoryPath.size(), 4);
    wb::RunFilter f;
    f.hostName = u"alpha"_s;
    QCOMPARE(store.runs().listRuns(f)->size(), 2);
    // The inventory snapshot of each run survived (what Compare groups by).
    f = {};
    f.switchName = u"fs108"_s;
    QCOMPARE(store.runs().listRuns(f)->size(), 2);
    QCOMPARE(store.baselines().baseline(u"seed-000/fs108-1472"_s)->record.metrics.size(), 1);
    QVERIFY(!store.inventory().deleteSwitch(store.inventory().switchByName(u"fs108"_s)->id).ok());
    // Version 6: hosts keep their address and gain a management address, a
    // jump host and a data port range, empty until set.
    {
        auto alpha = store.inventory().hostByName(u"alpha"_s);
        QVERIFY2(alpha.ok(), qPrintable(alpha.message()));
        QCOMPARE(alpha->address, u"192.0.2.1"_s);
        QVERIFY(alpha->sshAddress.isEmpty() && alpha->jumpHost.isEmpty());
        QCOMPARE(alpha->dataPortMin, 0);
        wb::Host h = *alpha;
        h.sshAddress = u"198.51.100.70"_s;
        h.jumpHost = u"root@bastion:2222"_s;
        h.dataPortMin = 5201;
        h.dataPortMax = 5210;
        QVERIFY(store.inventory().updateHost(h).ok());
        auto again = store.inventory().hostByName(u"alpha"_s);
        QVERIFY(again.ok());
        QCOMPARE(again->sshAddress, h.sshAddress);
        QCOMPARE(again->jumpHost, h.jumpHost);
        QCOMPARE(again->dataPortMin, 5201);
        QCOMPARE(again->dataPortMax, 5210);
        QVERIFY(again->sameAttributes(h));
    }
    // Version 7: NICs keep what they had and gain a duplex, not known until
    // set; the column takes full and half only.
    {
        auto eth0 = store.inventory().nicByKey(u"alpha/eth0"_s);
        QVERIFY2(eth0.ok(), qPrintable(eth0.message()));
        QCOMPARE(eth0->driver, u"tulip"_s);
        QVERIFY(eth0->duplex.isEmpty());
        wb::Nic n = *eth0;
        n.duplex = u"half"_s;
        QVERIFY(store.inventory().updateNic(n).ok());
        QCOMPARE(store.inventory().nicByKey(u"alpha/eth0"_s)->duplex, u"half"_s);
        QCOMPARE(store.inventory().nicByKey(u"beta/eth0"_s)->driver, u"eepro100"_s);
        QSqlQuery dq(store.database());
        QVERIFY(!dq.exec(u"UPDATE nics SET duplex = 'both' WHERE id = 1"_s));
        dq.finish();
        QCOMPARE(store.inventory().nicByKey(u"alpha/eth0"_s)->duplex, u"half"_s);
    }
    // Version 8: NICs gain an MTU, not known (0) until set; the column
    // takes only what an interface can have.
    {
        auto eth0 = store.inventory().nicByKey(u"alpha/eth0"_s);
        QVERIFY2(eth0.ok(), qPrintable(eth0.message()));
        QCOMPARE(eth0->mtu, 0);
        wb::Nic n = *eth0;
        n.mtu = 9000;
        QVERIFY(store.inventory().updateNic(n).ok());
        QCOMPARE(store.inventory().nicByKey(u"alpha/eth0"_s)->mtu, 9000);
        QCOMPARE(store.inventory().nicByKey(u"beta/eth0"_s)->mtu, 0);
        QSqlQuery mq(store.database());
        QVERIFY(!mq.exec(u"UPDATE nics SET mtu = 20 WHERE id = 1"_s));
        mq.finish();
        QCOMPARE(store.inventory().nicByKey(u"alpha/eth0"_s)->mtu, 9000);
    }
    // Version 9: runs and baselines gain tags, baselines notes, and runs
    // notices; every stored row is still there, untagged, unnoticed.
    {
        QVERIFY(run->tags.isEmpty());
        auto base = store.baselines().baseline(u"seed-000/fs108-1472"_s);
        QVERIFY2(base.ok(), qPrintable(base.message()));
        QVERIFY(base->tags.isEmpty() && base->notes.isEmpty());
        QCOMPARE(store.notices().unseenNotices()->size(), 0);
        auto tags = store.annotations().addRunTags(run->id, {u"migrated"_s});
        QVERIFY2(tags.ok(), qPrintable(tags.message()));
        QVERIFY(store.annotations().addBaselineTags(base->key, {u"1997"_s}).ok());
        QVERIFY(store.annotations().setBaselineNotes(base->key, u"kept"_s).ok());
        QCOMPARE(store.baselines().baseline(base->key)->notes, u"kept"_s);
        wb::RunFilter tagged;
        tagged.tag = u"MIGRATED"_s;
        QCOMPARE(store.runs().listRuns(tagged)->size(), 1);
        QVERIFY(store.notices().addNotice(run->id, wb::RunNoticeKind::FailedTest, u"failed"_s).ok());
        QCOMPARE(store.notices().unseenNotices()->size(), 1);
        QSqlQuery nq(store.database());
        QVERIFY(!nq.exec(u"UPDATE run_notices SET kind = 'other'"_s));
        nq.finish();
    }
    // What the newer schema added works on the migrated file.
    QVERIFY(store.runs().setRunNotes(run->id, u"after migration"_s).ok());
    QCOMPARE(store.runs().run(run->id)->notes, u"after migration"_s);
    // Version 4: ids are never given out twice, and the rebuild kept the
    // references (the counts above) and left foreign keys on.
    {
        QSqlQuery sq(store.database());
        const QStringList tables{u"runs"_s, u"measurements"_s};
        for (const QString &table : tables) {
            QVERIFY(sq.exec(u"SELECT sql FROM sqlite_master WHERE name = '%1'"_s.arg(table)) && sq.next());
            QVERIFY2(sq.value(0).toString().contains(u"AUTOINCREMENT"_s), qPrintable(sq.value(0).toString()));
        }
        QVERIFY(sq.exec(u"PRAGMA foreign_keys"_s) && sq.next());
        QCOMPARE(sq.value(0).toInt(), 1);
        QVERIFY(sq.exec(u"SELECT count(*) FROM sqlite_master WHERE type = 'index' AND tbl_name = 'runs' "
                        "AND sql IS NOT NULL"_s) && sq.next());
        QCOMPARE(sq.value(0).toInt(), 4);
        QVERIFY(sq.exec(u"SELECT count(*) FROM all_metrics"_s) && sq.next());
        QCOMPARE(sq.value(0).toInt(), 5);
        sq.finish();
    }
    // Version 5: uplinks between switches. A run stored before keeps the
    // hardware its snapshot names, and has no resolved path.
    {
        const wb::RunHardware hw = wb::RunHardware::of(*run);
        QCOMPARE(hw.clientNic, u"alpha/eth0"_s);
        QCOMPARE(hw.switches, QStringList{u"fs108"_s});
        QCOMPARE(hw.cables, QStringList{u"C1"_s});
        QCOMPARE(hw.longestCableM, 1.0);
        QVERIFY(hw.pathStatus.isEmpty());
        QCOMPARE(hw.pathText, u"alpha/eth0 → C1 · 1 m → fs108 port 1"_s);
        wb::NetworkSwitch second;
        second.name = u"fs108-b"_s;
        QVERIFY(store.inventory().addSwitch(second).ok());
        wb::Cable uplinkCable;
        uplinkCable.label = u"U1"_s;
        QVERIFY(store.inventory().addCable(uplinkCable).ok());
        wb::Uplink u;
        u.switchName = u"fs108"_s;
        u.switchPort = 8;
        u.cableLabel = u"U1"_s;
        u.peerSwitchName = u"fs108-b"_s;
        auto added = store.inventory().addUplink(u);
        QVERIFY2(added.ok(), qPrintable(added.message()));
        // A cable already on a NIC link is not an uplink as well.
        u.cableLabel = u"C1"_s;
        QVERIFY(!store.inventory().addUplink(u).ok());
        const auto lab = store.inventory().load();
        QVERIFY(lab.ok());
        QCOMPARE(lab->uplinks.size(), 1);
        QCOMPARE(lab->uplinks.first().peerSwitchName, u"fs108-b"_s);
        QCOMPARE(lab->uplinks.first().switchPort, 8);
    }
    const auto all = store.runs().listRuns({});
    QVERIFY(all.ok());
    qint64 newest = 0;
    for (const wb::StoredRun &r : *all)
        newest = std::max(newest, r.id);
    QCOMPARE(store.runs().deleteRuns({newest}).value(), 1);
    wb::StoredRun next;
    next.record.kind = u"tcp_rr"_s;
    QVERIFY(store.runs().saveRun(next).value() > newest);

    // The backup is the old version, intact.
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"backup"_s);
        db.setDatabaseName(store.migrationBackupPath());
        QVERIFY(db.open());
        QSqlQuery bq(db);
        QVERIFY(bq.exec(u"PRAGMA user_version"_s) && bq.next());
        QCOMPARE(bq.value(0).toInt(), file.mid(8, file.indexOf(u'.') - 8).toInt());
        QVERIFY(bq.exec(u"SELECT count(*) FROM runs"_s) && bq.next());
        QCOMPARE(bq.value(0).toInt(), 2);
        bq.finish();
        db.close();
    }
    QSqlDatabase::removeDatabase(u"backup"_s);
}

void TstSchemaMigration::failedStepLeavesOldVersion()
{
    if (wb::Schema::kVersion < 2)
        QSKIP("needs a step after version 1");
    QTemporaryDir dir;
    const QString path = dir.filePath(u"old.sqlite"_s);
    QString error;
    QVERIFY2(buildFromSql(QStringLiteral(WB_TEST_DATA_DIR "/store/schema_v1.sql"), path, &error), qPrintable(error));
    {
        // Something in the way of step 2: an index with the name it creates.
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"sabotage"_s);
        db.setDatabaseName(path);
        QVERIFY(db.open());
        QSqlQuery q(db);
        QVERIFY(q.exec(u"CREATE INDEX runs_plan_started ON runs (plan)"_s));
        q.finish();
        db.close();
    }
    QSqlDatabase::removeDatabase(u"sabotage"_s);
    auto opened = wb::ResultStore::open(path);
    QVERIFY(!opened.ok());
    QVERIFY2(opened.message().contains(u"migrating to schema version 2"_s), qPrintable(opened.message()));
    QVERIFY(opened.message().contains(path));
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"check"_s);
        db.setDatabaseName(path);
        QVERIFY(db.open());
        QSqlQuery q(db);
        QVERIFY(q.exec(u"PRAGMA user_version"_s) && q.next());
        QCOMPARE(q.value(0).toInt(), 1);
        // The step's first statement was undone with the rest.
        QVERIFY(q.exec(u"SELECT count(*) FROM pragma_table_info('runs') WHERE name = 'notes'"_s) && q.next());
        QCOMPARE(q.value(0).toInt(), 0);
        QVERIFY(q.exec(u"SELECT count(*) FROM runs"_s) && q.next());
        QCOMPARE(q.value(0).toInt(), 2);
        q.finish();
        db.close();
    }
    QSqlDatabase::removeDatabase(u"check"_s);
}

// Step 3 flags the runs that importers before issue 21 stored wrong, by what
// the stored record shows, and leaves every other run and every value alone.
void TstSchemaMigration::flagsRunsImportedWrong()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(u"v2.sqlite"_s);
    QString error;
    QVERIFY2(buildFromSql(QStringLiteral(WB_TEST_DATA_DIR "/store/schema_v2.sql"), path, &error), qPrintable(error));
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"imported"_s);
        db.setDatabaseName(path);
        QVERIFY(db.open());
        QSqlQuery q(db);
        struct Run
        {
            int id;
            const char *kind, *params, *tool, *extra;
        };
        const Run runs[] = {
            {10, "udp_stream", R"({"direction":"client_to_server"})", "sockperf", "{}"},
            {11, "tcp_rr", "{}", "netperf", R"({"banner_options":["nodelay"],"test":"TCP_CRR"})"},
            {12, "tcp_stream", R"({"series":"TCP upload::1::tcp_rtt"})", "flent", "{}"},
            {13, "tcp_stream", R"({"series":"TCP upload::1"})", "flent", "{}"},
            {14, "udp_stream", R"({"direction":"client_to_server","server_host":"eve"})", "iperf3",
             R"({"text_era":"Bitrate"})"},
            {15, "tcp_rr", R"({"reported_units":"10^6bits/s"})", "netperf", R"({"test":"TCP_RR"})"},
            {16, "tcp_rr", "{}", "netperf", R"({"test":"TCP_RR"})"},
        };
        for (const Run &r : runs) {
            q.prepare(u"INSERT INTO runs (id, uuid, kind, params, tool, status, started_ms, created_ms)"
                      " VALUES (?, ?, ?, ?, ?, 'finished', 1700000000000, 1700000000000)"_s);
            q.addBindValue(r.id);
            q.addBindValue(u"imp-%1"_s.arg(r.id));
            q.addBindValue(QString::fromLatin1(r.kind));
            q.addBindValue(QString::fromLatin1(r.params));
            q.addBindValue(QString::fromLatin1(r.tool));
            QVERIFY2(q.exec(), qPrintable(q.lastError().text()));
            q.prepare(u"INSERT INTO run_details (run_id, extra) VALUES (?, ?)"_s);
            q.addBindValue(r.id);
            q.addBindValue(QString::fromLatin1(r.extra));
            QVERIFY2(q.exec(), qPrintable(q.lastError().text()));
        }
        // With jitter the UDP text run is whole; 16 has no -f unit: both stay unflagged.
        QVERIFY(q.exec(u"INSERT INTO metrics VALUES (14, 'jitter_ms', '', 0.02, 'ms')"_s));
        QVERIFY(q.exec(u"INSERT INTO metrics VALUES (15, 'transactions_per_s', '', 274.25, '1/s')"_s));
        q.finish();
        db.close();
    }
    QSqlDatabase::removeDatabase(u"imported"_s);

    auto opened = wb::ResultStore::open(path);
    QVERIFY2(opened.ok(), qPrintable(opened.message()));
    wb::ResultStore &store = **opened;
    auto check = [&](int id) {
        auto run = store.runs().runByUuid(u"imp-%1"_s.arg(id));
        return run.ok() ? run->record.extra.value(u"import_check"_s).toString() : u"no run"_s;
    };
    QVERIFY2(check(10).startsWith(u"sockperf: bandwidth converted with 10^6"_s), qPrintable(check(10)));
    QVERIFY2(check(11).startsWith(u"netperf: TCP_CRR stored as tcp_rr"_s), qPrintable(check(11)));
    QVERIFY2(check(12).startsWith(u"flent: a per-flow statistic"_s), qPrintable(check(12)));
    QVERIFY2(check(15).contains(u"transactions_per_s; delete it and import the log again"_s), qPrintable(check(15)));
    QCOMPARE(check(13), QString());
    QCOMPARE(check(14), QString());
    QCOMPARE(check(16), QString());
    // The rest of the extra object is kept, and the values are not touched.
    auto crr = store.runs().runByUuid(u"imp-11"_s);
    QCOMPARE(crr->record.extra.value(u"test"_s).toString(), u"TCP_CRR"_s);
    QCOMPARE(crr->record.extra.value(u"banner_options"_s).toArray().size(), 1);
    QCOMPARE(store.runs().runByUuid(u"imp-15"_s)->record.metric(u"transactions_per_s"_s).value(), 274.25);
    // The runs measured by Wirebench itself are not flagged.
    QCOMPARE(store.runs().runByUuid(u"run-2"_s)->record.extra.value(u"import_check"_s).toString(), QString());
}

QTEST_GUILESS_MAIN(TstSchemaMigration)
#include "tst_schemamigration.moc"
