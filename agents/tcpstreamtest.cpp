// SPDX-License-Identifier: GPL-3.0-or-later
#include "tcpstreamtest.h"

#include "clock.h"

#include <algorithm>
#include <cerrno>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
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

Outcome TcpStreamTest::serve(TestRun &run, ServerEnv &env)
{
    const TestParams &p = run.params();
    const int fd = env.chan.fd();
    setSocketBuffers(fd, 0, p.integer("recv_socket_bytes"));
    setRecvTimeout(fd, 100);
    std::string err;
    if (!env.sendOk({}, &err))
        return Outcome::fail("peer_lost", err);
    // Reads of 4 writes at a time: fewer system calls for the same bytes.
    const size_t chunk = static_cast<size_t>(std::clamp<int64_t>(4 * p.integer("message_size_bytes", 131072), 262144, 4 << 20));
    std::vector<char> buf(chunk);
    run.begin(env.interface, TestRun::LiveBytes);
    uint64_t total = 0;
    int64_t lastNs = 0;
    for (;;) {
        if (run.stopped())
            return Outcome::fail("cancelled", "stopped");
        const ssize_t n = ::recv(fd, buf.data(), buf.size(), 0);
        if (n > 0) {
            total += static_cast<uint64_t>(n);
            run.bytes.fetch_add(static_cast<uint64_t>(n), std::memory_order_relaxed);
            continue;
        }
        if (n == 0) {
            lastNs = nowNs();
            break;
        }
        if (errno == EAGAIN || errno == EINTR)
            continue;
        return Outcome::fail("peer_lost", "receive failed: " + errnoText(errno));
    }
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
    const TestParams &p = run.params();
    const int fd = env.chan.fd();
    setSocketBuffers(fd, p.integer("send_socket_bytes"), 0);
    timeval tv{0, 100000};
    ::setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
    const size_t size = static_cast<size_t>(p.integer("message_size_bytes", 131072));
    std::vector<char> buf(size);
    for (size_t i = 0; i < size; ++i)
        buf[i] = static_cast<char>('A' + i % 26);
    const int64_t retransBefore = tcpRetransmits(fd);
    run.begin(env.interface, TestRun::LiveBytes);
    const int64_t end = run.beginNs() + static_cast<int64_t>(p.number("duration_s", 10) * 1e9);
    uint64_t total = 0;
    size_t offset = 0; // a write cut short by the send timeout resumes here
    while (!run.stopped() && nowNs() < end) {
        const ssize_t n = ::send(fd, buf.data() + offset, size - offset, MSG_NOSIGNAL);
        if (n > 0) {
            total += static_cast<uint64_t>(n);
            run.bytes.fetch_add(static_cast<uint64_t>(n), std::memory_order_relaxed);
            offset = (offset + static_cast<size_t>(n)) % size;
            continue;
        }
        if (n < 0 && (errno == EAGAIN || errno == EINTR))
            continue;
        return Outcome::fail("peer_lost", "send failed: " + errnoText(errno));
    }
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

} // namespace wb::agent
