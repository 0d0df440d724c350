// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Connecting the two ends of a test. The serving end listens on the address
// it was asked for, drops any connection that does not open with the test's
// token (reading nothing further from it), then exchanges headers; the
// running end connects, presents the token and its header. After that the
// TestKind measures.

#include "netutil.h"
#include "peerheader.h"
#include "testkind.h"

#include <atomic>
#include <string>
#include <vector>

namespace wb::agent {

// Where one end's data sockets go, resolved on this host from what the
// controller asked. Only this host's own addresses (or the wildcard) get
// here: a peer cannot make the agent bind anything else.
struct DataBinding
{
    SockAddr address;   // port 0
    std::string device; // SO_BINDTODEVICE to this interface, or empty
    bool wildcard = false;
};

// The serving end: `bind` (numeric, may be empty), else the address of
// `interface` of `family` (AF_UNSPEC: IPv4 first), else the wildcard of
// `family`. A given bind must be this host's (and on `interface`, if named).
bool resolveServeBinding(const std::string &bind, int family, const std::string &interface, bool device,
                         DataBinding &out, std::string *error);
// The running end, sending to `to`: `bind` (this host's), else the address
// of `interface` of to's family; false in *bound: the kernel chooses.
bool resolveClientBinding(const std::string &bind, const SockAddr &to, const std::string &interface, bool device,
                          DataBinding &out, bool *bound, std::string *error);

class ServingEndpoint
{
public:
    // Binds the TCP listener (and, for UDP kinds, a datagram socket on the
    // same address) on `bind`:`port`; port 0 picks a free one.
    bool open(const std::string &bind, int port, bool udp, std::string *error);
    // The same on a resolved binding. With a range (portMin > 0) both
    // sockets take the first port in it that is free for both; every port
    // busy is an error naming the range. The search is bounded by the range.
    bool open(const DataBinding &binding, int port, int portMin, int portMax, bool udp, std::string *error);
    int port() const;
    int udpPort() const;
    // The listening socket while it is open (see setKeepListening), else -1.
    int listenFd() const { return m_listen.get(); }
    std::string address() const; // the address listened on
    Fd &udp() { return m_udp; }
    void close();

    // Waits for a connection that presents `token`, until idleTimeoutS or stop.
    // Others are closed unread beyond the token and counted.
    Outcome acceptClient(const std::string &token, double idleTimeoutS, const std::atomic<bool> &stop, Fd &conn);
    int rejectedConnections() const { return m_rejected; }
    // Keep the port open once the client has arrived: for the standalone
    // listener's next test, or for a kind that accepts a connection per
    // transaction (tcp_crr) until close() at the end of its test.
    void setKeepListening(bool keep) { m_keepListening = keep; }
    // The listener stays open after the client's control connection only
    // while the test accepts its own further data connections (streams,
    // reverse flows: testflows.h); this ends that, unless standalone.
    void stopListening();

private:
    // A connection that has not shown its token yet.
    struct Pending
    {
        Fd fd;
        int64_t deadlineNs = 0;
        std::string got;
    };
    bool m_keepListening = false;
    Fd m_listen;
    Fd m_udp;
    int m_rejected = 0;
    // Kept between calls, so the data connections of one test that arrive
    // together all get their turn.
    std::vector<Pending> m_pending;
};

// What the serving end allows beyond its own parameters.
struct ServePolicy
{
    // Standalone listener: the peer may choose sink devnull or file, and a
    // file goes into `privateDir` and is removed after the test (refused
    // when the listener could not make one; `privateDirError` says why).
    bool standalone = false;
    std::string privateDir;
    std::string privateDirError;
    // The test's listening socket, kept open, for a kind that accepts a
    // connection per transaction (TestKind::opensConnections); -1: none.
    int listener = -1;
};

// Serving end after acceptClient: reads the header, checks it against the
// kind and merges the params (interpretPeerHeader), then runs the kind.
// `endpoint` (its listener still open) and `token` let the kind accept the
// test's further data connections; without them it has only this one.
Outcome serveTest(TestRun &run, const std::string &expectedKind, const json::Value &overrides, Fd &conn,
                  Fd &udp, std::string *kindOut = nullptr, const ServePolicy &policy = {},
                  ServingEndpoint *endpoint = nullptr, const std::string &token = {});

// Running end: connects to `to`:`port` (from `source` when given),
// presents the token, runs the kind.
Outcome runClientTest(TestRun &run, const std::string &to, int port, const std::string &token,
                      const DataBinding *source = nullptr);

// Connect-time limits.
inline constexpr int kConnectTimeoutMs = 5000;
inline constexpr int kTokenTimeoutMs = 2000;
// Connections that have not shown their token yet, waited on at once.
inline constexpr size_t kMaxPendingConnections = 64;

} // namespace wb::agent
