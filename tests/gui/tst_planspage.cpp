// SPDX-License-Identifier: GPL-3.0-or-later
// The Plans page: building a plan with the form (a classic preset, a NIC,
// duration and a confidence rule; a host matrix) gives a plan that wb::Plan
// parses into the expected cases; errors are wb::Plan's own, shown live and
// on Run; plans save and load; Run hands the plan on. With the 1997 lab in
// a real SQLite store: hosts and NICs are picked from the inventory, the
// selected case shows PathResolver's path (and its warning for a NIC not
// wired), transport is a choice of local/ssh, and a plan host that
// overrides the inventory's says so. An A/B experiment is built with its
// arms (interleaved cases, a note on what the arms' paths differ in), saved
// and opened again; opening a plan offers its own hosts to the inventory;
// an inventory that cannot be read is said, not taken for an empty lab.
// The stream kinds get streams and direction controls, file_transfer and
// packet_rate a direction control (others neither).

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
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLineEdit>
#include <QListWidget>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QStyledItemDelegate>
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
    void newPlanHintAndCaseWords();
    void hostMatrix();
    void errorsAreThePlanParsers();
    void saveAndLoad();
    void runHandsPlanOn();
    void loadsLocalDemo();
    void transportIsAChoice();
    void picksFromInventory();
    void buildsAnExperiment();
    void offersPlanHostsToInventory();
    void saysWhenTheInventoryCannotBeRead();
    void streamsAndDirectionControls();

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
    // The 1997 lab in a real SQLite store the page reads.
    std::shared_ptr<wb::StoreService> labStore(const QTemporaryDir &dir);
    QComboBox *armCell(int row, int column);
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

// A new plan greets with what to do, not with a parser error; the cases
// name the swept parameter with the catalog's label and the kind once.
void TstPlansPage::newPlanHintAndCaseWords()
{
    QVERIFY2(m_page->previewText().contains(u"no tests yet"_s), qPrintable(m_page->previewText()));
    QVERIFY(!m_page->previewText().contains(u"non-empty"_s));
    QVERIFY(!m_page->previewText().contains(u"Fix this field"_s));
    m_page->addTest();
    m_page->applyPreset(presetIndex(u"UDP_STREAM 1/64/1472"_s));
    auto *cases = child<QListWidget>(u"planCases"_s);
    QCOMPARE(cases->count(), 3);
    QStringList texts;
    for (int i = 0; i < cases->count(); ++i)
        texts << cases->item(i)->text();
    const QString all = texts.join(u'\n');
    QVERIFY2(all.contains(u"(UDP stream) · message size 64 B: adam → eve"_s), qPrintable(all));
    QVERIFY2(all.contains(u"message size 1472 B"_s), qPrintable(all));
    QVERIFY2(!all.contains(u"message_size_bytes"_s) && !all.contains(u"udp_stream"_s), qPrintable(all));
    // The buffers every case shares say nothing about which case is which.
    QVERIFY2(!all.contains(u"buffers 64 KiB"_s), qPrintable(all));
    QCOMPARE(child<QComboBox>(u"testKind"_s)->currentText(), u"UDP stream"_s);
    // A test named as its kind is not named twice.
    auto *name = child<QLineEdit>(u"testName"_s);
    name->clear();
    QTest::keyClicks(name, u"UDP_STREAM"_s);
    QVERIFY2(cases->item(0)->text().startsWith(u"UDP stream · message size "_s), qPrintable(cases->item(0)->text()));
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
    // The cell holds the plan's key (what is edited and saved) and shows the
    // catalog's words with the unit the value is typed in.
    const QModelIndex name = params->model()->index(row, 0);
    auto *delegate = qobject_cast<QStyledItemDelegate *>(params->itemDelegateForColumn(0));
    QVERIFY(delegate);
    QCOMPARE(delegate->displayText(name.data(), QLocale()), u"request (bytes)"_s);
    QCOMPARE(name.data(Qt::EditRole).toString(), u"request_size_bytes"_s);
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
    QCOMPARE(child<QComboBox>(u"testKind"_s)->currentData().toString(), u"tcp_rr"_s);
    QCOMPARE(child<QComboBox>(u"testKind"_s)->currentText(), u"TCP request/response"_s); // the catalog's label
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
    const auto service = labStore(dir);
    const std::optional<wb::Inventory> lab = m_page->inventory();
    QCOMPARE(lab->hosts.size(), 5);

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
    QVERIFY(!resolved->notes().isEmpty());
    QCOMPARE(m_page->hostNotesText(), resolved->notes().join(u'\n'));
    QVERIFY(m_page->hostNotesText().contains(u"Zeus"_s));
}

std::shared_ptr<wb::StoreService> TstPlansPage::labStore(const QTemporaryDir &dir)
{
    QString error;
    const auto lab = wb::Inventory::fromFile(QStringLiteral(WB_SOURCE_DIR) +
                                                 u"/resources/labs/1997-sai-msu-fast-ethernet.json"_s,
                                             &error);
    if (!lab)
        qFatal("lab: %s", qPrintable(error));
    auto service = std::make_shared<wb::StoreService>(dir.filePath(u"lab.sqlite"_s));
    service->start();
    auto imported = service->write([inv = *lab](wb::ResultStore &db) { return db.inventory().importInventory(inv); });
    if (!QTest::qWaitFor([&] { return imported.isFinished(); }, 10000) || !imported.result())
        qFatal("importing the lab failed");
    QSignalSpy loaded(m_page.get(), &wb::gui::PlansPage::inventoryLoaded);
    m_page->setStore(service);
    if (!loaded.wait(10000))
        qFatal("the inventory was not read");
    return service;
}

QComboBox *TstPlansPage::armCell(int row, int column)
{
    auto *box = qobject_cast<QComboBox *>(m_page->armsTable()->cellWidget(row, column));
    if (!box)
        qFatal("no arm cell %d,%d", row, column);
    return box;
}

void TstPlansPage::buildsAnExperiment()
{
    QTemporaryDir dir;
    const auto service = labStore(dir);
    QString error;
    m_page->setPlanJson(QJsonObject{
        {u"name"_s, u"Who is faster to Zeus"_s},
        {u"tests"_s, QJsonArray{QJsonObject{{u"name"_s, u"RR"_s}, {u"kind"_s, u"tcp_rr"_s},
                                            {u"client"_s, QJsonObject{{u"host"_s, u"Star"_s}, {u"nic"_s, u"eth1"_s}}},
                                            {u"server"_s, u"Zeus"_s}, {u"duration_s"_s, 2}}}}});
    // Turning the experiment on starts two arms over the selected test's ends;
    // the arms now give every test its endpoints.
    child<QCheckBox>(u"experimentOn"_s)->setChecked(true);
    QVERIFY(m_page->experimentEnabled());
    QCOMPARE(m_page->armsTable()->rowCount(), 2);
    QCOMPARE(armCell(0, 1)->currentText(), u"Star/eth1"_s);
    QCOMPARE(armCell(1, 2)->currentText(), u"Zeus"_s); // as the test named it: the host's only NIC
    QVERIFY(armCell(1, 2)->findText(u"Zeus/eth0"_s) >= 0);
    QVERIFY(armCell(0, 1)->findText(u"Net3/10m-a"_s) >= 0);
    const QJsonObject test = m_page->planJson().value(u"tests"_s).toArray().first().toObject();
    QVERIFY(!test.contains(u"client"_s) && !test.contains(u"server"_s));
    QVERIFY(!child<QComboBox>(u"testClient"_s)->isEnabled());
    QVERIFY(child<QComboBox>(u"testClient"_s)->currentText().isEmpty()); // not a stale host
    // Without a question the plan's own error says what is missing.
    QVERIFY2(m_page->previewText().contains(u"experiment.question"_s), qPrintable(m_page->previewText()));

    QTest::keyClicks(child<QLineEdit>(u"experimentQuestion"_s), u"Is Mira as quick to Zeus as Star?"_s);
    auto *varies = child<QComboBox>(u"experimentVaries"_s);
    varies->setCurrentIndex(varies->findData(u"host"_s));
    child<QSpinBox>(u"experimentRounds"_s)->setValue(2);
    QTableWidgetItem *armB = m_page->armsTable()->item(1, 0);
    armB->setText(u"Mira"_s);
    QVERIFY(armCell(1, 1)->findText(u"Mira/eth0"_s) >= 0);
    armCell(1, 1)->setCurrentIndex(armCell(1, 1)->findText(u"Mira/eth0"_s));
    auto plan = m_page->plan(&error);
    QVERIFY2(plan, qPrintable(error));
    // 1 test x 2 arms x 2 rounds, interleaved A B A B.
    QCOMPARE(plan->cases.size(), 4);
    QStringList clients;
    for (const wb::TestCase &c : plan->cases)
        clients << c.client.host;
    QCOMPARE(clients, (QStringList{u"Star"_s, u"Mira"_s, u"Star"_s, u"Mira"_s}));
    QCOMPARE(plan->cases.at(1).name, u"RR · Mira · round 1"_s);
    QCOMPARE(plan->cases.at(1).experiment.value(u"varies"_s).toString(), u"host"_s);
    QVERIFY2(m_page->previewText().contains(u"A/B experiment: 1 test(s) over 2 arms, 2 round(s)"_s),
             qPrintable(m_page->previewText()));
    // Both paths cross the one hub: they differ in the host only, as asked.
    QCOMPARE(m_page->experimentNotesText(), u"The arms' paths differ in the host only, as the question asks."_s);
    // Asked about the switch, the same arms cannot answer it.
    varies->setCurrentIndex(varies->findData(u"switch"_s));
    QVERIFY2(m_page->experimentNotesText().contains(u"The arms do not differ in the switch: every arm goes through hub."_s),
             qPrintable(m_page->experimentNotesText()));
    varies->setCurrentIndex(varies->findData(u"host"_s));

    // A third arm, then gone again.
    m_page->addArm(u"Torus"_s, u"Torus"_s, u"eth0"_s, u"Zeus"_s, u"eth0"_s);
    plan = m_page->plan(&error);
    QVERIFY2(plan, qPrintable(error));
    QCOMPARE(plan->cases.size(), 6);
    m_page->removeArm(2);
    QCOMPARE(m_page->plan(&error)->cases.size(), 4);

    // Saved and opened again: the same experiment.
    const QString path = dir.filePath(u"ab.json"_s);
    const int dialogs = wb::gui::MessageBox::dialogCount();
    QVERIFY(m_page->saveFile(path));
    const QJsonObject saved = m_page->planJson();
    m_page->newPlan();
    QVERIFY(!m_page->experimentEnabled());
    QVERIFY(m_page->loadFile(path));
    QCOMPARE(m_page->planJson(), saved);
    QVERIFY(child<QCheckBox>(u"experimentOn"_s)->isChecked());
    QCOMPARE(armCell(1, 1)->currentText(), u"Mira/eth0"_s);
    QCOMPARE(child<QLineEdit>(u"experimentQuestion"_s)->text(), u"Is Mira as quick to Zeus as Star?"_s);
    QCOMPARE(wb::gui::MessageBox::dialogCount(), dialogs); // no hosts to offer: no question

    // Off again: a plain plan over the first arm.
    child<QCheckBox>(u"experimentOn"_s)->setChecked(false);
    QVERIFY(!m_page->planJson().contains(u"experiment"_s));
    plan = m_page->plan(&error);
    QVERIFY2(plan, qPrintable(error));
    QCOMPARE(plan->cases.size(), 1);
    QCOMPARE(plan->cases.first().client.host, u"Star"_s);
    QCOMPARE(plan->cases.first().client.nic, u"eth1"_s);
    QVERIFY(child<QComboBox>(u"testClient"_s)->isEnabled());
    QVERIFY(m_page->experimentNotesText().isEmpty());
}

void TstPlansPage::offersPlanHostsToInventory()
{
    QTemporaryDir dir;
    const auto service = labStore(dir);
    auto writePlan = [&](const QString &file, const QString &host) {
        const QJsonObject plan{
            {u"name"_s, u"new box"_s},
            {u"hosts"_s, QJsonObject{{host, QJsonObject{{u"transport"_s, u"ssh"_s},
                                                        {u"address"_s, u"192.0.2.40"_s},
                                                        {u"user"_s, u"lab"_s},
                                                        {u"port"_s, 2222}}}}},
            {u"tests"_s, QJsonArray{QJsonObject{{u"kind"_s, u"tcp_rr"_s}, {u"client"_s, host}, {u"server"_s, u"Zeus"_s}}}}};
        QFile f(dir.filePath(file));
        if (!f.open(QIODevice::WriteOnly) || f.write(QJsonDocument(plan).toJson()) < 0)
            qFatal("cannot write %s", qPrintable(file));
        return f.fileName();
    };
    auto hostInStore = [&](const QString &name) {
        auto read = service->read([name](wb::ResultStore &db) { return db.inventory().hostByName(name); });
        if (!QTest::qWaitFor([&] { return read.isFinished(); }, 10000))
            qFatal("store read timed out");
        return read.result() ? std::optional<wb::Host>(*read.result()) : std::nullopt;
    };

    // Declined: nothing is written.
    wb::gui::MessageBox::setNextAnswer(QMessageBox::No);
    QVERIFY(m_page->loadFile(writePlan(u"declined.json"_s, u"lab-old"_s)));
    QVERIFY2(wb::gui::MessageBox::lastText().contains(u"lab-old: SSH to lab@lab-old:2222, test traffic to 192.0.2.40"_s),
             qPrintable(wb::gui::MessageBox::lastText()));
    QVERIFY(!hostInStore(u"lab-old"_s));

    // Accepted: the host joins the inventory as the plan reaches it, and the
    // page's pickers and paths know it from then on.
    QSignalSpy added(m_page.get(), &wb::gui::PlansPage::hostsAddedToInventory);
    QSignalSpy loaded(m_page.get(), &wb::gui::PlansPage::inventoryLoaded);
    wb::gui::MessageBox::setNextAnswer(QMessageBox::Yes);
    QVERIFY(m_page->loadFile(writePlan(u"accepted.json"_s, u"lab-new"_s)));
    QVERIFY(added.wait(10000));
    QCOMPARE(added.first().first().toStringList(), QStringList{u"lab-new"_s});
    const auto host = hostInStore(u"lab-new"_s);
    QVERIFY(host);
    QCOMPARE(host->address, u"192.0.2.40"_s);
    QCOMPARE(host->sshAddress, u"lab-new"_s); // a plan entry without ssh_address reaches SSH by the name
    QCOMPARE(host->sshUser, u"lab"_s);
    QCOMPARE(host->sshPort, 2222);
    QVERIFY(!loaded.isEmpty() || loaded.wait(10000)); // read again after the write
    QVERIFY(m_page->inventory().host(u"lab-new"_s));
    QVERIFY(hostInStore(u"Zeus"_s)); // the lab's own hosts untouched
    QCOMPARE(m_page->inventory().hosts.size(), 6);
    // Opened again, the plan's host is the inventory's: nothing to offer, no override.
    const int dialogs = wb::gui::MessageBox::dialogCount();
    QVERIFY(m_page->loadFile(dir.filePath(u"accepted.json"_s)));
    QCOMPARE(wb::gui::MessageBox::dialogCount(), dialogs);
    QVERIFY2(m_page->hostNotesText().isEmpty(), qPrintable(m_page->hostNotesText()));
}

void TstPlansPage::saysWhenTheInventoryCannotBeRead()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(u"broken.sqlite"_s);
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    QVERIFY(f.write(QByteArray(4096, 'x')) == 4096); // not a database
    f.close();
    auto service = std::make_shared<wb::StoreService>(path);
    service->start();
    QSignalSpy loaded(m_page.get(), &wb::gui::PlansPage::inventoryLoaded);
    m_page->setStore(service);
    QVERIFY(loaded.wait(10000));
    m_page->addTest();
    QVERIFY2(m_page->hostNotesText().startsWith(u"The inventory could not be read ("_s),
             qPrintable(m_page->hostNotesText()));
    QVERIFY(m_page->hostNotesText().contains(u"only the plan's own hosts are known"_s));
}

// streams and direction have controls of their own for tcp_stream and
// udp_stream (direction also for file_transfer and packet_rate): what they
// say reaches the plan's cases, defaults stay out of the plan, other kinds
// have them disabled, and a sweep typed in the
// parameters table stays there.
void TstPlansPage::streamsAndDirectionControls()
{
    m_page->addTest();
    auto *kind = child<QComboBox>(u"testKind"_s);
    auto *streams = child<QSpinBox>(u"testStreams"_s);
    auto *direction = child<QComboBox>(u"testDirection"_s);
    auto *params = child<QTableWidget>(u"testParams"_s);
    kind->setCurrentIndex(kind->findData(u"tcp_stream"_s));
    QVERIFY(streams->isEnabled());
    QVERIFY(direction->isEnabled());
    QCOMPARE(streams->value(), 1);
    QCOMPARE(direction->currentData().toString(), u"forward"_s);
    // At their defaults the plan does not mention them.
    QJsonObject t = m_page->planJson().value(u"tests"_s).toArray().first().toObject();
    QVERIFY(!t.value(u"params"_s).toObject().contains(u"streams"_s));
    QVERIFY(!t.value(u"params"_s).toObject().contains(u"direction"_s));

    streams->setValue(4);
    direction->setCurrentIndex(direction->findData(u"bidirectional"_s));
    QString error;
    auto plan = m_page->plan(&error);
    QVERIFY2(plan, qPrintable(error));
    QCOMPARE(plan->cases.size(), 1);
    QCOMPARE(plan->cases.first().params.value(u"streams"_s).toInt(), 4);
    QCOMPARE(plan->cases.first().params.value(u"direction"_s).toString(), u"bidirectional"_s);
    for (int r = 0; r < params->rowCount(); ++r) // the controls own them, not the table
        QVERIFY(params->item(r, 0)->text() != u"streams"_s && params->item(r, 0)->text() != u"direction"_s);

    // Opened again (another test selected and back), the controls show the plan's values.
    m_page->addTest();
    m_page->testsList()->setCurrentRow(0);
    QCOMPARE(streams->value(), 4);
    QCOMPARE(direction->currentData().toString(), u"bidirectional"_s);

    // udp_stream takes them too; tcp_rr does not, and its plan has neither.
    kind->setCurrentIndex(kind->findData(u"udp_stream"_s));
    QVERIFY(streams->isEnabled());
    QCOMPARE(m_page->plan(&error)->cases.first().params.value(u"streams"_s).toInt(), 4);
    kind->setCurrentIndex(kind->findData(u"tcp_rr"_s));
    QVERIFY(!streams->isEnabled());
    QVERIFY(!direction->isEnabled());
    plan = m_page->plan(&error);
    QVERIFY2(plan, qPrintable(error));
    QVERIFY(!plan->cases.first().params.contains(u"streams"_s));
    QVERIFY(!plan->cases.first().params.contains(u"direction"_s));
    QVERIFY2(direction->toolTip().contains(u"both ways"_s), qPrintable(direction->toolTip()));

    // file_transfer and packet_rate take a direction but no streams.
    for (const QString &k : {u"file_transfer"_s, u"packet_rate"_s}) {
        kind->setCurrentIndex(kind->findData(k));
        QVERIFY2(direction->isEnabled(), qPrintable(k));
        QVERIFY2(!streams->isEnabled(), qPrintable(k));
        direction->setCurrentIndex(direction->findData(u"reverse"_s));
        plan = m_page->plan(&error);
        QVERIFY2(plan, qPrintable(error));
        QCOMPARE(plan->cases.first().params.value(u"direction"_s).toString(), u"reverse"_s);
        QVERIFY(!plan->cases.first().params.contains(u"streams"_s));
        direction->setCurrentIndex(direction->findData(u"forward"_s));
    }

    // A sweep of streams is edited in the table; direction keeps its control.
    QJsonObject json = m_page->planJson();
    QJsonArray tests = json.value(u"tests"_s).toArray();
    QJsonObject first = tests.first().toObject();
    first.insert(u"kind"_s, u"tcp_stream"_s);
    first.insert(u"params"_s, QJsonObject{{u"streams"_s, QJsonArray{1, 8}}, {u"direction"_s, u"reverse"_s}});
    json.insert(u"tests"_s, QJsonArray{first}); // this test alone
    m_page->setPlanJson(json);
    m_page->testsList()->setCurrentRow(0);
    QVERIFY(!streams->isEnabled());
    QVERIFY(direction->isEnabled());
    QCOMPARE(direction->currentData().toString(), u"reverse"_s);
    bool swept = false;
    for (int r = 0; r < params->rowCount(); ++r)
        swept = swept || params->item(r, 0)->text() == u"streams"_s;
    QVERIFY(swept);
    direction->setCurrentIndex(direction->findData(u"forward"_s));
    plan = m_page->plan(&error);
    QVERIFY2(plan, qPrintable(error));
    QCOMPARE(plan->cases.size(), 2);
    QList<int> counts;
    for (const wb::TestCase &c : plan->cases) {
        counts.append(c.params.value(u"streams"_s).toInt());
        QVERIFY(!c.params.contains(u"direction"_s)); // forward: the default, left out
    }
    std::sort(counts.begin(), counts.end());
    QCOMPARE(counts, (QList<int>{1, 8}));
}

QTEST_MAIN(TstPlansPage)
#include "tst_planspage.moc"
