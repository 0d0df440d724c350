// SPDX-License-Identifier: GPL-3.0-or-later
#include "packetratetest.h"

#include "clock.h"
#include "histogram.h"
#include "socketknobs.h"
#include "sequencewindow.h"
#include "testflows.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cerrno>
#include <cstring>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <thread>
#include <vector>

namespace wb::agent {

// Probe layout: key, sequence, send time (ns), padding.
namespace {
constexpr size_t kProbeHeader = 24;

// The same address and port, with an IPv4 peer seen on a dual-stack socket
// as ::ffff:a.b.c.d matching its plain IPv4 form.
bool sameEndpoint(const SockAddr &a, const SockAddr &b)
{
    if (a.port() != b.port())
        return false;
    if (a.sameHost(b))
        return true;
    auto unmapped = [](const SockAddr &x) {
        const std::string h = x.host();
        return h.rfind("::ffff:", 0) == 0 ? h.substr(7) : h;
    };
    return unmapped(a) == unmapped(b);
}
} // namespace

Outcome PacketRateTest::prepareClient(TestRun &run, json::Value &header)
{
    if (run.params().number("probe_rate_pps", 0) <= 0)
        return {};
    // Dual-stack wildcard, so the probe socket serves an IPv4 or IPv6 peer.
    m_probe.reset(::socket(AF_INET6, SOCK_DGRAM | SOCK_CLOEXEC, 0));
    SockAddr any;
    if (m_probe.valid()) {
        int off = 0;
        ::setsockopt(m_probe.get(), IPPROTO_IPV6, IPV6_V6ONLY, &off, sizeof off);
        parseAddress("::", 0, any);
    } else {
        m_probe.reset(::socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0));
        parseAddress("0.0.0.0", 0, any);
    }
    if (!m_probe.valid() || ::bind(m_probe.get(), any.get(), any.length) != 0)
        return Outcome::fail("socket_error", "cannot open the probe socket: " + errnoText(errno));
    std::string err;
    if (!applySocketKnobs(m_probe.get(), run.params(), false, &err)) // tos, as on the data socket
        return Outcome::fail("invalid_message", err);
    header["probe_port"] = localAddress(m_probe.get()).port();
    return {};
}

namespace {
// Drops as pktgen reports them, per direction of a reverse or bidirectional
// test: what the sending end sent and never arrived (from both ends'
// per-stream entries), under the direction's name (reverse_drops for a
// bidirectional test's server-to-client flood).
void reportFlowDrops(TestRun &run)
{
    const FlowLayout layout = flowLayout(run.params());
    for (FlowDirection d : layout.directions()) {
        double sent = 0, received = 0;
        for (const json::Value &e : run.extra()["streams"].asArray()) {
            if (e["direction"].asString() != directionName(d))
                continue;
            (e["role"].asString() == "sender" ? sent : received) += e["messages"].asDouble();
        }
        run.metric(layout.metricName(d, "drops"), std::max(0.0, sent - received), "-");
    }
}
} // namespace

Outcome PacketRateTest::serve(TestRun &run, ServerEnv &env)
{
    // Reverse and bidirectional floods run as udp_stream's flows do (no
    // probe: it runs against a forward flood only).
    if (!flowLayout(run.params()).single())
        return UdpStreamTest::serve(run, env);
    const TestParams &p = run.params();
    const double probeRate = p.number("probe_rate_pps", 0);
    const int64_t clientProbePort = env.header["probe_port"].asInt(0);
    Fd probe;
    SockAddr target;
    std::string err;
    if (probeRate > 0 && clientProbePort > 0 && clientProbePort <= 65535) {
        SockAddr local;
        parseAddress(env.bindHost, 0, local);
        probe = bindUdp(local, &err);
        target = env.clientUdp;
        target.setPort(static_cast<int>(clientProbePort));
        if (!probe.valid() || ::connect(probe.get(), target.get(), target.length) != 0)
            return Outcome::fail("socket_error", "cannot open the probe socket: " + (err.empty() ? errnoText(errno) : err));
        if (!applySocketKnobs(probe.get(), p, false, &err)) // tos, as on the data socket
            return Outcome::fail("invalid_message", err);
    }
    LatencyHistogram hist;
    uint64_t probesSent = 0;
    std::atomic<bool> probeStop{false};
    std::thread prober;
    if (probe.valid()) {
        const size_t size = static_cast<size_t>(p.integer("probe_size_bytes", 64));
        prober = std::thread([&, size] {
            std::vector<char> out(size, 'p'), in(2048);
            const int64_t gap = static_cast<int64_t>(1e9 / probeRate);
            int64_t next = nowNs();
            while (!probeStop.load(std::memory_order_relaxed) && !run.stopped()) {
                const int64_t now = nowNs();
                // Send every probe that is due, so the rate holds on a busy
                // host (a soak's slow direction is these probes); a backlog
                // older than 50 ms is dropped rather than sent in a burst.
                if (now - next > 50000000)
                    next = now;
                for (int burst = 0; now >= next && burst < 64; ++burst) {
                    ++probesSent;
                    std::memcpy(out.data(), &env.key, 8);
                    std::memcpy(out.data() + 8, &probesSent, 8);
                    std::memcpy(out.data() + 16, &now, 8);
                    ::send(probe.get(), out.data(), size, MSG_DONTWAIT);
                    next += gap;
                }
                pollfd pf{probe.get(), POLLIN, 0};
                const int waitMs = static_cast<int>(std::max<int64_t>(0, (next - nowNs()) / 1000000));
                if (::poll(&pf, 1, std::min(waitMs, 20)) > 0) {
                    const ssize_t n = ::recv(probe.get(), in.data(), in.size(), MSG_DONTWAIT);
                    if (n >= static_cast<ssize_t>(kProbeHeader) && std::memcmp(in.data(), &env.key, 8) == 0) {
                        int64_t sentAt = 0;
                        std::memcpy(&sentAt, in.data() + 16, 8);
                        hist.record(nowNs() - sentAt);
                    }
                }
            }
        });
    }
    json::Value okExtra = json::Object{};
    if (probe.valid())
        okExtra["probe_port"] = localAddress(probe.get()).port(); // the only source the client echoes
    auto beforeStats = [&](json::Value &stats) {
        probeStop = true;
        if (prober.joinable())
            prober.join();
        if (hist.count()) {
            auto us = [](double ns) { return ns / 1000.0; };
            run.metric("latency_us_mean", us(hist.mean()));
            run.metric("latency_us_min", us(static_cast<double>(hist.min())));
            run.metric("latency_us_p50", us(static_cast<double>(hist.valueAtPercentile(50))));
            run.metric("latency_us_p90", us(static_cast<double>(hist.valueAtPercentile(90))));
            run.metric("latency_us_p99", us(static_cast<double>(hist.valueAtPercentile(99))));
            run.metric("latency_us_max", us(static_cast<double>(hist.max())));
        }
        run.extra()["probes_sent"] = probesSent;
        run.extra()["probes_answered"] = hist.count();
        stats["probes_sent"] = probesSent;
        stats["probes_answered"] = hist.count();
    };
    Outcome o = serveStream(run, env, okExtra, beforeStats);
    probeStop = true;
    if (prober.joinable())
        prober.join();
    return o;
}

Outcome PacketRateTest::run(TestRun &run, ClientEnv &env)
{
    if (!flowLayout(run.params()).single()) {
        Outcome o = UdpStreamTest::run(run, env);
        if (o.ok())
            reportFlowDrops(run);
        return o;
    }
    std::atomic<bool> echoStop{false};
    std::thread echo;
    uint64_t echoed = 0;
    // The probes also make the low-rate direction of a soak test: with loss
    // samples on, this end counts what arrived of them per interval.
    if (m_probe.valid() && run.params().flag("loss_samples"))
        run.enableLossSamples();
    uint64_t foreignProbes = 0;
    SequenceWindow probeWindow;
    SockAddr probeSource = env.server;
    probeSource.setPort(static_cast<int>(env.okReply["probe_port"].asInt(0)));
    if (m_probe.valid()) {
        // Echo every probe of this test back to the serving end's probe
        // socket, and nothing from anywhere else: a forged source would
        // make this end a reflector.
        echo = std::thread([&] {
            char buf[2048];
            while (!echoStop.load(std::memory_order_relaxed) && !run.stopped()) {
                pollfd pf{m_probe.get(), POLLIN, 0};
                if (::poll(&pf, 1, 20) <= 0)
                    continue;
                sockaddr_storage from{};
                socklen_t len = sizeof from;
                const ssize_t n = ::recvfrom(m_probe.get(), buf, sizeof buf, MSG_DONTWAIT,
                                             reinterpret_cast<sockaddr *>(&from), &len);
                SockAddr src;
                std::memcpy(&src.storage, &from, sizeof from);
                src.length = len;
                if (n < static_cast<ssize_t>(kProbeHeader) || std::memcmp(buf, &env.key, 8) != 0
                    || !sameEndpoint(src, probeSource)) {
                    ++foreignProbes;
                    continue;
                }
                uint64_t seq = 0; // the serving end numbers its probes from 1
                std::memcpy(&seq, buf + 8, 8);
                const auto a = probeWindow.add(seq);
                if (a == SequenceWindow::Arrival::Duplicate || a == SequenceWindow::Arrival::TooOld)
                    continue; // echoed once is enough; a copy must not look like a probe that arrived
                if (seq > run.lossExpected.load(std::memory_order_relaxed))
                    run.lossExpected.store(seq);
                run.lossReceived.store(probeWindow.received());
                if (::sendto(m_probe.get(), buf, static_cast<size_t>(n), 0, reinterpret_cast<sockaddr *>(&from), len) > 0)
                    ++echoed;
            }
        });
    }
    auto stopEcho = [&] {
        echoStop = true;
        if (echo.joinable())
            echo.join();
    };
    SendResult s;
    Outcome o = send(run, env, s);
    if (!o.ok()) {
        stopEcho();
        return o;
    }
    // Probes keep coming until the serving end sends its statistics, so
    // the echo runs on until then.
    o = finishClient(run, env, s);
    if (o.ok() && run.lossSamples()) {
        // Give the last probes in flight a moment (at most 200 ms).
        const auto sent = static_cast<uint64_t>(run.extra()["probes_sent"].asInt(0));
        const int64_t until = nowNs() + 200000000;
        while (run.lossReceived.load() < sent && nowNs() < until)
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
        stopEcho();
        run.flushLossSamples(sent);
    }
    stopEcho();
    if (!o.ok())
        return o;
    run.extra()["probes_echoed"] = echoed;
    run.extra()["foreign_probes"] = foreignProbes;
    run.extra()["probe_duplicates"] = probeWindow.duplicates();
    run.extra()["probe_reordered"] = probeWindow.reordered();
    // Drops as pktgen reports them: what was sent and never arrived.
    run.metric("drops", run.extra()["lost"].asDouble(), "-");
    return {};
}

} // namespace wb::agent
