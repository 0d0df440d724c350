// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// iperf 2 (2.0.5 to 2.1.x) output: the text report, with or without the
// enhanced -e columns, and -y C CSV lines. iperf 2 and iperf3 are different
// programs with different reports; an iperf 2 log is imported as tool
// "iperf2", never read with the iperf3 rules.

#include "importresult.h"

#include <QByteArray>
#include <QString>

namespace wb {

class Iperf2Parser
{
public:
    static ImportResult parse(const QByteArray &data, const QString &fileName);
    static bool recognises(const QByteArray &data);
    // A line only iperf 2 prints: its test headers or a -y C line.
    static bool isIperf2Line(const QString &line);
};

} // namespace wb
