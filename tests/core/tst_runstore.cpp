// SPDX-License-Identifier: GPL-3.0-or-later
// RunStore on real SQLite files: a run round-trips with metrics, samples and
// snapshot; runs left running by a crash; filters; the inventory snapshot
// each run keeps; deletes; measurements; a failed save leaves nothing behind;
// a resumed measurement keeps its repetitions numbered without twins or gaps.

#include "storetestlab.h"

#include "store/inventorystore.h"
#include "storetestdb.h"
#include "store/resultstore.h"
#include "store/runhardware.h"
#include "store/runstore.h"

#include <QJsonObject>
#include <QMap>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

class TstRunStore : public QObject
{
    Q_OBJECT
private slots:
    void init();
    void cleanup();
    void roundTrip();
    void interruptedRuns();
    void filters();
    void snapshotsPerRun();
    void filtersAcrossSwitches();
    void failedSaveLeavesNothing();
    void measurements();
    void completeMeasurementRenumbers();

private:
    wb::StoredRun makeRun(const QString &kind, double throughput, qint64 msg, const QString &client = u"alpha/eth0"_s);
    QTemporaryDir *m_dir = nullptr;
    std::unique_ptr<wb::ResultStore> m_store;
};

void TstRunStore::init()
{
    m_dir = new QTemporaryDir;
    auto s = wb::ResultStore::open(wbtest::databaseLocation(*m_dir, u"runs.sqlite"_s));
    QVERIFY2(s.ok(), qPrintable(s.message()));
    m_store = std::move(*s);
    QVERIFY(m_store->inventory().importInventory(testLab()).ok());
}

void TstRunStore::cleanup()
{
    m_store.reset();
    delete m_dir;
}

wb::StoredRun TstRunStore::makeRun(const QString &kind, double throughput, qint64 msg, const QString &client)
{
    wb::StoredRun r;
    r.plan = u"plan-a"_s;
    r.testCase = u"case-1"_s;
    r.clientNicId = m_store->inventory().nicByKey(client)->id;
    r.serverNicId = m_store->inventory().nicByKey(client == u"alpha/eth0"_s ? u"beta/eth0"_s : u"alpha/eth0"_s)->id;
    r.clientEndpoint = u"192.0.2.1"_s;
    r.serverEndpoint = u"192.0.2.2:12865"_s;
    r.startedAt = QDateTime::currentDateTimeUtc();
    r.endedAt = r.startedAt.addSecs(10);
    r.clientEnvironment = QJsonObject{{u"kernel"_s, u"2.0.30"_s}};
    r.record.kind = kind;
    r.record.tool = u"wirebench-agent"_s;
    r.record.toolVersion = u"0.1.0"_s;
    r.record.params = QJsonObject{{u"message_size_bytes"_s, double(msg)}, {u"duration_s"_s, 10}};
    r.record.addMetric(u"throughput_bps"_s, u"server"_s, throughput);
    r.record.addMetric(u"cpu_util_pct"_s, u"client"_s, 12.5);
    for (int i = 0; i < 10; ++i)
        r.record.samples.append(wb::Sample{double(i), u"server"_s, u"throughput_bps"_s, throughput + i});
    return r;
}

// A run between NICs on two switches joined by an uplink: the snapshot is
// the resolved path, so the NIC, both switches and all three cables find
// it, and the hardware core reads from it is in path order.
void TstRunStore::filtersAcrossSwitches()
{
    wb::Inventory more;
    wb::Host g;
    g.name = u"gamma"_s;
    more.hosts = {g};
    wb::Nic ng;
    ng.hostName = u"gamma"_s;
    ng.interfaceName = u"eth0"_s;
    more.nics = {ng};
    wb::NetworkSwitch hub;
    hub.name = u"hub8"_s;
    hub.kind = wb::SwitchKind::Hub;
    more.switches = {hub};
    wb::Cable cg, up;
    cg.label = u"CG"_s;
    cg.lengthM = 5;
    up.label = u"UP"_s;
    up.lengthM = 30;
    more.cables = {cg, up};
    wb::Link lg;
    lg.nicKey = u"gamma/eth0"_s;
    lg.cableLabel = u"CG"_s;
    lg.switchName = u"hub8"_s;
    lg.switchPort = 3;
    more.links = {lg};
    wb::Uplink u;
    u.switchName = u"fs108"_s;
    u.switchPort = 8;
    u.cableLabel = u"UP"_s;
    u.peerSwitchName = u"hub8"_s;
    u.peerSwitchPort = 1;
    more.uplinks = {u};
    auto imported = m_store->inventory().importInventory(more);
    QVERIFY2(imported.ok(), qPrintable(imported.message()));
    QCOMPARE(m_store->inventory().load()->uplinks.size(), 1);
    // Importing the same again changes nothing (an uplink is known by its cable).
    auto again = m_store->inventory().importInventory(more);
    QVERIFY2(again.ok(), qPrintable(again.message()));
    QCOMPARE(again->added, 0);
    QCOMPARE(again->updated, 0);
    more.uplinks.first().peerSwitchPort = 2;
    QCOMPARE(m_store->inventory().importInventory(more)->updated, 1);
    QCOMPARE(m_store->inventory().load()->uplinks.first().peerSwitchPort, 2);

    wb::StoredRun r = makeRun(u"udp_stream"_s, 9e7, 1472);
    r.serverNicId = m_store->inventory().nicByKey(u"gamma/eth0"_s)->id;
    const qint64 id = m_store->runs().saveRun(r).value();
    QVERIFY(id > 0);
    const qint64 other = m_store->runs().saveRun(makeRun(u"udp_stream"_s, 9e7, 1472)).value(); // alpha -> beta

    auto ids = [&](const wb::RunFilter &f) {
        QList<qint64> out;
        const QList<wb::StoredRun> runs = m_store->runs().listRuns(f).value();
        for (const wb::StoredRun &x : runs)
            out.append(x.id);
        std::sort(out.begin(), out.end());
        return out;
    };
    wb::RunFilter f;
    f.switchName = u"hub8"_s;
    QCOMPARE(ids(f), QList<qint64>{id});
    f = {};
    f.switchName = u"fs108"_s;
    QCOMPARE(ids(f), (QList<qint64>{id, other}));
    f = {};
    f.cableLabel = u"UP"_s;
    QCOMPARE(ids(f), QList<qint64>{id});
    f = {};
    f.cableLabel = u"C1"_s;
    QCOMPARE(ids(f), (QList<qint64>{id, other}));
    f = {};
    f.nicKey = u"gamma/eth0"_s;
    QCOMPARE(ids(f), QList<qint64>{id});
    f.switchName = u"hub8"_s;
    f.cableLabel = u"CG"_s;
    QCOMPARE(ids(f), QList<qint64>{id});
    f = {};
    f.nicKey = u"gamma/eth1"_s;
    QVERIFY(ids(f).isEmpty());
    f = {};
    f.switchId = m_store->inventory().switchByName(u"hub8"_s)->id;
    QCOMPARE(ids(f), QList<qint64>{id});

    const wb::RunHardware hw = wb::RunHardware::of(m_store->runs().run(id).value());
    QCOMPARE(hw.clientNic, u"alpha/eth0"_s);
    QCOMPARE(hw.serverNic, u"gamma/eth0"_s);
    QCOMPARE(hw.switches, (QStringList{u"fs108"_s, u"hub8"_s}));
    QCOMPARE(hw.cables, (QStringList{u"C1"_s, u"UP"_s, u"CG"_s}));
    QCOMPARE(hw.longestCableM, 30.0);
    QVERIFY(!hw.loopback);
    QVERIFY(!hw.warnings.join(u' ').contains(u"loopback"_s));

    // The same path over loopback: the inventory's switches and cables were
    // not crossed, and the hardware says so (by the recorded link class,
    // or by a loopback server address for runs recorded before it).
    wb::StoredRun overLo = m_store->runs().run(id).value();
    overLo.record.extra.insert(u"link"_s, QJsonObject{{u"class"_s, u"loopback"_s}});
    const wb::RunHardware lo = wb::RunHardware::of(overLo);
    QVERIFY(lo.loopback);
    QVERIFY2(lo.warnings.value(0).startsWith(u"loopback: the test crossed no wire, not the inventory's fs108, hub8"_s),
             qPrintable(lo.warnings.join(u'|')));
    overLo.record.extra.remove(u"link"_s);
    for (const char *address : {"127.0.0.1", "::1", "127.4.0.9"}) {
        overLo.record.extra.insert(u"server_address"_s, QString::fromLatin1(address));
        QVERIFY2(wb::RunHardware::of(overLo).loopback, address);
    }
    overLo.record.extra.insert(u"server_address"_s, u"192.0.2.7"_s);
    QVERIFY(!wb::RunHardware::of(overLo).loopback);
    overLo.record.extra.insert(u"link"_s, QJsonObject{{u"class"_s, u"physical"_s}});
    overLo.record.extra.insert(u"server_address"_s, u"127.0.0.1"_s); // the recorded class wins
    QVERIFY(!wb::RunHardware::of(overLo).loopback);
}

void TstRunStore::roundTrip()
{
    wb::StoredRun r = makeRun(u"udp_stream"_s, 9.5e7, 1472);
    r.record.samples.append(wb::Sample{0.5, u"client"_s, u"cpu_util_pct"_s, 11});
    auto id = m_store->runs().saveRun(r);
    QVERIFY2(id.ok(), qPrintable(id.message()));
    auto got = m_store->runs().run(*id);
    QVERIFY2(got.ok(), qPrintable(got.message()));
    QVERIFY(!got->uuid.isEmpty());
    QCOMPARE(got->record.kind, r.record.kind);
    QCOMPARE(got->record.params, r.record.params);
    QCOMPARE(got->record.metric(u"throughput_bps"_s, u"server"_s).value(), 9.5e7);
    QCOMPARE(got->record.metrics.size(), 2);
    QCOMPARE(got->record.samples.size(), 11);
    // Series come back grouped by (side, name), in order within each.
    QCOMPARE(got->record.samples.first(), (wb::Sample{0.5, u"client"_s, u"cpu_util_pct"_s, 11}));
    QCOMPARE(got->record.samples.last().value, 9.5e7 + 9);
    QCOMPARE(got->startedAt.toMSecsSinceEpoch(), r.startedAt.toMSecsSinceEpoch());
    QCOMPARE(got->clientEnvironment, r.clientEnvironment);
    QCOMPARE(got->status, wb::RunStatus::Finished);
    QCOMPARE(got->clientNicId, r.clientNicId);
    // client host, client NIC, cable, switch, cable, server NIC, server host
    QCOMPARE(got->inventoryPath.size(), 7);
    QCOMPARE(got->inventoryPath.at(3).toObject().value(u"key"_s).toString(), u"fs108"_s);
    auto byUuid = m_store->runs().runByUuid(got->uuid, false);
    QVERIFY(byUuid.ok());
    QVERIFY(byUuid->record.samples.isEmpty());
    // The same uuid twice is refused.
    r.uuid = got->uuid;
    auto dup = m_store->runs().saveRun(r);
    QVERIFY(!dup.ok());
    QVERIFY(dup.message().contains(got->uuid));
    // A NIC that is not on the named host is refused.
    wb::StoredRun wrong = makeRun(u"udp_stream"_s, 1, 64);
    wrong.clientHostId = m_store->inventory().hostByName(u"beta"_s)->id;
    auto refused = m_store->runs().saveRun(wrong);
    QCOMPARE(refused.error().kind, wb::StoreError::Kind::Invalid);
    QVERIFY2(refused.message().contains(u"alpha/eth0"_s), qPrintable(refused.message()));
    QCOMPARE(m_store->runs().deleteRuns({*id}).value(), 1);
    QCOMPARE(m_store->runs().run(*id).error().kind, wb::StoreError::Kind::NotFound);
    QCOMPARE(m_store->info()->sampleChunks, 0);
    QCOMPARE(m_store->info()->metrics, 0);
}

void TstRunStore::interruptedRuns()
{
    // A run left running by a crash is marked interrupted; a newer one is not.
    wb::StoredRun stale = makeRun(u"tcp_stream"_s, 1, 1);
    stale.startedAt = QDateTime::currentDateTimeUtc().addSecs(-3600);
    stale.status = wb::RunStatus::Running;
    wb::StoredRun fresh = makeRun(u"tcp_stream"_s, 1, 1);
    fresh.status = wb::RunStatus::Running;
    auto staleId = m_store->runs().saveRun(stale);
    auto freshId = m_store->runs().saveRun(fresh);
    QVERIFY(staleId.ok() && freshId.ok());
    QCOMPARE(m_store->runs().markInterruptedRuns(QDateTime::currentDateTimeUtc().addSecs(-60)).value(), 1);
    auto s = m_store->runs().run(*staleId);
    QCOMPARE(s->status, wb::RunStatus::Failed);
    QVERIFY(s->error.contains(u"interrupted"_s));
    QCOMPARE(m_store->runs().run(*freshId)->status, wb::RunStatus::Running);
}

void TstRunStore::filters()
{
    wb::RunStore &runs = m_store->runs();
    QVERIFY(runs.saveRun(makeRun(u"udp_stream"_s, 1, 64)).ok());
    QVERIFY(runs.saveRun(makeRun(u"udp_stream"_s, 2, 1472, u"beta/eth0"_s)).ok());
    wb::StoredRun old = makeRun(u"tcp_rr"_s, 3, 1);
    old.startedAt = QDateTime::currentDateTimeUtc().addDays(-30);
    old.status = wb::RunStatus::Failed;
    QVERIFY(runs.saveRun(old).ok());
    wb::RunFilter f;
    QCOMPARE(runs.listRuns(f)->size(), 3);
    QCOMPARE(runs.listRuns(f)->last().record.kind, u"tcp_rr"_s); // newest first
    f.kind = u"udp_stream"_s;
    QCOMPARE(runs.countRuns(f).value(), 2);
    f.params = QJsonObject{{u"message_size_bytes"_s, 1472}};
    QCOMPARE(runs.listRuns(f)->size(), 1);
    f = {};
    f.since = QDateTime::currentDateTimeUtc().addDays(-1);
    QCOMPARE(runs.listRuns(f)->size(), 2);
    f = {};
    f.status = wb::RunStatus::Failed;
    QCOMPARE(runs.listRuns(f)->size(), 1);
    f = {};
    f.cableId = m_store->inventory().cableByLabel(u"C65"_s)->id;
    QCOMPARE(runs.listRuns(f)->size(), 3);
    f = {};
    f.hostName = u"alpha"_s;
    f.limit = 2;
    f.withMetrics = true;
    auto limited = runs.listRuns(f);
    QCOMPARE(limited->size(), 2);
    QCOMPARE(limited->first().record.metrics.size(), 2);
    f = {};
    f.nicKey = u"beta/eth0"_s;
    QCOMPARE(runs.listRuns(f)->size(), 3);
    f.switchName = u"fs108"_s;
    f.cableLabel = u"C1"_s;
    f.kind = u"udp_stream"_s;
    QCOMPARE(runs.listRuns(f)->size(), 2);
    f.cableLabel = u"C9"_s;
    QCOMPARE(runs.listRuns(f)->size(), 0);
    f = {};
    f.hostName = u"nobody"_s;
    QCOMPARE(runs.listRuns(f)->size(), 0);
    f = {};
    f.params = QJsonObject{{u"bad name'"_s, 1}};
    QCOMPARE(runs.listRuns(f).error().kind, wb::StoreError::Kind::Invalid);
}

void TstRunStore::snapshotsPerRun()
{
    // What the Compare page groups by: the inventory each run went over, as
    // it was at run time, and each metric with its side.
    wb::RunStore &runs = m_store->runs();
    const QList<double> alpha{10, 12, 14};
    for (double v : alpha)
        QVERIFY(runs.saveRun(makeRun(u"udp_stream"_s, v, 64)).ok());
    QVERIFY(runs.saveRun(makeRun(u"udp_stream"_s, 100, 1472, u"beta/eth0"_s)).ok());
    QVERIFY(runs.saveRun(makeRun(u"tcp_rr"_s, 1000, 64)).ok());
    wb::RunFilter f;
    f.kind = u"udp_stream"_s;
    f.withMetrics = true;
    auto udp = runs.listRuns(f);
    QVERIFY2(udp.ok(), qPrintable(udp.message()));
    QCOMPARE(udp->size(), 4);
    QMultiMap<QString, double> byDriver;
    for (const wb::StoredRun &r : *udp) {
        for (const QJsonValue &v : r.inventoryPath) {
            const QJsonObject o = v.toObject();
            if (o.value(u"role"_s).toString() == u"client_nic"_s)
                byDriver.insert(o.value(u"attrs"_s).toObject().value(u"driver"_s).toString(),
                                r.record.metric(u"throughput_bps"_s, u"server"_s).value_or(-1));
        }
    }
    QCOMPARE(byDriver.values(u"eepro100"_s).size(), 3);
    QCOMPARE(byDriver.values(u"tulip"_s), QList<double>{100});
    // Each run goes over both cables: either cable finds all five.
    f = {};
    f.cableLabel = u"C1"_s;
    QCOMPARE(runs.listRuns(f)->size(), 5);
    f.params = QJsonObject{{u"message_size_bytes"_s, 64}};
    QCOMPARE(runs.listRuns(f)->size(), 4);
    // Whole-test metrics have an empty side; a null QString must match them.
    wb::StoredRun whole = makeRun(u"tcp_rr"_s, 1, 1);
    whole.record.addMetric(u"loss_ratio"_s, QString(), 0.25);
    auto wid = runs.saveRun(whole);
    QVERIFY(wid.ok());
    auto metrics = runs.metrics(*wid);
    QVERIFY(metrics.ok());
    bool found = false;
    for (const wb::Metric &m : *metrics)
        found = found || (m.name == u"loss_ratio"_s && m.side.isEmpty() && m.value == 0.25);
    QVERIFY(found);
    QCOMPARE(runs.run(*wid)->record.metric(u"loss_ratio"_s, QString()).value_or(-1), 0.25);
}

void TstRunStore::failedSaveLeavesNothing()
{
    wb::StoredRun good = makeRun(u"udp_stream"_s, 1, 64);
    wb::StoredRun bad = makeRun(u"udp_stream"_s, 2, 64);
    bad.record.metrics.append(bad.record.metrics.first()); // duplicate metric
    auto r = m_store->runs().saveRuns({good, bad});
    QVERIFY(!r.ok());
    QCOMPARE(r.error().kind, wb::StoreError::Kind::Invalid);
    QCOMPARE(m_store->info()->runs, 0);
    bad.record.metrics.removeLast();
    bad.record.metrics[0].value = std::nan("");
    QVERIFY(!m_store->runs().saveRun(bad).ok());
    QCOMPARE(m_store->info()->runs, 0);
    auto ok = m_store->runs().saveRuns({good, makeRun(u"udp_stream"_s, 3, 64)});
    QVERIFY(ok.ok());
    QCOMPARE(ok->size(), 2);
}

void TstRunStore::measurements()
{
    wb::Measurement m;
    m.kind = u"tcp_rr"_s;
    m.label = u"RR 1 byte"_s;
    m.iterations = 3;
    m.ciLevelPct = 99;
    m.ciWidthPct = 5;
    auto mid = m_store->runs().saveMeasurement(m);
    QVERIFY(mid.ok());
    auto all = m_store->runs().measurements();
    QCOMPARE(all->size(), 1);
    const QString uuid = all->first().uuid;
    for (int i = 0; i < 3; ++i) {
        wb::StoredRun r = makeRun(u"tcp_rr"_s, 100 + i, 1);
        r.measurementUuid = uuid;
        r.repetition = i + 1;
        QVERIFY(m_store->runs().saveRun(r).ok());
    }
    wb::RunFilter f;
    f.measurementUuid = uuid;
    auto reps = m_store->runs().listRuns(f);
    QCOMPARE(reps->size(), 3);
    QCOMPARE(reps->first().measurementUuid, uuid);
    m.uuid = uuid;
    m.ciWidthPct = 2.5;
    QCOMPARE(m_store->runs().saveMeasurement(m).value(), *mid);
    QCOMPARE(*m_store->runs().measurement(uuid)->ciWidthPct, 2.5);
    wb::StoredRun orphan = makeRun(u"tcp_rr"_s, 1, 1);
    orphan.measurementUuid = u"no-such"_s;
    QCOMPARE(m_store->runs().saveRun(orphan).error().kind, wb::StoreError::Kind::NotFound);
}

// A measurement cut after its second repetition, with a gap where a
// repetition was deleted: completing it drops the cut record, numbers the
// kept repetitions 0, 1 and adds the new one as 2, in one transaction.
void TstRunStore::completeMeasurementRenumbers()
{
    wb::Measurement m;
    m.uuid = u"1a2b3c4d-0123456789abcdef"_s;
    m.kind = u"tcp_rr"_s;
    m.iterations = 2;
    QVERIFY(m_store->runs().saveMeasurement(m).ok());
    QList<qint64> ids;
    for (int repetition : {0, 2, 3}) {
        wb::StoredRun r = makeRun(u"tcp_rr"_s, 100 + repetition, 1);
        r.measurementUuid = m.uuid;
        r.repetition = repetition;
        if (repetition == 3)
            r.status = wb::RunStatus::Cancelled;
        auto id = m_store->runs().saveRun(r);
        QVERIFY(id.ok());
        ids.append(*id);
    }
    wb::StoredRun other = makeRun(u"tcp_rr"_s, 1, 1); // of no measurement
    const qint64 otherId = *m_store->runs().saveRun(other);

    // A run that is not one of the measurement's is refused, and nothing changes.
    wb::StoredRun fresh = makeRun(u"tcp_rr"_s, 200, 1);
    fresh.measurementUuid = m.uuid;
    fresh.repetition = 2;
    m.iterations = 3;
    auto refused = m_store->runs().completeMeasurementRuns(m, {ids[0], ids[1]}, {otherId}, {fresh});
    QCOMPARE(refused.error().kind, wb::StoreError::Kind::Refused);
    QVERIFY2(refused.message().contains(QString::number(otherId)), qPrintable(refused.message()));
    QVERIFY(m_store->runs().run(otherId, false).ok());
    wb::RunFilter f;
    f.measurementUuid = m.uuid;
    f.newestFirst = false;
    QCOMPARE(m_store->runs().listRuns(f)->size(), 3);
    QCOMPARE(m_store->runs().measurement(m.uuid)->iterations, 2);

    auto added = m_store->runs().completeMeasurementRuns(m, {ids[0], ids[1]}, {ids[2]}, {fresh});
    QVERIFY2(added.ok(), qPrintable(added.message()));
    QCOMPARE(added->size(), 1);
    auto runs = m_store->runs().listRuns(f);
    QVERIFY(runs.ok());
    QCOMPARE(runs->size(), 3);
    QMap<int, qint64> byRepetition;
    for (const wb::StoredRun &r : *runs) {
        QCOMPARE(r.status, wb::RunStatus::Finished);
        byRepetition.insert(r.repetition, r.id);
    }
    QCOMPARE(byRepetition.keys(), (QList<int>{0, 1, 2}));
    QCOMPARE(byRepetition.value(0), ids[0]);
    QCOMPARE(byRepetition.value(1), ids[1]); // was 2: the gap is closed
    QCOMPARE(byRepetition.value(2), added->first());
    QCOMPARE(m_store->runs().measurement(m.uuid)->iterations, 3);
    QCOMPARE(m_store->runs().run(ids[2], false).error().kind, wb::StoreError::Kind::NotFound);
}

QTEST_GUILESS_MAIN(TstRunStore)
#include "tst_runstore.moc"
