// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Bulk TCP (netperf TCP_STREAM): the client writes message_size_bytes
// buffers for the duration on the test connection, the server reads until
// end of stream. Throughput at both ends; retransmits from TCP_INFO.
// With `streams` > 1 or `direction` reverse/bidirectional every flow has a
// connection of its own (testflows.h) and the sender of each flow is the
// end its direction names; the figures are summed per direction and listed
// per stream in extra.streams.

#include "testkind.h"

namespace wb::agent {

class TcpStreamTest : public TestKind
{
public:
    bool acceptsDataConnections(const TestParams &params) const override;
    Outcome serve(TestRun &run, ServerEnv &env) override;
    Outcome run(TestRun &run, ClientEnv &env) override;

private:
    Outcome serveFlows(TestRun &run, ServerEnv &env);
    Outcome runFlows(TestRun &run, ClientEnv &env);
};

// Total retransmitted segments of a TCP socket (TCP_INFO), or -1.
int64_t tcpRetransmits(int fd);

} // namespace wb::agent
