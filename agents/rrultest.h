// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Latency under load (flent's RRUL, "Realtime Response Under Load"):
// `streams` bulk TCP flows each way, made and measured as tcp_stream's
// flows are (testflows.h, tcpstreamtest.h), and two probes beside them: a
// UDP request/response on the test's datagram socket and a TCP one on a
// connection of its own, one round trip every probe_interval_ms. The probes
// run alone for idle_s, then for duration_s with the load, so one run gives
// their latency without and with load side by side
// (idle_/loaded_{udp,tcp}_latency_us_p50/p90/p99 on the client).
//
// Samples (client): every probe's round trip at the time it was sent
// (udp_probe_latency_us, tcp_probe_latency_us) and every flow's throughput
// each interval_s as the client sees it, bytes it sent or received
// (stream_<i>_<forward|reverse>_throughput_bps). Probe bytes count toward
// no throughput figure. One probe of each kind is outstanding at a time; a
// UDP probe unanswered within kUdpProbeTimeoutMs is lost.

#include "testkind.h"

namespace wb::agent {

class RrulTest : public TestKind
{
public:
    static constexpr int kUdpProbeTimeoutMs = 1000;
    static constexpr size_t kProbeBytes = 16; // sequence, then the test's key

    bool usesUdp() const override { return true; }
    bool acceptsDataConnections(const TestParams &) const override { return true; }
    Outcome serve(TestRun &run, ServerEnv &env) override;
    Outcome run(TestRun &run, ClientEnv &env) override;
};

} // namespace wb::agent
