// SPDX-License-Identifier: GPL-3.0-or-later
#include "latencyfloor.h"

#include <QJsonObject>

#include "ethernetceiling.h"

#include <QCoreApplication>

namespace wb {

namespace {

// Time from the first bit of the preamble to the last bit of the frame.
double serialisationS(int frameBytes, double linkBps)
{
    return 8.0 * (ethernet::paddedFrame(frameBytes) + ethernet::kPreambleBytes) / linkBps;
}

} // namespace

LatencyFloor latencyFloor(const LatencyPath &path)
{
    LatencyFloor f;
    double metres = 0;
    for (double m : path.cableMetres)
        metres += m;
    f.propagationS = metres * path.propagationSPerMetre;
    int storeForwardHops = 0;
    for (const PathSwitch &s : path.switches) {
        f.switchS += s.ratedLatencyS;
        if (s.storeAndForward)
            ++storeForwardHops;
    }
    const double link = path.linkBps > 0 ? path.linkBps : 1.0;
    f.requestSerialisationS = (1 + storeForwardHops) * serialisationS(path.requestFrameBytes, link);
    f.responseSerialisationS = (1 + storeForwardHops) * serialisationS(path.responseFrameBytes, link);
    f.requestOneWayS = f.propagationS + f.switchS + f.requestSerialisationS;
    f.responseOneWayS = f.propagationS + f.switchS + f.responseSerialisationS;
    f.roundTripS = f.requestOneWayS + f.responseOneWayS;
    f.maxTransactionsPerS = f.roundTripS > 0 ? 1.0 / f.roundTripS : 0.0;
    return f;
}

QString LatencyFloor::describe() const
{
    auto us = [](double s) { return QString::number(s * 1e6, 'f', 2); };
    return QCoreApplication::translate("wb::LatencyFloor",
                                       "round trip ≥ %1 µs: cables 2 × %2 µs, switches 2 × %3 µs, "
                                       "serialisation %4 µs request + %5 µs response")
        .arg(us(roundTripS), us(propagationS), us(switchS), us(requestSerialisationS), us(responseSerialisationS));
}

std::optional<LatencyPath> latencyPathFromSnapshot(const QJsonArray &inventoryPath, int requestFrameBytes,
                                                   int responseFrameBytes, double fallbackLinkBps)
{
    LatencyPath path;
    path.requestFrameBytes = requestFrameBytes;
    path.responseFrameBytes = responseFrameBytes;
    double slowest = 0;
    bool any = false;
    for (const QJsonValue &v : inventoryPath) {
        const QJsonObject e = v.toObject();
        const QString type = e.value(QStringLiteral("type")).toString();
        const QJsonObject attrs = e.value(QStringLiteral("attrs")).toObject();
        if (type == QStringLiteral("cable")) {
            path.cableMetres.append(attrs.value(QStringLiteral("length_m")).toDouble(0));
            any = true;
        } else if (type == QStringLiteral("switch")) {
            PathSwitch sw;
            sw.name = e.value(QStringLiteral("key")).toString();
            sw.ratedLatencyS = attrs.value(QStringLiteral("rated_latency_us")).toDouble(0) * 1e-6;
            const QString kind = attrs.value(QStringLiteral("kind")).toString();
            sw.storeAndForward = kind != QStringLiteral("cut-through") && kind != QStringLiteral("hub");
            path.switches.append(sw);
            any = true;
        } else if (type == QStringLiteral("nic")) {
            const double speed = attrs.value(QStringLiteral("max_speed_bps")).toDouble(0);
            if (speed > 0 && (slowest == 0 || speed < slowest))
                slowest = speed;
        }
    }
    if (!any)
        return std::nullopt;
    path.linkBps = slowest > 0 ? slowest : fallbackLinkBps;
    return path;
}

} // namespace wb
