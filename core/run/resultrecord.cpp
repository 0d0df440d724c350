// SPDX-License-Identifier: GPL-3.0-or-later
#include "resultrecord.h"

#include <QJsonArray>
#include <QStringList>

#include <cmath>

using namespace Qt::StringLiterals;

namespace wb {

const QList<MetricInfo> &metricCatalog()
{
    static const QList<MetricInfo> catalog{
        {u"throughput_bps"_s, u"bit/s"_s, u"payload throughput"_s},
        {u"messages"_s, u"count"_s, u"datagrams sent OK (sender) or received (receiver)"_s},
        {u"send_errors"_s, u"count"_s, u"failed sends"_s},
        {u"loss_ratio"_s, u"ratio"_s, u"(sent - received) / sent"_s},
        {u"transactions_per_s"_s, u"1/s"_s, u"request/response transactions per second"_s},
        {u"latency_us_mean"_s, u"us"_s, u"mean round trip"_s},
        {u"latency_us_min"_s, u"us"_s, u"minimum round trip"_s},
        {u"latency_us_p50"_s, u"us"_s, u"median round trip"_s},
        {u"latency_us_p90"_s, u"us"_s, u"90th percentile round trip"_s},
        {u"latency_us_p99"_s, u"us"_s, u"99th percentile round trip"_s},
        {u"latency_us_p999"_s, u"us"_s, u"99.9th percentile round trip"_s},
        {u"latency_us_max"_s, u"us"_s, u"maximum round trip"_s},
        {u"latency_us_stddev"_s, u"us"_s, u"standard deviation of the round trip"_s},
        {u"packets_per_s"_s, u"1/s"_s, u"packet rate"_s},
        {u"drops"_s, u"count"_s, u"packets lost"_s},
        {u"bytes"_s, u"B"_s, u"payload moved"_s},
        {u"elapsed_s"_s, u"s"_s, u"test duration"_s},
        {u"cpu_util_pct"_s, u"%"_s, u"CPU utilisation of the whole host"_s},
        {u"service_demand_us_per_kb"_s, u"us"_s, u"CPU time per KB (1024 B)"_s},
        {u"service_demand_us_per_tr"_s, u"us"_s, u"CPU time per transaction"_s},
        {u"jitter_ms"_s, u"ms"_s, u"RFC 1889 style jitter"_s},
        {u"retransmits"_s, u"count"_s, u"TCP retransmissions"_s},
        {u"ci_width_pct"_s, u"%"_s, u"confidence interval width, percent of mean"_s},
        {u"ci_level_pct"_s, u"%"_s, u"confidence level"_s},
        {u"iterations"_s, u"count"_s, u"repetitions measured"_s},
        {u"line_rate_pct"_s, u"%"_s, u"share of the link's maximum frame rate"_s},
        {u"dut_cpu_util_pct"_s, u"%"_s, u"CPU utilisation of the device under test while forwarding"_s},
        {u"rated_latency_us"_s, u"us"_s, u"latency a vendor specifies for a device (see params.figure)"_s},
        {u"tx_cost_ticks"_s, u"ticks"_s, u"CPU timer ticks to transmit one packet (params.cpu_clock_hz converts)"_s},
        {u"tx_cost_us_per_packet"_s, u"us"_s, u"CPU time to transmit one packet"_s},
        {u"cpu_cost_ticks"_s, u"ticks"_s, u"CPU timer ticks of one kernel operation (params.operation)"_s},
        {u"cpu_cost_us"_s, u"us"_s, u"CPU time of one kernel operation (params.operation)"_s},
        {u"forwarded_packets_per_s"_s, u"1/s"_s, u"packets a router forwards per second"_s},
        {u"lost_packets"_s, u"count"_s,
         u"datagrams lost on the way to this side (a sample: in its interval; from sequence gaps)"_s},
        {u"received_packets"_s, u"count"_s, u"datagrams that arrived at this side (a sample: in its interval)"_s},
        {u"duplicates"_s, u"count"_s, u"datagrams that arrived more than once (the extra copies; not counted as received)"_s},
        {u"reordered"_s, u"count"_s, u"datagrams that arrived after one sent later than them"_s},
    };
    return catalog;
}

QString canonicalUnit(const QString &metricName)
{
    for (const MetricInfo &m : metricCatalog())
        if (m.name == metricName)
            return m.unit;
    return QString();
}

const QStringList &testKinds()
{
    static const QStringList kinds{u"udp_stream"_s, u"tcp_stream"_s, u"tcp_rr"_s, u"udp_rr"_s,
                                   u"file_transfer"_s, u"packet_rate"_s, u"rfc2544"_s, u"forwarding"_s,
                                   u"soak"_s, u"latency"_s, u"driver_cost"_s, u"ceiling"_s};
    return kinds;
}

std::optional<double> ResultRecord::metric(const QString &name, const QString &side) const
{
    for (const Metric &m : metrics)
        if (m.name == name && m.side == side)
            return m.value;
    return std::nullopt;
}

void ResultRecord::addMetric(const QString &name, const QString &side, double value)
{
    QString unit = canonicalUnit(name);
    if (unit.isEmpty())
        unit = u"count"_s;
    metrics.append(Metric{name, side, value, unit});
}

QJsonObject ResultRecord::toJson() const
{
    QJsonObject o;
    o.insert(u"kind"_s, kind);
    o.insert(u"params"_s, params);
    o.insert(u"tool"_s, tool);
    o.insert(u"tool_version"_s, toolVersion);
    QJsonArray ms;
    for (const Metric &m : metrics)
        ms.append(QJsonObject{{u"name"_s, m.name}, {u"side"_s, m.side}, {u"value"_s, m.value}, {u"unit"_s, m.unit}});
    o.insert(u"metrics"_s, ms);
    if (!samples.isEmpty()) {
        QJsonArray ss;
        for (const Sample &s : samples)
            ss.append(QJsonObject{{u"t"_s, s.t}, {u"side"_s, s.side}, {u"name"_s, s.name}, {u"value"_s, s.value}});
        o.insert(u"samples"_s, ss);
    }
    if (!extra.isEmpty())
        o.insert(u"extra"_s, extra);
    return o;
}

std::optional<ResultRecord> ResultRecord::fromJson(const QJsonObject &json, QString *error)
{
    auto fail = [error](const QString &m) -> std::optional<ResultRecord> {
        if (error)
            *error = m;
        return std::nullopt;
    };
    ResultRecord r;
    r.kind = json.value(u"kind"_s).toString();
    if (r.kind.isEmpty())
        return fail(u"field 'kind' is missing or empty"_s);
    if (!json.value(u"params"_s).isUndefined() && !json.value(u"params"_s).isObject())
        return fail(u"field 'params' must be an object"_s);
    r.params = json.value(u"params"_s).toObject();
    r.tool = json.value(u"tool"_s).toString();
    r.toolVersion = json.value(u"tool_version"_s).toString();
    r.extra = json.value(u"extra"_s).toObject();
    const QJsonValue ms = json.value(u"metrics"_s);
    if (!ms.isArray())
        return fail(u"field 'metrics' must be an array"_s);
    const QJsonArray marr = ms.toArray();
    for (qsizetype i = 0; i < marr.size(); ++i) {
        const QJsonObject m = marr.at(i).toObject();
        const QString where = u"metrics[%1]"_s.arg(i);
        Metric metric;
        metric.name = m.value(u"name"_s).toString();
        if (metric.name.isEmpty())
            return fail(where + u".name is missing"_s);
        metric.side = m.value(u"side"_s).toString();
        if (!metric.side.isEmpty() && metric.side != u"client"_s && metric.side != u"server"_s)
            return fail(where + u".side must be 'client', 'server' or empty, not '%1'"_s.arg(metric.side));
        if (!m.value(u"value"_s).isDouble() || !std::isfinite(m.value(u"value"_s).toDouble()))
            return fail(where + u".value must be a finite number"_s);
        metric.value = m.value(u"value"_s).toDouble();
        metric.unit = m.value(u"unit"_s).toString();
        const QString unit = canonicalUnit(metric.name);
        if (metric.unit.isEmpty())
            metric.unit = unit;
        if (!unit.isEmpty() && metric.unit != unit)
            return fail(where + u" '%1' must be in '%2', not '%3'"_s.arg(metric.name, unit, metric.unit));
        r.metrics.append(metric);
    }
    const QJsonArray sarr = json.value(u"samples"_s).toArray();
    for (qsizetype i = 0; i < sarr.size(); ++i) {
        const QJsonObject s = sarr.at(i).toObject();
        Sample sample{s.value(u"t"_s).toDouble(), s.value(u"side"_s).toString(), s.value(u"name"_s).toString(),
                      s.value(u"value"_s).toDouble()};
        if (sample.name.isEmpty())
            return fail(u"samples[%1].name is missing"_s.arg(i));
        r.samples.append(sample);
    }
    return r;
}

} // namespace wb
