// SPDX-License-Identifier: GPL-3.0-or-later
#include "storecomparisonprovider.h"

#include "result/metriccatalog.h"
#include "environmentfacts.h"
#include "store/baselinestore.h"
#include "store/resultstore.h"
#include "store/runfilter.h"
#include "store/runstore.h"

#include <QJsonArray>
#include <QMap>
#include <QSet>

#include <algorithm>
#include <atomic>

using namespace Qt::StringLiterals;

namespace wb {

namespace {

constexpr int kTimeSeriesRuns = 5;
constexpr int kMaxRuns = 5000; // observations in one comparison

struct MetricView
{
    QString metric;
    QString unit;
    double scale; // canonical value × scale = display value
    QString label;
};

// The figure a comparison should use: what arrived for streams, the
// client's view for RR tests (as the key figures elsewhere).
std::optional<double> valueOf(const ResultRecord &r, const QString &metric)
{
    if (auto v = sidedMetricValue(r, metric))
        return v;
    // The router reports of the seeds counted what the device sent on; a
    // forwarding run's sink counts what arrived. Both are the forwarded rate.
    if (r.kind == u"forwarding"_s && metric == u"packets_per_s"_s)
        return sidedMetricValue(r, u"forwarded_packets_per_s"_s);
    return std::nullopt;
}

QString sizeOf(const QJsonObject &params)
{
    for (const auto &key : {u"message_size_bytes"_s, u"request_size_bytes"_s, u"frame_size_bytes"_s,
                            u"file_size_bytes"_s}) {
        if (params.contains(key)) {
            const double v = params.value(key).toDouble();
            return key == u"file_size_bytes"_s ? u"%1 MB file"_s.arg(v / (1 << 20), 0, 'g', 4)
                                                : u"%1 B"_s.arg(v, 0, 'f', 0);
        }
    }
    return u"—"_s;
}

QString pathKey(const QJsonArray &path, const QString &type)
{
    QStringList keys;
    for (const QJsonValue &v : path) {
        const QJsonObject e = v.toObject();
        if (e.value(u"type"_s).toString() == type && !keys.contains(e.value(u"key"_s).toString()))
            keys << e.value(u"key"_s).toString();
    }
    return keys.isEmpty() ? u"—"_s : keys.join(u" + "_s);
}

// The test conditions that decide whether two figures compare: the socket
// buffers asked for (netperf's -s/-S; Linux reports twice that) and the
// direction of the data.
QMap<QString, QString> conditionsOf(const QJsonObject &params, bool ourAgent)
{
    QMap<QString, QString> c;
    auto requested = [&](const QString &key) {
        const QJsonValue v = params.value(u"requested_"_s + key);
        return v.isUndefined() ? params.value(key) : v;
    };
    const QJsonValue send = requested(u"send_socket_bytes"_s);
    const QJsonValue recv = requested(u"recv_socket_bytes"_s);
    // 0 or absent: the system's default size.
    auto size = [](const QJsonValue &v) {
        return v.isUndefined() || v.toDouble() <= 0 ? u"default"_s : QString::number(v.toDouble());
    };
    if (!send.isUndefined() || !recv.isUndefined())
        c.insert(u"socket buffers"_s, u"%1/%2 B"_s.arg(size(send), size(recv)));
    else if (ourAgent)
        c.insert(u"socket buffers"_s, u"default/default B"_s);
    if (params.contains(u"direction"_s))
        c.insert(u"direction"_s, params.value(u"direction"_s).toString());
    else if (ourAgent)
        c.insert(u"direction"_s, u"client_to_server"_s); // the agent always sends from client to server
    return c;
}

QString citationOf(const Baseline &b)
{
    const QString author = b.citation.author.section(u'<', 0, 0).trimmed();
    return b.citation.date.isEmpty() ? author : u"%1 %2"_s.arg(author, b.citation.date.left(4));
}

// How a metric shows in this comparison, from the metric catalog; an empty
// metric is the kind's key metric.
MetricView viewForMetric(const QString &metric, const QString &kind)
{
    const QString name = metric.isEmpty() ? keyMetricForKind(kind) : metric;
    const MetricInfo shown = metricDisplay(name, kind);
    return {name, shown.displayUnit, shown.displayScale, shown.label};
}

MetricView viewFor(const QString &kind)
{
    return viewForMetric(QString(), kind);
}

// Message, request, frame or file size in bytes, 0 when there is none.
double sizeBytesOf(const QJsonObject &params)
{
    for (const auto &key : {u"message_size_bytes"_s, u"request_size_bytes"_s, u"frame_size_bytes"_s,
                            u"file_size_bytes"_s})
        if (params.contains(key))
            return params.value(key).toDouble();
    return 0;
}

bool runMatchesText(const StoredRun &r, const QString &text)
{
    if (text.isEmpty())
        return true;
    if (r.clientEndpoint.contains(text, Qt::CaseInsensitive) || r.serverEndpoint.contains(text, Qt::CaseInsensitive))
        return true;
    for (const QJsonValue &v : r.inventoryPath)
        if (v.toObject().value(u"key"_s).toString().contains(text, Qt::CaseInsensitive))
            return true;
    return false;
}

QString mostCommonKind(const QList<StoredRun> &runs)
{
    QMap<QString, int> counts;
    QString best;
    for (const StoredRun &r : runs)
        if (++counts[r.record.kind] > counts.value(best))
            best = r.record.kind;
    return best;
}

} // namespace

StoreComparisonProvider::StoreComparisonProvider(QString databasePath) : m_path(std::move(databasePath)) {}

QString StoreComparisonProvider::origin() const
{
    return m_path;
}

QString StoreComparisonProvider::kindOf(const QString &datasetName)
{
    return datasetName.section(u':', 0, 0).trimmed();
}

QStringList StoreComparisonProvider::datasetNames() const
{
    auto store = ResultStore::open(m_path, {.createIfMissing = false, .readOnly = true});
    if (!store)
        return {};
    QStringList kinds;
    RunFilter f;
    f.status = RunStatus::Finished;
    f.withDetails = false;
    if (auto runs = (*store)->runs().listRuns(f))
        for (const StoredRun &r : *runs)
            if (!kinds.contains(r.record.kind))
                kinds << r.record.kind;
    // Baselines count where they carry their kind's key figure (a switch's
    // rated latency or a driver's transmit cost is shown on its own page).
    if (auto baselines = (*store)->baselines().baselines())
        for (const Baseline &b : *baselines)
            if (!kinds.contains(b.record.kind) && b.record.kind != u"ceiling"_s
                && valueOf(b.record, keyMetricForKind(b.record.kind)))
                kinds << b.record.kind;
    QStringList names;
    for (const QString &k : std::as_const(kinds))
        names << u"%1: %2"_s.arg(k, viewFor(k).label);
    return names;
}

std::optional<ComparisonData> StoreComparisonProvider::dataset(const QString &name, QString *error) const
{
    ComparisonSelection selection;
    selection.kind = kindOf(name);
    ComparisonBuild b = build(selection);
    if (!b.data && error)
        *error = b.error;
    if (b.data)
        b.data->title = name;
    return b.data;
}

ComparisonProvider::Builder StoreComparisonProvider::builder() const
{
    return [path = m_path](const ComparisonSelection &selection, const std::atomic_bool *cancelled) {
        return StoreComparisonProvider(path).build(selection, cancelled);
    };
}

ComparisonBuild StoreComparisonProvider::build(const ComparisonSelection &sel, const std::atomic_bool *cancelled) const
{
    ComparisonBuild result;
    QString *error = &result.error;
    auto store = ResultStore::open(m_path, {.createIfMissing = false, .readOnly = true});
    if (!store) {
        result.error = store.message();
        return result;
    }
    if (sel.wantKinds)
        result.kinds = datasetNames();
    // Hand-picked runs decide the kind when none is given.
    QList<StoredRun> picked;
    for (qint64 id : sel.runIds) {
        if (cancelled && cancelled->load()) {
            result.cancelled = true;
            return result;
        }
        if (auto r = (*store)->runs().run(id, false))
            picked.append(*r);
        else
            ++result.skipped;
    }
    QString kind = sel.kind.isEmpty() ? mostCommonKind(picked) : sel.kind;
    if (kind.isEmpty() && !sel.handPicked()) {
        // No kind asked for: the first the database can compare.
        const QStringList names = result.kinds.isEmpty() ? datasetNames() : result.kinds;
        kind = kindOf(names.value(0));
    }
    const MetricView view = viewForMetric(sel.metric, kind);
    result.kind = kind;
    result.metric = view.metric;
    result.metrics = {view.metric};
    if (view.metric != keyMetricForKind(kind))
        result.metrics.prepend(keyMetricForKind(kind));
    ComparisonData d;
    d.title = u"%1: %2"_s.arg(kind, view.label);
    d.metric = view.metric;
    d.unit = view.unit;
    d.description = u"Runs and baselines in %1"_s.arg(m_path);
    if (sel.handPicked())
        d.description = u"Runs picked by hand beside the baselines of their kind, in %1"_s.arg(m_path);
    d.dimensions = {u"message size"_s, u"host pair"_s, u"NIC"_s, u"switch"_s, u"cable"_s, u"plan"_s, u"date"_s,
                    u"origin"_s};
    d.seriesKey = u"origin"_s;

    RunFilter f;
    f.kind = kind;
    f.status = sel.status;
    f.withMetrics = true;
    f.newestFirst = true;
    if (sel.from.isValid())
        f.since = sel.from.startOfDay();
    if (sel.to.isValid())
        f.until = sel.to.addDays(1).startOfDay();
    // Text and size are matched here, after the query: no limit then.
    const bool postFiltered = !sel.text.isEmpty() || sel.messageSize > 0;
    f.limit = postFiltered ? 0 : kMaxRuns;
    std::optional<QList<StoredRun>> runs;
    if (sel.handPicked()) {
        runs = QList<StoredRun>();
        for (const StoredRun &r : std::as_const(picked)) {
            if (r.record.kind == kind)
                runs->append(r);
            else
                ++result.skipped;
        }
    } else if (auto listed = (*store)->runs().listRuns(f)) {
        runs = std::move(*listed);
    } else {
        result.error = listed.error().message;
        return result;
    }
    QSet<QString> metricNames;
    int accepted = 0;
    QMap<QString, QMap<double, QList<double>>> sweep; // host pair -> size -> values
    int seriesRuns = 0;
    for (const StoredRun &r : *runs) {
        if (cancelled && cancelled->load()) {
            result.cancelled = true;
            return result;
        }
        if (!sel.handPicked()
            && (!runMatchesText(r, sel.text) || (sel.messageSize > 0 && sizeBytesOf(r.record.params) != sel.messageSize)))
            continue;
        for (const Metric &m : r.record.metrics)
            metricNames.insert(m.name);
        const auto v = valueOf(r.record, view.metric);
        if (!v) {
            if (sel.handPicked())
                ++result.skipped;
            continue;
        }
        const QString candidate = u"run %1"_s.arg(r.id);
        result.candidates.append({candidate,
                             u"run %1 · %2 · %3 → %4 · %5 · %6 %7"_s.arg(r.id)
                                 .arg(r.startedAt.toLocalTime().toString(u"yyyy-MM-dd HH:mm"_s), r.clientEndpoint,
                                      r.serverEndpoint, sizeOf(r.record.params))
                                 .arg(*v * view.scale, 0, 'g', 4)
                                 .arg(view.unit),
                             false});
        if (sel.excluded.contains(candidate) || accepted >= kMaxRuns)
            continue;
        ++accepted;
        Observation o;
        o.values = {*v * view.scale};
        o.source = u"run %1"_s.arg(r.id);
        const QString pair = u"%1 → %2"_s.arg(r.clientEndpoint.section(u'/', 0, 0), r.serverEndpoint.section(u'/', 0, 0));
        o.attributes = {{u"message size"_s, sizeOf(r.record.params)},
                        {u"host pair"_s, pair},
                        {u"NIC"_s, pathKey(r.inventoryPath, u"nic"_s)},
                        {u"switch"_s, pathKey(r.inventoryPath, u"switch"_s)},
                        {u"cable"_s, pathKey(r.inventoryPath, u"cable"_s)},
                        {u"plan"_s, r.plan},
                        {u"date"_s, r.startedAt.date().toString(Qt::ISODate)},
                        {u"origin"_s, u"measured"_s}};
        o.conditions = conditionsOf(r.record.params, r.record.tool == u"wirebench-agent"_s);
        // The environment each end reported: kernel, and the client NIC's
        // driver, link and MTU, so a comparison says what else changed.
        if (const QString kernel = r.clientEnvironment.value(u"kernel"_s).toString(); !kernel.isEmpty())
            o.conditions.insert(u"kernel"_s, kernel);
        const QString nic = r.clientEndpoint.section(u'/', 1);
        for (const QJsonValue &iface : r.clientEnvironment.value(u"interfaces"_s).toArray()) {
            const QJsonObject i = iface.toObject();
            if (nic.isEmpty() || i.value(u"name"_s).toString() != nic)
                continue;
            const QString driver = (i.value(u"driver"_s).toString() + u' ' + i.value(u"driver_version"_s).toString()).trimmed();
            if (!driver.isEmpty())
                o.conditions.insert(u"driver"_s, driver);
            if (i.contains(u"speed_mbps"_s))
                o.conditions.insert(u"link"_s, u"%1 Mbit/s %2"_s.arg(i.value(u"speed_mbps"_s).toInt())
                                                   .arg(i.value(u"duplex"_s).toString()));
            if (i.contains(u"mtu"_s))
                o.conditions.insert(u"MTU"_s, QString::number(i.value(u"mtu"_s).toInt()));
        }
        // Field by field for the environment diff, and the link's ceiling.
        o.environment = environmentFactsOfRun(r);
        o.ceiling = theoreticalCeiling(view.metric, kind, r.record.params, runLinkSpeedBps(r)) * view.scale;
        d.observations.append(o);
        const double size = r.record.params.value(u"message_size_bytes"_s).toDouble();
        if (size > 0)
            sweep[pair][size].append(*v * view.scale);

        // The newest runs' interval samples as time series.
        if (seriesRuns < kTimeSeriesRuns) {
            auto samples = (*store)->runs().samples(r.id);
            PointSeries s;
            s.label = u"run %1 (%2)"_s.arg(r.id).arg(r.testCase);
            s.source = o.source;
            if (samples)
                for (const Sample &sm : *samples)
                    if (sm.name == view.metric && (sm.side == u"server"_s || view.metric == u"transactions_per_s"_s))
                        s.points.append(QPointF(sm.t, sm.value * view.scale));
            if (!s.points.isEmpty()) {
                d.timeSeries.append(s);
                ++seriesRuns;
            }
        }
        // RR latency distribution from the percentiles the agent reported.
        if (view.metric == u"transactions_per_s"_s && d.latencies.size() < kTimeSeriesRuns) {
            LatencyDistribution l;
            l.label = u"run %1"_s.arg(r.id);
            l.source = o.source;
            const QList<QPair<QString, double>> points{{u"latency_us_min"_s, 0.0},   {u"latency_us_p50"_s, 0.5},
                                                       {u"latency_us_p90"_s, 0.9},   {u"latency_us_p99"_s, 0.99},
                                                       {u"latency_us_p999"_s, 0.999}, {u"latency_us_max"_s, 1.0}};
            for (const auto &[metric, fraction] : points)
                if (auto us = r.record.metric(metric, u"client"_s))
                    l.cdfPoints.append(QPointF(*us, fraction));
            if (l.cdfPoints.size() >= 3)
                d.latencies.append(l);
        }
    }
    d.timeSeriesUnit = view.unit;

    // Historical baselines of the same kind, as markers beside the runs.
    auto baselines = (*store)->baselines().baselines(kind);
    if (baselines && sel.includeBaselines) {
        for (const Baseline &b : *baselines) {
            const auto v = valueOf(b.record, view.metric);
            if (!v)
                continue;
            const QString client = b.record.params.value(u"client_host"_s).toString();
            const QString server = b.record.params.value(u"server_host"_s).toString();
            const QString swName = b.hardware.value(u"switch"_s).toObject().value(u"model"_s).toString();
            if (!sel.text.isEmpty() && !client.contains(sel.text, Qt::CaseInsensitive)
                && !server.contains(sel.text, Qt::CaseInsensitive) && !swName.contains(sel.text, Qt::CaseInsensitive))
                continue;
            if (sel.messageSize > 0 && sizeBytesOf(b.record.params) != sel.messageSize)
                continue;
            const QString candidate = u"baseline "_s + b.key;
            result.candidates.append({candidate,
                                     u"%1: %2 · %3 · %4 %5"_s.arg(citationOf(b), b.citation.title, sizeOf(b.record.params))
                                         .arg(*v * view.scale, 0, 'g', 4)
                                         .arg(view.unit),
                                     true});
            if (sel.excluded.contains(candidate))
                continue;
            Observation o;
            o.values = {*v * view.scale};
            o.baseline = true;
            o.source = u"%1: %2"_s.arg(citationOf(b), b.citation.title);
            o.attributes = {{u"message size"_s, sizeOf(b.record.params)},
                            {u"host pair"_s, client.isEmpty() ? u"—"_s : u"%1 → %2"_s.arg(client, server)},
                            {u"NIC"_s, u"—"_s},
                            {u"switch"_s, b.hardware.value(u"switch"_s).toObject().value(u"model"_s).toString(u"—"_s)},
                            {u"cable"_s, u"—"_s},
                            {u"plan"_s, citationOf(b)},
                            {u"date"_s, b.citation.date},
                            {u"origin"_s, citationOf(b)}};
            o.conditions = conditionsOf(b.record.params, false);
            o.environment = environmentFactsOfBaseline(b);
            o.ceiling = baselineCeiling(b, view.metric) * view.scale;
            d.observations.append(o);
        }
    }
    for (const MetricInfo &m : metricCatalog())
        if (metricNames.contains(m.name) && !result.metrics.contains(m.name))
            result.metrics.append(m.name);
    if (d.observations.isEmpty()) {
        if (error)
            *error = sel.handPicked() || !sel.excluded.isEmpty() || postFiltered || f.since.isValid() || f.until.isValid()
                ? u"nothing to compare: no run or baseline of kind '%1' with %2 matches the filter and selection"_s.arg(kind, view.label)
                : u"no finished runs or baselines of kind '%1' in %2"_s.arg(kind, m_path);
        return result;
    }
    d.defaultGroupBy = d.attributeValues(u"message size"_s).size() > 1 ? u"message size"_s : u"host pair"_s;
    for (auto it = sweep.begin(); it != sweep.end(); ++it) {
        if (it->size() < 2)
            continue;
        PointSeries s;
        s.label = it.key();
        for (auto p = it->begin(); p != it->end(); ++p) {
            double sum = 0;
            for (double x : *p)
                sum += x;
            s.points.append(QPointF(p.key(), sum / p->size()));
        }
        d.sweeps.append(s);
    }
    d.sweepXLabel = u"message size (bytes)"_s;
    if (result.skipped > 0)
        d.description += u"; %1 picked run(s) left out (another kind, or no %2)"_s.arg(result.skipped).arg(view.label);
    result.data = std::move(d);
    return result;
}

} // namespace wb
