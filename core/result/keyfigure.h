// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The one figure a lab engineer reads first for each test kind (received
// throughput for a stream, transactions/s and p99 for RR, MB/s for a file
// transfer, received packets/s for a packet-rate test), formatted for tables
// in the CLI and the desktop program alike.

#include "resultrecord.h"

#include <QString>

namespace wb {

struct KeyFigure
{
    QString metric;   // canonical metric name
    QString side;
    double value = 0;
    bool valid = false;
    QString text;     // "95.07 Mbit/s", "4749 tr/s, p99 212 µs", ...
};

KeyFigure keyFigure(const ResultRecord &record);

// "95.07 Mbit/s" style text for a bit rate.
QString formatBitRate(double bps);

} // namespace wb
