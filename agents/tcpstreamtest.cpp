// SPDX-License-Identifier: GPL-3.0-or-later
#include "tcpstreamtest.h"

#include "clock.h"
#include "testflows.h"

#include <algorithm>
#include <cerrno>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <chrono>
#include <thread>
#include <vector>

namespace wb::agent {

int64_t tcpRetransmits(int fd)
{
    tcp_info info{};
    socklen_t len = sizeof info;
    if (::getsockopt(fd, IPPROTO_TCP, TCP_INFO, &info, &len) != 0)
        return -1;
    return info.tcpi_total_retrans;
}

namespace {

// Reads of 4 writes at a time: fewer system calls for the same bytes.
size_t readChunk(const TestParams &p)
{
    return static_cast<size_t>(std::clamp<int64_t>(4 * p.integer("message_size_bytes", 131072), 262144, 4 << 20));
}

std::vector<char> pattern(size_t size)
{
    std::vector<char> buf(size);
    for (size_t i = 0; i < size; ++i)
        buf[i] = static_cast<char>('A' + i % 26);
    return buf;
}

// Reads `fd` (with a receive timeout set) until end of stream; `live`, when
// given, is the run's counter the interval samples read.
Outcome receiveToEnd(TestRun &run, int fd, std::vector<char> &buf, std::atomic<uint64_t> *live, uint64_t *total,
                     int64_t *lastNs)
{
    for (;;) {
        if (run.stopped())
            return Outcome::fail("cancelled", "stopped");
        const ssize_t n = ::recv(fd, buf.data(), buf.size(), 0);
        if (n > 0) {
            *total += static_cast<uint64_t>(n);
            if (live)
                live->fetch_add(static_cast<uint64_t>(n), std::memory_order_relaxed);
            continue;
        }
        if (n == 0) {
            *lastNs = nowNs();
            return {};
        }
        if (errno == EAGAIN || errno == EINTR)
            continue;
        return Outcome::fail("peer_lost", "receive failed: " + errnoText(errno));
    }
}

// Writes `buf` over and over on `fd` (with a send timeout set) until `endNs`.
Outcome sendUntil(TestRun &run, int fd, const std::vector<char> &buf, int64_t endNs, std::atomic<uint64_t> *live,
                  uint64_t *total)
{
    const size_t size = buf.size();
    size_t offset = 0; // a write cut short by the send timeout resumes here
    while (!run.stopped() && nowNs() < endNs) {
        const ssize_t n = ::send(fd, buf.data() + offset, size - offset, MSG_NOSIGNAL);
        if (n > 0) {
            *total += static_cast<uint64_t>(n);
            if (live)
                live->fetch_add(static_cast<uint64_t>(n), std::memory_order_relaxed);
            offset = (offset + static_cast<size_t>(n)) % size;
            continue;
        }
        if (n < 0 && (errno == EAGAIN || errno == EINTR))
            continue;
        return Outcome::fail("peer_lost", "send failed: " + errnoText(errno));
    }
    return {};
}

void setSendTimeout(int fd)
{
    timeval tv{0, 100000};
    ::setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
}

} // namespace

Outcome measureTcpFlow(TestRun &run, DataFlow &f, bool sending, FlowWindow window, std::atomic<uint64_t> *live)
{
    const TestParams &p = run.params();
    const int fd = f.tcp.get();
    Outcome o;
    int64_t retrans = 0;
    if (sending) {
        const std::vector<char> buf = pattern(static_cast<size_t>(p.integer("message_size_bytes", 131072)));
        // A flow that starts later (rrul's load after its idle phase) waits here, bounded by the stop flag.
        while (!run.stopped() && nowNs() < window.startNs)
            std::this_thread::sleep_for(std::chrono::nanoseconds(std::min<int64_t>(window.startNs - nowNs(), 10000000)));
        const int64_t before = tcpRetransmits(fd);
        o = sendUntil(run, fd, buf, window.endNs, live, &f.bytes);
        f.lastNs = nowNs();
        retrans = std::max<int64_t>(0, tcpRetransmits(fd) - before);
        if (o.ok())
            ::shutdown(fd, SHUT_WR);
    } else {
        std::vector<char> buf(readChunk(p));
        o = receiveToEnd(run, fd, buf, live, &f.bytes, &f.lastNs);
    }
    if (!o.ok())
        return o;
    const double span = nsToS(f.lastNs - window.startNs);
    json::Value &e = f.entry;
    e["stream"] = f.stream;
    e["direction"] = directionName(f.direction);
    e["side"] = run.side();
    e["role"] = sending ? "sender" : "receiver";
    e["bytes"] = f.bytes;
    e["throughput_bps"] = span > 0 ? static_cast<double>(f.bytes) * 8.0 / span : 0.0;
    if (sending)
        e["retransmits"] = retrans;
    uint64_t acked = 0, received = 0;
    if (sending)
        waitAllAcked(fd, 2000, run.stopFlag());
    if (tcpSocketBytes(fd, &acked, &received)) {
        // The kernel's own count of this connection's payload each way.
        e["tcp_bytes_acked"] = acked;
        e["tcp_bytes_received"] = received;
    }
    return {};
}

void reportTcpFlows(TestRun &run, const FlowLayout &layout, const std::vector<DataFlow> &flows, bool client,
                    int64_t startNs, double senderSpanS)
{
    uint64_t all = 0;
    for (FlowDirection d : layout.directions()) {
        const bool sending = (d == FlowDirection::Forward) == client;
        uint64_t bytes = 0;
        int64_t last = startNs;
        int64_t retrans = 0;
        for (const DataFlow &f : flows) {
            if (f.direction != d)
                continue;
            bytes += f.bytes;
            last = std::max(last, f.lastNs);
            retrans += f.entry["retransmits"].asInt(0);
        }
        all += bytes;
        // The sender over its measured interval, the receiver to its last byte.
        const double span = sending ? senderSpanS : nsToS(last - startNs);
        run.metric(layout.metricName(d, "bytes"), static_cast<double>(bytes));
        run.metric(layout.metricName(d, "throughput_bps"), span > 0 ? static_cast<double>(bytes) * 8.0 / span : 0.0);
        if (sending)
            run.metric(layout.metricName(d, "retransmits"), static_cast<double>(retrans));
    }
    run.addHostMetrics(static_cast<double>(all) / 1024.0, 0);
    run.extra()["key_direction"] = layout.forward ? "forward" : "reverse";
}

void prepareTcpFlowSockets(const TestParams &p, std::vector<DataFlow> &flows, bool client)
{
    for (DataFlow &f : flows) {
        if (f.direction == FlowDirection::Probe)
            continue;
        const bool sending = (f.direction == FlowDirection::Forward) == client;
        const int fd = f.tcp.get();
        if (sending) {
            setSocketBuffers(fd, p.integer("send_socket_bytes"), 0);
            setSendTimeout(fd);
        } else {
            setSocketBuffers(fd, 0, p.integer("recv_socket_bytes"));
            setRecvTimeout(fd, 100);
        }
    }
}

json::Value streamEntriesOf(const std::vector<DataFlow> &flows)
{
    json::Array a;
    for (const DataFlow &f : flows)
        if (f.direction != FlowDirection::Probe)
            a.push_back(f.entry);
    return a;
}

Outcome checkPeerStreams(const std::vector<DataFlow> &flows, const json::Value &peer)
{
    for (const DataFlow &f : flows) {
        if (f.direction == FlowDirection::Probe)
            continue;
        const json::Value *theirs = nullptr;
        for (const json::Value &e : peer.asArray())
            if (e["stream"].asInt(-1) == f.stream && e["direction"].asString() == directionName(f.direction))
                theirs = &e;
        if (!theirs)
            return Outcome::fail("verify_failed", "the server reported nothing for stream " + std::to_string(f.stream)
                                                      + " (" + directionName(f.direction) + ")");
        if (static_cast<uint64_t>((*theirs)["bytes"].asInt(-1)) != f.bytes) {
            const bool forward = f.direction == FlowDirection::Forward;
            return Outcome::fail("verify_failed", "stream " + std::to_string(f.stream) + " ("
                                                      + directionName(f.direction) + "): the "
                                                      + (forward ? "server received " : "server sent ")
                                                      + json::serialize((*theirs)["bytes"]) + " bytes but the client "
                                                      + (forward ? "sent " : "received ") + std::to_string(f.bytes));
        }
    }
    return {};
}

namespace {
// A bidirectional test's interval samples follow its forward direction,
// so they never add the two directions together.
std::atomic<uint64_t> *liveCounter(TestRun &run, const FlowLayout &layout, const DataFlow &f)
{
    return layout.bidirectional() && f.direction == FlowDirection::Reverse ? nullptr : &run.bytes;
}

FlowWindow testWindow(const TestRun &run)
{
    return {run.beginNs(), run.beginNs() + static_cast<int64_t>(run.params().number("duration_s", 10) * 1e9)};
}
} // namespace

bool TcpStreamTest::acceptsDataConnections(const TestParams &params) const
{
    return !flowLayout(params).single();
}

Outcome TcpStreamTest::serve(TestRun &run, ServerEnv &env)
{
    if (!flowLayout(run.params()).single())
        return serveFlows(run, env);
    const TestParams &p = run.params();
    const int fd = env.chan.fd();
    setSocketBuffers(fd, 0, p.integer("recv_socket_bytes"));
    setRecvTimeout(fd, 100);
    std::string err;
    if (!env.sendOk({}, &err))
        return Outcome::fail("peer_lost", err);
    std::vector<char> buf(readChunk(p));
    run.begin(env.interface, TestRun::LiveBytes);
    uint64_t total = 0;
    int64_t lastNs = 0;
    Outcome o = receiveToEnd(run, fd, buf, &run.bytes, &total, &lastNs);
    if (!o.ok())
        return o;
    run.end();
    const double span = nsToS(lastNs - run.beginNs());
    run.metric("bytes", static_cast<double>(total));
    run.metric("throughput_bps", span > 0 ? static_cast<double>(total) * 8.0 / span : 0.0);
    run.addHostMetrics(static_cast<double>(total) / 1024.0, 0);
    run.extra()["recv_socket_bytes_actual"] = socketBuffer(fd, SO_RCVBUF);
    json::Value stats;
    stats["bytes"] = total;
    return sendStats(run, env, stats);
}

Outcome TcpStreamTest::run(TestRun &run, ClientEnv &env)
{
    if (!flowLayout(run.params()).single())
        return runFlows(run, env);
    const TestParams &p = run.params();
    const int fd = env.chan.fd();
    setSocketBuffers(fd, p.integer("send_socket_bytes"), 0);
    setSendTimeout(fd);
    const std::vector<char> buf = pattern(static_cast<size_t>(p.integer("message_size_bytes", 131072)));
    const int64_t retransBefore = tcpRetransmits(fd);
    run.begin(env.interface, TestRun::LiveBytes);
    const int64_t end = run.beginNs() + static_cast<int64_t>(p.number("duration_s", 10) * 1e9);
    uint64_t total = 0;
    Outcome sent = sendUntil(run, fd, buf, end, &run.bytes, &total);
    if (!sent.ok())
        return sent;
    run.end();
    if (run.stopped())
        return Outcome::fail("cancelled", "stopped");
    const int64_t retrans = tcpRetransmits(fd) - retransBefore;
    ::shutdown(fd, SHUT_WR);
    const double elapsed = run.elapsedS();
    run.metric("bytes", static_cast<double>(total));
    run.metric("throughput_bps", elapsed > 0 ? static_cast<double>(total) * 8.0 / elapsed : 0.0);
    run.metric("retransmits", static_cast<double>(retrans < 0 ? 0 : retrans));
    run.addHostMetrics(static_cast<double>(total) / 1024.0, 0);
    run.extra()["send_socket_bytes_actual"] = socketBuffer(fd, SO_SNDBUF);
    json::Value stats;
    Outcome o = readStats(run, env, &stats);
    if (!o.ok())
        return o;
    if (static_cast<uint64_t>(stats["bytes"].asInt(-1)) != total)
        return Outcome::fail("verify_failed", "the server received " + json::serialize(stats["bytes"])
                                                  + " bytes but " + std::to_string(total) + " were sent");
    return {};
}

Outcome TcpStreamTest::serveFlows(TestRun &run, ServerEnv &env)
{
    const FlowLayout layout = flowLayout(run.params());
    std::string err;
    if (!env.sendOk({}, &err))
        return Outcome::fail("peer_lost", err);
    std::vector<DataFlow> flows;
    Outcome o = acceptFlows(run, env, false, flows);
    if (!o.ok())
        return o;
    prepareTcpFlowSockets(run.params(), flows, false);
    run.begin(env.interface, TestRun::LiveBytes);
    o = wb::agent::runFlows(run, flows, [&](DataFlow &f) {
        return measureTcpFlow(run, f, f.direction == FlowDirection::Reverse, testWindow(run), liveCounter(run, layout, f));
    });
    run.end();
    if (!o.ok()) {
        resetFlows(flows);
        return o;
    }
    reportTcpFlows(run, layout, flows, false, run.beginNs(), run.elapsedS());
    run.extra()["streams"] = streamEntriesOf(flows);
    json::Value stats;
    stats["streams"] = streamEntriesOf(flows);
    return sendStats(run, env, stats);
}

Outcome TcpStreamTest::runFlows(TestRun &run, ClientEnv &env)
{
    const FlowLayout layout = flowLayout(run.params());
    std::vector<DataFlow> flows;
    Outcome o = connectFlows(run, env, false, flows);
    if (!o.ok()) {
        resetFlows(flows);
        return o;
    }
    prepareTcpFlowSockets(run.params(), flows, true);
    run.begin(env.interface, TestRun::LiveBytes);
    o = wb::agent::runFlows(run, flows, [&](DataFlow &f) {
        return measureTcpFlow(run, f, f.direction == FlowDirection::Forward, testWindow(run), liveCounter(run, layout, f));
    });
    run.end();
    if (o.ok() && run.stopped())
        o = Outcome::fail("cancelled", "stopped");
    if (!o.ok()) {
        resetFlows(flows);
        return o;
    }
    reportTcpFlows(run, layout, flows, true, run.beginNs(), run.elapsedS());
    json::Value stats;
    o = readStats(run, env, &stats);
    if (!o.ok())
        return o;
    const json::Value &peer = stats["streams"];
    o = checkPeerStreams(flows, peer);
    if (!o.ok())
        return o;
    run.extra()["streams"] = mergeStreamEntries(flows, peer);
    return {};
}

} // namespace wb::agent
