// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The readers of each log format the importer (importer.h) recognises. Each
// turns one file into canonical records or an error naming the file and
// line; `recognises` answers for --format auto.

#include "importresult.h"

#include <QByteArray>
#include <QString>

#include <optional>

namespace wb {

// Reads netperf's classic text output of every era into canonical records:
// the 2.0-2.3 and 2.4+ banners (with MIGRATED, empty or (null) hosts and
// banner suffixes), the STREAM, MAERTS, UDP_STREAM and request/response
// tables with or without CPU columns, -f unit variants, the confidence
// warning block, -v 2 verbose blocks, histograms, demo-mode interim lines
// (as samples), omni -o CSV, -k keyval and -O columns, several tests in one log
// and shell prompts around them. Formats follow the printf formats of the
// netperf sources (nettest_bsd.c, nettest_omni.c); see docs/importers.md.
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

// Reads iperf3 results into canonical records: -J JSON of every version
// (UDP "sum" before 3.11, "sum_sent"/"sum_received" after), --json-stream
// lines, several JSON documents in one file, server_output_json, and the
// text output of the "Bandwidth" (< 3.2) and "Bitrate" eras with sender and
// receiver lines and UDP loss columns. Omitted intervals are not samples;
// zero-length final intervals are skipped.
class Iperf3Parser
{
public:
    static ImportResult parse(const QByteArray &data, const QString &fileName);
    static bool recognises(const QByteArray &data);
};

// iperf 2 (2.0.5 to 2.1.x) output: the text report, with or without the
// enhanced -e columns, and -y C CSV lines. iperf 2 and iperf3 are different
// programs with different reports; an iperf 2 log is imported as tool
// "iperf2", never read with the iperf3 rules.
class Iperf2Parser
{
public:
    static ImportResult parse(const QByteArray &data, const QString &fileName);
    static bool recognises(const QByteArray &data);
    // A line only iperf 2 prints: its test headers or a -y C line.
    static bool isIperf2Line(const QString &line);
};

// Reads flent result files (.flent.gz, gzip-compressed JSON, data format
// versions 1-4; plain .flent JSON too): one record per data series with its
// summary statistics and every non-null point as a sample. Throughput series
// become stream records, ping series latency records.
class FlentParser
{
public:
    static constexpr qint64 kMaxInflatedBytes = 256LL * 1024 * 1024;

    static ImportResult parse(const QByteArray &data, const QString &fileName);
    static bool recognises(const QByteArray &data);
    // gunzip with a size limit; an error message on damaged data.
    static std::optional<QByteArray> gunzip(const QByteArray &data, QString *error);
};

// Reads sockperf's client summary (ping-pong and under-load: the valid run
// time, message counts, average latency with its spread and the percentile
// table; throughput mode: message rate and bandwidth) into canonical
// records. sockperf prints one-way latency (RTT/2) unless the line says
// "rtt"; records carry round-trip figures and say which was converted.
class SockperfParser
{
public:
    static ImportResult parse(const QByteArray &data, const QString &fileName);
    static bool recognises(const QByteArray &data);
};

// Reads the Linux kernel pktgen report (/proc/net/pktgen/<dev> after a run:
// "Params:", "Current:" and the "Result: OK: ..." line with its pps/Mb/sec
// continuation, in the 2.4-era one-line and the later two-line layouts)
// into packet_rate records, one per device report in the file.
class PktgenParser
{
public:
    static ImportResult parse(const QByteArray &data, const QString &fileName);
    static bool recognises(const QByteArray &data);
};

// Reads the documented Wirebench results CSV (docs/importers.md): one row per
// metric, rows grouped into records by the "record" column, parameters in
// "param.NAME" columns. Units must be the canonical one or a listed
// convertible one (Mbit/s, ms, %, ...); values are converted to SI.
class CsvResultParser
{
public:
    static ImportResult parse(const QByteArray &data, const QString &fileName);
    static bool recognises(const QByteArray &data);
    // The factor that turns a value in `unit` into the metric's canonical
    // unit, or nothing when they are not convertible.
    static std::optional<double> unitFactor(const QString &metric, const QString &unit);
};

} // namespace wb
