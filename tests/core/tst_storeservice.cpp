// SPDX-License-Identifier: GPL-3.0-or-later
// StoreService on a real database: writes submitted from the test thread
// (before and after start) run on the one writer thread in order, a bad run
// fails alone, reads on the pool see what was written while writes go on,
// an open failure comes back to every write and read, a read of a missing
// file creates nothing, a failed COMMIT leaves nothing of a run, and the id
// of a deleted run or measurement is never given out again.

#include "store/databaseurl.h"
#include "store/resultstore.h"
#include "store/runstore.h"
#include "store/sqltransaction.h"
#include "store/storeservice.h"
#include "storetestdb.h"

#include <QFile>
#include <QSignalSpy>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

using namespace Qt::StringLiterals;

class TstStoreService : public QObject
{
    Q_OBJECT
private slots:
    void writesInOrder();
    void closesEveryConnectionWhenGone();
    void readsBesideTheWriter();
    void openFailure();
    void readOfMissingFileCreatesNothing();
    void failedCommitLeavesNothing();
    void deletedIdsStayUnused();
};

static wb::StoredRun run(double v)
{
    wb::StoredRun r;
    r.record.kind = u"udp_stream"_s;
    r.record.addMetric(u"throughput_bps"_s, u"server"_s, v);
    for (int i = 0; i < 100; ++i)
        r.record.samples.append({double(i), u"server"_s, u"throughput_bps"_s, v});
    return r;
}

static auto saveRun(const wb::StoredRun &r)
{
    return [r](wb::ResultStore &s) { return s.runs().saveRun(r); };
}

// The futures a test waits for: on the test thread, never in a GUI.
template<typename T>
static T resultOf(QFuture<T> future)
{
    future.waitForFinished();
    return future.result();
}

void TstStoreService::writesInOrder()
{
    QTemporaryDir dir;
    const QString path = wbtest::databaseLocation(dir, u"w.sqlite"_s);
    wb::StoreService service(path);
    QSignalSpy opened(&service, &wb::StoreService::opened);
    // Submitted before start: kept, and run once the store is open.
    QList<QFuture<wb::StoreResult<qint64>>> saves;
    for (int i = 0; i < 50; ++i)
        saves.append(service.write(saveRun(run(i))));
    service.start();
    QVERIFY(opened.wait(5000));
    QCOMPARE(opened.first().at(0).toString(), path);
    QThread *writerThread = nullptr;
    for (int i = 50; i < 100; ++i)
        saves.append(service.write([r = run(i), &writerThread](wb::ResultStore &s) {
            writerThread = QThread::currentThread();
            return s.runs().saveRun(r);
        }));
    wb::StoredRun bad = run(0);
    bad.record.kind.clear();
    auto badSave = service.write(saveRun(bad));
    auto last = service.write(saveRun(run(100)));
    const auto badResult = resultOf(badSave);
    QVERIFY(!badResult.ok());
    QVERIFY2(badResult.message().contains(u"kind"_s), qPrintable(badResult.message()));
    QVERIFY(resultOf(last).ok());
    // In the order submitted: ids only go up. And never on this thread.
    qint64 previous = 0;
    for (auto &f : saves) {
        const auto id = resultOf(f);
        QVERIFY2(id.ok(), qPrintable(id.message()));
        QVERIFY(*id > previous);
        previous = *id;
    }
    QVERIFY(writerThread && writerThread != QThread::currentThread());
    auto info = resultOf(service.read([](wb::ResultStore &s) { return s.info(); }));
    QVERIFY2(info.ok(), qPrintable(info.message()));
    QCOMPARE(info->runs, 101);
    QCOMPARE(info->samples, 101 * 100);
}

// When the service goes, so do its connections: the writer's and the
// readers'. SQLite folds the WAL back into the file and removes it when the
// last connection closes, so the .sqlite file alone then holds every run
// (a copy of it, a backup, another program).
void TstStoreService::closesEveryConnectionWhenGone()
{
    QTemporaryDir dir;
    const QString path = wbtest::databaseLocation(dir, u"closed.sqlite"_s);
    if (wb::DatabaseUrl::isPostgres(path))
        QSKIP("SQLite's WAL file; a PostgreSQL server keeps its own");
    {
        wb::StoreService service(path);
        service.start();
        QVERIFY(resultOf(service.write(saveRun(run(1)))).ok());
        QCOMPARE(resultOf(service.read([](wb::ResultStore &s) { return s.runs().countRuns({}); })).value(), 1);
        QVERIFY(QFile::exists(path + u"-wal"_s));
    }
    QVERIFY2(!QFile::exists(path + u"-wal"_s), "a connection of the store service outlived it");
    QVERIFY(!QFile::exists(path + u"-shm"_s));
}

void TstStoreService::readsBesideTheWriter()
{
    QTemporaryDir dir;
    const QString path = wbtest::databaseLocation(dir, u"r.sqlite"_s);
    wb::StoreService service(path);
    service.start();
    for (int i = 0; i < 20; ++i) {
        wb::StoredRun r;
        r.record.kind = u"tcp_rr"_s;
        r.record.addMetric(u"transactions_per_s"_s, QString(), 100 + i);
        service.write(saveRun(r));
    }
    auto twenty = service.write([](wb::ResultStore &s) { return s.runs().countRuns({}); });
    QCOMPARE(resultOf(twenty).value(), 20);
    QThread *readerThread = nullptr;
    bool readOnly = false;
    auto listed = service.read([&](wb::ResultStore &s) {
        readerThread = QThread::currentThread();
        // A reader's connection refuses writes.
        QSqlQuery q(s.database());
        readOnly = !q.exec(u"DELETE FROM runs"_s) || s.isPostgres();
        return s.runs().listRuns({});
    });
    // The writer keeps going while the reader reads.
    for (int i = 0; i < 20; ++i) {
        wb::StoredRun r;
        r.record.kind = u"tcp_rr"_s;
        r.record.addMetric(u"transactions_per_s"_s, QString(), 1);
        service.write(saveRun(r));
    }
    const auto runs = resultOf(listed);
    QVERIFY2(runs.ok(), qPrintable(runs.message()));
    QVERIFY(runs->size() >= 20);
    QVERIFY(readOnly);
    QVERIFY(readerThread && readerThread != QThread::currentThread());
    auto one = resultOf(service.read([id = runs->last().id](wb::ResultStore &s) { return s.runs().run(id); }));
    QVERIFY(one.ok());
    QCOMPARE(one->record.kind, u"tcp_rr"_s);
    auto all = resultOf(service.write([](wb::ResultStore &s) { return s.runs().countRuns({}); }));
    QCOMPARE(all.value(), 40);
}

void TstStoreService::openFailure()
{
    QTemporaryDir dir;
    // A folder, or a server that is not there (nothing listens on port 1).
    const bool pg = wbtest::usingPostgres();
    wb::StoreService service(pg ? u"postgresql://wb@127.0.0.1:1/none"_s : dir.path());
    QSignalSpy failed(&service, &wb::StoreService::openFailed);
    auto early = service.write(saveRun(run(1)));
    service.start();
    QVERIFY(failed.wait(5000));
    const auto kind = pg ? wb::StoreError::Kind::Unreachable : wb::StoreError::Kind::Unreadable;
    QCOMPARE(failed.first().at(0).value<wb::StoreError>().kind, kind);
    // Writes and reads before and after the failure are answered, not lost.
    auto late = service.write(saveRun(run(2)));
    auto read = service.read([](wb::ResultStore &s) { return s.runs().countRuns({}); });
    QCOMPARE(resultOf(early).error().kind, kind);
    QCOMPARE(resultOf(late).error().kind, kind);
    QCOMPARE(resultOf(read).error().kind, kind);
}

void TstStoreService::readOfMissingFileCreatesNothing()
{
    QTemporaryDir dir;
    const bool pg = wbtest::usingPostgres();
    const QString missing = pg ? wbtest::postgresServer() + u"missing_database"_s : dir.filePath(u"missing.sqlite"_s);
    wb::StoreService service(missing, {.createIfMissing = false});
    service.start();
    auto r = resultOf(service.read([](wb::ResultStore &s) { return s.runs().listRuns({}); }));
    QVERIFY(!r.ok());
    QCOMPARE(r.error().kind, wb::StoreError::Kind::NotFound);
    QVERIFY(!QFile::exists(dir.filePath(u"missing.sqlite"_s)));
}

void TstStoreService::failedCommitLeavesNothing()
{
    if (wbtest::usingPostgres())
        QSKIP("SQLite's deferred foreign keys make its COMMIT fail; PostgreSQL's are not deferrable here");
    QTemporaryDir dir;
    wb::StoreService service(wbtest::databaseLocation(dir, u"c.sqlite"_s));
    service.start();
    const qint64 before = resultOf(service.write(saveRun(run(1)))).value();
    // A run saved in a transaction whose COMMIT fails (a foreign key checked
    // only at COMMIT): nothing of it may stay, and the next run gets a new id.
    auto failed = service.write([](wb::ResultStore &s) -> wb::StoreStatus {
        wb::SqlTransaction tx(s);
        if (wb::StoreStatus begun = tx.begin(); !begun)
            return begun;
        QSqlQuery q(s.database());
        if (!q.exec(u"PRAGMA defer_foreign_keys=ON"_s))
            return wb::StoreError{wb::StoreError::Kind::Failed, u"test setup"_s};
        if (auto id = s.runs().saveRun(run(2)); !id)
            return id.error();
        if (!q.exec(u"INSERT INTO metrics (run_id, name, side, value) VALUES (999999, 'x', '', 1)"_s))
            return wb::StoreError{wb::StoreError::Kind::Failed, u"test setup"_s};
        return tx.commit();
    });
    const auto commit = resultOf(failed);
    QVERIFY(!commit.ok());
    QVERIFY2(commit.message().contains(u"committing"_s), qPrintable(commit.message()));
    auto counts = resultOf(service.read([](wb::ResultStore &s) { return s.info(); }));
    QCOMPARE(counts->runs, 1);
    QCOMPARE(counts->metrics, 1);
    QCOMPARE(counts->samples, 100);
    // The writer's connection is usable again: the transaction was undone.
    const qint64 after = resultOf(service.write(saveRun(run(3)))).value();
    QVERIFY(after > before);
    QCOMPARE(resultOf(service.read([](wb::ResultStore &s) { return s.info(); }))->runs, 2);
}

void TstStoreService::deletedIdsStayUnused()
{
    QTemporaryDir dir;
    wb::StoreService service(wbtest::databaseLocation(dir, u"ids.sqlite"_s));
    service.start();
    const qint64 first = resultOf(service.write(saveRun(run(1)))).value();
    const qint64 newest = resultOf(service.write(saveRun(run(2)))).value();
    QVERIFY(newest > first);
    // Deleting the newest run must not hand its id to the next one: a page
    // or a note that still names it would then show another run.
    QCOMPARE(resultOf(service.write([newest](wb::ResultStore &s) { return s.runs().deleteRuns({newest}); })).value(),
             1);
    const qint64 next = resultOf(service.write(saveRun(run(3)))).value();
    QVERIFY2(next > newest, qPrintable(u"id %1 reused after deleting run %2"_s.arg(next).arg(newest)));
    // The same for measurements.
    auto m1 = resultOf(service.write([](wb::ResultStore &s) {
        wb::Measurement m;
        m.kind = u"tcp_rr"_s;
        return s.runs().saveMeasurement(m);
    }));
    QVERIFY2(m1.ok(), qPrintable(m1.message()));
    auto removed = resultOf(service.write([id = *m1](wb::ResultStore &s) -> wb::StoreStatus {
        QSqlQuery q(s.database());
        q.prepare(u"DELETE FROM measurements WHERE id = ?"_s);
        q.addBindValue(id);
        if (!q.exec())
            return wb::StoreError{wb::StoreError::Kind::Failed, u"deleting the measurement"_s};
        return {};
    }));
    QVERIFY(removed.ok());
    auto m2 = resultOf(service.write([](wb::ResultStore &s) {
        wb::Measurement m;
        m.kind = u"tcp_rr"_s;
        return s.runs().saveMeasurement(m);
    }));
    QVERIFY(m2.ok());
    QVERIFY2(*m2 > *m1, qPrintable(u"measurement id %1 reused"_s.arg(*m2)));
}

QTEST_GUILESS_MAIN(TstStoreService)
#include "tst_storeservice.moc"
