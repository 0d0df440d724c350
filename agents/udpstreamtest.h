// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// netperf UDP_STREAM: the client sends fixed-size datagrams (sendmmsg
// batches, optionally paced to rate_pps) for a duration or a count; the
// server counts what arrives (recvmmsg batches), drops foreign datagrams,
// and reads the kernel's drop counter for its socket so the loss is
// accounted exactly.

#include "sequencewindow.h"
#include "testkind.h"

#include <functional>

namespace wb::agent {

struct DataFlow;

class UdpStreamTest : public TestKind
{
public:
    bool usesUdp() const override { return true; }
    bool acceptsDataConnections(const TestParams &params) const override;
    Outcome serve(TestRun &run, ServerEnv &env) override;
    Outcome run(TestRun &run, ClientEnv &env) override;

protected:
    // Receives until the client says it is done and the socket is drained.
    struct ReceiveResult
    {
        uint64_t received = 0;
        uint64_t bytes = 0;
        uint64_t foreign = 0;
        uint64_t senderSent = 0;
        int64_t firstNs = 0;
        int64_t lastNs = 0;
        int64_t firstBytes = 0;
        int64_t socketDrops = 0;
        // RFC 1889 interarrival jitter over the send stamps (messages of 24+ bytes).
        double jitterNs = 0;
        int64_t lastTransitNs = 0;
        bool haveTransit = false;
        // Messages of 16+ bytes carry a sequence number: `received` counts
        // each number once; copies and latecomers are counted here.
        SequenceWindow window;
        // Sent in the omitted start (params.omit_s, kOmittedSequence set):
        // counted here, in none of the figures above.
        uint64_t omittedReceived = 0;
    };
    Outcome receive(TestRun &run, ServerEnv &env, ReceiveResult &r);
    // The receive rate over the span the datagrams arrived in.
    struct ReceiveRates
    {
        double span = 0;
        double bps = 0;
        double pps = 0;
    };
    static ReceiveRates ratesOf(const ReceiveResult &r, const TestRun &run);
    struct SendResult
    {
        uint64_t sent = 0;
        uint64_t errors = 0;
        uint64_t bytes = 0;
        uint64_t omittedSent = 0; // in the omitted start, not in `sent`
    };
    // The sequence number's top bit marks a datagram sent in the omitted
    // start, so the receiver leaves exactly those out of its figures
    // whenever they arrive.
    static constexpr uint64_t kOmittedSequence = uint64_t(1) << 63;
    // `single`: the test's only flow, which starts and ends the measured
    // interval; one of several flows sends within the interval its test began.
    Outcome send(TestRun &run, ClientEnv &env, SendResult &r, bool single = true);
    // The serving end: accepts with `okExtra` in the reply, receives, and
    // lets `beforeStats` add to its record and to the closing statistics.
    Outcome serveStream(TestRun &run, ServerEnv &env, const json::Value &okExtra,
                        const std::function<void(json::Value &stats)> &beforeStats);
    Outcome finishClient(TestRun &run, ClientEnv &env, const SendResult &s);

private:
    // Several streams or reverse flows (testflows.h), each on its own socket pair.
    Outcome serveFlows(TestRun &run, ServerEnv &env);
    Outcome runFlows(TestRun &run, ClientEnv &env);
    // One flow on this end: sends (then says "done" on the flow's own
    // connection) or receives, and fills the flow's per-stream entry.
    Outcome measureFlow(TestRun &run, DataFlow &flow, bool sending, uint64_t key, const std::string &interface);
};


} // namespace wb::agent
