// SPDX-License-Identifier: GPL-3.0-or-later
#include "tcpconnectratetest.h"

#include "clock.h"
#include "histogram.h"
#include "requestresponsetest.h"
#include "socketknobs.h"
#include "testendpoint.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <vector>

#ifndef IP_BIND_ADDRESS_NO_PORT
#define IP_BIND_ADDRESS_NO_PORT 24
#endif

namespace wb::agent {

namespace {

// How long one blocking call of the client waits before it looks at the
// stop flag and the connection's deadline again.
constexpr int kSliceMs = 100;

// Bytes of a request that carry the test's key.
size_t keyBytes(size_t requestSize)
{
    return std::min<size_t>(8, requestSize);
}

// One accepted connection on the serving end.
struct Pending
{
    Fd fd;
    int64_t deadlineNs = 0;
    size_t got = 0;  // request bytes read
    size_t sent = 0; // response bytes written
    char key[8] = {};
};

enum class Step { Waiting, Answered, Foreign, Broken };

// Moves one connection on as far as its socket allows without blocking.
Step advance(Pending &c, size_t reqSize, const std::vector<char> &resp, size_t respSize, uint64_t key,
             std::vector<char> &scratch)
{
    while (c.got < reqSize) {
        const ssize_t n = ::recv(c.fd.get(), scratch.data(), std::min(scratch.size(), reqSize - c.got), MSG_DONTWAIT);
        if (n > 0) {
            if (c.got < 8)
                std::memcpy(c.key + c.got, scratch.data(), std::min<size_t>(8 - c.got, static_cast<size_t>(n)));
            c.got += static_cast<size_t>(n);
            if (c.got >= keyBytes(reqSize) && !datagramKeyMatches(c.key, reqSize, key))
                return Step::Foreign; // not this test's client: no answer
            continue;
        }
        if (n < 0 && (errno == EAGAIN || errno == EINTR))
            return Step::Waiting;
        return Step::Broken; // closed or reset before its whole request
    }
    while (c.sent < respSize) {
        const size_t at = c.sent % resp.size();
        const size_t len = std::min(resp.size() - at, respSize - c.sent);
        const ssize_t n = ::send(c.fd.get(), resp.data() + at, len, MSG_DONTWAIT | MSG_NOSIGNAL);
        if (n > 0) {
            c.sent += static_cast<size_t>(n);
            continue;
        }
        if (n < 0 && (errno == EAGAIN || errno == EINTR))
            return Step::Waiting;
        return Step::Broken;
    }
    return Step::Answered;
}

// The client's side of one connection. Every wait is bounded by the
// connection's deadline and watches the stop flag.
class ClientConnection
{
public:
    ClientConnection(TestRun &run, const ClientEnv &env, int64_t deadlineNs)
        : m_run(run), m_env(env), m_deadline(deadlineNs)
    {
    }

    // socket() to connected; false with *code and *error set.
    bool open(std::string *code, std::string *error)
    {
        m_fd = Fd(::socket(m_env.server.family(), SOCK_STREAM | SOCK_CLOEXEC, 0));
        if (!m_fd.valid())
            return fail(code, error, "socket_error", "cannot create a TCP socket: " + errnoText(errno));
        const int fd = m_fd.get();
        const timeval slice{0, kSliceMs * 1000};
        ::setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &slice, sizeof slice);
        ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &slice, sizeof slice);
        const DataBinding *from = m_env.source;
        if (from && !from->device.empty() && !bindToDevice(fd, from->device, error)) {
            *code = "bind_failed";
            return false;
        }
        if (from) {
            // The port is chosen at connect(), for this destination: a bind
            // alone would take one out of the whole range for each connection.
            const int one = 1;
            ::setsockopt(fd, IPPROTO_IP, IP_BIND_ADDRESS_NO_PORT, &one, sizeof one);
            SockAddr source = from->address;
            source.setPort(0);
            if (::bind(fd, source.get(), source.length) != 0)
                return fail(code, error, "bind_failed", "cannot send from " + source.host() + ": " + errnoText(errno));
        }
        if (!applySocketKnobs(fd, m_run.params(), true, error)) {
            *code = "invalid_message";
            return false;
        }
        if (::connect(fd, m_env.server.get(), m_env.server.length) == 0)
            return true;
        if (errno != EINPROGRESS && errno != EINTR && errno != EAGAIN)
            return fail(code, error, errno == EADDRNOTAVAIL ? "socket_error" : "connect_failed", connectError(errno));
        // The send timeout cut the wait short; the handshake goes on.
        const int64_t left = (m_deadline - nowNs()) / 1000000;
        if (left <= 0 || waitFd(fd, true, static_cast<int>(left), m_run.stopFlag()) <= 0)
            return fail(code, error, m_run.stopped() ? "cancelled" : "timeout", "timed out connecting to " + where());
        int soErr = 0;
        socklen_t len = sizeof soErr;
        ::getsockopt(fd, SOL_SOCKET, SO_ERROR, &soErr, &len);
        if (soErr)
            return fail(code, error, "connect_failed", connectError(soErr));
        return true;
    }

    bool sendAll(const char *buf, size_t len, std::string *code, std::string *error)
    {
        size_t done = 0;
        while (done < len) {
            const ssize_t n = ::send(m_fd.get(), buf + done, len - done, MSG_NOSIGNAL);
            if (n > 0) {
                done += static_cast<size_t>(n);
                continue;
            }
            if (n < 0 && (errno == EAGAIN || errno == EINTR) && !expired())
                continue;
            return fail(code, error, lostCode(n), "cannot send a request on connection "
                                                      + std::to_string(m_run.transactions.load() + 1) + ": "
                                                      + (n < 0 ? errnoText(errno) : std::string("closed")));
        }
        return true;
    }

    // Reads exactly `len` response bytes, then the server's close.
    bool readAnswer(std::vector<char> &buf, size_t len, std::string *code, std::string *error)
    {
        size_t done = 0;
        for (;;) {
            // One byte more than the answer: the close should come next.
            const size_t want = std::min(buf.size(), len - done + 1);
            const ssize_t n = ::recv(m_fd.get(), buf.data(), want, 0);
            if (n > 0) {
                done += static_cast<size_t>(n);
                if (done > len)
                    return fail(code, error, "verify_failed", "the server sent more than response_size_bytes");
                continue;
            }
            if (n == 0) {
                if (done == len)
                    return true;
                return fail(code, error, "peer_lost", "the server closed connection "
                                                          + std::to_string(m_run.transactions.load() + 1) + " after "
                                                          + std::to_string(done) + " of " + std::to_string(len)
                                                          + " response bytes");
            }
            if ((errno == EAGAIN || errno == EINTR) && !expired())
                continue;
            return fail(code, error, lostCode(n), "no answer on connection "
                                                      + std::to_string(m_run.transactions.load() + 1) + ": "
                                                      + (expired() ? timeoutText() : errnoText(errno)));
        }
    }

    int fd() const { return m_fd.get(); }
    void close() { m_fd.reset(); }

private:
    bool fail(std::string *code, std::string *error, const char *c, std::string message)
    {
        *code = c;
        *error = std::move(message);
        return false;
    }
    bool expired() const { return m_run.stopped() || nowNs() >= m_deadline; }
    const char *lostCode(ssize_t n) const
    {
        if (m_run.stopped())
            return "cancelled";
        return n < 0 && nowNs() >= m_deadline ? "timeout" : "peer_lost";
    }
    std::string timeoutText() const
    {
        return "connection_timeout_ms " + std::to_string(m_run.params().integer("connection_timeout_ms")) + " passed";
    }
    std::string where() const { return m_env.server.host() + " port " + std::to_string(m_env.server.port()); }
    std::string connectError(int err) const
    {
        std::string msg = "cannot connect to " + where() + " (connection "
                          + std::to_string(m_run.transactions.load() + 1) + "): " + errnoText(err);
        if (err == EADDRNOTAVAIL)
            msg += " (no local port left: the ephemeral range is taken, by TIME_WAIT connections among others)";
        return msg;
    }

    TestRun &m_run;
    const ClientEnv &m_env;
    int64_t m_deadline;
    Fd m_fd;
};

} // namespace

Outcome TcpConnectRateTest::serve(TestRun &run, ServerEnv &env)
{
    const TestParams &p = run.params();
    const size_t reqSize = static_cast<size_t>(p.integer("request_size_bytes", 1));
    const size_t respSize = static_cast<size_t>(p.integer("response_size_bytes", 1));
    const int64_t timeoutNs = p.integer("connection_timeout_ms", 2000) * 1000000;
    const int listener = env.listener;
    // Accepts may come in a burst; a non-blocking listener takes them until
    // there are no more (and restores its flags for the standalone loop).
    const int listenFlags = ::fcntl(listener, F_GETFL);
    ::fcntl(listener, F_SETFL, listenFlags | O_NONBLOCK);
    struct RestoreFlags
    {
        int fd, flags;
        ~RestoreFlags() { ::fcntl(fd, F_SETFL, flags); }
    } restore{listener, listenFlags};

    std::vector<char> resp(std::min<size_t>(respSize, 256 * 1024), 'r');
    std::vector<char> scratch(std::min<size_t>(reqSize, 256 * 1024));
    std::string err;
    // The knobs go on each connection; one the host cannot set is refused
    // now, before the test, not at the first connection.
    if (p.has("congestion_control") && !checkCongestionControl(p.text("congestion_control"), &err))
        return Outcome::fail("invalid_message", err);
    if (!env.sendOk({}, &err))
        return Outcome::fail("peer_lost", err);
    run.begin(env.interface, TestRun::LiveConnections);
    std::vector<Pending> conns;
    std::vector<pollfd> fds;
    uint64_t count = 0, accepted = 0, foreign = 0, broken = 0, timedOut = 0, evicted = 0;
    int64_t clientCount = -1;
    bool knobsRecorded = false;
    auto finishOne = [&](Pending &c, Step s) {
        switch (s) {
        case Step::Answered:
            ++count;
            run.transactions.fetch_add(1, std::memory_order_relaxed);
            if (!knobsRecorded) {
                run.extra()["socket_options"] = appliedSocketKnobs(c.fd.get(), true);
                knobsRecorded = true;
            }
            break;
        case Step::Foreign:
            ++foreign;
            break;
        case Step::Broken:
            ++broken;
            break;
        case Step::Waiting:
            return false;
        }
        c.fd.reset(); // the serving end closes first
        return true;
    };
    for (;;) {
        if (run.stopped())
            return Outcome::fail("cancelled", "stopped");
        const int64_t now = nowNs();
        int64_t wake = now + 100000000; // the stop flag every 100 ms
        std::erase_if(conns, [&](const Pending &c) {
            if (now < c.deadlineNs)
                return false;
            ++timedOut; // silent, or too slow to take its answer
            return true;
        });
        fds.clear();
        fds.push_back({env.chan.fd(), POLLIN, 0});
        fds.push_back({listener, POLLIN, 0});
        for (const Pending &c : conns) {
            fds.push_back({c.fd.get(), static_cast<short>(c.got < reqSize ? POLLIN : POLLOUT), 0});
            wake = std::min(wake, c.deadlineNs);
        }
        const int r = ::poll(fds.data(), fds.size(), static_cast<int>(std::max<int64_t>(0, (wake - now) / 1000000)));
        if (r < 0 && errno != EINTR)
            return Outcome::fail("socket_error", "waiting for connections failed: " + errnoText(errno));
        if (r <= 0)
            continue;
        if (fds[0].revents && env.chan.lineReady()) {
            auto line = env.chan.readLine(1000, &err);
            if (!line)
                return Outcome::fail("peer_lost", "the client went away: " + err);
            if ((*line)["done"].asBool()) {
                clientCount = (*line)["transactions"].asInt(-1);
                break;
            }
        }
        // Connections first: their indexes in fds follow `conns` as polled.
        const size_t polled = conns.size();
        for (size_t i = 0; i < polled; ++i) {
            if (fds[i + 2].revents)
                finishOne(conns[i], advance(conns[i], reqSize, resp, respSize, env.key, scratch));
        }
        std::erase_if(conns, [](const Pending &c) { return !c.fd.valid(); });
        if (fds[1].revents & POLLIN) {
            // One per wake-up: the client has one connection open at a time,
            // so a second accept would only say EAGAIN; more waiting ones
            // wake the next poll at once.
            Fd c(::accept4(listener, nullptr, nullptr, SOCK_CLOEXEC | SOCK_NONBLOCK));
            if (c.valid()) {
                ++accepted;
                if (!applySocketKnobs(c.get(), p, true, &err))
                    return Outcome::fail("socket_error", err);
                if (conns.size() >= kMaxPendingConnections) {
                    ++evicted; // the oldest gives way: it has had the longest
                    conns.erase(conns.begin());
                }
                conns.push_back({std::move(c), nowNs() + timeoutNs, 0, 0, {}});
                // The request is often there already: no poll round for it.
                if (finishOne(conns.back(), advance(conns.back(), reqSize, resp, respSize, env.key, scratch)))
                    conns.pop_back();
            }
        }
    }
    run.end();
    const double elapsed = run.elapsedS();
    run.metric("connections_per_s", elapsed > 0 ? static_cast<double>(count) / elapsed : 0.0);
    run.addHostMetrics(0, static_cast<double>(count));
    json::Value &x = run.extra();
    x["transactions"] = count;
    x["accepted_connections"] = accepted;
    x["foreign_connections"] = foreign;
    x["broken_connections"] = broken;
    x["timed_out_connections"] = timedOut + conns.size();
    x["evicted_connections"] = evicted;
    x["client_transactions"] = clientCount;
    json::Value stats;
    stats["transactions"] = count;
    stats["foreign_connections"] = foreign;
    stats["timed_out_connections"] = timedOut + conns.size();
    return sendStats(run, env, stats);
}

Outcome TcpConnectRateTest::run(TestRun &run, ClientEnv &env)
{
    const TestParams &p = run.params();
    const size_t reqSize = static_cast<size_t>(p.integer("request_size_bytes", 1));
    const size_t respSize = static_cast<size_t>(p.integer("response_size_bytes", 1));
    const uint64_t limit = static_cast<uint64_t>(p.integer("transactions", 0));
    const int64_t timeoutNs = p.integer("connection_timeout_ms", 2000) * 1000000;
    std::vector<char> req(reqSize, 'q');
    std::memcpy(req.data(), &env.key, keyBytes(reqSize));
    std::vector<char> resp(std::min<size_t>(respSize + 1, 256 * 1024));
    LatencyHistogram hist;
    std::string code, err;
    bool knobsRecorded = false;
    run.begin(env.interface, TestRun::LiveConnections);
    const int64_t end = run.beginNs() + static_cast<int64_t>(p.number("duration_s", 10) * 1e9);
    while (!run.stopped()) {
        const int64_t t0 = nowNs();
        if (t0 >= end || (limit && hist.count() >= limit))
            break;
        ClientConnection c(run, env, t0 + timeoutNs);
        if (!c.open(&code, &err) || !c.sendAll(req.data(), reqSize, &code, &err)
            || !c.readAnswer(resp, respSize, &code, &err)) {
            if (run.stopped())
                break;
            return Outcome::fail(code, err);
        }
        if (!knobsRecorded) {
            run.extra()["socket_options"] = appliedSocketKnobs(c.fd(), true);
            knobsRecorded = true;
        }
        c.close();
        hist.record(nowNs() - t0);
        run.transactions.fetch_add(1, std::memory_order_relaxed);
    }
    run.end();
    if (run.stopped())
        return Outcome::fail("cancelled", "stopped");
    json::Value done;
    done["done"] = true;
    done["transactions"] = hist.count();
    if (!env.chan.sendLine(done, &err))
        return Outcome::fail("peer_lost", "cannot tell the server the test is over: " + err);
    const double elapsed = run.elapsedS();
    const auto count = static_cast<double>(hist.count());
    run.metric("connections_per_s", elapsed > 0 ? count / elapsed : 0.0);
    addLatencyMetrics(run, hist);
    run.addHostMetrics(0, count);
    run.extra()["transactions"] = hist.count();
    run.extra()["histogram_bytes"] = hist.memoryBytes();
    json::Value stats;
    Outcome o = readStats(run, env, &stats);
    if (!o.ok())
        return o;
    run.extra()["server_transactions"] = stats["transactions"];
    if (static_cast<uint64_t>(stats["transactions"].asInt(-1)) != hist.count())
        return Outcome::fail("verify_failed", "the server answered " + json::serialize(stats["transactions"])
                                                  + " connections but " + std::to_string(hist.count())
                                                  + " completed here");
    return {};
}

} // namespace wb::agent
