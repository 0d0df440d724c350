// SPDX-License-Identifier: GPL-3.0-or-later
// Benchmark of the remote layer against the throwaway sshd on loopback:
//  - connect + handshake: SshTransport open() to AgentClient ready, agent
//    already deployed (the cost of NOT reusing a connection);
//  - ping round trip over an established SshTransport vs LocalTransport
//    (the per-request overhead SSH adds when the connection is reused);
//  - a helper command (`true`) on the established session.
// Usage: bench_remote [--full]   (smoke mode by default; WB_SSHD_DIR must
// point at a running sshd fixture). Prints a Markdown table.

#include "../integration/sshfixture.h"

#include "remote/agentclient.h"
#include "remote/localtransport.h"
#include "remote/sshtransport.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <functional>
#include <vector>

using namespace Qt::StringLiterals;

namespace {

struct Stats
{
    double median = 0, p90 = 0, p99 = 0, mean = 0;
    size_t n = 0;
};

Stats summarize(std::vector<double> v)
{
    Stats s;
    s.n = v.size();
    if (v.empty())
        return s;
    std::sort(v.begin(), v.end());
    auto at = [&](double q) { return v[std::min(v.size() - 1, static_cast<size_t>(q * static_cast<double>(v.size())))]; };
    s.median = at(0.5);
    s.p90 = at(0.9);
    s.p99 = at(0.99);
    double sum = 0;
    for (double x : v)
        sum += x;
    s.mean = sum / static_cast<double>(v.size());
    return s;
}

// Runs the event loop until `done` is true or `ms` pass (benchmark harness
// only: product code never spins a nested loop).
bool spinUntil(const std::function<bool()> &done, int ms)
{
    QElapsedTimer t;
    t.start();
    while (!done() && t.elapsed() < ms)
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 20);
    return done();
}

bool waitReady(wb::AgentClient &client, int ms)
{
    bool failed = false;
    QObject::connect(&client, &wb::AgentClient::persistentError, &client, [&] { failed = true; });
    QObject::connect(&client, &wb::AgentClient::closed, &client, [&] { failed = true; });
    client.start();
    spinUntil([&] { return client.isReady() || failed; }, ms);
    return client.isReady();
}

// Sequential pings: each is sent when the previous pong arrives.
std::vector<double> pingRoundTrips(wb::AgentClient &client, int count)
{
    std::vector<double> us;
    us.reserve(static_cast<size_t>(count));
    QElapsedTimer t;
    qint64 pending = -1;
    int left = count;
    auto sendNext = [&] {
        t.start();
        pending = client.sendRequest(u"ping"_s);
    };
    const auto conn = QObject::connect(&client, &wb::AgentClient::replyReceived, &client,
                                       [&](const wb::AgentMessage &m) {
                                           if (!m.id || *m.id != pending)
                                               return;
                                           us.push_back(static_cast<double>(t.nsecsElapsed()) / 1000.0);
                                           if (--left > 0)
                                               sendNext();
                                       });
    sendNext();
    spinUntil([&] { return left <= 0; }, 60000);
    QObject::disconnect(conn);
    return us;
}

void row(const char *what, const Stats &s, const char *unit)
{
    std::printf("| %-44s | %6zu | %10.1f | %10.1f | %10.1f | %10.1f | %s |\n", what, s.n, s.median, s.p90, s.p99,
                s.mean, unit);
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const bool full = app.arguments().contains(u"--full"_s);
    const int connects = full ? 30 : 3;
    const int pings = full ? 20000 : 300;
    const int commands = full ? 300 : 10;
    if (wbtest::sshdPort() <= 0) {
        std::fprintf(stderr, "bench_remote: WB_SSHD_DIR does not point at a running sshd fixture\n");
        return 1;
    }
    const QString agent = qEnvironmentVariable("WIREBENCH_AGENT", QStringLiteral(WB_BIN_DIR "/wirebench-agent"));
    wbtest::ClientSetup setup;
    setup.trustHostKey();
    setup.options.localAgentPath = agent;
    setup.endpoint.remoteAgentPath = setup.home.filePath(u"remote/wirebench-agent"_s);

    // Deploy once so that the measured connects only check the version.
    {
        wb::AgentClient first(new wb::SshTransport(setup.endpoint, setup.options));
        if (!waitReady(first, 30000)) {
            std::fprintf(stderr, "bench_remote: cannot reach the fixture sshd\n");
            return 1;
        }
    }

    std::vector<double> connectMs, openedMs, closeMs;
    for (int i = 0; i < connects; ++i) {
        QElapsedTimer t;
        t.start();
        auto *transport = new wb::SshTransport(setup.endpoint, setup.options);
        QObject::connect(transport, &wb::AgentTransport::opened, transport,
                         [&] { openedMs.push_back(static_cast<double>(t.nsecsElapsed()) / 1e6); });
        wb::AgentClient c(transport);
        if (!waitReady(c, 30000)) {
            std::fprintf(stderr, "bench_remote: connect %d failed\n", i);
            return 1;
        }
        connectMs.push_back(static_cast<double>(t.nsecsElapsed()) / 1e6);
        bool closed = false;
        QObject::connect(&c, &wb::AgentClient::closed, &c, [&] { closed = true; });
        t.restart();
        c.stop();
        spinUntil([&] { return closed; }, 10000);
        closeMs.push_back(static_cast<double>(t.nsecsElapsed()) / 1e6);
    }

    wb::AgentClient local(new wb::LocalTransport(agent));
    wb::AgentClient remote(new wb::SshTransport(setup.endpoint, setup.options));
    if (!waitReady(local, 10000) || !waitReady(remote, 30000)) {
        std::fprintf(stderr, "bench_remote: cannot start the agents\n");
        return 1;
    }
    // Alternate A B A B in blocks so outside load hits both alike.
    std::vector<double> localUs, sshUs;
    const int blocks = 4;
    for (int b = 0; b < blocks; ++b) {
        auto l = pingRoundTrips(local, pings / blocks);
        auto s = pingRoundTrips(remote, pings / blocks);
        localUs.insert(localUs.end(), l.begin(), l.end());
        sshUs.insert(sshUs.end(), s.begin(), s.end());
    }
    auto *ssh = qobject_cast<wb::SshTransport *>(remote.transport());
    std::vector<double> cmdMs;
    for (int i = 0; i < commands; ++i) {
        bool done = false;
        QElapsedTimer t;
        t.start();
        const auto conn = QObject::connect(ssh, &wb::SshTransport::commandFinished, ssh,
                                           [&](qint64, const wb::RemoteCommandResult &) { done = true; });
        ssh->runCommand({u"true"_s});
        spinUntil([&] { return done; }, 10000);
        QObject::disconnect(conn);
        cmdMs.push_back(static_cast<double>(t.nsecsElapsed()) / 1e6);
    }

    const Stats so = summarize(openedMs), sd = summarize(closeMs);
    const Stats sc = summarize(connectMs), sl = summarize(localUs), ss = summarize(sshUs), sx = summarize(cmdMs);
    std::printf("bench_remote (%s mode), loopback sshd, agent %s\n\n", full ? "full" : "smoke", WIREBENCH_VERSION);
    std::printf("| %-44s | %6s | %10s | %10s | %10s | %10s | unit |\n", "measurement", "n", "median", "p90", "p99",
                "mean");
    std::printf("|%s|--------|------------|------------|------------|------------|------|\n",
                "----------------------------------------------");
    row("SSH connect + auth + agent probe + exec", so, "ms");
    row("... + agent hello (AgentClient ready)", sc, "ms");
    row("orderly close (agent exits, session ends)", sd, "ms");
    row("ping round trip, LocalTransport", sl, "us");
    row("ping round trip, established SshTransport", ss, "us");
    row("helper command `true` on the open session", sx, "ms");
    std::printf("\nSSH overhead per request (median): %.1f us; a new connection costs %.0fx a reused ping\n",
                ss.median - sl.median, sc.median * 1000.0 / std::max(1.0, ss.median));
    const bool sane = sl.n == static_cast<size_t>(pings / blocks * blocks) && ss.n == sl.n && sc.n == size_t(connects);
    return sane ? 0 : 1;
}
