// SPDX-License-Identifier: GPL-3.0-or-later
#include "testrun.h"

#include "clock.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>

namespace wb::agent {

namespace {

struct UnitEntry
{
    const char *name;
    const char *unit;
};
// The canonical names of core/result/metriccatalog.cpp, checked against
// tests/data/metric-catalog.json by tst_agentcatalog.
constexpr UnitEntry kUnits[] = {
    {"throughput_bps", "bit/s"}, {"messages", "count"}, {"send_errors", "count"},
    {"loss_ratio", "ratio"}, {"transactions_per_s", "1/s"}, {"latency_us_mean", "us"},
    {"latency_us_min", "us"}, {"latency_us_p50", "us"}, {"latency_us_p90", "us"},
    {"latency_us_p99", "us"}, {"latency_us_p999", "us"}, {"latency_us_max", "us"},
    {"latency_us_stddev", "us"}, {"packets_per_s", "1/s"}, {"drops", "count"},
    {"bytes", "B"}, {"elapsed_s", "s"}, {"cpu_util_pct", "%"},
    {"service_demand_us_per_kb", "us"}, {"service_demand_us_per_tr", "us"}, {"jitter_ms", "ms"},
    {"retransmits", "count"}, {"lost_packets", "count"}, {"received_packets", "count"},
    {"duplicates", "count"}, {"reordered", "count"}, {"cpu_busiest_core_pct", "%"}, {"cpu_softirq_pct", "%"},
    // kNicCounterNames from kNicFaultCountersFrom on, as "nic_" + name.
    {"nic_rx_errors", "count"}, {"nic_tx_errors", "count"}, {"nic_rx_dropped", "count"},
    {"nic_tx_dropped", "count"}, {"nic_rx_fifo_errors", "count"}, {"nic_tx_fifo_errors", "count"},
    {"nic_rx_missed_errors", "count"}, {"nic_rx_crc_errors", "count"}, {"nic_rx_frame_errors", "count"},
    {"nic_rx_over_errors", "count"}, {"nic_tx_carrier_errors", "count"}, {"nic_collisions", "count"},
    // A bidirectional stream test's server-to-client figures (testflows.h).
    {"reverse_throughput_bps", "bit/s"}, {"reverse_bytes", "B"}, {"reverse_messages", "count"},
    {"reverse_packets_per_s", "1/s"}, {"reverse_loss_ratio", "ratio"}, {"reverse_retransmits", "count"},
    {"connections_per_s", "1/s"},
    // The monitor's headroom loops on a device under test (headroom.h).
    {"dut_cpu_headroom_pct", "%"}, {"dut_cpu_headroom_lowest_core_pct", "%"},
    // A file transfer's receiver: the network phase and the rate to disk (filetransfertest.h).
    {"network_throughput_bps", "bit/s"}, {"flushed_throughput_bps", "bit/s"},
    // Their reverse twins in a bidirectional file transfer, and a packet rate test's reverse drops.
    {"reverse_network_throughput_bps", "bit/s"}, {"reverse_flushed_throughput_bps", "bit/s"}, {"reverse_drops", "count"},
    // rrul's probes (rrultest.h): round trips without load and under it.
    {"idle_udp_latency_us_p50", "us"}, {"idle_udp_latency_us_p90", "us"}, {"idle_udp_latency_us_p99", "us"},
    {"loaded_udp_latency_us_p50", "us"}, {"loaded_udp_latency_us_p90", "us"}, {"loaded_udp_latency_us_p99", "us"},
    {"idle_tcp_latency_us_p50", "us"}, {"idle_tcp_latency_us_p90", "us"}, {"idle_tcp_latency_us_p99", "us"},
    {"loaded_tcp_latency_us_p50", "us"}, {"loaded_tcp_latency_us_p90", "us"}, {"loaded_tcp_latency_us_p99", "us"},
};
} // namespace

const char *TestRun::unitFor(const std::string &name)
{
    for (const auto &u : kUnits)
        if (name == u.name)
            return u.unit;
    return nullptr;
}

std::vector<std::pair<std::string, std::string>> TestRun::metricUnits()
{
    std::vector<std::pair<std::string, std::string>> units;
    for (const auto &u : kUnits)
        units.emplace_back(u.name, u.unit);
    return units;
}

TestRun::TestRun(int64_t id, std::string kind, std::string side, TestParams params, Output *out)
    : m_id(id), m_kind(std::move(kind)), m_side(std::move(side)), m_params(std::move(params)), m_out(out)
{
}

TestRun::~TestRun()
{
    end();
}

void TestRun::abort(std::string code, std::string message)
{
    {
        std::lock_guard lock(m_mutex);
        if (m_abortCode.empty()) {
            m_abortCode = std::move(code);
            m_abortMessage = std::move(message);
        }
    }
    m_stop.store(true);
}

bool TestRun::aborted(std::string *code, std::string *message) const
{
    std::lock_guard lock(m_mutex);
    if (m_abortCode.empty())
        return false;
    *code = m_abortCode;
    *message = m_abortMessage;
    return true;
}

void TestRun::begin(const std::string &interface, unsigned liveMetrics)
{
    if (m_startNs)
        return;
    takeSnapshots(interface);
    m_startNs = nowNs();
    m_beginNs = m_startNs + static_cast<int64_t>(m_params.number("omit_s", 0) * 1e9);
    // rrul's probes run alone for idle_s before its duration_s of load.
    const double duration = m_params.number("duration_s", 0) + m_params.number("idle_s", 0);
    const double margin = m_params.number("watchdog_margin_s", 10);
    if (duration > 0)
        setDeadlineNs(m_beginNs + static_cast<int64_t>((duration + margin) * 1e9));
    const double interval = m_params.number("interval_s", 1.0);
    if (interval > 0 || m_beginNs > m_startNs) {
        m_sampler = std::thread([this, interval, liveMetrics] {
            samplerLoop(static_cast<int64_t>(interval * 1e9), liveMetrics);
        });
    }
}

void TestRun::takeSnapshots(const std::string &interface)
{
    m_nicBefore = readNicCounters(interface);
    m_ethtoolBefore = readEthtoolStats(interface);
    m_ownCpuBefore = processCpuSeconds();
    m_cpuBefore = readCpuTimes();
    m_coresBefore = readCoreTimes();
}

void TestRun::end()
{
    if (m_sampler.joinable()) {
        {
            std::lock_guard lock(m_mutex);
            m_samplerQuit = true;
        }
        m_samplerWake.notify_all();
        m_sampler.join();
    }
    if (!m_startNs || m_endNs)
        return;
    m_endNs = std::max(nowNs(), m_beginNs); // stopped in the omitted start: nothing measured
    m_cpuUtil = cpuUtilPct(m_cpuBefore, readCpuTimes());
    m_coreLoad = coreLoad(m_coresBefore, readCoreTimes());
    m_ownCpuS = processCpuSeconds() - m_ownCpuBefore;
    m_nicAfter = readNicCounters(m_nicBefore.interface);
    m_ethtoolAfter = readEthtoolStats(m_nicBefore.interface);
}

void TestRun::flushLossSamples(uint64_t expectedTotal)
{
    if (!m_lossSamples || !m_startNs)
        return;
    const uint64_t received = lossReceived.load();
    const uint64_t expected = std::max({lossExpected.load(), expectedTotal, received});
    json::Value m;
    m["lost_packets"] = static_cast<double>(expected - received)
                        - static_cast<double>(m_lastLossExpected - m_lastLossReceived);
    m["received_packets"] = static_cast<double>(received - m_lastLossReceived);
    m_lastLossExpected = expected;
    m_lastLossReceived = received;
    const int64_t now = nowNs();
    sendSample(m, nsToS(now - m_beginNs));
    metric("lost_packets", static_cast<double>(expected - received));
    metric("received_packets", static_cast<double>(received));
}

double TestRun::elapsedS() const
{
    if (!m_startNs)
        return 0;
    return std::max(0.0, nsToS((m_endNs ? m_endNs : nowNs()) - m_beginNs));
}

double TestRun::serviceDemand(double units) const
{
    return serviceDemandUs(m_cpuUtil, onlineCpus(), elapsedS(), units);
}

void TestRun::metric(const std::string &name, double value, const std::string &side)
{
    const char *unit = unitFor(name);
    json::Value m;
    m["name"] = name;
    m["side"] = side.empty() ? m_side : (side == "-" ? std::string() : side);
    m["value"] = std::isfinite(value) ? value : 0.0;
    m["unit"] = unit ? unit : "";
    std::lock_guard lock(m_mutex);
    m_metrics.push_back(std::move(m));
}

void TestRun::addPeerMetrics(const json::Value &metrics)
{
    std::lock_guard lock(m_mutex);
    for (const auto &m : metrics.asArray()) {
        if (!m["name"].isString() || !m["value"].isNumber() || !unitFor(m["name"].asString()))
            continue;
        json::Value copy;
        copy["name"] = m["name"];
        copy["side"] = m["side"].asString() == "client" ? "client" : "server";
        copy["value"] = m["value"];
        copy["unit"] = unitFor(m["name"].asString());
        m_metrics.push_back(std::move(copy));
    }
}

void TestRun::addHostMetrics(double kilobytes, double transactionCount)
{
    const double elapsed = elapsedS();
    metric("elapsed_s", elapsed);
    metric("cpu_util_pct", m_cpuUtil);
    if (m_coreLoad.valid) {
        metric("cpu_busiest_core_pct", m_coreLoad.busiestPct);
        metric("cpu_softirq_pct", m_coreLoad.softirqPct);
    }
    if (kilobytes > 0)
        metric("service_demand_us_per_kb", serviceDemand(kilobytes));
    if (transactionCount > 0)
        metric("service_demand_us_per_tr", serviceDemand(transactionCount));
    json::Value cpu;
    cpu["cpus"] = onlineCpus();
    cpu["host_util_pct"] = m_cpuUtil;
    cpu["agent_cpu_s"] = m_ownCpuS;
    if (m_coreLoad.valid) {
        cpu["per_core"] = m_coreLoad.perCore;
        cpu["busiest_core"] = m_coreLoad.busiestCpu;
    }
    if (kilobytes > 0)
        cpu["agent_us_per_kb"] = m_ownCpuS * 1e6 / kilobytes;
    if (transactionCount > 0)
        cpu["agent_us_per_tr"] = m_ownCpuS * 1e6 / transactionCount;
    std::lock_guard lock(m_mutex);
    m_extra["cpu"] = cpu;
    m_extra["nic_counters_before"] = m_nicBefore.toJson();
    m_extra["nic_counters_after"] = m_nicAfter.toJson();
    m_extra["nic_counters_delta"] = nicCounterDelta(m_nicBefore, m_nicAfter);
    // The driver's own counters beside them, where it has any (not loopback).
    if (json::Value d = ethtoolStatsDelta(m_ethtoolBefore, m_ethtoolAfter); !d.isNull())
        m_extra["ethtool_stats_delta"] = std::move(d);
    // Frames the test's NIC lost or damaged while it ran are measurements
    // of their own (the whole interface's, not only this test's traffic).
    if (m_nicBefore.valid && m_nicAfter.valid && m_nicBefore.interface == m_nicAfter.interface)
        for (size_t i = kNicFaultCountersFrom; i < kNicCounterCount; ++i)
            if (m_nicBefore.present[i] && m_nicAfter.present[i]) {
                json::Value m;
                m["name"] = std::string("nic_") + kNicCounterNames[i];
                m["side"] = m_side;
                m["value"] = static_cast<double>(m_nicAfter.value[i] - m_nicBefore.value[i]);
                m["unit"] = "count";
                m_metrics.push_back(std::move(m));
            }
}

json::Value TestRun::record(size_t maxSamples) const
{
    std::lock_guard lock(m_mutex);
    json::Value r;
    r["kind"] = m_kind;
    r["params"] = m_params.values();
    r["tool"] = "wirebench-agent";
    r["tool_version"] = WIREBENCH_VERSION;
    r["metrics"] = m_metrics;
    r["samples"] = samplesLocked(0, maxSamples);
    r["extra"] = m_extra;
    const uint64_t cut = m_samples.size() > maxSamples && maxSamples > 0 ? m_samples.size() - maxSamples : 0;
    if (m_samplesDropped + cut)
        r["extra"]["samples_dropped"] = m_samplesDropped + cut;
    return r;
}

size_t TestRun::sampleCount() const
{
    std::lock_guard lock(m_mutex);
    return m_samples.size();
}

json::Array TestRun::samples(size_t from, size_t count) const
{
    std::lock_guard lock(m_mutex);
    return samplesLocked(from, count);
}

json::Array TestRun::samplesLocked(size_t from, size_t count) const
{
    json::Array out;
    for (size_t i = from; i < m_samples.size() && i < from + count; ++i) {
        const StoredSample &st = m_samples[i];
        json::Value s;
        s["t"] = st.t;
        s["side"] = m_side;
        s["name"] = m_sampleNames[st.name];
        s["value"] = st.value;
        out.push_back(std::move(s));
    }
    return out;
}

void TestRun::sendSample(const json::Value &metrics, double t)
{
    {
        std::lock_guard lock(m_mutex);
        for (const auto &[name, value] : metrics.asObject()) {
            if (m_samples.size() >= kMaxRecordSamples) {
                ++m_samplesDropped; // said in the record, never silently
                continue;
            }
            uint32_t index = 0;
            while (index < m_sampleNames.size() && m_sampleNames[index] != name)
                ++index;
            if (index == m_sampleNames.size())
                m_sampleNames.push_back(name);
            m_samples.push_back({t, value.asDouble(), index});
        }
    }
    if (!m_out)
        return;
    json::Value msg;
    msg["type"] = "sample";
    msg["id"] = m_id;
    msg["t"] = t;
    msg["side"] = m_side;
    msg["metrics"] = metrics;
    m_out->send(msg);
}

void TestRun::samplerLoop(int64_t intervalNs, unsigned live)
{
    int64_t lastNs = m_startNs;
    uint64_t lastBytes = 0, lastMessages = 0, lastTransactions = 0;
    // The live counts when the measured interval began: the cumulative
    // samples after it count from there, as if the omitted start never was.
    uint64_t baseBytes = 0, baseMessages = 0;
    bool omitted = m_beginNs > m_startNs;
    CpuTimes lastCpu = m_cpuBefore;
    constexpr int64_t kNever = INT64_MAX;
    int64_t next = intervalNs > 0 ? m_startNs + intervalNs : kNever;
    std::unique_lock lock(m_mutex);
    for (;;) {
        const int64_t due = omitted ? std::min(next, m_beginNs) : next;
        if (due == kNever) {
            m_samplerWake.wait(lock, [this] { return m_samplerQuit; });
            return;
        }
        const int64_t waitNs = due - nowNs();
        if (waitNs > 0
            && m_samplerWake.wait_for(lock, std::chrono::nanoseconds(waitNs), [this] { return m_samplerQuit; }))
            return;
        if (m_samplerQuit)
            return;
        lock.unlock();
        const bool boundary = omitted && due == m_beginNs;
        if (boundary) {
            // The measured interval starts: the figures' snapshots again,
            // and the sample grid restarts from here.
            omitted = false;
            takeSnapshots(m_nicBefore.interface);
            baseBytes = bytes.load(std::memory_order_relaxed);
            baseMessages = messages.load(std::memory_order_relaxed);
        }
        const int64_t now = nowNs();
        const double dt = nsToS(now - lastNs);
        const CpuTimes cpu = boundary ? m_cpuBefore : readCpuTimes();
        json::Value m;
        if (live & LiveBytes) {
            const uint64_t b = bytes.load(std::memory_order_relaxed);
            m["throughput_bps"] = dt > 0 ? static_cast<double>(b - lastBytes) * 8.0 / dt : 0.0;
            m["bytes"] = boundary ? b : b - baseBytes;
            lastBytes = b;
        }
        if (live & LiveMessages) {
            const uint64_t n = messages.load(std::memory_order_relaxed);
            m["packets_per_s"] = dt > 0 ? static_cast<double>(n - lastMessages) / dt : 0.0;
            m["messages"] = boundary ? n : n - baseMessages;
            lastMessages = n;
        }
        if (live & (LiveTransactions | LiveConnections)) {
            const uint64_t n = transactions.load(std::memory_order_relaxed);
            m[live & LiveConnections ? "connections_per_s" : "transactions_per_s"] =
                dt > 0 ? static_cast<double>(n - lastTransactions) / dt : 0.0;
            lastTransactions = n;
        }
        if (m_lossSamples) {
            // Received first: a datagram counted as received is always
            // already counted as expected, so the difference never runs ahead.
            const uint64_t received = lossReceived.load();
            const uint64_t expected = std::max(lossExpected.load(), received);
            m["lost_packets"] = static_cast<double>(expected - received)
                                - static_cast<double>(m_lastLossExpected - m_lastLossReceived);
            m["received_packets"] = static_cast<double>(received - m_lastLossReceived);
            m_lastLossExpected = expected;
            m_lastLossReceived = received;
        }
        m["cpu_util_pct"] = cpuUtilPct(lastCpu, cpu);
        lastCpu = cpu;
        lastNs = now;
        // A sample at the boundary covers the omitted start's last part
        // (t = 0); with no interval samples the boundary is all there is.
        if (intervalNs > 0)
            sendSample(m, boundary ? 0.0 : nsToS(now - m_beginNs)); // woken a few µs late
        if (boundary) {
            if (intervalNs > 0)
                next = m_beginNs + intervalNs;
        } else {
            next += intervalNs;
            if (next < nowNs())
                next = nowNs() + intervalNs;
        }
        lock.lock();
    }
}

} // namespace wb::agent
