// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The results database: opens (and creates, migrates, validates) one SQLite
// file, or a shared PostgreSQL database named by a postgresql:// URL (see
// DatabaseUrl and docs/store.md), and hands out the per-area stores that
// work on it. One ResultStore is
// one connection and must be used from the thread that opened it; open one
// per thread (opening an up-to-date file takes a few milliseconds). A
// program reaches it through StoreService (one writer thread, a pool of
// readers); only core/store and tests open one directly.

#include "sqldialect.h"
#include "storeerror.h"

#include <QSqlDatabase>
#include <QSqlQuery>
#include <QString>

#include <memory>
#include <unordered_map>

namespace wb {

class AnnotationStore;
class BaselineStore;
class InventoryStore;
class NoticeStore;
class RunStore;
class StoreArchive;

struct StoreOpenOptions
{
    bool createIfMissing = true; // a missing file becomes a new database
    bool readOnly = false;       // never writes; refuses a file that needs migrating
    int busyTimeoutMs = 5000;
};

struct StoreInfo
{
    QString path;
    int schemaVersion = 0;
    int programSchemaVersion = 0;
    qint64 fileBytes = 0;
    QString journalMode;
    QString sqliteVersion;
    QString backend;       // "sqlite" or "postgresql"
    QString serverVersion; // PostgreSQL server version, empty for SQLite
    qint64 hosts = 0, nics = 0, switches = 0, cables = 0, links = 0;
    qint64 runs = 0, metrics = 0, sampleChunks = 0, samples = 0, measurements = 0, baselines = 0;
};

class ResultStore
{
public:
    // `path` is a file name, ":memory:" or a postgresql:// URL. Errors name
    // the file (or the URL without its password); a damaged or foreign
    // database is never written to.
    static StoreResult<std::unique_ptr<ResultStore>> open(const QString &path, const StoreOpenOptions &options = {});
    ~ResultStore();
    ResultStore(const ResultStore &) = delete;
    ResultStore &operator=(const ResultStore &) = delete;

    // The file, or the URL with the password elided.
    QString path() const { return m_path; }
    SqlDialect dialect() const { return m_dialect; }
    bool isPostgres() const { return m_dialect == SqlDialect::Postgres; }
    // Tells other clients of a shared database that `area` ("runs",
    // "inventory", "baselines", "notices") changed: a NOTIFY delivered when the current
    // transaction commits (never for a half-written run). No-op on SQLite.
    void notifyChanged(const QString &area);
    // The channel StoreChangeListener listens on.
    static constexpr const char *kNotifyChannel = "wirebench_changes";
    int schemaVersion() const { return m_schemaVersion; }
    // The backup taken before the last migration, or empty.
    QString migrationBackupPath() const { return m_backupPath; }

    InventoryStore &inventory() { return *m_inventory; }
    RunStore &runs() { return *m_runs; }
    BaselineStore &baselines() { return *m_baselines; }
    StoreArchive &archive() { return *m_archive; }
    AnnotationStore &annotations() { return *m_annotations; }
    NoticeStore &notices() { return *m_notices; }

    StoreResult<StoreInfo> info();
    // PRAGMA integrity_check; ok or Corrupt with SQLite's findings.
    StoreStatus checkIntegrity();
    // Moves the WAL into the main file (e.g. before copying the file).
    StoreStatus checkpoint();
    // SQLite's PRAGMA data_version: changes when another connection commits
    // (never for this one's own writes). -1 on PostgreSQL, which has none.
    StoreResult<qint64> dataVersion();

    // For the store classes only: the connection of this thread, and the
    // nesting of SqlTransaction on it.
    QSqlDatabase database() const { return QSqlDatabase::database(m_connection, false); }
    struct TransactionState
    {
        int depth = 0;
    };
    TransactionState &transactionState() { return m_transaction; }
    // A cached prepared statement for `sql` (preparing costs more than
    // running most of ours), or nullptr while it is in use; give it back
    // with releaseQuery(). SqlStatement does both.
    QSqlQuery *acquireQuery(const QString &sql);
    void releaseQuery(const QString &sql);

private:
    ResultStore() = default;
    StoreStatus openConnection(const StoreOpenOptions &options);
    StoreStatus openPostgres(const QString &location, const StoreOpenOptions &options);
    StoreStatus migrate(int fromVersion, const StoreOpenOptions &options);
    StoreStatus migrateSteps(int fromVersion);
    StoreStatus migratePostgres();

    QString m_path;
    QString m_connection;
    SqlDialect m_dialect = SqlDialect::Sqlite;
    int m_schemaVersion = 0;
    bool m_readOnly = false;
    QString m_backupPath;
    TransactionState m_transaction;
    struct CachedQuery
    {
        std::unique_ptr<QSqlQuery> query;
        bool busy = false;
    };
    std::unordered_map<QString, CachedQuery> m_statements;
    std::unique_ptr<InventoryStore> m_inventory;
    std::unique_ptr<RunStore> m_runs;
    std::unique_ptr<BaselineStore> m_baselines;
    std::unique_ptr<StoreArchive> m_archive;
    std::unique_ptr<AnnotationStore> m_annotations;
    std::unique_ptr<NoticeStore> m_notices;
};

} // namespace wb
