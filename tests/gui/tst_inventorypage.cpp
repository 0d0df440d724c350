// SPDX-License-Identifier: GPL-3.0-or-later
// The Inventory page: every table model under QAbstractItemModelTester
// while it is edited; validation refuses bad names, addresses, jump hosts,
// data port ranges, duplexes, cable lengths and double-used NICs, cables
// and ports (links and uplinks) with a message that says what to enter;
// every SSH and data setting of a host and a NIC's duplex are edited
// through the model; uplinks are added, follow renames, go with their
// switch or cable and are drawn;
// undo/redo restore exactly (also cascades); the topology scene has one node
// per host and switch and one labelled edge per link, and clicking a node
// selects its row; lab files round-trip; the example lab opens; saving and
// loading through a real database; Discover fills a local host's NICs from
// the real local agent.

#include "config/settings.h"
#include "../core/storeservicefixture.h"
#include "inventorydocument.h"
#include "inventorypage.h"
#include "inventorytablemodel.h"
#include "messagebox.h"
#include "store/inventorystore.h"
#include "store/resultstore.h"
#include "store/runstore.h"
#include "topologyscene.h"
#include "inventory/nicdiscovery.h"

#include <QAbstractItemModelTester>
#include <QGraphicsItem>
#include <QGraphicsView>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

using namespace Qt::StringLiterals;
using wb::gui::InventoryFields;
using wb::gui::InventoryTable;

class TstInventoryPage : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void cleanup();
    void opensLabFile();
    void validation_data();
    void validation();
    void addressSyntax_data();
    void addressSyntax();
    void hostSshAndDataSettings();
    void nicDuplex();
    void uplinks();
    void uplinksSavedToDatabase();
    void uplinkTopologyReadable();
    void undoRedoWithCascade();
    void addAndRemoveRows();
    void topology();
    void exampleLabTopologyReadable();
    void emptyLabShowsWhatToDo();
    void portsInUseAndPortWarnings();
    void clickSelectsRow();
    void exportRoundTrip();
    void exampleLab();
    void databaseSaveAndLoad();
    void discoverLocalHost();
    void discoveredNicsInOrder();

private:
    void openTinyLab();
    // The tiny lab with a hub and an uplink fs108 port 8 -> U1 (20 m) -> hub2 port 1.
    void openUplinkLab();
    QString tinyLab() const { return QStringLiteral(WB_TEST_DATA_DIR) + u"/labs/tiny-lab.json"_s; }
    std::unique_ptr<wb::Settings> m_settings;
    std::unique_ptr<wb::gui::InventoryPage> m_page;
    QList<QAbstractItemModelTester *> m_testers;
};

void TstInventoryPage::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(u"WirebenchTest"_s);
}

void TstInventoryPage::init()
{
    m_settings = std::make_unique<wb::Settings>();
    m_page = std::make_unique<wb::gui::InventoryPage>(*m_settings);
    for (int t = 0; t < wb::gui::kInventoryTableCount; ++t)
        m_testers.append(new QAbstractItemModelTester(m_page->model(static_cast<InventoryTable>(t)),
                                                      QAbstractItemModelTester::FailureReportingMode::QtTest,
                                                      m_page.get()));
    m_page->resize(1100, 700);
    m_page->show();
    QVERIFY(QTest::qWaitForWindowActive(m_page.get()));
}

void TstInventoryPage::cleanup()
{
    m_testers.clear();
    m_page.reset();
    m_settings.reset();
}

void TstInventoryPage::openTinyLab()
{
    QSignalSpy loaded(m_page.get(), &wb::gui::InventoryPage::labLoaded);
    m_page->openLabFile(tinyLab());
    QVERIFY(loaded.wait(10000));
}

void TstInventoryPage::opensLabFile()
{
    openTinyLab();
    const wb::Inventory &inv = m_page->document()->inventory();
    QCOMPARE(inv.hosts.size(), 3);
    QCOMPARE(m_page->model(InventoryTable::Nics)->rowCount(), 4);
    QCOMPARE(m_page->model(InventoryTable::Links)->rowCount(), 3);
    QCOMPARE(m_page->model(InventoryTable::Cables)->index(1, 2).data(Qt::EditRole).toDouble(), 65.0);
    // Opening is one undoable step.
    QCOMPARE(m_page->document()->undoStack()->count(), 1);
    m_page->document()->undoStack()->undo();
    QCOMPARE(m_page->model(InventoryTable::Hosts)->rowCount(), 0);
    // A broken file says which file and what to do.
    QTemporaryDir dir;
    const QString bad = dir.filePath(u"bad.json"_s);
    QFile f(bad);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(R"({"format": "wirebench-lab", "version": 1, "hosts": [{"name": ""}]})");
    f.close();
    const int before = wb::gui::MessageBox::dialogCount();
    wb::gui::MessageBox::setNextAnswer(0);
    m_page->openLabFile(bad);
    QTRY_COMPARE_WITH_TIMEOUT(wb::gui::MessageBox::dialogCount(), before + 1, 10000);
    QVERIFY2(wb::gui::MessageBox::lastText().contains(bad), qPrintable(wb::gui::MessageBox::lastText()));
    QVERIFY(wb::gui::MessageBox::lastText().contains(u"Fix the lab file"_s));
}

void TstInventoryPage::validation_data()
{
    QTest::addColumn<int>("table");
    QTest::addColumn<int>("row");
    QTest::addColumn<int>("column");
    QTest::addColumn<QVariant>("value");
    QTest::addColumn<QString>("error"); // empty: accepted

    const int hosts = int(InventoryTable::Hosts), nics = int(InventoryTable::Nics),
              sws = int(InventoryTable::Switches), cables = int(InventoryTable::Cables),
              links = int(InventoryTable::Links);
    QTest::newRow("cable length ok") << cables << 0 << 2 << QVariant(u"2.5"_s) << QString();
    QTest::newRow("cable length zero") << cables << 0 << 2 << QVariant(0.0) << QString();
    QTest::newRow("cable length negative") << cables << 0 << 2 << QVariant(u"-1"_s) << u"from 0 to"_s;
    QTest::newRow("cable length absurd") << cables << 0 << 2 << QVariant(u"5000"_s) << u"from 0 to"_s;
    QTest::newRow("cable length text") << cables << 0 << 2 << QVariant(u"long"_s) << u"metres"_s;
    QTest::newRow("cable label duplicate") << cables << 0 << 0 << QVariant(u"C65"_s) << u"already a cable"_s;
    QTest::newRow("host name bad") << hosts << 0 << 0 << QVariant(u"adam smith"_s) << u"not a valid host name"_s;
    QTest::newRow("host name duplicate") << hosts << 0 << 0 << QVariant(u"eve"_s) << u"already a host"_s;
    QTest::newRow("host address ipv4") << hosts << 0 << 1 << QVariant(u"198.51.100.7"_s) << QString();
    QTest::newRow("host address ipv6") << hosts << 0 << 1 << QVariant(u"2001:db8::7"_s) << QString();
    QTest::newRow("host address name") << hosts << 0 << 1 << QVariant(u"adam.lab.example"_s) << QString();
    QTest::newRow("host address bad quad") << hosts << 0 << 1 << QVariant(u"192.0.2.300"_s)
                                           << u"neither an IP address"_s;
    QTest::newRow("ssh port bad") << hosts << 0 << int(wb::gui::HostColumn::SshPort) << QVariant(u"70000"_s)
                                  << u"1 to 65535"_s;
    const int sshAddress = wb::gui::HostColumn::SshAddress, jump = wb::gui::HostColumn::JumpHost,
              ports = wb::gui::HostColumn::DataPorts, key = wb::gui::HostColumn::SshKeyPath;
    QTest::newRow("ssh address ok") << hosts << 0 << sshAddress << QVariant(u"198.51.100.20"_s) << QString();
    QTest::newRow("ssh address bad") << hosts << 0 << sshAddress << QVariant(u"10.0.0.999"_s)
                                     << u"Enter the management address SSH connects to"_s;
    QTest::newRow("jump host ok") << hosts << 0 << jump << QVariant(u"lab@bastion:2222"_s) << QString();
    QTest::newRow("jump host ipv6") << hosts << 0 << jump << QVariant(u"[2001:db8::1]:22"_s) << QString();
    QTest::newRow("jump host two hops") << hosts << 0 << jump << QVariant(u"a,b"_s) << u"not one jump host"_s;
    QTest::newRow("jump host option") << hosts << 0 << jump << QVariant(u"-oProxyCommand=x"_s)
                                      << u"'-oProxyCommand=x' is not one jump host"_s;
    QTest::newRow("jump host port") << hosts << 0 << jump << QVariant(u"bastion:70000"_s) << u"[user@]host[:port]"_s;
    QTest::newRow("data ports range") << hosts << 0 << ports << QVariant(u"5201-5299"_s) << QString();
    QTest::newRow("data ports one") << hosts << 0 << ports << QVariant(u"5201"_s) << QString();
    QTest::newRow("data ports en dash") << hosts << 0 << ports << QVariant(u"5201 – 5210"_s) << QString();
    QTest::newRow("data ports text") << hosts << 0 << ports << QVariant(u"fast"_s) << u"'fast' is not a port range"_s;
    QTest::newRow("data ports half") << hosts << 0 << ports << QVariant(u"5201-"_s) << u"min-max, e.g. 5201-5299"_s;
    QTest::newRow("data ports zero") << hosts << 0 << ports << QVariant(u"0-100"_s) << u"from 1 to 65535"_s;
    QTest::newRow("data ports too big") << hosts << 0 << ports << QVariant(u"65000-70000"_s) << u"from 1 to 65535"_s;
    QTest::newRow("data ports backwards") << hosts << 0 << ports << QVariant(u"5299-5201"_s)
                                          << u"run backwards"_s;
    QTest::newRow("identity file ok") << hosts << 0 << key << QVariant(u"~/.ssh/id_ed25519"_s) << QString();
    QTest::newRow("identity file key") << hosts << 0 << key
                                       << QVariant(u"-----BEGIN OPENSSH PRIVATE KEY-----\nb3Bl"_s)
                                       << u"not the key itself"_s;
    const int duplex = wb::gui::NicColumn::Duplex;
    QTest::newRow("duplex full") << nics << 0 << duplex << QVariant(u"full"_s) << QString();
    QTest::newRow("duplex Half") << nics << 0 << duplex << QVariant(u"Half"_s) << QString();
    QTest::newRow("duplex bad") << nics << 0 << duplex << QVariant(u"auto"_s) << u"'auto' is not a duplex"_s;
    QTest::newRow("nic on unknown host") << nics << 0 << 0 << QVariant(u"noah"_s) << u"no host 'noah'"_s;
    QTest::newRow("nic name bad") << nics << 0 << 1 << QVariant(u"-eth0"_s) << u"not an interface name"_s;
    QTest::newRow("nic name duplicate") << nics << 0 << 1 << QVariant(u"eth1"_s) << u"already has an interface"_s;
    QTest::newRow("nic mac bad") << nics << 0 << 6 << QVariant(u"00:11:22"_s) << u"not a MAC"_s;
    QTest::newRow("switch kind bad") << sws << 0 << 3 << QVariant(u"router"_s) << u"not a switch kind"_s;
    QTest::newRow("switch kind ok") << sws << 0 << 3 << QVariant(u"hub"_s) << QString();
    QTest::newRow("link nic twice") << links << 1 << 0 << QVariant(u"adam/eth0"_s) << u"already in link"_s;
    QTest::newRow("link peer nic twice") << links << 2 << 4 << QVariant(u"eve/eth0"_s) << u"already in link"_s;
    QTest::newRow("link port taken") << links << 1 << 3 << QVariant(1) << u"already used by link"_s;
    QTest::newRow("link port beyond switch") << links << 1 << 3 << QVariant(9) << u"ports 1 to 8"_s;
    QTest::newRow("link port ok") << links << 1 << 3 << QVariant(5) << QString();
    QTest::newRow("link unknown cable") << links << 0 << 1 << QVariant(u"C99"_s) << u"no cable 'C99'"_s;
    QTest::newRow("link cable twice") << links << 0 << 1 << QVariant(u"C65"_s) << u"already used by link"_s;
    QTest::newRow("link unknown nic") << links << 0 << 0 << QVariant(u"adam/eth7"_s) << u"no NIC"_s;
}

void TstInventoryPage::validation()
{
    QFETCH(int, table);
    QFETCH(int, row);
    QFETCH(int, column);
    QFETCH(QVariant, value);
    QFETCH(QString, error);
    openTinyLab();
    auto *model = m_page->model(static_cast<InventoryTable>(table));
    const QModelIndex index = model->index(row, column);
    const wb::Inventory before = m_page->document()->inventory();
    const QVariant old = index.data(Qt::EditRole);
    const int undoCount = m_page->document()->undoStack()->count();
    const bool accepted = model->setData(index, value);
    if (error.isEmpty()) {
        QVERIFY2(accepted, qPrintable(model->lastError()));
        QCOMPARE(m_page->document()->undoStack()->count(), undoCount + 1);
        m_page->document()->undoStack()->undo();
        QCOMPARE(index.data(Qt::EditRole), old);
    } else {
        QVERIFY(!accepted);
        QVERIFY2(model->lastError().contains(error), qPrintable(model->lastError()));
        QVERIFY2(m_page->message().contains(error), qPrintable(m_page->message()));
        QCOMPARE(index.data(Qt::EditRole), old);
        QCOMPARE(m_page->document()->undoStack()->count(), undoCount);
    }
    QCOMPARE(m_page->document()->inventory().toJson(), before.toJson());
}

void TstInventoryPage::addressSyntax_data()
{
    QTest::addColumn<QString>("address");
    QTest::addColumn<bool>("valid");
    QTest::newRow("ipv4") << u"192.0.2.1"_s << true;
    QTest::newRow("ipv6") << u"::1"_s << true;
    QTest::newRow("name") << u"lab-pc3"_s << true;
    QTest::newRow("fqdn") << u"a.b.example"_s << true;
    QTest::newRow("octet too big") << u"192.0.2.256"_s << false;
    QTest::newRow("three octets") << u"192.0.2"_s << false;
    QTest::newRow("underscore") << u"lab_pc"_s << false;
    QTest::newRow("leading dash") << u"-lab"_s << false;
    QTest::newRow("space") << u"lab pc"_s << false;
    QTest::newRow("empty label") << u"a..b"_s << false;
}

void TstInventoryPage::addressSyntax()
{
    QFETCH(QString, address);
    QFETCH(bool, valid);
    QCOMPARE(InventoryFields::isValidAddress(address), valid);
}

void TstInventoryPage::hostSshAndDataSettings()
{
    using wb::gui::HostColumn;
    openTinyLab();
    auto *hosts = m_page->model(InventoryTable::Hosts);
    // The headers say what each is; the table shows the part in parentheses
    // on a second line, and the tooltip what to enter.
    QCOMPARE(InventoryFields::header(InventoryTable::Hosts, HostColumn::SshAddress), u"SSH address (management)"_s);
    QCOMPARE(hosts->headerData(HostColumn::SshAddress, Qt::Horizontal).toString(), u"SSH address\n(management)"_s);
    QVERIFY(hosts->headerData(HostColumn::JumpHost, Qt::Horizontal, Qt::ToolTipRole).toString().contains(u"[user@]"_s));
    QCOMPARE(hosts->columnCount(), int(HostColumn::Count));
    const struct
    {
        int column;
        QString value;
    } edits[] = {{HostColumn::SshAddress, u"198.51.100.20"_s},
                 {HostColumn::SshUser, u"lab"_s},
                 {HostColumn::SshPort, u"2222"_s},
                 {HostColumn::SshKeyPath, u"~/.ssh/lab_ed25519"_s},
                 {HostColumn::JumpHost, u"ops@bastion:2200"_s},
                 {HostColumn::DataPorts, u" 5201-5299 "_s}};
    for (const auto &e : edits)
        QVERIFY2(hosts->setData(hosts->index(0, e.column), e.value), qPrintable(hosts->lastError()));
    const wb::Host adam = *m_page->document()->inventory().host(u"adam"_s);
    QCOMPARE(adam.sshAddress, u"198.51.100.20"_s);
    QCOMPARE(adam.sshUser, u"lab"_s);
    QCOMPARE(adam.sshPort, 2222);
    QCOMPARE(adam.sshKeyPath, u"~/.ssh/lab_ed25519"_s);
    QCOMPARE(adam.jumpHost, u"ops@bastion:2200"_s);
    QCOMPARE(adam.dataPortMin, 5201);
    QCOMPARE(adam.dataPortMax, 5299);
    QCOMPARE(adam.address, u"192.0.2.1"_s); // the data address stays
    QCOMPARE(hosts->index(0, HostColumn::DataPorts).data().toString(), u"5201-5299"_s);
    // They reach the lab file as its fields.
    QString error;
    auto back = wb::Inventory::fromJson(m_page->document()->inventory().toJson(), u"page"_s, &error);
    QVERIFY2(back, qPrintable(error));
    QVERIFY(back->host(u"adam"_s)->sameAttributes(adam));
    // One port is a range of one; empty is any port again.
    QVERIFY(hosts->setData(hosts->index(0, HostColumn::DataPorts), u"5201"_s));
    QCOMPARE(m_page->document()->inventory().host(u"adam"_s)->dataPortMax, 5201);
    QCOMPARE(hosts->index(0, HostColumn::DataPorts).data().toString(), u"5201"_s);
    QVERIFY(hosts->setData(hosts->index(0, HostColumn::DataPorts), QString()));
    QCOMPARE(m_page->document()->inventory().host(u"adam"_s)->dataPortMin, 0);
    QCOMPARE(m_page->document()->inventory().host(u"adam"_s)->dataPortMax, 0);
    QVERIFY(hosts->setData(hosts->index(0, HostColumn::JumpHost), QString()));
    QVERIFY(m_page->document()->inventory().host(u"adam"_s)->jumpHost.isEmpty());
    // Each edit is one undo step.
    QCOMPARE(m_page->document()->undoStack()->count(), 1 + 6 + 3);
    m_page->document()->undoStack()->setIndex(1);
    QVERIFY(m_page->document()->inventory().host(u"adam"_s)->sshAddress.isEmpty());
}

void TstInventoryPage::nicDuplex()
{
    using wb::gui::NicColumn;
    openTinyLab();
    auto *nics = m_page->model(InventoryTable::Nics);
    QCOMPARE(nics->headerData(NicColumn::Duplex, Qt::Horizontal).toString(), u"Duplex"_s);
    QVERIFY(nics->index(0, NicColumn::Duplex).data().toString().isEmpty());
    QVERIFY(nics->setData(nics->index(0, NicColumn::Duplex), u" Full "_s));
    QCOMPARE(m_page->document()->inventory().nics.at(0).duplex, u"full"_s);
    QCOMPARE(nics->index(0, NicColumn::Duplex).data().toString(), u"full"_s);
    // Discovery brings the duplex; a link that is down keeps what was known.
    wb::Nic found = m_page->document()->inventory().nics.at(1);
    found.duplex = u"half"_s;
    found.maxSpeedBps = 10'000'000;
    m_page->document()->applyDiscovery(*m_page->document()->inventory().host(found.hostName), {found}, u"d"_s);
    QCOMPARE(m_page->document()->inventory().nic(found.key())->duplex, u"half"_s);
    found.duplex.clear();
    found.maxSpeedBps = 0;
    m_page->document()->applyDiscovery(*m_page->document()->inventory().host(found.hostName), {found}, u"d"_s);
    QCOMPARE(m_page->document()->inventory().nic(found.key())->duplex, u"half"_s);
    QCOMPARE(m_page->document()->inventory().nic(found.key())->maxSpeedBps, qint64(10'000'000));
    // Cleared, it is not known again.
    const int row = InventoryFields::rowOfKey(m_page->document()->inventory(), InventoryTable::Nics, found.key());
    QVERIFY(nics->setData(nics->index(row, NicColumn::Duplex), QString()));
    QVERIFY(m_page->document()->inventory().nic(found.key())->duplex.isEmpty());
}

void TstInventoryPage::openUplinkLab()
{
    QString error;
    auto lab = wb::Inventory::fromFile(tinyLab(), &error);
    QVERIFY2(lab, qPrintable(error));
    wb::NetworkSwitch hub;
    hub.name = u"hub2"_s;
    hub.kind = wb::SwitchKind::Hub;
    hub.ports = 4;
    lab->switches.append(hub);
    for (const QString &label : {u"U1"_s, u"U2"_s}) {
        wb::Cable c;
        c.label = label;
        c.lengthM = 20;
        lab->cables.append(c);
    }
    wb::Uplink u;
    u.switchName = u"fs108"_s;
    u.switchPort = 8;
    u.cableLabel = u"U1"_s;
    u.peerSwitchName = u"hub2"_s;
    u.peerSwitchPort = 1;
    lab->uplinks.append(u);
    m_page->document()->replace(*lab, u"uplink lab"_s);
}

void TstInventoryPage::uplinks()
{
    using wb::gui::UplinkColumn;
    openUplinkLab();
    auto *uplinks = m_page->model(InventoryTable::Uplinks);
    auto *tabs = m_page->findChild<QTabWidget *>(u"inventoryTabs"_s);
    QCOMPARE(tabs->tabText(int(InventoryTable::Uplinks)), u"Uplinks"_s);
    QCOMPARE(uplinks->rowCount(), 1);
    QCOMPARE(uplinks->columnCount(), int(UplinkColumn::Count));
    QCOMPARE(uplinks->headerData(UplinkColumn::PeerSwitch, Qt::Horizontal).toString(), u"Peer switch"_s);
    QCOMPARE(uplinks->index(0, UplinkColumn::Switch).data().toString(), u"fs108"_s);
    QCOMPARE(uplinks->index(0, UplinkColumn::Port).data(Qt::EditRole).toInt(), 8);
    QCOMPARE(uplinks->index(0, UplinkColumn::PeerPort).data(Qt::EditRole).toInt(), 1);
    // The switches count the uplink's ports as in use.
    QCOMPARE(m_page->model(InventoryTable::Switches)->index(0, InventoryFields::kSwitchPortsColumn).data().toString(),
             u"8 (3 in use)"_s);
    const wb::gui::TopologyScene *scene = m_page->topology();
    QCOMPARE(scene->itemCount(wb::gui::TopologyScene::UplinkEdge), 1);
    QVERIFY2(scene->labels().contains(u"U1\n20 m · ports 8 ↔ 1"_s), qPrintable(scene->labels().join(u'|')));

    // Each field, and what is refused with what to enter.
    const struct
    {
        int column;
        QVariant value;
        QString error;
    } edits[] = {
        {UplinkColumn::Port, 7, {}},
        {UplinkColumn::PeerPort, u"3"_s, {}},
        {UplinkColumn::Notes, u"under the desk"_s, {}},
        {UplinkColumn::PeerPort, 5, u"Uplink 1 (U1): switch hub2 has ports 1 to 4"_s},
        {UplinkColumn::Port, 1, u"port 1 of switch fs108 is already used by link 1"_s},
        {UplinkColumn::Port, u"x"_s, u"The port is a whole number"_s},
        {UplinkColumn::Cable, u"C1"_s, u"cable C1 is already used by link 1"_s},
        {UplinkColumn::Cable, u"C99"_s, u"there is no cable 'C99'"_s},
        {UplinkColumn::PeerSwitch, u"fs108"_s, u"switch fs108 is at both ends"_s},
        {UplinkColumn::Switch, u"nosuch"_s, u"there is no switch 'nosuch'"_s},
        {UplinkColumn::Switch, QString(), u"there is no switch ''"_s},
    };
    for (const auto &e : edits) {
        const QJsonObject before = m_page->document()->inventory().toJson();
        const bool accepted = uplinks->setData(uplinks->index(0, e.column), e.value);
        if (e.error.isEmpty()) {
            QVERIFY2(accepted, qPrintable(uplinks->lastError()));
        } else {
            QVERIFY2(!accepted && uplinks->lastError().contains(e.error), qPrintable(uplinks->lastError()));
            QVERIFY2(m_page->message().contains(e.error), qPrintable(m_page->message()));
            QCOMPARE(m_page->document()->inventory().toJson(), before);
        }
    }
    const wb::Uplink edited = m_page->document()->inventory().uplinks.first();
    QCOMPARE(edited.switchPort, 7);
    QCOMPARE(edited.peerSwitchPort, 3);
    QCOMPARE(edited.notes, u"under the desk"_s);
    // A link may not take an uplink's port or cable either.
    auto *links = m_page->model(InventoryTable::Links);
    QVERIFY(!links->setData(links->index(1, 3), 7));
    QVERIFY2(links->lastError().contains(u"port 7 of switch fs108 is already used by link 2"_s),
             qPrintable(links->lastError()));
    QVERIFY(!links->setData(links->index(1, 1), u"U1"_s));
    QVERIFY2(links->lastError().contains(u"cable U1 is already used by link 2"_s), qPrintable(links->lastError()));

    // Add: the next free cable between the first two switches.
    tabs->setCurrentIndex(int(InventoryTable::Uplinks));
    m_page->addRow();
    QCOMPARE(uplinks->rowCount(), 2);
    QCOMPARE(uplinks->index(1, UplinkColumn::Cable).data().toString(), u"U2"_s);
    QCOMPARE(uplinks->index(1, UplinkColumn::PeerSwitch).data().toString(), u"hub2"_s);
    QCOMPARE(scene->itemCount(wb::gui::TopologyScene::UplinkEdge), 2);
    m_page->addRow();
    QVERIFY2(m_page->message().contains(u"Every cable is in a link or uplink already"_s), qPrintable(m_page->message()));
    QCOMPARE(uplinks->rowCount(), 2);

    // Renaming a switch or a cable follows into the uplinks (and the drawing).
    auto *switches = m_page->model(InventoryTable::Switches);
    QVERIFY(switches->setData(switches->index(1, 0), u"hub-b"_s));
    QCOMPARE(uplinks->index(0, UplinkColumn::PeerSwitch).data().toString(), u"hub-b"_s);
    QCOMPARE(uplinks->index(1, UplinkColumn::PeerSwitch).data().toString(), u"hub-b"_s);
    QVERIFY(switches->setData(switches->index(0, 0), u"fs108-a"_s));
    QCOMPARE(uplinks->index(0, UplinkColumn::Switch).data().toString(), u"fs108-a"_s);
    auto *cables = m_page->model(InventoryTable::Cables);
    const int u1 = InventoryFields::rowOfKey(m_page->document()->inventory(), InventoryTable::Cables, u"U1"_s);
    QVERIFY(cables->setData(cables->index(u1, 0), u"U1a"_s));
    QCOMPARE(uplinks->index(0, UplinkColumn::Cable).data().toString(), u"U1a"_s);
    QVERIFY(InventoryFields::checkLinks(m_page->document()->inventory()).isEmpty());
    QCOMPARE(scene->itemCount(wb::gui::TopologyScene::UplinkEdge), 2);
    QVERIFY2(scene->labels().contains(u"U1a\n20 m · ports 7 ↔ 3"_s), qPrintable(scene->labels().join(u'|')));
    // Clicking the drawn uplink's table row highlights it.
    m_page->view(InventoryTable::Uplinks)->setCurrentIndex(uplinks->index(0, 0));
    const auto selected = scene->selectedItems();
    QCOMPARE(selected.size(), 1);
    QCOMPARE(selected.first()->data(wb::gui::TopologyScene::kKindKey).toInt(), int(wb::gui::TopologyScene::UplinkEdge));
    QCOMPARE(selected.first()->data(wb::gui::TopologyScene::kObjectKey).toString(), u"U1a"_s);

    // Removing a switch takes its uplinks; removing a cable its uplink; undo brings them back.
    const QJsonObject whole = m_page->document()->inventory().toJson();
    QVERIFY(m_page->document()->removeRow(InventoryTable::Switches, 1).isEmpty());
    QCOMPARE(uplinks->rowCount(), 0);
    QCOMPARE(scene->itemCount(wb::gui::TopologyScene::UplinkEdge), 0);
    m_page->document()->undoStack()->undo();
    QCOMPARE(m_page->document()->inventory().toJson(), whole);
    QCOMPARE(scene->itemCount(wb::gui::TopologyScene::UplinkEdge), 2);
    const int u2 = InventoryFields::rowOfKey(m_page->document()->inventory(), InventoryTable::Cables, u"U2"_s);
    QVERIFY(m_page->document()->removeRow(InventoryTable::Cables, u2).isEmpty());
    QCOMPARE(uplinks->rowCount(), 1);
    QCOMPARE(uplinks->index(0, UplinkColumn::Cable).data().toString(), u"U1a"_s);
    // Remove on the Uplinks tab removes the selected uplink alone.
    tabs->setCurrentIndex(int(InventoryTable::Uplinks));
    m_page->view(InventoryTable::Uplinks)->setCurrentIndex(uplinks->index(0, 0));
    m_page->removeSelectedRow();
    QCOMPARE(uplinks->rowCount(), 0);
    QVERIFY(m_page->document()->inventory().cable(u"U1a"_s));
    QCOMPARE(m_page->document()->inventory().switches.size(), 2);
    QCOMPARE(scene->itemCount(wb::gui::TopologyScene::UplinkEdge), 0);
    // With one switch there is nothing to join.
    QVERIFY(m_page->document()->removeRow(InventoryTable::Switches, 1).isEmpty());
    m_page->addRow();
    QVERIFY2(m_page->message().contains(u"add a second switch"_s), qPrintable(m_page->message()));
}

// Save writes the uplinks to the database, an uplink removed here goes from
// it, and a fresh page shows what was saved.
void TstInventoryPage::uplinksSavedToDatabase()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(u"uplinks.sqlite"_s);
    QVERIFY(wb::ResultStore::open(db).ok());
    QSignalSpy loaded(m_page.get(), &wb::gui::InventoryPage::labLoaded);
    m_page->setStore(wb::testing::storeServiceFor(db));
    QVERIFY(loaded.wait(10000));
    openUplinkLab();
    m_page->findChild<QTabWidget *>(u"inventoryTabs"_s)->setCurrentIndex(int(InventoryTable::Uplinks));
    m_page->addRow();
    auto *nics = m_page->model(InventoryTable::Nics);
    QVERIFY(nics->setData(nics->index(0, wb::gui::NicColumn::Duplex), u"full"_s));
    QSignalSpy saved(m_page.get(), &wb::gui::InventoryPage::labSaved);
    m_page->saveToDatabase();
    QVERIFY(saved.wait(10000));
    {
        auto store = wb::ResultStore::open(db);
        QVERIFY(store.ok());
        auto inv = (*store)->inventory().load();
        QVERIFY2(inv.ok(), qPrintable(inv.message()));
        QCOMPARE(inv->uplinks.size(), 2);
        QCOMPARE((*store)->inventory().uplinkByCable(u"U1"_s)->switchPort, 8);
        QCOMPARE((*store)->inventory().nicByKey(u"adam/eth0"_s)->duplex, u"full"_s);
    }
    // U1 removed, U2 moved to other ports: one uplink left, as edited.
    auto *uplinks = m_page->model(InventoryTable::Uplinks);
    QVERIFY(uplinks->setData(uplinks->index(1, wb::gui::UplinkColumn::Port), 6));
    QVERIFY(m_page->document()->removeRow(InventoryTable::Uplinks, 0).isEmpty());
    m_page->saveToDatabase();
    QVERIFY(saved.wait(10000));
    QVERIFY2(m_page->message().contains(u"1 removed"_s), qPrintable(m_page->message()));
    wb::gui::InventoryPage again(*m_settings);
    QSignalSpy againLoaded(&again, &wb::gui::InventoryPage::labLoaded);
    again.setStore(wb::testing::storeServiceFor(db));
    QVERIFY(againLoaded.wait(10000));
    const auto &lab = again.document()->inventory();
    QCOMPARE(lab.uplinks.size(), 1);
    QCOMPARE(lab.uplinks.first().cableLabel, u"U2"_s);
    QCOMPARE(lab.uplinks.first().switchPort, 6);
    QCOMPARE(again.topology()->itemCount(wb::gui::TopologyScene::UplinkEdge), 1);
}

// Three switches in a star of uplinks: the uplink between neighbours in the
// switch column is a line between them, the other runs beside the column;
// every label finds a place clear of the boxes and the other labels.
void TstInventoryPage::uplinkTopologyReadable()
{
    openUplinkLab();
    m_page->findChild<QTabWidget *>(u"inventoryTabs"_s)->setCurrentIndex(int(InventoryTable::Switches));
    m_page->addRow(); // switch1
    auto *cables = m_page->model(InventoryTable::Cables);
    const int u2 = InventoryFields::rowOfKey(m_page->document()->inventory(), InventoryTable::Cables, u"U2"_s);
    QVERIFY(cables->setData(cables->index(u2, 2), 5.0));
    m_page->findChild<QTabWidget *>(u"inventoryTabs"_s)->setCurrentIndex(int(InventoryTable::Uplinks));
    m_page->addRow(); // U2: fs108 - hub2, moved to fs108 - switch1
    auto *uplinks = m_page->model(InventoryTable::Uplinks);
    QVERIFY2(uplinks->setData(uplinks->index(1, wb::gui::UplinkColumn::PeerSwitch), u"switch1"_s),
             qPrintable(uplinks->lastError()));
    const wb::gui::TopologyLayout &layout = m_page->topology()->layout();
    QCOMPARE(m_page->topology()->itemCount(wb::gui::TopologyScene::UplinkEdge), 2);
    QVERIFY(layout.labelsClear);
    int beside = 0, between = 0;
    for (const auto &e : layout.edges) {
        if (!e.uplink)
            continue;
        QVERIFY(layout.nodes.at(e.fromNode).isSwitch && layout.nodes.at(e.toNode).isSwitch);
        QCOMPARE(layout.nodes.at(e.fromNode).name, u"fs108"_s); // the star's centre is on top
        if (e.route.isEmpty()) {
            ++between;
        } else {
            ++beside;
            // Beside every box it passes.
            for (int i = e.fromNode; i <= e.toNode; ++i)
                QVERIFY(e.route.at(1).x() > layout.nodes.at(i).rect.right());
        }
    }
    QCOMPARE(between, 1);
    QCOMPARE(beside, 1);
    QList<QRectF> rects;
    for (const auto &n : layout.nodes)
        rects.append(n.rect);
    for (const auto &e : layout.edges)
        rects.append(e.labelRect);
    for (int i = 0; i < rects.size(); ++i)
        for (int j = i + 1; j < rects.size(); ++j)
            QVERIFY2(!rects.at(i).intersects(rects.at(j)), qPrintable(u"rectangles %1 and %2 overlap"_s.arg(i).arg(j)));
    QVERIFY(m_page->topology()->labels().contains(u"U2\n5 m"_s));
}

void TstInventoryPage::undoRedoWithCascade()
{
    openTinyLab();
    auto *hosts = m_page->model(InventoryTable::Hosts);
    auto *links = m_page->model(InventoryTable::Links);
    const QJsonObject original = m_page->document()->inventory().toJson();
    // Renaming a host renames its NICs and the links that name them.
    QVERIFY(hosts->setData(hosts->index(0, 0), u"abel"_s));
    QCOMPARE(links->index(0, 0).data().toString(), u"abel/eth0"_s);
    QCOMPARE(links->index(2, 0).data().toString(), u"abel/eth1"_s);
    QCOMPARE(m_page->model(InventoryTable::Nics)->index(0, 0).data().toString(), u"abel"_s);
    // Through the keyboard: Ctrl+Z on the page undoes, Ctrl+Shift+Z redoes.
    m_page->view(InventoryTable::Hosts)->setFocus();
    QTest::keyClick(m_page->view(InventoryTable::Hosts), Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(m_page->document()->inventory().toJson(), original);
    QCOMPARE(links->index(0, 0).data().toString(), u"adam/eth0"_s);
    QTest::keyClick(m_page->view(InventoryTable::Hosts), Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(hosts->index(0, 0).data().toString(), u"abel"_s);
    // Removing a host takes its NICs and links; undo brings all back.
    m_page->document()->undoStack()->undo();
    QVERIFY(m_page->document()->removeRow(InventoryTable::Hosts, 0).isEmpty());
    QCOMPARE(m_page->model(InventoryTable::Nics)->rowCount(), 2);
    QCOMPARE(links->rowCount(), 1);
    m_page->document()->undoStack()->undo();
    QCOMPARE(m_page->document()->inventory().toJson(), original);
}

void TstInventoryPage::addAndRemoveRows()
{
    // An empty lab: a NIC needs a host first.
    m_page->findChild<QTabWidget *>(u"inventoryTabs"_s)->setCurrentIndex(int(InventoryTable::Nics));
    m_page->addRow();
    QVERIFY(m_page->message().contains(u"add a host"_s));
    QCOMPARE(m_page->model(InventoryTable::Nics)->rowCount(), 0);
    m_page->findChild<QTabWidget *>(u"inventoryTabs"_s)->setCurrentIndex(int(InventoryTable::Hosts));
    m_page->view(InventoryTable::Hosts)->setFocus();
    QTest::keyClick(m_page->view(InventoryTable::Hosts), Qt::Key_N, Qt::ControlModifier); // shortcut
    m_page->addRow();
    QCOMPARE(m_page->model(InventoryTable::Hosts)->rowCount(), 2);
    QCOMPARE(m_page->model(InventoryTable::Hosts)->index(1, 0).data().toString(), u"host2"_s);
    m_page->findChild<QTabWidget *>(u"inventoryTabs"_s)->setCurrentIndex(int(InventoryTable::Nics));
    m_page->addRow();
    m_page->addRow();
    QCOMPARE(m_page->model(InventoryTable::Nics)->rowCount(), 2);
    QCOMPARE(m_page->model(InventoryTable::Nics)->index(1, 1).data().toString(), u"eth2"_s);
    m_page->view(InventoryTable::Nics)->setCurrentIndex(m_page->model(InventoryTable::Nics)->index(0, 0));
    m_page->removeSelectedRow();
    QCOMPARE(m_page->model(InventoryTable::Nics)->rowCount(), 1);
    // Everything is one undo step each.
    QCOMPARE(m_page->document()->undoStack()->count(), 5);
    while (m_page->document()->undoStack()->canUndo())
        m_page->document()->undoStack()->undo();
    QCOMPARE(m_page->model(InventoryTable::Hosts)->rowCount(), 0);
}

void TstInventoryPage::topology()
{
    openTinyLab();
    const wb::gui::TopologyScene *scene = m_page->topology();
    QCOMPARE(scene->itemCount(wb::gui::TopologyScene::HostNode), 3);
    QCOMPARE(scene->itemCount(wb::gui::TopologyScene::SwitchNode), 1);
    QCOMPARE(scene->itemCount(wb::gui::TopologyScene::LinkEdge), 3);
    QCOMPARE(scene->labels(), (QStringList{u"C1\n1 m · port 1"_s, u"C65\n65 m · port 2"_s, u"X3\n3 m"_s}));
    // Edits show up: a new length relabels the edge.
    auto *cables = m_page->model(InventoryTable::Cables);
    QVERIFY(cables->setData(cables->index(1, 2), 30.0));
    QVERIFY(scene->labels().contains(u"C65\n30 m · port 2"_s));
    // A new switch is a new node; a removed link a removed edge.
    m_page->findChild<QTabWidget *>(u"inventoryTabs"_s)->setCurrentIndex(int(InventoryTable::Switches));
    m_page->addRow();
    QCOMPARE(scene->itemCount(wb::gui::TopologyScene::SwitchNode), 2);
    QVERIFY(m_page->document()->removeRow(InventoryTable::Links, 2).isEmpty());
    QCOMPARE(scene->itemCount(wb::gui::TopologyScene::LinkEdge), 2);
}

void TstInventoryPage::exampleLabTopologyReadable()
{
    QSignalSpy loaded(m_page.get(), &wb::gui::InventoryPage::labLoaded);
    m_page->openLabFile(u":/labs/1997-sai-msu-fast-ethernet.json"_s);
    QVERIFY(loaded.wait(10000));
    const wb::gui::TopologyScene *scene = m_page->topology();
    const wb::gui::TopologyLayout &layout = scene->layout();
    QCOMPARE(layout.nodes.size(), 6);
    QCOMPARE(layout.edges.size(), 5);
    QVERIFY(layout.labelsClear);
    QVERIFY2(layout.font.pointSizeF() >= 9, qPrintable(QString::number(layout.font.pointSizeF())));
    QVERIFY(layout.titleFont.pointSizeF() >= 9);
    // No label over a box or another label, no two boxes over each other.
    QList<QRectF> rects;
    for (const auto &n : layout.nodes)
        rects.append(n.rect);
    for (const auto &e : layout.edges) {
        QVERIFY(!e.labelRect.isEmpty());
        rects.append(e.labelRect);
    }
    for (int i = 0; i < rects.size(); ++i)
        for (int j = i + 1; j < rects.size(); ++j)
            QVERIFY2(!rects.at(i).intersects(rects.at(j)), qPrintable(u"rectangles %1 and %2 overlap"_s.arg(i).arg(j)));
    // What is drawn is where the layout said: label items clear of each
    // other and of the boxes, in the layout's font.
    QList<QRectF> drawn;
    for (QGraphicsItem *item : scene->items()) {
        const int kind = item->data(wb::gui::TopologyScene::kKindKey).toInt();
        if (kind == wb::gui::TopologyScene::LinkLabel) {
            QVERIFY(static_cast<QGraphicsSimpleTextItem *>(item)->font().pointSizeF() >= 9);
            drawn.append(item->sceneBoundingRect());
        } else if (kind == wb::gui::TopologyScene::HostNode || kind == wb::gui::TopologyScene::SwitchNode) {
            drawn.append(item->sceneBoundingRect());
        }
    }
    QCOMPARE(drawn.size(), 11);
    for (int i = 0; i < drawn.size(); ++i)
        for (int j = i + 1; j < drawn.size(); ++j)
            QVERIFY2(!drawn.at(i).intersects(drawn.at(j)), qPrintable(u"drawn items %1 and %2 overlap"_s.arg(i).arg(j)));
    // The hub shows the ports its links use, not "0 ports".
    const auto hub = std::find_if(layout.nodes.begin(), layout.nodes.end(), [](const auto &n) { return n.isSwitch; });
    QVERIFY(hub != layout.nodes.end());
    QCOMPARE(hub->lines, QStringList{u"5 ports in use"_s}); // its kind is its name here
    QVERIFY(scene->labels().contains(u"cable-star\n1 m · port 5"_s));
    // On screen the text is not shrunk below readable either.
    QVERIFY(m_page->topologyView()->transform().m11() >= wb::gui::InventoryPage::kMinTopologyScale - 1e-9);
    QVERIFY(scene->hintText().isEmpty());
}

void TstInventoryPage::emptyLabShowsWhatToDo()
{
    // A page with no lab yet (no database, nothing opened).
    const wb::gui::TopologyScene *scene = m_page->topology();
    QCOMPARE(scene->itemCount(wb::gui::TopologyScene::Hint), 1);
    QVERIFY2(scene->hintText().contains(u"Ctrl+N"_s) && scene->hintText().contains(u"Discover"_s) &&
                 scene->hintText().contains(u"example lab"_s),
             qPrintable(scene->hintText()));
    QCOMPARE(scene->itemCount(wb::gui::TopologyScene::HostNode), 0);
    // Hosts without links: the boxes, and how to wire them.
    m_page->addRow();
    QCOMPARE(scene->itemCount(wb::gui::TopologyScene::HostNode), 1);
    QVERIFY2(scene->hintText().contains(u"Links tab"_s), qPrintable(scene->hintText()));
    // A wired lab needs no hint.
    openTinyLab();
    QCOMPARE(scene->itemCount(wb::gui::TopologyScene::Hint), 0);
}

void TstInventoryPage::portsInUseAndPortWarnings()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(u"ports.json"_s);
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(R"({"format": "wirebench-lab", "version": 1,
        "hosts": [{"name": "a", "nics": [{"interface": "eth0"}]}, {"name": "b", "nics": [{"interface": "eth0"}]}],
        "switches": [{"name": "sw4", "kind": "store-and-forward", "ports": 4}],
        "cables": [{"label": "c1"}, {"label": "c2"}],
        "links": [{"nic": "a/eth0", "cable": "c1", "switch": "sw4", "port": 2},
                  {"nic": "b/eth0", "cable": "c2", "switch": "sw4", "port": 6}]})");
    f.close();
    QSignalSpy loaded(m_page.get(), &wb::gui::InventoryPage::labLoaded);
    m_page->openLabFile(path);
    QVERIFY(loaded.wait(10000));
    // The lab loads whole; the message names the link, port and switch.
    QCOMPARE(m_page->document()->inventory().links.size(), 2);
    QVERIFY2(m_page->message().contains(u"link of b/eth0: port 6 of switch sw4, which has 4 ports"_s),
             qPrintable(m_page->message()));
    auto *switches = m_page->model(InventoryTable::Switches);
    QCOMPARE(switches->index(0, InventoryFields::kSwitchPortsColumn).data().toString(), u"4 (2 in use)"_s);
    QCOMPARE(switches->index(0, InventoryFields::kSwitchPortsColumn).data(Qt::EditRole).toInt(), 4);
    const auto &nodes = m_page->topology()->layout().nodes;
    QVERIFY(std::any_of(nodes.begin(), nodes.end(),
                        [](const auto &n) { return n.lines.contains(u"2 of 4 ports in use"_s); }));
}

void TstInventoryPage::clickSelectsRow()
{
    openTinyLab();
    auto *view = m_page->findChild<QGraphicsView *>(u"topologyView"_s);
    QVERIFY(view);
    QTRY_VERIFY(view->isVisible());
    // Find eve's box and click it where it is on screen.
    QGraphicsItem *eve = nullptr;
    const auto items = m_page->topology()->items();
    for (QGraphicsItem *i : items)
        if (i->data(wb::gui::TopologyScene::kKindKey).toInt() == wb::gui::TopologyScene::HostNode &&
            i->data(wb::gui::TopologyScene::kObjectKey).toString() == u"eve"_s)
            eve = i;
    QVERIFY(eve);
    const QPoint at = view->mapFromScene(eve->sceneBoundingRect().center());
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, at);
    QCOMPARE(m_page->currentTable(), InventoryTable::Hosts);
    const QModelIndexList rows = m_page->view(InventoryTable::Hosts)->selectionModel()->selectedRows();
    QCOMPARE(rows.size(), 1);
    QCOMPARE(rows.first().data().toString(), u"eve"_s);
    // Selecting a row in a table highlights the node.
    m_page->view(InventoryTable::Switches)->setCurrentIndex(m_page->model(InventoryTable::Switches)->index(0, 0));
    const auto selected = m_page->topology()->selectedItems();
    QCOMPARE(selected.size(), 1);
    QCOMPARE(selected.first()->data(wb::gui::TopologyScene::kObjectKey).toString(), u"fs108"_s);
}

void TstInventoryPage::exportRoundTrip()
{
    openTinyLab();
    auto *cables = m_page->model(InventoryTable::Cables);
    QVERIFY(cables->setData(cables->index(0, 2), 1.5));
    QTemporaryDir dir;
    const QString out = dir.filePath(u"lab.json"_s);
    QSignalSpy saved(m_page.get(), &wb::gui::InventoryPage::labSaved);
    m_page->exportLabFile(out);
    QVERIFY(saved.wait(10000));
    QString error;
    auto back = wb::Inventory::fromFile(out, &error);
    QVERIFY2(back, qPrintable(error));
    QCOMPARE(back->toJson(), m_page->document()->inventory().toJson());
    QCOMPARE(*back->cable(u"C1"_s)->lengthM, 1.5);
}

void TstInventoryPage::exampleLab()
{
    m_page->setExampleLabDirs({QStringLiteral(WB_TEST_DATA_DIR) + u"/labs"_s});
    QVERIFY(!m_page->exampleLabs().isEmpty());
    QVERIFY(m_page->exampleLabs().last().endsWith(u"tiny-lab.json"_s));
    const qsizetype n = m_page->exampleLabs().size();
    if (n > 1)
        wb::gui::MessageBox::setNextAnswer(int(n - 1));
    QSignalSpy loaded(m_page.get(), &wb::gui::InventoryPage::labLoaded);
    m_page->openExampleLab();
    QVERIFY(loaded.wait(10000));
    QCOMPARE(m_page->document()->inventory().hosts.size(), 3);
}

void TstInventoryPage::databaseSaveAndLoad()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(u"inv.sqlite"_s);
    QVERIFY(wb::ResultStore::open(db).ok());
    openTinyLab();
    m_page->setStore(wb::testing::storeServiceFor(db)); // loads the (empty) database inventory
    QSignalSpy loaded(m_page.get(), &wb::gui::InventoryPage::labLoaded);
    QVERIFY(loaded.wait(10000));
    QCOMPARE(m_page->document()->inventory().hosts.size(), 0);
    openTinyLab();
    QSignalSpy saved(m_page.get(), &wb::gui::InventoryPage::labSaved);
    m_page->saveToDatabase();
    QVERIFY(saved.wait(10000));
    QVERIFY(m_page->message().contains(u"added"_s));
    QVERIFY(!m_page->document()->isModified());
    auto store = wb::ResultStore::open(db);
    QVERIFY(store.ok());
    auto inv = (*store)->inventory().load();
    QVERIFY(inv.ok());
    QCOMPARE(inv->hosts.size(), 3);
    QCOMPARE(inv->links.size(), 3);
    QCOMPARE(*(*store)->inventory().cableByLabel(u"C65"_s)->lengthM, 65.0);
    // A fresh page over the same database shows the saved lab.
    {
        wb::gui::InventoryPage again(*m_settings);
        QSignalSpy againLoaded(&again, &wb::gui::InventoryPage::labLoaded);
        again.setStore(wb::testing::storeServiceFor(db));
        QVERIFY(againLoaded.wait(10000));
        QCOMPARE(again.model(InventoryTable::Links)->rowCount(), 3);
    }
    // A stored run over eve: removing seth and eve here removes seth from
    // the database, but eve stays (history refers to it) and the message says so.
    wb::StoredRun run;
    run.record.kind = u"tcp_rr"_s;
    run.clientHostId = (*store)->inventory().hostByName(u"adam"_s)->id;
    run.serverHostId = (*store)->inventory().hostByName(u"eve"_s)->id;
    run.serverNicId = (*store)->inventory().nicByKey(u"eve/eth0"_s)->id;
    QVERIFY((*store)->runs().saveRun(run).ok());
    const int seth = InventoryFields::rowOfKey(m_page->document()->inventory(), InventoryTable::Hosts, u"seth"_s);
    QVERIFY(m_page->document()->removeRow(InventoryTable::Hosts, seth).isEmpty());
    const int eve = InventoryFields::rowOfKey(m_page->document()->inventory(), InventoryTable::Hosts, u"eve"_s);
    QVERIFY(m_page->document()->removeRow(InventoryTable::Hosts, eve).isEmpty());
    m_page->saveToDatabase();
    QVERIFY(saved.wait(10000));
    QVERIFY2(m_page->message().contains(u"Kept because stored results refer"_s), qPrintable(m_page->message()));
    QVERIFY(m_page->message().contains(u"eve"_s));
    auto after = (*store)->inventory().load();
    QVERIFY(after.ok());
    QVERIFY(!after->host(u"seth"_s));
    QVERIFY(!after->nic(u"seth/eth0"_s));
    QVERIFY(after->host(u"eve"_s));
    QCOMPARE(after->links.size(), 1); // adam/eth0 only; eve's and adam/eth1's went with the hosts
}

void TstInventoryPage::discoveredNicsInOrder()
{
    // A host's NICs stay together and in natural order however the
    // discovery adds them: eth2 before eth10, after what was known.
    openTinyLab();
    const wb::Inventory before = m_page->document()->inventory();
    const QString host = before.hosts.first().name;
    QList<wb::Nic> found;
    for (const QString &name : {u"eth10"_s, u"eth2"_s}) {
        wb::Nic n;
        n.hostName = host;
        n.interfaceName = name;
        found.append(n);
    }
    m_page->document()->applyDiscovery(before.hosts.first(), found, u"Discover"_s);
    QStringList order;
    qsizetype firstOfHost = -1, lastOfHost = -1;
    const auto &nics = m_page->document()->inventory().nics;
    for (qsizetype i = 0; i < nics.size(); ++i) {
        if (nics.at(i).hostName != host)
            continue;
        order.append(nics.at(i).interfaceName);
        if (firstOfHost < 0)
            firstOfHost = i;
        lastOfHost = i;
    }
    QCOMPARE(lastOfHost - firstOfHost + 1, order.size()); // together
    QStringList sorted = order;
    std::sort(sorted.begin(), sorted.end(), wb::interfaceNameLess);
    QCOMPARE(order, sorted);
    QVERIFY(order.indexOf(u"eth2"_s) < order.indexOf(u"eth10"_s));
    QCOMPARE(nics.size(), before.nics.size() + 2);
}

void TstInventoryPage::discoverLocalHost()
{
    // The page starts the local agent itself (WIREBENCH_AGENT names it here).
    auto *hosts = m_page->model(InventoryTable::Hosts);
    m_page->addRow();
    QVERIFY(hosts->setData(hosts->index(0, 1), u"127.0.0.1"_s));
    m_page->view(InventoryTable::Hosts)->setCurrentIndex(hosts->index(0, 0));
    QSignalSpy discovered(m_page.get(), &wb::gui::InventoryPage::discovered);
    m_page->discoverSelectedHost();
    QVERIFY(discovered.wait(10000));
    // The host's CPU comes from the agent; NICs are whatever this machine
    // has (loopback is left out, so possibly none in a container).
    QVERIFY(!m_page->document()->inventory().hosts.first().cpu.isEmpty() ||
            !m_page->document()->inventory().hosts.first().os.isEmpty());
    QCOMPARE(m_page->model(InventoryTable::Nics)->rowCount(), discovered.first().at(1).toInt());
    for (const wb::Nic &n : m_page->document()->inventory().nics)
        QCOMPARE(n.hostName, u"host1"_s);
    // One undo step takes it back.
    m_page->document()->undoStack()->undo();
    QCOMPARE(m_page->model(InventoryTable::Nics)->rowCount(), 0);
    // Any other host is reached over SSH (tst_guidiscover does that against
    // a real sshd); so is the loopback with SSH settings of its own.
    wb::Host remote;
    remote.address = u"198.51.100.7"_s;
    QVERIFY(wb::gui::InventoryPage::discoversOverSsh(remote));
    wb::Host local;
    local.address = u"127.0.0.1"_s;
    QVERIFY(!wb::gui::InventoryPage::discoversOverSsh(local));
    local.sshUser = u"lab"_s;
    QVERIFY(wb::gui::InventoryPage::discoversOverSsh(local));
}

QTEST_MAIN(TstInventoryPage)
#include "tst_inventorypage.moc"
