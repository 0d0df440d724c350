// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Socket plumbing shared by every test kind: numeric addresses only (the
// controller resolves names), bounded waits that also watch a stop flag,
// and the random per-test tokens and keys.

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <sys/socket.h>
#include <sys/types.h>

namespace wb::agent {

struct SockAddr
{
    sockaddr_storage storage{};
    socklen_t length = 0;

    const sockaddr *get() const { return reinterpret_cast<const sockaddr *>(&storage); }
    sockaddr *get() { return reinterpret_cast<sockaddr *>(&storage); }
    int family() const { return storage.ss_family; }
    int port() const;
    void setPort(int port);
    std::string host() const; // with "%interface" for a scoped (link-local) IPv6 address
    unsigned scopeId() const;  // IPv6 zone (interface index); 0: none
    void setScopeId(unsigned scope);
    bool isLinkLocal6() const; // fe80::/10, which needs a zone to mean anything
    bool sameHost(const SockAddr &other) const;
    bool operator==(const SockAddr &other) const;
};

// Parses a numeric IPv4 or IPv6 address ("" means the IPv4 wildcard); an
// IPv6 one may carry its zone, "fe80::1%eth0" (an interface of this host) or
// "fe80::1%2" (an interface index).
bool parseAddress(const std::string &host, int port, SockAddr &out);
bool validIpLiteral(const std::string &host);

// An owned file descriptor.
class Fd
{
public:
    Fd() = default;
    explicit Fd(int fd) : m_fd(fd) {}
    ~Fd() { reset(); }
    Fd(Fd &&o) noexcept : m_fd(o.release()) {}
    Fd &operator=(Fd &&o) noexcept
    {
        if (this != &o)
            reset(o.release());
        return *this;
    }
    Fd(const Fd &) = delete;
    Fd &operator=(const Fd &) = delete;

    int get() const { return m_fd; }
    bool valid() const { return m_fd >= 0; }
    int release()
    {
        int fd = m_fd;
        m_fd = -1;
        return fd;
    }
    void reset(int fd = -1);

private:
    int m_fd = -1;
};

std::string errnoText(int err);

// Each returns an invalid Fd and sets *error on failure. `device`, when
// given, binds the socket to that interface first (SO_BINDTODEVICE);
// `bindErrno` gets the errno of a failed bind (EADDRINUSE: try another port).
Fd listenTcp(const SockAddr &addr, std::string *error, const std::string &device = {}, int *bindErrno = nullptr);
Fd bindUdp(const SockAddr &addr, std::string *error, const std::string &device = {}, int *bindErrno = nullptr);
// `from`, when given, is the local address (and port, 0: any) to send from;
// `prepare`, when given, sets options on the socket before it connects (an
// MSS goes into the SYN) and may refuse with *error.
Fd connectTcp(const SockAddr &to, int timeoutMs, const std::atomic<bool> &stop, std::string *error,
              const SockAddr *from = nullptr, const std::string &device = {},
              const std::function<bool(int fd, std::string *error)> &prepare = {});
// SO_BINDTODEVICE; needs CAP_NET_RAW (root) on the kernels we know.
bool bindToDevice(int fd, const std::string &device, std::string *error);
SockAddr localAddress(int fd);
SockAddr peerAddress(int fd);

// Waits until fd is readable (or writable). 1 ready, 0 timeout or stop, -1 error.
// A timeout of 0 or less looks once and does not wait.
int waitFd(int fd, bool forWrite, int timeoutMs, const std::atomic<bool> &stop);
// Reads or writes exactly len bytes within timeoutMs overall.
bool readExact(int fd, void *buf, size_t len, int timeoutMs, const std::atomic<bool> &stop, std::string *error);
bool writeAll(int fd, const void *buf, size_t len, int timeoutMs, const std::atomic<bool> &stop, std::string *error);

void setSocketBuffers(int fd, int64_t sendBytes, int64_t recvBytes);
void setRecvTimeout(int fd, int ms);
void setNoDelay(int fd);
int socketBuffer(int fd, int option); // SO_SNDBUF / SO_RCVBUF as the kernel reports it
// The kernel's count of datagrams dropped at this socket (SO_MEMINFO).
int64_t socketDrops(int fd);

// From the kernel (getrandom) only; false with *error set when it has none.
bool randomBytes(void *buf, size_t len, std::string *error);
std::optional<std::string> randomToken(std::string *error); // 32 lower-case hex digits
std::optional<uint64_t> randomKey(std::string *error);      // never 0
// Tests replace getrandom to see the agent refuse to go on without it (null restores).
void setGetrandomForTest(ssize_t (*fn)(void *, size_t, unsigned));
bool isHexToken(const std::string &token);
bool tokensEqual(const std::string &a, const std::string &b); // constant time

} // namespace wb::agent
