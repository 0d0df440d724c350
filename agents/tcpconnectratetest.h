// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// netperf TCP_CRR: for the duration (or a count) the client opens a new TCP
// connection to the test's listener, sends request_size_bytes, reads the
// response_size_bytes answer and the server's close, and closes; each whole
// connection is one transaction in connections_per_s, and its time from
// socket() to close() goes into a LatencyHistogram. The serving end closes
// first, so the TIME_WAIT states are its own and the client's port range
// does not run out.
//
// The serving end accepts on the one listening socket of the test, and only
// for the test: every connection has connection_timeout_ms to deliver its
// request and take its answer, at most kMaxPendingConnections wait at once
// (the oldest gives way), and a request that does not open with the test's
// key (its first bytes, up to 8) is closed unanswered and counted, never a
// transaction. So a peer that connects and stays silent, or floods the
// port, costs one slot for a bounded time and cannot hold the test.

#include "testkind.h"

namespace wb::agent {

class TcpConnectRateTest : public TestKind
{
public:
    bool opensConnections() const override { return true; }
    Outcome serve(TestRun &run, ServerEnv &env) override;
    Outcome run(TestRun &run, ClientEnv &env) override;
};

} // namespace wb::agent
