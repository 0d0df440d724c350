// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Theoretical Ethernet ceilings: what a link can carry at most, so a result
// can be shown as a percentage of line rate. Each frame costs its own bytes
// (header + payload + 4-byte FCS, at least 64) plus 8 bytes of preamble/SFD
// and a 12-byte inter-frame gap on the wire. A UDP payload is the frame
// minus 14 bytes of Ethernet header, the IP header (20 bytes for IPv4, 40
// for IPv6), 8 of UDP and 4 of FCS: 46 bytes over IPv4, 66 over IPv6. The
// largest frame a NIC sends is its MTU plus header and FCS (1518 for the
// standard 1500, 9018 for a 9000-byte jumbo MTU).

namespace wb::ethernet {

constexpr int kMinFrameBytes = 64;
constexpr int kMaxFrameBytes = 1518;   // untagged, standard MTU
constexpr int kMaxJumboFrameBytes = 9018; // untagged, 9000-byte MTU: the largest frame a plan may name
constexpr int kPreambleBytes = 8;
constexpr int kInterFrameGapBytes = 12;
constexpr int kHeaderBytes = 14;       // destination, source, EtherType
constexpr int kFcsBytes = 4;
constexpr int kUdpOverheadBytes = 46;  // Ethernet header + IPv4 + UDP + FCS
constexpr int kTcpOverheadBytes = 58;  // Ethernet header + IPv4 + TCP (no options) + FCS

// 20 for IPv4 (no options), 40 for IPv6 (no extension headers); any
// version other than 6 counts as IPv4.
int ipHeaderBytes(int ipVersion);
int udpOverheadBytes(int ipVersion);
int tcpOverheadBytes(int ipVersion);
// The largest frame a NIC with that MTU sends (untagged): MTU + 18.
int maxFrameForMtu(int mtuBytes);
// The MTU a frame of that size needs: frame - 18.
int mtuForFrame(int frameBytes);

// Frames shorter than 64 bytes are padded to 64 on the wire.
int paddedFrame(int frameBytes);
// Bytes a frame occupies on the wire, preamble and gap included.
int wireBytes(int frameBytes);
// Maximum frames per second at `linkBps` (e.g. 100e6) for a frame size.
double maxFrameRate(double linkBps, int frameBytes);
// UDP payload carried by a frame of that size (0 when the frame is minimum-size padding only).
int udpPayloadForFrame(int frameBytes, int ipVersion = 4);
// The frame that carries a UDP payload (padded to 64).
int frameForUdpPayload(int payloadBytes, int ipVersion = 4);
int frameForTcpPayload(int payloadBytes, int tcpOptionBytes = 0, int ipVersion = 4);
// Maximum UDP goodput (payload bits/s) at `linkBps` for a frame size.
double udpGoodputBps(double linkBps, int frameBytes, int ipVersion = 4);
// Maximum UDP goodput for a given datagram payload size (netperf -m).
double udpGoodputForPayloadBps(double linkBps, int payloadBytes, int ipVersion = 4);
// Maximum TCP goodput with full-size segments for an MTU (no TCP options).
double tcpGoodputBps(double linkBps, int mtuBytes = 1500, int ipVersion = 4);
// A measured UDP goodput as a percentage of the ceiling for that payload.
double percentOfLineRate(double measuredBps, double linkBps, int payloadBytes, int ipVersion = 4);

} // namespace wb::ethernet
