// SPDX-License-Identifier: GPL-3.0-or-later
// Environments as comparable fields: a run's from its agents' sysinfo and
// inventory path, a shipped baseline's from its record's structured
// environment and link; the field-by-field diff (only what both know
// compares, the rest is named as unknown); theoretical ceilings by kind.

#include "analysis/environmentfacts.h"
#include "analysis/ethernetceiling.h"
#include "exchange/baselineset.h"
#include "store/storedrun.h"

#include <QJsonArray>
#include <QTest>

using namespace Qt::StringLiterals;
using wb::EnvironmentFieldDiff;

class TstEnvironmentFacts : public QObject
{
    Q_OBJECT
private slots:
    void runFieldsFromSysinfoAndPath();
    void baselineFieldsFromTheSeed();
    void diffComparesOnlyWhatBothKnow();
    void runAgainstTheFtpTable();
    void ceilings_data();
    void ceilings();
    void ipVersionOfARun();

private:
    static wb::StoredRun run();
};

wb::StoredRun TstEnvironmentFacts::run()
{
    wb::StoredRun r;
    r.clientEndpoint = u"zeus/eth0"_s;
    r.serverEndpoint = u"torus/eth1"_s;
    r.record.kind = u"file_transfer"_s;
    r.clientEnvironment = QJsonObject{
        {u"kernel"_s, u"Linux 6.1.0-18-amd64"_s},
        {u"cpu_model"_s, u"Intel(R) Xeon(R)  E-2224"_s},
        {u"interfaces"_s,
         QJsonArray{QJsonObject{{u"name"_s, u"lo"_s}, {u"mtu"_s, 65536}},
                    QJsonObject{{u"name"_s, u"eth0"_s}, {u"driver"_s, u"e1000e"_s}, {u"driver_version"_s, u"3.2.6-k"_s},
                                {u"speed_mbps"_s, 100}, {u"duplex"_s, u"full"_s}, {u"mtu"_s, 1500},
                                {u"offloads"_s, QJsonObject{{u"tso"_s, true}, {u"gro"_s, false}}}}}}};
    r.serverEnvironment = QJsonObject{
        {u"kernel"_s, u"Linux 6.1.0-18-amd64"_s},
        {u"interfaces"_s, QJsonArray{QJsonObject{{u"name"_s, u"eth1"_s}, {u"driver"_s, u"tulip"_s}}}}};
    r.inventoryPath = QJsonArray{
        QJsonObject{{u"role"_s, u"client_nic"_s}, {u"type"_s, u"nic"_s}, {u"key"_s, u"zeus/eth0"_s},
                    {u"attrs"_s, QJsonObject{{u"vendor"_s, u"Intel"_s}, {u"model"_s, u"I219-LM"_s}}}},
        QJsonObject{{u"role"_s, u"cable"_s}, {u"type"_s, u"cable"_s}, {u"key"_s, u"c1"_s},
                    {u"attrs"_s, QJsonObject{{u"length_m"_s, 1}}}},
        QJsonObject{{u"role"_s, u"switch"_s}, {u"type"_s, u"switch"_s}, {u"key"_s, u"sw"_s},
                    {u"attrs"_s, QJsonObject{{u"model"_s, u"FS108"_s}, {u"vendor"_s, u"Netgear"_s}, {u"kind"_s, u"switch"_s}}}},
        QJsonObject{{u"role"_s, u"cable"_s}, {u"type"_s, u"cable"_s}, {u"key"_s, u"c2"_s},
                    {u"attrs"_s, QJsonObject{{u"length_m"_s, 65}}}},
        QJsonObject{{u"role"_s, u"server_nic"_s}, {u"type"_s, u"nic"_s}, {u"key"_s, u"torus/eth1"_s},
                    {u"attrs"_s, QJsonObject{{u"chip"_s, u"DEC 21140"_s}}}}};
    return r;
}

void TstEnvironmentFacts::runFieldsFromSysinfoAndPath()
{
    const wb::EnvironmentFacts f = wb::environmentFactsOfRun(run());
    QCOMPARE(f.value(u"client OS"_s), u"Linux"_s);
    QCOMPARE(f.value(u"client kernel"_s), u"6.1.0-18-amd64"_s);
    QCOMPARE(f.value(u"client CPU"_s), u"Intel(R) Xeon(R) E-2224"_s);
    QCOMPARE(f.value(u"client NIC"_s), u"Intel I219-LM"_s);
    QCOMPARE(f.value(u"client driver"_s), u"e1000e"_s);
    QCOMPARE(f.value(u"client driver version"_s), u"3.2.6-k"_s);
    QCOMPARE(f.value(u"server NIC"_s), u"DEC 21140"_s);
    QCOMPARE(f.value(u"server driver"_s), u"tulip"_s);
    QCOMPARE(f.value(u"client cable"_s), u"1 m"_s);
    QCOMPARE(f.value(u"server cable"_s), u"65 m"_s);
    QCOMPARE(f.value(u"switch"_s), u"Netgear FS108 (switch)"_s);
    QCOMPARE(f.value(u"link speed"_s), u"100 Mbit/s"_s);
    QCOMPARE(f.value(u"duplex"_s), u"full"_s);
    QCOMPARE(f.value(u"MTU"_s), u"1500"_s);
    QCOMPARE(f.value(u"offloads"_s), u"gro off, tso on"_s);
    QVERIFY(!f.contains(u"server CPU"_s)); // its agent did not say
    QCOMPARE(wb::runLinkSpeedBps(run()), 100e6);
}

void TstEnvironmentFacts::baselineFieldsFromTheSeed()
{
    const wb::BaselineSet set = wb::BaselineSet::loadBuiltin();
    QVERIFY2(set.isValid(), qPrintable(set.error()));
    // Torus -> Zeus: the 3c905 host sends to the tulip host through the hub.
    const wb::Baseline *b = set.find(u"rodichev1997/ftp/torus-zeus/file"_s);
    QVERIFY(b);
    const wb::EnvironmentFacts f = wb::environmentFactsOfBaseline(*b);
    QCOMPARE(f.value(u"client kernel"_s), u"2.1.21"_s);
    QCOMPARE(f.value(u"client NIC"_s), u"3Com 3c905"_s);
    QCOMPARE(f.value(u"client driver"_s), u"3c59x"_s);
    QCOMPARE(f.value(u"client driver version"_s), u"3c59x.c:v0.30-all"_s);
    QCOMPARE(f.value(u"client cable"_s), u"65 m"_s);
    QCOMPARE(f.value(u"server driver"_s), u"tulip"_s);
    QCOMPARE(f.value(u"server cable"_s), u"1 m"_s);
    QCOMPARE(f.value(u"switch"_s), u"hub (model not stated)"_s);
    QCOMPARE(f.value(u"link speed"_s), u"100 Mbit/s"_s);
    QCOMPARE(f.value(u"duplex"_s), u"half"_s);
    QVERIFY(!f.contains(u"MTU"_s)); // the report does not say
    QCOMPARE(wb::baselineLinkSpeedBps(*b), 100e6);

    // The Catalyst 5000 runs: the report gives no link speed.
    const wb::Baseline *cat = set.find(u"brown1999/tcp_rr/cat5000/ganesh-b10"_s);
    QVERIFY(cat);
    QCOMPARE(wb::baselineLinkSpeedBps(*cat), 0.0);
    QVERIFY(!wb::environmentFactsOfBaseline(*cat).contains(u"link speed"_s));
    QCOMPARE(wb::environmentFactsOfBaseline(*cat).value(u"switch"_s), u"Cisco Catalyst 5000 (switch)"_s);
}

void TstEnvironmentFacts::diffComparesOnlyWhatBothKnow()
{
    const wb::EnvironmentFacts a{{u"client driver"_s, u"tulip"_s}, {u"link speed"_s, u"100 Mbit/s"_s},
                                 {u"MTU"_s, u"1500"_s}};
    const wb::EnvironmentFacts b{{u"client driver"_s, u"e1000e"_s}, {u"link speed"_s, u"100 Mbit/s"_s},
                                 {u"duplex"_s, u"full"_s}};
    const QList<EnvironmentFieldDiff> d = wb::diffEnvironmentFacts(a, b);
    QCOMPARE(d.size(), 4); // driver, link speed, duplex, MTU in field order; nothing neither knows
    QCOMPARE(d[0].field, u"client driver"_s);
    QCOMPARE(d[0].state, EnvironmentFieldDiff::State::Differs);
    QCOMPARE(d[0].describe(u"A"_s, u"B"_s), u"client driver: tulip → e1000e"_s);
    QCOMPARE(d[1].field, u"link speed"_s);
    QCOMPARE(d[1].state, EnvironmentFieldDiff::State::Same);
    QCOMPARE(d[2].field, u"duplex"_s);
    QCOMPARE(d[2].state, EnvironmentFieldDiff::State::UnknownFirst);
    QCOMPARE(d[2].describe(u"A"_s, u"B"_s), u"duplex: not known for A (B has full)"_s);
    QCOMPARE(d[3].field, u"MTU"_s);
    QCOMPARE(d[3].state, EnvironmentFieldDiff::State::UnknownSecond);
}

void TstEnvironmentFacts::runAgainstTheFtpTable()
{
    const wb::BaselineSet set = wb::BaselineSet::loadBuiltin();
    const wb::Baseline *b = set.find(u"rodichev1997/ftp/zeus-torus/file"_s);
    QVERIFY(b);
    QMap<QString, EnvironmentFieldDiff> byField;
    for (const EnvironmentFieldDiff &d : wb::diffEnvironmentFacts(wb::environmentFactsOfRun(run()),
                                                                  wb::environmentFactsOfBaseline(*b)))
        byField.insert(d.field, d);
    QCOMPARE(byField.value(u"client kernel"_s).state, EnvironmentFieldDiff::State::Differs);
    QCOMPARE(byField.value(u"client kernel"_s).second, u"2.0.27"_s);
    QCOMPARE(byField.value(u"client driver"_s).second, u"tulip"_s);
    QCOMPARE(byField.value(u"link speed"_s).state, EnvironmentFieldDiff::State::Same);
    QCOMPARE(byField.value(u"duplex"_s).state, EnvironmentFieldDiff::State::Differs); // full now, a half-duplex hub then
    QCOMPARE(byField.value(u"client cable"_s).state, EnvironmentFieldDiff::State::Same); // 1 m both
    QCOMPARE(byField.value(u"server cable"_s).state, EnvironmentFieldDiff::State::Same); // 65 m both
    QCOMPARE(byField.value(u"MTU"_s).state, EnvironmentFieldDiff::State::UnknownSecond);
    QCOMPARE(byField.value(u"offloads"_s).state, EnvironmentFieldDiff::State::UnknownSecond);
}

void TstEnvironmentFacts::ceilings_data()
{
    QTest::addColumn<QString>("metric");
    QTest::addColumn<QString>("kind");
    QTest::addColumn<int>("size");
    QTest::addColumn<double>("linkBps");
    QTest::addColumn<double>("expected");
    QTest::addColumn<int>("ipVersion");
    QTest::addColumn<int>("mtu"); // 0: standard
    // 100 Mbit/s of 1518-byte frames: 8127 frames/s of 1472 B of UDP.
    QTest::newRow("udp 1472 B at 100M") << u"throughput_bps"_s << u"udp_stream"_s << 1472 << 100e6
                                         << 100e6 / (1538 * 8) * 1472 * 8 << 4 << 0;
    QTest::newRow("udp 1 B at 100M") << u"throughput_bps"_s << u"udp_stream"_s << 1 << 100e6 << 100e6 / (84 * 8) * 8 << 4 << 0;
    QTest::newRow("tcp at 1G") << u"throughput_bps"_s << u"tcp_stream"_s << 131072 << 1e9 << 1e9 / (1538 * 8) * 1460 * 8 << 4 << 0;
    QTest::newRow("ftp at 100M") << u"throughput_bps"_s << u"file_transfer"_s << 0 << 100e6 << 100e6 / (1538 * 8) * 1460 * 8 << 4 << 0;
    QTest::newRow("64 B frames at 100M") << u"packets_per_s"_s << u"soak"_s << 18 << 100e6 << 148809.52380952382 << 4 << 0;
    QTest::newRow("rr has none") << u"transactions_per_s"_s << u"tcp_rr"_s << 1 << 100e6 << 0.0 << 4 << 0;
    QTest::newRow("no link") << u"throughput_bps"_s << u"udp_stream"_s << 1472 << 0.0 << 0.0 << 4 << 0;
    // IPv6: 40 bytes of IP header, so 1452 B of UDP fill a 1518-byte frame
    // and 1472 B no longer fit one; TCP carries 1440 B a frame.
    QTest::newRow("IPv6 udp 1452 B at 100M") << u"throughput_bps"_s << u"udp_stream"_s << 1452 << 100e6
                                              << 100e6 / (1538 * 8) * 1452 * 8 << 6 << 0;
    QTest::newRow("IPv6 udp 1472 B: no frame") << u"throughput_bps"_s << u"udp_stream"_s << 1472 << 100e6 << 0.0 << 6
                                               << 0;
    QTest::newRow("IPv6 tcp at 1G") << u"throughput_bps"_s << u"tcp_stream"_s << 131072 << 1e9
                                    << 1e9 / (1538 * 8) * 1440 * 8 << 6 << 0;
    QTest::newRow("IPv6 18 B: 84-byte frames") << u"packets_per_s"_s << u"soak"_s << 18 << 100e6
                                               << 100e6 / (104 * 8) << 6 << 0;
    // Jumbo frames: MTU 9000 carries 8972 B of UDP over IPv4 in 9018-byte frames.
    QTest::newRow("jumbo udp 8972 B at 1G") << u"throughput_bps"_s << u"udp_stream"_s << 8972 << 1e9
                                            << 1e9 / (9038 * 8) * 8972 * 8 << 4 << 9000;
    QTest::newRow("jumbo udp at MTU 1500: none") << u"throughput_bps"_s << u"udp_stream"_s << 8972 << 1e9 << 0.0 << 4
                                                 << 1500;
    QTest::newRow("jumbo tcp at 1G") << u"throughput_bps"_s << u"tcp_stream"_s << 131072 << 1e9
                                     << 1e9 / (9038 * 8) * 8960 * 8 << 4 << 9000;
}

void TstEnvironmentFacts::ceilings()
{
    QFETCH(QString, metric);
    QFETCH(QString, kind);
    QFETCH(int, size);
    QFETCH(double, linkBps);
    QFETCH(double, expected);
    QFETCH(int, ipVersion);
    QFETCH(int, mtu);
    QJsonObject params;
    if (size > 0)
        params.insert(u"message_size_bytes"_s, size);
    const double got = wb::theoreticalCeiling(metric, kind, params, linkBps, 0, ipVersion, mtu);
    QVERIFY2(std::fabs(got - expected) <= 1e-9 * std::max(1.0, expected), qPrintable(QString::number(got, 'f', 6)));
}

// The IP version of a stored run: what the orchestrator recorded, else the
// family of the addresses the ends bound.
void TstEnvironmentFacts::ipVersionOfARun()
{
    wb::StoredRun r;
    QCOMPARE(wb::ipVersionOfRun(r), 4);
    r.record.extra.insert(u"server_address"_s, u"2001:db8:d::12"_s);
    QCOMPARE(wb::ipVersionOfRun(r), 6);
    r.record.extra.insert(u"bound_address"_s, u"::ffff:198.51.100.1"_s);
    QCOMPARE(wb::ipVersionOfRun(r), 4);
    r.record.extra.insert(u"ip_version"_s, 6);
    QCOMPARE(wb::ipVersionOfRun(r), 6);
    r.clientEnvironment = QJsonObject{{u"interfaces"_s, QJsonArray{QJsonObject{{u"name"_s, u"eth0"_s}, {u"mtu"_s, 9000}}}}};
    r.clientEndpoint = u"a/eth0"_s;
    QCOMPARE(wb::runMtu(r), 9000);
}

QTEST_GUILESS_MAIN(TstEnvironmentFacts)
#include "tst_environmentfacts.moc"
