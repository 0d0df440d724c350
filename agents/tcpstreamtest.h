// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Bulk TCP (netperf TCP_STREAM): the client writes message_size_bytes
// buffers for the duration on the test connection, the server reads until
// end of stream. Throughput at both ends; retransmits from TCP_INFO.

#include "testkind.h"

namespace wb::agent {

class TcpStreamTest : public TestKind
{
public:
    Outcome serve(TestRun &run, ServerEnv &env) override;
    Outcome run(TestRun &run, ClientEnv &env) override;
};

// Total retransmitted segments of a TCP socket (TCP_INFO), or -1.
int64_t tcpRetransmits(int fd);

} // namespace wb::agent
