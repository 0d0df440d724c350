// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// netperf TCP_RR / UDP_RR: one request of request_size_bytes, one response
// of response_size_bytes, repeated for a duration or a count. Every round
// trip goes into a LatencyHistogram. UDP requests carry a sequence number so
// a lost datagram is timed out (timeout_ms) and counted, and a late answer
// to an earlier request is recognised and skipped. busy_poll spins on
// non-blocking sockets instead of sleeping in the kernel.

#include "histogram.h"
#include "testkind.h"

namespace wb::agent {

// A histogram's round trips (tcp_crr: whole connections) as the
// latency_us_mean/min/p50/p90/p99/p999/max/stddev metrics of this end.
void addLatencyMetrics(TestRun &run, const LatencyHistogram &h);

class RequestResponseTest : public TestKind
{
public:
    explicit RequestResponseTest(bool udp) : m_udp(udp) {}
    bool usesUdp() const override { return m_udp; }
    Outcome serve(TestRun &run, ServerEnv &env) override;
    Outcome run(TestRun &run, ClientEnv &env) override;

private:
    Outcome serveTcp(TestRun &run, ServerEnv &env);
    Outcome serveUdp(TestRun &run, ServerEnv &env);
    bool m_udp;
};

} // namespace wb::agent
