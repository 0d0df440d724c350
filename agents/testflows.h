// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The data connections of a stream test beyond its control connection:
// several parallel streams (iperf3 -P) and flows the serving end sends
// (direction reverse or bidirectional, without swapping roles: the running
// end still connects and controls the test). Each flow is a TCP connection
// of its own, opened through the serving end's listener with the test's
// token and then the key of its accepted header; UDP flows also set up a
// datagram socket pair on it and use it for their closing "done" line.

#include "netutil.h"
#include "testkind.h"

#include <functional>
#include <string>
#include <vector>

namespace wb::agent {

// forward: the running end sends; probe: a request/response connection of
// its own beside the bulk flows (rrul), which the running end drives.
enum class FlowDirection { Forward, Reverse, Probe };
const char *directionName(FlowDirection d);

// The streams × directions a test's params ask for.
struct FlowLayout
{
    int streams = 1;
    bool forward = true;
    bool reverse = false;
    bool probe = false; // one more connection after the streams: stream 0, direction "probe"

    // One stream the running end sends on the control connection: the
    // protocol of a plain test, unchanged.
    bool single() const { return streams == 1 && forward && !reverse; }
    bool bidirectional() const { return forward && reverse; }
    std::vector<FlowDirection> directions() const;
    // The name of a figure of direction `d`: a bidirectional test's reverse
    // figures carry the prefix "reverse_" (reverse_throughput_bps, ...), so
    // the plain names always hold one direction: the only one, or forward.
    std::string metricName(FlowDirection d, const std::string &base) const;
};
FlowLayout flowLayout(const TestParams &params);

struct DataFlow
{
    int stream = 0;
    FlowDirection direction = FlowDirection::Forward;
    Fd tcp;
    Fd udp;           // UDP kinds: this flow's datagram socket, connected to the peer's
    SockAddr peerUdp; // the peer's datagram socket
    // What the measuring code found on this end.
    uint64_t bytes = 0;
    int64_t lastNs = 0; // receiving: when the last byte came
    json::Value entry = json::Object{}; // this end's per-stream figures
};

// Flow setup is bounded: all flows connected and checked within this.
inline constexpr double kFlowSetupTimeoutS = 10;

// Serving end, after sendOk: accepts one connection per flow, in the order
// connectFlows makes them. Each must present the token, then the line
// {"key":..,"stream":i,"direction":..} (UDP: plus "udp_port") naming the
// flow expected next; anything else fails the test. UDP flows get a socket
// of their own on the control connection's address, answered as "udp_port".
// Then it waits for the client's {"start":true} on the control connection.
Outcome acceptFlows(TestRun &run, ServerEnv &env, bool udp, std::vector<DataFlow> &flows);
// The same for a layout the kind makes itself rather than flowLayout(params).
Outcome acceptFlows(TestRun &run, ServerEnv &env, bool udp, const FlowLayout &layout, std::vector<DataFlow> &flows);
// Running end, after the accepted header: makes those connections one by
// one, then says {"start":true} on the control connection.
Outcome connectFlows(TestRun &run, ClientEnv &env, bool udp, std::vector<DataFlow> &flows);
Outcome connectFlows(TestRun &run, ClientEnv &env, bool udp, const FlowLayout &layout, std::vector<DataFlow> &flows);
// Runs `body` for every flow on a thread of its own and waits for them all;
// the first failure stops the others and is what is returned.
Outcome runFlows(TestRun &run, std::vector<DataFlow> &flows, const std::function<Outcome(DataFlow &)> &body);
// Ends every flow with a reset: a failed test must not look finished to the peer.
void resetFlows(std::vector<DataFlow> &flows);

// The per-stream entries of both ends, as record.extra.streams: this end's,
// then the peer's (each tagged with its side), ordered by stream and direction.
json::Value mergeStreamEntries(const std::vector<DataFlow> &flows, const json::Value &peerEntries);

// The TCP byte counts of a socket (TCP_INFO tcpi_bytes_acked and
// tcpi_bytes_received), or false where the kernel has no such fields.
bool tcpSocketBytes(int fd, uint64_t *acked, uint64_t *received);
// Waits (at most timeoutMs) until everything written on a TCP socket has
// been acknowledged, so its byte count is the whole of what was sent.
void waitAllAcked(int fd, int timeoutMs, const std::atomic<bool> &stop);

} // namespace wb::agent
