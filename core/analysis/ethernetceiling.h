// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Theoretical Ethernet ceilings: what a link can carry at most, so a result
// can be shown as a percentage of line rate. Each frame costs its own bytes
// (header + payload + 4-byte FCS, at least 64) plus 8 bytes of preamble/SFD
// and a 12-byte inter-frame gap on the wire. A UDP/IPv4 payload is the frame
// minus 46 bytes (14 Ethernet header + 20 IP + 8 UDP + 4 FCS).

namespace wb::ethernet {

constexpr int kMinFrameBytes = 64;
constexpr int kMaxFrameBytes = 1518;   // untagged, standard MTU
constexpr int kPreambleBytes = 8;
constexpr int kInterFrameGapBytes = 12;
constexpr int kUdpOverheadBytes = 46;  // Ethernet header + IPv4 + UDP + FCS
constexpr int kTcpOverheadBytes = 58;  // Ethernet header + IPv4 + TCP (no options) + FCS

// Frames shorter than 64 bytes are padded to 64 on the wire.
int paddedFrame(int frameBytes);
// Bytes a frame occupies on the wire, preamble and gap included.
int wireBytes(int frameBytes);
// Maximum frames per second at `linkBps` (e.g. 100e6) for a frame size.
double maxFrameRate(double linkBps, int frameBytes);
// UDP payload carried by a frame of that size (0 when the frame is minimum-size padding only).
int udpPayloadForFrame(int frameBytes);
// The frame that carries a UDP payload (padded to 64).
int frameForUdpPayload(int payloadBytes);
int frameForTcpPayload(int payloadBytes, int tcpOptionBytes = 0);
// Maximum UDP goodput (payload bits/s) at `linkBps` for a frame size.
double udpGoodputBps(double linkBps, int frameBytes);
// Maximum UDP goodput for a given datagram payload size (netperf -m).
double udpGoodputForPayloadBps(double linkBps, int payloadBytes);
// A measured UDP goodput as a percentage of the ceiling for that payload.
double percentOfLineRate(double measuredBps, double linkBps, int payloadBytes);

} // namespace wb::ethernet
