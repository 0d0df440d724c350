// SPDX-License-Identifier: GPL-3.0-or-later
// InventoryStore on a real SQLite file: CRUD for every object, lab import
// (add / update / unchanged), crossover links, refusing to delete what
// results refer to, and lab-file validation errors that name the field.

#include "storetestlab.h"

#include "store/inventorystore.h"
#include "storetestdb.h"
#include "store/resultstore.h"
#include "store/runstore.h"

#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

class TstInventoryStore : public QObject
{
    Q_OBJECT
private slots:
    void init();
    void cleanup();
    void crud();
    void importIsIdempotentAndUpdates();
    void crossover();
    void refusesDeletingReferencedObjects();
    void labFileRoundTrip();
    void duplexRoundTrip();
    void labFileErrors_data();
    void labFileErrors();

private:
    QTemporaryDir *m_dir = nullptr;
    std::unique_ptr<wb::ResultStore> m_store;
};

void TstInventoryStore::init()
{
    m_dir = new QTemporaryDir;
    auto s = wb::ResultStore::open(wbtest::databaseLocation(*m_dir, u"inv.sqlite"_s));
    QVERIFY2(s.ok(), qPrintable(s.message()));
    m_store = std::move(*s);
}

void TstInventoryStore::cleanup()
{
    m_store.reset();
    delete m_dir;
}

void TstInventoryStore::crud()
{
    wb::InventoryStore &inv = m_store->inventory();
    wb::Host h;
    h.name = u"gamma"_s;
    h.sshPort = 2222;
    auto id = inv.addHost(h);
    QVERIFY2(id.ok(), qPrintable(id.message()));
    auto dup = inv.addHost(h);
    QVERIFY(!dup.ok());
    QCOMPARE(dup.error().kind, wb::StoreError::Kind::Invalid);
    QVERIFY(dup.message().contains(u"gamma"_s));
    auto got = inv.host(*id);
    QVERIFY(got.ok());
    QCOMPARE(got->sshPort, 2222);
    QVERIFY(got->created.isValid());
    h.id = *id;
    h.os = u"FreeBSD 2.2"_s;
    QVERIFY(inv.updateHost(h).ok());
    QCOMPARE(inv.host(*id)->os, u"FreeBSD 2.2"_s);

    wb::Nic n;
    n.hostId = *id;
    n.interfaceName = u"fxp0"_s;
    n.chip = u"82557"_s;
    auto nid = inv.addNic(n);
    QVERIFY2(nid.ok(), qPrintable(nid.message()));
    QCOMPARE(inv.nicByKey(u"gamma/fxp0"_s)->chip, u"82557"_s);
    wb::Cable c;
    c.label = u"X1"_s;
    c.lengthM = 3.5;
    auto cid = inv.addCable(c);
    QVERIFY(cid.ok());
    QCOMPARE(*inv.cable(*cid)->lengthM, 3.5);
    wb::NetworkSwitch sw;
    sw.name = u"hub1"_s;
    sw.kind = wb::SwitchKind::Hub;
    auto sid = inv.addSwitch(sw);
    QVERIFY(sid.ok());
    wb::Link l;
    l.nicId = *nid;
    l.cableId = *cid;
    l.switchId = *sid;
    l.switchPort = 4;
    auto lid = inv.addLink(l);
    QVERIFY2(lid.ok(), qPrintable(lid.message()));
    auto again = inv.addLink(l);
    QVERIFY(!again.ok());
    QVERIFY(again.message().contains(u"already wired"_s));
    auto lk = inv.linkOfNic(*nid);
    QVERIFY(lk.ok());
    QCOMPARE(lk->switchName, u"hub1"_s);
    QCOMPARE(lk->switchPort, 4);
    // Deleting the switch takes its links along (no results refer to it).
    QVERIFY(inv.deleteSwitch(*sid).ok());
    QCOMPARE(inv.linkOfNic(*nid).error().kind, wb::StoreError::Kind::NotFound);
    QVERIFY(inv.deleteHost(*id).ok());
    QCOMPARE(inv.nic(*nid).error().kind, wb::StoreError::Kind::NotFound);
    QCOMPARE(inv.deleteHost(*id).error().kind, wb::StoreError::Kind::NotFound);
}

void TstInventoryStore::importIsIdempotentAndUpdates()
{
    wb::InventoryStore &inv = m_store->inventory();
    auto first = inv.importInventory(testLab());
    QVERIFY2(first.ok(), qPrintable(first.message()));
    QCOMPARE(first->added, 9);
    auto second = inv.importInventory(testLab());
    QVERIFY(second.ok());
    QCOMPARE(second->added, 0);
    QCOMPARE(second->unchanged, 9);
    wb::Inventory changed = testLab();
    changed.cables[1].lengthM = 60;
    auto third = inv.importInventory(changed);
    QVERIFY(third.ok());
    QCOMPARE(third->updated, 1);
    QCOMPARE(*inv.cableByLabel(u"C65"_s)->lengthM, 60.0);
    auto keep = inv.importInventory(testLab(), wb::InventoryMerge::KeepExisting);
    QVERIFY(keep.ok());
    QCOMPARE(*inv.cableByLabel(u"C65"_s)->lengthM, 60.0);
    auto lab = inv.load();
    QVERIFY(lab.ok());
    QCOMPARE(lab->links.size(), 2);
    QCOMPARE(lab->nics.size(), 2);
}

void TstInventoryStore::crossover()
{
    wb::Inventory lab = testLab();
    lab.switches.clear();
    lab.links.clear();
    wb::Link x;
    x.nicKey = u"alpha/eth0"_s;
    x.cableLabel = u"C1"_s;
    x.peerNicKey = u"beta/eth0"_s;
    lab.links = {x};
    auto r = m_store->inventory().importInventory(lab);
    QVERIFY2(r.ok(), qPrintable(r.message()));
    auto beta = m_store->inventory().nicByKey(u"beta/eth0"_s);
    auto link = m_store->inventory().linkOfNic(beta->id);
    QVERIFY(link.ok());
    QVERIFY(link->isCrossover());
    QCOMPARE(link->nicKey, u"alpha/eth0"_s);
    // The same crossover written from the other end is the same link.
    std::swap(lab.links[0].nicKey, lab.links[0].peerNicKey);
    auto again = m_store->inventory().importInventory(lab);
    QVERIFY2(again.ok(), qPrintable(again.message()));
    QCOMPARE(again->added, 0);
}

void TstInventoryStore::refusesDeletingReferencedObjects()
{
    wb::InventoryStore &inv = m_store->inventory();
    QVERIFY(inv.importInventory(testLab()).ok());
    wb::StoredRun run;
    run.record.kind = u"udp_stream"_s;
    run.clientNicId = inv.nicByKey(u"alpha/eth0"_s)->id;
    run.serverNicId = inv.nicByKey(u"beta/eth0"_s)->id;
    auto rid = m_store->runs().saveRun(run);
    QVERIFY2(rid.ok(), qPrintable(rid.message()));
    const qint64 cableId = inv.cableByLabel(u"C65"_s)->id;
    auto refused = inv.deleteCable(cableId);
    QVERIFY(!refused.ok());
    QCOMPARE(refused.error().kind, wb::StoreError::Kind::Refused);
    QVERIFY2(refused.message().contains(u"C65"_s), qPrintable(refused.message()));
    QVERIFY2(refused.message().contains(u"1 run (%1)"_s.arg(*rid)), qPrintable(refused.message()));
    QVERIFY(!inv.deleteHost(inv.hostByName(u"alpha"_s)->id).ok());
    QVERIFY(!inv.deleteSwitch(inv.switchByName(u"fs108"_s)->id).ok());
    QVERIFY(inv.cable(cableId).ok());
    // Editing keeps history: the run's snapshot still says 65 m.
    wb::Cable c = *inv.cable(cableId);
    c.lengthM = 10;
    QVERIFY(inv.updateCable(c).ok());
    auto stored = m_store->runs().run(*rid);
    bool found = false;
    for (const QJsonValue &v : stored->inventoryPath) {
        const QJsonObject o = v.toObject();
        if (o.value(u"key"_s).toString() == u"C65"_s) {
            QCOMPARE(o.value(u"attrs"_s).toObject().value(u"length_m"_s).toDouble(), 65.0);
            found = true;
        }
    }
    QVERIFY(found);
    QCOMPARE(m_store->runs().deleteRuns({*rid}).value(), 1);
    QVERIFY(inv.deleteCable(cableId).ok());
}

void TstInventoryStore::labFileRoundTrip()
{
    const QString path = m_dir->filePath(u"lab.json"_s);
    QString error;
    QVERIFY(testLab().saveToFile(path, &error));
    auto lab = wb::Inventory::fromFile(path, &error);
    QVERIFY2(lab, qPrintable(error));
    QCOMPARE(lab->hosts.size(), 2);
    QCOMPARE(lab->links.size(), 2);
    QVERIFY(lab->nics[1].sameAttributes(testLab().nics[1]));
    QCOMPARE(lab->switches[0].kind, wb::SwitchKind::StoreAndForward);
    QCOMPARE(*lab->switches[0].ratedLatencyUs, 20.0);
}

// A NIC's duplex goes lab file -> store -> lab file unchanged, an edit of it
// alone is an update, and the store refuses what a lab file would.
void TstInventoryStore::duplexRoundTrip()
{
    wb::Inventory lab = testLab();
    lab.nics[0].duplex = u"full"_s;
    lab.nics[1].duplex = u"half"_s;
    const QString path = m_dir->filePath(u"duplex.json"_s);
    QString error;
    QVERIFY(lab.saveToFile(path, &error));
    auto file = wb::Inventory::fromFile(path, &error);
    QVERIFY2(file, qPrintable(error));
    QCOMPARE(file->nics[1].duplex, u"half"_s);

    wb::InventoryStore &inv = m_store->inventory();
    QVERIFY(inv.importInventory(*file).ok());
    QCOMPARE(inv.nicByKey(u"alpha/eth0"_s)->duplex, u"full"_s);
    QCOMPARE(inv.nicByKey(u"beta/eth0"_s)->duplex, u"half"_s);
    auto loaded = inv.load();
    QVERIFY(loaded.ok());
    for (int i = 0; i < 2; ++i)
        QVERIFY(loaded->nic(lab.nics[i].key())->sameAttributes(lab.nics[i]));
    const QString out = m_dir->filePath(u"out.json"_s);
    QVERIFY(loaded->saveToFile(out, &error));
    auto back = wb::Inventory::fromFile(out, &error);
    QVERIFY2(back, qPrintable(error));
    QCOMPARE(back->nic(u"beta/eth0"_s)->duplex, u"half"_s);

    // Changing only the duplex is an update; clearing it makes it not known.
    lab.nics[1].duplex.clear();
    auto changed = inv.importInventory(lab);
    QVERIFY2(changed.ok(), qPrintable(changed.message()));
    QCOMPARE(changed->updated, 1);
    QVERIFY(inv.nicByKey(u"beta/eth0"_s)->duplex.isEmpty());

    wb::Nic bad = *inv.nicByKey(u"alpha/eth0"_s);
    bad.duplex = u"auto"_s;
    const wb::StoreStatus refused = inv.updateNic(bad);
    QVERIFY(!refused.ok());
    QCOMPARE(refused.error().kind, wb::StoreError::Kind::Invalid);
    QVERIFY2(refused.message().contains(u"alpha/eth0"_s) && refused.message().contains(u"'auto'"_s),
             qPrintable(refused.message()));
    bad.interfaceName = u"eth1"_s;
    QVERIFY(!inv.addNic(bad).ok());
    QCOMPARE(inv.nicByKey(u"alpha/eth0"_s)->duplex, u"full"_s);
}

void TstInventoryStore::labFileErrors_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("expected");
    QTest::newRow("not-json") << QByteArray("{\n\"format\": \"wirebench-lab\",\n oops}") << u"lab.json:3"_s;
    QTest::newRow("format") << QByteArray(R"({"format":"x","version":1})") << u"'format'"_s;
    QTest::newRow("newer") << QByteArray(R"({"format":"wirebench-lab","version":9})") << u"newer"_s;
    QTest::newRow("host-name") << QByteArray(R"({"format":"wirebench-lab","version":1,"hosts":[{"address":"x"}]})")
                               << u"hosts[0].name is missing"_s;
    QTest::newRow("port") << QByteArray(R"({"format":"wirebench-lab","version":1,"hosts":[{"name":"a","ssh_port":0}]})")
                          << u"hosts[0].ssh_port"_s;
    QTest::newRow("kind") << QByteArray(R"({"format":"wirebench-lab","version":1,"switches":[{"name":"s","kind":"router"}]})")
                          << u"switches[0].kind"_s;
    QTest::newRow("dangling") << QByteArray(R"({"format":"wirebench-lab","version":1,"cables":[{"label":"C"}],
        "links":[{"nic":"a/eth0","cable":"C","switch":"s"}]})") << u"links[0] names NIC 'a/eth0'"_s;
    QTest::newRow("both-ends") << QByteArray(R"({"format":"wirebench-lab","version":1,
        "links":[{"nic":"a/eth0","cable":"C","switch":"s","peer_nic":"b/eth0"}]})") << u"links[0] needs exactly one"_s;
}

void TstInventoryStore::labFileErrors()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, expected);
    const QString path = m_dir->filePath(u"lab.json"_s);
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(json);
    f.close();
    QString error;
    QVERIFY(!wb::Inventory::fromFile(path, &error));
    QVERIFY2(error.contains(expected), qPrintable(error));
    QVERIFY2(error.contains(path), qPrintable(error));
}

QTEST_GUILESS_MAIN(TstInventoryStore)
#include "tst_inventorystore.moc"
