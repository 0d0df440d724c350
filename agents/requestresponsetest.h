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

// Reads exactly len bytes of a transaction from a TCP socket with a receive
// timeout set. 1 done, 0 clean end of stream before the first byte, -1 error
// or stop. With spinNs > 0 it polls without sleeping for that long first
// (busy_poll), then blocks: spinning wins the kernel's wake-up latency back,
// blocking keeps a preempted or idle end from burning a CPU another process needs.
int readMessage(TestRun &run, int fd, char *buf, size_t len, int64_t spinNs);
// Writes all of len bytes; false on an error or stop.
bool writeMessage(TestRun &run, int fd, const char *buf, size_t len);

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
