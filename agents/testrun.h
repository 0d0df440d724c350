// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Everything one end of one test shares between its worker thread, its
// interval sampler and the agent's watchdog: the parameters, a stop flag,
// live counters the hot loop bumps, CPU and NIC snapshots around the
// measured interval, and the canonical result record it finally reports.

#include "hoststats.h"
#include "json.h"
#include "output.h"
#include "testparams.h"

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <string>
#include <utility>
#include <vector>
#include <thread>
#include <vector>

namespace wb::agent {

class TestRun
{
public:
    // LiveConnections samples the `transactions` counter as connections_per_s.
    enum LiveMetric : unsigned { LiveBytes = 1, LiveMessages = 2, LiveTransactions = 4, LiveConnections = 8 };

    // `out` may be null (standalone mode prints the record instead).
    TestRun(int64_t id, std::string kind, std::string side, TestParams params, Output *out);
    ~TestRun();
    TestRun(const TestRun &) = delete;
    TestRun &operator=(const TestRun &) = delete;

    int64_t id() const { return m_id; }
    const std::string &kind() const { return m_kind; }
    const std::string &side() const { return m_side; }
    const TestParams &params() const { return m_params; }
    void setParams(TestParams p) { m_params = std::move(p); }
    void setKind(std::string kind) { m_kind = std::move(kind); }

    // The stop flag every blocking wait of the test watches.
    const std::atomic<bool> &stopFlag() const { return m_stop; }
    bool stopped() const { return m_stop.load(std::memory_order_relaxed); }
    // Stops the test; the first reason given is the one reported.
    void abort(std::string code, std::string message);
    bool aborted(std::string *code, std::string *message) const;
    void requestStop() { m_stop.store(true); }
    // Watchdog deadline in monotonic ns (0: none yet).
    int64_t deadlineNs() const { return m_deadline.load(); }
    void setDeadlineNs(int64_t ns) { m_deadline.store(ns); }

    // Set just before the final result or error goes out: from then on the
    // test is over for the controller (cancel no longer finds it).
    std::atomic<bool> finalized{false};

    // Live counters; the hot loop adds, the sampler reads.
    std::atomic<uint64_t> bytes{0};
    std::atomic<uint64_t> messages{0};
    std::atomic<uint64_t> transactions{0};
    // Datagram loss as the receiving end sees it: how many datagrams it
    // should have had by now (highest sequence + 1) and how many arrived.
    // With loss samples on, each interval sample carries the differences.
    std::atomic<uint64_t> lossExpected{0};
    std::atomic<uint64_t> lossReceived{0};

    // Per-interval `lost_packets` / `received_packets` samples on this end
    // (call before begin()).
    void enableLossSamples() { m_lossSamples = true; }
    bool lossSamples() const { return m_lossSamples; }
    // After end(): the last loss sample, covering the time since the last
    // interval and the datagrams that never arrived after the highest
    // sequence seen (`expectedTotal`: what the sender says it sent), so the
    // samples sum to the whole test's loss; adds the totals as metrics.
    void flushLossSamples(uint64_t expectedTotal);

    // Starts the test's traffic and the interval sampler. The measured
    // interval (CPU and NIC snapshots, elapsed time, beginNs) starts now,
    // or with params.omit_s (iperf3 -O) that many seconds later: the
    // sampler takes the snapshots again at that moment, and samples carry
    // t from the measured start, so those of the omitted start have t <= 0.
    void begin(const std::string &interface, unsigned liveMetrics);
    // Ends it; idempotent. Elapsed time and CPU figures are fixed here.
    void end();
    bool begun() const { return m_startNs != 0; }
    // The start of the measured interval (after the omitted seconds).
    int64_t beginNs() const { return m_beginNs; }
    // When the traffic started (the omitted seconds included).
    int64_t startedNs() const { return m_startNs; }
    // Whether `now` falls in the omitted start.
    bool omitting(int64_t now) const { return now < m_beginNs; }
    double elapsedS() const;
    double cpuUtil() const { return m_cpuUtil; }
    double serviceDemand(double units) const; // µs of host CPU per unit
    double ownCpuS() const { return m_ownCpuS; }

    // Adds a metric with the canonical unit of `name`; side defaults to this end.
    void metric(const std::string &name, double value, const std::string &side = {});
    // Adds metrics {name,side,value,unit} reported by the peer.
    void addPeerMetrics(const json::Value &metrics);
    const json::Array &metrics() const { return m_metrics; }
    json::Value &extra() { return m_extra; }
    // The cpu/service-demand/NIC metrics and extras common to every kind.
    void addHostMetrics(double kilobytes, double transactions);

    // The canonical record with at most `maxSamples` of its samples (none
    // when they go out on their own in bounded "samples" messages); any
    // left out are added to extra.samples_dropped.
    json::Value record(size_t maxSamples = kMaxRecordSamples) const;
    size_t sampleCount() const;
    json::Array samples(size_t from, size_t count) const;
    // Samples a record keeps: a day at 1 ms for one series, or a day at 1 s
    // for 46 (86,400 each), at 24 bytes apiece (about 100 MB at the bound).
    // Beyond it samples are counted in extra.samples_dropped, not kept.
    static constexpr size_t kMaxRecordSamples = 4000000;
    void sendSample(const json::Value &metrics, double t);

    static const char *unitFor(const std::string &name);
    // Every metric name the agent may report, with its unit, in table order.
    static std::vector<std::pair<std::string, std::string>> metricUnits();

private:
    void samplerLoop(int64_t intervalNs, unsigned live);

    int64_t m_id;
    std::string m_kind;
    std::string m_side;
    TestParams m_params;
    Output *m_out;

    std::atomic<bool> m_stop{false};
    std::atomic<int64_t> m_deadline{0};
    mutable std::mutex m_mutex; // guards abort reason, samples, metrics
    std::string m_abortCode;
    std::string m_abortMessage;

    void takeSnapshots(const std::string &interface);

    int64_t m_startNs = 0;
    int64_t m_beginNs = 0;
    int64_t m_endNs = 0;
    CpuTimes m_cpuBefore;
    std::vector<CoreTimes> m_coresBefore;
    CoreLoad m_coreLoad;
    double m_cpuUtil = 0;
    double m_ownCpuBefore = 0;
    double m_ownCpuS = 0;
    NicCounters m_nicBefore;
    NicCounters m_nicAfter;
    EthtoolStats m_ethtoolBefore;
    EthtoolStats m_ethtoolAfter;

    std::thread m_sampler;
    std::condition_variable m_samplerWake;
    bool m_samplerQuit = false;

    bool m_lossSamples = false;
    // The sampler's last loss figures (its thread only; read after it joined).
    uint64_t m_lastLossExpected = 0;
    uint64_t m_lastLossReceived = 0;

    json::Array samplesLocked(size_t from, size_t count) const;

    // Compact, because a long soak keeps millions of them.
    struct StoredSample
    {
        double t;
        double value;
        uint32_t name; // index into m_sampleNames
    };
    json::Array m_metrics;
    std::vector<StoredSample> m_samples;
    std::vector<std::string> m_sampleNames;
    uint64_t m_samplesDropped = 0;
    json::Value m_extra = json::Object{};
};

} // namespace wb::agent
