// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// pktgen-style packet rate: minimum-size UDP datagrams (18 bytes of payload
// make a 64-byte Ethernet frame) in sendmmsg/recvmmsg batches at full speed
// or rate_pps, like udp_stream. With probe_rate_pps a low-rate probe stream
// runs beside the flood on its own sockets; the server echoes each probe and
// the client records their round trips (latency under load).

#include "udpstreamtest.h"

namespace wb::agent {

class PacketRateTest : public UdpStreamTest
{
public:
    Outcome serve(TestRun &run, ServerEnv &env) override;
    Outcome run(TestRun &run, ClientEnv &env) override;
};

} // namespace wb::agent
