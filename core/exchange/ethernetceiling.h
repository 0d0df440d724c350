// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What the wire allows: the maximum frame rate and UDP goodput of an
// Ethernet link for a frame size (line rate over frame + 8 bytes preamble and
// SFD + 12 bytes inter-frame gap), so a chart can show how close a result is
// to the wire. resources/baselines/ceilings-ethernet.json holds the same
// figures for the standard sizes; a test keeps them equal.

namespace wb {

struct EthernetCeiling
{
    static constexpr int kPreambleBytes = 8; // preamble + start frame delimiter
    static constexpr int kInterFrameGapBytes = 12;
    static constexpr int kMinFrameBytes = 64;   // including the 4-byte FCS
    static constexpr int kUdpOverheadBytes = 46; // Ethernet 14 + FCS 4 + IPv4 20 + UDP 8

    // Frames per second at line rate; frames shorter than the minimum are padded.
    static double maxFramesPerSecond(double linkBps, int frameBytes);
    // UDP payload bits per second at line rate.
    static double maxUdpGoodputBps(double linkBps, int frameBytes);
    // The frame that carries a UDP datagram of this payload over IPv4 (no fragmentation).
    static int frameBytesForUdpPayload(int payloadBytes);
};

} // namespace wb
