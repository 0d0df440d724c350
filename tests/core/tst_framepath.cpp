// SPDX-License-Identifier: GPL-3.0-or-later
// The frame arithmetic over IPv4 and IPv6 and with jumbo MTUs: what an
// RFC 2544 trial sends for a frame size, which frame sizes a path of NICs
// carries (refused ones named with the NIC and its MTU), and the jumbo sizes
// the inventory's MTUs add to RFC 2544's default list.

#include "analysis/ethernetceiling.h"
#include "inventory/inventory.h"
#include "run/framepath.h"
#include "run/plan.h"
#include "run/planhosts.h"
#include "run/rfc2544trials.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace Qt::StringLiterals;
namespace ethernet = wb::ethernet;

class TstFramePath : public QObject
{
    Q_OBJECT
private slots:
    void headerArithmetic_data();
    void headerArithmetic();
    void trialsCarryTheFamilysPayload();
    void refusals_data();
    void refusals();
    void sizeLists();
    void reportedNicAndFamily();
    void inventoryMtuAddsJumboSizes_data();
    void inventoryMtuAddsJumboSizes();
};

void TstFramePath::headerArithmetic_data()
{
    QTest::addColumn<int>("ipVersion");
    QTest::addColumn<int>("frame");
    QTest::addColumn<int>("payload");
    QTest::newRow("IPv4 1518") << 4 << 1518 << 1472;
    QTest::newRow("IPv6 1518") << 6 << 1518 << 1452;
    QTest::newRow("IPv4 64") << 4 << 64 << 18;
    QTest::newRow("IPv6 64: nothing left") << 6 << 64 << 0;
    QTest::newRow("IPv6 smallest signed") << 6 << 82 << 16;
    QTest::newRow("IPv4 9018") << 4 << 9018 << 8972;
    QTest::newRow("IPv6 9018") << 6 << 9018 << 8952;
}

void TstFramePath::headerArithmetic()
{
    QFETCH(int, ipVersion);
    QFETCH(int, frame);
    QFETCH(int, payload);
    QCOMPARE(ethernet::udpPayloadForFrame(frame, ipVersion), payload);
    if (payload > 0)
        QCOMPARE(ethernet::frameForUdpPayload(payload, ipVersion), frame);
    QCOMPARE(ethernet::udpOverheadBytes(ipVersion), ipVersion == 6 ? 66 : 46);
    QCOMPARE(ethernet::tcpOverheadBytes(ipVersion), ipVersion == 6 ? 78 : 58);
    // Goodput: frames per second at line rate times the payload they carry.
    const double fps = 100e6 / (8.0 * (frame + 20));
    QVERIFY(std::fabs(ethernet::udpGoodputBps(100e6, frame, ipVersion) - fps * payload * 8) < 1e-3);
    QCOMPARE(ethernet::maxFrameForMtu(1500), 1518);
    QCOMPARE(ethernet::maxFrameForMtu(9000), 9018);
    QCOMPARE(ethernet::mtuForFrame(9018), 9000);
    // TCP with full-size segments: 1460 (IPv4) or 1440 (IPv6) bytes a frame.
    const double tcp = ethernet::tcpGoodputBps(1e9, 1500, ipVersion);
    QVERIFY(std::fabs(tcp - 1e9 / (8.0 * 1538) * (ipVersion == 6 ? 1440 : 1460) * 8) < 1e-3);
}

void TstFramePath::trialsCarryTheFamilysPayload()
{
    wb::TestCase c;
    c.kind = u"rfc2544"_s;
    c.durationS = 1;
    c.params = QJsonObject{{u"frame_size_bytes"_s, 9018}, {u"line_rate_bps"_s, 1e9}};
    for (int v : {4, 6}) {
        wb::Rfc2544Trials t(c, QJsonObject(), v);
        QCOMPARE(t.ipVersion(), v);
        QCOMPARE(t.trialParams().value(u"message_size_bytes"_s).toInt(), v == 6 ? 8952 : 8972);
        const wb::ResultRecord s = t.summary({});
        QCOMPARE(s.params.value(u"frame_size_bytes"_s).toInt(), 9018);
        QCOMPARE(s.extra.value(u"ip_version"_s).toInt(), v);
        QCOMPARE(s.extra.value(u"udp_payload_bytes"_s).toInt(), v == 6 ? 8952 : 8972);
    }
}

void TstFramePath::refusals_data()
{
    QTest::addColumn<int>("ipVersion");
    QTest::addColumn<int>("clientMtu");
    QTest::addColumn<int>("serverMtu");
    QTest::addColumn<int>("frame");
    QTest::addColumn<QString>("refusal"); // empty: it fits; else what the message must contain
    QTest::newRow("9018 over 9000") << 4 << 9000 << 9000 << 9018 << QString();
    QTest::newRow("9018 over IPv6 9000") << 6 << 9000 << 9000 << 9018 << QString();
    QTest::newRow("1518 over 1500") << 4 << 1500 << 1500 << 1518 << QString();
    QTest::newRow("9018 over a 1500 server")
        << 4 << 9000 << 1500 << 9018
        << u"frame_size_bytes 9018 does not fit the test's path: NIC b/eth1 has MTU 1500 (as its agent reports), "
           "which carries frames up to 1518 bytes (a 9018-byte frame needs MTU 9000)"_s;
    QTest::newRow("1519 over 1500") << 4 << 1500 << 9000 << 1519 << u"NIC a/eth0 has MTU 1500"_s;
    QTest::newRow("64 over IPv6")
        << 6 << 1500 << 1500 << 64
        << u"frame_size_bytes 64 is below the smallest IPv6 frame that carries the test's datagram (82 bytes"_s;
    QTest::newRow("82 over IPv6") << 6 << 1500 << 1500 << 82 << QString();
    QTest::newRow("jumbo, no MTU known") << 4 << 0 << 0 << 4096 << u"no NIC on the test's path has a known MTU"_s;
    QTest::newRow("standard, no MTU known") << 4 << 0 << 0 << 1518 << QString();
}

void TstFramePath::refusals()
{
    QFETCH(int, ipVersion);
    QFETCH(int, clientMtu);
    QFETCH(int, serverMtu);
    QFETCH(int, frame);
    QFETCH(QString, refusal);
    wb::FramePath path(ipVersion);
    path.add(wb::PathNic{u"a"_s, u"eth0"_s, clientMtu, u"its agent"_s});
    path.add(wb::PathNic{u"b"_s, u"eth1"_s, serverMtu, u"its agent"_s});
    const QString why = path.refusal(frame);
    if (refusal.isEmpty())
        QVERIFY2(why.isEmpty(), qPrintable(why));
    else
        QVERIFY2(why.contains(refusal), qPrintable(why));
    // The inventory's MTU counts as much as the agent's, and says where it is from.
    wb::FramePath recorded(ipVersion);
    recorded.add(wb::PathNic{u"a"_s, u"eth0"_s, 1500, u"the inventory"_s});
    QVERIFY(recorded.refusal(9018).contains(u"NIC a/eth0 has MTU 1500 (in the inventory)"_s));
}

void TstFramePath::sizeLists()
{
    QCOMPARE(wb::FramePath::standardFrameSizes(4), (QList<int>{64, 128, 256, 512, 1024, 1280, 1518}));
    QCOMPARE(wb::FramePath::standardFrameSizes(6), (QList<int>{82, 128, 256, 512, 1024, 1280, 1518}));
    QCOMPARE(wb::FramePath::jumboFrameSizes(1518), QList<int>{});
    QCOMPARE(wb::FramePath::jumboFrameSizes(9018), (QList<int>{2048, 4096, 8192, 9018}));
    QCOMPARE(wb::FramePath::jumboFrameSizes(4018), (QList<int>{2048, 4018}));
    QCOMPARE(wb::FramePath::jumboFrameSizes(65554), (QList<int>{2048, 4096, 8192, 9018})); // lo: capped
    // The plan's default list over IPv6 starts where a datagram fits.
    QString error;
    auto plan = wb::Plan::fromJson(
        QJsonDocument::fromJson(R"({"name":"p","hosts":{"a":{"transport":"local"},"b":{"transport":"local"}},
            "tests":[{"kind":"rfc2544","client":"a","server":"b","ip_version":6}]})")
            .object(),
        &error);
    QVERIFY2(plan, qPrintable(error));
    QCOMPARE(plan->cases.size(), 7);
    QCOMPARE(plan->cases.first().params.value(u"frame_size_bytes"_s).toInt(), 82);
    QVERIFY(plan->cases.first().standardFrameSizes);
}

void TstFramePath::reportedNicAndFamily()
{
    const QJsonObject sysinfo{
        {u"interfaces"_s,
         QJsonArray{QJsonObject{{u"name"_s, u"lo"_s}, {u"mtu"_s, 65536}, {u"addresses"_s, QJsonArray{u"127.0.0.1"_s, u"::1"_s}}},
                    QJsonObject{{u"name"_s, u"data0"_s},
                                {u"mtu"_s, 9000},
                                {u"addresses"_s, QJsonArray{u"2001:db8:d::12"_s, u"fe80::1"_s}}}}}};
    QCOMPARE(wb::reportedNic(u"h"_s, sysinfo, u"data0"_s).mtu, 9000);
    const wb::PathNic held = wb::reportedNic(u"h"_s, sysinfo, QString(), u"2001:db8:d::12"_s);
    QCOMPARE(held.nic, u"data0"_s);
    QCOMPARE(held.mtu, 9000);
    QCOMPARE(wb::reportedNic(u"h"_s, sysinfo, QString(), u"fe80::1%data0"_s).nic, u"data0"_s);
    QCOMPARE(wb::reportedNic(u"h"_s, sysinfo, u"eth9"_s).mtu, 0);
    QCOMPARE(wb::ipVersionOfAddress(u"198.51.100.1"_s), 4);
    QCOMPARE(wb::ipVersionOfAddress(u"2001:db8::1"_s), 6);
    QCOMPARE(wb::ipVersionOfAddress(u"fe80::1%eth0"_s), 6);
    QCOMPARE(wb::ipVersionOfAddress(u"::ffff:198.51.100.1"_s), 4);
    QCOMPARE(wb::ipVersionOfAddress(u"h2.lab"_s), 0);
}

void TstFramePath::inventoryMtuAddsJumboSizes_data()
{
    QTest::addColumn<int>("mtu1");
    QTest::addColumn<int>("mtu2");
    QTest::addColumn<QByteArray>("params");
    QTest::addColumn<QList<int>>("frames");
    const QList<int> standard{64, 128, 256, 512, 1024, 1280, 1518};
    QTest::newRow("9000 both") << 9000 << 9000 << QByteArray() << standard + QList<int>{2048, 4096, 8192, 9018};
    QTest::newRow("9000 and 4000") << 9000 << 4000 << QByteArray() << standard + QList<int>{2048, 4018};
    QTest::newRow("9000 and 1500") << 9000 << 1500 << QByteArray() << standard;
    QTest::newRow("one not known") << 9000 << 0 << QByteArray() << standard;
    // The plan's own list is the plan's: nothing joins it.
    QTest::newRow("named sizes") << 9000 << 9000 << QByteArray(R"(,"params":{"frame_size_bytes":[1518,4096]})")
                                 << QList<int>{1518, 4096};
}

void TstFramePath::inventoryMtuAddsJumboSizes()
{
    QFETCH(int, mtu1);
    QFETCH(int, mtu2);
    QFETCH(QByteArray, params);
    QFETCH(QList<int>, frames);
    wb::Inventory lab;
    for (int i : {1, 2}) {
        wb::Host h;
        h.name = u"h%1"_s.arg(i);
        h.address = u"198.51.100.1%1"_s.arg(i);
        lab.hosts.append(h);
        wb::Nic n;
        n.hostName = h.name;
        n.interfaceName = u"data0"_s;
        n.mtu = i == 1 ? mtu1 : mtu2;
        lab.nics.append(n);
    }
    QString error;
    auto plan = wb::Plan::fromJson(QJsonDocument::fromJson(R"({"name":"p","tests":[{"name":"rfc","kind":"rfc2544",
        "client":{"host":"h1","nic":"data0"},"server":{"host":"h2","nic":"data0"})" + params + "}]}")
                                       .object(),
                                   &error);
    QVERIFY2(plan, qPrintable(error));
    auto resolved = wb::PlanHosts::resolve(*plan, lab, &error);
    QVERIFY2(resolved, qPrintable(error));
    QList<int> got;
    QSet<QString> keys, names;
    for (const wb::TestCase &c : resolved->plan().cases) {
        got.append(c.params.value(u"frame_size_bytes"_s).toInt());
        keys.insert(c.key);
        names.insert(c.name);
        QCOMPARE(c.client.inventoryMtu, mtu1);
        QCOMPARE(c.server.inventoryMtu, mtu2);
        QVERIFY2(c.name.contains(u"frame_size_bytes=%1"_s.arg(got.last())), qPrintable(c.name));
    }
    QCOMPARE(got, frames);
    QCOMPARE(keys.size(), frames.size());
    QCOMPARE(names.size(), frames.size());
}

QTEST_GUILESS_MAIN(TstFramePath)
#include "tst_framepath.moc"
