// SPDX-License-Identifier: GPL-3.0-or-later
// Discovery from an agent's sysinfo: software interfaces (by the agent's
// verdict) are left out unless asked for and listed as left out, NICs come
// sorted in natural order with speed, duplex, driver and MAC, and an older
// agent without the verdict still has its loopback left out.

#include "inventory/nicdiscovery.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {

QJsonObject iface(const QString &name, const QString &mac, bool isVirtual, const QString &kind = {})
{
    QJsonObject o{{u"name"_s, name}, {u"mac"_s, mac}, {u"virtual"_s, isVirtual}, {u"operstate"_s, u"up"_s}};
    if (!kind.isEmpty())
        o.insert(u"virtual_kind"_s, kind);
    return o;
}

// What an agent reports on a lab host with two NICs, in the order /sys lists them.
QJsonObject labSysinfo()
{
    QJsonObject eth10 = iface(u"eth10"_s, u"00:10:18:aa:bb:02"_s, false);
    eth10.insert(u"speed_mbps"_s, 1000);
    eth10.insert(u"duplex"_s, u"full"_s);
    eth10.insert(u"driver"_s, u"tg3"_s);
    QJsonObject eth2 = iface(u"eth2"_s, u"00:10:18:aa:bb:01"_s, false);
    eth2.insert(u"speed_mbps"_s, 100);
    eth2.insert(u"duplex"_s, u"half"_s);
    eth2.insert(u"mtu"_s, 9000);
    eth2.insert(u"driver"_s, u"tulip"_s);
    QJsonObject down = iface(u"eno1"_s, u"00:10:18:aa:bb:03"_s, false);
    down.insert(u"speed_mbps"_s, -1);
    down.insert(u"duplex"_s, u"unknown"_s);
    return {{u"cpu_model"_s, u"Test CPU"_s},
            {u"cpus"_s, 2},
            {u"kernel"_s, u"Linux 6.1"_s},
            {u"interfaces"_s,
             QJsonArray{eth10, iface(u"ifb1"_s, u"aa:bb:cc:00:00:01"_s, true, u"ifb"_s),
                        iface(u"lo"_s, u"00:00:00:00:00:00"_s, true, u"loopback"_s), eth2,
                        iface(u"docker0"_s, u"02:42:00:00:00:01"_s, true, u"docker"_s),
                        iface(u"ifb0"_s, u"aa:bb:cc:00:00:00"_s, true, u"ifb"_s), down,
                        iface(u"veth9"_s, u"02:00:00:00:00:09"_s, true, u"veth"_s)}}};
}

QStringList names(const QList<wb::Nic> &nics)
{
    QStringList out;
    for (const wb::Nic &n : nics)
        out.append(n.interfaceName);
    return out;
}

} // namespace

class TstNicDiscovery : public QObject
{
    Q_OBJECT
private slots:
    void leavesOutSoftwareInterfaces();
    void includesThemWhenAsked();
    void naturalOrder_data();
    void naturalOrder();
    void olderAgentWithoutVerdict();
};

void TstNicDiscovery::leavesOutSoftwareInterfaces()
{
    wb::Host base;
    base.name = u"lab-a"_s;
    const auto d = wb::discoverFromSysinfo(labSysinfo(), base);
    QCOMPARE(names(d.nics), (QStringList{u"eno1"_s, u"eth2"_s, u"eth10"_s}));
    QCOMPARE(d.leftOut, (QStringList{u"docker0 (docker)"_s, u"ifb0 (ifb)"_s, u"ifb1 (ifb)"_s, u"lo (loopback)"_s,
                                     u"veth9 (veth)"_s}));
    QCOMPARE(d.links.size(), d.nics.size());
    const wb::Nic &eth2 = d.nics.at(1);
    QCOMPARE(eth2.hostName, u"lab-a"_s);
    QCOMPARE(eth2.mtu, 9000); // the agent's MTU, kept on the NIC
    QCOMPARE(d.nics.at(0).mtu, 0); // not reported: not known
    QCOMPARE(eth2.driver, u"tulip"_s);
    QCOMPARE(eth2.mac, u"00:10:18:aa:bb:01"_s);
    QCOMPARE(eth2.maxSpeedBps, qint64(100'000'000));
    QCOMPARE(eth2.duplex, u"half"_s);
    QCOMPARE(d.nics.at(2).duplex, u"full"_s);
    QCOMPARE(d.nics.at(2).maxSpeedBps, qint64(1'000'000'000));
    // A link that is down: no speed, no duplex rather than "unknown".
    QCOMPARE(d.nics.at(0).maxSpeedBps, qint64(0));
    QVERIFY(d.nics.at(0).duplex.isEmpty());
    QCOMPARE(d.host.cpu, u"2 × Test CPU"_s);
}

void TstNicDiscovery::includesThemWhenAsked()
{
    wb::Host base;
    base.name = u"lab-a"_s;
    const auto d = wb::discoverFromSysinfo(labSysinfo(), base, {.includeVirtual = true});
    QCOMPARE(names(d.nics), (QStringList{u"docker0"_s, u"eno1"_s, u"eth2"_s, u"eth10"_s, u"ifb0"_s, u"ifb1"_s,
                                         u"lo"_s, u"veth9"_s}));
    QVERIFY(d.leftOut.isEmpty());
    QCOMPARE(d.links.at(6).virtualKind, u"loopback"_s);
    QVERIFY(d.nics.at(6).mac.isEmpty()); // all zeros is no MAC
    QVERIFY(d.links.at(2).virtualKind.isEmpty());
}

void TstNicDiscovery::naturalOrder_data()
{
    QTest::addColumn<QString>("a");
    QTest::addColumn<QString>("b");
    QTest::newRow("digits by value") << u"eth2"_s << u"eth10"_s;
    QTest::newRow("letters first") << u"eno1"_s << u"eth0"_s;
    QTest::newRow("inner numbers") << u"enp3s0"_s << u"enp10s0"_s;
    QTest::newRow("prefix shorter") << u"eth"_s << u"eth0"_s;
    QTest::newRow("leading zeros") << u"eth01"_s << u"eth2"_s;
}

void TstNicDiscovery::naturalOrder()
{
    QFETCH(QString, a);
    QFETCH(QString, b);
    QVERIFY(wb::interfaceNameLess(a, b));
    QVERIFY(!wb::interfaceNameLess(b, a));
    QVERIFY(!wb::interfaceNameLess(a, a));
}

void TstNicDiscovery::olderAgentWithoutVerdict()
{
    const QJsonObject sysinfo{
        {u"interfaces"_s,
         QJsonArray{QJsonObject{{u"name"_s, u"lo"_s}, {u"mac"_s, u"00:00:00:00:00:00"_s}},
                    QJsonObject{{u"name"_s, u"tun0"_s}, {u"mac"_s, u""_s}},
                    QJsonObject{{u"name"_s, u"eth0"_s}, {u"mac"_s, u"00:10:18:aa:bb:cc"_s}}}}};
    const auto d = wb::discoverFromSysinfo(sysinfo, wb::Host{});
    QCOMPARE(names(d.nics), QStringList{u"eth0"_s});
    QCOMPARE(d.leftOut, (QStringList{u"lo (loopback)"_s, u"tun0 (no MAC)"_s}));
}

QTEST_GUILESS_MAIN(TstNicDiscovery)
#include "tst_nicdiscovery.moc"
