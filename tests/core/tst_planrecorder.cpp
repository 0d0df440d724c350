// SPDX-License-Identifier: GPL-3.0-or-later
// What the recorder keeps of the hardware a case ran over: the path
// between the NICs the endpoints name, resolved over the inventory (across
// an uplink and a hub here), even when the plan's hosts have other names
// than the inventory's; the link class with the source it came from, the
// environment winning over the inventory; and a warning naming the NIC
// when the inventory cannot tell the path. A real SQLite database through
// the store service.

#include "run/caseresult.h"
#include "run/planrecorder.h"

#include "storetestdb.h"
#include "store/inventorystore.h"
#include "store/noticestore.h"
#include "store/resultstore.h"
#include "store/runhardware.h"
#include "store/runstore.h"
#include "store/storeservice.h"

#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {

// star/eth0 -C1 1 m- fs108 port 1; fs108 port 8 -U1 20 m- hub port 1;
// hub port 2 -C2 38 m- zeus/eth0. loner/eth0 is not wired.
wb::Inventory lab()
{
    wb::Inventory inv;
    for (const auto &[name, address] : {std::pair{u"Star"_s, u"192.0.2.10"_s}, std::pair{u"zeus"_s, u"192.0.2.20"_s},
                                        std::pair{u"loner"_s, u"192.0.2.30"_s}}) {
        wb::Host h;
        h.name = name;
        h.address = address;
        inv.hosts.append(h);
        wb::Nic n;
        n.hostName = name;
        n.interfaceName = u"eth0"_s;
        n.maxSpeedBps = 100000000;
        inv.nics.append(n);
    }
    wb::NetworkSwitch fs, hub;
    fs.name = u"fs108"_s;
    fs.kind = wb::SwitchKind::StoreAndForward;
    hub.name = u"hub"_s;
    hub.kind = wb::SwitchKind::Hub;
    inv.switches = {fs, hub};
    for (const auto &[label, length] : {std::pair{u"C1"_s, 1.0}, std::pair{u"U1"_s, 20.0}, std::pair{u"C2"_s, 38.0}}) {
        wb::Cable c;
        c.label = label;
        c.lengthM = length;
        inv.cables.append(c);
    }
    wb::Link a;
    a.nicKey = u"Star/eth0"_s;
    a.cableLabel = u"C1"_s;
    a.switchName = u"fs108"_s;
    a.switchPort = 1;
    wb::Link b;
    b.nicKey = u"zeus/eth0"_s;
    b.cableLabel = u"C2"_s;
    b.switchName = u"hub"_s;
    b.switchPort = 2;
    inv.links = {a, b};
    wb::Uplink u;
    u.switchName = u"fs108"_s;
    u.switchPort = 8;
    u.cableLabel = u"U1"_s;
    u.peerSwitchName = u"hub"_s;
    u.peerSwitchPort = 1;
    inv.uplinks = {u};
    return inv;
}

wb::PlanHost planHost(const QString &name, const QString &address)
{
    wb::PlanHost h;
    h.name = name;
    h.address = address;
    h.transport = u"ssh"_s;
    return h;
}

wb::CaseResult caseResult(const wb::TestCase &tc)
{
    wb::CaseResult r;
    r.testCase = tc;
    r.status = u"finished"_s;
    wb::ResultRecord rec;
    rec.kind = tc.kind;
    rec.tool = u"wirebench-agent"_s;
    rec.addMetric(u"throughput_bps"_s, u"server"_s, 9e7);
    r.iterations = {rec};
    r.summary = rec;
    r.started = r.finished = QDateTime::currentDateTimeUtc();
    return r;
}

} // namespace

class TstPlanRecorder : public QObject
{
    Q_OBJECT
private slots:
    void init();
    void cleanup();
    void hardwareFromResolvedPath_data();
    void hardwareFromResolvedPath();
    void environmentWinsOverInventory();
    void pathNotKnownWarns();
    void nicCountersThatRoseWarn();
    void scheduledFailureLeavesNotice();

private:
    // Records one case of a plan with these hosts and returns the stored run.
    wb::StoredRun recordOne(const QList<wb::PlanHost> &hosts, const wb::Endpoint &client, const wb::Endpoint &server,
                            const QJsonObject &serverEnv = {});

    QTemporaryDir *m_dir = nullptr;
    std::unique_ptr<wb::StoreService> m_service;
};

void TstPlanRecorder::init()
{
    m_dir = new QTemporaryDir;
    m_service = std::make_unique<wb::StoreService>(wbtest::databaseLocation(*m_dir, u"rec.sqlite"_s));
    m_service->start();
    auto imported = m_service->write([](wb::ResultStore &s) { return s.inventory().importInventory(lab()); });
    imported.waitForFinished();
    QVERIFY2(imported.result().ok(), qPrintable(imported.result().message()));
}

void TstPlanRecorder::cleanup()
{
    m_service.reset();
    delete m_dir;
}

wb::StoredRun TstPlanRecorder::recordOne(const QList<wb::PlanHost> &hosts, const wb::Endpoint &client,
                                         const wb::Endpoint &server, const QJsonObject &serverEnv)
{
    wb::Plan plan;
    plan.name = u"hardware"_s;
    plan.hosts = hosts;
    wb::TestCase tc;
    tc.key = u"c1"_s;
    tc.name = u"udp over the lab"_s;
    tc.kind = u"udp_stream"_s;
    tc.client = client;
    tc.server = server;
    plan.cases = {tc};
    wb::PlanRecorder recorder(*m_service, plan, wb::PlanRecorder::newPlanRunId());
    wb::CaseResult result = caseResult(tc);
    result.serverEnvBefore = serverEnv;
    if (!recorder.record(result))
        return {};
    auto runs = m_service->read([](wb::ResultStore &s) { return s.runs().listRuns({}); });
    runs.waitForFinished();
    if (!runs.result() || runs.result()->size() != 1)
        return {};
    return runs.result()->first();
}

void TstPlanRecorder::hardwareFromResolvedPath_data()
{
    QTest::addColumn<QList<wb::PlanHost>>("hosts");
    QTest::addColumn<QString>("clientHost");
    QTest::addColumn<QString>("serverHost");
    QTest::addColumn<QString>("clientNic");
    // The plan calls them left and right; the inventory knows them by address.
    QTest::newRow("plan names differ, same addresses")
        << QList<wb::PlanHost>{planHost(u"left"_s, u"192.0.2.10"_s), planHost(u"right"_s, u"192.0.2.20"_s)}
        << u"left"_s << u"right"_s << u"eth0"_s;
    // The endpoints name the inventory's hosts (as plans that refer to the
    // inventory do), one in other letter case; no NIC named on a host that has one.
    QTest::newRow("endpoints name inventory hosts")
        << QList<wb::PlanHost>{planHost(u"star"_s, u"198.51.100.1"_s), planHost(u"zeus"_s, u"198.51.100.2"_s)}
        << u"star"_s << u"zeus"_s << QString();
}

void TstPlanRecorder::hardwareFromResolvedPath()
{
    QFETCH(QList<wb::PlanHost>, hosts);
    QFETCH(QString, clientHost);
    QFETCH(QString, serverHost);
    QFETCH(QString, clientNic);
    const wb::StoredRun run = recordOne(hosts, wb::Endpoint{clientHost, clientNic, {}},
                                        wb::Endpoint{serverHost, u"eth0"_s, {}});
    QVERIFY(run.id > 0);
    const wb::RunHardware hw = wb::RunHardware::of(run);
    QCOMPARE(hw.clientNic, u"Star/eth0"_s);
    QCOMPARE(hw.serverNic, u"zeus/eth0"_s);
    QCOMPARE(hw.switches, (QStringList{u"fs108"_s, u"hub"_s}));
    QCOMPARE(hw.cables, (QStringList{u"C1"_s, u"U1"_s, u"C2"_s}));
    QCOMPARE(hw.longestCableM, 38.0);
    QCOMPARE(hw.pathStatus, u"ok"_s);
    QCOMPARE(hw.pathText, u"Star/eth0 → C1 · 1 m → fs108 ports 1/8 → U1 · 20 m → hub ports 1/2 → C2 · 38 m → zeus/eth0"_s);
    // Nothing from the environment: the inventory's class, said so.
    const QJsonObject link = run.record.extra.value(u"link"_s).toObject();
    QCOMPARE(link.value(u"class"_s).toString(), u"physical"_s);
    QCOMPARE(link.value(u"source"_s).toString(), u"inventory"_s);
    QCOMPARE(link.value(u"speed_bps"_s).toDouble(), 1e8);
    QCOMPARE(link.value(u"duplex"_s).toString(), u"half"_s); // across the hub
    // The store's filters find the run by its hardware.
    auto count = [&](wb::RunFilter f) {
        auto n = m_service->read([f](wb::ResultStore &s) { return s.runs().countRuns(f); });
        n.waitForFinished();
        return n.result().value();
    };
    wb::RunFilter f;
    f.switchName = u"hub"_s;
    QCOMPARE(count(f), 1);
    f = {};
    f.cableLabel = u"U1"_s;
    QCOMPARE(count(f), 1);
    f = {};
    f.nicKey = u"zeus/eth0"_s;
    QCOMPARE(count(f), 1);
    f = {};
    f.hostName = u"Star"_s;
    QCOMPARE(count(f), 1);
}

void TstPlanRecorder::environmentWinsOverInventory()
{
    // The test addressed the server on loopback: loopback, whatever the inventory says.
    wb::PlanHost a = planHost(u"Star"_s, u"127.0.0.1"_s);
    wb::PlanHost b = planHost(u"zeus"_s, u"127.0.0.1"_s);
    const wb::StoredRun run = recordOne({a, b}, wb::Endpoint{u"Star"_s, u"eth0"_s, {}},
                                        wb::Endpoint{u"zeus"_s, u"eth0"_s, {}});
    QVERIFY(run.id > 0);
    const QJsonObject link = run.record.extra.value(u"link"_s).toObject();
    QCOMPARE(link.value(u"class"_s).toString(), u"loopback"_s);
    QCOMPARE(link.value(u"source"_s).toString(), u"environment"_s);
    QVERIFY(!link.contains(u"duplex"_s));
    const wb::RunHardware hw = wb::RunHardware::of(run);
    QVERIFY2(hw.warnings.join(u' ').contains(u"ran over a loopback link"_s), qPrintable(hw.warnings.join(u'|')));

    // A physical NIC the agent saw at 1 Gbit/s full duplex keeps its speed;
    // the inventory adds nothing it already says.
    cleanup();
    init();
    const QJsonObject env{{u"interfaces"_s, QJsonArray{QJsonObject{{u"name"_s, u"eth0"_s},
                                                                   {u"driver"_s, u"e1000e"_s},
                                                                   {u"speed_mbps"_s, 1000},
                                                                   {u"duplex"_s, u"full"_s}}}}};
    const wb::StoredRun phys = recordOne({planHost(u"Star"_s, u"192.0.2.10"_s), planHost(u"zeus"_s, u"192.0.2.20"_s)},
                                         wb::Endpoint{u"Star"_s, {}, {}}, wb::Endpoint{u"zeus"_s, u"eth0"_s, {}}, env);
    QVERIFY(phys.id > 0);
    const QJsonObject plink = phys.record.extra.value(u"link"_s).toObject();
    QCOMPARE(plink.value(u"class"_s).toString(), u"physical"_s);
    QCOMPARE(plink.value(u"speed_bps"_s).toDouble(), 1e9);
    QCOMPARE(plink.value(u"duplex"_s).toString(), u"full"_s);
    QCOMPARE(plink.value(u"source"_s).toString(), u"environment"_s);
}

void TstPlanRecorder::pathNotKnownWarns()
{
    const wb::StoredRun run = recordOne({planHost(u"Star"_s, u"192.0.2.10"_s), planHost(u"loner"_s, u"192.0.2.30"_s)},
                                        wb::Endpoint{u"Star"_s, u"eth0"_s, {}},
                                        wb::Endpoint{u"loner"_s, u"eth0"_s, {}});
    QVERIFY(run.id > 0);
    const wb::RunHardware hw = wb::RunHardware::of(run);
    QCOMPARE(hw.pathStatus, u"not-wired"_s);
    QVERIFY2(!hw.warnings.isEmpty() && hw.warnings.first().contains(u"NIC 'loner/eth0' is not wired"_s),
             qPrintable(hw.warnings.join(u'|')));
    // Each NIC is still known, and the wired one keeps its own cable and switch.
    QCOMPARE(hw.clientNic, u"Star/eth0"_s);
    QCOMPARE(hw.serverNic, u"loner/eth0"_s);
    QCOMPARE(hw.switches, QStringList{u"fs108"_s});
    QCOMPARE(run.record.extra.value(u"link"_s).toObject().value(u"source"_s).toString(), u"none"_s);
    // An end the inventory does not know at all.
    cleanup();
    init();
    const wb::StoredRun away = recordOne({planHost(u"elsewhere"_s, u"203.0.113.9"_s), planHost(u"zeus"_s, u"192.0.2.20"_s)},
                                         wb::Endpoint{u"elsewhere"_s, u"eth0"_s, {}},
                                         wb::Endpoint{u"zeus"_s, u"eth0"_s, {}});
    QVERIFY(away.id > 0);
    const wb::RunHardware ahw = wb::RunHardware::of(away);
    QCOMPARE(ahw.pathStatus, u"not-in-inventory"_s);
    QVERIFY(ahw.warnings.first().contains(u"host 'elsewhere' is not in the inventory"_s));
    QCOMPARE(ahw.serverNic, u"zeus/eth0"_s);
    QVERIFY(ahw.clientNic.isEmpty());
}

// A scheduled plan's failed case leaves a notice on its failed run (and
// says so for the log); a finished case, or a failed one of a plan run by
// hand, leaves none.
void TstPlanRecorder::scheduledFailureLeavesNotice()
{
    wb::Plan plan;
    plan.name = u"nightly"_s;
    plan.schedule = u"nightly-6h"_s;
    wb::TestCase tc;
    tc.key = u"c1"_s;
    tc.name = u"tcp_rr star-zeus"_s;
    tc.kind = u"tcp_rr"_s;
    tc.client.host = u"Star"_s;
    tc.server.host = u"zeus"_s;
    plan.cases = {tc};
    wb::PlanRecorder recorder(*m_service, plan, u"abc123"_s);
    QStringList said;
    connect(&recorder, &wb::PlanRecorder::noticed, this, [&](const QString &, const QString &text) { said << text; });
    QVERIFY(recorder.record(caseResult(tc)));
    wb::CaseResult failed = caseResult(tc);
    failed.status = u"failed"_s;
    failed.error = u"zeus: connection refused"_s;
    failed.iterations.clear();
    QVERIFY(recorder.record(failed));
    QCOMPARE(said.size(), 1);
    QCOMPARE(said.first(), u"scheduled run 'nightly-6h' (plan 'nightly', run id abc123): test case 'tcp_rr star-zeus' "
                           "failed: zeus: connection refused"_s);
    auto notices = m_service->read([](wb::ResultStore &s) { return s.notices().unseenNotices(); });
    notices.waitForFinished();
    QVERIFY2(notices.result().ok(), qPrintable(notices.result().message()));
    QCOMPARE(notices.result()->size(), 1);
    const wb::RunNotice n = notices.result()->first();
    QCOMPARE(n.kind, wb::RunNoticeKind::FailedTest);
    QCOMPARE(n.text, said.first());
    auto run = m_service->read([id = n.runId](wb::ResultStore &s) { return s.runs().run(id, false); });
    run.waitForFinished();
    QCOMPARE(run.result()->status, wb::RunStatus::Failed);
    QCOMPARE(run.result()->record.extra.value(u"schedule"_s).toString(), u"nightly-6h"_s);

    // By hand: no notice.
    plan.schedule.clear();
    wb::PlanRecorder byHand(*m_service, plan, u"def456"_s);
    QVERIFY(byHand.failureNoticeText(failed).isEmpty());
    QVERIFY(byHand.record(failed));
    auto after = m_service->read([](wb::ResultStore &s) { return s.notices().unseenNotices(); });
    after.waitForFinished();
    QCOMPARE(after.result()->size(), 1);
}

void TstPlanRecorder::nicCountersThatRoseWarn()
{
    // Two repetitions; the server's NIC dropped frames in one and saw CRC
    // errors in the other, the client's counters stayed at zero.
    wb::TestCase tc;
    tc.key = u"c1"_s;
    tc.kind = u"udp_stream"_s;
    tc.client.host = u"star"_s;
    tc.server.host = u"zeus"_s;
    tc.server.nic = u"eth0"_s;
    wb::CaseResult result = caseResult(tc);
    wb::ResultRecord second = result.iterations.first();
    auto counters = [](wb::ResultRecord &r, double dropped, double crc) {
        for (const QString &m : {u"nic_rx_dropped"_s, u"nic_rx_crc_errors"_s, u"nic_collisions"_s})
            r.addMetric(m, u"client"_s, 0);
        r.addMetric(u"nic_rx_dropped"_s, u"server"_s, dropped);
        r.addMetric(u"nic_rx_crc_errors"_s, u"server"_s, crc);
        r.addMetric(u"nic_collisions"_s, u"server"_s, 0);
    };
    counters(result.iterations.first(), 120, 0);
    counters(second, 0, 3);
    result.iterations.append(second);
    const QStringList w = wb::nicCounterWarnings(result);
    QCOMPARE(w.size(), 1);
    QCOMPARE(w.first(), u"server zeus (eth0): the NIC counted 120 receive drops and 3 CRC errors during the test; "
                        "frames were lost or damaged below the sockets"_s);
    // Nothing counted: nothing said.
    QVERIFY(wb::nicCounterWarnings(caseResult(tc)).isEmpty());

    // The driver's own counters (ethtool -S) join the warning where their
    // names say a frame was lost; traffic and gauges do not, nor a reset.
    auto driver = [](wb::ResultRecord &r, const QString &side, const QJsonObject &values) {
        const QJsonObject delta{{u"interface"_s, u"eth0"_s}, {u"counters"_s, values}};
        if (side == u"client"_s) {
            r.extra.insert(u"ethtool_stats_delta"_s, delta);
        } else {
            QJsonObject server = r.extra.value(u"server"_s).toObject();
            server.insert(u"ethtool_stats_delta"_s, delta);
            r.extra.insert(u"server"_s, server);
        }
    };
    wb::CaseResult withDriver = result;
    driver(withDriver.iterations[0], u"server"_s,
           {{u"rx_queue_0_drops"_s, 4}, {u"rx_packets"_s, 1000}, {u"peer_ifindex"_s, 0}, {u"rx_crc_errors"_s, -7}});
    driver(withDriver.iterations[1], u"server"_s, {{u"rx_queue_0_drops"_s, 1}, {u"rx_missed_errors"_s, 2}});
    driver(withDriver.iterations[1], u"client"_s, {{u"tx_fifo_underrun"_s, 0}, {u"RxOverruns"_s, 6}});
    const QStringList dw = wb::nicCounterWarnings(withDriver);
    QCOMPARE(dw.size(), 2);
    QCOMPARE(dw.at(0), u"client star: the driver counted 6 RxOverruns during the test; "
                       "frames were lost or damaged below the sockets"_s);
    QCOMPARE(dw.at(1), u"server zeus (eth0): the NIC counted 120 receive drops and 3 CRC errors, its driver "
                       "5 rx_queue_0_drops and 2 rx_missed_errors during the test; "
                       "frames were lost or damaged below the sockets"_s);

    // The warning is kept with the stored run, where Results and `runs show` read it.
    result.warnings = w;
    wb::Plan plan;
    plan.name = u"drops"_s;
    plan.hosts = {planHost(u"star"_s, u"198.51.100.1"_s), planHost(u"zeus"_s, u"198.51.100.2"_s)};
    plan.cases = {tc};
    wb::PlanRecorder recorder(*m_service, plan, wb::PlanRecorder::newPlanRunId());
    QVERIFY(recorder.record(result));
    auto runs = m_service->read([](wb::ResultStore &s) { return s.runs().listRuns({}); });
    runs.waitForFinished();
    QVERIFY(runs.result() && !runs.result()->isEmpty());
    QCOMPARE(runs.result()->first().warnings(), w);
}

QTEST_GUILESS_MAIN(TstPlanRecorder)
#include "tst_planrecorder.moc"
