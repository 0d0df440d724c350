// SPDX-License-Identifier: GPL-3.0-or-later
// Orchestration cost over SSH (the throwaway sshd on loopback, sessions
// reused, agent deployed once): the time each test adds beyond its own
// duration over a plan of many short tests, and how much of the serial time
// a plan of independent host pairs takes when the pairs run concurrently.
//   bench_orchestrator          smoke mode (CTest): 10 tests, 2 per pair
//   bench_orchestrator --full   100 tests, 8 per pair (docs/perf/orchestrator.md)

#include "../integration/sshfixture.h"
#include "config/fixedhostkeypolicy.h"
#include "run/orchestrator.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTimer>

#include <cstdio>

using namespace Qt::StringLiterals;

namespace {

struct Outcome
{
    int finished = 0;
    int failed = 0;
    double firstStartToEndS = 0;
    double wallS = 0;
};

QJsonObject sshHost(int port)
{
    return QJsonObject{{u"transport"_s, u"ssh"_s},       {u"ssh_address"_s, u"127.0.0.1"_s},
                       {u"port"_s, port},                {u"address"_s, u"127.0.0.1"_s},
                       {u"user"_s, wbtest::loginName()}, {u"identity_file"_s, wbtest::fixtureFile(u"client_ed25519"_s)}};
}

Outcome runPlan(const QJsonObject &json, int maxParallel, wbtest::ClientSetup &client)
{
    QString error;
    auto plan = wb::Plan::fromJson(json, &error);
    if (!plan) {
        std::fprintf(stderr, "bench_orchestrator: %s\n", qPrintable(error));
        std::exit(2);
    }
    wb::FixedHostKeyPolicy policy(wb::HostKeyDecision::TrustOnce);
    wb::Orchestrator o(*plan, wb::Orchestrator::labFactory(client.options, &policy, nullptr));
    o.setMaxParallel(maxParallel);
    Outcome out;
    QElapsedTimer wall, fromFirst;
    QObject::connect(&o, &wb::Orchestrator::caseStarted, &o, [&](const wb::TestCase &, int) {
        if (!fromFirst.isValid())
            fromFirst.start();
    });
    QObject::connect(&o, &wb::Orchestrator::caseFinished, &o, [&](const wb::CaseResult &r) {
        if (r.status != u"finished"_s)
            std::fprintf(stderr, "  %s: %s: %s\n", qPrintable(r.testCase.name), qPrintable(r.status),
                         qPrintable(r.error));
    });
    QObject::connect(&o, &wb::Orchestrator::planFinished, &o, [&](int ok, int failed, int) {
        out.finished = ok;
        out.failed = failed;
        out.firstStartToEndS = fromFirst.isValid() ? fromFirst.elapsed() / 1000.0 : 0;
        out.wallS = wall.elapsed() / 1000.0;
        QCoreApplication::exit(0);
    });
    wall.start();
    QTimer::singleShot(0, &o, &wb::Orchestrator::start);
    QCoreApplication::exec();
    return out;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const bool full = app.arguments().contains(u"--full"_s);
    const int port = wbtest::sshdPort();
    if (port <= 0) {
        std::fprintf(stderr, "bench_orchestrator: no sshd fixture (WB_SSHD_DIR=%s)\n", qPrintable(wbtest::sshdDir()));
        return 2;
    }
    wbtest::ClientSetup client;
    client.trustHostKey();

    // 1. Overhead per test: many short tests, one host pair.
    const int n = full ? 100 : 10;
    const double duration = 0.1;
    QJsonArray tests;
    for (int i = 0; i < n; ++i)
        tests.append(QJsonObject{{u"name"_s, u"rr%1"_s.arg(i)}, {u"kind"_s, u"tcp_rr"_s}, {u"client"_s, u"h1"_s},
                                 {u"server"_s, u"h2"_s}, {u"duration_s"_s, duration}});
    const QJsonObject many{{u"name"_s, u"overhead"_s},
                           {u"hosts"_s, QJsonObject{{u"h1"_s, sshHost(port)}, {u"h2"_s, sshHost(port)}}},
                           {u"tests"_s, tests}};
    const Outcome o1 = runPlan(many, 8, client);
    const double overheadMs = (o1.firstStartToEndS - n * duration) / n * 1000;
    std::printf("overhead: %d tests of %.2f s over SSH in %.2f s (first start to end; %.2f s with connect): "
                "%.1f ms per test beyond its duration (target <= 50 ms)\n",
                n, duration, o1.firstStartToEndS, o1.wallS, overheadMs);

    // 2. Independent pairs concurrently vs one after another.
    const int perPair = full ? 8 : 2;
    const double pairDuration = 0.5;
    QJsonArray pairTests;
    for (int i = 0; i < perPair; ++i) {
        pairTests.append(QJsonObject{{u"name"_s, u"a%1"_s.arg(i)}, {u"kind"_s, u"tcp_rr"_s}, {u"client"_s, u"h1"_s},
                                     {u"server"_s, u"h2"_s}, {u"duration_s"_s, pairDuration}});
        pairTests.append(QJsonObject{{u"name"_s, u"b%1"_s.arg(i)}, {u"kind"_s, u"tcp_rr"_s}, {u"client"_s, u"h3"_s},
                                     {u"server"_s, u"h4"_s}, {u"duration_s"_s, pairDuration}});
    }
    const QJsonObject pairs{{u"name"_s, u"pairs"_s},
                            {u"hosts"_s, QJsonObject{{u"h1"_s, sshHost(port)},
                                                     {u"h2"_s, sshHost(port)},
                                                     {u"h3"_s, sshHost(port)},
                                                     {u"h4"_s, sshHost(port)}}},
                            {u"tests"_s, pairTests}};
    const Outcome serial = runPlan(pairs, 1, client);
    const Outcome parallel = runPlan(pairs, 8, client);
    std::printf("4 hosts, %d tests of %.1f s in 2 independent pairs: serial %.2f s, concurrent %.2f s: "
                "ratio %.2f (target <= 0.55)\n",
                2 * perPair, pairDuration, serial.firstStartToEndS, parallel.firstStartToEndS,
                parallel.firstStartToEndS / serial.firstStartToEndS);

    const int failed = o1.failed + serial.failed + parallel.failed;
    const int expected = n + 4 * perPair;
    if (failed > 0 || o1.finished + serial.finished + parallel.finished != expected) {
        std::fprintf(stderr, "bench_orchestrator: %d tests failed\n", failed);
        return 1;
    }
    // Tripwires, not the targets: a quiet machine gives about 9 ms and a
    // ratio of 0.5; a request that waits for the 2 s heartbeat gave 1920 ms,
    // and pairs that do not overlap give a ratio near 1. A loaded CI machine
    // stays far inside both.
    constexpr double kOverheadTripwireMs = 500, kRatioTripwire = 0.85;
    bool tripped = false;
    if (overheadMs > kOverheadTripwireMs) {
        std::fprintf(stderr, "bench_orchestrator: %.0f ms per test beyond its duration (tripwire %.0f ms)\n", overheadMs,
                     kOverheadTripwireMs);
        tripped = true;
    }
    if (parallel.firstStartToEndS > kRatioTripwire * serial.firstStartToEndS) {
        std::fprintf(stderr, "bench_orchestrator: the independent pairs did not run concurrently (ratio %.2f, "
                             "tripwire %.2f)\n",
                     parallel.firstStartToEndS / serial.firstStartToEndS, kRatioTripwire);
        tripped = true;
    }
    return tripped ? 1 : 0;
}
