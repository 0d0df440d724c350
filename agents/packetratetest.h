// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// pktgen-style packet rate: minimum-size UDP datagrams (18 bytes of payload
// make a 64-byte Ethernet frame) in sendmmsg/recvmmsg batches at full speed
// or rate_pps, like udp_stream. With probe_rate_pps a low-rate probe stream
// runs in the opposite direction on its own sockets: the serving end sends
// timestamped probes to the client, the client echoes them, and the serving
// end records their round trips (latency while the flood runs).
// With direction reverse the server floods and the client counts (the
// client still controls the test); bidirectional floods both ways at once,
// the reverse figures under reverse_ names (testflows.h). Drops are what
// the sender sent and never arrived, per direction.

#include "netutil.h"
#include "udpstreamtest.h"

namespace wb::agent {

class PacketRateTest : public UdpStreamTest
{
public:
    Outcome prepareClient(TestRun &run, json::Value &header) override;
    Outcome serve(TestRun &run, ServerEnv &env) override;
    Outcome run(TestRun &run, ClientEnv &env) override;

private:
    Fd m_probe; // client: where probes arrive and are echoed from
};

} // namespace wb::agent
