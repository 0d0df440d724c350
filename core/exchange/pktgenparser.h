// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Reads the Linux kernel pktgen report (/proc/net/pktgen/<dev> after a run:
// "Params:", "Current:" and the "Result: OK: ..." line with its pps/Mb/sec
// continuation, in the 2.4-era one-line and the later two-line layouts)
// into packet_rate records, one per device report in the file.

#include "importresult.h"

#include <QByteArray>
#include <QString>

namespace wb {

class PktgenParser
{
public:
    static ImportResult parse(const QByteArray &data, const QString &fileName);
    static bool recognises(const QByteArray &data);
};

} // namespace wb
