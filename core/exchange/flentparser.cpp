// SPDX-License-Identifier: GPL-3.0-or-later
#include "logparsers.h"

#include "importtext.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <cmath>
#include <zlib.h>

using namespace Qt::StringLiterals;

namespace wb {

std::optional<QByteArray> FlentParser::gunzip(const QByteArray &data, QString *error)
{
    z_stream zs{};
    if (inflateInit2(&zs, 16 + MAX_WBITS) != Z_OK) {
        *error = u"zlib could not start"_s;
        return std::nullopt;
    }
    QByteArray out;
    char buffer[65536];
    zs.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(data.constData()));
    zs.avail_in = static_cast<uInt>(data.size());
    int rc = Z_OK;
    while (rc != Z_STREAM_END) {
        zs.next_out = reinterpret_cast<Bytef *>(buffer);
        zs.avail_out = sizeof(buffer);
        rc = inflate(&zs, Z_NO_FLUSH);
        if (rc != Z_OK && rc != Z_STREAM_END) {
            *error = u"the gzip data is damaged near byte %1 (%2)"_s.arg(zs.total_in).arg(
                QString::fromLatin1(zs.msg ? zs.msg : "truncated"));
            inflateEnd(&zs);
            return std::nullopt;
        }
        out.append(buffer, qsizetype(sizeof(buffer) - zs.avail_out));
        if (out.size() > kMaxInflatedBytes) {
            *error = u"the decompressed data is larger than %1 bytes"_s.arg(kMaxInflatedBytes);
            inflateEnd(&zs);
            return std::nullopt;
        }
        if (rc == Z_OK && zs.avail_in == 0 && zs.avail_out != 0) {
            *error = u"the gzip data ends early (truncated file)"_s;
            inflateEnd(&zs);
            return std::nullopt;
        }
    }
    inflateEnd(&zs);
    return out;
}

namespace {

struct SeriesUnit
{
    enum Kind { Throughput, Latency, Other } kind = Other;
    double factor = 1; // to bit/s or us
};

// Why a series is not imported, or nothing when it is a throughput or a
// latency. flent's tests name per-flow socket statistics "FLOW::tcp_rtt",
// "FLOW::tcp_cwnd", ... (often without a unit in SERIES_META) and compute
// Jain's fairness index over flows ("... fairness", unit "Idx"): none of
// them is a rate, whatever the flow's name says.
QString notARate(const QString &name, const QString &declared)
{
    const qsizetype sep = name.lastIndexOf(u"::"_s);
    if (sep >= 0) {
        const QString sub = name.mid(sep + 2);
        bool number = false;
        sub.toInt(&number);
        if (!number) // "TCP upload::3" is flow 3; anything else is a statistic of the flow
            return u"'%1' is a per-flow statistic (%2), not a throughput"_s.arg(name, sub);
    }
    if (declared.compare(u"Idx"_s, Qt::CaseInsensitive) == 0 || name.contains(u"fairness"_s, Qt::CaseInsensitive))
        return u"'%1' is a fairness index, not a throughput"_s.arg(name);
    return QString();
}

SeriesUnit unitOf(const QString &name, const QString &declared)
{
    QString u = declared;
    if (u.isEmpty()) {
        if (name.contains(u"(ms)"_s) || name.startsWith(u"Ping"_s))
            u = u"ms"_s;
        else if (name.contains(u"upload"_s, Qt::CaseInsensitive) || name.contains(u"download"_s, Qt::CaseInsensitive)
                 || name.contains(u"TCP totals"_s))
            u = u"Mbits/s"_s;
    }
    if (u == u"Mbits/s"_s || u == u"Mbit/s"_s)
        return {SeriesUnit::Throughput, 1e6};
    if (u == u"Kbits/s"_s || u == u"kbit/s"_s)
        return {SeriesUnit::Throughput, 1e3};
    if (u == u"Gbits/s"_s)
        return {SeriesUnit::Throughput, 1e9};
    if (u == u"bits/s"_s)
        return {SeriesUnit::Throughput, 1};
    if (u == u"ms"_s)
        return {SeriesUnit::Latency, 1e3};
    if (u == u"us"_s)
        return {SeriesUnit::Latency, 1};
    if (u == u"s"_s)
        return {SeriesUnit::Latency, 1e6};
    return {};
}

double percentile(const QList<double> &sorted, double p)
{
    if (sorted.isEmpty())
        return 0;
    const double rank = p / 100.0 * double(sorted.size() - 1);
    const qsizetype lo = qsizetype(std::floor(rank));
    const qsizetype hi = std::min<qsizetype>(lo + 1, sorted.size() - 1);
    return sorted[lo] + (sorted[hi] - sorted[lo]) * (rank - double(lo));
}

int lineOfOffset(const QByteArray &data, qsizetype offset)
{
    return int(data.left(offset).count('\n')) + 1;
}

} // namespace

ImportResult FlentParser::parse(const QByteArray &data, const QString &fileName)
{
    QByteArray json = data;
    bool compressed = false;
    if (data.size() >= 2 && uchar(data.at(0)) == 0x1f && uchar(data.at(1)) == 0x8b) {
        QString error;
        const std::optional<QByteArray> inflated = gunzip(data, &error);
        if (!inflated)
            return ImportResult::failure(fileName, 0, u"expected a gzip-compressed flent file: %1"_s.arg(error));
        json = *inflated;
        compressed = true;
    }
    const QString where = compressed ? u" of the decompressed JSON"_s : QString();
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &pe);
    if (pe.error != QJsonParseError::NoError)
        return ImportResult::failure(fileName, lineOfOffset(json, pe.offset),
                                     u"expected flent JSON%1: %2"_s.arg(where, pe.errorString()));
    if (!doc.isObject())
        return ImportResult::failure(fileName, 1, u"expected a JSON object with metadata, x_values and results%1"_s.arg(where));
    const QJsonObject root = doc.object();
    const int version = root.contains(u"version"_s) ? root.value(u"version"_s).toInt(-1) : 1;
    if (version < 1 || version > 4)
        return ImportResult::failure(fileName, 1, u"expected flent data format version 1-4, found %1"_s.arg(
                                                      root.value(u"version"_s).toVariant().toString().left(20)));
    const QJsonObject meta = root.value(u"metadata"_s).toObject();
    const QJsonArray x = root.value(u"x_values"_s).toArray();
    const QJsonObject results = root.value(u"results"_s).toObject();
    if (meta.isEmpty() || !root.value(u"results"_s).isObject() || !root.value(u"x_values"_s).isArray())
        return ImportResult::failure(fileName, 1, u"expected the keys 'metadata', 'x_values' and 'results' in the flent file"_s);
    const QJsonObject seriesMeta = meta.value(u"SERIES_META"_s).toObject();
    QString toolVersion = meta.value(u"FLENT_VERSION"_s).toString();
    if (toolVersion.isEmpty())
        toolVersion = meta.value(u"NETPERF_WRAPPER_VERSION"_s).toString();
    ImportResult res;
    for (auto it = results.begin(); it != results.end(); ++it) {
        const QString name = it.key();
        if (!it.value().isArray())
            return ImportResult::failure(fileName, 1, u"results['%1']: expected an array of numbers or null"_s.arg(name.left(60)));
        const QJsonArray values = it.value().toArray();
        const QString declared = seriesMeta.value(name).toObject().value(u"UNITS"_s).toString();
        if (const QString why = notARate(name, declared); !why.isEmpty()) {
            res.warnings.append(u"%1: %2; not imported"_s.arg(fileName, why));
            continue;
        }
        const SeriesUnit unit = unitOf(name, declared);
        if (unit.kind == SeriesUnit::Other) {
            res.warnings.append(u"%1: series '%2' has no throughput or latency unit; not imported"_s.arg(fileName, name));
            continue;
        }
        ResultRecord r;
        r.tool = u"flent"_s;
        r.toolVersion = toolVersion;
        r.params.insert(u"series"_s, name);
        r.params.insert(u"flent_test"_s, meta.value(u"NAME"_s).toString());
        if (meta.value(u"LENGTH"_s).isDouble())
            r.params.insert(u"duration_s"_s, meta.value(u"LENGTH"_s).toDouble());
        if (meta.value(u"STEP_SIZE"_s).isDouble())
            r.params.insert(u"step_s"_s, meta.value(u"STEP_SIZE"_s).toDouble());
        if (meta.contains(u"HOST"_s))
            r.params.insert(u"server_host"_s, meta.value(u"HOST"_s).toString());
        r.extra.insert(u"flent_format_version"_s, version);
        if (meta.contains(u"TITLE"_s))
            r.extra.insert(u"title"_s, meta.value(u"TITLE"_s).toString());
        if (meta.contains(u"TIME"_s))
            r.extra.insert(u"time"_s, meta.value(u"TIME"_s).toString());
        QList<double> points;
        const QString sampleName = unit.kind == SeriesUnit::Throughput ? u"throughput_bps"_s : u"latency_us_mean"_s;
        const QString side = unit.kind == SeriesUnit::Throughput ? u"client"_s : QString();
        for (qsizetype k = 0; k < values.size(); ++k) {
            const QJsonValue v = values.at(k);
            if (v.isNull())
                continue;
            if (!v.isDouble() || !std::isfinite(v.toDouble()))
                return ImportResult::failure(fileName, 1, u"results['%1'][%2]: expected a number or null"_s.arg(name.left(60)).arg(k));
            const double value = ImportText::scaled(v.toDouble(), unit.factor);
            points.append(value);
            const double t = k < x.size() && x.at(k).isDouble() ? x.at(k).toDouble() : double(k);
            r.samples.append(Sample{t, side, sampleName, value});
        }
        if (points.isEmpty()) {
            res.warnings.append(u"%1: series '%2' holds no values; not imported"_s.arg(fileName, name));
            continue;
        }
        QList<double> sorted = points;
        std::sort(sorted.begin(), sorted.end());
        double sum = 0;
        for (double p : points)
            sum += p;
        const double mean = sum / double(points.size());
        if (unit.kind == SeriesUnit::Throughput) {
            const bool udp = name.contains(u"UDP"_s);
            r.kind = udp ? u"udp_stream"_s : u"tcp_stream"_s;
            if (name.contains(u"download"_s, Qt::CaseInsensitive))
                r.params.insert(u"direction"_s, u"server_to_client"_s);
            else if (name.contains(u"upload"_s, Qt::CaseInsensitive))
                r.params.insert(u"direction"_s, u"client_to_server"_s);
            r.addMetric(u"throughput_bps"_s, u"client"_s, mean);
            // One flow, or flent's sum or average over the flows: not comparable with each other.
            const qsizetype sep = name.lastIndexOf(u"::"_s);
            if (sep >= 0) {
                r.params.insert(u"flow"_s, name.mid(sep + 2).toInt());
                r.params.insert(u"aggregate"_s, u"one flow"_s);
            } else if (name.endsWith(u" sum"_s)) {
                r.params.insert(u"aggregate"_s, u"sum of flows"_s);
            } else if (name.endsWith(u" avg"_s)) {
                r.params.insert(u"aggregate"_s, u"average of flows"_s);
            }
        } else {
            r.kind = u"latency"_s;
            r.addMetric(u"latency_us_mean"_s, QString(), mean);
            r.addMetric(u"latency_us_min"_s, QString(), sorted.first());
            r.addMetric(u"latency_us_p50"_s, QString(), percentile(sorted, 50));
            r.addMetric(u"latency_us_p90"_s, QString(), percentile(sorted, 90));
            r.addMetric(u"latency_us_p99"_s, QString(), percentile(sorted, 99));
            r.addMetric(u"latency_us_max"_s, QString(), sorted.last());
        }
        res.records.append(r);
    }
    if (res.records.isEmpty())
        return ImportResult::failure(fileName, 1, u"expected at least one throughput or latency series in 'results'"_s);
    return res;
}

bool FlentParser::recognises(const QByteArray &data)
{
    if (data.size() >= 2 && uchar(data.at(0)) == 0x1f && uchar(data.at(1)) == 0x8b)
        return true;
    const QByteArray head = data.left(65536);
    return head.trimmed().startsWith('{') && head.contains("\"x_values\"") && head.contains("\"metadata\"");
}

} // namespace wb
