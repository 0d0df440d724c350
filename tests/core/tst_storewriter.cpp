// SPDX-License-Identifier: GPL-3.0-or-later
// StoreWriter on a real file: runs queued from the test thread are committed
// on the writer's thread in batches, signals arrive after the commit, a bad
// run fails alone, live runs work, and a reader on another connection sees
// the results while the writer stays open.

#include "store/resultstore.h"
#include "store/runstore.h"
#include "store/storewriter.h"
#include "storetestdb.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

class TstStoreWriter : public QObject
{
    Q_OBJECT
private slots:
    void batchesAndSignals();
    void liveRun();
    void openFailure();
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

void TstStoreWriter::batchesAndSignals()
{
    QTemporaryDir dir;
    const QString path = wbtest::databaseLocation(dir, u"w.sqlite"_s);
    wb::StoreWriter writer(path);
    QSignalSpy opened(&writer, &wb::StoreWriter::opened);
    QSignalSpy saved(&writer, &wb::StoreWriter::runSaved);
    QSignalSpy failed(&writer, &wb::StoreWriter::writeFailed);
    QSignalSpy flushed(&writer, &wb::StoreWriter::flushed);
    // Queued before start: kept, and written in one transaction once the
    // store is open.
    const QString first = writer.saveRun(run(1));
    QStringList uuids{first};
    for (int i = 0; i < 99; ++i)
        uuids.append(writer.saveRun(run(i)));
    writer.start();
    QVERIFY(opened.wait(5000));
    for (int i = 0; i < 100; ++i)
        uuids.append(writer.saveRun(run(i)));
    wb::StoredRun bad = run(0);
    bad.record.kind.clear();
    const QString badUuid = writer.saveRun(bad);
    writer.flush();
    QTRY_COMPARE_WITH_TIMEOUT(flushed.size(), 1, 10000);
    QTRY_COMPARE_WITH_TIMEOUT(saved.size(), 200, 10000);
    QCOMPARE(failed.size(), 1);
    QCOMPARE(failed.first().at(0).toString(), badUuid);
    QVERIFY(failed.first().at(1).toString().contains(u"kind"_s));
    QCOMPARE(saved.first().at(0).toString(), first);
    // Batched: the 100 queued before start went in one transaction.
    QVERIFY2(writer.committedBatches() <= 101, qPrintable(QString::number(writer.committedBatches())));
    // A reader with its own connection while the writer is still open.
    auto reader = wb::ResultStore::open(path);
    QVERIFY(reader.ok());
    QCOMPARE((*reader)->info()->runs, 200);
    QCOMPARE((*reader)->info()->samples, 200 * 100);
    auto r = (*reader)->runs().runByUuid(uuids.last());
    QVERIFY(r.ok());
    QCOMPARE(r->record.samples.size(), 100);
}

void TstStoreWriter::liveRun()
{
    QTemporaryDir dir;
    const QString path = wbtest::databaseLocation(dir, u"live.sqlite"_s);
    wb::StoreWriter writer(path);
    QSignalSpy started(&writer, &wb::StoreWriter::runStarted);
    QSignalSpy saved(&writer, &wb::StoreWriter::runSaved);
    QSignalSpy failed(&writer, &wb::StoreWriter::writeFailed);
    writer.start();
    wb::StoredRun r = run(5);
    r.record.samples.clear();
    const QString uuid = writer.beginRun(r);
    for (int i = 0; i < 5; ++i)
        writer.appendSamples(uuid, {{double(i), u"server"_s, u"throughput_bps"_s, double(i)}});
    writer.finishRun(uuid, wb::RunStatus::Finished, run(5).record);
    writer.appendSamples(u"unknown"_s, {{0, u"server"_s, u"x"_s, 0}});
    QTRY_COMPARE_WITH_TIMEOUT(saved.size(), 1, 10000);
    QCOMPARE(started.size(), 1);
    QCOMPARE(started.first().at(0).toString(), uuid);
    QTRY_COMPARE(failed.size(), 1);
    auto reader = wb::ResultStore::open(path);
    auto got = (*reader)->runs().runByUuid(uuid);
    QVERIFY(got.ok());
    QCOMPARE(got->status, wb::RunStatus::Finished);
    QCOMPARE(got->record.samples.size(), 105);
}

void TstStoreWriter::openFailure()
{
    QTemporaryDir dir;
    // A folder, or a server that is not there (nothing listens on port 1).
    const bool pg = wbtest::usingPostgres();
    wb::StoreWriter writer(pg ? u"postgresql://wb@127.0.0.1:1/none"_s : dir.path());
    QSignalSpy failed(&writer, &wb::StoreWriter::openFailed);
    QSignalSpy writeFailed(&writer, &wb::StoreWriter::writeFailed);
    const QString early = writer.saveRun(run(1));
    writer.start();
    QVERIFY(failed.wait(5000));
    QCOMPARE(failed.first().at(0).value<wb::StoreError>().kind,
             pg ? wb::StoreError::Kind::Unreachable : wb::StoreError::Kind::Unreadable);
    // Runs queued before and after the failure are reported, not lost silently.
    const QString late = writer.saveRun(run(2));
    QTRY_COMPARE(writeFailed.size(), 2);
    QCOMPARE(writeFailed.at(0).at(0).toString(), early);
    QCOMPARE(writeFailed.at(1).at(0).toString(), late);
}

QTEST_GUILESS_MAIN(TstStoreWriter)
#include "tst_storewriter.moc"
