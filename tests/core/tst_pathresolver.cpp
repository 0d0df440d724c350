// SPDX-License-Identifier: GPL-3.0-or-later
// The path between two NICs over an inventory: the 1997 example lab (five
// hosts on one hub) and built labs for a crossover, one switch, two and
// three switches joined by uplinks, a NIC not wired, two routes, no NIC
// named and an end not in the inventory; the JSON form round-trips.

#include "inventory/pathresolver.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace Qt::StringLiterals;
using wb::ResolvedPath;

namespace {

wb::Inventory labFrom(const char *json)
{
    QString error;
    auto inv = wb::Inventory::fromJson(QJsonDocument::fromJson(json).object(), u"built"_s, &error);
    if (!inv)
        qFatal("%s", qPrintable(error));
    return *inv;
}

// a1, a2 on switch A; b1 on switch B; c1 on C. A-B by U1; B-C by U2.
// x1 -- x2 crossover. lonely/eth0 has no link. two/eth0, two/eth1 both.
const char *kBuilt = R"({"format": "wirebench-lab", "version": 1,
 "hosts": [
  {"name": "a1", "nics": [{"interface": "eth0", "max_speed_bps": 1000000000}]},
  {"name": "a2", "nics": [{"interface": "eth0", "max_speed_bps": 100000000}]},
  {"name": "b1", "nics": [{"interface": "eth0"}]},
  {"name": "c1", "nics": [{"interface": "eth0"}]},
  {"name": "x1", "nics": [{"interface": "eth0"}]},
  {"name": "x2", "nics": [{"interface": "eth0"}]},
  {"name": "lonely", "nics": [{"interface": "eth0"}]},
  {"name": "two", "nics": [{"interface": "eth0"}, {"interface": "eth1"}]},
  {"name": "bare"}
 ],
 "switches": [{"name": "A", "kind": "store-and-forward"}, {"name": "B", "kind": "cut-through"},
              {"name": "C", "kind": "hub"}, {"name": "island"}],
 "cables": [{"label": "ca1", "length_m": 2}, {"label": "ca2", "length_m": 3}, {"label": "cb1", "length_m": 5},
            {"label": "cc1"}, {"label": "U1", "length_m": 10}, {"label": "U2", "length_m": 20},
            {"label": "X", "length_m": 1}, {"label": "ct0"}, {"label": "ct1"}],
 "links": [
  {"nic": "a1/eth0", "cable": "ca1", "switch": "A", "port": 1},
  {"nic": "a2/eth0", "cable": "ca2", "switch": "A", "port": 2},
  {"nic": "b1/eth0", "cable": "cb1", "switch": "B", "port": 3},
  {"nic": "c1/eth0", "cable": "cc1", "switch": "C"},
  {"nic": "x1/eth0", "cable": "X", "peer_nic": "x2/eth0"},
  {"nic": "two/eth0", "cable": "ct0", "switch": "island", "port": 1},
  {"nic": "two/eth1", "cable": "ct1", "switch": "A", "port": 4}
 ],
 "uplinks": [
  {"switch": "A", "port": 8, "cable": "U1", "peer_switch": "B", "peer_port": 1},
  {"switch": "B", "port": 2, "cable": "U2", "peer_switch": "C", "peer_port": 4}
 ]})";

} // namespace

class TstPathResolver : public QObject
{
    Q_OBJECT
private slots:
    void exampleLab_data();
    void exampleLab();
    void built_data();
    void built();
    void ambiguous();
    void jsonRoundTrip();
    void loopbackHasNoWire();
    void uplinkErrors_data();
    void uplinkErrors();
};

void TstPathResolver::exampleLab_data()
{
    QTest::addColumn<QString>("client");
    QTest::addColumn<QString>("server");
    QTest::addColumn<QString>("text");
    QTest::newRow("star-zeus") << u"Star/eth1"_s << u"Zeus/eth0"_s
                               << u"Star/eth1 → cable-star · 1 m → hub ports 5/1 → cable-zeus · 1 m → Zeus/eth0"_s;
    QTest::newRow("lower-case host") << u"star/eth1"_s << u"torus"_s
                                     << u"Star/eth1 → cable-star · 1 m → hub ports 5/2 → cable-torus · 65 m → Torus/eth0"_s;
    QTest::newRow("mira-net3") << u"Mira/eth0"_s << u"Net3/eth0"_s
                               << u"Mira/eth0 → cable-mira · 38 m → hub ports 4/3 → cable-net3 · 65 m → Net3/eth0"_s;
}

void TstPathResolver::exampleLab()
{
    QFETCH(QString, client);
    QFETCH(QString, server);
    QFETCH(QString, text);
    QString error;
    const auto lab = wb::Inventory::fromFile(QStringLiteral(WB_SOURCE_DIR "/resources/labs/1997-sai-msu-fast-ethernet.json"),
                                             &error);
    QVERIFY2(lab, qPrintable(error));
    const ResolvedPath p = wb::PathResolver(*lab).resolve(client, server);
    QCOMPARE(p.status, ResolvedPath::Status::Ok);
    QCOMPARE(p.text(), text);
    QCOMPARE(p.switches(), QStringList{u"hub"_s});
    QVERIFY(p.crossesHub());
    QCOMPARE(p.routes, 1);
}

void TstPathResolver::built_data()
{
    QTest::addColumn<QString>("client");
    QTest::addColumn<QString>("server");
    QTest::addColumn<int>("status");
    QTest::addColumn<QString>("text");
    QTest::addColumn<QStringList>("switches");
    QTest::addColumn<QStringList>("cables");
    QTest::addColumn<QString>("warning"); // a part of the first warning
    using S = ResolvedPath::Status;
    QTest::newRow("crossover") << u"x1/eth0"_s << u"x2/eth0"_s << int(S::Ok) << u"x1/eth0 → X · 1 m → x2/eth0"_s
                               << QStringList{} << QStringList{u"X"_s} << QString();
    QTest::newRow("crossover reversed") << u"x2/eth0"_s << u"x1/eth0"_s << int(S::Ok)
                                        << u"x2/eth0 → X · 1 m → x1/eth0"_s << QStringList{} << QStringList{u"X"_s}
                                        << QString();
    QTest::newRow("one switch") << u"a1/eth0"_s << u"a2/eth0"_s << int(S::Ok)
                                << u"a1/eth0 → ca1 · 2 m → A ports 1/2 → ca2 · 3 m → a2/eth0"_s
                                << QStringList{u"A"_s} << QStringList{u"ca1"_s, u"ca2"_s} << QString();
    QTest::newRow("two switches")
        << u"a1/eth0"_s << u"b1/eth0"_s << int(S::Ok)
        << u"a1/eth0 → ca1 · 2 m → A ports 1/8 → U1 · 10 m → B ports 1/3 → cb1 · 5 m → b1/eth0"_s
        << QStringList{u"A"_s, u"B"_s} << QStringList{u"ca1"_s, u"U1"_s, u"cb1"_s} << QString();
    QTest::newRow("three switches, hub last")
        << u"c1/eth0"_s << u"a2/eth0"_s << int(S::Ok)
        << u"c1/eth0 → cc1 → C port 4 → U2 · 20 m → B ports 2/1 → U1 · 10 m → A ports 8/2 → ca2 · 3 m → a2/eth0"_s
        << QStringList{u"C"_s, u"B"_s, u"A"_s} << QStringList{u"cc1"_s, u"U2"_s, u"U1"_s, u"ca2"_s} << QString();
    QTest::newRow("only NIC taken") << u"a1"_s << u"a2"_s << int(S::Ok)
                                    << u"a1/eth0 → ca1 · 2 m → A ports 1/2 → ca2 · 3 m → a2/eth0"_s
                                    << QStringList{u"A"_s} << QStringList{u"ca1"_s, u"ca2"_s}
                                    << u"took a1/eth0, its only NIC"_s;
    QTest::newRow("not wired") << u"a1/eth0"_s << u"lonely/eth0"_s << int(S::NotWired)
                               << u"NIC 'lonely/eth0' is not wired: no link in the inventory names it"_s
                               << QStringList{} << QStringList{} << u"'lonely/eth0' is not wired"_s;
    QTest::newRow("no route") << u"two/eth0"_s << u"a1/eth0"_s << int(S::NoRoute) << QString() << QStringList{}
                              << QStringList{} << u"no route from NIC 'two/eth0' to NIC 'a1/eth0'"_s;
    QTest::newRow("crossover to a switch NIC") << u"x1/eth0"_s << u"a1/eth0"_s << int(S::NoRoute) << QString()
                                               << QStringList{} << QStringList{} << u"a crossover cable to x2/eth0"_s;
    QTest::newRow("no NIC named") << u"two"_s << u"a1/eth0"_s << int(S::NoNicNamed) << QString() << QStringList{}
                                  << QStringList{} << u"no NIC named for host 'two', which has 2 (eth0, eth1)"_s;
    QTest::newRow("host without NICs") << u"bare"_s << u"a1/eth0"_s << int(S::NoNicNamed) << QString()
                                       << QStringList{} << QStringList{} << u"lists none for it"_s;
    QTest::newRow("unknown host") << u"nosuch/eth0"_s << u"a1/eth0"_s << int(S::NotInInventory) << QString()
                                  << QStringList{} << QStringList{} << u"host 'nosuch' is not in the inventory"_s;
    QTest::newRow("unknown NIC") << u"a1/eth7"_s << u"a2/eth0"_s << int(S::NotInInventory) << QString()
                                 << QStringList{} << QStringList{} << u"NIC 'a1/eth7' is not in the inventory"_s;
}

void TstPathResolver::built()
{
    QFETCH(QString, client);
    QFETCH(QString, server);
    QFETCH(int, status);
    QFETCH(QString, text);
    QFETCH(QStringList, switches);
    QFETCH(QStringList, cables);
    QFETCH(QString, warning);
    const wb::Inventory lab = labFrom(kBuilt);
    const ResolvedPath p = wb::PathResolver(lab).resolve(client, server);
    QCOMPARE(int(p.status), status);
    if (!text.isEmpty())
        QCOMPARE(p.text(), text);
    QCOMPARE(p.switches(), switches);
    QCOMPARE(p.cables(), cables);
    QCOMPARE(p.hasHops(), status == int(ResolvedPath::Status::Ok));
    if (warning.isEmpty()) {
        QVERIFY2(p.warnings().isEmpty(), qPrintable(p.warnings().join(u"; "_s)));
    } else {
        QVERIFY(!p.warnings().isEmpty());
        QVERIFY2(p.warnings().first().contains(warning), qPrintable(p.warnings().first()));
    }
}

void TstPathResolver::ambiguous()
{
    // A second uplink A-C closes a ring A-B-C: two routes from a1 to b1.
    wb::Inventory lab = labFrom(kBuilt);
    wb::Cable u3;
    u3.label = u"U3"_s;
    lab.cables.append(u3);
    wb::Uplink u;
    u.switchName = u"A"_s;
    u.switchPort = 7;
    u.cableLabel = u"U3"_s;
    u.peerSwitchName = u"C"_s;
    lab.uplinks.append(u);
    const ResolvedPath p = wb::PathResolver(lab).resolve(u"a1/eth0"_s, u"b1/eth0"_s);
    QCOMPARE(p.status, ResolvedPath::Status::Ambiguous);
    QCOMPARE(p.routes, 2);
    // The shortest is shown, the message names both.
    QCOMPARE(p.switches(), (QStringList{u"A"_s, u"B"_s}));
    QVERIFY2(p.message.contains(u"2 routes join NIC 'a1/eth0' and NIC 'b1/eth0'"_s), qPrintable(p.message));
    QVERIFY2(p.message.contains(u"ca1+U1+cb1"_s) && p.message.contains(u"ca1+U3+U2+cb1"_s), qPrintable(p.message));
    // Two parallel uplinks between the same two switches are two routes too.
    wb::Inventory twin = labFrom(kBuilt);
    wb::Cable u1b;
    u1b.label = u"U1b"_s;
    twin.cables.append(u1b);
    wb::Uplink v = twin.uplinks.first();
    v.cableLabel = u"U1b"_s;
    v.switchPort = 9;
    v.peerSwitchPort = 9;
    twin.uplinks.append(v);
    QCOMPARE(wb::PathResolver(twin).resolve(u"a2/eth0"_s, u"b1/eth0"_s).routes, 2);
}

void TstPathResolver::loopbackHasNoWire()
{
    // The demo labs cable lo to a switch so their pages have something to
    // show; the path still says that no wire carried the traffic.
    const wb::Inventory lab = labFrom(R"({"format": "wirebench-lab", "version": 1,
     "hosts": [{"name": "adam", "nics": [{"interface": "lo"}]}, {"name": "eve", "nics": [{"interface": "lo"}]}],
     "switches": [{"name": "fs108", "ports": 8}],
     "cables": [{"label": "C1", "length_m": 1}, {"label": "C65", "length_m": 65}],
     "links": [{"nic": "adam/lo", "cable": "C1", "switch": "fs108", "port": 1},
               {"nic": "eve/lo", "cable": "C65", "switch": "fs108", "port": 2}]})");
    const ResolvedPath p = wb::PathResolver(lab).resolve(u"adam/lo"_s, u"eve/lo"_s);
    QCOMPARE(p.status, ResolvedPath::Status::Ok);
    QCOMPARE(p.notes.size(), 2);
    QVERIFY2(p.warnings().join(u' ').contains(u"adam/lo is a loopback interface: its traffic never leaves the host"_s),
             qPrintable(p.warnings().join(u' ')));
    QVERIFY(p.warnings().join(u' ').contains(u"eve/lo is a loopback interface"_s));
    // A real NIC gets no such note.
    QVERIFY(wb::PathResolver(labFrom(kBuilt)).resolve(u"a1/eth0"_s, u"a2/eth0"_s).notes.isEmpty());
}

void TstPathResolver::jsonRoundTrip()
{
    const wb::Inventory lab = labFrom(kBuilt);
    const ResolvedPath p = wb::PathResolver(lab).resolve(u"c1/eth0"_s, u"a1/eth0"_s);
    const ResolvedPath back = ResolvedPath::fromJson(p.toJson());
    QCOMPARE(back.status, p.status);
    QCOMPARE(back.text(), p.text());
    QCOMPARE(back.switches(), p.switches());
    QCOMPARE(back.clientNic, u"c1/eth0"_s);
    QCOMPARE(back.serverNic, u"a1/eth0"_s);
    QVERIFY(back.crossesHub());
    QCOMPARE(wb::PathResolver(lab).resolve(u"a1/eth0"_s, u"a2/eth0"_s).ratedSpeedBps(), 100000000);
    QCOMPARE(back.ratedSpeedBps(), 0); // c1's speed is not known
    const ResolvedPath failed = ResolvedPath::fromJson(wb::PathResolver(lab).resolve(u"two"_s, u"a1"_s).toJson());
    QCOMPARE(failed.status, ResolvedPath::Status::NoNicNamed);
    QVERIFY(failed.text().contains(u"no NIC named"_s));
    // The lab file keeps its uplinks.
    QString error;
    const auto again = wb::Inventory::fromJson(lab.toJson(), u"again"_s, &error);
    QVERIFY2(again, qPrintable(error));
    QCOMPARE(again->uplinks.size(), 2);
    QVERIFY(again->uplinks.first().sameAttributes(lab.uplinks.first()));
}

void TstPathResolver::uplinkErrors_data()
{
    QTest::addColumn<QByteArray>("uplink");
    QTest::addColumn<QString>("error");
    QTest::newRow("unknown switch") << QByteArray(R"({"switch": "A", "cable": "U2", "peer_switch": "Z"})")
                                    << u"built: uplinks[0] names switch 'Z', which is not in 'switches'"_s;
    QTest::newRow("unknown cable") << QByteArray(R"({"switch": "A", "cable": "U9", "peer_switch": "B"})")
                                   << u"built: uplinks[0] names cable 'U9', which is not in 'cables'"_s;
    QTest::newRow("to itself") << QByteArray(R"({"switch": "A", "cable": "U2", "peer_switch": "A"})")
                               << u"built: uplinks[0] joins switch 'A' to itself; an uplink goes between two switches"_s;
    QTest::newRow("port taken") << QByteArray(R"({"switch": "A", "port": 1, "cable": "U2", "peer_switch": "B"})")
                                << u"built: uplinks[0]: port 1 of switch 'A' is already wired"_s;
    QTest::newRow("no peer") << QByteArray(R"({"switch": "A", "cable": "U2"})") << u"peer_switch"_s;
}

void TstPathResolver::uplinkErrors()
{
    QFETCH(QByteArray, uplink);
    QFETCH(QString, error);
    QJsonObject lab = QJsonDocument::fromJson(kBuilt).object();
    lab.insert(u"uplinks"_s, QJsonArray{QJsonDocument::fromJson(uplink).object()});
    QString got;
    QVERIFY(!wb::Inventory::fromJson(lab, u"built"_s, &got));
    QVERIFY2(got.contains(error), qPrintable(got));
}

QTEST_GUILESS_MAIN(TstPathResolver)
#include "tst_pathresolver.moc"
