// SPDX-License-Identifier: GPL-3.0-or-later
#include "tcpstreamtest.h"

#include "clock.h"
#include "pagebuffer.h"
#include "testflows.h"
#include "zerocopysend.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <ctime>
#include <memory>
#include <mutex>
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

// The sender's buffer: byte i of every write is 'A' + i % 26, so the whole
// stream is known in advance and a receiver can check it (PatternCheck).
char patternByte(size_t i, size_t period)
{
    return static_cast<char>('A' + (i % period) % 26);
}

PageBuffer pattern(size_t size)
{
    PageBuffer buf(size);
    for (size_t i = 0; i < size; ++i)
        buf[i] = patternByte(i, size);
    return buf;
}

// A zero-copy test's receiving end compares every byte with the stream the
// sender's pattern buffer makes (a memcmp per read against a reference one
// read longer than the pattern): a page the kernel sent from the wrong
// place, or before the data was in it, shows as a mismatch at its offset.
class PatternCheck
{
public:
    PatternCheck(size_t period, size_t chunk) : m_period(period), m_ref(period + chunk)
    {
        for (size_t i = 0; i < m_ref.size(); ++i)
            m_ref[i] = patternByte(i, period);
    }
    // False at the first byte that differs (its stream offset in `where`).
    bool check(const char *data, size_t n, uint64_t *where)
    {
        const size_t off = static_cast<size_t>(m_pos % m_period);
        if (std::memcmp(data, m_ref.data() + off, n) != 0) {
            size_t i = 0;
            while (i < n && data[i] == m_ref[off + i])
                ++i;
            *where = m_pos + i;
            return false;
        }
        m_pos += n;
        return true;
    }
    uint64_t checked() const { return m_pos; }

private:
    size_t m_period;
    std::vector<char> m_ref;
    uint64_t m_pos = 0;
};

// What one end counted of one stream: everything (the peers compare it),
// and the part before the measured interval began (params.omit_s), which
// the figures leave out.
struct StreamCount
{
    uint64_t total = 0;
    uint64_t omitted = 0;
    uint64_t measured() const { return total - omitted; }
};

// Reads `fd` (with a receive timeout set) until end of stream; `live`, when
// given, is the run's counter the interval samples read; `check`, when
// given, compares the data with the sender's pattern.
Outcome receiveToEnd(TestRun &run, int fd, PageBuffer &buf, std::atomic<uint64_t> *live, StreamCount *count,
                     int64_t *lastNs, PatternCheck *check)
{
    bool omitting = run.beginNs() > run.startedNs();
    for (;;) {
        if (run.stopped())
            return Outcome::fail("cancelled", "stopped");
        const ssize_t n = ::recv(fd, buf.data(), buf.size(), 0);
        if (n > 0) {
            uint64_t at = 0;
            if (check && !check->check(buf.data(), static_cast<size_t>(n), &at))
                return Outcome::fail("verify_failed", "the data received differs from what was sent at stream byte "
                                                          + std::to_string(at));
            count->total += static_cast<uint64_t>(n);
            if (omitting) {
                omitting = run.omitting(nowNs());
                if (omitting)
                    count->omitted += static_cast<uint64_t>(n);
            }
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

// Writes `buf` over and over on `fd` (with a send timeout set) until
// `endNs`, through `zc` (plain sends unless zero-copy is on). With
// params.rate_bps the writes are paced from the start of the traffic so
// this stream's bytes never run ahead of the rate (iperf3 -b, per stream).
Outcome sendUntil(TestRun &run, int fd, const PageBuffer &buf, int64_t endNs, std::atomic<uint64_t> *live,
                  StreamCount *count, ZeroCopySender &zc)
{
    const size_t size = buf.size();
    const double rate = run.params().number("rate_bps", 0);
    const int64_t paceFrom = run.startedNs();
    bool omitting = run.beginNs() > run.startedNs();
    size_t offset = 0; // a write cut short by the send timeout resumes here
    while (!run.stopped()) {
        const int64_t now = nowNs();
        if (now >= endNs)
            break;
        if (omitting && !run.omitting(now)) {
            count->omitted = count->total;
            omitting = false;
        }
        if (rate > 0) {
            const auto due = paceFrom + static_cast<int64_t>(static_cast<double>(count->total) * 8e9 / rate);
            if (due > now) {
                // At most 50 ms at a time, so a stop is seen.
                const int64_t until = std::min({due, endNs, now + 50000000});
                timespec ts{static_cast<time_t>(until / 1000000000), static_cast<long>(until % 1000000000)};
                ::clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, nullptr);
                continue;
            }
        }
        const ssize_t n = zc.send(fd, buf.data() + offset, size - offset);
        if (n > 0) {
            count->total += static_cast<uint64_t>(n);
            if (live)
                live->fetch_add(static_cast<uint64_t>(n), std::memory_order_relaxed);
            offset = (offset + static_cast<size_t>(n)) % size;
            continue;
        }
        if (n < 0 && (errno == EAGAIN || errno == EINTR))
            continue;
        return Outcome::fail("peer_lost", "send failed: " + errnoText(errno));
    }
    if (omitting) // stopped before the measured interval: all of it was omitted
        count->omitted = count->total;
    return {};
}

// Waits (bounded) for the kernel to be done with a zero-copy sender's
// buffer. If it is not done in time the buffer is never freed: the kernel
// still sends from those pages, and reusing them would change the data.
void releaseSendBuffer(int fd, ZeroCopySender &zc, PageBuffer &buf)
{
    if (zc.drain(fd, 2000))
        return;
    static std::mutex mutex;
    static std::vector<PageBuffer> kept; // until the agent exits
    std::lock_guard lock(mutex);
    kept.push_back(std::move(buf)); // a moved vector keeps its memory
}

void setSendTimeout(int fd)
{
    timeval tv{0, 100000};
    ::setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
}

// The zero-copy path a test asked for, by its parameter's name (also the
// key of its record in extra), or null for plain copying sends. Either way
// the receiver checks every byte against the pattern.
const char *zeroCopyPath(const TestParams &p)
{
    return p.flag("zerocopy") ? "zerocopy" : p.flag("sendfile") ? "sendfile" : nullptr;
}

void enableZeroCopy(const TestParams &p, ZeroCopySender &zc, int fd, const PageBuffer &buf)
{
    if (p.flag("zerocopy"))
        zc.enable(fd);
    else if (p.flag("sendfile"))
        zc.enableSendfile(buf.data(), buf.size());
}

// How this end of a flow moves its data: zero-copy sends when asked for
// (and what the kernel made of them), the receiver's pattern check then.
struct FlowMode
{
    ZeroCopySender zc;
    std::unique_ptr<PatternCheck> check;
};

// One flow on this end: sends through `window` (then ends its half of the
// connection) or reads to the end, and fills the flow's per-stream entry;
// `live`, when given, is the counter the interval samples read.
Outcome measureFlow(TestRun &run, DataFlow &f, bool sending, FlowWindow window, std::atomic<uint64_t> *live,
                    FlowMode &mode)
{
    const TestParams &p = run.params();
    const int fd = f.tcp.get();
    const char *const zeroCopy = zeroCopyPath(p);
    Outcome o;
    int64_t retrans = 0;
    StreamCount count;
    if (sending) {
        PageBuffer buf = pattern(static_cast<size_t>(p.integer("message_size_bytes", 131072)));
        enableZeroCopy(p, mode.zc, fd, buf);
        // A flow that starts later (rrul's load after its idle phase) waits here, bounded by the stop flag.
        while (!run.stopped() && nowNs() < window.startNs)
            std::this_thread::sleep_for(std::chrono::nanoseconds(std::min<int64_t>(window.startNs - nowNs(), 10000000)));
        const int64_t before = tcpRetransmits(fd);
        o = sendUntil(run, fd, buf, window.endNs, live, &count, mode.zc);
        f.lastNs = nowNs();
        retrans = std::max<int64_t>(0, tcpRetransmits(fd) - before);
        if (o.ok())
            ::shutdown(fd, SHUT_WR);
        if (o.ok())
            waitAllAcked(fd, 2000, run.stopFlag());
        releaseSendBuffer(fd, mode.zc, buf);
    } else {
        PageBuffer buf(readChunk(p));
        if (zeroCopy)
            mode.check = std::make_unique<PatternCheck>(static_cast<size_t>(p.integer("message_size_bytes", 131072)),
                                                        buf.size());
        o = receiveToEnd(run, fd, buf, live, &count, &f.lastNs, mode.check.get());
    }
    f.bytes = count.total;
    if (!o.ok())
        return o;
    // The measured part: after an omitted start (omit_s), or from a later
    // window's start (rrul's load).
    const double span = nsToS(f.lastNs - std::max(window.startNs, run.beginNs()));
    json::Value &e = f.entry;
    e["stream"] = f.stream;
    e["direction"] = directionName(f.direction);
    e["side"] = run.side();
    e["role"] = sending ? "sender" : "receiver";
    e["bytes"] = count.measured();
    if (count.omitted)
        e["omitted_bytes"] = count.omitted;
    e["throughput_bps"] = span > 0 ? static_cast<double>(count.measured()) * 8.0 / span : 0.0;
    if (sending)
        e["retransmits"] = retrans;
    if (zeroCopy)
        e[sending ? zeroCopy : "content_checked_bytes"] =
            sending ? mode.zc.stats() : json::Value(mode.check->checked());
    uint64_t acked = 0, received = 0;
    if (tcpSocketBytes(fd, &acked, &received)) {
        // The kernel's own count of this connection's payload each way.
        e["tcp_bytes_acked"] = acked;
        e["tcp_bytes_received"] = received;
    }
    return {};
}

// This end's zero-copy record over its flows: the sending flows' counts
// summed in extra.zerocopy, the receiving ones' checked bytes.
void reportFlowModes(TestRun &run, const std::vector<DataFlow> &flows, const std::vector<FlowMode> &modes)
{
    const char *const zeroCopy = zeroCopyPath(run.params());
    if (!zeroCopy)
        return;
    ZeroCopySender sum;
    bool sent = false;
    uint64_t checked = 0;
    for (size_t i = 0; i < flows.size(); ++i) {
        if (flows[i].entry.contains(zeroCopy)) {
            sum.add(modes[i].zc);
            sent = true;
        }
        if (modes[i].check)
            checked += modes[i].check->checked();
    }
    if (sent)
        run.extra()[zeroCopy] = sum.stats();
    if (checked)
        run.extra()["content_checked_bytes"] = checked;
}

} // namespace

Outcome measureTcpFlow(TestRun &run, DataFlow &f, bool sending, FlowWindow window, std::atomic<uint64_t> *live)
{
    FlowMode plain; // rrul's bulk flows: no zero-copy, no pattern check
    return measureFlow(run, f, sending, window, live, plain);
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
            bytes += static_cast<uint64_t>(f.entry["bytes"].asInt(0));
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
        // Everything that crossed, the omitted start included.
        const auto theirBytes = static_cast<uint64_t>((*theirs)["bytes"].asInt(-1) + (*theirs)["omitted_bytes"].asInt(0));
        if (theirBytes != f.bytes) {
            const bool forward = f.direction == FlowDirection::Forward;
            return Outcome::fail("verify_failed", "stream " + std::to_string(f.stream) + " ("
                                                      + directionName(f.direction) + "): the "
                                                      + (forward ? "server received " : "server sent ")
                                                      + std::to_string(theirBytes) + " bytes but the client "
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

// Traffic from the start, an omitted one (omit_s) included, to the end of
// the measured duration.
FlowWindow testWindow(const TestRun &run)
{
    return {run.startedNs(), run.beginNs() + static_cast<int64_t>(run.params().number("duration_s", 10) * 1e9)};
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
    PageBuffer buf(readChunk(p));
    std::unique_ptr<PatternCheck> check;
    if (zeroCopyPath(p))
        check = std::make_unique<PatternCheck>(static_cast<size_t>(p.integer("message_size_bytes", 131072)), buf.size());
    run.begin(env.interface, TestRun::LiveBytes);
    StreamCount count;
    int64_t lastNs = 0;
    Outcome o = receiveToEnd(run, fd, buf, &run.bytes, &count, &lastNs, check.get());
    if (!o.ok())
        return o;
    run.end();
    const double span = nsToS(lastNs - run.beginNs());
    run.metric("bytes", static_cast<double>(count.measured()));
    run.metric("throughput_bps", span > 0 ? static_cast<double>(count.measured()) * 8.0 / span : 0.0);
    run.addHostMetrics(static_cast<double>(count.measured()) / 1024.0, 0);
    run.extra()["recv_socket_bytes_actual"] = socketBuffer(fd, SO_RCVBUF);
    if (count.omitted)
        run.extra()["omitted_bytes"] = count.omitted;
    json::Value stats;
    stats["bytes"] = count.total;
    if (check) {
        run.extra()["content_checked_bytes"] = check->checked();
        stats["content_checked_bytes"] = check->checked();
    }
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
    PageBuffer buf = pattern(static_cast<size_t>(p.integer("message_size_bytes", 131072)));
    ZeroCopySender zc;
    enableZeroCopy(p, zc, fd, buf);
    const int64_t retransBefore = tcpRetransmits(fd);
    run.begin(env.interface, TestRun::LiveBytes);
    const int64_t end = run.beginNs() + static_cast<int64_t>(p.number("duration_s", 10) * 1e9);
    StreamCount count;
    Outcome sent = sendUntil(run, fd, buf, end, &run.bytes, &count, zc);
    if (!sent.ok()) {
        releaseSendBuffer(fd, zc, buf);
        return sent;
    }
    run.end();
    if (run.stopped()) {
        releaseSendBuffer(fd, zc, buf);
        return Outcome::fail("cancelled", "stopped");
    }
    const int64_t retrans = tcpRetransmits(fd) - retransBefore;
    ::shutdown(fd, SHUT_WR);
    const double elapsed = run.elapsedS();
    run.metric("bytes", static_cast<double>(count.measured()));
    run.metric("throughput_bps", elapsed > 0 ? static_cast<double>(count.measured()) * 8.0 / elapsed : 0.0);
    run.metric("retransmits", static_cast<double>(retrans < 0 ? 0 : retrans));
    run.addHostMetrics(static_cast<double>(count.measured()) / 1024.0, 0);
    run.extra()["send_socket_bytes_actual"] = socketBuffer(fd, SO_SNDBUF);
    if (count.omitted)
        run.extra()["omitted_bytes"] = count.omitted;
    json::Value stats;
    Outcome o = readStats(run, env, &stats);
    // The server has read everything now: the kernel is done with the
    // buffer, or very nearly.
    releaseSendBuffer(fd, zc, buf);
    if (const char *zeroCopy = zeroCopyPath(p))
        run.extra()[zeroCopy] = zc.stats();
    if (!o.ok())
        return o;
    if (static_cast<uint64_t>(stats["bytes"].asInt(-1)) != count.total)
        return Outcome::fail("verify_failed", "the server received " + json::serialize(stats["bytes"])
                                                  + " bytes but " + std::to_string(count.total) + " were sent");
    if (stats.contains("content_checked_bytes"))
        run.extra()["server_content_checked_bytes"] = stats["content_checked_bytes"];
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
    std::vector<FlowMode> modes(flows.size());
    run.begin(env.interface, TestRun::LiveBytes);
    o = wb::agent::runFlows(run, flows, [&](DataFlow &f) {
        return measureFlow(run, f, f.direction == FlowDirection::Reverse, testWindow(run), liveCounter(run, layout, f),
                           modes[&f - flows.data()]);
    });
    run.end();
    if (!o.ok()) {
        resetFlows(flows);
        return o;
    }
    reportTcpFlows(run, layout, flows, false, run.beginNs(), run.elapsedS());
    reportFlowModes(run, flows, modes);
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
    std::vector<FlowMode> modes(flows.size());
    run.begin(env.interface, TestRun::LiveBytes);
    o = wb::agent::runFlows(run, flows, [&](DataFlow &f) {
        return measureFlow(run, f, f.direction == FlowDirection::Forward, testWindow(run), liveCounter(run, layout, f),
                           modes[&f - flows.data()]);
    });
    run.end();
    if (o.ok() && run.stopped())
        o = Outcome::fail("cancelled", "stopped");
    if (!o.ok()) {
        resetFlows(flows);
        return o;
    }
    reportTcpFlows(run, layout, flows, true, run.beginNs(), run.elapsedS());
    reportFlowModes(run, flows, modes);
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
