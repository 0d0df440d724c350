// SPDX-License-Identifier: GPL-3.0-or-later
#include "udpstreamtest.h"

#include "clock.h"
#include "pagebuffer.h"
#include "testflows.h"

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <netinet/in.h>
#include <netinet/udp.h>
#include <poll.h>
#include <sys/socket.h>
#include <vector>

namespace wb::agent {

namespace {
// Key, sequence, then the send time: messages this long carry a stamp.
constexpr size_t kStampedSize = 24;
} // namespace

bool UdpStreamTest::acceptsDataConnections(const TestParams &params) const
{
    return !flowLayout(params).single();
}

Outcome UdpStreamTest::serve(TestRun &run, ServerEnv &env)
{
    if (!flowLayout(run.params()).single())
        return serveFlows(run, env);
    return serveStream(run, env, json::Object{}, {});
}

UdpStreamTest::ReceiveRates UdpStreamTest::ratesOf(const ReceiveResult &r, const TestRun &run)
{
    // First to last arrival, so a shaped link's queue draining after the
    // sender stopped is not diluted.
    ReceiveRates rates;
    rates.span = nsToS(r.lastNs - r.firstNs);
    double counted = static_cast<double>(r.bytes - static_cast<uint64_t>(r.firstBytes));
    double countedMsgs = static_cast<double>(r.received ? r.received - 1 : 0);
    if (r.received < 2 || rates.span <= 0) {
        rates.span = r.lastNs ? nsToS(r.lastNs - run.beginNs()) : run.elapsedS();
        counted = static_cast<double>(r.bytes);
        countedMsgs = static_cast<double>(r.received);
    }
    rates.bps = rates.span > 0 ? counted * 8.0 / rates.span : 0.0;
    rates.pps = rates.span > 0 ? countedMsgs / rates.span : 0.0;
    return rates;
}

Outcome UdpStreamTest::serveStream(TestRun &run, ServerEnv &env, const json::Value &okExtra,
                                   const std::function<void(json::Value &stats)> &beforeStats)
{
    const TestParams &p = run.params();
    setSocketBuffers(env.udp.get(), 0, p.integer("recv_socket_bytes"));
    std::string err;
    if (!env.sendOk(okExtra, &err))
        return Outcome::fail("peer_lost", err);
    if (p.flag("loss_samples"))
        run.enableLossSamples();
    run.begin(env.interface, TestRun::LiveBytes | TestRun::LiveMessages);
    ReceiveResult r;
    Outcome o = receive(run, env, r);
    run.end();
    if (!o.ok())
        return o;
    run.flushLossSamples(r.senderSent);
    const ReceiveRates rates = ratesOf(r, run);
    const double span = rates.span;
    run.metric("messages", static_cast<double>(r.received));
    run.metric("bytes", static_cast<double>(r.bytes));
    run.metric("throughput_bps", rates.bps);
    run.metric("packets_per_s", rates.pps);
    run.metric("drops", static_cast<double>(r.socketDrops < 0 ? 0 : r.socketDrops));
    if (static_cast<size_t>(p.integer("message_size_bytes", 1472)) >= 16) {
        run.metric("duplicates", static_cast<double>(r.window.duplicates()));
        run.metric("reordered", static_cast<double>(r.window.reordered()));
        run.extra()["too_old_datagrams"] = r.window.tooOld();
    }
    if (r.haveTransit)
        run.metric("jitter_ms", r.jitterNs / 1e6);
    run.addHostMetrics(static_cast<double>(r.bytes) / 1024.0, 0);
    run.extra()["foreign_datagrams"] = r.foreign;
    run.extra()["socket_drops"] = r.socketDrops;
    run.extra()["receive_span_s"] = span;
    run.extra()["recv_socket_bytes_actual"] = socketBuffer(env.udp.get(), SO_RCVBUF);
    run.extra()["sender_reported_sent"] = r.senderSent;
    if (p.number("omit_s") > 0)
        run.extra()["omitted_messages"] = r.omittedReceived;
    json::Value stats = json::Object{};
    if (beforeStats)
        beforeStats(stats);
    stats["received"] = r.received;
    stats["duplicates"] = r.window.duplicates();
    stats["reordered"] = r.window.reordered();
    stats["socket_drops"] = r.socketDrops;
    stats["foreign_datagrams"] = r.foreign;
    return sendStats(run, env, stats);
}

Outcome UdpStreamTest::receive(TestRun &run, ServerEnv &env, ReceiveResult &r)
{
    const TestParams &p = run.params();
    const size_t size = static_cast<size_t>(p.integer("message_size_bytes", 1472));
    constexpr unsigned kBatch = 64;
    const size_t slot = size < 65536 ? size + 1 : 65536; // +1 tells an oversized foreign datagram
    const size_t stride = alignedStride(slot);
    PageBuffer buffers(stride * kBatch);
    std::vector<mmsghdr> msgs(kBatch);
    std::vector<iovec> iov(kBatch);
    std::vector<sockaddr_storage> from(kBatch);
    const int fd = env.udp.get();
    bool done = false;
    int64_t drainDeadline = 0;
    int64_t doneNs = 0;
    std::string err;
    for (;;) {
        if (run.stopped())
            return Outcome::fail("cancelled", "stopped");
        for (unsigned i = 0; i < kBatch; ++i) {
            iov[i] = {buffers.data() + i * stride, slot};
            msgs[i].msg_hdr = {};
            msgs[i].msg_hdr.msg_iov = &iov[i];
            msgs[i].msg_hdr.msg_iovlen = 1;
            msgs[i].msg_hdr.msg_name = &from[i];
            msgs[i].msg_hdr.msg_namelen = sizeof(sockaddr_storage);
        }
        const int n = ::recvmmsg(fd, msgs.data(), kBatch, MSG_DONTWAIT, nullptr);
        if (n > 0) {
            const int64_t now = nowNs();
            uint64_t good = 0, goodBytes = 0, highestSeq = 0, omittedHere = 0, omittedBytes = 0;
            for (int i = 0; i < n; ++i) {
                const size_t len = msgs[i].msg_len;
                SockAddr src;
                std::memcpy(&src.storage, &from[i], sizeof(sockaddr_storage));
                src.length = msgs[i].msg_hdr.msg_namelen;
                const char *data = buffers.data() + i * stride;
                if (len != size || !(src == env.clientUdp) || !datagramKeyMatches(data, len, env.key)) {
                    ++r.foreign;
                    continue;
                }
                if (len >= 16) {
                    uint64_t seq = 0;
                    std::memcpy(&seq, data + 8, 8);
                    const bool omitted = seq & kOmittedSequence;
                    const auto a = r.window.add(seq & ~kOmittedSequence);
                    if (a == SequenceWindow::Arrival::Duplicate || a == SequenceWindow::Arrival::TooOld)
                        continue; // a copy never stands in for a datagram that was lost
                    highestSeq = r.window.expected();
                    if (omitted) {
                        ++r.omittedReceived;
                        ++omittedHere;
                        omittedBytes += len;
                        continue;
                    }
                }
                ++good;
                goodBytes += len;
                if (len >= kStampedSize) {
                    // Transit = arrival - send stamp; the two hosts' clock offset cancels in D.
                    int64_t sentAt = 0;
                    std::memcpy(&sentAt, data + 16, 8);
                    const int64_t transit = now - sentAt;
                    if (r.haveTransit) {
                        const double d = static_cast<double>(std::llabs(transit - r.lastTransitNs));
                        r.jitterNs += (d - r.jitterNs) / 16.0;
                    }
                    r.lastTransitNs = transit;
                    r.haveTransit = true;
                }
            }
            // The samples show the omitted start too (with t <= 0).
            run.messages.fetch_add(omittedHere, std::memory_order_relaxed);
            run.bytes.fetch_add(omittedBytes, std::memory_order_relaxed);
            if (good) {
                if (!r.firstNs) {
                    r.firstNs = now;
                    r.firstBytes = static_cast<int64_t>(size);
                }
                r.lastNs = now;
                r.received += good;
                r.bytes += goodBytes;
                run.messages.fetch_add(good, std::memory_order_relaxed);
                run.bytes.fetch_add(goodBytes, std::memory_order_relaxed);
                // Expected first, so a sampler never sees more received than expected.
                if (highestSeq > run.lossExpected.load(std::memory_order_relaxed))
                    run.lossExpected.store(highestSeq);
                run.lossReceived.store(r.received);
            }
            if (done && r.received >= r.senderSent)
                break;
            continue;
        }
        if (n < 0 && errno != EAGAIN && errno != EINTR)
            return Outcome::fail("socket_error", "receive failed: " + errnoText(errno));
        if (done) {
            // Drained: nothing more waiting. Give stragglers 100 ms of quiet
            // (at most 0.5 s in all), then stop.
            const int64_t now = nowNs();
            if (r.received >= r.senderSent || now > drainDeadline || now - std::max(r.lastNs, doneNs) > 100000000)
                break;
        }
        pollfd pf[2] = {{fd, POLLIN, 0}, {env.chan.fd(), POLLIN, 0}};
        ::poll(pf, 2, done ? 20 : 100);
        if (!done && (pf[1].revents & (POLLIN | POLLHUP | POLLERR))) {
            auto line = env.chan.readLine(1000, &err);
            if (!line)
                return Outcome::fail("peer_lost", "the client went away: " + err);
            if ((*line)["done"].asBool()) {
                done = true;
                r.senderSent = static_cast<uint64_t>((*line)["sent"].asInt(0));
                doneNs = nowNs();
                drainDeadline = doneNs + 500000000;
            }
        }
    }
    r.socketDrops = socketDrops(fd);
    return {};
}

namespace {
// The kernel cuts at most 64 segments from one UDP_SEGMENT send, and the
// whole buffer must fit one IP datagram.
constexpr size_t kGsoMaxSegments = 64;
constexpr size_t kGsoMaxBytes = 65507;
} // namespace

Outcome UdpStreamTest::send(TestRun &run, ClientEnv &env, SendResult &r, bool single)
{
    const TestParams &p = run.params();
    const size_t size = static_cast<size_t>(p.integer("message_size_bytes", 1472));
    const double duration = p.number("duration_s", 10);
    const uint64_t limit = static_cast<uint64_t>(p.integer("messages", 0));
    const double rate = p.number("rate_pps", 0);
    unsigned batch = static_cast<unsigned>(p.integer("batch", 32));
    if (rate > 0) {
        // Pace in small bursts: about one every 50 µs at most.
        const double perBurst = rate / 20000.0;
        batch = std::max(1u, std::min(batch, static_cast<unsigned>(perBurst)));
    }
    const int fd = env.udp.get();
    setSocketBuffers(fd, p.integer("send_socket_bytes"), 0);
    timeval tv{0, 100000};
    ::setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
    // gso: hand the kernel one buffer of a whole batch and let it cut the
    // datagrams (UDP_SEGMENT), so the stack is walked once per batch. Each
    // datagram on the wire is still `size` bytes with its own header.
    bool gso = false;
    if (p.flag("gso") && batch > 1) {
        const unsigned fit = static_cast<unsigned>(std::min<size_t>(kGsoMaxSegments, kGsoMaxBytes / size));
        const int segment = static_cast<int>(size);
        if (fit >= 2 && ::setsockopt(fd, SOL_UDP, UDP_SEGMENT, &segment, sizeof segment) == 0) {
            gso = true;
            batch = std::min(batch, fit);
        }
        if (single) // flows run on threads of their own: the test's caller says it once
            run.extra()["gso"] = gso;
    }

    PageBuffer buffers(size * batch, 0);
    for (size_t i = 0; i < buffers.size(); ++i)
        buffers[i] = static_cast<char>('a' + i % 26);
    std::vector<mmsghdr> msgs(batch);
    std::vector<iovec> iov(batch);
    for (unsigned i = 0; i < batch; ++i) {
        iov[i] = {buffers.data() + i * size, size};
        msgs[i].msg_hdr = {};
        msgs[i].msg_hdr.msg_iov = &iov[i];
        msgs[i].msg_hdr.msg_iovlen = 1;
    }
    run.begin(env.interface, TestRun::LiveBytes | TestRun::LiveMessages);
    // Paced from the start of the traffic; the duration counts from the
    // end of the omitted start.
    const int64_t start = run.startedNs();
    const int64_t end = run.beginNs() + static_cast<int64_t>(duration * 1e9);
    const bool omits = run.beginNs() > start;
    int64_t due = start;
    const double nsPerMsg = rate > 0 ? 1e9 / rate : 0;
    while (!run.stopped()) {
        const int64_t now = nowNs();
        if (now >= end || (limit && r.sent >= limit))
            break;
        unsigned want = batch;
        if (limit && limit - r.sent < want)
            want = static_cast<unsigned>(limit - r.sent);
        if (rate > 0 && due > now) {
            timespec ts{static_cast<time_t>(due / 1000000000), static_cast<long>(due % 1000000000)};
            ::clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, nullptr);
        }
        const bool omitted = omits && run.omitting(now);
        const uint64_t first = r.sent + r.omittedSent;
        for (unsigned i = 0; i < want; ++i)
            writeDatagramHeader(buffers.data() + i * size, size, env.key,
                                (first + i) | (omitted ? kOmittedSequence : 0));
        if (size >= kStampedSize) {
            const int64_t stamp = nowNs(); // one sendmmsg leaves within microseconds
            for (unsigned i = 0; i < want; ++i)
                std::memcpy(buffers.data() + i * size + 16, &stamp, 8);
        }
        int n = 0;
        if (gso) {
            const ssize_t sent = ::send(fd, buffers.data(), want * size, 0);
            n = sent < 0 ? -1 : static_cast<int>(static_cast<size_t>(sent) / size);
        } else {
            n = ::sendmmsg(fd, msgs.data(), want, 0);
        }
        if (n < 0) {
            if (errno == EINTR || errno == EAGAIN)
                continue;
            ++r.errors;
            if (errno == EBADF || errno == ENOTSOCK)
                return Outcome::fail("socket_error", "send failed: " + errnoText(errno));
            continue;
        }
        if (omitted) {
            r.omittedSent += static_cast<uint64_t>(n);
        } else {
            r.sent += static_cast<uint64_t>(n);
            r.bytes += static_cast<uint64_t>(n) * size;
        }
        run.messages.fetch_add(static_cast<uint64_t>(n), std::memory_order_relaxed);
        run.bytes.fetch_add(static_cast<uint64_t>(n) * size, std::memory_order_relaxed);
        if (rate > 0)
            due += static_cast<int64_t>(nsPerMsg * n);
    }
    if (single)
        run.end();
    return {};
}

Outcome UdpStreamTest::finishClient(TestRun &run, ClientEnv &env, const SendResult &s)
{
    if (run.stopped())
        return Outcome::fail("cancelled", "stopped");
    json::Value done;
    done["done"] = true;
    done["sent"] = s.sent;
    std::string err;
    if (!env.chan.sendLine(done, &err))
        return Outcome::fail("peer_lost", "cannot tell the server the test is over: " + err);
    const double elapsed = run.elapsedS();
    run.metric("messages", static_cast<double>(s.sent));
    run.metric("send_errors", static_cast<double>(s.errors));
    run.metric("bytes", static_cast<double>(s.bytes));
    run.metric("throughput_bps", elapsed > 0 ? static_cast<double>(s.bytes) * 8.0 / elapsed : 0.0);
    run.metric("packets_per_s", elapsed > 0 ? static_cast<double>(s.sent) / elapsed : 0.0);
    run.addHostMetrics(static_cast<double>(s.bytes) / 1024.0, 0);
    json::Value stats;
    Outcome o = readStats(run, env, &stats);
    if (!o.ok())
        return o;
    const auto received = static_cast<uint64_t>(stats["received"].asInt(0));
    run.metric("loss_ratio", s.sent ? static_cast<double>(s.sent - std::min(s.sent, received)) / static_cast<double>(s.sent) : 0.0, "-");
    run.extra()["server_socket_drops"] = stats["socket_drops"];
    run.extra()["server_foreign_datagrams"] = stats["foreign_datagrams"];
    if (stats.contains("probes_sent")) {
        run.extra()["probes_sent"] = stats["probes_sent"];
        run.extra()["probes_answered"] = stats["probes_answered"];
    }
    run.extra()["lost"] = s.sent - std::min(s.sent, received);
    if (run.params().number("omit_s") > 0)
        run.extra()["omitted_messages"] = s.omittedSent;
    run.extra()["send_socket_bytes_actual"] = socketBuffer(env.udp.get(), SO_SNDBUF);
    return {};
}

Outcome UdpStreamTest::run(TestRun &run, ClientEnv &env)
{
    if (!flowLayout(run.params()).single())
        return runFlows(run, env);
    SendResult s;
    Outcome o = send(run, env, s);
    if (!o.ok())
        return o;
    return finishClient(run, env, s);
}

namespace {

// Sums one direction of this end's flows (their entries) under the kind's names.
void reportUdpDirection(TestRun &run, const FlowLayout &layout, const std::vector<DataFlow> &flows, FlowDirection d,
                        bool sending)
{
    double messages = 0, bytes = 0, bps = 0, pps = 0, errors = 0, drops = 0;
    for (const DataFlow &f : flows) {
        if (f.direction != d)
            continue;
        messages += f.entry["messages"].asDouble();
        bytes += f.entry["bytes"].asDouble();
        bps += f.entry["throughput_bps"].asDouble();
        pps += f.entry["packets_per_s"].asDouble();
        errors += f.entry["send_errors"].asDouble();
        drops += f.entry["drops"].asDouble();
    }
    run.metric(layout.metricName(d, "messages"), messages);
    run.metric(layout.metricName(d, "bytes"), bytes);
    run.metric(layout.metricName(d, "throughput_bps"), bps);
    run.metric(layout.metricName(d, "packets_per_s"), pps);
    // Names without a reverse_ twin stay the forward direction's (or the only one's).
    if (!(layout.bidirectional() && d == FlowDirection::Reverse)) {
        if (sending)
            run.metric("send_errors", errors);
        else
            run.metric("drops", drops);
    }
}

void reportUdpFlows(TestRun &run, const FlowLayout &layout, const std::vector<DataFlow> &flows, bool client)
{
    double bytes = 0;
    for (FlowDirection d : layout.directions())
        reportUdpDirection(run, layout, flows, d, (d == FlowDirection::Forward) == client);
    for (const DataFlow &f : flows)
        bytes += f.entry["bytes"].asDouble();
    run.addHostMetrics(bytes / 1024.0, 0);
    run.extra()["key_direction"] = layout.forward ? "forward" : "reverse";
}

json::Value flowEntry(const DataFlow &f, const TestRun &run, bool sending)
{
    json::Value e;
    e["stream"] = f.stream;
    e["direction"] = directionName(f.direction);
    e["side"] = run.side();
    e["role"] = sending ? "sender" : "receiver";
    return e;
}

void setFlowBuffers(const TestParams &p, std::vector<DataFlow> &flows, bool client)
{
    for (DataFlow &f : flows) {
        const bool sending = (f.direction == FlowDirection::Forward) == client;
        setSocketBuffers(f.udp.get(), sending ? p.integer("send_socket_bytes") : 0,
                         sending ? 0 : p.integer("recv_socket_bytes"));
    }
}

} // namespace

Outcome UdpStreamTest::serveFlows(TestRun &run, ServerEnv &env)
{
    const FlowLayout layout = flowLayout(run.params());
    std::string err;
    if (!env.sendOk({}, &err))
        return Outcome::fail("peer_lost", err);
    std::vector<DataFlow> flows;
    Outcome o = acceptFlows(run, env, true, flows);
    if (!o.ok())
        return o;
    setFlowBuffers(run.params(), flows, false);
    run.begin(env.interface, TestRun::LiveBytes | TestRun::LiveMessages);
    o = wb::agent::runFlows(run, flows, [&](DataFlow &f) {
        return measureFlow(run, f, f.direction == FlowDirection::Reverse, env.key, env.interface);
    });
    run.end();
    if (!o.ok()) {
        resetFlows(flows);
        return o;
    }
    reportUdpFlows(run, layout, flows, false);
    json::Array entries;
    for (const DataFlow &f : flows)
        entries.push_back(f.entry);
    run.extra()["streams"] = entries;
    json::Value stats;
    stats["streams"] = entries;
    return sendStats(run, env, stats);
}

Outcome UdpStreamTest::measureFlow(TestRun &run, DataFlow &f, bool sending, uint64_t key, const std::string &interface)
{
    ControlChannel chan(f.tcp.get(), run.stopFlag());
    f.entry = flowEntry(f, run, sending);
    json::Value &e = f.entry;
    std::string err;
    if (sending) {
        ClientEnv ce{chan, f.udp};
        ce.key = key;
        ce.interface = interface;
        SendResult s;
        Outcome o = send(run, ce, s, false);
        if (!o.ok())
            return o;
        if (run.stopped())
            return Outcome::fail("cancelled", "stopped");
        json::Value done;
        done["done"] = true;
        done["sent"] = s.sent;
        if (!chan.sendLine(done, &err))
            return Outcome::fail("peer_lost", "cannot tell the peer stream " + std::to_string(f.stream) + " is over: " + err);
        const double elapsed = nsToS(nowNs() - run.beginNs());
        e["messages"] = s.sent;
        e["send_errors"] = s.errors;
        e["bytes"] = s.bytes;
        e["throughput_bps"] = elapsed > 0 ? static_cast<double>(s.bytes) * 8.0 / elapsed : 0.0;
        e["packets_per_s"] = elapsed > 0 ? static_cast<double>(s.sent) / elapsed : 0.0;
        if (s.omittedSent)
            e["omitted_messages"] = s.omittedSent;
        return {};
    }
    ServerEnv se{chan, f.udp};
    se.clientUdp = f.peerUdp;
    se.key = key;
    se.interface = interface;
    ReceiveResult r;
    Outcome o = receive(run, se, r);
    if (!o.ok())
        return o;
    const ReceiveRates rates = ratesOf(r, run);
    e["messages"] = r.received;
    e["bytes"] = r.bytes;
    e["throughput_bps"] = rates.bps;
    e["packets_per_s"] = rates.pps;
    e["drops"] = r.socketDrops < 0 ? 0 : r.socketDrops;
    e["sender_reported_sent"] = r.senderSent;
    e["duplicates"] = r.window.duplicates();
    e["reordered"] = r.window.reordered();
    e["foreign_datagrams"] = r.foreign;
    if (r.omittedReceived)
        e["omitted_messages"] = r.omittedReceived;
    if (r.haveTransit)
        e["jitter_ms"] = r.jitterNs / 1e6;
    return {};
}

Outcome UdpStreamTest::runFlows(TestRun &run, ClientEnv &env)
{
    const FlowLayout layout = flowLayout(run.params());
    std::vector<DataFlow> flows;
    Outcome o = connectFlows(run, env, true, flows);
    if (!o.ok()) {
        resetFlows(flows);
        return o;
    }
    setFlowBuffers(run.params(), flows, true);
    run.begin(env.interface, TestRun::LiveBytes | TestRun::LiveMessages);
    o = wb::agent::runFlows(run, flows, [&](DataFlow &f) {
        return measureFlow(run, f, f.direction == FlowDirection::Forward, env.key, env.interface);
    });
    run.end();
    if (o.ok() && run.stopped())
        o = Outcome::fail("cancelled", "stopped");
    if (!o.ok()) {
        resetFlows(flows);
        return o;
    }
    reportUdpFlows(run, layout, flows, true);
    json::Value stats;
    o = readStats(run, env, &stats);
    if (!o.ok())
        return o;
    const json::Value &peer = stats["streams"];
    // Loss per direction: what the sending end sent against what arrived.
    for (FlowDirection d : layout.directions()) {
        double sent = 0, received = 0;
        for (const DataFlow &f : flows) {
            if (f.direction != d)
                continue;
            const json::Value *theirs = nullptr;
            for (const json::Value &pe : peer.asArray())
                if (pe["stream"].asInt(-1) == f.stream && pe["direction"].asString() == directionName(d))
                    theirs = &pe;
            if (!theirs)
                return Outcome::fail("verify_failed", "the server reported nothing for stream "
                                                          + std::to_string(f.stream) + " (" + directionName(d) + ")");
            const bool weSent = d == FlowDirection::Forward;
            sent += (weSent ? f.entry : *theirs)["messages"].asDouble();
            received += (weSent ? *theirs : f.entry)["messages"].asDouble();
        }
        run.metric(layout.metricName(d, "loss_ratio"), sent > 0 ? std::max(0.0, sent - received) / sent : 0.0, "-");
    }
    run.extra()["streams"] = mergeStreamEntries(flows, peer);
    return {};
}

} // namespace wb::agent
