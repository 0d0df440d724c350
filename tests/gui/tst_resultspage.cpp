// SPDX-License-Identifier: GPL-3.0-or-later
// The Results page on a real SQLite file: the run model under
// QAbstractItemModelTester, paging, filtering by kind/status/host/plan,
// free-text search, sorting, the test and the parameters that differ between
// runs, the detail view (metrics in display units, both ends' environment
// side by side, samples plot, plan), delete through the dialog seam, CSV/JSON
// export, a re-run plan built from the stored plan, and the composition root
// refusing a damaged database without touching it.

#include "../core/storetestlab.h"

#include "appcomposition.h"
#include "comparepage.h"
#include "config/settings.h"
#include "mainwindow.h"
#include "filedialog.h"
#include "messagebox.h"
#include "qcustomplotinclude.h"
#include "resultspage.h"
#include "runspage.h"
#include "rundetailview.h"
#include "runlistmodel.h"
#include "runtext.h"
#include "store/inventorystore.h"
#include "store/resultstore.h"
#include "store/runstore.h"
#include "store/storeservice.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QMimeData>
#include <QScopeGuard>
#include <QUrl>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QSplitter>
#include <QStatusBar>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

// The store service the composition root would hand to the page.
static std::shared_ptr<wb::StoreService> startedStore(const QString &path)
{
    auto service = std::make_shared<wb::StoreService>(path);
    service->start();
    return service;
}

class TstResultsPage : public QObject
{
    Q_OBJECT
private slots:
    void loopbackRowSaysNoWire();
    void initTestCase();
    void init();
    void cleanup();
    void listsAndPages();
    void filters_data();
    void filters();
    void sortsByKeyMetric();
    void hardwareColumnsAndFilters();
    void testAndParameterColumns();
    void parameterText_data();
    void parameterText();
    void runText_data();
    void runText();
    void detailShowsRun();
    void deletesThroughDialog();
    void exportsCsvAndJson();
    void rerunPlanFromStoredPlan();
    void refusesDamagedDatabase();
    void remembersLayout();
    void rerunGoesToRunMonitor();
    void compareSelectedGoesToCompare();
    void importsRunsChosenAndDropped();

private:
    void waitLoaded(wb::gui::ResultsPage &page);
    QTemporaryDir *m_dir = nullptr;
    QString m_db;
    std::unique_ptr<wb::Settings> m_settings;
    static constexpr int kRuns = 600; // more than two pages
};

namespace {

const QJsonObject kPlanSource{
    {u"name"_s, u"lab plan"_s},
    {u"hosts"_s, QJsonObject{{u"alpha"_s, QJsonObject{{u"transport"_s, u"local"_s}, {u"address"_s, u"127.0.0.1"_s}}},
                             {u"beta"_s, QJsonObject{{u"transport"_s, u"local"_s}, {u"address"_s, u"127.0.0.1"_s}}}}},
    {u"defaults"_s, QJsonObject{{u"duration_s"_s, 0.5}}},
    {u"tests"_s, QJsonArray{QJsonObject{{u"name"_s, u"UDP"_s},
                                        {u"kind"_s, u"udp_stream"_s},
                                        {u"client"_s, u"alpha"_s},
                                        {u"server"_s, u"beta"_s},
                                        {u"params"_s, QJsonObject{{u"message_size_bytes"_s, QJsonArray{64, 1472}}}}}}}};

} // namespace

void TstResultsPage::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(u"WirebenchTest"_s);
}

void TstResultsPage::init()
{
    m_dir = new QTemporaryDir;
    m_db = m_dir->filePath(u"results.sqlite"_s);
    m_settings = std::make_unique<wb::Settings>();
    // Each test starts from the default layout (newest first), not the one
    // the previous test left behind.
    m_settings->setViewState(wb::Settings::ViewState::ResultsHeader, {});
    auto store = wb::ResultStore::open(m_db);
    QVERIFY2(store.ok(), qPrintable(store.message()));
    QVERIFY((*store)->inventory().importInventory(testLab()).ok());
    const qint64 alphaNic = (*store)->inventory().nicByKey(u"alpha/eth0"_s)->id;
    const qint64 betaNic = (*store)->inventory().nicByKey(u"beta/eth0"_s)->id;
    QList<wb::StoredRun> runs;
    const QDateTime t0 = QDateTime::currentDateTimeUtc().addDays(-1);
    for (int i = 0; i < kRuns; ++i) {
        wb::StoredRun r;
        const bool rr = i % 3 == 0;
        r.plan = i % 2 ? u"lab plan"_s : u"other plan"_s;
        // UDP runs sweep the message size; buffers and duration stay put.
        const int size = (i / 3) % 2 ? 1472 : 64;
        r.testCase = rr ? u"RR"_s : u"UDP [message_size_bytes=%1]"_s.arg(size);
        r.clientEndpoint = u"alpha/eth0"_s;
        r.serverEndpoint = i % 5 == 0 ? u"gamma"_s : u"beta/eth0"_s;
        r.clientNicId = alphaNic;
        r.serverNicId = i % 5 == 0 ? 0 : betaNic;
        r.startedAt = t0.addSecs(i);
        r.endedAt = r.startedAt.addSecs(1);
        r.status = i % 7 == 0 ? wb::RunStatus::Failed : wb::RunStatus::Finished;
        if (r.status == wb::RunStatus::Failed)
            r.error = u"agent on beta stopped"_s;
        r.record.kind = rr ? u"tcp_rr"_s : u"udp_stream"_s;
        r.record.tool = u"wirebench-agent"_s;
        r.record.params = rr ? QJsonObject{{u"request_size_bytes"_s, 1}, {u"response_size_bytes"_s, 1}, {u"duration_s"_s, 2}}
                             : QJsonObject{{u"message_size_bytes"_s, size},
                                           {u"send_socket_bytes"_s, 65536},
                                           {u"duration_s"_s, 2}};
        if (rr)
            r.record.addMetric(u"transactions_per_s"_s, u"client"_s, 1000 + i);
        else
            r.record.addMetric(u"throughput_bps"_s, u"server"_s, 1e6 * (i + 1));
        r.record.addMetric(u"cpu_util_pct"_s, u"client"_s, 10);
        if (i == kRuns - 1) { // the newest: samples, both ends' environment and a plan to re-run
            r.clientEnvironment = QJsonObject{
                {u"host"_s, u"alpha-box"_s}, {u"kernel"_s, u"Linux 6.1.0-18-amd64"_s},
                {u"cpu_model"_s, u"Intel Xeon E5-2620"_s}, {u"cpus"_s, 12}, {u"memory_bytes"_s, 34359738368.0},
                {u"interfaces"_s, QJsonArray{QJsonObject{{u"name"_s, u"eth0"_s}, {u"driver"_s, u"e1000e"_s},
                                                         {u"driver_version"_s, u"3.2.6-k"_s}, {u"speed_mbps"_s, 1000},
                                                         {u"duplex"_s, u"full"_s}, {u"mtu"_s, 1500},
                                                         {u"addresses"_s, QJsonArray{u"192.0.2.10"_s}},
                                                         {u"offloads"_s, QJsonObject{{u"tso"_s, true}, {u"gro"_s, false}}}},
                                             QJsonObject{{u"name"_s, u"wlan0"_s}, {u"driver"_s, u"iwlwifi"_s}}}}};
            r.serverEnvironment = QJsonObject{
                {u"host"_s, u"beta-box"_s}, {u"kernel"_s, u"Linux 5.10.0-28-amd64"_s},
                {u"interfaces"_s, QJsonArray{QJsonObject{{u"name"_s, u"eth0"_s}, {u"driver"_s, u"igb"_s},
                                                         {u"speed_mbps"_s, 1000}, {u"duplex"_s, u"full"_s},
                                                         {u"mtu"_s, 9000}}}}};
            for (int s = 0; s < 20; ++s)
                r.record.samples.append(wb::Sample{s * 0.1, u"server"_s, u"throughput_bps"_s, 5e7 + s});
            r.record.extra.insert(u"plan"_s, kPlanSource);
            r.record.extra.insert(u"streams"_s, QJsonArray{QJsonObject{{u"stream"_s, 0}, {u"direction"_s, u"reverse"_s},
                                                                      {u"side"_s, u"client"_s}, {u"role"_s, u"receiver"_s},
                                                                      {u"bytes"_s, 125000}, {u"throughput_bps"_s, 1e6}}});
            QString error;
            r.record.extra.insert(u"case_key"_s, wb::Plan::fromJson(kPlanSource, &error)->cases.first().key);
        }
        runs.append(r);
    }
    auto saved = (*store)->runs().saveRuns(runs);
    QVERIFY2(saved.ok(), qPrintable(saved.message()));
}

void TstResultsPage::cleanup()
{
    m_settings.reset();
    delete m_dir;
    m_dir = nullptr;
}

void TstResultsPage::waitLoaded(wb::gui::ResultsPage &page)
{
    QTRY_VERIFY_WITH_TIMEOUT(!page.model()->isLoading() && page.model()->rowCount() > 0, 10000);
}

void TstResultsPage::listsAndPages()
{
    wb::gui::ResultsPage page(*m_settings);
    page.resize(1000, 700);
    page.show();
    page.setStore(startedStore(m_db));
    waitLoaded(page);
    QCOMPARE(page.model()->totalCount(), qint64(kRuns));
    QCOMPARE(page.model()->rowCount(), wb::gui::RunListModel::kPageSize);
    // The tester calls fetchMore() on every dataChanged (the change marks
    // send some): it watches from here, once the first page is counted.
    QAbstractItemModelTester tester(page.model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QVERIFY(page.findChild<QLabel *>(u"runCount"_s)->text().contains(QString::number(kRuns)));
    // Newest first; its row shows the inventory snapshot and the key figure.
    const wb::gui::RunListModel &m = *page.model();
    const QModelIndex first = m.index(0, wb::gui::RunListModel::KeyMetric);
    QVERIFY(first.data().toString().contains(u"Mbit/s"_s));
    QCOMPARE(m.index(0, wb::gui::RunListModel::Switch).data().toString(), u"fs108"_s);
    QCOMPARE(m.index(0, wb::gui::RunListModel::CableLength).data().toString(), u"65 m"_s);
    QCOMPARE(m.index(0, wb::gui::RunListModel::Nics).data().toString(), u"eth0 → eth0"_s);
    // Scrolling to the end loads further pages until all are there.
    for (int i = 0; i < 10 && m.rowCount() < kRuns; ++i) {
        page.table()->scrollToBottom();
        QTRY_VERIFY_WITH_TIMEOUT(!m.isLoading(), 10000);
        if (page.model()->canFetchMore({}))
            page.model()->fetchMore({});
        QTRY_VERIFY_WITH_TIMEOUT(!m.isLoading(), 10000);
    }
    QCOMPARE(m.rowCount(), kRuns);
    QVERIFY(!page.model()->canFetchMore({}));
}

void TstResultsPage::filters_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("status");
    QTest::addColumn<QString>("host");
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("expected");
    auto count = [](auto pred) {
        int n = 0;
        for (int i = 0; i < kRuns; ++i)
            n += pred(i) ? 1 : 0;
        return n;
    };
    QTest::newRow("all") << QString() << QString() << QString() << QString() << kRuns;
    QTest::newRow("tcp_rr") << u"tcp_rr"_s << QString() << QString() << QString() << count([](int i) { return i % 3 == 0; });
    QTest::newRow("failed") << QString() << u"failed"_s << QString() << QString()
                            << count([](int i) { return i % 7 == 0; });
    QTest::newRow("udp finished") << u"udp_stream"_s << u"finished"_s << QString() << QString()
                                  << count([](int i) { return i % 3 != 0 && i % 7 != 0; });
    QTest::newRow("plan") << QString() << QString() << QString() << u"lab plan"_s
                          << count([](int i) { return i % 2 == 1; });
    QTest::newRow("host beta") << QString() << QString() << u"beta"_s << QString()
                               << count([](int i) { return i % 5 != 0; });
    QTest::newRow("text endpoint") << QString() << QString() << QString() << u"GAMM"_s
                                   << count([](int i) { return i % 5 == 0; });
    QTest::newRow("text escapes %") << QString() << QString() << QString() << u"%"_s << 0;
    QTest::newRow("nothing") << u"packet_rate"_s << QString() << QString() << QString() << 0;
}

void TstResultsPage::filters()
{
    QFETCH(QString, kind);
    QFETCH(QString, status);
    QFETCH(QString, host);
    QFETCH(QString, text);
    QFETCH(int, expected);
    wb::gui::ResultsPage page(*m_settings);
    QAbstractItemModelTester tester(page.model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    page.show();
    page.setStore(startedStore(m_db));
    waitLoaded(page);
    auto *kindBox = page.findChild<QComboBox *>(u"kindFilter"_s);
    auto *statusBox = page.findChild<QComboBox *>(u"statusFilter"_s);
    kindBox->setCurrentIndex(std::max(0, kindBox->findData(kind)));
    statusBox->setCurrentIndex(std::max(0, statusBox->findData(status)));
    // Typing applies after a short pause, as a user types.
    QTest::keyClicks(page.findChild<QLineEdit *>(u"hostFilter"_s), host);
    QTest::keyClicks(page.findChild<QLineEdit *>(u"searchFilter"_s), text);
    QTRY_VERIFY_WITH_TIMEOUT(!page.model()->isLoading() && page.model()->filter().hostName == host &&
                                 page.model()->filter().text == text,
                             10000);
    QTRY_COMPARE_WITH_TIMEOUT(page.model()->totalCount(), qint64(expected), 10000);
    // The first page, or whole pages more when the table asked for them
    // (Qt fetches more while the last row is in view, which it can be
    // before the first layout); never more rows than match.
    const int rows = page.model()->rowCount();
    const int pageSize = wb::gui::RunListModel::kPageSize;
    QVERIFY2(rows >= std::min(expected, pageSize) && rows <= expected && (rows == expected || rows % pageSize == 0),
             qPrintable(u"%1 rows of %2"_s.arg(rows).arg(expected)));
    for (int r = 0; r < page.model()->rowCount(); ++r) {
        if (!kind.isEmpty())
            QCOMPARE(page.model()->row(r).kind, kind);
        if (!status.isEmpty())
            QCOMPARE(wb::runStatusName(page.model()->row(r).status), status);
    }
}

// A run whose path crosses two switches (an uplink to a hub): the NIC,
// Switch and Cable columns come from core's reading of the path, the
// tooltip shows the path, and the NIC, switch and cable filters find it.
void TstResultsPage::hardwareColumnsAndFilters()
{
    {
        auto store = wb::ResultStore::open(m_db);
        QVERIFY2(store.ok(), qPrintable(store.message()));
        wb::Inventory more;
        wb::Host g;
        g.name = u"gamma"_s;
        more.hosts = {g};
        wb::Nic ng;
        ng.hostName = u"gamma"_s;
        ng.interfaceName = u"eth1"_s;
        more.nics = {ng};
        wb::NetworkSwitch hub;
        hub.name = u"hub8"_s;
        hub.kind = wb::SwitchKind::Hub;
        more.switches = {hub};
        wb::Cable cg, up;
        cg.label = u"CG"_s;
        cg.lengthM = 5;
        up.label = u"UP"_s;
        up.lengthM = 30;
        more.cables = {cg, up};
        wb::Link lg;
        lg.nicKey = u"gamma/eth1"_s;
        lg.cableLabel = u"CG"_s;
        lg.switchName = u"hub8"_s;
        more.links = {lg};
        wb::Uplink u;
        u.switchName = u"fs108"_s;
        u.switchPort = 8;
        u.cableLabel = u"UP"_s;
        u.peerSwitchName = u"hub8"_s;
        more.uplinks = {u};
        QVERIFY((*store)->inventory().importInventory(more).ok());
        wb::StoredRun r;
        r.plan = u"two switches"_s;
        r.testCase = u"UDP"_s;
        r.clientEndpoint = u"left"_s;
        r.serverEndpoint = u"right"_s;
        r.clientNicId = (*store)->inventory().nicByKey(u"alpha/eth0"_s)->id;
        r.serverNicId = (*store)->inventory().nicByKey(u"gamma/eth1"_s)->id;
        r.startedAt = QDateTime::currentDateTimeUtc();
        r.record.kind = u"udp_stream"_s;
        r.record.addMetric(u"throughput_bps"_s, u"server"_s, 9e7);
        QVERIFY((*store)->runs().saveRun(r).ok());
    }
    wb::gui::ResultsPage page(*m_settings);
    QAbstractItemModelTester tester(page.model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    page.show();
    page.setStore(startedStore(m_db));
    waitLoaded(page);
    const wb::gui::RunListModel &m = *page.model();
    QCOMPARE(m.index(0, wb::gui::RunListModel::TestCase).data().toString(), u"UDP"_s);
    QCOMPARE(m.index(0, wb::gui::RunListModel::Nics).data().toString(), u"eth0 → eth1"_s);
    QCOMPARE(m.index(0, wb::gui::RunListModel::Switch).data().toString(), u"fs108 + hub8"_s);
    QCOMPARE(m.index(0, wb::gui::RunListModel::CableLength).data().toString(), u"30 m"_s);
    const QString tip = m.index(0, wb::gui::RunListModel::Switch).data(Qt::ToolTipRole).toString();
    QVERIFY2(tip.contains(u"alpha/eth0 → C1 · 1 m → fs108 ports 1/8 → UP · 30 m → hub8 → CG · 5 m → gamma/eth1"_s), qPrintable(tip));
    QVERIFY2(tip.contains(u"Cables: C1, UP, CG"_s), qPrintable(tip));

    auto filterBy = [&](const QString &field, const QString &value) {
        auto *edit = page.findChild<QLineEdit *>(field);
        edit->clear();
        QTest::keyClicks(edit, value);
    };
    filterBy(u"switchFilter"_s, u"hub8"_s);
    QTRY_VERIFY_WITH_TIMEOUT(!m.isLoading() && m.filter().switchName == u"hub8"_s, 10000);
    QTRY_COMPARE_WITH_TIMEOUT(m.totalCount(), qint64(1), 10000);
    filterBy(u"switchFilter"_s, QString());
    filterBy(u"cableFilter"_s, u"UP"_s);
    QTRY_VERIFY_WITH_TIMEOUT(!m.isLoading() && m.filter().cableLabel == u"UP"_s && m.filter().switchName.isEmpty(),
                             10000);
    QTRY_COMPARE_WITH_TIMEOUT(m.totalCount(), qint64(1), 10000);
    filterBy(u"cableFilter"_s, QString());
    // Every run of the fixture but those with no server NIC crosses beta/eth0.
    filterBy(u"nicFilter"_s, u"beta/eth0"_s);
    QTRY_VERIFY_WITH_TIMEOUT(!m.isLoading() && m.filter().nicKey == u"beta/eth0"_s && m.filter().cableLabel.isEmpty(),
                             10000);
    int beta = 0;
    for (int i = 0; i < kRuns; ++i)
        beta += i % 5 != 0 ? 1 : 0;
    QTRY_COMPARE_WITH_TIMEOUT(m.totalCount(), qint64(beta), 10000);
}

void TstResultsPage::sortsByKeyMetric()
{
    wb::gui::ResultsPage page(*m_settings);
    QAbstractItemModelTester tester(page.model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    page.show();
    page.setStore(startedStore(m_db));
    waitLoaded(page);
    auto *kindBox = page.findChild<QComboBox *>(u"kindFilter"_s);
    kindBox->setCurrentIndex(kindBox->findData(u"tcp_rr"_s));
    QTRY_VERIFY_WITH_TIMEOUT(!page.model()->isLoading() && page.model()->filter().kind == u"tcp_rr"_s, 10000);
    page.table()->sortByColumn(wb::gui::RunListModel::KeyMetric, Qt::AscendingOrder);
    const auto &m = *page.model();
    for (int r = 1; r < m.rowCount(); ++r)
        QVERIFY(m.row(r - 1).keyValue <= m.row(r).keyValue);
    // Date sorts in the database: oldest first over all runs.
    page.table()->sortByColumn(wb::gui::RunListModel::Date, Qt::AscendingOrder);
    QTRY_VERIFY_WITH_TIMEOUT(!m.isLoading() && m.rowCount() > 0 && !m.filter().newestFirst, 10000);
    QVERIFY(m.row(0).startedAt <= m.row(m.rowCount() - 1).startedAt);
}

void TstResultsPage::testAndParameterColumns()
{
    wb::gui::ResultsPage page(*m_settings);
    QAbstractItemModelTester tester(page.model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    page.resize(1280, 800);
    page.show();
    page.setStore(startedStore(m_db));
    waitLoaded(page);
    const wb::gui::RunListModel &m = *page.model();
    QCOMPARE(m.headerData(wb::gui::RunListModel::TestCase, Qt::Horizontal).toString(), u"Test"_s);
    QCOMPARE(m.headerData(wb::gui::RunListModel::Parameters, Qt::Horizontal).toString(), u"Parameters"_s);
    // Only the message size differs between the UDP runs; nothing between the RR ones.
    QCOMPARE(m.varyingParameters(u"udp_stream"_s), QStringList{u"message_size_bytes"_s});
    QVERIFY(m.varyingParameters(u"tcp_rr"_s).isEmpty());
    bool saw64 = false, saw1472 = false;
    for (int r = 0; r < m.rowCount(); ++r) {
        const QString params = m.index(r, wb::gui::RunListModel::Parameters).data().toString();
        const QString test = m.index(r, wb::gui::RunListModel::TestCase).data().toString();
        if (m.row(r).kind == u"tcp_rr"_s) {
            QCOMPARE(params, QString());
            QCOMPARE(test, u"RR"_s);
            continue;
        }
        // The plan's "[message_size_bytes=64]" is in the parameters, said better.
        QCOMPARE(test, u"UDP"_s);
        QVERIFY2(params == u"message 64 B"_s || params == u"message 1472 B"_s, qPrintable(params));
        saw64 = saw64 || params.contains(u"64 B"_s);
        saw1472 = saw1472 || params.contains(u"1472"_s);
        // Every parameter, the ones that stay put too, on the tooltip.
        const QString all = m.index(r, wb::gui::RunListModel::Parameters).data(Qt::ToolTipRole).toString();
        QVERIFY2(all.contains(u"send buffer 64 KiB"_s) && all.contains(u"duration 2 s"_s), qPrintable(all));
    }
    QVERIFY(saw64 && saw1472);
    // Sorting by parameters orders sizes as numbers, 64 before 1472.
    auto *kindBox = page.findChild<QComboBox *>(u"kindFilter"_s);
    kindBox->setCurrentIndex(kindBox->findData(u"udp_stream"_s));
    QTRY_VERIFY_WITH_TIMEOUT(!m.isLoading() && m.filter().kind == u"udp_stream"_s && m.rowCount() > 0, 10000);
    page.table()->sortByColumn(wb::gui::RunListModel::Parameters, Qt::AscendingOrder);
    QCOMPARE(m.index(0, wb::gui::RunListModel::Parameters).data().toString(), u"message 64 B"_s);
    QCOMPARE(m.index(m.rowCount() - 1, wb::gui::RunListModel::Parameters).data().toString(), u"message 1472 B"_s);
}

void TstResultsPage::parameterText_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QByteArray>("params");
    QTest::addColumn<QString>("text");
    QTest::newRow("message") << u"udp_stream"_s << QByteArray(R"({"message_size_bytes": 1472})") << u"message 1472 B"_s;
    QTest::newRow("reading order") << u"udp_stream"_s
                                   << QByteArray(R"({"duration_s": 2, "recv_socket_bytes": 65536, "message_size_bytes": 64})")
                                   << u"message 64 B · receive buffer 64 KiB · duration 2 s"_s;
    QTest::newRow("a byte short of 64 KiB") << u"udp_stream"_s << QByteArray(R"({"send_socket_bytes": 65535})")
                                            << u"send buffer 65535 B"_s;
    QTest::newRow("default buffer") << u"tcp_rr"_s << QByteArray(R"({"send_socket_bytes": 0})")
                                    << u"send buffer system default"_s;
    QTest::newRow("equal buffers") << u"udp_stream"_s
                                   << QByteArray(R"({"send_socket_bytes": 65536, "recv_socket_bytes": 65536})")
                                   << u"buffers 64 KiB"_s;
    QTest::newRow("different buffers") << u"udp_stream"_s
                                       << QByteArray(R"({"send_socket_bytes": 65535, "recv_socket_bytes": 65536})")
                                       << u"send buffer 65535 B · receive buffer 64 KiB"_s;
    QTest::newRow("file transfer") << u"file_transfer"_s
                                   << QByteArray(R"({"file_size_bytes": 12582912, "sink": "devnull", "fsync": true, "message_size_bytes": 131072})")
                                   << u"send size 128 KiB · file 12 MiB · sink /dev/null · fsync on"_s;
    QTest::newRow("file transfer direct") << u"file_transfer"_s
                                          << QByteArray(R"({"file_size_bytes": 12582912, "sink": "file", "direct_io": true})")
                                          << u"file 12 MiB · sink file · direct I/O on"_s;
    QTest::newRow("direct I/O off is quiet") << u"file_transfer"_s
                                             << QByteArray(R"({"file_size_bytes": 12582912, "direct_io": false})")
                                             << u"file 12 MiB"_s;
    QTest::newRow("other units") << u"tcp_rr"_s << QByteArray(R"({"busy_poll_us": 200, "busy_poll": true})")
                                 << u"busy-poll time 200 µs · busy poll yes"_s;
    // Without busy polling its time was never used; no count limit says nothing.
    QTest::newRow("unused busy-poll time") << u"tcp_rr"_s
                                           << QByteArray(R"({"busy_poll_us": 200, "busy_poll": false, "transactions": 0,
                                                            "request_size_bytes": 1})")
                                           << u"request 1 B"_s;
    // What an agent records of its own defaults says nothing; set otherwise, it does.
    QTest::newRow("quiet defaults") << u"tcp_stream"_s
                                    << QByteArray(R"({"message_size_bytes": 131072, "direction": "forward", "streams": 1,
                                                     "nodelay": false, "tos": 0})")
                                    << u"send size 128 KiB"_s;
    QTest::newRow("knobs set") << u"tcp_stream"_s
                               << QByteArray(R"({"direction": "reverse", "streams": 4, "congestion_control": "bbr",
                                                "nodelay": true, "tos": 184})")
                               << u"direction reverse · streams 4 · congestion control bbr · TCP_NODELAY yes · TOS 184"_s;
    QTest::newRow("stream knobs at defaults") << u"tcp_stream"_s
                                              << QByteArray(R"({"message_size_bytes": 131072, "rate_bps": 0, "omit_s": 0,
                                                               "zerocopy": false})")
                                              << u"send size 128 KiB"_s;
    QTest::newRow("stream knobs set") << u"tcp_stream"_s
                                      << QByteArray(R"({"rate_bps": 100000000, "omit_s": 2, "zerocopy": true,
                                                       "client_cpu": 1, "server_cpu": 0})")
                                      << u"bit rate 100 Mbit/s · omitted start 2 s · zero-copy yes · client CPU 1 · server CPU 0"_s;
    QTest::newRow("tcp_rr's own nodelay") << u"tcp_rr"_s << QByteArray(R"({"request_size_bytes": 1, "nodelay": true})")
                                          << u"request 1 B"_s;
    QTest::newRow("housekeeping left out") << u"udp_stream"_s
                                           << QByteArray(R"({"interval_s": 0.1, "watchdog_margin_s": 10, "duration_s": 3})")
                                           << u"duration 3 s"_s;
}

// A run over loopback whose inventory path names a switch and a cable: the
// row says loopback and no wire, and keeps the inventory's parts for the
// tooltip's warning only.
void TstResultsPage::loopbackRowSaysNoWire()
{
    wb::StoredRun run;
    run.record.kind = u"tcp_stream"_s;
    run.inventoryPath = QJsonArray{
        QJsonObject{{u"type"_s, u"nic"_s}, {u"role"_s, u"client_nic"_s}, {u"key"_s, u"adam/lo"_s}},
        QJsonObject{{u"type"_s, u"cable"_s}, {u"key"_s, u"C65"_s}, {u"attrs"_s, QJsonObject{{u"length_m"_s, 65}}}},
        QJsonObject{{u"type"_s, u"switch"_s}, {u"key"_s, u"fs108"_s}},
        QJsonObject{{u"type"_s, u"nic"_s}, {u"role"_s, u"server_nic"_s}, {u"key"_s, u"eve/lo"_s}}};
    const wb::gui::RunRow wired = wb::gui::runRowFrom(run);
    QCOMPARE(wired.switchName, u"fs108"_s);
    QCOMPARE(wired.cableLengthM, 65.0);
    run.record.extra.insert(u"link"_s, QJsonObject{{u"class"_s, u"loopback"_s}});
    const wb::gui::RunRow lo = wb::gui::runRowFrom(run);
    QVERIFY(lo.loopback);
    QCOMPARE(lo.switchName, u"loopback"_s);
    QVERIFY(!lo.cableLengthM);
    QVERIFY(lo.pathWarnings.join(u' ').contains(u"crossed no wire, not the inventory's fs108, C65"_s));
    QCOMPARE(lo.clientNic + u" → "_s + lo.serverNic, u"lo → lo"_s); // the NICs stay: they are what the test used
}

void TstResultsPage::parameterText()
{
    QFETCH(QString, kind);
    QFETCH(QByteArray, params);
    QFETCH(QString, text);
    const QJsonObject o = QJsonDocument::fromJson(params).object();
    QCOMPARE(wb::gui::joinParameters(wb::gui::runParameters(o, kind), true), text);
    // The test case a plan names after its swept values, without them.
    QCOMPARE(wb::gui::testCaseTitle(u"UDP_STREAM [message_size_bytes=64]"_s), u"UDP_STREAM"_s);
    QCOMPARE(wb::gui::testCaseTitle(u"FTP 12 MB [sink=file, fsync=true]"_s), u"FTP 12 MB"_s);
    QCOMPARE(wb::gui::testCaseTitle(u"TCP_RR 1/1"_s), u"TCP_RR 1/1"_s);
    QCOMPARE(wb::gui::testCaseTitle(u"cable [new]"_s), u"cable [new]"_s);
}

void TstResultsPage::runText_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("unit");
    QTest::addColumn<double>("value");
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("shownUnit");
    QTest::newRow("throughput") << u"throughput_bps"_s << u"bit/s"_s << 1.05e9 << u"1,050"_s << u"Mbit/s"_s;
    QTest::newRow("fraction") << u"throughput_bps"_s << u"bit/s"_s << 62620000.0 << u"62.62"_s << u"Mbit/s"_s;
    QTest::newRow("latency") << u"latency_us_p99"_s << u"us"_s << 39.056 << u"39.06"_s << u"µs"_s;
    QTest::newRow("loss") << u"loss_ratio"_s << u"ratio"_s << 0.6061 << u"60.61"_s << u"%"_s;
    QTest::newRow("count") << u"messages"_s << u"count"_s << 12345678.0 << u"12,345,678"_s << QString();
    QTest::newRow("packets") << u"packets_per_s"_s << u"1/s"_s << 580000.0 << u"580"_s << u"kpps"_s;
    QTest::newRow("elapsed") << u"elapsed_s"_s << u"s"_s << 3.00008 << u"3.000"_s << u"s"_s;
    QTest::newRow("small") << u"jitter_ms"_s << u"ms"_s << 0.0001234 << u"0.0001234"_s << u"ms"_s;
    QTest::newRow("unknown metric") << u"frobs"_s << u"widgets"_s << 2.5e12 << u"2,500,000,000,000"_s << u"widgets"_s;
}

void TstResultsPage::runText()
{
    QFETCH(QString, name);
    QFETCH(QString, unit);
    QFETCH(double, value);
    QFETCH(QString, text);
    QFETCH(QString, shownUnit);
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    const wb::gui::MetricText t = wb::gui::metricText(wb::Metric{name, u"server"_s, value, unit});
    QLocale::setDefault(QLocale::system());
    QCOMPARE(t.value, text);
    QCOMPARE(t.unit, shownUnit);
    QVERIFY(!t.value.contains(u'e'));
}

void TstResultsPage::detailShowsRun()
{
    wb::gui::ResultsPage page(*m_settings);
    page.resize(1000, 700);
    page.show();
    page.setStore(startedStore(m_db));
    waitLoaded(page);
    QSignalSpy shown(page.detail(), &wb::gui::RunDetailView::runShown);
    page.table()->setFocus();
    page.table()->setCurrentIndex(page.model()->index(0, 0));
    QTRY_COMPARE_WITH_TIMEOUT(shown.size(), 1, 10000);
    QCOMPARE(shown.first().first().toLongLong(), page.model()->row(0).id);
    // Metrics by label, in their display units, key figure first.
    QTableWidget *metrics = page.detail()->metricsTable();
    QCOMPARE(metrics->rowCount(), 2);
    QCOMPARE(metrics->item(0, 0)->text(), u"throughput"_s);
    QCOMPARE(metrics->item(0, 2)->text(), u"600"_s); // 6e8 bit/s
    QCOMPARE(metrics->item(0, 3)->text(), u"Mbit/s"_s);
    QVERIFY(metrics->item(0, 0)->toolTip().contains(u"throughput_bps"_s));
    QCOMPARE(metrics->item(1, 0)->text(), u"CPU utilisation"_s);
    QCOMPARE(metrics->item(1, 3)->text(), u"%"_s);
    for (int r = 0; r < metrics->rowCount(); ++r)
        QVERIFY2(!metrics->item(r, 2)->text().contains(u"e+"_s), qPrintable(metrics->item(r, 2)->text()));
    // The parameters under the title.
    const QString summary = page.findChild<QLabel *>(u"runSummary"_s)->text();
    QVERIFY2(summary.contains(u"message 1472 B · send buffer 64 KiB · duration 2 s"_s), qPrintable(summary));
    QCOMPARE(page.detail()->samplesPlot()->graphCount(), 1);
    QCOMPARE(page.detail()->samplesPlot()->graph(0)->dataCount(), 20);
    // Its streams, each as its end measured it, on a tab of their own.
    QVERIFY(page.detail()->streamsTabShown());
    QTableWidget *streams = page.detail()->streamsTable();
    QCOMPARE(streams->rowCount(), 1);
    QCOMPARE(streams->item(0, 1)->text(), u"server → client"_s);
    QCOMPARE(streams->item(0, 3)->text(), u"receiver"_s);
    QCOMPARE(streams->item(0, 5)->text(), u"1.00 Mbit/s"_s);
    QVERIFY(page.findChild<QPlainTextEdit *>(u"runPlan"_s)->toPlainText().contains(u"lab plan"_s));
    // Both ends side by side, a field per row, not raw JSON.
    QTableWidget *env = page.detail()->environmentTable();
    QCOMPARE(env, page.findChild<QTableWidget *>(u"runEnvironment"_s));
    QCOMPARE(env->columnCount(), 3);
    QVERIFY(env->horizontalHeaderItem(1)->text().startsWith(u"Client"_s));
    QVERIFY(env->horizontalHeaderItem(2)->text().contains(u"beta/eth0"_s));
    QHash<QString, QPair<QString, QString>> rows;
    for (int r = 0; r < env->rowCount(); ++r)
        rows.insert(env->item(r, 0)->text(), {env->item(r, 1)->text(), env->item(r, 2) ? env->item(r, 2)->text() : QString()});
    QCOMPARE(rows.value(u"Host"_s), (QPair<QString, QString>(u"alpha"_s, u"beta"_s)));
    QCOMPARE(rows.value(u"Machine name"_s), (QPair<QString, QString>(u"alpha-box"_s, u"beta-box"_s)));
    QCOMPARE(rows.value(u"Kernel"_s), (QPair<QString, QString>(u"Linux 6.1.0-18-amd64"_s, u"Linux 5.10.0-28-amd64"_s)));
    QCOMPARE(rows.value(u"Interface"_s).first, u"eth0 (192.0.2.10)"_s); // the test's NIC, not wlan0
    QCOMPARE(rows.value(u"Driver"_s), (QPair<QString, QString>(u"e1000e 3.2.6-k"_s, u"igb"_s)));
    QCOMPARE(rows.value(u"Link"_s), (QPair<QString, QString>(u"1 Gbit/s, full duplex"_s, u"1 Gbit/s, full duplex"_s)));
    QCOMPARE(rows.value(u"MTU"_s), (QPair<QString, QString>(u"1500"_s, u"9000"_s)));
    QCOMPARE(rows.value(u"CPU"_s), (QPair<QString, QString>(u"Intel Xeon E5-2620 (12 CPUs)"_s, u"—"_s)));
    QCOMPARE(rows.value(u"Memory"_s).first, u"32.0 GiB"_s);
    QVERIFY(rows.value(u"Offloads"_s).first.contains(u"on: tso"_s));
    QVERIFY2(rows.value(u"Switch"_s).first.contains(u"fs108"_s, Qt::CaseInsensitive), qPrintable(rows.value(u"Switch"_s).first));
    QVERIFY2(rows.value(u"Path"_s).first.contains(u"65 m cable"_s), qPrintable(rows.value(u"Path"_s).first));
    QVERIFY(!rows.contains(u"Kernel build"_s)); // neither end said
    for (const auto &[client, server] : std::as_const(rows))
        QVERIFY2(!client.contains(u'{') && !server.contains(u'{'), qPrintable(client + u" | "_s + server));
    // A one-stream run has no streams tab.
    page.table()->setCurrentIndex(page.model()->index(1, 0));
    QTRY_COMPARE_WITH_TIMEOUT(shown.size(), 2, 10000);
    QVERIFY(!page.detail()->streamsTabShown());
    QCOMPARE(page.detail()->streamsTable()->rowCount(), 0);
}

void TstResultsPage::deletesThroughDialog()
{
    wb::gui::ResultsPage page(*m_settings);
    page.show();
    page.setStore(startedStore(m_db));
    waitLoaded(page);
    const qint64 id = page.model()->row(0).id;
    page.table()->selectRow(0);
    // "No" keeps the run.
    wb::gui::MessageBox::setNextAnswer(QMessageBox::No);
    page.deleteSelected();
    QVERIFY(wb::gui::MessageBox::lastText().contains(u"cannot be undone"_s));
    QTest::qWait(50);
    QCOMPARE(page.model()->totalCount(), qint64(kRuns));
    // "Yes" deletes it, off the GUI thread, and the list reloads.
    page.table()->selectRow(0);
    wb::gui::MessageBox::setNextAnswer(QMessageBox::Yes);
    page.deleteSelected();
    QTRY_COMPARE_WITH_TIMEOUT(page.model()->totalCount(), qint64(kRuns - 1), 10000);
    auto store = wb::ResultStore::open(m_db);
    QVERIFY(store.ok());
    QCOMPARE((*store)->runs().run(id).error().kind, wb::StoreError::Kind::NotFound);
}

void TstResultsPage::exportsCsvAndJson()
{
    wb::gui::ResultsPage page(*m_settings);
    page.show();
    page.setStore(startedStore(m_db));
    waitLoaded(page);
    auto *kindBox = page.findChild<QComboBox *>(u"kindFilter"_s);
    kindBox->setCurrentIndex(kindBox->findData(u"tcp_rr"_s));
    QTRY_VERIFY_WITH_TIMEOUT(!page.model()->isLoading() && page.model()->filter().kind == u"tcp_rr"_s, 10000);
    const qint64 rr = page.model()->totalCount();

    QSignalSpy exported(&page, &wb::gui::ResultsPage::exported);
    const QString json = m_dir->filePath(u"rr.json"_s);
    page.exportTo(json, true);
    QTRY_COMPARE_WITH_TIMEOUT(exported.size(), 1, 10000);
    QFile jf(json);
    QVERIFY(jf.open(QIODevice::ReadOnly));
    const QJsonArray runs = QJsonDocument::fromJson(jf.readAll()).array();
    QCOMPARE(runs.size(), rr);
    QTRY_VERIFY_WITH_TIMEOUT(!page.model()->isLoading(), 10000);

    const QString csv = m_dir->filePath(u"rr.csv"_s);
    page.exportTo(csv, false);
    QTRY_COMPARE_WITH_TIMEOUT(exported.size(), 2, 10000);
    QFile cf(csv);
    QVERIFY(cf.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = cf.readAll().trimmed().split('\n');
    QCOMPARE(lines.size(), rr + 1); // header + one row per run

    // A folder that cannot be written says so through the dialog seam.
    wb::gui::MessageBox::setNextAnswer(0);
    const int before = wb::gui::MessageBox::dialogCount();
    page.exportTo(u"/proc/nonexistent/x.csv"_s, false);
    QTRY_COMPARE_WITH_TIMEOUT(wb::gui::MessageBox::dialogCount(), before + 1, 10000);
    QVERIFY(wb::gui::MessageBox::lastText().contains(u"choose another folder"_s));
}

void TstResultsPage::rerunPlanFromStoredPlan()
{
    auto store = wb::ResultStore::open(m_db);
    QVERIFY(store.ok());
    wb::RunFilter f;
    f.limit = 1;
    auto newest = (*store)->runs().listRuns(f);
    QVERIFY(newest.ok() && newest->size() == 1);
    wb::StoredRun run = *(*store)->runs().run(newest->first().id);
    QString error;
    run.record.extra.remove(u"case_key"_s);
    // Without a case key the plan cannot say which case it was.
    QVERIFY(!wb::gui::ResultsPage::rerunPlan(run, &error));
    QVERIFY(error.contains(u"Plans page"_s));
    auto full = wb::Plan::fromJson(kPlanSource, &error);
    QVERIFY(full && full->cases.size() == 2);
    run.record.extra.insert(u"case_key"_s, full->cases.at(1).key);
    auto plan = wb::gui::ResultsPage::rerunPlan(run, &error);
    QVERIFY2(plan, qPrintable(error));
    QCOMPARE(plan->cases.size(), 1);
    QCOMPARE(plan->cases.first().key, full->cases.at(1).key);
    QCOMPARE(plan->cases.first().params, full->cases.at(1).params);
    QVERIFY(plan->host(u"alpha"_s));
    // An imported run (no plan) tells the user where to go instead.
    run.record.extra = {};
    QVERIFY(!wb::gui::ResultsPage::rerunPlan(run, &error));
    QVERIFY(error.contains(u"Plans page"_s));
}

void TstResultsPage::refusesDamagedDatabase()
{
    // The composition root opens Settings::databasePath(); point it at a
    // damaged file and check the file is named and left untouched.
    const QString bad = m_dir->filePath(u"damaged.sqlite"_s);
    QFile f(bad);
    QVERIFY(f.open(QIODevice::WriteOnly));
    const QByteArray garbage = QByteArray("this is not a database ").repeated(300);
    f.write(garbage);
    f.close();
    m_settings->setDatabasePath(bad);
    m_settings.reset(); // flush to the QSettings file the composition reads
    const int before = wb::gui::MessageBox::dialogCount();
    wb::gui::MessageBox::setNextAnswer(-1); // the user closes the dialog
    {
        wb::AppComposition app;
        QTRY_COMPARE_WITH_TIMEOUT(wb::gui::MessageBox::dialogCount(), before + 1, 10000);
        QVERIFY2(wb::gui::MessageBox::lastText().contains(bad), qPrintable(wb::gui::MessageBox::lastText()));
        QVERIFY(wb::gui::MessageBox::lastText().contains(u"Open another"_s));
        QVERIFY(app.databasePath().isEmpty());
        QVERIFY(app.mainWindow().statusBar()->currentMessage().contains(u"No results database"_s));
        // File > Open results database… picks a good file; it reaches the pages.
        wb::gui::FileDialog::setNextPath(m_db);
        app.mainWindow().findChild<QAction *>(u"openDatabase"_s)->trigger();
        QTRY_COMPARE_WITH_TIMEOUT(app.databasePath(), m_db, 10000);
        QTRY_COMPARE_WITH_TIMEOUT(app.resultsPage().model()->totalCount(), qint64(kRuns), 10000);
    }
    // "Create new…" on a damaged file: a new name becomes a new database.
    m_settings = std::make_unique<wb::Settings>();
    m_settings->setDatabasePath(bad);
    m_settings.reset();
    {
        const QString fresh = m_dir->filePath(u"fresh.sqlite"_s);
        wb::gui::MessageBox::setNextAnswer(1);
        wb::gui::FileDialog::setNextPath(fresh);
        wb::AppComposition app;
        QTRY_COMPARE_WITH_TIMEOUT(app.databasePath(), fresh, 10000);
        QVERIFY(QFileInfo::exists(fresh));
        QTRY_VERIFY_WITH_TIMEOUT(!app.resultsPage().model()->isLoading(), 10000);
        QCOMPARE(app.resultsPage().model()->totalCount(), qint64(0));
    }
    QFile again(bad);
    QVERIFY(again.open(QIODevice::ReadOnly));
    QCOMPARE(again.readAll(), garbage);
    m_settings = std::make_unique<wb::Settings>();
    m_settings->setDatabasePath(QString());
}

void TstResultsPage::remembersLayout()
{
    int width = 0;
    QList<int> sizes;
    {
        wb::gui::ResultsPage page(*m_settings);
        page.resize(1000, 700);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        page.table()->setColumnWidth(wb::gui::RunListModel::Endpoints, 333);
        auto *splitter = page.findChild<QSplitter *>(u"resultsSplitter"_s);
        splitter->setSizes({500, 150});
        sizes = splitter->sizes();
        width = page.table()->columnWidth(wb::gui::RunListModel::Endpoints);
    } // saved on the way out, through the settings registry
    wb::gui::ResultsPage again(*m_settings);
    again.resize(1000, 700);
    again.show();
    QVERIFY(QTest::qWaitForWindowExposed(&again));
    QCOMPARE(again.table()->columnWidth(wb::gui::RunListModel::Endpoints), width);
    QCOMPARE(again.findChild<QSplitter *>(u"resultsSplitter"_s)->sizes(), sizes);
}

void TstResultsPage::rerunGoesToRunMonitor()
{
    // Through the composition root, as the user does it: select the newest
    // run, Ctrl+R; the run monitor runs the one case again (real local
    // agents, 0.5 s) and the new run shows up in the list.
    wb::AppComposition app;
    app.mainWindow().resize(1100, 750);
    app.mainWindow().show();
    QVERIFY(QTest::qWaitForWindowActive(&app.mainWindow()));
    app.openDatabase(m_db);
    QTRY_COMPARE_WITH_TIMEOUT(app.databasePath(), m_db, 10000);
    app.mainWindow().setCurrentPage(3);
    wb::gui::ResultsPage &page = app.resultsPage();
    QTRY_VERIFY_WITH_TIMEOUT(!page.model()->isLoading() && page.model()->rowCount() > 0, 10000);
    QSignalSpy shown(page.detail(), &wb::gui::RunDetailView::runShown);
    page.table()->setFocus();
    page.table()->setCurrentIndex(page.model()->index(0, 0));
    QTRY_COMPARE_WITH_TIMEOUT(shown.size(), 1, 10000);
    QSignalSpy stored(&app.runsPage(), &wb::gui::RunsPage::planStored);
    QTest::keyClick(page.table(), Qt::Key_R, Qt::ControlModifier);
    QCOMPARE(app.mainWindow().currentPage(), &app.runsPage());
    QVERIFY(app.runsPage().isRunning());
    QTRY_COMPARE_WITH_TIMEOUT(stored.size(), 1, 30000);
    QCOMPARE(stored.first().at(1).toInt(), 1);
    QTRY_COMPARE_WITH_TIMEOUT(page.model()->totalCount(), qint64(kRuns + 1), 10000);
    QTRY_VERIFY_WITH_TIMEOUT(!page.model()->isLoading() && page.model()->rowCount() > 0, 10000);
    const wb::gui::RunRow &newest = page.model()->row(0);
    QCOMPARE(newest.kind, u"udp_stream"_s);
    QCOMPARE(newest.status, wb::RunStatus::Finished);
    QCOMPARE(newest.plan, u"lab plan (re-run)"_s);
}

void TstResultsPage::compareSelectedGoesToCompare()
{
    // Select two runs, Ctrl+M: the Compare page compares exactly those.
    wb::AppComposition app;
    app.mainWindow().resize(1100, 750);
    app.mainWindow().show();
    QVERIFY(QTest::qWaitForWindowActive(&app.mainWindow()));
    app.openDatabase(m_db);
    QTRY_COMPARE_WITH_TIMEOUT(app.databasePath(), m_db, 10000);
    app.mainWindow().setCurrentPage(3);
    wb::gui::ResultsPage &page = app.resultsPage();
    QTRY_VERIFY_WITH_TIMEOUT(!page.model()->isLoading() && page.model()->rowCount() > 1, 10000);
    // Nothing selected: a message says what to do, nothing else happens.
    page.table()->clearSelection();
    wb::gui::MessageBox::setNextAnswer(QMessageBox::Ok);
    page.compareSelected();
    QVERIFY(wb::gui::MessageBox::lastText().contains(u"Select the runs to compare"_s));
    QCOMPARE(app.mainWindow().currentPage(), &page);
    QSignalSpy requested(&page, &wb::gui::ResultsPage::compareRequested);
    page.table()->setFocus();
    page.table()->selectRow(0);
    page.table()->selectionModel()->select(page.model()->index(1, 0),
                                           QItemSelectionModel::Select | QItemSelectionModel::Rows);
    const QList<qint64> ids{page.model()->row(0).id, page.model()->row(1).id};
    QTest::keyClick(page.table(), Qt::Key_M, Qt::ControlModifier);
    QCOMPARE(requested.size(), 1);
    QCOMPARE(app.mainWindow().currentPage(), &app.comparePage());
    wb::gui::ComparePage &compare = app.comparePage();
    QTRY_VERIFY_WITH_TIMEOUT(!compare.isBuilding() && compare.selection().runIds.size() == 2, 15000);
    QTRY_VERIFY_WITH_TIMEOUT(!compare.isBuilding(), 15000);
    QStringList measured;
    for (const wb::Observation &o : compare.data().observations)
        if (!o.baseline)
            measured << o.source;
    measured.sort();
    QStringList expected{u"run %1"_s.arg(ids[0]), u"run %1"_s.arg(ids[1])};
    expected.sort();
    QCOMPARE(measured, expected);
}

// Result files import as runs: several chosen at once (Ctrl+I), and dropped
// on the page; a damaged one imports nothing and says where it is wrong; the
// chooser's folder is remembered.
void TstResultsPage::importsRunsChosenAndDropped()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(u"import.sqlite"_s);
    QVERIFY(wb::ResultStore::open(db).ok());
    wb::Settings settings;
    wb::gui::FileDialog::setSettings(&settings);
    auto forget = qScopeGuard([] { wb::gui::FileDialog::setSettings(nullptr); });
    wb::gui::ResultsPage page(settings);
    page.setStore(startedStore(db));
    page.resize(1000, 700);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    QTRY_VERIFY_WITH_TIMEOUT(!page.model()->isLoading(), 10000);
    QCOMPARE(page.model()->totalCount(), qint64(0));
    QSignalSpy imported(&page, &wb::gui::ResultsPage::imported);
    const QString data = QStringLiteral(WB_TEST_DATA_DIR) + u"/import/"_s;
    wb::gui::FileDialog::setNextPath(data + u"netperf/concatenated_sessions.txt\n"_s + data
                                     + u"iperf3/tcp_3.12_omit.json"_s);
    page.findChild<QAction *>(u"importAction"_s)->trigger();
    QVERIFY(imported.wait(10000));
    QVERIFY2(imported.last().at(0).toBool(), qPrintable(imported.last().at(1).toString()));
    QVERIFY2(imported.last().at(1).toString().startsWith(u"2 file(s) imported"_s), qPrintable(imported.last().at(1).toString()));
    QTRY_VERIFY_WITH_TIMEOUT(!page.model()->isLoading() && page.model()->totalCount() >= 4, 10000);
    const qint64 afterChoice = page.model()->totalCount();
    QCOMPARE(settings.lastFolder(), QDir::cleanPath(data + u"netperf"_s)); // the chooser starts there next time

    // Dropped: a good CSV and a damaged netperf log.
    QMimeData mime;
    mime.setUrls({QUrl::fromLocalFile(data + u"csv/results.csv"_s),
                  QUrl::fromLocalFile(data + u"netperf/bad_failed_test.txt"_s)});
    QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(&page, &enter);
    QVERIFY(enter.isAccepted());
    QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    wb::gui::MessageBox::setNextAnswer(QMessageBox::Ok);
    QCoreApplication::sendEvent(&page, &drop);
    QVERIFY(imported.wait(10000));
    QVERIFY(!imported.last().at(0).toBool());
    const QString message = imported.last().at(1).toString();
    QVERIFY2(message.startsWith(u"1 file(s) imported"_s) && message.contains(u"bad_failed_test.txt:3"_s), qPrintable(message));
    QTRY_VERIFY_WITH_TIMEOUT(!page.model()->isLoading() && page.model()->totalCount() > afterChoice, 10000);
}

QTEST_MAIN(TstResultsPage)
#include "tst_resultspage.moc"
