// SPDX-License-Identifier: GPL-3.0-or-later
#include "ethernetceiling.h"

#include <algorithm>

namespace wb {

double EthernetCeiling::maxFramesPerSecond(double linkBps, int frameBytes)
{
    const int onWire = std::max(frameBytes, kMinFrameBytes) + kPreambleBytes + kInterFrameGapBytes;
    return linkBps / (onWire * 8.0);
}

double EthernetCeiling::maxUdpGoodputBps(double linkBps, int frameBytes)
{
    const int payload = std::max(frameBytes, kMinFrameBytes) - kUdpOverheadBytes;
    return maxFramesPerSecond(linkBps, frameBytes) * payload * 8.0;
}

int EthernetCeiling::frameBytesForUdpPayload(int payloadBytes)
{
    return std::max(payloadBytes + kUdpOverheadBytes, kMinFrameBytes);
}

} // namespace wb
