// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The physical lower bound of a request/response round trip over a lab path:
// signal propagation in the cables (~5 ns/m), each switch's rated latency,
// and serialising the request and the response frames at link speed. A
// measured TCP_RR/UDP_RR latency can then be read as "x µs above the floor".
// Host stacks and NICs are not included: that is what the test measures.

#include <QJsonArray>
#include <QList>
#include <QString>

#include <optional>

namespace wb {

struct PathSwitch
{
    QString name;
    double ratedLatencyS = 0;     // the vendor's figure, e.g. 15e-6 for a Netgear FS108
    // A store-and-forward switch must receive the whole frame before it
    // sends it on, so each one adds another serialisation of the frame
    // (vendors rate latency last-bit-in to first-bit-out, which excludes it).
    bool storeAndForward = true;
};

struct LatencyPath
{
    double linkBps = 100e6;        // slowest link on the path
    QList<double> cableMetres;     // every cable between the two NICs
    QList<PathSwitch> switches;    // in path order (direction does not matter)
    int requestFrameBytes = 64;    // whole Ethernet frame, FCS included
    int responseFrameBytes = 64;
    double propagationSPerMetre = 5e-9;
};

struct LatencyFloor
{
    double propagationS = 0;       // one way
    double switchS = 0;            // one way, rated latencies
    double requestSerialisationS = 0;  // all serialisations of the request frame
    double responseSerialisationS = 0;
    double requestOneWayS = 0;
    double responseOneWayS = 0;
    double roundTripS = 0;
    double maxTransactionsPerS = 0; // 1 / roundTripS: one transaction in flight

    QString describe() const;       // a one-line breakdown in µs
};

LatencyFloor latencyFloor(const LatencyPath &path);

// The path a stored run went over, from its inventory snapshot (cables with
// their lengths, switches with their rated latency and kind, the NICs'
// speed); nothing when the snapshot names no cable or switch.
// `requestFrameBytes`/`responseFrameBytes` are whole Ethernet frames.
std::optional<LatencyPath> latencyPathFromSnapshot(const QJsonArray &inventoryPath, int requestFrameBytes,
                                                   int responseFrameBytes, double fallbackLinkBps = 1e9);

} // namespace wb
