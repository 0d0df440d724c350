// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The figures of one row of an iperf 2 or iperf3 text report,
// "START-END sec AMOUNT UNIT RATE UNIT". Both print bytes in powers of 1024
// (KBytes, MBytes, ...) and bits in powers of 1000 (Kbits/sec, ...).

#include <QRegularExpressionMatch>
#include <QString>

#include <optional>

namespace wb {

struct IperfTransfer
{
    double start = 0;
    double end = 0;
    double bytes = 0;
    double bps = 0;

    // From the six captures of m from first on: start, end, amount, its
    // unit, rate, its unit. Nothing when one is not a number, or not a
    // unit iperf prints.
    static std::optional<IperfTransfer> read(const QRegularExpressionMatch &m, int first);
    // What to say about the row t when read() refuses it.
    static QString unreadable(const QString &t);
};

} // namespace wb
