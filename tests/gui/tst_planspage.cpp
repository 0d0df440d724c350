// SPDX-License-Identifier: GPL-3.0-or-later
// The Plans page: building a plan with the form (a classic preset, a NIC,
// duration and a confidence rule; a host matrix) gives a plan that wb::Plan
// parses into the expected cases; errors are wb::Plan's own, shown live and
// on Run; plans save and load; Run hands the plan on. With the 1997 lab in
// a real SQLite store: hosts and NICs are picked from the inventory, the
// selected case shows PathResolver's path (and its warning for a NIC not
// wired), transport is a choice of local/ssh, and a plan host that
// overrides the inventory's says so.

#include "config/settings.h"
#include "inventory/pathresolver.h"
#include "run/planhosts.h"
#include "store/inventorystore.h"
#include "store/resultstore.h"
#include "store/storeservice.h"
#include "messagebox.h"
#include "run/planpresets.h"
#include "planspage.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QJsonArray>
#include <QLineEdit>
#include <QListWidget>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

class TstPlansPage : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void cleanup();
    void presetWithConfidence();
    void hostMatrix();
    void errorsAreThePlanParsers();
    void saveAndLoad();
    void runHandsPlanOn();
    void loadsLocalDemo();
    void transportIsAChoice();
    void picksFromInventory();

private:
    template<typename T>
    T *child(const QString &name)
    {
        T *w = m_page->findChild<T *>(name);
        if (!w)
            qFatal("no child %s", qPrintable(name));
        return w;
    }
    int presetIndex(const QString &startsWith) const;
    std::unique_ptr<wb::Settings> m_settings;
    std::unique_ptr<wb::gui::PlansPage> m_page;
};

void TstPlansPage::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(u"WirebenchTest"_s);
}

void TstPlansPage::init()
{
    m_settings = std::make_unique<wb::Settings>();
    m_page = std::make_unique<wb::gui::PlansPage>(*m_settings);
    m_page->resize(1200, 700);
    m_page->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_page.get()));
}

void TstPlansPage::cleanup()
{
    m_page.reset();
    m_settings.reset();
}

int TstPlansPage::presetIndex(const QString &startsWith) const
{
    const auto &presets = wb::planPresets();
    for (int i = 0; i < presets.size(); ++i)
        if (presets.at(i).name.startsWith(startsWith))
            return i;
    return -1;
}

void TstPlansPage::presetWithConfidence()
{
    m_page->addTest();
    // Pick the preset the way a user does: from the combo box.
    auto *preset = child<QComboBox>(u"testPreset"_s);
    const int i = presetIndex(u"UDP_STREAM 1/64/1472"_s);
    QVERIFY(i >= 0);
    preset->setCurrentIndex(i + 1);
    emit preset->activated(i + 1);
    QTest::keyClicks(child<QComboBox>(u"testClientNic"_s)->lineEdit(), u"eth0"_s);
    child<QDoubleSpinBox>(u"testDuration"_s)->setValue(0.5);
    child<QSpinBox>(u"testMinReps"_s)->setValue(3);
    child<QSpinBox>(u"testMaxReps"_s)->setValue(5);
    child<QComboBox>(u"testConfidence"_s)->setCurrentText(u"95"_s);
    child<QDoubleSpinBox>(u"testInterval"_s)->setValue(10);

    QString error;
    auto plan = m_page->plan(&error);
    QVERIFY2(plan, qPrintable(error));
    QCOMPARE(plan->cases.size(), 3);
    QList<int> sizes;
    for (const wb::TestCase &c : plan->cases) {
        QCOMPARE(c.kind, u"udp_stream"_s);
        QCOMPARE(c.client.host, u"adam"_s);
        QCOMPARE(c.client.nic, u"eth0"_s);
        QCOMPARE(c.server.host, u"eve"_s);
        QCOMPARE(c.params.value(u"send_socket_bytes"_s).toInt(), 65536);
        QCOMPARE(c.params.value(u"recv_socket_bytes"_s).toInt(), 65536);
        QCOMPARE(c.durationS, 0.5);
        QCOMPARE(c.repetitions.minIterations, 3);
        QCOMPARE(c.repetitions.maxIterations, 5);
        QCOMPARE(c.repetitions.confidenceLevelPct, 95.0);
        QCOMPARE(c.repetitions.intervalWidthPct, 10.0);
        sizes.append(c.params.value(u"message_size_bytes"_s).toInt());
    }
    std::sort(sizes.begin(), sizes.end());
    QCOMPARE(sizes, (QList<int>{1, 64, 1472}));
    QVERIFY(m_page->previewText().contains(u"3 test cases"_s));
    QCOMPARE(child<QListWidget>(u"planCases"_s)->count(), 3);
}

void TstPlansPage::hostMatrix()
{
    m_page->addHost(u"seth"_s, u"local"_s, u"127.0.0.1"_s);
    m_page->addTest();
    m_page->applyPreset(presetIndex(u"FTP 12 MB file to /dev/null"_s));
    child<QCheckBox>(u"testMatrix"_s)->setChecked(true);
    auto *hosts = child<QListWidget>(u"testMatrixHosts"_s);
    QCOMPARE(hosts->count(), 3);
    for (int i = 0; i < hosts->count(); ++i)
        hosts->item(i)->setCheckState(Qt::Checked);
    QString error;
    auto plan = m_page->plan(&error);
    QVERIFY2(plan, qPrintable(error));
    QCOMPARE(plan->cases.size(), 6); // every ordered pair of three hosts
    QSet<QString> pairs;
    for (const wb::TestCase &c : plan->cases) {
        QCOMPARE(c.kind, u"file_transfer"_s);
        QCOMPARE(c.params.value(u"sink"_s).toString(), u"devnull"_s);
        QCOMPARE(c.params.value(u"file_size_bytes"_s).toInt(), 12582912);
        QVERIFY(c.client.host != c.server.host);
        pairs.insert(c.client.host + u'>' + c.server.host);
    }
    QCOMPARE(pairs.size(), 6);
}

void TstPlansPage::errorsAreThePlanParsers()
{
    m_page->addTest();
    m_page->applyPreset(presetIndex(u"TCP_RR"_s));
    auto *params = child<QTableWidget>(u"testParams"_s);
    // Type a request size that is out of range.
    int row = -1;
    for (int r = 0; r < params->rowCount(); ++r)
        if (params->item(r, 0)->text() == u"request_size_bytes"_s)
            row = r;
    QVERIFY(row >= 0);
    params->item(row, 1)->setText(u"70000"_s);
    QString expected;
    QVERIFY(!wb::Plan::fromJson(m_page->planJson(), &expected));
    QVERIFY(expected.contains(u"tests[0].params.request_size_bytes"_s));
    QVERIFY2(m_page->previewText().contains(expected), qPrintable(m_page->previewText()));
    QVERIFY(m_page->previewText().contains(u"Fix this field"_s));
    QSignalSpy runs(m_page.get(), &wb::gui::PlansPage::runRequested);
    wb::gui::MessageBox::setNextAnswer(0);
    m_page->run();
    QCOMPARE(runs.size(), 0);
    QVERIFY(wb::gui::MessageBox::lastText().contains(expected));
    // A sweep typed as an array works.
    params->item(row, 1)->setText(u"[1, 64]"_s);
    QString error;
    auto plan = m_page->plan(&error);
    QVERIFY2(plan, qPrintable(error));
    QCOMPARE(plan->cases.size(), 2);
}

void TstPlansPage::saveAndLoad()
{
    m_page->addTest();
    m_page->applyPreset(presetIndex(u"pktgen-style 60"_s));
    child<QLineEdit>(u"planName"_s)->setText(u"Saved plan"_s);
    emit child<QLineEdit>(u"planName"_s)->textEdited(u"Saved plan"_s);
    QTemporaryDir dir;
    const QString path = dir.filePath(u"plan.json"_s);
    QVERIFY(m_page->saveFile(path));
    QString error;
    auto fromFile = wb::Plan::load(path, &error);
    QVERIFY2(fromFile, qPrintable(error));
    QCOMPARE(fromFile->name, u"Saved plan"_s);
    QCOMPARE(fromFile->cases.size(), 1);
    QCOMPARE(fromFile->cases.first().kind, u"packet_rate"_s);

    wb::gui::PlansPage other(*m_settings);
    QVERIFY(other.loadFile(path));
    QCOMPARE(other.planJson(), m_page->planJson());
    QCOMPARE(other.testsList()->count(), 1);
    // A file with a JSON error is refused with its line.
    const QString bad = dir.filePath(u"bad.json"_s);
    QFile f(bad);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("{\n\"name\": \"x\",\n\"tests\": [\n");
    f.close();
    wb::gui::MessageBox::setNextAnswer(0);
    QVERIFY(!other.loadFile(bad));
    QVERIFY2(wb::gui::MessageBox::lastText().contains(bad), qPrintable(wb::gui::MessageBox::lastText()));
    QCOMPARE(other.planJson(), m_page->planJson()); // unchanged
}

void TstPlansPage::runHandsPlanOn()
{
    m_page->addTest();
    QSignalSpy runs(m_page.get(), &wb::gui::PlansPage::runRequested);
    m_page->setFocus();
    QTest::keyClick(m_page.get(), Qt::Key_R, Qt::ControlModifier);
    QCOMPARE(runs.size(), 1);
    const auto plan = runs.first().first().value<wb::Plan>();
    QCOMPARE(plan.cases.size(), 1);
    QCOMPARE(plan.cases.first().params.value(u"message_size_bytes"_s).toInt(), 1472);
}

void TstPlansPage::loadsLocalDemo()
{
    QVERIFY(m_page->loadFile(QStringLiteral(WB_SOURCE_DIR) + u"/resources/plans/local-demo.json"_s));
    QCOMPARE(m_page->testsList()->count(), 3);
    QVERIFY(m_page->previewText().contains(u"6 test cases"_s));
    // Editing a loaded test keeps the others as they were.
    m_page->testsList()->setCurrentRow(1);
    QCOMPARE(child<QComboBox>(u"testKind"_s)->currentText(), u"tcp_rr"_s);
    child<QDoubleSpinBox>(u"testDuration"_s)->setValue(1);
    QString error;
    auto plan = m_page->plan(&error);
    QVERIFY2(plan, qPrintable(error));
    QCOMPARE(plan->cases.size(), 6);
    for (const wb::TestCase &c : plan->cases)
        QCOMPARE(c.durationS, c.kind == u"tcp_rr"_s ? 1.0 : 2.0);
}

void TstPlansPage::transportIsAChoice()
{
    auto *hosts = child<QTableWidget>(u"planHosts"_s);
    QCOMPARE(hosts->rowCount(), 2);
    auto *transport = qobject_cast<QComboBox *>(hosts->cellWidget(0, 1));
    QVERIFY(transport);
    QCOMPARE(transport->count(), 2);
    QCOMPARE(transport->itemText(0), u"local"_s);
    QCOMPARE(transport->itemText(1), u"ssh"_s);
    QVERIFY(!transport->isEditable());
    QVERIFY(!hosts->item(0, 1) || !(hosts->item(0, 1)->flags() & Qt::ItemIsEditable) ||
            hosts->item(0, 1)->text().isEmpty());
    const QString name = hosts->item(0, 0)->text();
    transport->setCurrentIndex(1);
    QCOMPARE(m_page->planJson().value(u"hosts"_s).toObject().value(name).toObject().value(u"transport"_s).toString(),
             u"ssh"_s);
}

void TstPlansPage::picksFromInventory()
{
    QTemporaryDir dir;
    QString error;
    const auto lab = wb::Inventory::fromFile(QStringLiteral(WB_SOURCE_DIR) +
                                                 u"/resources/labs/1997-sai-msu-fast-ethernet.json"_s,
                                             &error);
    QVERIFY2(lab, qPrintable(error));
    auto service = std::make_shared<wb::StoreService>(dir.filePath(u"lab.sqlite"_s));
    service->start();
    auto imported = service->write([inv = *lab](wb::ResultStore &db) { return db.inventory().importInventory(inv); });
    QVERIFY(QTest::qWaitFor([&] { return imported.isFinished(); }, 10000));
    QVERIFY2(imported.result(), qPrintable(imported.result().error().message));
    QSignalSpy loaded(m_page.get(), &wb::gui::PlansPage::inventoryLoaded);
    m_page->setStore(service);
    QVERIFY(loaded.wait(10000));
    QCOMPARE(m_page->inventory().hosts.size(), lab->hosts.size());

    // A plan with no hosts of its own: the pickers list the inventory's.
    m_page->setPlanJson(QJsonObject{{u"name"_s, u"Lab"_s}, {u"tests"_s, QJsonArray{}}});
    m_page->addTest();
    auto *client = child<QComboBox>(u"testClient"_s);
    auto *server = child<QComboBox>(u"testServer"_s);
    auto *clientNic = child<QComboBox>(u"testClientNic"_s);
    auto *serverNic = child<QComboBox>(u"testServerNic"_s);
    for (const wb::Host &h : lab->hosts)
        QVERIFY2(client->findText(h.name) >= 0, qPrintable(h.name));
    client->setCurrentIndex(client->findText(u"Star"_s));
    QVERIFY(clientNic->findText(u"eth1"_s) >= 0);
    clientNic->setCurrentIndex(clientNic->findText(u"eth1"_s));
    server->setCurrentIndex(server->findText(u"Zeus"_s));
    QVERIFY(serverNic->findText(u"eth0"_s) >= 0);
    serverNic->setCurrentIndex(serverNic->findText(u"eth0"_s));
    auto plan = m_page->plan(&error);
    QVERIFY2(plan, qPrintable(error));
    QCOMPARE(plan->cases.first().client.host, u"Star"_s);
    QCOMPARE(plan->cases.first().client.nic, u"eth1"_s);
    QCOMPARE(plan->cases.first().server.nic, u"eth0"_s);
    const wb::ResolvedPath star = wb::PathResolver(*lab).resolve(u"Star"_s, u"eth1"_s, u"Zeus"_s, u"eth0"_s);
    QCOMPARE(star.status, wb::ResolvedPath::Status::Ok);
    QCOMPARE(m_page->resolvedPathText(), star.text());
    QVERIFY(m_page->resolvedPathText().contains(u"cable-star"_s));
    QVERIFY(m_page->hostNotesText().isEmpty());

    // Net3's 10 Mbit/s NIC has no link: the path says so, marked.
    client->setCurrentIndex(client->findText(u"Net3"_s));
    QVERIFY(clientNic->findText(u"10m-a"_s) >= 0);
    clientNic->setCurrentIndex(clientNic->findText(u"10m-a"_s));
    const wb::ResolvedPath unwired = wb::PathResolver(*lab).resolve(u"Net3"_s, u"10m-a"_s, u"Zeus"_s, u"eth0"_s);
    QCOMPARE(unwired.status, wb::ResolvedPath::Status::NotWired);
    QVERIFY(m_page->resolvedPathText().startsWith(u"⚠"_s));
    QVERIFY2(m_page->resolvedPathText().contains(unwired.message), qPrintable(m_page->resolvedPathText()));
    QVERIFY(!child<QListWidget>(u"planCases"_s)->item(0)->icon().isNull());

    // A host the plan defines over the inventory's: the note says so.
    m_page->addHost(u"Zeus"_s, u"ssh"_s, u"10.9.9.9"_s);
    plan = m_page->plan(&error);
    QVERIFY2(plan, qPrintable(error));
    const auto resolved = wb::PlanHosts::resolve(*plan, *lab, &error);
    QVERIFY2(resolved, qPrintable(error));
    QVERIFY(!resolved->overrideNotes().isEmpty());
    QCOMPARE(m_page->hostNotesText(), resolved->overrideNotes().join(u'\n'));
    QVERIFY(m_page->hostNotesText().contains(u"Zeus"_s));
}

QTEST_MAIN(TstPlansPage)
#include "tst_planspage.moc"
