// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Reads sockperf's client summary (ping-pong and under-load: the valid run
// time, message counts, average latency with its spread and the percentile
// table; throughput mode: message rate and bandwidth) into canonical
// records. sockperf prints one-way latency (RTT/2) unless the line says
// "rtt"; records carry round-trip figures and say which was converted.

#include "importresult.h"

#include <QByteArray>
#include <QString>

namespace wb {

class SockperfParser
{
public:
    static ImportResult parse(const QByteArray &data, const QString &fileName);
    static bool recognises(const QByteArray &data);
};

} // namespace wb
