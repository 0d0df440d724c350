// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The canonical result of one measurement, whoever made it: our agent, an
// imported netperf/iperf3 log, or a historical baseline. Metric names and SI
// units follow docs/DESIGN (see metriccatalog.h), so one query compares them
// all. This is the record the store keeps and the importers produce.

#include <QJsonObject>
#include <QList>
#include <QString>

#include "metriccatalog.h"

#include <optional>

namespace wb {

struct Metric
{
    QString name;  // e.g. "throughput_bps"
    QString side;  // "client", "server" or empty for whole-test figures
    double value = 0;
    QString unit;  // e.g. "bit/s"

    bool operator==(const Metric &) const = default;
};

struct Sample
{
    double t = 0;  // seconds since the test started
    QString side;
    QString name;
    double value = 0;

    bool operator==(const Sample &) const = default;
};

struct ResultRecord
{
    QString kind;        // udp_stream, tcp_stream, tcp_rr, udp_rr, file_transfer, packet_rate, rfc2544, ...
    QJsonObject params;  // message_size_bytes, send_socket_bytes, duration_s, direction, ...
    QString tool;        // "wirebench-agent", "netperf", "iperf3", ...
    QString toolVersion;
    QList<Metric> metrics;
    QList<Sample> samples;
    QJsonObject extra;   // anything else the source said (host names, warnings, flags)

    std::optional<double> metric(const QString &name, const QString &side = QString()) const;
    void addMetric(const QString &name, const QString &side, double value);

    QJsonObject toJson() const;
    // Validates kind, metric names (known ones must carry their catalog unit)
    // and values; the error names the offending field.
    static std::optional<ResultRecord> fromJson(const QJsonObject &json, QString *error);

    bool operator==(const ResultRecord &) const = default;
};

} // namespace wb
