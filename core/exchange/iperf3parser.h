// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Reads iperf3 results into canonical records: -J JSON of every version
// (UDP "sum" before 3.11, "sum_sent"/"sum_received" after), --json-stream
// lines, several JSON documents in one file, server_output_json, and the
// text output of the "Bandwidth" (< 3.2) and "Bitrate" eras with sender and
// receiver lines and UDP loss columns. Omitted intervals are not samples;
// zero-length final intervals are skipped.

#include "importresult.h"

#include <QByteArray>
#include <QString>

namespace wb {

class Iperf3Parser
{
public:
    static ImportResult parse(const QByteArray &data, const QString &fileName);
    static bool recognises(const QByteArray &data);
};

} // namespace wb
