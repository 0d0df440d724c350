// SPDX-License-Identifier: GPL-3.0-or-later
// The orchestrator driving real agents of the local lab: every kind runs
// and reports, repetitions follow the confidence rule, independent pairs run
// concurrently while a shared host does not, cancel and a killed agent end
// within their timeouts without losing what finished, and resume skips it;
// a resumed case counts the repetitions it kept and runs only the missing.
// A host that refuses connections fails only its own cases, with the
// reason, after bounded retries; a later case connects to it afresh.

#include "analysis/statistics.h"
#include "result/metriccatalog.h"
#include "remote/agentlocator.h"
#include "remote/localtransport.h"
#include "run/orchestrator.h"

#include "../core/scriptedtransport.h"

#include <QElapsedTimer>
#include <QJsonDocument>
#include <QPointer>
#include <QSignalSpy>
#include <QSet>
#include <QTest>
#include <QTimer>

#include <csignal>
#include <limits>
#include <memory>

using namespace Qt::StringLiterals;

namespace {

wb::Plan makePlan(const QByteArray &testsJson, const QByteArray &hosts = R"("a":{"transport":"local"},"b":{"transport":"local"})")
{
    const QByteArray json = R"({"name":"t","hosts":{)" + hosts + R"(},"tests":[)" + testsJson + "]}";
    QString error;
    auto plan = wb::Plan::fromJson(QJsonDocument::fromJson(json).object(), &error);
    if (!plan)
        qFatal("bad test plan: %s", qPrintable(error));
    return *plan;
}

struct Collector
{
    QList<wb::CaseResult> measurements;
    QList<wb::Sample> samples;
    QStringList log;
    int finished = -1, failed = -1, cancelled = -1;
    bool done = false;

    void attach(wb::Orchestrator &o)
    {
        QObject::connect(&o, &wb::Orchestrator::caseFinished, &o,
                         [this](const wb::CaseResult &m) { measurements.append(m); });
        QObject::connect(&o, &wb::Orchestrator::sampleReceived, &o,
                         [this](const QString &, const wb::Sample &s) { samples.append(s); });
        QObject::connect(&o, &wb::Orchestrator::logged, &o, [this](const QString &sev, const QString &host, const QString &t) {
            log.append(sev + u' ' + host + u": "_s + t);
        });
        QObject::connect(&o, &wb::Orchestrator::planFinished, &o, [this](int f, int e, int c) {
            finished = f;
            failed = e;
            cancelled = c;
            done = true;
        });
    }
    const wb::CaseResult *byKind(const QString &kind) const
    {
        for (const auto &m : measurements)
            if (m.testCase.kind == kind)
                return &m;
        return nullptr;
    }
};

} // namespace

class TstOrchestrator : public QObject
{
    Q_OBJECT
private slots:
    void everyKindOnTheLocalLab();
    void repetitionsFollowTheConfidenceRule();
    void independentPairsRunConcurrently();
    void busiestHostsStartFirst();
    void cancelStopsTheRemoteTests();
    void killedAgentIsReportedAndResumeCompletes();
    void keptRepetitionsCountForTheRule();
    void largeResultArrivesWhole();
    void givenUpHostFailsOnlyItsCasesAndIsTriedAgain();
    void hostThatNeverAnswersFailsOnlyItsCases();
};

namespace {

const QByteArray kThreeHosts = R"("a":{"transport":"local"},"b":{"transport":"local"},"c":{"transport":"local"})";

wb::ConnectRetry quickRetry()
{
    wb::ConnectRetry r;
    r.firstDelayMs = 40;
    r.jitter = 0;
    return r; // three retries: four attempts a cycle
}

// Real local agents for a and b; host c refuses its first `refusals`
// connection attempts (counted in *cAttempts), then gets a real agent too.
wb::Orchestrator::TransportFactory refusingC(int refusals, std::shared_ptr<int> cAttempts)
{
    return [refusals, cAttempts](const wb::PlanHost &host) -> wb::AgentTransport * {
        if (host.name == u"c"_s && (*cAttempts)++ < refusals)
            return new wbtest::ScriptedTransport(u"c"_s, wbtest::Attempt::Refused);
        return new wb::LocalTransport(wb::locateAgent());
    };
}

} // namespace

void TstOrchestrator::everyKindOnTheLocalLab()
{
    wb::Plan plan = makePlan(R"(
        {"kind":"udp_stream","client":"a","server":"b","duration_s":1,"params":{"message_size_bytes":64,"interval_s":0.25}},
        {"kind":"tcp_stream","client":"a","server":"b","duration_s":1,"params":{"interval_s":0.25}},
        {"kind":"tcp_rr","client":"a","server":"b","duration_s":1},
        {"kind":"udp_rr","client":"a","server":"b","duration_s":1},
        {"kind":"file_transfer","client":"a","server":"b","duration_s":30,"params":{"file_size_bytes":4194304,"sink":["file","devnull"]}},
        {"kind":"packet_rate","client":"a","server":"b","duration_s":1})");
    QCOMPARE(plan.cases.size(), 7);
    wb::Orchestrator o(plan, wb::Orchestrator::localFactory());
    Collector c;
    c.attach(o);
    QSignalSpy progress(&o, &wb::Orchestrator::progressChanged);
    o.start();
    QTRY_VERIFY_WITH_TIMEOUT(c.done, 60000);
    QVERIFY2(c.failed == 0, qPrintable(c.log.join(u'\n')));
    QCOMPARE(c.finished, 7);
    QCOMPARE(c.measurements.size(), 7);
    for (const auto &m : c.measurements) {
        QCOMPARE(m.status, u"finished"_s);
        QCOMPARE(m.iterations.size(), 1);
        QVERIFY(!m.clientEnvBefore.value(u"kernel"_s).toString().isEmpty());
        QVERIFY(!m.serverEnvAfter.value(u"kernel"_s).toString().isEmpty());
        QCOMPARE(m.summary.metric(u"iterations"_s).value_or(0), 1.0);
        QCOMPARE(m.summary.tool, u"wirebench-agent"_s);
    }
    const auto *udp = c.byKind(u"udp_stream"_s);
    QVERIFY(udp->summary.metric(u"throughput_bps"_s, u"server"_s).value_or(0) > 1e6);
    QVERIFY(udp->summary.metric(u"messages"_s, u"client"_s).value_or(0)
            >= udp->summary.metric(u"messages"_s, u"server"_s).value_or(-1));
    const auto *rr = c.byKind(u"tcp_rr"_s);
    QVERIFY(rr->summary.metric(u"transactions_per_s"_s, u"client"_s).value_or(0) > 1000);
    QVERIFY(rr->summary.metric(u"latency_us_p99"_s, u"client"_s).value_or(0) > 0);
    int files = 0;
    for (const auto &m : c.measurements) {
        if (m.testCase.kind != u"file_transfer"_s)
            continue;
        ++files;
        const auto bytes = m.summary.metric(u"bytes"_s, u"server"_s);
        QVERIFY2(bytes && *bytes == 4194304.0, QJsonDocument(m.summary.toJson()).toJson().constData());
    }
    QCOMPARE(files, 2);
    // Interval samples arrived live from the streams.
    int throughputSamples = 0;
    for (const auto &s : c.samples)
        throughputSamples += s.name == u"throughput_bps"_s ? 1 : 0;
    QVERIFY2(throughputSamples >= 4, qPrintable(QString::number(throughputSamples)));
    QVERIFY(progress.count() >= 7);
    QCOMPARE(progress.last().at(0).toInt(), 7);
}

void TstOrchestrator::repetitionsFollowTheConfidenceRule()
{
    wb::Plan plan = makePlan(R"(
        {"name":"loose","kind":"tcp_rr","client":"a","server":"b","duration_s":0.3,
         "repetitions":{"min":3,"max":12,"confidence_pct":90,"interval_pct":100}},
        {"name":"strict","kind":"tcp_rr","client":"a","server":"b","duration_s":0.3,
         "repetitions":{"min":2,"max":3,"confidence_pct":99,"interval_pct":0.0001}})");
    wb::Orchestrator o(plan, wb::Orchestrator::localFactory());
    Collector c;
    c.attach(o);
    o.start();
    QTRY_VERIFY_WITH_TIMEOUT(c.done, 60000);
    QCOMPARE(c.finished, 2);
    const wb::CaseResult &loose = c.measurements[0].testCase.name == u"loose"_s ? c.measurements[0] : c.measurements[1];
    const wb::CaseResult &strict = c.measurements[0].testCase.name == u"loose"_s ? c.measurements[1] : c.measurements[0];
    // Repeated until the rule held, and not once more: the same check on one
    // iteration fewer must fail (unless that was below the minimum).
    // Twelve tries leave room for a loaded machine: one slow 0.3 s iteration
    // among three can widen the interval past ±50 %, more tries narrow it.
    QVERIFY2(loose.iterations.size() >= 3 && loose.iterations.size() <= 12,
             qPrintable(QString::number(loose.iterations.size())));
    QVERIFY2(loose.confidenceReached, qPrintable(loose.warnings.join(u"; "_s)));
    QList<double> values;
    for (const auto &r : loose.iterations)
        values.append(*wb::sidedMetricValue(r, u"transactions_per_s"_s));
    QVERIFY(wb::stats::checkConfidence(values, 0.90, 50).met);
    if (values.size() > 3)
        QVERIFY(!wb::stats::checkConfidence(values.mid(0, values.size() - 1), 0.90, 50).met);
    QCOMPARE(loose.summary.metric(u"ci_level_pct"_s).value_or(0), 90.0);
    QCOMPARE(strict.iterations.size(), 3);
    QVERIFY(!strict.confidenceReached);
    QVERIFY(strict.summary.metric(u"ci_width_pct"_s).value_or(0) > 0.0001);
    QVERIFY(strict.warnings.join(u' ').contains(u"did not reach"_s));
    // The summary is the mean of the iterations.
    double sum = 0;
    for (const auto &r : strict.iterations)
        sum += r.metric(u"transactions_per_s"_s, u"client"_s).value_or(0);
    QCOMPARE(strict.summary.metric(u"transactions_per_s"_s, u"client"_s).value_or(0), sum / 3);
}

void TstOrchestrator::independentPairsRunConcurrently()
{
    const QByteArray hosts = R"("a":{"transport":"local"},"b":{"transport":"local"},"c":{"transport":"local"},"d":{"transport":"local"})";
    wb::Plan parallel = makePlan(R"(
        {"kind":"tcp_rr","client":"a","server":"b","duration_s":1},
        {"kind":"tcp_rr","client":"c","server":"d","duration_s":1})", hosts);
    wb::Plan serial = makePlan(R"(
        {"kind":"tcp_rr","client":"a","server":"b","duration_s":1},
        {"kind":"tcp_rr","client":"a","server":"c","duration_s":1})", hosts);
    qint64 elapsed[2];
    int i = 0;
    for (wb::Plan *p : {&parallel, &serial}) {
        wb::Orchestrator o(*p, wb::Orchestrator::localFactory());
        Collector c;
        c.attach(o);
        QList<QPair<qint64, qint64>> spans; // start and end of each case
        QElapsedTimer clock;
        clock.start();
        QObject::connect(&o, &wb::Orchestrator::caseStarted, &o, [&](const wb::TestCase &, int) {
            spans.append({clock.elapsed(), -1});
        });
        QObject::connect(&o, &wb::Orchestrator::caseFinished, &o, [&](const wb::CaseResult &) {
            for (auto &s : spans)
                if (s.second < 0) {
                    s.second = clock.elapsed();
                    break;
                }
        });
        o.start();
        QTRY_VERIFY_WITH_TIMEOUT(c.done, 30000);
        QCOMPARE(c.finished, 2);
        QCOMPARE(spans.size(), 2);
        // Overlap of the two cases' running time.
        elapsed[i++] = spans[1].first - spans[0].first;
    }
    // Independent pairs start together; a shared host makes the second wait.
    QVERIFY2(elapsed[0] < 500, qPrintable(QString::number(elapsed[0])));
    QVERIFY2(elapsed[1] >= 1000, qPrintable(QString::number(elapsed[1])));
}

// With tests at once, the tests of the host with the most left start
// first (plan order among equals), so its tests do not end as a serial
// tail; one at a time keeps the plan's order.
void TstOrchestrator::busiestHostsStartFirst()
{
    const QByteArray hosts = R"("a":{"transport":"local"},"b":{"transport":"local"},"c":{"transport":"local"},)"
                             R"("d":{"transport":"local"},"e":{"transport":"local"})";
    // Tests waiting per host: a 2, b 2, c 2, d 1, e 3.
    const wb::Plan plan = makePlan(R"(
        {"name":"a-b","kind":"tcp_rr","client":"a","server":"b","duration_s":0.2},
        {"name":"c-d","kind":"tcp_rr","client":"c","server":"d","duration_s":0.2},
        {"name":"e-a","kind":"tcp_rr","client":"e","server":"a","duration_s":0.2},
        {"name":"e-b","kind":"tcp_rr","client":"e","server":"b","duration_s":0.2},
        {"name":"e-c","kind":"tcp_rr","client":"e","server":"c","duration_s":0.2})", hosts);
    for (const int parallel : {2, 1}) {
        wb::Orchestrator o(plan, wb::Orchestrator::localFactory());
        o.setMaxParallel(parallel);
        Collector c;
        c.attach(o);
        QStringList started;
        QObject::connect(&o, &wb::Orchestrator::caseStarted, &o,
                         [&](const wb::TestCase &tc, int) { started << tc.name; });
        o.start();
        QTRY_VERIFY_WITH_TIMEOUT(c.done, 60000);
        QCOMPARE(c.finished, 5);
        QCOMPARE(started.size(), 5);
        if (parallel == 1) {
            QCOMPARE(started, (QStringList{u"a-b"_s, u"c-d"_s, u"e-a"_s, u"e-b"_s, u"e-c"_s}));
        } else {
            // e (3 left) with a: e-a first; of the rest only c-d has both ends free.
            QCOMPARE(QSet<QString>(started.begin(), started.begin() + 2), (QSet<QString>{u"e-a"_s, u"c-d"_s}));
        }
    }
}

void TstOrchestrator::cancelStopsTheRemoteTests()
{
    wb::Plan plan = makePlan(R"(
        {"kind":"udp_stream","client":"a","server":"b","duration_s":20},
        {"kind":"tcp_rr","client":"a","server":"b","duration_s":20})");
    QList<QPointer<wb::LocalTransport>> transports;
    wb::Orchestrator o(plan, [&](const wb::PlanHost &) -> wb::AgentTransport * {
        auto *t = new wb::LocalTransport(wb::locateAgent());
        transports.append(t);
        return t;
    });
    Collector c;
    c.attach(o);
    QSignalSpy started(&o, &wb::Orchestrator::caseStarted);
    o.start();
    QVERIFY(started.wait(10000));
    QTest::qWait(500);
    QElapsedTimer clock;
    clock.start();
    o.cancel();
    QTRY_VERIFY_WITH_TIMEOUT(c.done, 8000);
    QVERIFY(clock.elapsed() < 6000);
    QCOMPARE(c.finished, 0);
    QCOMPARE(c.cancelled, 2); // the running one and the one that never started
    QCOMPARE(c.measurements.size(), 1);
    QCOMPARE(c.measurements[0].status, u"cancelled"_s);
    // The agents were told to stop and then closed: no process is left.
    QCOMPARE(transports.size(), 2);
    for (const auto &t : transports)
        QTRY_VERIFY_WITH_TIMEOUT(!t || !t->isOpen(), 5000);
}

void TstOrchestrator::killedAgentIsReportedAndResumeCompletes()
{
    wb::Plan plan = makePlan(R"(
        {"name":"first","kind":"tcp_rr","client":"a","server":"b","duration_s":0.3},
        {"name":"victim","kind":"tcp_stream","client":"a","server":"b","duration_s":10},
        {"name":"after","kind":"tcp_rr","client":"a","server":"b","duration_s":0.3})");
    QList<QPointer<wb::LocalTransport>> transports;
    wb::Orchestrator o(plan, [&](const wb::PlanHost &) -> wb::AgentTransport * {
        auto *t = new wb::LocalTransport(wb::locateAgent());
        transports.append(t);
        return t;
    });
    Collector c;
    c.attach(o);
    QObject::connect(&o, &wb::Orchestrator::caseStarted, &o, [&](const wb::TestCase &tc, int) {
        if (tc.name != u"victim"_s)
            return;
        QTimer::singleShot(700, &o, [&] {
            // Kill the server agent (host b) as a crash would.
            for (const auto &t : transports)
                if (t && t->processId() > 0 && t == transports.last())
                    ::kill(pid_t(t->processId()), SIGKILL);
        });
    });
    QElapsedTimer clock;
    clock.start();
    o.start();
    QTRY_VERIFY_WITH_TIMEOUT(c.done, 20000);
    QVERIFY2(clock.elapsed() < 8000, qPrintable(QString::number(clock.elapsed())));
    // Only the case on the killed agent fails; the next one connects to
    // host b afresh and runs.
    QCOMPARE(c.finished, 2);
    QCOMPARE(c.failed, 1);
    QSet<QString> done;
    for (const auto &m : c.measurements) {
        if (m.status == u"finished"_s)
            done.insert(m.testCase.key);
        else
            QVERIFY2(m.error.contains(u"b"_s), qPrintable(m.error));
    }
    QCOMPARE(done.size(), 2);

    QCOMPARE(c.log.filter(u"given up for now"_s).size(), 1);

    // Resume: only the one that did not finish runs again.
    wb::Orchestrator again(plan, wb::Orchestrator::localFactory());
    again.setSkippedKeys(done);
    Collector c2;
    c2.attach(again);
    again.start();
    QTRY_VERIFY_WITH_TIMEOUT(c2.done, 30000);
    QCOMPARE(c2.finished, 1);
    QCOMPARE(c2.failed, 0);
    for (const auto &m : c2.measurements)
        QVERIFY(!done.contains(m.testCase.key));
}

void TstOrchestrator::keptRepetitionsCountForTheRule()
{
    wb::Plan plan = makePlan(R"(
        {"name":"two more","kind":"tcp_rr","client":"a","server":"b","duration_s":0.3,"repetitions":3},
        {"name":"none left","kind":"tcp_rr","client":"a","server":"b","duration_s":0.3,
         "repetitions":{"min":3,"max":6,"confidence_pct":90,"interval_pct":100}})");
    wb::ResultRecord kept;
    kept.kind = u"tcp_rr"_s;
    kept.addMetric(u"transactions_per_s"_s, u"client"_s, 20000);
    wb::Orchestrator o(plan, wb::Orchestrator::localFactory());
    // One kept of three: two run. Three equal ones meet the loose rule: none run.
    o.setKeptIterations({{plan.cases[0].key, {kept}}, {plan.cases[1].key, {kept, kept, kept}}});
    Collector c;
    c.attach(o);
    QList<QPair<QString, int>> started;
    QObject::connect(&o, &wb::Orchestrator::caseStarted, &o,
                     [&](const wb::TestCase &tc, int iteration) { started.append({tc.name, iteration}); });
    o.start();
    QTRY_VERIFY_WITH_TIMEOUT(c.done, 30000);
    QCOMPARE(c.finished, 2);
    QCOMPARE(started, (QList<QPair<QString, int>>{{u"two more"_s, 1}, {u"two more"_s, 2}}));
    for (const wb::CaseResult &m : std::as_const(c.measurements)) {
        QCOMPARE(m.status, u"finished"_s);
        QCOMPARE(m.iterations.size(), 3);
        QCOMPARE(m.keptIterations, m.testCase.name == u"two more"_s ? 1 : 3);
        QCOMPARE(m.iterations.first().metric(u"transactions_per_s"_s, u"client"_s).value_or(0), 20000.0);
        QVERIFY(!m.serverEnvAfter.isEmpty()); // the case still ran through its ends
    }
    QVERIFY2(c.log.join(u'\n').contains(u"2 cases run only the missing repetitions (4 kept)"_s),
             qPrintable(c.log.join(u'\n')));
}

// As many samples per series as a day at 1 s (86,400), made in seconds
// with a sampling interval of 1 us: every one of them reaches the case's
// record, none cut by a cap or lost to an over-long line.
void TstOrchestrator::largeResultArrivesWhole()
{
    constexpr qsizetype kDay = 86400;
    wb::Plan plan = makePlan(R"(
        {"kind":"udp_stream","client":"a","server":"b","duration_s":20,
         "params":{"rate_pps":1000,"message_size_bytes":64}})");
    // Finer than a plan may ask for (0.05 s), which the agent accepts.
    plan.cases[0].params.insert(u"interval_s"_s, 0.000001);
    wb::Orchestrator o(plan, wb::Orchestrator::localFactory());
    Collector c;
    c.attach(o);
    o.start();
    QTRY_VERIFY_WITH_TIMEOUT(c.done, 120000);
    QVERIFY2(c.failed == 0, qPrintable(c.log.join(u'\n')));
    QCOMPARE(c.measurements.size(), 1);
    const wb::ResultRecord &rec = c.measurements[0].iterations.value(0);
    // The live "sample" messages carry every interval sample as it is taken:
    // the record must hold exactly as many of each series.
    QHash<QString, qsizetype> stored, live;
    for (const wb::Sample &s : rec.samples)
        ++stored[s.side + u'/' + s.name];
    for (const wb::Sample &s : std::as_const(c.samples))
        ++live[s.side + u'/' + s.name];
    QVERIFY2(stored.size() >= 10, qPrintable(QStringList(stored.keys()).join(u' '))); // 5 series a side
    qsizetype fewest = std::numeric_limits<qsizetype>::max();
    for (auto it = live.cbegin(); it != live.cend(); ++it) {
        QVERIFY2(stored.value(it.key()) == it.value(),
                 qPrintable(u"%1: %2 sampled, %3 in the record"_s.arg(it.key()).arg(it.value()).arg(stored.value(it.key()))));
        fewest = std::min(fewest, it.value());
    }
    // How fast the sampler goes is up to the machine (about 10,000 a second here when idle).
    if (fewest < kDay)
        QSKIP(qPrintable(u"all samples arrived, but this machine made only %1 per series in 20 s (a day is %2)"_s
                             .arg(fewest)
                             .arg(kDay)));
}

QTEST_GUILESS_MAIN(TstOrchestrator)
#include "tst_orchestrator.moc"

void TstOrchestrator::givenUpHostFailsOnlyItsCasesAndIsTriedAgain()
{
    const wb::Plan plan = makePlan(R"(
        {"name":"ab1","kind":"tcp_rr","client":"a","server":"b","duration_s":0.3},
        {"name":"ac1","kind":"tcp_rr","client":"a","server":"c","duration_s":0.3},
        {"name":"ab2","kind":"tcp_rr","client":"a","server":"b","duration_s":0.3},
        {"name":"cb1","kind":"tcp_rr","client":"c","server":"b","duration_s":0.3})", kThreeHosts);
    auto cAttempts = std::make_shared<int>(0);
    // Four refusals: the first cycle (an attempt and three retries) fails.
    wb::Orchestrator o(plan, refusingC(4, cAttempts));
    o.setConnectRetry(quickRetry());
    Collector c;
    c.attach(o);
    o.start();
    QTRY_VERIFY_WITH_TIMEOUT(c.done, 60000);
    QVERIFY2(c.finished == 3 && c.failed == 1, qPrintable(c.log.join(u'\n')));
    for (const auto &m : c.measurements) {
        if (m.testCase.name == u"ac1"_s) {
            QCOMPARE(m.status, u"failed"_s);
            QVERIFY2(m.error.contains(u"c: cannot connect: Connection refused (gave up after 4 attempts)"_s),
                     qPrintable(m.error));
        } else {
            QVERIFY2(m.status == u"finished"_s, qPrintable(m.testCase.name + u": "_s + m.error));
        }
    }
    // The later case on c connected afresh: one more attempt, which worked.
    QCOMPARE(*cAttempts, 5);
    QCOMPARE(c.log.filter(u"retrying in"_s).size(), 3);
    QCOMPARE(c.log.filter(u"given up for now"_s).size(), 1);
}

void TstOrchestrator::hostThatNeverAnswersFailsOnlyItsCases()
{
    const wb::Plan plan = makePlan(R"(
        {"name":"ac1","kind":"tcp_rr","client":"a","server":"c","duration_s":0.3},
        {"name":"ab1","kind":"tcp_rr","client":"a","server":"b","duration_s":0.3},
        {"name":"cb1","kind":"tcp_rr","client":"c","server":"b","duration_s":0.3},
        {"name":"ca1","kind":"tcp_rr","client":"c","server":"a","duration_s":0.3},
        {"name":"ba1","kind":"tcp_rr","client":"b","server":"a","duration_s":0.3})", kThreeHosts);
    auto cAttempts = std::make_shared<int>(0);
    wb::Orchestrator o(plan, refusingC(std::numeric_limits<int>::max(), cAttempts));
    o.setConnectRetry(quickRetry());
    Collector c;
    c.attach(o);
    QElapsedTimer clock;
    clock.start();
    o.start();
    QTRY_VERIFY_WITH_TIMEOUT(c.done, 60000);
    QVERIFY2(clock.elapsed() < 30000, qPrintable(QString::number(clock.elapsed())));
    QVERIFY2(c.finished == 2 && c.failed == 3, qPrintable(c.log.join(u'\n')));
    for (const auto &m : c.measurements) {
        const bool onC = m.testCase.client.host == u"c"_s || m.testCase.server.host == u"c"_s;
        QCOMPARE(m.status, onC ? u"failed"_s : u"finished"_s);
        if (onC)
            QVERIFY2(m.error.contains(u"Connection refused (gave up after 4 attempts)"_s), qPrintable(m.error));
    }
    // Two cycles of four attempts, then its remaining cases fail at once.
    QCOMPARE(*cAttempts, 2 * 4);
}
