// SPDX-License-Identifier: GPL-3.0-or-later
// StoreReader: queries on the thread pool with their own read-only
// connection, while a StoreWriter keeps writing to the same file.

#include "store/resultstore.h"
#include "store/runstore.h"
#include "store/storereader.h"
#include "storetestdb.h"
#include "store/storewriter.h"

#include <QFutureWatcher>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

class TstStoreReader : public QObject
{
    Q_OBJECT
private slots:
    void readsBesideTheWriter();
    void openErrorComesBack();
};

void TstStoreReader::readsBesideTheWriter()
{
    QTemporaryDir dir;
    const QString path = wbtest::databaseLocation(dir, u"r.sqlite"_s);
    wb::StoreWriter writer(path);
    QSignalSpy opened(&writer, &wb::StoreWriter::opened);
    QSignalSpy saved(&writer, &wb::StoreWriter::runSaved);
    writer.start();
    QVERIFY(opened.wait(5000));
    for (int i = 0; i < 20; ++i) {
        wb::StoredRun r;
        r.record.kind = u"tcp_rr"_s;
        r.record.addMetric(u"transactions_per_s"_s, QString(), 100 + i);
        writer.saveRun(r);
    }
    QTRY_COMPARE(saved.size(), 20);
    wb::StoreReader reader(path);
    wb::ComparisonQuery q;
    q.metric = u"transactions_per_s"_s;
    QFutureWatcher<wb::StoreResult<QList<wb::ComparisonGroup>>> watcher;
    QSignalSpy finished(&watcher, &QFutureWatcherBase::finished);
    watcher.setFuture(reader.compare(q));
    // The writer keeps going while the reader reads.
    for (int i = 0; i < 20; ++i) {
        wb::StoredRun r;
        r.record.kind = u"tcp_rr"_s;
        r.record.addMetric(u"transactions_per_s"_s, QString(), 1);
        writer.saveRun(r);
    }
    QVERIFY(finished.wait(5000));
    auto info = reader.query([](wb::ResultStore &s) { return s.info(); }).result();
    QVERIFY(info.ok());
    QVERIFY(info->runs >= 20);
    const auto groups = watcher.result();
    QVERIFY2(groups.ok(), qPrintable(groups.message()));
    QCOMPARE(groups->size(), 1);
    QVERIFY(groups->first().count >= 20);
    auto runs = reader.listRuns({}).result();
    QVERIFY(runs.ok());
    QVERIFY(runs->size() >= 20);
    auto one = reader.run(runs->last().id).result();
    QVERIFY(one.ok());
    QCOMPARE(one->record.kind, u"tcp_rr"_s);
}

void TstStoreReader::openErrorComesBack()
{
    QTemporaryDir dir;
    const bool pg = wbtest::usingPostgres();
    wb::StoreReader reader(pg ? wbtest::postgresServer() + u"missing_database"_s : dir.filePath(u"missing.sqlite"_s));
    auto r = reader.listRuns({}).result();
    QVERIFY(!r.ok());
    QCOMPARE(r.error().kind, wb::StoreError::Kind::NotFound);
    QVERIFY(!QFile::exists(dir.filePath(u"missing.sqlite"_s)));
}

QTEST_GUILESS_MAIN(TstStoreReader)
#include "tst_storereader.moc"
