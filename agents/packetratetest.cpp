// SPDX-License-Identifier: GPL-3.0-or-later
#include "packetratetest.h"

#include "clock.h"
#include "histogram.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <poll.h>
#include <sys/socket.h>
#include <thread>
#include <vector>

namespace wb::agent {

namespace {

struct EchoContext
{
    uint64_t key = 0;
    uint64_t echoed = 0;
};

// Probe layout: key, sequence, send time (ns), padding.
void echoProbes(int fd, void *ctx)
{
    auto *c = static_cast<EchoContext *>(ctx);
    char buf[2048];
    for (int i = 0; i < 16; ++i) {
        sockaddr_storage from{};
        socklen_t len = sizeof from;
        const ssize_t n = ::recvfrom(fd, buf, sizeof buf, MSG_DONTWAIT, reinterpret_cast<sockaddr *>(&from), &len);
        if (n < 0)
            return;
        if (n < 24 || std::memcmp(buf, &c->key, 8) != 0)
            continue;
        if (::sendto(fd, buf, static_cast<size_t>(n), 0, reinterpret_cast<sockaddr *>(&from), len) > 0)
            ++c->echoed;
    }
}

} // namespace

Outcome PacketRateTest::serve(TestRun &run, ServerEnv &env)
{
    std::string err;
    SockAddr probeAddr;
    parseAddress(env.bindHost, 0, probeAddr);
    Fd probe;
    if (run.params().number("probe_rate_pps", 0) > 0) {
        probe = bindUdp(probeAddr, &err);
        if (!probe.valid())
            return Outcome::fail("socket_error", err);
    }
    EchoContext ctx{env.key, 0};
    json::Value extra;
    if (probe.valid())
        extra["ok"]["probe_port"] = localAddress(probe.get()).port();
    extra["stats"] = json::Object{};
    Outcome o = serveStream(run, env, probe.valid() ? probe.get() : -1, probe.valid() ? echoProbes : nullptr, &ctx,
                            extra);
    return o;
}

Outcome PacketRateTest::run(TestRun &run, ClientEnv &env)
{
    const TestParams &p = run.params();
    const double probeRate = p.number("probe_rate_pps", 0);
    const int probePort = static_cast<int>(env.okReply["probe_port"].asInt(0));
    LatencyHistogram hist;
    uint64_t probesSent = 0;
    std::atomic<bool> probeStop{false};
    std::thread prober;
    Fd probe;
    if (probeRate > 0 && probePort > 0) {
        std::string err;
        SockAddr to = env.server;
        to.setPort(probePort);
        SockAddr any;
        parseAddress(to.family() == AF_INET6 ? "::" : "0.0.0.0", 0, any);
        probe = bindUdp(any, &err);
        if (!probe.valid() || ::connect(probe.get(), to.get(), to.length) != 0)
            return Outcome::fail("socket_error", "cannot open the probe socket: " + err);
        const size_t size = static_cast<size_t>(p.integer("probe_size_bytes", 64));
        prober = std::thread([&, size] {
            std::vector<char> out(size, 'p'), in(2048);
            const int64_t gap = static_cast<int64_t>(1e9 / probeRate);
            int64_t next = nowNs();
            while (!probeStop.load(std::memory_order_relaxed) && !run.stopped()) {
                int64_t now = nowNs();
                if (now >= next) {
                    ++probesSent;
                    std::memcpy(out.data(), &env.key, 8);
                    std::memcpy(out.data() + 8, &probesSent, 8);
                    std::memcpy(out.data() + 16, &now, 8);
                    ::send(probe.get(), out.data(), size, MSG_DONTWAIT);
                    next += gap;
                    if (next < now)
                        next = now + gap;
                }
                pollfd pf{probe.get(), POLLIN, 0};
                const int waitMs = static_cast<int>(std::max<int64_t>(0, (next - nowNs()) / 1000000));
                if (::poll(&pf, 1, std::min(waitMs, 50)) > 0) {
                    const ssize_t n = ::recv(probe.get(), in.data(), in.size(), MSG_DONTWAIT);
                    if (n >= 24 && std::memcmp(in.data(), &env.key, 8) == 0) {
                        int64_t sentAt = 0;
                        std::memcpy(&sentAt, in.data() + 16, 8);
                        hist.record(nowNs() - sentAt);
                    }
                }
            }
        });
    }
    SendResult s;
    Outcome o = send(run, env, s);
    probeStop = true;
    if (prober.joinable())
        prober.join();
    if (!o.ok())
        return o;
    if (hist.count()) {
        auto us = [](double ns) { return ns / 1000.0; };
        run.metric("latency_us_mean", us(hist.mean()));
        run.metric("latency_us_min", us(static_cast<double>(hist.min())));
        run.metric("latency_us_p50", us(static_cast<double>(hist.valueAtPercentile(50))));
        run.metric("latency_us_p99", us(static_cast<double>(hist.valueAtPercentile(99))));
        run.metric("latency_us_max", us(static_cast<double>(hist.max())));
    }
    run.extra()["probes_sent"] = probesSent;
    run.extra()["probes_answered"] = hist.count();
    o = finishClient(run, env, s);
    if (!o.ok())
        return o;
    // Drops as pktgen reports them: what was sent and never arrived.
    run.metric("drops", run.extra()["lost"].asDouble(), "-");
    return {};
}

} // namespace wb::agent
