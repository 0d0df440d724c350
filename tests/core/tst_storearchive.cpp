// SPDX-License-Identifier: GPL-3.0-or-later
// StoreArchive between two real database files: the whole database goes
// out as JSON and merges into another without duplicates on re-import;
// CSV exports are well formed; a bad archive changes nothing.

#include "storetestlab.h"

#include "store/baselinestore.h"
#include "storetestdb.h"
#include "store/inventorystore.h"
#include "store/resultstore.h"
#include "store/runstore.h"
#include "store/storearchive.h"

#include <QBuffer>
#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>

class TstStoreArchive : public QObject
{
    Q_OBJECT
private slots:
    void roundTripAndMerge();
    void csv();
    void csvGuardsFormulas();
    void badArchiveChangesNothing();
};

static std::unique_ptr<wb::ResultStore> open(const QString &path)
{
    auto s = wb::ResultStore::open(path);
    if (!s)
        qFatal("%s", qPrintable(s.message()));
    return std::move(*s);
}

static void fill(wb::ResultStore &store)
{
    QVERIFY(store.inventory().importInventory(testLab()).ok());
    wb::Measurement m;
    m.kind = u"tcp_rr"_s;
    m.iterations = 2;
    auto mid = store.runs().saveMeasurement(m);
    QVERIFY(mid.ok());
    const QString muuid = store.runs().measurements()->first().uuid;
    for (int i = 0; i < 2; ++i) {
        wb::StoredRun r;
        r.record.kind = u"tcp_rr"_s;
        r.measurementUuid = muuid;
        r.repetition = i + 1;
        r.clientNicId = store.inventory().nicByKey(u"alpha/eth0"_s)->id;
        r.serverNicId = store.inventory().nicByKey(u"beta/eth0"_s)->id;
        r.record.params = QJsonObject{{u"request_size_bytes"_s, 1}, {u"note"_s, u"a, \"quoted\" value"_s}};
        r.record.addMetric(u"transactions_per_s"_s, QString(), 35000 + i);
        r.record.samples = {{0, QString(), u"transactions_per_s"_s, 1.5}, {1, QString(), u"transactions_per_s"_s, 2}};
        QVERIFY(store.runs().saveRun(r).ok());
    }
    wb::Baseline b;
    b.key = u"seed/rr"_s;
    b.record.kind = u"tcp_rr"_s;
    b.record.addMetric(u"transactions_per_s"_s, QString(), 3000);
    QVERIFY(store.baselines().importBaselines({b}).ok());
}

void TstStoreArchive::roundTripAndMerge()
{
    QTemporaryDir dir;
    auto a = open(wbtest::databaseLocation(dir, u"a.sqlite"_s));
    fill(*a);
    auto archive = a->archive().exportArchive();
    QVERIFY2(archive.ok(), qPrintable(archive.message()));
    QCOMPARE(archive->value(u"runs"_s).toArray().size(), 2);

    auto b = open(wbtest::databaseLocation(dir, u"b.sqlite"_s));
    // b already has a run of its own; the merge keeps it.
    wb::StoredRun own;
    own.record.kind = u"udp_stream"_s;
    // ...and objects of its own, so its ids differ from a's.
    wb::Host zeta;
    zeta.name = u"zeta"_s;
    wb::Nic z0;
    z0.hostName = u"zeta"_s;
    z0.interfaceName = u"eth9"_s;
    QVERIFY(b->inventory().addHost(zeta).ok());
    QVERIFY(b->inventory().addNic(z0).ok());
    QVERIFY(b->runs().saveRun(own).ok());
    auto sum = b->archive().importArchive(*archive, u"a.json"_s);
    QVERIFY2(sum.ok(), qPrintable(sum.message()));
    QCOMPARE(sum->runsAdded, 2);
    QCOMPARE(sum->measurementsAdded, 1);
    QCOMPARE(sum->baselinesAdded, 1);
    QCOMPARE(sum->inventoryAdded, 9);
    auto again = b->archive().importArchive(*archive, u"a.json"_s);
    QVERIFY(again.ok());
    QCOMPARE(again->runsAdded, 0);
    QCOMPARE(again->runsSkipped, 2);
    QCOMPARE(again->inventoryAdded, 0);
    auto info = b->info();
    QCOMPARE(info->runs, 3);
    QCOMPARE(info->samples, 4);
    QCOMPARE(info->baselines, 1);
    QCOMPARE(info->measurements, 1);

    // The imported run equals the original, and points at b's own objects.
    const QString uuid = archive->value(u"runs"_s).toArray().first().toObject().value(u"uuid"_s).toString();
    auto ra = a->runs().runByUuid(uuid);
    auto rb = b->runs().runByUuid(uuid);
    QVERIFY(rb.ok());
    QCOMPARE(rb->record, ra->record);
    QCOMPARE(rb->startedAt, ra->startedAt);
    QCOMPARE(rb->measurementUuid, ra->measurementUuid);
    QCOMPARE(rb->inventoryPath.size(), ra->inventoryPath.size());
    // Ids in the imported run are b's, not a's.
    QCOMPARE(rb->clientNicId, b->inventory().nicByKey(u"alpha/eth0"_s)->id);
    QVERIFY(rb->clientNicId != ra->clientNicId);
    wb::RunFilter f;
    f.nicId = b->inventory().nicByKey(u"alpha/eth0"_s)->id;
    QCOMPARE(b->runs().listRuns(f)->size(), 2);
    // So b's inventory is pinned by the imported results.
    QVERIFY(!b->inventory().deleteCable(b->inventory().cableByLabel(u"C1"_s)->id).ok());
}

void TstStoreArchive::csv()
{
    QTemporaryDir dir;
    auto a = open(wbtest::databaseLocation(dir, u"a.sqlite"_s));
    fill(*a);
    QBuffer runs, metrics, samples;
    runs.open(QIODevice::WriteOnly);
    metrics.open(QIODevice::WriteOnly);
    samples.open(QIODevice::WriteOnly);
    QVERIFY(a->archive().writeRunsCsv({}, runs).ok());
    QVERIFY(a->archive().writeMetricsCsv({}, metrics).ok());
    QVERIFY(a->archive().writeSamplesCsv({}, samples).ok());
    const QList<QByteArray> runLines = runs.data().trimmed().split('\n');
    QCOMPARE(runLines.size(), 3);
    QVERIFY(runLines.first().startsWith("id,uuid,kind,status"));
    QVERIFY2(runLines.at(1).contains("\"{\"\"note\"\":\"\"a, \\\"\"quoted\\\"\" value\"\""),
             runLines.at(1).constData());
    const QList<QByteArray> metricLines = metrics.data().trimmed().split('\n');
    QCOMPARE(metricLines.size(), 3);
    QCOMPARE(metricLines.first(), QByteArray("run,kind,side,name,value,unit"));
    QVERIFY(metricLines.at(1).endsWith(",transactions_per_s,35001,1/s") ||
            metricLines.at(1).endsWith(",transactions_per_s,35000,1/s"));
    const QList<QByteArray> sampleLines = samples.data().trimmed().split('\n');
    QCOMPARE(sampleLines.size(), 5);
    QVERIFY(sampleLines.at(1).endsWith(",0,,transactions_per_s,1.5"));
    auto json = a->archive().exportRunsJson({}, true);
    QCOMPARE(json->size(), 2);
    QCOMPARE(json->first().toObject().value(u"record"_s).toObject().value(u"samples"_s).toArray().size(), 2);
}

void TstStoreArchive::csvGuardsFormulas()
{
    // Text from plans, agents and imports ends up in a spreadsheet: cells
    // that would run as formulas get a leading quote; numbers stay numbers.
    QTemporaryDir dir;
    auto a = open(wbtest::databaseLocation(dir, u"f.sqlite"_s));
    wb::StoredRun r;
    r.record.kind = u"tcp_rr"_s;
    r.testCase = u"=HYPERLINK(\"http://evil\",\"x\")"_s;
    r.plan = u"@SUM(A1)"_s;
    r.error = u"-2+3"_s;
    r.record.tool = u"+cmd"_s;
    r.record.toolVersion = u"-1.5"_s; // a number: left alone
    r.record.addMetric(u"transactions_per_s"_s, QString(), -3.5);
    QVERIFY(a->runs().saveRun(r).ok());
    QBuffer runs, metrics;
    runs.open(QIODevice::WriteOnly);
    metrics.open(QIODevice::WriteOnly);
    QVERIFY(a->archive().writeRunsCsv({}, runs).ok());
    QVERIFY(a->archive().writeMetricsCsv({}, metrics).ok());
    const QByteArray line = runs.data().trimmed().split('\n').at(1);
    QVERIFY2(line.contains(",\"'=HYPERLINK(\"\"http://evil\"\",\"\"x\"\")\","), line.constData());
    QVERIFY2(line.contains(",'@SUM(A1),"), line.constData());
    QVERIFY2(line.endsWith(",'-2+3"), line.constData());
    QVERIFY2(line.contains(",'+cmd,-1.5,"), line.constData());
    const QByteArray metric = metrics.data().trimmed().split('\n').at(1);
    QVERIFY2(metric.endsWith(",transactions_per_s,-3.5,1/s"), metric.constData());
}

void TstStoreArchive::badArchiveChangesNothing()
{
    QTemporaryDir dir;
    auto a = open(wbtest::databaseLocation(dir, u"a.sqlite"_s));
    fill(*a);
    QJsonObject archive = *a->archive().exportArchive();
    QJsonArray runs = archive.value(u"runs"_s).toArray();
    QJsonObject broken = runs.at(1).toObject();
    QJsonObject rec = broken.value(u"record"_s).toObject();
    rec.insert(u"metrics"_s, QJsonArray{QJsonObject{{u"name"_s, u"throughput_bps"_s}, {u"value"_s, u"fast"_s}}});
    broken.insert(u"record"_s, rec);
    runs.replace(1, broken);
    archive.insert(u"runs"_s, runs);
    auto b = open(wbtest::databaseLocation(dir, u"b.sqlite"_s));
    auto sum = b->archive().importArchive(archive, u"x.json"_s);
    QVERIFY(!sum.ok());
    QVERIFY2(sum.message().contains(u"x.json: runs[1].record: metrics[0].value"_s), qPrintable(sum.message()));
    QCOMPARE(b->info()->runs, 0);
    QCOMPARE(b->info()->hosts, 0);
    QJsonObject wrong{{u"format"_s, u"something"_s}};
    QCOMPARE(b->archive().importArchive(wrong).error().kind, wb::StoreError::Kind::Invalid);
}

QTEST_GUILESS_MAIN(TstStoreArchive)
#include "tst_storearchive.moc"
