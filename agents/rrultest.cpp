// SPDX-License-Identifier: GPL-3.0-or-later
#include "rrultest.h"

#include "clock.h"
#include "histogram.h"
#include "requestresponsetest.h"
#include "tcpstreamtest.h"
#include "testflows.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <cstring>
#include <functional>
#include <mutex>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <thread>
#include <vector>

namespace wb::agent {

namespace {

constexpr size_t kProbeBytes = RrulTest::kProbeBytes;

// When the probes start (begin), the load starts, and both stop.
struct Phases
{
    int64_t beginNs = 0;
    int64_t loadNs = 0;
    int64_t endNs = 0;
};

Phases phasesOf(const TestRun &run)
{
    const TestParams &p = run.params();
    Phases ph;
    ph.beginNs = run.beginNs();
    ph.loadNs = ph.beginNs + static_cast<int64_t>(p.number("idle_s", 5) * 1e9);
    ph.endNs = ph.loadNs + static_cast<int64_t>(p.number("duration_s", 60) * 1e9);
    return ph;
}

FlowLayout rrulLayout(const TestParams &p)
{
    FlowLayout l;
    l.streams = static_cast<int>(p.integer("streams", 4));
    l.forward = true;
    l.reverse = true;
    l.probe = true;
    return l;
}

// Sleeps until `ns` in steps of at most 100 ms, so a stop is seen within
// that and a probe thread wakes a few times per probe, not every 10 ms.
void sleepUntil(const TestRun &run, int64_t ns)
{
    for (int64_t now = nowNs(); !run.stopped() && now < ns; now = nowNs())
        std::this_thread::sleep_for(std::chrono::nanoseconds(std::min<int64_t>(ns - now, 100000000)));
}

// The CPU time the test's threads used, the probes' apart from the bulk
// flows': what the probes cost, measured on the threads that do their work
// (on loopback the receiving end's kernel work runs on the sender's thread).
struct ThreadCpu
{
    std::atomic<int64_t> probesNs{0};
    std::atomic<int64_t> flowsNs{0};

    // Runs `body` and adds the CPU time it took on this thread to `to`.
    static Outcome counted(std::atomic<int64_t> &to, const std::function<Outcome()> &body)
    {
        const int64_t c0 = threadCpuNs();
        Outcome o = body();
        to.fetch_add(threadCpuNs() - c0, std::memory_order_relaxed);
        return o;
    }

    json::Value toJson() const
    {
        json::Value v;
        v["probes"] = nsToS(probesNs.load());
        v["flows"] = nsToS(flowsNs.load());
        return v;
    }
};

// Runs `body` on a thread of its own, its CPU time counted as the probes';
// a failure stops the whole test.
std::thread spawnProbe(TestRun &run, ThreadCpu &cpu, std::function<Outcome()> body)
{
    return std::thread([&run, &cpu, body = std::move(body)] {
        Outcome o = ThreadCpu::counted(cpu.probesNs, body);
        if (!o.ok())
            run.abort(o.code, o.message);
    });
}

void writeProbe(char *buf, uint64_t seq, uint64_t key)
{
    std::memcpy(buf, &seq, 8);
    std::memcpy(buf + 8, &key, 8);
}

bool probeKeyMatches(const char *buf, uint64_t key)
{
    return std::memcmp(buf + 8, &key, 8) == 0;
}

// One probe's round trips, apart for the idle and the loaded phase.
struct ProbeFigures
{
    LatencyHistogram latency[2]; // [0] idle, [1] loaded
    uint64_t sent[2] = {0, 0};
    uint64_t answered[2] = {0, 0};
    uint64_t stale = 0; // UDP: answers that came after their probe was given up

    json::Value toJson() const
    {
        json::Value v;
        const char *names[2] = {"idle", "loaded"};
        for (int i = 0; i < 2; ++i) {
            v[names[i]]["sent"] = sent[i];
            v[names[i]]["answered"] = answered[i];
            v[names[i]]["lost"] = sent[i] - answered[i];
        }
        v["stale"] = stale;
        return v;
    }
};

// The result of one exchange: the round trip, a lost probe, or a failure.
struct Exchange
{
    enum { Answered, Lost, Failed } result = Lost;
    int64_t rttNs = 0;
    Outcome failure;
};

// Sends a probe every interval from the probes' start to the end of the
// load, at most one outstanding: a round trip longer than the interval
// delays the next probe to the next tick after it rather than bunching them.
Outcome probeLoop(TestRun &run, const Phases &ph, int64_t intervalNs, const std::string &sampleName,
                  ProbeFigures &fig, const std::function<Exchange(uint64_t seq)> &exchange)
{
    uint64_t seq = 0;
    int64_t next = ph.beginNs;
    while (!run.stopped() && next < ph.endNs) {
        sleepUntil(run, next);
        if (run.stopped())
            break;
        const int64_t t0 = nowNs();
        const int phase = t0 < ph.loadNs ? 0 : 1;
        ++fig.sent[phase];
        const Exchange x = exchange(++seq);
        if (x.result == Exchange::Failed)
            return x.failure;
        if (x.result == Exchange::Answered) {
            ++fig.answered[phase];
            fig.latency[phase].record(x.rttNs);
            json::Value m;
            m[sampleName] = static_cast<double>(x.rttNs) / 1000.0;
            run.sendSample(m, nsToS(t0 - ph.beginNs));
        }
        const int64_t now = nowNs();
        next += intervalNs;
        if (next <= now)
            next += ((now - next) / intervalNs + 1) * intervalNs;
    }
    if (run.stopped())
        return Outcome::fail("cancelled", "stopped");
    return {};
}

Exchange udpExchange(TestRun &run, int fd, uint64_t key, uint64_t seq, ProbeFigures &fig)
{
    char req[kProbeBytes];
    writeProbe(req, seq, key);
    const int64_t t0 = nowNs();
    if (::send(fd, req, sizeof req, 0) < 0)
        return {}; // lost (an earlier ICMP error, a full buffer)
    const int64_t deadline = t0 + int64_t{RrulTest::kUdpProbeTimeoutMs} * 1000000;
    char resp[2048];
    while (!run.stopped()) {
        const ssize_t n = ::recv(fd, resp, sizeof resp, 0); // SO_RCVTIMEO: 100 ms
        const int64_t now = nowNs();
        if (n == static_cast<ssize_t>(kProbeBytes) && probeKeyMatches(resp, key)) {
            uint64_t got = 0;
            std::memcpy(&got, resp, 8);
            if (got == seq)
                return {Exchange::Answered, now - t0, {}};
            ++fig.stale;
        }
        if (n < 0 && errno != EAGAIN && errno != EINTR && errno != ECONNREFUSED)
            return {Exchange::Failed, 0, Outcome::fail("socket_error", "UDP probe: " + errnoText(errno))};
        if (now >= deadline)
            break;
    }
    return {};
}

Exchange tcpExchange(TestRun &run, int fd, uint64_t key, uint64_t seq)
{
    char req[kProbeBytes];
    writeProbe(req, seq, key);
    const int64_t t0 = nowNs();
    char resp[kProbeBytes];
    if (!writeMessage(run, fd, req, sizeof req) || readMessage(run, fd, resp, sizeof resp, 0) <= 0) {
        if (run.stopped())
            return {Exchange::Failed, 0, Outcome::fail("cancelled", "stopped")};
        return {Exchange::Failed, 0, Outcome::fail("peer_lost", "the TCP probe's connection failed")};
    }
    const int64_t rtt = nowNs() - t0;
    if (std::memcmp(resp, req, sizeof req) != 0)
        return {Exchange::Failed, 0,
                Outcome::fail("verify_failed", "the TCP probe's answer is not its request echoed")};
    return {Exchange::Answered, rtt, {}};
}

// Each flow's throughput every interval_s, as this end counts its bytes.
class FlowSampler
{
public:
    FlowSampler(TestRun &run, const std::vector<DataFlow> &flows) : m_run(run), m_live(flows.size())
    {
        for (const DataFlow &f : flows)
            m_names.push_back("stream_" + std::to_string(f.stream) + "_" + directionName(f.direction)
                              + "_throughput_bps");
    }
    ~FlowSampler() { stop(); }

    std::atomic<uint64_t> *counter(size_t i) { return &m_live[i]; }

    void start(double intervalS)
    {
        if (intervalS <= 0)
            return;
        m_thread = std::thread([this, intervalS] { loop(static_cast<int64_t>(intervalS * 1e9)); });
    }

    void stop()
    {
        {
            std::lock_guard lock(m_mutex);
            m_quit = true;
        }
        m_wake.notify_all();
        if (m_thread.joinable())
            m_thread.join();
    }

private:
    void loop(int64_t intervalNs)
    {
        std::vector<uint64_t> last(m_live.size(), 0);
        int64_t lastNs = m_run.beginNs();
        int64_t next = lastNs + intervalNs;
        std::unique_lock lock(m_mutex);
        while (!m_wake.wait_for(lock, std::chrono::nanoseconds(std::max<int64_t>(0, next - nowNs())),
                                [this] { return m_quit; })) {
            const int64_t now = nowNs();
            const double dt = nsToS(now - lastNs);
            json::Value m;
            for (size_t i = 0; i < m_live.size(); ++i) {
                const uint64_t b = m_live[i].load(std::memory_order_relaxed);
                m[m_names[i]] = dt > 0 ? static_cast<double>(b - last[i]) * 8.0 / dt : 0.0;
                last[i] = b;
            }
            lastNs = now;
            m_run.sendSample(m, nsToS(now - m_run.beginNs()));
            next += intervalNs;
            if (next < now)
                next = now + intervalNs;
        }
    }

    TestRun &m_run;
    std::vector<std::atomic<uint64_t>> m_live;
    std::vector<std::string> m_names;
    std::thread m_thread;
    std::mutex m_mutex;
    std::condition_variable m_wake;
    bool m_quit = false;
};

// The probe connection sits apart from the bulk flows: it carries no
// throughput and has no per-stream entry.
DataFlow takeProbeFlow(std::vector<DataFlow> &flows)
{
    DataFlow probe;
    for (auto it = flows.begin(); it != flows.end(); ++it)
        if (it->direction == FlowDirection::Probe) {
            probe = std::move(*it);
            flows.erase(it);
            break;
        }
    return probe;
}

void prepareProbeSocket(int fd)
{
    const int one = 1;
    ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    setRecvTimeout(fd, 100);
}

// The sending flows' span from the load's start to their last byte sent.
double sendSpan(const std::vector<DataFlow> &flows, FlowDirection sending, int64_t loadNs)
{
    int64_t last = loadNs;
    for (const DataFlow &f : flows)
        if (f.direction == sending)
            last = std::max(last, f.lastNs);
    return nsToS(last - loadNs);
}

void addProbeMetrics(TestRun &run, const char *probe, const ProbeFigures &fig)
{
    const char *phases[2] = {"idle_", "loaded_"};
    for (int i = 0; i < 2; ++i) {
        const LatencyHistogram &h = fig.latency[i];
        if (!h.count())
            continue; // no answered probe in this phase: no figure rather than a zero
        const std::string base = std::string(phases[i]) + probe + "_latency_us_p";
        for (int pct : {50, 90, 99})
            run.metric(base + std::to_string(pct), static_cast<double>(h.valueAtPercentile(pct)) / 1000.0);
    }
}

Outcome cleanup(std::vector<DataFlow> &flows, DataFlow &probe, Outcome o)
{
    if (!o.ok()) {
        resetFlows(flows);
        std::vector<DataFlow> p;
        p.push_back(std::move(probe));
        resetFlows(p);
    }
    return o;
}

// Echoes the client's UDP probes until it says the test is done.
Outcome echoUdp(TestRun &run, ServerEnv &env, uint64_t *echoed, uint64_t *foreign)
{
    const int fd = env.udp.get();
    setRecvTimeout(fd, 100);
    char buf[2048];
    std::string err;
    for (uint64_t datagrams = 0;; ++datagrams) {
        if (run.stopped())
            return Outcome::fail("cancelled", "stopped");
        sockaddr_storage from{};
        socklen_t fromLen = sizeof from;
        const ssize_t n = ::recvfrom(fd, buf, sizeof buf, 0, reinterpret_cast<sockaddr *>(&from), &fromLen);
        if (n < 0 && errno != EAGAIN && errno != EINTR)
            return Outcome::fail("socket_error", "UDP probe: receive failed: " + errnoText(errno));
        // Between probes, and now and then under a stream of datagrams, look for the client's "done".
        if ((n < 0 || (datagrams & 0xFF) == 0) && env.chan.lineReady()) {
            auto line = env.chan.readLine(1000, &err);
            if (!line)
                return Outcome::fail("peer_lost", "the client went away: " + err);
            if (!(*line)["done"].asBool())
                return Outcome::fail("peer_failed", "the client sent something else than the end of its probes");
            return {};
        }
        if (n < 0)
            continue;
        SockAddr src;
        std::memcpy(&src.storage, &from, sizeof from);
        src.length = fromLen;
        if (n != static_cast<ssize_t>(kProbeBytes) || !(src == env.clientUdp) || !probeKeyMatches(buf, env.key)) {
            ++*foreign;
            continue;
        }
        if (::sendto(fd, buf, kProbeBytes, 0, src.get(), src.length) == static_cast<ssize_t>(kProbeBytes))
            ++*echoed;
    }
}

// Echoes the TCP probe's requests until the client ends the connection.
Outcome echoTcp(TestRun &run, int fd, uint64_t key, uint64_t *echoed)
{
    char buf[kProbeBytes];
    for (;;) {
        const int r = readMessage(run, fd, buf, sizeof buf, 0);
        if (r == 0)
            return {};
        if (r < 0)
            return run.stopped() ? Outcome::fail("cancelled", "stopped")
                                 : Outcome::fail("peer_lost", "the TCP probe's connection failed mid-request");
        if (!probeKeyMatches(buf, key))
            return Outcome::fail("peer_failed", "a TCP probe request does not carry this test's key");
        if (!writeMessage(run, fd, buf, sizeof buf))
            return Outcome::fail("peer_lost", "cannot answer a TCP probe: " + errnoText(errno));
        ++*echoed;
    }
}

} // namespace

Outcome RrulTest::serve(TestRun &run, ServerEnv &env)
{
    const FlowLayout layout = rrulLayout(run.params());
    std::string err;
    if (!env.sendOk({}, &err))
        return Outcome::fail("peer_lost", err);
    std::vector<DataFlow> flows;
    Outcome o = acceptFlows(run, env, false, layout, flows);
    DataFlow probe = takeProbeFlow(flows);
    if (!o.ok())
        return cleanup(flows, probe, o);
    prepareTcpFlowSockets(run.params(), flows, false);
    prepareProbeSocket(probe.tcp.get());
    run.begin(env.interface, 0);
    const Phases ph = phasesOf(run);
    uint64_t udpEchoed = 0, tcpEchoed = 0, foreign = 0;
    ThreadCpu cpu;
    std::thread udp = spawnProbe(run, cpu, [&] { return echoUdp(run, env, &udpEchoed, &foreign); });
    std::thread tcp = spawnProbe(run, cpu, [&] { return echoTcp(run, probe.tcp.get(), env.key, &tcpEchoed); });
    o = runFlows(run, flows, [&](DataFlow &f) {
        return ThreadCpu::counted(cpu.flowsNs, [&] {
            return measureTcpFlow(run, f, f.direction == FlowDirection::Reverse, {ph.loadNs, ph.endNs}, nullptr);
        });
    });
    tcp.join();
    udp.join();
    run.end();
    std::string code, message;
    if (o.ok() && run.aborted(&code, &message))
        o = Outcome::fail(code, message);
    if (!o.ok())
        return cleanup(flows, probe, o);
    reportTcpFlows(run, layout, flows, false, ph.loadNs, sendSpan(flows, FlowDirection::Reverse, ph.loadNs));
    json::Value probes;
    probes["udp_echoed"] = udpEchoed;
    probes["tcp_echoed"] = tcpEchoed;
    probes["foreign_datagrams"] = foreign;
    run.extra()["probes"] = probes;
    run.extra()["streams"] = streamEntriesOf(flows);
    run.extra()["thread_cpu_s"] = cpu.toJson();
    json::Value stats;
    stats["streams"] = streamEntriesOf(flows);
    stats["probes"] = probes;
    stats["thread_cpu_s"] = cpu.toJson();
    return sendStats(run, env, stats);
}

Outcome RrulTest::run(TestRun &run, ClientEnv &env)
{
    const TestParams &p = run.params();
    const FlowLayout layout = rrulLayout(p);
    std::vector<DataFlow> flows;
    Outcome o = connectFlows(run, env, false, layout, flows);
    DataFlow probe = takeProbeFlow(flows);
    if (!o.ok())
        return cleanup(flows, probe, o);
    prepareTcpFlowSockets(p, flows, true);
    prepareProbeSocket(probe.tcp.get());
    setRecvTimeout(env.udp.get(), 100);
    FlowSampler sampler(run, flows);
    run.begin(env.interface, 0);
    const Phases ph = phasesOf(run);
    const int64_t intervalNs = p.integer("probe_interval_ms", 200) * 1000000;
    sampler.start(p.number("interval_s", 0.2));
    ProbeFigures udpFig, tcpFig;
    ThreadCpu cpu;
    std::thread udp = spawnProbe(run, cpu, [&] {
        return probeLoop(run, ph, intervalNs, "udp_probe_latency_us", udpFig,
                         [&](uint64_t seq) { return udpExchange(run, env.udp.get(), env.key, seq, udpFig); });
    });
    std::thread tcp = spawnProbe(run, cpu, [&] {
        Outcome r = probeLoop(run, ph, intervalNs, "tcp_probe_latency_us", tcpFig,
                              [&](uint64_t seq) { return tcpExchange(run, probe.tcp.get(), env.key, seq); });
        if (r.ok())
            ::shutdown(probe.tcp.get(), SHUT_WR); // the server's echo ends here
        return r;
    });
    o = runFlows(run, flows, [&](DataFlow &f) {
        const size_t i = static_cast<size_t>(&f - flows.data());
        return ThreadCpu::counted(cpu.flowsNs, [&] {
            return measureTcpFlow(run, f, f.direction == FlowDirection::Forward, {ph.loadNs, ph.endNs},
                                  sampler.counter(i));
        });
    });
    tcp.join();
    udp.join();
    sampler.stop();
    run.end();
    std::string code, message;
    if (o.ok() && run.aborted(&code, &message))
        o = Outcome::fail(code, message);
    if (o.ok() && run.stopped())
        o = Outcome::fail("cancelled", "stopped");
    if (!o.ok())
        return cleanup(flows, probe, o);
    json::Value done;
    done["done"] = true;
    std::string err;
    if (!env.chan.sendLine(done, &err))
        return cleanup(flows, probe, Outcome::fail("peer_lost", "cannot tell the server the probes are over: " + err));
    reportTcpFlows(run, layout, flows, true, ph.loadNs, sendSpan(flows, FlowDirection::Forward, ph.loadNs));
    addProbeMetrics(run, "udp", udpFig);
    addProbeMetrics(run, "tcp", tcpFig);
    json::Value probes;
    probes["udp"] = udpFig.toJson();
    probes["tcp"] = tcpFig.toJson();
    probes["interval_ms"] = p.integer("probe_interval_ms", 200);
    probes["udp_timeout_ms"] = kUdpProbeTimeoutMs;
    run.extra()["probes"] = probes;
    run.extra()["load_start_s"] = nsToS(ph.loadNs - ph.beginNs);
    run.extra()["load_end_s"] = nsToS(ph.endNs - ph.beginNs);
    json::Value stats;
    o = readStats(run, env, &stats);
    if (!o.ok())
        return o;
    o = checkPeerStreams(flows, stats["streams"]);
    if (!o.ok())
        return o;
    const uint64_t tcpAnswered = tcpFig.answered[0] + tcpFig.answered[1];
    if (static_cast<uint64_t>(stats["probes"]["tcp_echoed"].asInt(-1)) != tcpAnswered)
        return Outcome::fail("verify_failed", "the server answered " + json::serialize(stats["probes"]["tcp_echoed"])
                                                  + " TCP probes but the client had " + std::to_string(tcpAnswered)
                                                  + " answers");
    run.extra()["probes"]["server"] = stats["probes"];
    run.extra()["thread_cpu_s"] = cpu.toJson();
    // Only the two figures, as numbers: the peer's JSON is not copied whole.
    json::Value serverCpu;
    serverCpu["probes"] = stats["thread_cpu_s"]["probes"].asDouble(0);
    serverCpu["flows"] = stats["thread_cpu_s"]["flows"].asDouble(0);
    run.extra()["thread_cpu_s"]["server"] = serverCpu;
    run.extra()["streams"] = mergeStreamEntries(flows, stats["streams"]);
    return {};
}

} // namespace wb::agent
