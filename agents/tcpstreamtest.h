// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Bulk TCP (netperf TCP_STREAM): the client writes message_size_bytes
// buffers for the duration on the test connection, the server reads until
// end of stream. Throughput at both ends; retransmits from TCP_INFO.
// With `streams` > 1 or `direction` reverse/bidirectional every flow has a
// connection of its own (testflows.h) and the sender of each flow is the
// end its direction names; the figures are summed per direction and listed
// per stream in extra.streams.

#include "testflows.h"
#include "testkind.h"

#include <atomic>
#include <vector>

namespace wb::agent {

class TcpStreamTest : public TestKind
{
public:
    bool acceptsDataConnections(const TestParams &params) const override;
    Outcome serve(TestRun &run, ServerEnv &env) override;
    Outcome run(TestRun &run, ClientEnv &env) override;

private:
    Outcome serveFlows(TestRun &run, ServerEnv &env);
    Outcome runFlows(TestRun &run, ClientEnv &env);
};

// Total retransmitted segments of a TCP socket (TCP_INFO), or -1.
int64_t tcpRetransmits(int fd);

// The bulk-flow pieces tcp_stream and rrul (latency under load) share.
// When a flow's bulk runs: the sender waits for startNs and sends until
// endNs; a receiver's throughput counts from startNs to its last byte.
struct FlowWindow
{
    int64_t startNs = 0;
    int64_t endNs = 0;
};
// One flow on this end: sends in the window (then ends its half of the
// connection) or reads to the end, and fills the flow's per-stream entry.
// `live`, when given, is the counter interval samples read.
Outcome measureTcpFlow(TestRun &run, DataFlow &f, bool sending, FlowWindow window, std::atomic<uint64_t> *live);
// Sums this end's flows per direction under the kind's metric names (the
// sender over senderSpanS, the receiver from startNs to its last byte).
void reportTcpFlows(TestRun &run, const FlowLayout &layout, const std::vector<DataFlow> &flows, bool client,
                    int64_t startNs, double senderSpanS);
// Socket buffers and timeouts of the bulk flows (a probe flow is left alone).
void prepareTcpFlowSockets(const TestParams &p, std::vector<DataFlow> &flows, bool client);
// This end's per-stream entries (the probe flow has none).
json::Value streamEntriesOf(const std::vector<DataFlow> &flows);
// The client's check that the server counted every flow's bytes as it did.
Outcome checkPeerStreams(const std::vector<DataFlow> &flows, const json::Value &peerEntries);

} // namespace wb::agent
