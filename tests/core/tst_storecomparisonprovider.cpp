// SPDX-License-Identifier: GPL-3.0-or-later
// Comparison datasets from a real database: runs of a kind beside the
// shipped baselines of that kind, grouped by message size, with the
// interval samples as a time series and the size sweep.

#include "analysis/storecomparisonprovider.h"
#include "storeservicefixture.h"
#include "analysis/comparisonengine.h"

#include <cmath>
#include "exchange/baselineset.h"
#include "exchange/resultimport.h"
#include "store/baselinestore.h"
#include "store/resultstore.h"
#include "store/runfilter.h"
#include "store/runstore.h"

#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

class TstStoreComparisonProvider : public QObject
{
    Q_OBJECT
private slots:
    void runsBesideBaselines();
    void missingDatabaseIsAnError();
    void ceilingsAndEnvironmentAgainstTheBaseline();
    void olderDatabaseGetsTheBaselinesLinks();
    void forwardingRunsBesideTheRouterReports();
    void experimentGroupedByArm();
    void fileTransferRatesBesideTheFtpReport();
    void tagKeepsTaggedRuns();
};

static wb::StoredRun udpRun(int size, double rxBps)
{
    wb::StoredRun r;
    r.plan = u"p"_s;
    r.testCase = u"udp %1"_s.arg(size);
    r.clientEndpoint = u"adam/eth0"_s;
    r.serverEndpoint = u"eve/eth0"_s;
    r.record.kind = u"udp_stream"_s;
    r.record.tool = u"wirebench-agent"_s;
    r.record.params.insert(u"message_size_bytes"_s, size);
    // The buffers the 1999 netperf tests asked for: the same condition.
    r.record.params.insert(u"send_socket_bytes"_s, 65535);
    r.record.params.insert(u"recv_socket_bytes"_s, 65535);
    r.record.addMetric(u"throughput_bps"_s, u"client"_s, rxBps * 1.5);
    r.record.addMetric(u"throughput_bps"_s, u"server"_s, rxBps);
    for (int t = 1; t <= 3; ++t)
        r.record.samples.append(wb::Sample{double(t), u"server"_s, u"throughput_bps"_s, rxBps});
    return r;
}

void TstStoreComparisonProvider::runsBesideBaselines()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(u"c.sqlite"_s);
    {
        auto store = wb::ResultStore::open(db);
        QVERIFY(store);
        QVERIFY(wb::ensureBuiltinBaselines(**store));
        QVERIFY((*store)->runs().saveRuns({udpRun(1472, 90e6), udpRun(1472, 92e6), udpRun(64, 20e6)}));
    }
    wb::StoreComparisonProvider provider(wb::testing::storeServiceFor(db));
    const QStringList names = provider.datasetNames();
    QVERIFY2(names.contains(u"udp_stream: throughput"_s), qPrintable(names.join(u", "_s)));
    QVERIFY(names.contains(u"tcp_rr: transaction rate"_s)); // from the baselines alone
    QString error;
    const auto d = provider.dataset(u"udp_stream: throughput"_s, &error);
    QVERIFY2(d, qPrintable(error));
    QCOMPARE(d->unit, u"Mbit/s"_s);
    int measured = 0, senders = 0, baselines = 0;
    for (const auto &o : d->observations) {
        QVERIFY(o.condition);
        if (o.baseline)
            ++baselines;
        else if (o.condition->side == wb::FigureSide::Receiver)
            ++measured;
        else
            ++senders;
    }
    QCOMPARE(measured, 3); // one receiver figure per run...
    QCOMPARE(senders, 3);  // ...and the sender's, as another condition
    QVERIFY(baselines >= 5); // the 1999 report's UDP_STREAM rows
    QCOMPARE(d->defaultGroupBy, u"host pair"_s);
    QVERIFY(d->dimensions.contains(u"message size"_s));
    // Grouped by message size: a sweep of the receiver's figures.
    const wb::ComparisonView sweep = wb::buildComparisonView(*d, {u"message size"_s, {}, {}, 0.95});
    QVERIFY(sweep.isSweep());
    QCOMPARE(sweep.conditions[sweep.condition].condition.side, wb::FigureSide::Receiver);
    bool sawBoth = false, sawMeasured = false;
    for (const auto &cell : sweep.cells) {
        if (cell.category == u"1472 B"_s && !cell.baseline) {
            sawMeasured = true;
            QCOMPARE(cell.values.size(), 2);
            QVERIFY(std::fabs(cell.estimate.mean - std::sqrt(90.0 * 92.0)) < 1e-9); // receiver side, in Mbit/s
            QVERIFY(cell.estimate.low > 0);
        }
        if (cell.category == u"1472 B"_s && cell.baseline)
            sawBoth = true;
    }
    QVERIFY(sawMeasured);
    QVERIFY(sawBoth); // the 95.07 Mbit/s of 1999 stands beside today's runs
    QCOMPARE(d->timeSeries.size(), 3);
    QCOMPARE(d->timeSeries.first().points.size(), 3);
    const wb::ComparisonData chart = sweep.chartData(*d);
    const auto line = std::find_if(chart.sweeps.begin(), chart.sweeps.end(),
                                   [](const wb::PointSeries &p) { return p.label.startsWith(u"measured"_s); });
    QVERIFY(line != chart.sweeps.end());
    QCOMPARE(line->points.size(), 2); // 64 and 1472 B, in that order
    QVERIFY(line->points[0].x() < line->points[1].x());

    // A run on another kernel and driver than the reference: said beside the comparison.
    {
        auto store = wb::ResultStore::open(db);
        wb::StoredRun other = udpRun(1472, 60e6);
        other.plan = u"other"_s;
        other.clientEnvironment = QJsonObject{
            {u"kernel"_s, u"Linux 2.2.10"_s},
            {u"interfaces"_s, QJsonArray{QJsonObject{{u"name"_s, u"eth0"_s}, {u"driver"_s, u"tulip"_s},
                                                     {u"driver_version"_s, u"0.91"_s}, {u"speed_mbps"_s, 100},
                                                     {u"duplex"_s, u"half"_s}}}}};
        wb::StoredRun ref = udpRun(1472, 90e6);
        ref.clientEnvironment = QJsonObject{
            {u"kernel"_s, u"Linux 6.1.0"_s},
            {u"interfaces"_s, QJsonArray{QJsonObject{{u"name"_s, u"eth0"_s}, {u"driver"_s, u"igb"_s},
                                                     {u"driver_version"_s, u"5.6"_s}, {u"speed_mbps"_s, 1000},
                                                     {u"duplex"_s, u"full"_s}}}}};
        QVERIFY((*store)->runs().saveRuns({ref, other}));
    }
    const auto e = provider.dataset(u"udp_stream: throughput"_s, &error);
    QVERIFY(e);
    // Grouped by plan in the 1472-byte receiver condition.
    wb::ComparisonView byPlan = wb::buildComparisonView(*e, {u"plan"_s, {}, {}, 0.95});
    for (const auto &c : std::as_const(byPlan.conditions))
        if (c.condition.side == wb::FigureSide::Receiver && c.condition.parameter(u"message_size_bytes"_s)->value == u"1472"_s)
            byPlan = wb::buildComparisonView(*e, {u"plan"_s, c.key, {}, 0.95});
    int refIndex = -1;
    for (int i = 0; i < byPlan.cells.size(); ++i)
        if (byPlan.cells[i].category == u"p"_s && !byPlan.cells[i].baseline && byPlan.cells[i].link.speedBps == 1e9)
            refIndex = i;
    QVERIFY(refIndex >= 0);
    byPlan = wb::buildComparisonView(*e, {u"plan"_s, byPlan.conditions[byPlan.condition].key, byPlan.cells[refIndex].label, 0.95});
    // Between two groups of runs, field by field: what changed.
    QString changes;
    for (const auto &diff : byPlan.environmentDiffs(*e))
        if (diff.cell.startsWith(u"other"_s))
            changes = diff.describe().join(u'\n');
    QVERIFY2(changes.contains(u"client kernel: 2.2.10 → 6.1.0"_s) && changes.contains(u"client driver: tulip → igb"_s)
                 && changes.contains(u"client driver version: 0.91 → 5.6"_s)
                 && changes.contains(u"link speed: 100 Mbit/s → 1 Gbit/s"_s) && changes.contains(u"duplex: half → full"_s),
             qPrintable(changes));
}

void TstStoreComparisonProvider::missingDatabaseIsAnError()
{
    wb::StoreComparisonProvider provider(wb::testing::storeServiceFor(u"/nonexistent/dir/x.sqlite"_s));
    QVERIFY(provider.datasetNames().isEmpty());
    QString error;
    QVERIFY(!provider.dataset(u"udp_stream: throughput"_s, &error));
    QVERIFY2(error.contains(u"/nonexistent/dir/x.sqlite"_s), qPrintable(error));
}

void TstStoreComparisonProvider::ceilingsAndEnvironmentAgainstTheBaseline()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(u"e.sqlite"_s);
    {
        auto store = wb::ResultStore::open(db);
        QVERIFY(store);
        QVERIFY(wb::ensureBuiltinBaselines(**store));
        wb::StoredRun r = udpRun(1472, 90e6);
        r.clientEnvironment = QJsonObject{
            {u"kernel"_s, u"Linux 6.1.0-18-amd64"_s},
            {u"interfaces"_s, QJsonArray{QJsonObject{{u"name"_s, u"eth0"_s}, {u"driver"_s, u"e1000e"_s},
                                                     {u"speed_mbps"_s, 100}, {u"duplex"_s, u"full"_s},
                                                     {u"mtu"_s, 1500}}}}};
        QVERIFY((*store)->runs().saveRuns({r}));
    }
    wb::StoreComparisonProvider provider(wb::testing::storeServiceFor(db));
    QString error;
    const auto d = provider.dataset(u"udp_stream: throughput"_s, &error);
    QVERIFY2(d, qPrintable(error));
    const double ceiling1472 = 100e6 / (1538 * 8) * 1472 * 8 / 1e6; // Mbit/s of 1472-byte datagrams
    wb::ComparisonView view = wb::buildComparisonView(*d, {u"message size"_s, {}, {}, 0.95});
    const wb::EngineCell *measured = nullptr, *fs108 = nullptr;
    const wb::EngineRow *measuredRow = nullptr, *fs108Row = nullptr;
    for (const auto &row : std::as_const(view.rows)) {
        const auto &c = view.cells[row.cell];
        if (c.category == u"1472 B"_s && !c.baseline) {
            measured = &c;
            measuredRow = &row;
        }
        if (c.category == u"1472 B"_s && c.baseline) {
            fs108 = &c;
            fs108Row = &row;
        }
    }
    QVERIFY(measured && fs108);
    // Both against their own link: the run's NIC said 100 Mbit/s; the 1999
    // figure went through a Fast Ethernet switch.
    QCOMPARE(measured->link.linkClass, wb::LinkInfo::Class::Physical);
    QCOMPARE(measured->ceiling, ceiling1472);
    QCOMPARE(fs108->ceiling, ceiling1472);
    QVERIFY(qAbs(fs108Row->pctOfCeiling - 99.33) < 0.01);
    QVERIFY(std::isfinite(measuredRow->pctOfCeiling));
    // The 1-byte rows of the Catalyst 5000 have no link speed: no ceiling.
    for (const auto &o : d->observations)
        if (o.baseline && o.source.contains(u"Brown"_s) && o.attributes.value(u"switch"_s) == u"Cisco Catalyst 5000"_s)
            QCOMPARE(o.ceiling, 0.0);

    // What differs between the run and the 1999 figure, field by field.
    const QString fs108Label = fs108->label;
    view = wb::buildComparisonView(*d, {u"message size"_s, view.conditions[view.condition].key, measured->label, 0.95});
    measured = fs108 = nullptr; // they pointed into the view just replaced
    const auto diffs = view.environmentDiffs(*d);
    const auto it = std::find_if(diffs.begin(), diffs.end(), [&](const auto &e) { return e.cell == fs108Label; });
    QVERIFY(it != diffs.end());
    QMap<QString, wb::EnvironmentFieldDiff> byField;
    for (const auto &f : it->fields)
        byField.insert(f.field, f);
    QCOMPARE(byField.value(u"client kernel"_s).state, wb::EnvironmentFieldDiff::State::Differs);
    QCOMPARE(byField.value(u"client kernel"_s).first, u"2.2.10"_s);
    QCOMPARE(byField.value(u"client kernel"_s).second, u"6.1.0-18-amd64"_s);
    QCOMPARE(byField.value(u"client driver"_s).first, u"tulip"_s);
    QCOMPARE(byField.value(u"client driver"_s).second, u"e1000e"_s);
    QCOMPARE(byField.value(u"link speed"_s).state, wb::EnvironmentFieldDiff::State::Same);
    QCOMPARE(byField.value(u"duplex"_s).state, wb::EnvironmentFieldDiff::State::UnknownFirst); // the report does not say
    QCOMPARE(byField.value(u"MTU"_s).state, wb::EnvironmentFieldDiff::State::UnknownFirst);
    const QString text = it->describe().join(u'\n');
    QVERIFY2(text.contains(u"client driver: tulip → e1000e"_s), qPrintable(text));
    QVERIFY2(text.contains(u"not known for %1: "_s.arg(fs108Label)) && text.contains(u"duplex"_s), qPrintable(text));
}

void TstStoreComparisonProvider::olderDatabaseGetsTheBaselinesLinks()
{
    // A database filled by a program whose baselines had no link: opening
    // it with this one brings the descriptions up to date, figures unchanged.
    QTemporaryDir dir;
    const QString db = dir.filePath(u"old.sqlite"_s);
    auto store = wb::ResultStore::open(db);
    QVERIFY(store);
    QList<wb::Baseline> old = wb::BaselineSet::loadBuiltin().baselines();
    for (wb::Baseline &b : old) {
        b.hardware.remove(u"link"_s);
        b.hardware.remove(u"environment"_s);
    }
    QVERIFY((*store)->baselines().importBaselines(old));
    QVERIFY(!(*store)->baselines().baseline(u"brown1999/udp_stream/fs108/adam-eve/1472B"_s)->hardware.contains(u"link"_s));
    auto added = wb::ensureBuiltinBaselines(**store);
    QVERIFY(added);
    QCOMPARE(*added, 0);
    auto b = (*store)->baselines().baseline(u"brown1999/udp_stream/fs108/adam-eve/1472B"_s);
    QVERIFY(b);
    QCOMPARE(b->hardware.value(u"link"_s).toObject().value(u"speed_bps"_s).toDouble(), 100e6);
    QCOMPARE(b->record.metric(u"throughput_bps"_s, u"server"_s).value_or(0), 95.07e6);
    QCOMPARE((*store)->baselines().baselines()->size(), old.size());
}

void TstStoreComparisonProvider::experimentGroupedByArm()
{
    // Two arms, two rounds each, of one plan run; beside them a run of
    // another plan. The experiment's answer takes only its runs, no
    // baselines, grouped by arm; so do its runs picked by hand.
    QTemporaryDir dir;
    const QString db = dir.filePath(u"e.sqlite"_s);
    QList<qint64> armRuns;
    {
        auto store = wb::ResultStore::open(db);
        QVERIFY(store);
        QVERIFY(wb::ensureBuiltinBaselines(**store));
        QList<wb::StoredRun> runs;
        for (int round = 1; round <= 2; ++round)
            for (const auto &[arm, bps] : {std::pair{u"sw-a"_s, 90e6}, std::pair{u"sw-b"_s, 40e6}}) {
                wb::StoredRun r = udpRun(1472, bps + round * 1e5);
                r.record.extra.insert(u"plan_run"_s, u"abcd1234"_s);
                r.record.extra.insert(u"experiment"_s, QJsonObject{{u"question"_s, u"Is sw-b as good as sw-a?"_s},
                                                                   {u"varies"_s, u"switch"_s},
                                                                   {u"arm"_s, arm},
                                                                   {u"round"_s, round},
                                                                   {u"rounds"_s, 2}});
                runs.append(r);
            }
        wb::StoredRun other = udpRun(1472, 95e6);
        other.record.extra.insert(u"plan_run"_s, u"ffff0000"_s);
        runs.append(other);
        QVERIFY((*store)->runs().saveRuns(runs));
        wb::RunFilter f;
        f.newestFirst = false;
        const auto listed = (*store)->runs().listRuns(f);
        QVERIFY(listed);
        for (const wb::StoredRun &r : *listed)
            armRuns.append(r.id);
        armRuns.removeLast(); // the other plan's run
    }
    wb::StoreComparisonProvider provider(wb::testing::storeServiceFor(db));
    auto check = [](const wb::ComparisonBuild &b) {
        QVERIFY2(b.data, qPrintable(b.error));
        QCOMPARE(b.data->defaultGroupBy, u"experiment arm"_s);
        QVERIFY(b.data->dimensions.contains(u"experiment arm"_s));
        int receivers = 0;
        for (const wb::Observation &o : b.data->observations) {
            QVERIFY(!o.baseline);
            receivers += o.condition->side == wb::FigureSide::Receiver;
        }
        QCOMPARE(receivers, 4);
        QVERIFY2(b.data->notes.join(u' ').contains(u"Experiment: Is sw-b as good as sw-a? The arms vary the switch; 2 round(s)"_s),
                 qPrintable(b.data->notes.join(u" | "_s)));
        const wb::ComparisonView v = wb::buildComparisonView(*b.data, {u"experiment arm"_s, {}, {}, 0.95});
        QCOMPARE(v.cells.size(), 2);
        for (const wb::EngineCell &c : v.cells)
            QCOMPARE(c.estimate.n, 2);
        QVERIFY(v.notes.join(u' ').contains(u"Experiment:"_s));
    };
    wb::ComparisonSelection byExperiment;
    byExperiment.kind = u"udp_stream"_s;
    byExperiment.experiment = u"abcd1234"_s;
    check(provider.builder()(byExperiment, nullptr));
    if (QTest::currentTestFailed())
        return;
    wb::ComparisonSelection picked;
    picked.runIds = armRuns;
    check(provider.builder()(picked, nullptr));
    if (QTest::currentTestFailed())
        return;
    // The whole kind: every run and the baselines, by host pair; the arm is
    // still a dimension to group by.
    wb::ComparisonSelection all;
    all.kind = u"udp_stream"_s;
    const wb::ComparisonBuild whole = provider.builder()(all, nullptr);
    QVERIFY(whole.data);
    QCOMPARE(whole.data->defaultGroupBy, u"host pair"_s);
    QVERIFY(whole.data->dimensions.contains(u"experiment arm"_s));
    bool baseline = false;
    for (const wb::Observation &o : whole.data->observations)
        baseline = baseline || o.baseline;
    QVERIFY(baseline);
}

// A file transfer's receiver reports the network phase and the rate to
// disk; the 1997 FTP figures are network-phase figures, so they stand
// beside the first and never beside the second.
void TstStoreComparisonProvider::fileTransferRatesBesideTheFtpReport()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(u"ft.sqlite"_s);
    const auto ftRun = [](const QString &name, const QJsonObject &extraParams) {
        wb::StoredRun r;
        r.plan = u"ftp"_s;
        r.testCase = name;
        r.clientEndpoint = u"zeus/eth0"_s;
        r.serverEndpoint = u"torus/eth0"_s;
        r.record.kind = u"file_transfer"_s;
        r.record.tool = u"wirebench-agent"_s;
        r.record.params = {{u"file_size_bytes"_s, 12582912}, {u"sink"_s, u"file"_s}, {u"message_size_bytes"_s, 131072}};
        for (auto it = extraParams.begin(); it != extraParams.end(); ++it)
            r.record.params.insert(it.key(), *it);
        return r;
    };
    {
        auto store = wb::ResultStore::open(db);
        QVERIFY(store);
        QVERIFY(wb::ensureBuiltinBaselines(**store));
        wb::StoredRun now = ftRun(u"now"_s, {{u"fsync"_s, false}, {u"direct_io"_s, false}});
        now.record.addMetric(u"throughput_bps"_s, u"client"_s, 85e6);
        now.record.addMetric(u"throughput_bps"_s, u"server"_s, 80e6);
        now.record.addMetric(u"network_throughput_bps"_s, u"server"_s, 80e6);
        now.record.addMetric(u"flushed_throughput_bps"_s, u"server"_s, 30e6);
        // Before the two rates were apart, fsync put the flush inside throughput_bps.
        wb::StoredRun old = ftRun(u"old fsync"_s, {{u"fsync"_s, true}});
        old.record.addMetric(u"throughput_bps"_s, u"server"_s, 20e6);
        QVERIFY((*store)->runs().saveRuns({now, old}));
    }
    wb::StoreComparisonProvider provider(wb::testing::storeServiceFor(db));
    const QString ftpFile = u"rodichev1997/ftp/zeus-torus/file"_s;
    struct Seen
    {
        std::optional<double> baseline, now, old;
        std::optional<wb::Condition> baselineCondition, nowCondition;
    };
    const auto read = [&](const QString &metric) {
        wb::ComparisonSelection sel;
        sel.kind = u"file_transfer"_s;
        sel.metric = metric;
        const wb::ComparisonBuild b = provider.build(sel);
        Seen seen;
        if (!b.data)
            return seen;
        for (const wb::Observation &o : b.data->observations) {
            if (o.baseline && o.baselineKey == ftpFile) {
                seen.baseline = o.values.first();
                seen.baselineCondition = o.condition;
            } else if (!o.baseline && o.condition && o.condition->side == wb::FigureSide::Receiver) {
                const bool isOld = o.attributes.value(u"fsync"_s) == u"on"_s;
                (isOld ? seen.old : seen.now) = o.values.first();
                if (!isOld)
                    seen.nowCondition = o.condition;
            }
        }
        return seen;
    };

    // The key figure: the receiver's throughput_bps is the network phase.
    const Seen key = read(QString());
    QVERIFY(key.baseline && key.now && key.nowCondition && key.baselineCondition);
    QCOMPARE(*key.now, 80.0); // Mbit/s, not the 30 to disk
    QVERIFY(std::fabs(*key.baseline - 6.63552) < 1e-9); // 810 KB/s of 1997
    QVERIFY2(key.nowCondition->sameAs(*key.baselineCondition),
             qPrintable(key.nowCondition->differences(*key.baselineCondition).join(u"; "_s)));

    // By its own name the network phase still meets the 1997 figure.
    const Seen network = read(u"network_throughput_bps"_s);
    QVERIFY(network.baseline && network.now);
    QCOMPARE(*network.now, 80.0);
    QVERIFY(std::fabs(*network.baseline - 6.63552) < 1e-9);
    QVERIFY2(network.nowCondition->sameAs(*network.baselineCondition),
             qPrintable(network.nowCondition->differences(*network.baselineCondition).join(u"; "_s)));
    QVERIFY(!network.old); // its throughput_bps had the fsync in it

    // The rate to disk has no 1997 counterpart; the old fsync run is one.
    const Seen flushed = read(u"flushed_throughput_bps"_s);
    QVERIFY(!flushed.baseline);
    QVERIFY(flushed.now && flushed.old);
    QCOMPARE(*flushed.now, 30.0);
    QCOMPARE(*flushed.old, 20.0);
}

// Compare's tag filter: only the runs holding the tag (any case), the
// baselines still beside them.
void TstStoreComparisonProvider::tagKeepsTaggedRuns()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(u"t.sqlite"_s);
    {
        auto store = wb::ResultStore::open(db);
        QVERIFY(store);
        QVERIFY(wb::ensureBuiltinBaselines(**store));
        wb::StoredRun tagged = udpRun(1472, 90e6);
        tagged.tags = {u"After firmware 4.2"_s};
        QVERIFY((*store)->runs().saveRuns({tagged, udpRun(1472, 60e6), udpRun(1472, 61e6)}));
    }
    wb::StoreComparisonProvider provider(wb::testing::storeServiceFor(db));
    auto count = [&](const QString &tag, int *baselines) {
        wb::ComparisonSelection sel;
        sel.kind = u"udp_stream"_s;
        sel.tag = tag;
        const wb::ComparisonBuild b = provider.build(sel);
        int runs = 0;
        *baselines = 0;
        for (const wb::ComparisonCandidate &c : b.candidates)
            c.baseline ? ++*baselines : ++runs;
        return runs;
    };
    int baselines = 0;
    QCOMPARE(count(QString(), &baselines), 3);
    QVERIFY(baselines > 0);
    QCOMPARE(count(u"after FIRMWARE 4.2"_s, &baselines), 1);
    QVERIFY(baselines > 0);
    QCOMPARE(count(u"no such tag"_s, &baselines), 0);
}

QTEST_GUILESS_MAIN(TstStoreComparisonProvider)
#include "tst_storecomparisonprovider.moc"

// The seeds' router reports give the forwarded rate from the device's own
// counters; a forwarding run's sink counts the same packets arriving.
void TstStoreComparisonProvider::forwardingRunsBesideTheRouterReports()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(u"f.sqlite"_s);
    {
        auto store = wb::ResultStore::open(db);
        QVERIFY(store);
        QVERIFY(wb::ensureBuiltinBaselines(**store));
        wb::StoredRun r;
        r.plan = u"fwd"_s;
        r.testCase = u"through the router"_s;
        r.clientEndpoint = u"gen/eth0"_s;
        r.serverEndpoint = u"sink/eth0"_s;
        r.record.kind = u"forwarding"_s;
        r.record.tool = u"wirebench-agent"_s;
        r.record.params.insert(u"frame_size_bytes"_s, 64);
        r.record.addMetric(u"packets_per_s"_s, u"client"_s, 150000);
        r.record.addMetric(u"packets_per_s"_s, u"server"_s, 52000);
        r.record.addMetric(u"forwarded_packets_per_s"_s, QString(), 52100);
        QVERIFY((*store)->runs().saveRuns({r}));
    }
    wb::StoreComparisonProvider provider(wb::testing::storeServiceFor(db));
    QString error;
    const auto d = provider.dataset(u"forwarding: packet rate"_s, &error);
    QVERIFY2(d, qPrintable(error + u" / "_s + provider.datasetNames().join(u", "_s)));
    QList<double> baselineValues;
    double measured = -1;
    for (const auto &o : d->observations) {
        QCOMPARE(o.values.size(), 1);
        if (o.baseline)
            baselineValues << o.values.first();
        else if (o.condition && o.condition->side == wb::FigureSide::Receiver)
            measured = o.values.first();
    }
    QCOMPARE(measured, 52.0); // what arrived at the sink, in kpps
    QVERIFY2(baselineValues.contains(40.0), // Olsson 2000: ~40 kpps through the Tulip router
             qPrintable(QString::number(baselineValues.size())));
}
