// SPDX-License-Identifier: GPL-3.0-or-later
#include "requestresponsetest.h"

#include "clock.h"
#include "histogram.h"
#include "sequencewindow.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <netinet/in.h>
#include <poll.h>
#include <sched.h>
#include <sys/socket.h>
#include <vector>

namespace wb::agent {

int readMessage(TestRun &run, int fd, char *buf, size_t len, int64_t spinNs)
{
    size_t done = 0;
    const int64_t spinUntil = spinNs > 0 ? nowNs() + spinNs : 0;
    while (done < len) {
        const int flags = spinUntil && nowNs() < spinUntil ? MSG_DONTWAIT : 0;
        const ssize_t n = ::recv(fd, buf + done, len - done, flags);
        if (n > 0) {
            done += static_cast<size_t>(n);
            continue;
        }
        if (n == 0)
            return done == 0 ? 0 : -1;
        if (errno != EAGAIN && errno != EINTR)
            return -1;
        if (run.stopped())
            return -1;
        if (flags)
            ::sched_yield(); // lets the peer run if it shares this CPU
    }
    return 1;
}

bool writeMessage(TestRun &run, int fd, const char *buf, size_t len)
{
    size_t done = 0;
    while (done < len) {
        const ssize_t n = ::send(fd, buf + done, len - done, MSG_NOSIGNAL);
        if (n > 0) {
            done += static_cast<size_t>(n);
            continue;
        }
        if (n < 0 && (errno == EAGAIN || errno == EINTR) && !run.stopped())
            continue;
        return false;
    }
    return true;
}

void addLatencyMetrics(TestRun &run, const LatencyHistogram &h)
{
    auto us = [](double ns) { return ns / 1000.0; };
    run.metric("latency_us_mean", us(h.mean()));
    run.metric("latency_us_min", us(static_cast<double>(h.min())));
    run.metric("latency_us_p50", us(static_cast<double>(h.valueAtPercentile(50))));
    run.metric("latency_us_p90", us(static_cast<double>(h.valueAtPercentile(90))));
    run.metric("latency_us_p99", us(static_cast<double>(h.valueAtPercentile(99))));
    run.metric("latency_us_p999", us(static_cast<double>(h.valueAtPercentile(99.9))));
    run.metric("latency_us_max", us(static_cast<double>(h.max())));
    run.metric("latency_us_stddev", us(h.stddev()));
}

Outcome RequestResponseTest::serve(TestRun &run, ServerEnv &env)
{
    return m_udp ? serveUdp(run, env) : serveTcp(run, env);
}

Outcome RequestResponseTest::serveTcp(TestRun &run, ServerEnv &env)
{
    const TestParams &p = run.params();
    const int fd = env.chan.fd();
    const int64_t spinNs = p.flag("busy_poll") ? p.integer("busy_poll_us", 200) * 1000 : 0;
    setSocketBuffers(fd, p.integer("send_socket_bytes"), p.integer("recv_socket_bytes"));
    setRecvTimeout(fd, 100); // TCP_NODELAY: params.nodelay, set with the other knobs
    std::vector<char> req(static_cast<size_t>(p.integer("request_size_bytes", 1)));
    std::vector<char> resp(static_cast<size_t>(p.integer("response_size_bytes", 1)), 'r');
    std::string err;
    if (!env.sendOk({}, &err))
        return Outcome::fail("peer_lost", err);
    run.begin(env.interface, TestRun::LiveTransactions);
    uint64_t count = 0;
    for (;;) {
        const int r = readMessage(run, fd, req.data(), req.size(), spinNs);
        if (r == 0)
            break; // the client shut its side: the test is over
        if (r < 0)
            return run.stopped() ? Outcome::fail("cancelled", "stopped")
                                 : Outcome::fail("peer_lost", "the client connection failed mid-transaction");
        if (!writeMessage(run, fd, resp.data(), resp.size()))
            return Outcome::fail("peer_lost", "cannot send a response: " + errnoText(errno));
        ++count;
        run.transactions.fetch_add(1, std::memory_order_relaxed);
    }
    run.end();
    const double elapsed = run.elapsedS();
    run.metric("transactions_per_s", elapsed > 0 ? static_cast<double>(count) / elapsed : 0.0);
    run.addHostMetrics(0, static_cast<double>(count));
    run.extra()["transactions"] = count;
    json::Value stats;
    stats["transactions"] = count;
    return sendStats(run, env, stats);
}

Outcome RequestResponseTest::serveUdp(TestRun &run, ServerEnv &env)
{
    const TestParams &p = run.params();
    const int fd = env.udp.get();
    const int64_t spinNs = p.flag("busy_poll") ? p.integer("busy_poll_us", 200) * 1000 : 0;
    setSocketBuffers(fd, p.integer("send_socket_bytes"), p.integer("recv_socket_bytes"));
    setRecvTimeout(fd, 100);
    const size_t reqSize = static_cast<size_t>(p.integer("request_size_bytes", 1));
    const size_t respSize = static_cast<size_t>(p.integer("response_size_bytes", 1));
    std::vector<char> req(65536);
    std::vector<char> resp(respSize, 'r');
    const size_t seqBytes = std::min<size_t>({8, reqSize, respSize});
    std::string err;
    if (!env.sendOk({}, &err))
        return Outcome::fail("peer_lost", err);
    run.begin(env.interface, TestRun::LiveTransactions);
    uint64_t count = 0, foreign = 0;
    uint64_t spins = 0;
    // Requests of 8+ bytes carry their sequence: a copy of one already
    // answered is answered again (the client may have lost the first
    // answer) but is not a transaction of its own.
    SequenceWindow requests;
    const bool numbered = reqSize >= 8 && respSize >= 8;
    int64_t spinUntil = spinNs ? nowNs() + spinNs : 0;
    for (;;) {
        if (run.stopped())
            return Outcome::fail("cancelled", "stopped");
        sockaddr_storage from{};
        socklen_t fromLen = sizeof from;
        const bool spinning = spinUntil && nowNs() < spinUntil;
        const ssize_t n = ::recvfrom(fd, req.data(), req.size(), spinning ? MSG_DONTWAIT : 0,
                                     reinterpret_cast<sockaddr *>(&from), &fromLen);
        if (n < 0) {
            if (errno != EAGAIN && errno != EINTR)
                return Outcome::fail("socket_error", "receive failed: " + errnoText(errno));
            if (spinning)
                ::sched_yield();
            // Idle: look for the client's "done" now and then.
            if (!spinning || (++spins & 0xFFFF) == 0) {
                if (env.chan.lineReady()) {
                    auto line = env.chan.readLine(1000, &err);
                    if (!line)
                        return Outcome::fail("peer_lost", "the client went away: " + err);
                    if ((*line)["done"].asBool())
                        break;
                }
            }
            continue;
        }
        SockAddr src;
        std::memcpy(&src.storage, &from, sizeof from);
        src.length = fromLen;
        // Requests carry the sequence first and the key after it when they have room.
        const bool keyOk = reqSize < 16 || std::memcmp(req.data() + 8, &env.key, 8) == 0;
        if (static_cast<size_t>(n) != reqSize || !(src == env.clientUdp) || !keyOk) {
            ++foreign;
            continue;
        }
        std::memcpy(resp.data(), req.data(), seqBytes);
        if (spinNs)
            spinUntil = nowNs() + spinNs;
        bool copy = false;
        if (numbered) {
            uint64_t seq = 0;
            std::memcpy(&seq, req.data(), 8);
            const auto a = requests.add(seq);
            copy = a == SequenceWindow::Arrival::Duplicate || a == SequenceWindow::Arrival::TooOld;
        }
        if (::sendto(fd, resp.data(), respSize, 0, src.get(), src.length) < 0 || copy)
            continue; // the client will time this one out and count it
        ++count;
        run.transactions.fetch_add(1, std::memory_order_relaxed);
    }
    run.end();
    const double elapsed = run.elapsedS();
    run.metric("transactions_per_s", elapsed > 0 ? static_cast<double>(count) / elapsed : 0.0);
    run.addHostMetrics(0, static_cast<double>(count));
    run.extra()["transactions"] = count;
    run.extra()["foreign_datagrams"] = foreign;
    if (numbered) {
        run.metric("duplicates", static_cast<double>(requests.duplicates()));
        run.metric("reordered", static_cast<double>(requests.reordered()));
    }
    json::Value stats;
    stats["transactions"] = count;
    stats["foreign_datagrams"] = foreign;
    return sendStats(run, env, stats);
}

Outcome RequestResponseTest::run(TestRun &run, ClientEnv &env)
{
    const TestParams &p = run.params();
    const int64_t spinNs = p.flag("busy_poll") ? p.integer("busy_poll_us", 200) * 1000 : 0;
    const int fd = m_udp ? env.udp.get() : env.chan.fd();
    const size_t reqSize = static_cast<size_t>(p.integer("request_size_bytes", 1));
    const size_t respSize = static_cast<size_t>(p.integer("response_size_bytes", 1));
    const uint64_t limit = static_cast<uint64_t>(p.integer("transactions", 0));
    const int timeoutMs = m_udp ? static_cast<int>(p.integer("timeout_ms", 100)) : 100;
    setSocketBuffers(fd, p.integer("send_socket_bytes"), p.integer("recv_socket_bytes"));
    setRecvTimeout(fd, timeoutMs);
    std::vector<char> req(reqSize, 'q');
    std::vector<char> resp(m_udp ? 65536 : respSize);
    const size_t seqBytes = std::min<size_t>({8, reqSize, respSize});
    if (m_udp && reqSize >= 16)
        std::memcpy(req.data() + 8, &env.key, 8);
    LatencyHistogram hist;
    uint64_t lost = 0, stale = 0;
    // An answer for an earlier request is either a second copy of one that
    // was answered (a duplicate) or a late one for a request already given
    // up as lost (reordered); neither counts as a transaction.
    SequenceWindow answeredSeqs;
    uint64_t duplicates = 0, late = 0;
    run.begin(env.interface, TestRun::LiveTransactions);
    const int64_t end = run.beginNs() + static_cast<int64_t>(p.number("duration_s", 10) * 1e9);
    uint64_t seq = 0;
    int64_t t0 = run.beginNs();
    while (!run.stopped()) {
        if (t0 >= end || (limit && hist.count() + lost >= limit))
            break;
        ++seq;
        if (m_udp)
            std::memcpy(req.data(), &seq, std::min<size_t>(8, reqSize));
        if (m_udp) {
            if (::send(fd, req.data(), reqSize, 0) < 0) {
                ++lost;
                t0 = nowNs();
                continue;
            }
        } else if (!writeMessage(run, fd, req.data(), reqSize)) {
            if (run.stopped())
                break;
            return Outcome::fail("peer_lost", "cannot send a request: " + errnoText(errno));
        }
        if (m_udp) {
            const int64_t deadline = t0 + static_cast<int64_t>(timeoutMs) * 1000000;
            const int64_t spinUntil = t0 + spinNs;
            bool answered = false;
            for (;;) {
                const ssize_t n = ::recv(fd, resp.data(), resp.size(), nowNs() < spinUntil ? MSG_DONTWAIT : 0);
                const int64_t now = nowNs();
                if (n >= 0) {
                    if (static_cast<size_t>(n) == respSize && std::memcmp(resp.data(), &seq, seqBytes) == 0) {
                        hist.record(now - t0);
                        t0 = now;
                        answered = true;
                        if (seqBytes == 8)
                            answeredSeqs.add(seq);
                        break;
                    }
                    ++stale; // an answer to an earlier request
                    if (seqBytes == 8 && static_cast<size_t>(n) == respSize) {
                        uint64_t got = 0;
                        std::memcpy(&got, resp.data(), 8);
                        if (answeredSeqs.contains(got))
                            ++duplicates;
                        else
                            ++late;
                    }
                    if (now >= deadline)
                        break;
                    continue;
                }
                if (errno == ECONNREFUSED)
                    break; // counted as lost below
                if (now >= deadline || run.stopped())
                    break;
                if (now < spinUntil)
                    ::sched_yield();
            }
            if (!answered) {
                ++lost;
                t0 = nowNs();
                continue;
            }
        } else {
            const int r = readMessage(run, fd, resp.data(), respSize, spinNs);
            if (r <= 0) {
                if (run.stopped())
                    break;
                return Outcome::fail("peer_lost", "the server closed the connection mid-transaction");
            }
            const int64_t now = nowNs();
            hist.record(now - t0);
            t0 = now;
        }
        run.transactions.fetch_add(1, std::memory_order_relaxed);
    }
    run.end();
    if (run.stopped())
        return Outcome::fail("cancelled", "stopped");
    std::string err;
    if (m_udp) {
        json::Value done;
        done["done"] = true;
        done["sent"] = seq;
        if (!env.chan.sendLine(done, &err))
            return Outcome::fail("peer_lost", "cannot tell the server the test is over: " + err);
    } else {
        ::shutdown(fd, SHUT_WR);
    }
    const double elapsed = run.elapsedS();
    const auto count = static_cast<double>(hist.count());
    run.metric("transactions_per_s", elapsed > 0 ? count / elapsed : 0.0);
    addLatencyMetrics(run, hist);
    run.addHostMetrics(0, count);
    run.extra()["transactions"] = hist.count();
    if (m_udp) {
        run.metric("drops", static_cast<double>(lost));
        run.extra()["timeouts"] = lost;
        run.extra()["stale_responses"] = stale;
        if (seqBytes == 8) {
            run.metric("duplicates", static_cast<double>(duplicates));
            run.metric("reordered", static_cast<double>(late));
        }
    }
    run.extra()["histogram_bytes"] = hist.memoryBytes();
    json::Value stats;
    return readStats(run, env, &stats);
}

} // namespace wb::agent
