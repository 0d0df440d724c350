// SPDX-License-Identifier: GPL-3.0-or-later
#include "ethernetceiling.h"

#include <algorithm>

namespace wb::ethernet {

int paddedFrame(int frameBytes)
{
    return std::max(frameBytes, kMinFrameBytes);
}

int wireBytes(int frameBytes)
{
    return paddedFrame(frameBytes) + kPreambleBytes + kInterFrameGapBytes;
}

double maxFrameRate(double linkBps, int frameBytes)
{
    return linkBps / (8.0 * wireBytes(frameBytes));
}

int udpPayloadForFrame(int frameBytes)
{
    return std::max(0, paddedFrame(frameBytes) - kUdpOverheadBytes);
}

int frameForUdpPayload(int payloadBytes)
{
    return paddedFrame(std::max(0, payloadBytes) + kUdpOverheadBytes);
}

int frameForTcpPayload(int payloadBytes, int tcpOptionBytes)
{
    return paddedFrame(std::max(0, payloadBytes) + kTcpOverheadBytes + std::max(0, tcpOptionBytes));
}

double udpGoodputBps(double linkBps, int frameBytes)
{
    return maxFrameRate(linkBps, frameBytes) * 8.0 * udpPayloadForFrame(frameBytes);
}

double udpGoodputForPayloadBps(double linkBps, int payloadBytes)
{
    // A small payload still costs a padded minimum frame.
    return maxFrameRate(linkBps, frameForUdpPayload(payloadBytes)) * 8.0 * std::max(0, payloadBytes);
}

double percentOfLineRate(double measuredBps, double linkBps, int payloadBytes)
{
    const double ceiling = udpGoodputForPayloadBps(linkBps, payloadBytes);
    return ceiling > 0 ? 100.0 * measuredBps / ceiling : 0.0;
}

} // namespace wb::ethernet
