// SPDX-License-Identifier: GPL-3.0-or-later
// The agent's one verdict on which interfaces are NICs: a fake
// /sys/class/net tree in a temporary folder with one interface per kind
// (what the kernel puts there for it), then this machine's own /sys, where
// lo must be virtual and every interface with a device behind it a NIC.

#include "interfaceclass.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {

void writeFile(const QString &path, const QByteArray &text)
{
    QFile f(path);
    QVERIFY2(f.open(QIODevice::WriteOnly), qPrintable(path));
    f.write(text);
}

} // namespace

class TstInterfaceClass : public QObject
{
    Q_OBJECT
private slots:
    void fakeSysTree_data();
    void fakeSysTree();
    void thisMachine();
};

void TstInterfaceClass::fakeSysTree_data()
{
    // name, ARPHRD type, DEVTYPE, extras (device, bridge, tun_flags, bonding), virtual, kind
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("type");
    QTest::addColumn<QString>("devtype");
    QTest::addColumn<QStringList>("extras");
    QTest::addColumn<bool>("isVirtual");
    QTest::addColumn<QString>("kind");
    QTest::newRow("pci NIC") << u"enp3s0"_s << u"1"_s << QString() << QStringList{u"device"_s} << false << QString();
    QTest::newRow("virtio NIC") << u"eth0"_s << u"1"_s << QString() << QStringList{u"device"_s} << false << QString();
    QTest::newRow("wireless") << u"wlp2s0"_s << u"1"_s << u"wlan"_s << QStringList{u"device"_s} << false << QString();
    QTest::newRow("loopback") << u"lo"_s << u"772"_s << QString() << QStringList{} << true << u"loopback"_s;
    QTest::newRow("loopback by type") << u"lo2"_s << u"772"_s << QString() << QStringList{} << true << u"loopback"_s;
    QTest::newRow("ifb") << u"ifb0"_s << u"1"_s << QString() << QStringList{} << true << u"ifb"_s;
    QTest::newRow("veth") << u"veth1a2b"_s << u"1"_s << QString() << QStringList{} << true << u"veth"_s;
    QTest::newRow("veth of any name") << u"wbva1"_s << u"1"_s << QString() << QStringList{} << true << u"software"_s;
    QTest::newRow("bridge") << u"br0"_s << u"1"_s << u"bridge"_s << QStringList{u"bridge"_s} << true << u"bridge"_s;
    QTest::newRow("docker bridge") << u"docker0"_s << u"1"_s << u"bridge"_s << QStringList{u"bridge"_s} << true
                                   << u"docker"_s;
    QTest::newRow("libvirt bridge") << u"virbr0"_s << u"1"_s << u"bridge"_s << QStringList{u"bridge"_s} << true
                                    << u"virbr"_s;
    QTest::newRow("tap") << u"tap0"_s << u"1"_s << QString() << QStringList{u"tun_flags"_s} << true << u"tun"_s;
    QTest::newRow("tun") << u"tun0"_s << u"65534"_s << QString() << QStringList{u"tun_flags"_s} << true << u"tun"_s;
    QTest::newRow("bond") << u"bond0"_s << u"1"_s << u"bond"_s << QStringList{u"bonding"_s} << true << u"bond"_s;
    QTest::newRow("vlan") << u"eth0.100"_s << u"1"_s << u"vlan"_s << QStringList{} << true << u"vlan"_s;
    QTest::newRow("dummy") << u"dummy0"_s << u"1"_s << QString() << QStringList{} << true << u"dummy"_s;
    QTest::newRow("docker veth") << u"vethf00d"_s << u"1"_s << QString() << QStringList{} << true << u"veth"_s;
}

void TstInterfaceClass::fakeSysTree()
{
    QFETCH(QString, name);
    QFETCH(QString, type);
    QFETCH(QString, devtype);
    QFETCH(QStringList, extras);
    QFETCH(bool, isVirtual);
    QFETCH(QString, kind);
    QTemporaryDir sys;
    QVERIFY(sys.isValid());
    const QString dir = sys.path() + u"/class/net/"_s + name;
    QVERIFY(QDir().mkpath(dir));
    writeFile(dir + u"/type"_s, type.toUtf8() + '\n');
    QByteArray uevent = "INTERFACE=" + name.toUtf8() + "\nIFINDEX=3\n";
    if (!devtype.isEmpty())
        uevent += "DEVTYPE=" + devtype.toUtf8() + '\n';
    writeFile(dir + u"/uevent"_s, uevent);
    writeFile(dir + u"/address"_s, "02:00:00:00:00:01\n");
    for (const QString &e : std::as_const(extras)) {
        if (e == u"tun_flags"_s)
            writeFile(dir + u"/tun_flags"_s, "0x1002\n");
        else if (e == u"device"_s) {
            // As on a real machine: a link into /sys/devices.
            QVERIFY(QDir().mkpath(sys.path() + u"/devices/pci0000:00/0000:03:00.0"_s));
            QVERIFY(QFile::link(sys.path() + u"/devices/pci0000:00/0000:03:00.0"_s, dir + u"/device"_s));
        } else
            QVERIFY(QDir().mkpath(dir + u'/' + e));
    }
    const auto c = wb::agent::classifyInterface((sys.path() + u"/class/net"_s).toStdString(), name.toStdString());
    QCOMPARE(c.isVirtual, isVirtual);
    QCOMPARE(QString::fromStdString(c.kind), kind);
}

void TstInterfaceClass::thisMachine()
{
    const QString net = u"/sys/class/net"_s;
    if (!QFileInfo::exists(net + u"/lo"_s))
        QSKIP("no /sys/class/net/lo on this machine");
    const auto lo = wb::agent::classifyInterface(net.toStdString(), "lo");
    QVERIFY(lo.isVirtual);
    QCOMPARE(QString::fromStdString(lo.kind), u"loopback"_s);
    // Whatever else is here: an interface with a device behind it is a NIC,
    // one without is not.
    const QStringList names = QDir(net).entryList(QDir::Dirs | QDir::NoDotAndDotDot | QDir::System);
    for (const QString &n : names) {
        const auto c = wb::agent::classifyInterface(net.toStdString(), n.toStdString());
        const bool hasDevice = QFileInfo::exists(net + u'/' + n + u"/device"_s);
        const bool softwareKind = QFileInfo::exists(net + u'/' + n + u"/bridge"_s) ||
                                  QFileInfo::exists(net + u'/' + n + u"/tun_flags"_s) ||
                                  QFileInfo::exists(net + u'/' + n + u"/bonding"_s);
        QVERIFY2(c.isVirtual == (!hasDevice || softwareKind || n == u"lo"_s), qPrintable(n));
        if (n.startsWith(u"ifb"_s))
            QCOMPARE(QString::fromStdString(c.kind), u"ifb"_s);
    }
}

QTEST_GUILESS_MAIN(TstInterfaceClass)
#include "tst_interfaceclass.moc"
