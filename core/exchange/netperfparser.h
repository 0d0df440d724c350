// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Reads netperf's classic text output of every era into canonical records:
// the 2.0-2.3 and 2.4+ banners (with MIGRATED, empty or (null) hosts and
// banner suffixes), the STREAM, MAERTS, UDP_STREAM and request/response
// tables with or without CPU columns, -f unit variants, the confidence
// warning block, -v 2 verbose blocks, histograms, demo-mode interim lines
// (as samples), omni -o CSV, -k keyval and -O columns, several tests in one log
// and shell prompts around them. Formats follow the printf formats of the
// netperf sources (nettest_bsd.c, nettest_omni.c); see docs/importers.md.

#include "importresult.h"

#include <QByteArray>
#include <QString>

namespace wb {

class NetperfParser
{
public:
    static ImportResult parse(const QByteArray &data, const QString &fileName);
    // True when the text holds something this parser recognises (for --format auto).
    static bool recognises(const QByteArray &data);
    // One line that only netperf prints: a test banner, THROUGHPUT=, or an
    // omni -o title line.
    static bool isNetperfLine(const QString &line);
};

} // namespace wb
