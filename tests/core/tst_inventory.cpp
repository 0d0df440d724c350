// SPDX-License-Identifier: GPL-3.0-or-later
// The inventory value types and the lab file format (docs/lab-format.md):
// every object round-trips through JSON, optional fields stay absent, and
// each kind of bad field is reported with its path.

#include "inventory/inventory.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace Qt::StringLiterals;

class TstInventory : public QObject
{
    Q_OBJECT
private slots:
    void switchKinds_data();
    void switchKinds();
    void roundTrip();
    void optionalFieldsStayAbsent();
    void badFields_data();
    void badFields();
    void exampleInDocsParses();
    void portsInUseAndWarnings();
};

void TstInventory::switchKinds_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<int>("kind");
    QTest::newRow("hub") << u"hub"_s << int(wb::SwitchKind::Hub);
    QTest::newRow("saf") << u"store-and-forward"_s << int(wb::SwitchKind::StoreAndForward);
    QTest::newRow("ct") << u"cut-through"_s << int(wb::SwitchKind::CutThrough);
    QTest::newRow("unknown") << u"unknown"_s << int(wb::SwitchKind::Unknown);
}

void TstInventory::switchKinds()
{
    QFETCH(QString, name);
    QFETCH(int, kind);
    QCOMPARE(int(wb::switchKindFromName(name).value()), kind);
    QCOMPARE(wb::switchKindName(wb::SwitchKind(kind)), name);
    QVERIFY(!wb::switchKindFromName(u"router"_s));
}

void TstInventory::roundTrip()
{
    wb::Inventory inv;
    wb::Host h;
    h.name = u"alpha"_s;
    h.address = u"192.0.2.1"_s;
    h.sshPort = 2222;
    h.memoryBytes = 64LL << 20;
    h.notes = u"rack 1"_s;
    inv.hosts = {h};
    wb::Nic n;
    n.hostName = u"alpha"_s;
    n.interfaceName = u"eth0:1"_s;
    n.driver = u"tulip"_s;
    n.maxSpeedBps = 100000000;
    n.duplex = u"half"_s;
    n.mtu = 9000;
    inv.nics = {n};
    wb::NetworkSwitch s;
    s.name = u"cat5000"_s;
    s.kind = wb::SwitchKind::CutThrough;
    s.ratedLatencyUs = 7.5;
    inv.switches = {s};
    wb::Cable c;
    c.label = u"C7"_s;
    c.lengthM = 2.5;
    inv.cables = {c};
    wb::Link l;
    l.nicKey = u"alpha/eth0:1"_s;
    l.cableLabel = u"C7"_s;
    l.switchName = u"cat5000"_s;
    l.switchPort = 12;
    inv.links = {l};
    QString error;
    auto back = wb::Inventory::fromJson(inv.toJson(), u"x"_s, &error);
    QVERIFY2(back, qPrintable(error));
    QVERIFY(back->hosts[0].sameAttributes(h));
    QVERIFY(back->nics[0].sameAttributes(n));
    QVERIFY(back->switches[0].sameAttributes(s));
    QVERIFY(back->cables[0].sameAttributes(c));
    QVERIFY(back->links[0].sameAttributes(l));
    QCOMPARE(back->nic(u"alpha/eth0:1"_s)->driver, u"tulip"_s);
    QCOMPARE(back->nic(u"alpha/eth0:1"_s)->duplex, u"half"_s);
    QCOMPARE(back->nic(u"alpha/eth0:1"_s)->mtu, 9000);
    QCOMPARE(inv.toJson().value(u"hosts"_s)[0][u"nics"_s][0][u"mtu"_s].toInt(), 9000);
    QCOMPARE(inv.toJson().value(u"hosts"_s)[0][u"nics"_s][0][u"duplex"_s].toString(), u"half"_s);
    QVERIFY(!back->links[0].isCrossover());
}

void TstInventory::optionalFieldsStayAbsent()
{
    wb::Cable c;
    c.label = u"C"_s;
    QVERIFY(!c.toJson().contains(u"length_m"_s));
    QString error;
    auto back = wb::Cable::fromJson(c.toJson(), u"c"_s, &error);
    QVERIFY(back);
    QVERIFY(!back->lengthM.has_value());
    wb::NetworkSwitch s;
    s.name = u"s"_s;
    QVERIFY(!s.toJson().contains(u"rated_latency_us"_s));
    // A duplex not known is left out, and reads back as not known.
    wb::Nic n;
    n.hostName = u"a"_s;
    n.interfaceName = u"eth0"_s;
    QVERIFY(!n.toJson().contains(u"duplex"_s));
    QVERIFY(!n.toJson().contains(u"mtu"_s));
    auto nic = wb::Nic::fromJson(n.toJson(), u"a"_s, u"n"_s, &error);
    QVERIFY2(nic, qPrintable(error));
    QVERIFY(nic->duplex.isEmpty());
    QVERIFY(nic->sameAttributes(n));
    n.duplex = u"full"_s;
    QVERIFY(!nic->sameAttributes(n));
}

void TstInventory::badFields_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("expected");
    const QByteArray head = R"({"format":"wirebench-lab","version":1,)";
    QTest::newRow("hosts-not-array") << head + R"("hosts":{}})" << u"src: hosts must be an array"_s;
    QTest::newRow("host-not-object") << head + R"("hosts":[1]})" << u"src: hosts[0] must be an object"_s;
    QTest::newRow("name-number") << head + R"("hosts":[{"name":5}]})" << u"hosts[0].name must be a string"_s;
    QTest::newRow("dup-host") << head + R"("hosts":[{"name":"a"},{"name":"a"}]})" << u"hosts[1].name 'a' appears twice"_s;
    QTest::newRow("dup-nic") << head + R"("hosts":[{"name":"a","nics":[{"interface":"e"},{"interface":"e"}]}]})"
                             << u"hosts[0].nics[1].interface 'e' appears twice"_s;
    QTest::newRow("memory") << head + R"("hosts":[{"name":"a","memory_bytes":1.5}]})" << u"hosts[0].memory_bytes"_s;
    QTest::newRow("duplex") << head + R"("hosts":[{"name":"a","nics":[{"interface":"e","duplex":"auto"}]}]})"
                            << u"hosts[0].nics[0].duplex 'auto' must be \"full\" or \"half\""_s;
    QTest::newRow("duplex-case") << head + R"("hosts":[{"name":"a","nics":[{"interface":"e","duplex":"Full"}]}]})"
                                 << u"hosts[0].nics[0].duplex 'Full'"_s;
    QTest::newRow("mtu") << head + R"("hosts":[{"name":"a","nics":[{"interface":"e","mtu":20}]}]})"
                         << u"hosts[0].nics[0].mtu 20 must be from 68 to 65536 bytes"_s;
    QTest::newRow("mtu-big") << head + R"("hosts":[{"name":"a","nics":[{"interface":"e","mtu":70000}]}]})"
                             << u"hosts[0].nics[0].mtu"_s;
    QTest::newRow("duplex-number") << head + R"("hosts":[{"name":"a","nics":[{"interface":"e","duplex":1}]}]})"
                                   << u"hosts[0].nics[0].duplex must be a string"_s;
    QTest::newRow("length") << head + R"("cables":[{"label":"c","length_m":-1}]})" << u"cables[0].length_m"_s;
    QTest::newRow("dup-cable") << head + R"("cables":[{"label":"c"},{"label":"c"}]})" << u"cables[1].label 'c'"_s;
    QTest::newRow("nic-key") << head + R"("links":[{"nic":"eth0","cable":"c","switch":"s"}]})"
                             << u"links[0]: NIC 'eth0' must be written host/interface"_s;
    QTest::newRow("port-on-crossover")
        << head + R"("links":[{"nic":"a/e","cable":"c","peer_nic":"b/e","port":3}]})" << u"links[0].port"_s;
    QTest::newRow("twice-wired") << head + R"("hosts":[{"name":"a","nics":[{"interface":"e"}]}],
        "cables":[{"label":"c"}],"switches":[{"name":"s"}],
        "links":[{"nic":"a/e","cable":"c","switch":"s"},{"nic":"a/e","cable":"c","switch":"s"}]})"
                                 << u"links[1]: NIC 'a/e' is already wired"_s;
    QTest::newRow("no-switch") << head + R"("hosts":[{"name":"a","nics":[{"interface":"e"}]}],
        "cables":[{"label":"c"}],"links":[{"nic":"a/e","cable":"c","switch":"s"}]})"
                               << u"links[0] names switch 's'"_s;
}

void TstInventory::badFields()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, expected);
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &pe);
    QVERIFY2(pe.error == QJsonParseError::NoError, qPrintable(pe.errorString()));
    QString error;
    QVERIFY(!wb::Inventory::fromJson(doc.object(), u"src"_s, &error));
    QVERIFY2(error.contains(expected), qPrintable(error));
    QVERIFY(error.startsWith(u"src: "_s));
}

void TstInventory::exampleInDocsParses()
{
    // The example in docs/lab-format.md is a valid lab file (apart from the
    // NICs its links name on hosts it leaves out).
    QFile f(QStringLiteral(WB_SOURCE_DIR "/docs/lab-format.md"));
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(f.readAll());
    const qsizetype start = text.indexOf(u"```json\n"_s) + 8;
    const qsizetype end = text.indexOf(u"```"_s, start);
    QJsonObject lab = QJsonDocument::fromJson(text.mid(start, end - start).toUtf8()).object();
    QVERIFY(!lab.isEmpty());
    QJsonArray links = lab.value(u"links"_s).toArray();
    links.removeLast(); // the crossover names hosts the example does not list
    lab.insert(u"links"_s, links);
    QString error;
    auto inv = wb::Inventory::fromJson(lab, u"lab-format.md"_s, &error);
    QVERIFY2(inv, qPrintable(error));
    QCOMPARE(inv->hosts.size(), 1);
    QCOMPARE(inv->nics.first().driver, u"tulip"_s);
    QCOMPARE(inv->nics.first().duplex, u"full"_s);
    QCOMPARE(inv->uplinks.size(), 1);
    QCOMPARE(inv->uplinks.first().peerSwitchName, u"hub-2"_s);
}

void TstInventory::portsInUseAndWarnings()
{
    // The 1997 lab's hub has no port count (the report does not give one):
    // its five links' ports are what is known, and nothing is wrong.
    QString error;
    const auto lab = wb::Inventory::fromFile(u":/labs/1997-sai-msu-fast-ethernet.json"_s, &error);
    QVERIFY2(lab, qPrintable(error));
    QCOMPARE(lab->networkSwitch(u"hub"_s)->ports, 0);
    QCOMPARE(lab->portsInUse(u"hub"_s), (QList<int>{1, 2, 3, 4, 5}));
    QVERIFY(lab->warnings().isEmpty());
    // A port beyond the count and a port used twice are named.
    wb::Inventory bad = *lab;
    bad.switches.first().ports = 4;
    bad.links[1].switchPort = 1;
    const QStringList w = bad.warnings();
    QCOMPARE(w.size(), 2);
    QVERIFY2(w.at(0).contains(u"links of Zeus/eth0 and Torus/eth0 both use port 1 of switch hub"_s), qPrintable(w.at(0)));
    QVERIFY2(w.at(1).contains(u"link of Star/eth1: port 5 of switch hub, which has 4 ports"_s), qPrintable(w.at(1)));
    QCOMPARE(bad.portsInUse(u"hub"_s), (QList<int>{1, 3, 4, 5}));
}

QTEST_GUILESS_MAIN(TstInventory)
#include "tst_inventory.moc"
