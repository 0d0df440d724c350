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

namespace wb::agent {

class ServingEndpoint
{
public:
    // Binds the TCP listener (and, for UDP kinds, a datagram socket on the
    // same address) on `bind`:`port`; port 0 picks a free one.
    bool open(const std::string &bind, int port, bool udp, std::string *error);
    int port() const;
    int udpPort() const;
    Fd &udp() { return m_udp; }
    void close();

    // Waits for a connection that presents `token`, until idleTimeoutS or stop.
    // Others are closed unread beyond the token and counted.
    Outcome acceptClient(const std::string &token, double idleTimeoutS, const std::atomic<bool> &stop, Fd &conn);
    int rejectedConnections() const { return m_rejected; }
    // Standalone listener: keep the port open for the next test.
    void setKeepListening(bool keep) { m_keepListening = keep; }

private:
    bool m_keepListening = false;
    Fd m_listen;
    Fd m_udp;
    int m_rejected = 0;
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
};

// Serving end after acceptClient: reads the header, checks it against the
// kind and merges the params (interpretPeerHeader), then runs the kind.
Outcome serveTest(TestRun &run, const std::string &expectedKind, const json::Value &overrides, Fd &conn,
                  Fd &udp, std::string *kindOut = nullptr, const ServePolicy &policy = {});

// Running end: connects to `to`:`port`, presents the token, runs the kind.
Outcome runClientTest(TestRun &run, const std::string &to, int port, const std::string &token);

// Connect-time limits.
inline constexpr int kConnectTimeoutMs = 5000;
inline constexpr int kTokenTimeoutMs = 2000;
// Connections that have not shown their token yet, waited on at once.
inline constexpr size_t kMaxPendingConnections = 64;

} // namespace wb::agent
