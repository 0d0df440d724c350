// SPDX-License-Identifier: GPL-3.0-or-later
#include "netutil.h"

#include "clock.h"

#include <arpa/inet.h>
#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <linux/sock_diag.h>
#include <net/if.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/random.h>
#include <unistd.h>

namespace wb::agent {

int SockAddr::port() const
{
    if (family() == AF_INET)
        return ntohs(reinterpret_cast<const sockaddr_in *>(&storage)->sin_port);
    if (family() == AF_INET6)
        return ntohs(reinterpret_cast<const sockaddr_in6 *>(&storage)->sin6_port);
    return 0;
}

void SockAddr::setPort(int p)
{
    if (family() == AF_INET)
        reinterpret_cast<sockaddr_in *>(&storage)->sin_port = htons(static_cast<uint16_t>(p));
    else if (family() == AF_INET6)
        reinterpret_cast<sockaddr_in6 *>(&storage)->sin6_port = htons(static_cast<uint16_t>(p));
}

std::string SockAddr::host() const
{
    char buf[INET6_ADDRSTRLEN] = {};
    if (family() == AF_INET)
        ::inet_ntop(AF_INET, &reinterpret_cast<const sockaddr_in *>(&storage)->sin_addr, buf, sizeof buf);
    else if (family() == AF_INET6)
        ::inet_ntop(AF_INET6, &reinterpret_cast<const sockaddr_in6 *>(&storage)->sin6_addr, buf, sizeof buf);
    std::string text = buf;
    // A link-local address means nothing without its interface: say which.
    if (const unsigned scope = scopeId(); scope != 0) {
        char name[IF_NAMESIZE] = {};
        text += '%';
        text += ::if_indextoname(scope, name) ? std::string(name) : std::to_string(scope);
    }
    return text;
}

unsigned SockAddr::scopeId() const
{
    return family() == AF_INET6 ? reinterpret_cast<const sockaddr_in6 *>(&storage)->sin6_scope_id : 0;
}

void SockAddr::setScopeId(unsigned scope)
{
    if (family() == AF_INET6)
        reinterpret_cast<sockaddr_in6 *>(&storage)->sin6_scope_id = scope;
}

bool SockAddr::isLinkLocal6() const
{
    return family() == AF_INET6 && IN6_IS_ADDR_LINKLOCAL(&reinterpret_cast<const sockaddr_in6 *>(&storage)->sin6_addr);
}

bool SockAddr::sameHost(const SockAddr &o) const
{
    if (family() != o.family())
        return false;
    if (family() == AF_INET)
        return reinterpret_cast<const sockaddr_in *>(&storage)->sin_addr.s_addr
               == reinterpret_cast<const sockaddr_in *>(&o.storage)->sin_addr.s_addr;
    if (family() == AF_INET6)
        return std::memcmp(&reinterpret_cast<const sockaddr_in6 *>(&storage)->sin6_addr,
                           &reinterpret_cast<const sockaddr_in6 *>(&o.storage)->sin6_addr, sizeof(in6_addr))
               == 0;
    return false;
}

bool SockAddr::operator==(const SockAddr &o) const
{
    return sameHost(o) && port() == o.port();
}

bool parseAddress(const std::string &host, int port, SockAddr &out)
{
    out = SockAddr{};
    if (port < 0 || port > 65535)
        return false;
    auto *a4 = reinterpret_cast<sockaddr_in *>(&out.storage);
    if (host.empty()) {
        a4->sin_family = AF_INET;
        a4->sin_addr.s_addr = htonl(INADDR_ANY);
        a4->sin_port = htons(static_cast<uint16_t>(port));
        out.length = sizeof(sockaddr_in);
        return true;
    }
    if (::inet_pton(AF_INET, host.c_str(), &a4->sin_addr) == 1) {
        a4->sin_family = AF_INET;
        a4->sin_port = htons(static_cast<uint16_t>(port));
        out.length = sizeof(sockaddr_in);
        return true;
    }
    // IPv6, with an optional zone: "fe80::1%eth0" or "fe80::1%2".
    const size_t percent = host.find('%');
    const std::string literal = host.substr(0, percent);
    unsigned scope = 0;
    if (percent != std::string::npos) {
        const std::string zone = host.substr(percent + 1);
        if (zone.empty() || zone.size() >= IF_NAMESIZE)
            return false;
        if (zone.find_first_not_of("0123456789") == std::string::npos)
            scope = static_cast<unsigned>(std::stoul(zone));
        else
            scope = ::if_nametoindex(zone.c_str());
        if (scope == 0)
            return false; // no such interface here
    }
    auto *a6 = reinterpret_cast<sockaddr_in6 *>(&out.storage);
    if (::inet_pton(AF_INET6, literal.c_str(), &a6->sin6_addr) == 1) {
        a6->sin6_family = AF_INET6;
        a6->sin6_port = htons(static_cast<uint16_t>(port));
        a6->sin6_scope_id = scope;
        out.length = sizeof(sockaddr_in6);
        return true;
    }
    out = SockAddr{};
    return false;
}

bool validIpLiteral(const std::string &host)
{
    SockAddr a;
    return !host.empty() && host.size() < 64 && parseAddress(host, 0, a);
}

void Fd::reset(int fd)
{
    if (m_fd >= 0)
        ::close(m_fd);
    m_fd = fd;
}

std::string errnoText(int err)
{
    char buf[128];
    return ::strerror_r(err, buf, sizeof buf);
}

bool bindToDevice(int fd, const std::string &device, std::string *error)
{
    if (::setsockopt(fd, SOL_SOCKET, SO_BINDTODEVICE, device.c_str(), static_cast<socklen_t>(device.size())) != 0) {
        *error = "cannot bind the socket to device " + device + " (SO_BINDTODEVICE needs CAP_NET_RAW): "
            + errnoText(errno);
        return false;
    }
    return true;
}

Fd listenTcp(const SockAddr &addr, std::string *error, const std::string &device, int *bindErrno)
{
    Fd fd(::socket(addr.family(), SOCK_STREAM | SOCK_CLOEXEC, 0));
    if (!fd.valid()) {
        *error = "cannot create a TCP socket: " + errnoText(errno);
        return {};
    }
    int one = 1;
    ::setsockopt(fd.get(), SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    if (!device.empty() && !bindToDevice(fd.get(), device, error))
        return {};
    if (::bind(fd.get(), addr.get(), addr.length) != 0) {
        if (bindErrno)
            *bindErrno = errno;
        *error = "cannot bind " + addr.host() + " port " + std::to_string(addr.port()) + ": " + errnoText(errno);
        return {};
    }
    if (::listen(fd.get(), 8) != 0) {
        *error = "cannot listen: " + errnoText(errno);
        return {};
    }
    return fd;
}

Fd bindUdp(const SockAddr &addr, std::string *error, const std::string &device, int *bindErrno)
{
    Fd fd(::socket(addr.family(), SOCK_DGRAM | SOCK_CLOEXEC, 0));
    if (!fd.valid()) {
        *error = "cannot create a UDP socket: " + errnoText(errno);
        return {};
    }
    if (!device.empty() && !bindToDevice(fd.get(), device, error))
        return {};
    if (::bind(fd.get(), addr.get(), addr.length) != 0) {
        if (bindErrno)
            *bindErrno = errno;
        *error = "cannot bind UDP " + addr.host() + " port " + std::to_string(addr.port()) + ": " + errnoText(errno);
        return {};
    }
    return fd;
}

Fd connectTcp(const SockAddr &to, int timeoutMs, const std::atomic<bool> &stop, std::string *error,
              const SockAddr *from, const std::string &device,
              const std::function<bool(int fd, std::string *error)> &prepare)
{
    Fd fd(::socket(to.family(), SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0));
    if (!fd.valid()) {
        *error = "cannot create a TCP socket: " + errnoText(errno);
        return {};
    }
    if (!device.empty() && !bindToDevice(fd.get(), device, error))
        return {};
    if (prepare && !prepare(fd.get(), error))
        return {};
    if (from && ::bind(fd.get(), from->get(), from->length) != 0) {
        *error = "cannot send from " + from->host() + ": " + errnoText(errno);
        return {};
    }
    const std::string where = to.host() + " port " + std::to_string(to.port());
    if (::connect(fd.get(), to.get(), to.length) != 0) {
        if (errno != EINPROGRESS) {
            *error = "cannot connect to " + where + ": " + errnoText(errno);
            return {};
        }
        const int r = waitFd(fd.get(), true, timeoutMs, stop);
        if (r <= 0) {
            *error = stop ? "stopped while connecting to " + where : "timed out connecting to " + where;
            return {};
        }
        int soErr = 0;
        socklen_t len = sizeof soErr;
        ::getsockopt(fd.get(), SOL_SOCKET, SO_ERROR, &soErr, &len);
        if (soErr != 0) {
            *error = "cannot connect to " + where + ": " + errnoText(soErr);
            return {};
        }
    }
    const int flags = ::fcntl(fd.get(), F_GETFL);
    ::fcntl(fd.get(), F_SETFL, flags & ~O_NONBLOCK);
    return fd;
}

SockAddr localAddress(int fd)
{
    SockAddr a;
    a.length = sizeof a.storage;
    if (::getsockname(fd, a.get(), &a.length) != 0)
        a = SockAddr{};
    return a;
}

SockAddr peerAddress(int fd)
{
    SockAddr a;
    a.length = sizeof a.storage;
    if (::getpeername(fd, a.get(), &a.length) != 0)
        a = SockAddr{};
    return a;
}

int waitFd(int fd, bool forWrite, int timeoutMs, const std::atomic<bool> &stop)
{
    const int64_t deadline = nowNs() + static_cast<int64_t>(timeoutMs) * 1000000;
    for (;;) {
        if (stop.load(std::memory_order_relaxed))
            return 0;
        // A deadline that has already passed (callers pass what is left of
        // theirs, which can be negative) is one last look, never poll(-1).
        const int64_t left = std::max<int64_t>(0, (deadline - nowNs()) / 1000000);
        pollfd p{fd, static_cast<short>(forWrite ? POLLOUT : POLLIN), 0};
        const int r = ::poll(&p, 1, static_cast<int>(std::min<int64_t>(left, 100)));
        if (r < 0) {
            if (errno == EINTR)
                continue;
            return -1;
        }
        if (r > 0)
            return 1;
        if (left <= 0)
            return 0;
    }
}

bool readExact(int fd, void *buf, size_t len, int timeoutMs, const std::atomic<bool> &stop, std::string *error)
{
    auto *p = static_cast<char *>(buf);
    const int64_t deadline = nowNs() + static_cast<int64_t>(timeoutMs) * 1000000;
    size_t done = 0;
    while (done < len) {
        const int left = static_cast<int>((deadline - nowNs()) / 1000000);
        if (waitFd(fd, false, left, stop) <= 0) {
            *error = stop ? "stopped" : "timed out waiting for the peer";
            return false;
        }
        const ssize_t n = ::recv(fd, p + done, len - done, MSG_DONTWAIT);
        if (n == 0) {
            *error = "the peer closed the connection";
            return false;
        }
        if (n < 0) {
            if (errno == EINTR || errno == EAGAIN)
                continue;
            *error = "receive failed: " + errnoText(errno);
            return false;
        }
        done += static_cast<size_t>(n);
    }
    return true;
}

bool writeAll(int fd, const void *buf, size_t len, int timeoutMs, const std::atomic<bool> &stop, std::string *error)
{
    const auto *p = static_cast<const char *>(buf);
    const int64_t deadline = nowNs() + static_cast<int64_t>(timeoutMs) * 1000000;
    size_t done = 0;
    while (done < len) {
        const ssize_t n = ::send(fd, p + done, len - done, MSG_DONTWAIT | MSG_NOSIGNAL);
        if (n > 0) {
            done += static_cast<size_t>(n);
            continue;
        }
        if (n < 0 && errno != EAGAIN && errno != EINTR) {
            *error = "send failed: " + errnoText(errno);
            return false;
        }
        const int left = static_cast<int>((deadline - nowNs()) / 1000000);
        if (waitFd(fd, true, left, stop) <= 0) {
            *error = stop ? "stopped" : "timed out sending to the peer";
            return false;
        }
    }
    return true;
}

void setSocketBuffers(int fd, int64_t sendBytes, int64_t recvBytes)
{
    if (sendBytes > 0) {
        int v = static_cast<int>(sendBytes);
        // SO_SNDBUFFORCE lifts the wmem_max cap when we are root; fall back otherwise.
        if (::setsockopt(fd, SOL_SOCKET, SO_SNDBUFFORCE, &v, sizeof v) != 0)
            ::setsockopt(fd, SOL_SOCKET, SO_SNDBUF, &v, sizeof v);
    }
    if (recvBytes > 0) {
        int v = static_cast<int>(recvBytes);
        if (::setsockopt(fd, SOL_SOCKET, SO_RCVBUFFORCE, &v, sizeof v) != 0)
            ::setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &v, sizeof v);
    }
}

void setRecvTimeout(int fd, int ms)
{
    timeval tv{ms / 1000, (ms % 1000) * 1000};
    ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
}

void setNoDelay(int fd)
{
    int one = 1;
    ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
}

int socketBuffer(int fd, int option)
{
    int v = 0;
    socklen_t len = sizeof v;
    ::getsockopt(fd, SOL_SOCKET, option, &v, &len);
    return v;
}

int64_t socketDrops(int fd)
{
    uint32_t mem[SK_MEMINFO_VARS] = {};
    socklen_t len = sizeof mem;
    if (::getsockopt(fd, SOL_SOCKET, SO_MEMINFO, mem, &len) != 0 || len <= SK_MEMINFO_DROPS * sizeof(uint32_t))
        return -1;
    return mem[SK_MEMINFO_DROPS];
}

namespace {
using GetrandomFn = ssize_t (*)(void *, size_t, unsigned);
GetrandomFn g_getrandom = ::getrandom;
} // namespace

void setGetrandomForTest(ssize_t (*fn)(void *, size_t, unsigned))
{
    g_getrandom = fn ? fn : ::getrandom;
}

bool randomBytes(void *buf, size_t len, std::string *error)
{
    auto *p = static_cast<unsigned char *>(buf);
    size_t done = 0;
    while (done < len) {
        const ssize_t n = g_getrandom(p + done, len - done, 0);
        if (n > 0) {
            done += static_cast<size_t>(n);
            continue;
        }
        if (n < 0 && errno == EINTR)
            continue;
        // Tokens and keys are what keeps a stray sender out of a test: with no
        // kernel randomness there is nothing safe to make them from, so the
        // caller fails instead of guessing (a clock-seeded key is guessable).
        if (error)
            *error = "no random numbers from the kernel (getrandom: " + errnoText(n < 0 ? errno : EIO) + ")";
        std::memset(buf, 0, len);
        return false;
    }
    return true;
}

std::optional<std::string> randomToken(std::string *error)
{
    unsigned char b[16];
    if (!randomBytes(b, sizeof b, error))
        return std::nullopt;
    static const char kHex[] = "0123456789abcdef";
    std::string s;
    for (unsigned char c : b) {
        s += kHex[c >> 4];
        s += kHex[c & 15];
    }
    return s;
}

std::optional<uint64_t> randomKey(std::string *error)
{
    uint64_t k = 0;
    while (k == 0)
        if (!randomBytes(&k, sizeof k, error))
            return std::nullopt;
    return k;
}

bool isHexToken(const std::string &token)
{
    if (token.size() != 32)
        return false;
    for (char c : token)
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f')))
            return false;
    return true;
}

bool tokensEqual(const std::string &a, const std::string &b)
{
    if (a.size() != b.size())
        return false;
    unsigned char diff = 0;
    for (size_t i = 0; i < a.size(); ++i)
        diff |= static_cast<unsigned char>(a[i] ^ b[i]);
    return diff == 0;
}

} // namespace wb::agent
