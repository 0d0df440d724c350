// SPDX-License-Identifier: GPL-3.0-or-later
// ResultStore on real temporary SQLite files: creation, reopening, refusing
// damaged, foreign and newer files without touching them, integrity check,
// advice that names the file and the free space when the disk is full.

#include "store/resultstore.h"
#include "store/runstore.h"
#include "store/schema.h"
#include "storetestdb.h"

#include <QCryptographicHash>
#include <QFile>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QStorageInfo>
#include <QTemporaryDir>
#include <QTest>

#include <unistd.h>

using namespace Qt::StringLiterals;

class TstResultStore : public QObject
{
    Q_OBJECT
private slots:
    void createsAndReopens();
    void memoryDatabase();
    void refusesDamagedFilesUntouched_data();
    void refusesDamagedFilesUntouched();
    void refusesNewerSchema();
    void refusesUnreadable();
    void readOnlyMissingFile();
    void infoCounts();
    void fullDiskNamesFileAndFreeSpace();
};

static QByteArray fileHash(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256);
}

void TstResultStore::createsAndReopens()
{
    QTemporaryDir dir;
    const QString path = wbtest::databaseLocation(dir, u"sub/folder/results.sqlite"_s);
    {
        auto store = wb::ResultStore::open(path);
        QVERIFY2(store.ok(), qPrintable(store.message()));
        QCOMPARE((*store)->schemaVersion(), wb::Schema::kVersion);
        QVERIFY((*store)->checkIntegrity().ok());
        auto info = (*store)->info();
        QVERIFY(info.ok());
        if (wbtest::usingPostgres()) {
            QCOMPARE(info->backend, u"postgresql"_s);
            QVERIFY(!info->serverVersion.isEmpty());
        } else {
            QCOMPARE(info->journalMode, u"wal"_s);
        }
    }
    if (!wbtest::usingPostgres())
        QVERIFY(QFile::exists(path));
    auto again = wb::ResultStore::open(path);
    QVERIFY2(again.ok(), qPrintable(again.message()));
    QCOMPARE((*again)->schemaVersion(), wb::Schema::kVersion);
    QVERIFY((*again)->migrationBackupPath().isEmpty());
}

void TstResultStore::memoryDatabase()
{
    WB_SQLITE_ONLY();
    auto store = wb::ResultStore::open(u":memory:"_s);
    QVERIFY2(store.ok(), qPrintable(store.message()));
    QCOMPARE((*store)->schemaVersion(), wb::Schema::kVersion);
}

void TstResultStore::refusesDamagedFilesUntouched_data()
{
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<int>("kind");
    QTest::newRow("text") << QByteArray("this is not a database\n").repeated(200)
                          << int(wb::StoreError::Kind::Corrupt);
    QByteArray header("SQLite format 3\0", 16);
    QTest::newRow("truncated-header") << header + QByteArray(84, '\xff') + QByteArray(4000, 'x')
                                      << int(wb::StoreError::Kind::Corrupt);
    QTest::newRow("foreign") << QByteArray() << int(wb::StoreError::Kind::NotWirebench);
}

void TstResultStore::refusesDamagedFilesUntouched()
{
    WB_SQLITE_ONLY();
    QFETCH(QByteArray, content);
    QFETCH(int, kind);
    QTemporaryDir dir;
    const QString path = dir.filePath(u"bad.sqlite"_s);
    if (content.isEmpty()) {
        // A valid SQLite file of some other program.
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"foreign"_s);
        db.setDatabaseName(path);
        QVERIFY(db.open());
        QSqlQuery q(db);
        QVERIFY(q.exec(u"CREATE TABLE bookmarks (url TEXT)"_s));
        q.finish();
        db.close();
        db = QSqlDatabase();
        QSqlDatabase::removeDatabase(u"foreign"_s);
    } else {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(content);
    }
    const QByteArray before = fileHash(path);
    auto store = wb::ResultStore::open(path);
    QVERIFY(!store.ok());
    QCOMPARE(int(store.error().kind), kind);
    QVERIFY2(store.message().contains(path), qPrintable(store.message()));
    QVERIFY(store.error().isFileProblem());
    QCOMPARE(fileHash(path), before);
    QVERIFY(!QFile::exists(path + u"-wal"_s) || QFile(path + u"-wal"_s).size() == 0);
}

void TstResultStore::refusesNewerSchema()
{
    WB_SQLITE_ONLY();
    QTemporaryDir dir;
    const QString path = dir.filePath(u"new.sqlite"_s);
    {
        auto store = wb::ResultStore::open(path);
        QVERIFY(store.ok());
        QSqlQuery q((*store)->database());
        QVERIFY(q.exec(u"PRAGMA user_version=%1"_s.arg(wb::Schema::kVersion + 5)));
    }
    auto store = wb::ResultStore::open(path);
    QVERIFY(!store.ok());
    QCOMPARE(store.error().kind, wb::StoreError::Kind::NewerSchema);
    QVERIFY(store.message().contains(path));
    QVERIFY(store.message().contains(QString::number(wb::Schema::kVersion + 5)));
}

void TstResultStore::refusesUnreadable()
{
    WB_SQLITE_ONLY();
    QTemporaryDir dir;
    auto folder = wb::ResultStore::open(dir.path());
    QVERIFY(!folder.ok());
    QCOMPARE(folder.error().kind, wb::StoreError::Kind::Unreadable);
    QVERIFY(folder.message().contains(dir.path()));
    if (getuid() == 0)
        QSKIP("root reads any file: the permission case runs as its own CTest entry, as nobody "
              "(tst_resultstore_unreadable)");
    const QString path = dir.filePath(u"locked.sqlite"_s);
    { auto s = wb::ResultStore::open(path); QVERIFY(s.ok()); }
    QFile::setPermissions(path, QFileDevice::Permissions());
    auto store = wb::ResultStore::open(path);
    QVERIFY(!store.ok());
    QCOMPARE(store.error().kind, wb::StoreError::Kind::Unreadable);
}

void TstResultStore::readOnlyMissingFile()
{
    WB_SQLITE_ONLY();
    QTemporaryDir dir;
    wb::StoreOpenOptions o;
    o.readOnly = true;
    auto store = wb::ResultStore::open(dir.filePath(u"none.sqlite"_s), o);
    QVERIFY(!store.ok());
    QCOMPARE(store.error().kind, wb::StoreError::Kind::NotFound);
    QVERIFY(!QFile::exists(dir.filePath(u"none.sqlite"_s)));
}

void TstResultStore::infoCounts()
{
    QTemporaryDir dir;
    const bool pg = wbtest::usingPostgres();
    auto store = wb::ResultStore::open(pg ? wbtest::databaseLocation(dir, {}) : u":memory:"_s);
    QVERIFY(store.ok());
    auto info = (*store)->info();
    QVERIFY(info.ok());
    QCOMPARE(info->runs, 0);
    QCOMPARE(info->schemaVersion, wb::Schema::kVersion);
    QCOMPARE(info->backend, pg ? u"postgresql"_s : u"sqlite"_s);
    QVERIFY(!(pg ? info->serverVersion : info->sqliteVersion).isEmpty());
}

void TstResultStore::fullDiskNamesFileAndFreeSpace()
{
    if (wbtest::usingPostgres())
        QSKIP("SQLITE_FULL is SQLite's");
    QTemporaryDir dir;
    const QString path = dir.filePath(u"full.sqlite"_s);
    auto store = wb::ResultStore::open(path);
    QVERIFY(store.ok());
    // A full disk, as SQLite reports it: the file may not grow any more.
    QSqlQuery q((*store)->database());
    QVERIFY(q.exec(u"PRAGMA page_count"_s) && q.next());
    const int pages = q.value(0).toInt();
    q.finish();
    QVERIFY(q.exec(u"PRAGMA max_page_count=%1"_s.arg(pages + 1)));
    q.finish();
    wb::StoredRun run;
    run.record.kind = u"udp_stream"_s;
    run.record.addMetric(u"throughput_bps"_s, u"server"_s, 1);
    for (int i = 0; i < 20000; ++i)
        run.record.samples.append({double(i), u"server"_s, u"throughput_bps"_s, double(i)});
    auto saved = (*store)->runs().saveRun(run);
    QVERIFY(!saved.ok());
    const QString message = saved.message();
    QVERIFY2(message.contains(path), qPrintable(message));
    QVERIFY2(message.contains(u" free"_s), qPrintable(message));
    QVERIFY2(message.contains(QStorageInfo(dir.path()).rootPath()), qPrintable(message));
    QVERIFY2(message.contains(u"Nothing of this change was stored"_s), qPrintable(message));
    QCOMPARE((*store)->info()->runs, 0);
}

QTEST_GUILESS_MAIN(TstResultStore)
#include "tst_resultstore.moc"
