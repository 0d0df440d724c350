// SPDX-License-Identifier: GPL-3.0-or-later
#include "ethernetceiling.h"

#include <algorithm>

namespace wb::ethernet {

namespace {
constexpr int kUdpHeaderBytes = 8;
constexpr int kTcpHeaderBytes = 20;
} // namespace

int ipHeaderBytes(int ipVersion)
{
    return ipVersion == 6 ? 40 : 20;
}

int udpOverheadBytes(int ipVersion)
{
    return kHeaderBytes + ipHeaderBytes(ipVersion) + kUdpHeaderBytes + kFcsBytes;
}

int tcpOverheadBytes(int ipVersion)
{
    return kHeaderBytes + ipHeaderBytes(ipVersion) + kTcpHeaderBytes + kFcsBytes;
}

int maxFrameForMtu(int mtuBytes)
{
    return mtuBytes + kHeaderBytes + kFcsBytes;
}

int mtuForFrame(int frameBytes)
{
    return frameBytes - kHeaderBytes - kFcsBytes;
}

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

int udpPayloadForFrame(int frameBytes, int ipVersion)
{
    return std::max(0, paddedFrame(frameBytes) - udpOverheadBytes(ipVersion));
}

int frameForUdpPayload(int payloadBytes, int ipVersion)
{
    return paddedFrame(std::max(0, payloadBytes) + udpOverheadBytes(ipVersion));
}

int frameForTcpPayload(int payloadBytes, int tcpOptionBytes, int ipVersion)
{
    return paddedFrame(std::max(0, payloadBytes) + tcpOverheadBytes(ipVersion) + std::max(0, tcpOptionBytes));
}

double udpGoodputBps(double linkBps, int frameBytes, int ipVersion)
{
    return maxFrameRate(linkBps, frameBytes) * 8.0 * udpPayloadForFrame(frameBytes, ipVersion);
}

double udpGoodputForPayloadBps(double linkBps, int payloadBytes, int ipVersion)
{
    // A small payload still costs a padded minimum frame.
    return maxFrameRate(linkBps, frameForUdpPayload(payloadBytes, ipVersion)) * 8.0 * std::max(0, payloadBytes);
}

double tcpGoodputBps(double linkBps, int mtuBytes, int ipVersion)
{
    const int frame = maxFrameForMtu(mtuBytes);
    return maxFrameRate(linkBps, frame) * 8.0 * std::max(0, frame - tcpOverheadBytes(ipVersion));
}

double percentOfLineRate(double measuredBps, double linkBps, int payloadBytes, int ipVersion)
{
    const double ceiling = udpGoodputForPayloadBps(linkBps, payloadBytes, ipVersion);
    return ceiling > 0 ? 100.0 * measuredBps / ceiling : 0.0;
}

} // namespace wb::ethernet
