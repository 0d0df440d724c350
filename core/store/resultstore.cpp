// SPDX-License-Identifier: GPL-3.0-or-later
#include "resultstore.h"

#include "annotationstore.h"
#include "baselinestore.h"
#include "databaseurl.h"
#include "inventorystore.h"
#include "noticestore.h"
#include "runstore.h"
#include "schema.h"
#include "sqlitetablerebuild.h"
#include "sqlstatement.h"
#include "sqltransaction.h"
#include "storearchive.h"

#include <QAtomicInteger>
#include <QDir>
#include <QFileInfo>
#include <QSqlError>
#include <QSqlQuery>

using namespace Qt::StringLiterals;

namespace wb {

namespace {
QAtomicInteger<quint64> s_connectionCounter;

bool isMemory(const QString &path)
{
    return path == u":memory:"_s;
}

// pg_advisory_lock key for migrations: the application id ("WBNC"), so two
// clients starting at once on a new or old database migrate one at a time.
constexpr qint64 kMigrationLockKey = Schema::kApplicationId;

StoreError newerSchemaError(const QString &path, int version, const QString &advice)
{
    return StoreError{StoreError::Kind::NewerSchema,
                      u"%1 was written by a newer Wirebench (schema version %2; this program knows up to %3). %4"_s
                          .arg(path)
                          .arg(version)
                          .arg(Schema::kVersion)
                          .arg(advice)};
}
} // namespace

StoreResult<std::unique_ptr<ResultStore>> ResultStore::open(const QString &path, const StoreOpenOptions &options)
{
    if (path.isEmpty())
        return StoreError{StoreError::Kind::Invalid, u"no database file given"_s};
    std::unique_ptr<ResultStore> store(new ResultStore);
    if (DatabaseUrl::isPostgres(path)) {
        if (StoreStatus s = store->openPostgres(path, options); !s)
            return s.error();
        store->m_inventory = std::make_unique<InventoryStore>(*store);
        store->m_runs = std::make_unique<RunStore>(*store);
        store->m_baselines = std::make_unique<BaselineStore>(*store);
        store->m_archive = std::make_unique<StoreArchive>(*store);
        store->m_annotations = std::make_unique<AnnotationStore>(*store);
        store->m_notices = std::make_unique<NoticeStore>(*store);
        return store;
    }
    store->m_path = isMemory(path) ? path : QFileInfo(path).absoluteFilePath();
    if (!isMemory(path)) {
        const QFileInfo fi(store->m_path);
        if (fi.exists()) {
            if (fi.isDir())
                return StoreError{StoreError::Kind::Unreadable,
                                  u"%1 is a folder, not a database file; give a file name"_s.arg(store->m_path)};
            if (!fi.isReadable())
                return StoreError{StoreError::Kind::Unreadable,
                                  u"%1 cannot be read (permission denied); open another file or fix its "
                                  "permissions"_s.arg(store->m_path)};
            if (!options.readOnly && !fi.isWritable())
                return StoreError{StoreError::Kind::Unreadable,
                                  u"%1 is read-only; open it read-only or fix its permissions"_s.arg(store->m_path)};
        } else {
            if (!options.createIfMissing || options.readOnly)
                return StoreError{StoreError::Kind::NotFound,
                                  u"%1 does not exist"_s.arg(store->m_path)};
            if (!QDir().mkpath(fi.absolutePath()))
                return StoreError{StoreError::Kind::Unreadable,
                                  u"cannot create the folder %1 for the database"_s.arg(fi.absolutePath())};
        }
    }
    if (StoreStatus s = store->openConnection(options); !s)
        return s.error();
    store->m_inventory = std::make_unique<InventoryStore>(*store);
    store->m_runs = std::make_unique<RunStore>(*store);
    store->m_baselines = std::make_unique<BaselineStore>(*store);
    store->m_archive = std::make_unique<StoreArchive>(*store);
    store->m_annotations = std::make_unique<AnnotationStore>(*store);
    store->m_notices = std::make_unique<NoticeStore>(*store);
    return store;
}

QSqlQuery *ResultStore::acquireQuery(const QString &sql)
{
    auto it = m_statements.find(sql);
    if (it == m_statements.end()) {
        if (m_statements.size() >= 256)
            return nullptr;
        auto q = std::make_unique<QSqlQuery>(database());
        q->setForwardOnly(true);
        if (!q->prepare(sql))
            return nullptr; // the caller prepares its own and reports the error
        it = m_statements.emplace(sql, CachedQuery{std::move(q), false}).first;
    }
    if (it->second.busy)
        return nullptr;
    it->second.busy = true;
    return it->second.query.get();
}

void ResultStore::releaseQuery(const QString &sql)
{
    auto it = m_statements.find(sql);
    if (it != m_statements.end())
        it->second.busy = false;
}

ResultStore::~ResultStore()
{
    m_statements.clear();
    m_notices.reset();
    m_annotations.reset();
    m_archive.reset();
    m_baselines.reset();
    m_runs.reset();
    m_inventory.reset();
    if (!m_connection.isEmpty()) {
        {
            QSqlDatabase db = QSqlDatabase::database(m_connection, false);
            if (db.isOpen() && !m_readOnly && m_dialect == SqlDialect::Sqlite) {
                // SQLite's advice for long-lived connections: keep planner
                // statistics fresh, cheaply (analysis_limit bounds the work).
                QSqlQuery q(db);
                q.exec(u"PRAGMA analysis_limit=400"_s);
                q.exec(u"PRAGMA optimize"_s);
            }
            db.close();
        }
        QSqlDatabase::removeDatabase(m_connection);
    }
}

StoreStatus ResultStore::openConnection(const StoreOpenOptions &options)
{
    m_connection = u"wirebench-store-%1"_s.arg(++s_connectionCounter);
    m_readOnly = options.readOnly;
    QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, m_connection);
    if (!db.isValid())
        return StoreError{StoreError::Kind::Failed,
                          u"the Qt SQLite driver (QSQLITE) is not available; install libqt6sql6-sqlite"_s};
    db.setDatabaseName(m_path);
    QString connectOptions = u"QSQLITE_BUSY_TIMEOUT=%1"_s.arg(options.busyTimeoutMs);
    if (options.readOnly)
        connectOptions += u";QSQLITE_OPEN_READONLY"_s;
    db.setConnectOptions(connectOptions);
    if (!db.open())
        return StoreError{StoreError::Kind::Unreadable,
                          u"%1 cannot be opened: %2"_s.arg(m_path, db.lastError().text())};

    // Read before anything writes: a damaged or foreign file fails here and
    // stays as it was.
    QSqlQuery q(db);
    if (!q.exec(u"SELECT count(*) FROM sqlite_master"_s) || !q.next())
        return storeErrorFromSql(q.lastError(), u"reading the schema"_s, m_path);
    const qint64 objects = q.value(0).toLongLong();
    if (!q.exec(u"PRAGMA application_id"_s) || !q.next())
        return storeErrorFromSql(q.lastError(), u"reading the application id"_s, m_path);
    const int appId = q.value(0).toInt();
    if (!q.exec(u"PRAGMA user_version"_s) || !q.next())
        return storeErrorFromSql(q.lastError(), u"reading the schema version"_s, m_path);
    const int version = q.value(0).toInt();
    q.finish();
    if ((appId != 0 && appId != Schema::kApplicationId) || (appId == 0 && objects > 0))
        return StoreError{StoreError::Kind::NotWirebench,
                          u"%1 is an SQLite database of another program, not a Wirebench results database; it was "
                          "left untouched. Open another file or create a new one."_s.arg(m_path)};
    if (version > Schema::kVersion)
        return newerSchemaError(m_path, version, u"Update Wirebench or open another file; the file was left untouched."_s);

    // Per-connection settings. WAL lets readers run beside the writer;
    // synchronous=FULL makes each commit (a finished run) durable.
    if (!options.readOnly && !isMemory(m_path)) {
        if (!q.exec(u"PRAGMA journal_mode=WAL"_s))
            return storeErrorFromSql(q.lastError(), u"switching to WAL"_s, m_path);
        q.finish();
    }
    // A larger page cache per connection (32 MiB) keeps the indexes of a
    // big database in memory between queries of a long-lived reader.
    for (const QString &pragma :
         {u"PRAGMA foreign_keys=ON"_s, u"PRAGMA synchronous=FULL"_s, u"PRAGMA cache_size=-32768"_s}) {
        if (!q.exec(pragma))
            return storeErrorFromSql(q.lastError(), pragma, m_path);
    }
    m_schemaVersion = version;
    if (version < Schema::kVersion) {
        if (options.readOnly)
            return StoreError{StoreError::Kind::Refused,
                              u"%1 has schema version %2 and needs migrating to %3; open it writable once"_s.arg(m_path)
                                  .arg(version)
                                  .arg(Schema::kVersion)};
        return migrate(version, options);
    }
    return {};
}

StoreStatus ResultStore::migrate(int fromVersion, const StoreOpenOptions &)
{
    QSqlDatabase db = database();
    if (fromVersion > 0 && !isMemory(m_path)) {
        // A consistent copy of the old file, in case a step goes wrong in a
        // way the transaction cannot undo (or the user wants to go back).
        m_backupPath = u"%1.v%2-%3.bak"_s.arg(m_path)
                           .arg(fromVersion)
                           .arg(QDateTime::currentDateTimeUtc().toString(u"yyyyMMddThhmmsszzz"_s));
        SqlStatement backup(db, u"VACUUM INTO ?"_s);
        backup.bind(m_backupPath);
        if (!backup.exec())
            return backup.error(u"backing up before migrating to schema version %1"_s.arg(Schema::kVersion));
    }
    // A step that rebuilds a table must not cascade the old table's DROP
    // into the rows that refer to it. SQLite takes this pragma only outside
    // a transaction; each step checks the references before it commits.
    QSqlQuery pragma(db);
    if (!pragma.exec(u"PRAGMA foreign_keys=OFF"_s))
        return storeErrorFromSql(pragma.lastError(), u"preparing the migration"_s, m_path);
    StoreStatus migrated = migrateSteps(fromVersion);
    if (!pragma.exec(u"PRAGMA foreign_keys=ON"_s) && migrated)
        return storeErrorFromSql(pragma.lastError(), u"finishing the migration"_s, m_path);
    return migrated;
}

StoreStatus ResultStore::migrateSteps(int fromVersion)
{
    QSqlDatabase db = database();
    for (int v = fromVersion + 1; v <= Schema::kVersion; ++v) {
        SqlTransaction tx(*this);
        if (StoreStatus s = tx.begin(); !s)
            return s;
        // Another process may have migrated while we waited for the lock.
        QSqlQuery q(db);
        if (!q.exec(u"PRAGMA user_version"_s) || !q.next())
            return storeErrorFromSql(q.lastError(), u"reading the schema version"_s, m_path);
        const int current = q.value(0).toInt();
        q.finish();
        if (current >= v)
            continue;
        for (const QString &sql : Schema::step(v)) {
            if (!q.exec(sql))
                return storeErrorFromSql(q.lastError(), u"migrating to schema version %1"_s.arg(v), m_path);
        }
        if (const QStringList tables = Schema::sqliteAutoincrementTables(v); !tables.isEmpty()) {
            if (StoreStatus s = SqliteTableRebuild::addAutoincrement(db, tables, m_path); !s)
                return StoreError{s.error().kind, u"migrating to schema version %1: %2"_s.arg(v).arg(s.message())};
        }
        if (!q.exec(u"PRAGMA foreign_key_check"_s))
            return storeErrorFromSql(q.lastError(), u"checking references after step %1"_s.arg(v), m_path);
        if (q.next())
            return StoreError{StoreError::Kind::Failed,
                              u"%1: migrating to schema version %2 would break references in table %3; the file "
                              "was left at version %4"_s.arg(m_path)
                                  .arg(v)
                                  .arg(q.value(0).toString())
                                  .arg(v - 1)};
        q.finish();
        // Both pragmas take literal integers only; the values are ours.
        if (!q.exec(u"PRAGMA user_version=%1"_s.arg(v)) ||
            !q.exec(u"PRAGMA application_id=%1"_s.arg(Schema::kApplicationId)))
            return storeErrorFromSql(q.lastError(), u"recording schema version %1"_s.arg(v), m_path);
        if (StoreStatus s = tx.commit(); !s)
            return s;
        m_schemaVersion = v;
    }
    m_schemaVersion = Schema::kVersion;
    return {};
}

StoreStatus ResultStore::openPostgres(const QString &location, const StoreOpenOptions &options)
{
    auto url = DatabaseUrl::parse(location);
    if (!url)
        return url.error();
    m_dialect = SqlDialect::Postgres;
    m_path = url->display();
    m_readOnly = options.readOnly;
    m_connection = u"wirebench-store-%1"_s.arg(++s_connectionCounter);
    QSqlDatabase db = QSqlDatabase::addDatabase(u"QPSQL"_s, m_connection);
    if (!db.isValid())
        return StoreError{StoreError::Kind::Failed,
                          u"the Qt PostgreSQL driver (QPSQL) is not available; install libqt6sql6-psql"_s};
    url->apply(db);
    if (!db.open()) {
        const QString text = db.lastError().databaseText().isEmpty() ? db.lastError().text()
                                                                     : db.lastError().databaseText();
        const QString why = text.trimmed();
        if (why.contains(u"no password supplied"_s))
            return StoreError{StoreError::Kind::NeedsPassword,
                              u"%1 needs a password (none in ~/.pgpass or PGPASSWORD)"_s.arg(m_path)};
        if (why.contains(u"password authentication failed"_s))
            return StoreError{StoreError::Kind::NeedsPassword,
                              u"%1 refused the password: %2"_s.arg(m_path, why)};
        if (why.contains(u"does not exist"_s))
            return StoreError{StoreError::Kind::NotFound,
                              u"%1: %2. Create the database (createdb) or the role on the server first, then "
                                "connect again."_s.arg(m_path, why)};
        return StoreError{StoreError::Kind::Unreachable,
                          u"the shared database %1 cannot be reached: %2. Nothing was written; check the server and "
                          "the URL, or use a local database file."_s.arg(m_path, why)};
    }
    QSqlQuery q(db);
    for (const QString &sql : {u"SET client_min_messages = warning"_s, u"SET TIME ZONE 'UTC'"_s}) {
        if (!q.exec(sql))
            return storeErrorFromSql(q.lastError(), u"setting up the session"_s, m_path);
    }
    // Read before anything writes: a database of another program fails here
    // and stays as it was.
    if (!q.exec(u"SELECT to_regclass('schema_version') IS NOT NULL, (SELECT count(*) FROM pg_tables WHERE "
                "schemaname = current_schema())"_s) ||
        !q.next())
        return storeErrorFromSql(q.lastError(), u"reading the schema"_s, m_path);
    bool hasVersionTable = q.value(0).toBool();
    const qint64 tables = q.value(1).toLongLong();
    q.finish();
    int version = 0;
    if (hasVersionTable) {
        if (!q.exec(u"SELECT application, version FROM schema_version"_s) || !q.next())
            return storeErrorFromSql(q.lastError(), u"reading the schema version"_s, m_path);
        if (q.value(0).toString() != u"wirebench"_s)
            hasVersionTable = false;
        version = q.value(1).toInt();
        q.finish();
    }
    if (!hasVersionTable && tables > 0)
        return StoreError{StoreError::Kind::NotWirebench,
                          u"%1 holds tables of another program, not a Wirebench results database; it was left "
                          "untouched. Use another database (createdb) or another schema."_s.arg(m_path)};
    if (version > Schema::kVersion)
        return newerSchemaError(m_path, version, u"Update Wirebench; the database was left untouched."_s);
    m_schemaVersion = version;
    if (version < Schema::kVersion) {
        if (options.readOnly)
            return StoreError{StoreError::Kind::Refused,
                              u"%1 has schema version %2 and needs migrating to %3; open it writable once"_s.arg(m_path)
                                  .arg(version)
                                  .arg(Schema::kVersion)};
        if (StoreStatus s = migratePostgres(); !s)
            return s;
    }
    if (options.readOnly && !q.exec(u"SET default_transaction_read_only = on"_s))
        return storeErrorFromSql(q.lastError(), u"opening read-only"_s, m_path);
    return {};
}

StoreStatus ResultStore::migratePostgres()
{
    QSqlDatabase db = database();
    QSqlQuery q(db);
    // Session-level lock: a second client starting now waits here, then
    // finds the schema current and does nothing.
    SqlStatement lock(db, u"SELECT pg_advisory_lock(?)"_s);
    lock.bind(kMigrationLockKey);
    if (!lock.exec())
        return storeErrorFromSql(lock.query().lastError(), u"waiting for the migration lock"_s, m_path);
    lock.finish();
    auto unlock = [&] {
        SqlStatement u(db, u"SELECT pg_advisory_unlock(?)"_s);
        u.bind(kMigrationLockKey);
        u.exec();
    };
    SqlTransaction tx(*this);
    if (StoreStatus s = tx.begin(); !s) {
        unlock();
        return s;
    }
    auto fail = [&](const QString &context) {
        StoreError e = storeErrorFromSql(q.lastError(), context, m_path);
        tx.rollback();
        unlock();
        return e;
    };
    if (!q.exec(u"CREATE TABLE IF NOT EXISTS schema_version (singleton BOOLEAN PRIMARY KEY DEFAULT TRUE "
                "CHECK (singleton), application TEXT NOT NULL, version INTEGER NOT NULL)"_s))
        return fail(u"creating the schema_version table"_s);
    if (!q.exec(u"SELECT version FROM schema_version"_s))
        return fail(u"reading the schema version"_s);
    const int current = q.next() ? q.value(0).toInt() : 0;
    q.finish();
    for (int v = current + 1; v <= Schema::kVersion; ++v) {
        for (const QString &sql : Schema::step(v)) {
            if (!q.exec(Schema::forDialect(sql, SqlDialect::Postgres)))
                return fail(u"migrating to schema version %1"_s.arg(v));
        }
    }
    if (current < Schema::kVersion) {
        SqlStatement set(db, u"INSERT INTO schema_version (singleton, application, version) VALUES (TRUE, "
                             "'wirebench', ?) ON CONFLICT (singleton) DO UPDATE SET version = excluded.version"_s);
        set.bind(Schema::kVersion);
        if (!set.exec()) {
            StoreError e = storeErrorFromSql(set.query().lastError(),
                                             u"recording schema version %1"_s.arg(Schema::kVersion), m_path);
            tx.rollback();
            unlock();
            return e;
        }
    }
    if (StoreStatus s = tx.commit(); !s) {
        unlock();
        return s;
    }
    unlock();
    m_schemaVersion = Schema::kVersion;
    return {};
}

void ResultStore::notifyChanged(const QString &area)
{
    if (m_dialect != SqlDialect::Postgres)
        return;
    SqlStatement n(*this, u"SELECT pg_notify('wirebench_changes', ?)"_s);
    n.bindText(area);
    n.exec();
}

StoreResult<StoreInfo> ResultStore::info()
{
    StoreInfo i;
    i.path = m_path;
    i.schemaVersion = m_schemaVersion;
    i.programSchemaVersion = Schema::kVersion;
    QSqlDatabase db = database();
    QSqlQuery q(db);
    if (m_dialect == SqlDialect::Postgres) {
        i.backend = u"postgresql"_s;
        if (q.exec(u"SELECT pg_database_size(current_database()), current_setting('server_version')"_s) && q.next()) {
            i.fileBytes = q.value(0).toLongLong();
            i.serverVersion = q.value(1).toString();
        }
        q.finish();
    } else {
        i.backend = u"sqlite"_s;
        if (!isMemory(m_path))
            i.fileBytes = QFileInfo(m_path).size() + QFileInfo(m_path + u"-wal"_s).size();
        if (q.exec(u"PRAGMA journal_mode"_s) && q.next())
            i.journalMode = q.value(0).toString();
        if (q.exec(u"SELECT sqlite_version()"_s) && q.next())
            i.sqliteVersion = q.value(0).toString();
    }
    const QList<std::pair<qint64 *, QString>> counts{
        {&i.hosts, u"SELECT count(*) FROM hosts"_s},
        {&i.nics, u"SELECT count(*) FROM nics"_s},
        {&i.switches, u"SELECT count(*) FROM switches"_s},
        {&i.cables, u"SELECT count(*) FROM cables"_s},
        {&i.links, u"SELECT count(*) FROM links"_s},
        {&i.runs, u"SELECT count(*) FROM runs"_s},
        {&i.metrics, u"SELECT count(*) FROM metrics"_s},
        {&i.sampleChunks, u"SELECT count(*) FROM sample_chunks"_s},
        {&i.samples, u"SELECT coalesce(sum(count), 0) FROM sample_chunks"_s},
        {&i.measurements, u"SELECT count(*) FROM measurements"_s},
        {&i.baselines, u"SELECT count(*) FROM baselines"_s},
    };
    for (const auto &[target, sql] : counts) {
        if (!q.exec(sql) || !q.next())
            return storeErrorFromSql(q.lastError(), u"counting rows"_s, m_path);
        *target = q.value(0).toLongLong();
    }
    return i;
}

StoreStatus ResultStore::checkIntegrity()
{
    QSqlQuery q(database());
    if (m_dialect == SqlDialect::Postgres) {
        // The server enforces references and checksums its pages itself;
        // what can fail here is the connection or the schema.
        if (!q.exec(u"SELECT count(*) FROM runs r LEFT JOIN run_details d ON d.run_id = r.id WHERE d.run_id IS NULL"_s) ||
            !q.next())
            return storeErrorFromSql(q.lastError(), u"checking integrity"_s, m_path);
        if (q.value(0).toLongLong() > 0)
            return StoreError{StoreError::Kind::Corrupt,
                              u"%1 has %2 runs without details"_s.arg(m_path).arg(q.value(0).toLongLong())};
        return {};
    }
    if (!q.exec(u"PRAGMA integrity_check"_s))
        return storeErrorFromSql(q.lastError(), u"checking integrity"_s, m_path);
    QStringList problems;
    while (q.next()) {
        const QString line = q.value(0).toString();
        if (line != u"ok"_s)
            problems.append(line);
    }
    if (!problems.isEmpty())
        return StoreError{StoreError::Kind::Corrupt,
                          u"%1 is damaged: %2"_s.arg(m_path, problems.mid(0, 5).join(u"; "_s))};
    if (!q.exec(u"PRAGMA foreign_key_check"_s))
        return storeErrorFromSql(q.lastError(), u"checking references"_s, m_path);
    if (q.next())
        return StoreError{StoreError::Kind::Corrupt,
                          u"%1 has dangling references (table %2, row %3)"_s.arg(m_path, q.value(0).toString(),
                                                                                q.value(1).toString())};
    return {};
}

StoreResult<qint64> ResultStore::dataVersion()
{
    if (isPostgres())
        return qint64(-1);
    QSqlQuery q(database());
    if (!q.exec(u"PRAGMA data_version"_s) || !q.next())
        return storeErrorFromSql(q.lastError(), u"reading the data version"_s, m_path);
    return q.value(0).toLongLong();
}

StoreStatus ResultStore::checkpoint()
{
    if (m_dialect == SqlDialect::Postgres)
        return {}; // the server's business
    QSqlQuery q(database());
    if (!q.exec(u"PRAGMA wal_checkpoint(TRUNCATE)"_s))
        return storeErrorFromSql(q.lastError(), u"checkpointing"_s, m_path);
    return {};
}

} // namespace wb
