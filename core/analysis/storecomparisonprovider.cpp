// SPDX-License-Identifier: GPL-3.0-or-later
#include "storecomparisonprovider.h"

#include "result/experimentinfo.h"
#include "result/metriccatalog.h"
#include "environmentfacts.h"
#include "store/baselinestore.h"
#include "store/resultstore.h"
#include "store/runfilter.h"
#include "store/runstore.h"
#include "store/storeservice.h"

#include <QCoreApplication>
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

// The figures of a record for a metric, one per side it has (the
// receiver first for streams, the client for request/response).
bool hasAnySide(const ResultRecord &r, const QString &metric)
{
    return r.metric(metric) || r.metric(metric, u"server"_s) || r.metric(metric, u"client"_s);
}

// The name a record holds a metric under, where a figure from before the
// name existed stands for it.
QString metricToRead(const ResultRecord &r, const QString &metric)
{
    if (hasAnySide(r, metric))
        return metric;
    // The router reports of the seeds counted what the device sent on; a
    // forwarding run's sink counts what arrived. Both are the forwarded rate.
    if (r.kind == u"forwarding"_s && metric == u"packets_per_s"_s)
        return u"forwarded_packets_per_s"_s;
    // A seed's FTP figure, and a run from before the file transfer's two
    // rates were apart, is the network phase -- unless that run timed its
    // fsync in, which makes it the rate to disk.
    if (r.kind == u"file_transfer"_s) {
        const bool fsyncTimed = r.params.value(u"fsync"_s).toBool();
        if ((metric == u"network_throughput_bps"_s && !fsyncTimed)
            || (metric == u"flushed_throughput_bps"_s && fsyncTimed))
            return u"throughput_bps"_s;
    }
    return metric;
}

QList<std::pair<FigureSide, double>> figuresOf(const ResultRecord &r, const QString &metric)
{
    QList<std::pair<FigureSide, double>> out;
    const QString read = metricToRead(r, metric);
    for (FigureSide side : sidesWithMetric(r, read))
        if (auto v = valueAtSide(r, read, side))
            out.append({side, *v});
    return out;
}

std::optional<double> valueOf(const ResultRecord &r, const QString &metric)
{
    const auto figures = figuresOf(r, metric);
    return figures.isEmpty() ? std::nullopt : std::optional(figures.first().second);
}

// The defining parameters as attributes, so a comparison can group by them.
void addParameterAttributes(QMap<QString, QString> &attributes, const Condition &c)
{
    for (const ConditionParameter &p : c.parameters) {
        const ConditionParameterInfo *info = findDefiningParameter(c.kind, p.key);
        if (info)
            attributes.insert(info->label, info->show(p.value) + (p.assumed ? u" (assumed)"_s : QString()));
    }
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

// An experiment's runs are grouped by the arm they ran over.
const QString kArmAttribute = QString::fromUtf8(QT_TRANSLATE_NOOP("wb::Condition", "experiment arm"));

// The experiment object the runs of one plan run carry (the first one).
QJsonObject experimentOf(const QList<StoredRun> &runs, const QString &planRun)
{
    for (const StoredRun &r : runs)
        if (r.record.extra.value(u"plan_run"_s).toString() == planRun && !experimentArmOf(r.record.extra).isEmpty())
            return experimentOfRun(r.record.extra);
    return {};
}

// What the experiment asks, and whether its arms differ in the element they
// are meant to vary and in nothing else the inventory knows of: a verdict
// between arms is about that element only when the rest was held constant.
QStringList experimentNotes(const ComparisonData &d, const QJsonObject &experiment)
{
    QStringList notes;
    const QString varies = experiment.value(u"varies"_s).toString();
    if (!experiment.value(u"question"_s).toString().isEmpty())
        notes << u"Experiment: %1 The arms vary the %2; %3 round(s), interleaved."_s.arg(
            experiment.value(u"question"_s).toString(), varies == u"nic"_s ? u"NIC"_s : varies)
                     .arg(experiment.value(u"rounds"_s).toInt());
    // The elements as the observations name them.
    const QList<std::pair<QString, QString>> elements{
        {u"host"_s, u"host pair"_s}, {u"nic"_s, u"NIC"_s}, {u"switch"_s, u"switch"_s}, {u"cable"_s, u"cable"_s}};
    QStringList alsoDiffer;
    QStringList unknown;
    for (const auto &[element, attribute] : elements) {
        QHash<QString, QSet<QString>> perArm;
        for (const Observation &o : d.observations)
            if (!o.baseline && o.attributes.contains(kArmAttribute))
                perArm[o.attributes.value(kArmAttribute)].insert(o.attributes.value(attribute));
        QSet<QString> values;
        bool known = true;
        for (const QSet<QString> &v : std::as_const(perArm)) {
            values.unite(v);
            for (const QString &x : v)
                known = known && !x.isEmpty() && x != u"—"_s;
        }
        if (!known)
            unknown << attribute;
        else if (element == varies && values.size() < 2)
            notes << u"The arms do not differ in the %1 the inventory records for them."_s.arg(attribute);
        else if (element != varies && values.size() > 1)
            alsoDiffer << attribute;
    }
    if (!alsoDiffer.isEmpty())
        notes << u"Besides the %1, the arms differ in the %2: a verdict is about the whole path each arm took."_s
                     .arg(varies == u"nic"_s ? u"NIC"_s : varies, alsoDiffer.join(u" and "_s));
    if (!unknown.isEmpty())
        notes << u"The inventory does not say which %1 each arm ran over."_s.arg(unknown.join(u", "_s));
    return notes;
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

StoreComparisonProvider::StoreComparisonProvider(std::shared_ptr<StoreService> service) : m_service(std::move(service)) {}

QString StoreComparisonProvider::origin() const
{
    return m_service ? m_service->displayLocation() : QString();
}

QString StoreComparisonProvider::kindOf(const QString &datasetName)
{
    return datasetName.section(u':', 0, 0).trimmed();
}

QStringList StoreComparisonProvider::kindNames(ResultStore &store)
{
    QStringList kinds;
    RunFilter f;
    f.status = RunStatus::Finished;
    f.withDetails = false;
    if (auto runs = store.runs().listRuns(f))
        for (const StoredRun &r : *runs)
            if (!kinds.contains(r.record.kind))
                kinds << r.record.kind;
    // Baselines count where they carry their kind's key figure (a switch's
    // rated latency or a driver's transmit cost is shown on its own page).
    if (auto baselines = store.baselines().baselines())
        for (const Baseline &b : *baselines)
            if (!kinds.contains(b.record.kind) && b.record.kind != u"ceiling"_s
                && valueOf(b.record, keyMetricForKind(b.record.kind)))
                kinds << b.record.kind;
    QStringList names;
    for (const QString &k : std::as_const(kinds))
        names << u"%1: %2"_s.arg(k, viewFor(k).label);
    return names;
}

QStringList StoreComparisonProvider::datasetNames() const
{
    if (!m_service)
        return {};
    auto names = m_service->read([](ResultStore &store) -> StoreResult<QStringList> { return kindNames(store); }).result();
    return names ? *names : QStringList();
}

std::optional<ComparisonData> StoreComparisonProvider::dataset(const QString &name, QString *error) const
{
    ComparisonSelection selection;
    selection.kind = kindOf(name);
    ComparisonBuild b = build(selection);
    if (!b.data && error)
        *error = b.error;
    return b.data;
}

ComparisonProvider::Builder StoreComparisonProvider::builder() const
{
    return [service = m_service](const ComparisonSelection &selection, const std::atomic_bool *cancelled) {
        return StoreComparisonProvider(service).build(selection, cancelled);
    };
}

ComparisonBuild StoreComparisonProvider::build(const ComparisonSelection &sel, const std::atomic_bool *cancelled) const
{
    if (!m_service) {
        ComparisonBuild none;
        none.error = u"no results database is open"_s;
        return none;
    }
    const QString location = m_service->displayLocation();
    auto built = m_service
                     ->read([&sel, cancelled, location](ResultStore &store) -> StoreResult<ComparisonBuild> {
                         return buildFrom(store, location, sel, cancelled);
                     })
                     .result();
    if (!built) {
        ComparisonBuild failed;
        failed.error = built.error().message;
        return failed;
    }
    return *built;
}

ComparisonBuild StoreComparisonProvider::buildFrom(ResultStore &store, const QString &location,
                                                   const ComparisonSelection &sel, const std::atomic_bool *cancelled)
{
    ComparisonBuild result;
    QString *error = &result.error;
    if (sel.wantKinds)
        result.kinds = kindNames(store);
    // Hand-picked runs decide the kind when none is given.
    QList<StoredRun> picked;
    for (qint64 id : sel.runIds) {
        if (cancelled && cancelled->load()) {
            result.cancelled = true;
            return result;
        }
        if (auto r = store.runs().run(id, false))
            picked.append(*r);
        else
            ++result.skipped;
    }
    QString kind = sel.kind.isEmpty() ? mostCommonKind(picked) : sel.kind;
    if (kind.isEmpty() && !sel.handPicked()) {
        // No kind asked for: the first the database can compare.
        const QStringList names = result.kinds.isEmpty() ? kindNames(store) : result.kinds;
        kind = kindOf(names.value(0));
    }
    const MetricView view = viewForMetric(sel.metric, kind);
    result.kind = kind;
    result.metric = view.metric;
    result.metrics = {view.metric};
    if (view.metric != keyMetricForKind(kind))
        result.metrics.prepend(keyMetricForKind(kind));
    ComparisonData d;
    d.title = u"%1: %2"_s.arg(testKindLabel(kind), view.label); // the catalog's words, as on screen
    d.metric = view.metric;
    d.unit = view.unit;
    d.description = QCoreApplication::translate("wb::StoreComparisonProvider", "Runs and baselines in %1").arg(location);
    if (sel.handPicked())
        d.description = u"Runs picked by hand beside the baselines of their kind, in %1"_s.arg(location);
    // English identifiers (read back by the grouping); marked for the
    // translation that dimensionDisplay() shows.
    d.dimensions = {QString::fromUtf8(QT_TRANSLATE_NOOP("wb::Condition", "host pair")),
                    QString::fromUtf8(QT_TRANSLATE_NOOP("wb::Condition", "NIC")),
                    QString::fromUtf8(QT_TRANSLATE_NOOP("wb::Condition", "switch")),
                    QString::fromUtf8(QT_TRANSLATE_NOOP("wb::Condition", "cable")),
                    QString::fromUtf8(QT_TRANSLATE_NOOP("wb::Condition", "plan")),
                    QString::fromUtf8(QT_TRANSLATE_NOOP("wb::Condition", "date")),
                    QString::fromUtf8(QT_TRANSLATE_NOOP("wb::Condition", "origin"))};
    d.seriesKey = u"origin"_s;
    d.matrixRowKey = u"from"_s;
    d.matrixColumnKey = u"to"_s;

    RunFilter f;
    f.kind = kind;
    f.status = sel.status;
    f.tag = sel.tag;
    f.withMetrics = true;
    f.newestFirst = true;
    if (sel.from.isValid())
        f.since = sel.from.startOfDay();
    if (sel.to.isValid())
        f.until = sel.to.addDays(1).startOfDay();
    // Text and size are matched here, after the query: no limit then.
    const bool postFiltered = !sel.text.isEmpty() || sel.messageSize > 0 || !sel.experiment.isEmpty();
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
    } else if (auto listed = store.runs().listRuns(f)) {
        runs = std::move(*listed);
    } else {
        result.error = listed.error().message;
        return result;
    }
    QSet<QString> metricNames;
    int accepted = 0;
    int seriesRuns = 0;
    for (const StoredRun &r : *runs) {
        if (cancelled && cancelled->load()) {
            result.cancelled = true;
            return result;
        }
        if (!sel.handPicked()
            && (!runMatchesText(r, sel.text) || (sel.messageSize > 0 && sizeBytesOf(r.record.params) != sel.messageSize)))
            continue;
        if (!sel.experiment.isEmpty()
            && (r.record.extra.value(u"plan_run"_s).toString() != sel.experiment || experimentArmOf(r.record.extra).isEmpty()))
            continue;
        for (const Metric &m : r.record.metrics)
            metricNames.insert(m.name);
        const auto figures = figuresOf(r.record, view.metric);
        if (figures.isEmpty()) {
            if (sel.handPicked())
                ++result.skipped;
            continue;
        }
        const QString candidate = u"run %1"_s.arg(r.id);
        const Condition shown = conditionOf(r.record, view.metric, figures.first().first);
        const LinkInfo link = linkOfRun(r);
        result.candidates.append({candidate,
                                  u"run %1 · %2 · %3 → %4 · %5 · %6 %7 · %8"_s.arg(r.id)
                                      .arg(r.startedAt.toLocalTime().toString(u"yyyy-MM-dd HH:mm"_s), r.clientEndpoint,
                                           r.serverEndpoint, shown.label())
                                      .arg(figures.first().second * view.scale, 0, 'g', 4)
                                      .arg(view.unit, link.shortLabel()),
                                  false});
        if (sel.excluded.contains(candidate) || accepted >= kMaxRuns)
            continue;
        ++accepted;
        const QString from = r.clientEndpoint.section(u'/', 0, 0);
        const QString to = r.serverEndpoint.section(u'/', 0, 0);
        const EnvironmentFacts environment = environmentFactsOfRun(r);
        const double linkBps = link.ceilingApplies() ? link.speedBps : 0;
        // Over loopback the inventory's switch and cable were not crossed:
        // they name no part of what was measured.
        const bool noWire = link.linkClass == LinkInfo::Class::Loopback;
        const QString switchKey = noWire ? u"—"_s : pathKey(r.inventoryPath, u"switch"_s);
        const QString cableKey = noWire ? u"—"_s : pathKey(r.inventoryPath, u"cable"_s);
        for (const auto &[side, value] : figures) {
            Observation o;
            o.values = {value * view.scale};
            o.source = candidate;
            o.runId = r.id;
            o.startedAt = r.startedAt;
            o.link = link;
            o.condition = conditionOf(r.record, view.metric, side);
            o.attributes = {{u"host pair"_s, u"%1 → %2"_s.arg(from, to)},
                            {u"from"_s, from},
                            {u"to"_s, to},
                            {u"NIC"_s, pathKey(r.inventoryPath, u"nic"_s)},
                            {u"switch"_s, switchKey},
                            {u"cable"_s, cableKey},
                            {u"plan"_s, r.plan},
                            {u"date"_s, r.startedAt.date().toString(Qt::ISODate)},
                            {u"origin"_s, u"measured"_s}};
            if (const QString arm = experimentArmOf(r.record.extra); !arm.isEmpty())
                o.attributes.insert(kArmAttribute, arm);
            addParameterAttributes(o.attributes, *o.condition);
            o.environment = environment;
            o.ceiling = side == FigureSide::Sender ? 0
                                                   : theoreticalCeiling(view.metric, kind, r.record.params, linkBps, 0,
                                                                                         ipVersionOfRun(r), runMtu(r))
                                                                          * view.scale;
            d.observations.append(o);
        }

        // The newest runs' interval samples as time series.
        if (seriesRuns < kTimeSeriesRuns) {
            auto samples = store.runs().samples(r.id);
            PointSeries s;
            s.label = u"run %1 (%2)"_s.arg(r.id).arg(r.testCase);
            s.source = candidate;
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
            l.source = candidate;
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

    // Runs picked by hand that are all one experiment's (the Results page's
    // "Compare selected" on its runs): that experiment's question, as if
    // asked for by its plan run.
    QString experiment = sel.experiment;
    if (experiment.isEmpty() && sel.handPicked() && !d.observations.isEmpty()) {
        QSet<QString> planRuns;
        bool allArms = true;
        for (const StoredRun &r : std::as_const(*runs)) {
            allArms = allArms && !experimentArmOf(r.record.extra).isEmpty();
            planRuns.insert(r.record.extra.value(u"plan_run"_s).toString());
        }
        if (allArms && planRuns.size() == 1)
            experiment = *planRuns.cbegin();
    }

    // Historical baselines of the same kind: each one observation with its
    // identity (source, host pair, switch, side), never pooled. Not in an
    // experiment's answer: its question is about its own arms.
    auto baselines = store.baselines().baselines(kind);
    if (baselines && sel.includeBaselines && experiment.isEmpty()) {
        for (const Baseline &b : *baselines) {
            const auto figures = figuresOf(b.record, view.metric);
            if (figures.isEmpty())
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
            const Condition shown = conditionOf(b.record, view.metric, figures.first().first);
            result.candidates.append({candidate,
                                      u"%1: %2 · %3 · %4 %5"_s.arg(citationOf(b), b.citation.title, shown.label())
                                          .arg(figures.first().second * view.scale, 0, 'g', 4)
                                          .arg(view.unit),
                                      true});
            if (sel.excluded.contains(candidate))
                continue;
            const LinkInfo link = linkOfBaseline(b);
            const EnvironmentFacts environment = environmentFactsOfBaseline(b);
            for (const auto &[side, value] : figures) {
                Observation o;
                o.values = {value * view.scale};
                o.baseline = true;
                o.baselineKey = b.key;
                o.link = link;
                o.condition = conditionOf(b.record, view.metric, side);
                o.source = u"%1: %2"_s.arg(citationOf(b), b.citation.title);
                o.attributes = {{u"host pair"_s, client.isEmpty() ? u"—"_s : u"%1 → %2"_s.arg(client, server)},
                                {u"from"_s, client},
                                {u"to"_s, server},
                                {u"NIC"_s, u"—"_s},
                                {u"switch"_s, swName.isEmpty() ? u"—"_s : swName},
                                {u"cable"_s, u"—"_s},
                                {u"plan"_s, citationOf(b)},
                                {u"date"_s, b.citation.date},
                                {u"origin"_s, citationOf(b)}};
                addParameterAttributes(o.attributes, *o.condition);
                o.environment = environment;
                o.ceiling = side == FigureSide::Sender ? 0 : baselineCeiling(b, view.metric) * view.scale;
                d.observations.append(o);
            }
        }
    }
    for (const MetricInfo &m : metricCatalog())
        if (metricNames.contains(m.name) && !result.metrics.contains(m.name))
            result.metrics.append(m.name);
    if (d.observations.isEmpty()) {
        if (error)
            *error = sel.handPicked() || !sel.excluded.isEmpty() || postFiltered || f.since.isValid() || f.until.isValid()
                ? u"nothing to compare: no run or baseline of kind '%1' with %2 matches the filter and selection"_s.arg(kind, view.label)
                : u"no finished runs or baselines of kind '%1' in %2"_s.arg(kind, location);
        return result;
    }
    // The kind's defining parameters that take more than one value can be
    // grouped by: a sweep along them.
    for (const ConditionParameterInfo &p : definingParameters(kind))
        if (d.attributeValues(p.label).size() > 1)
            d.dimensions.insert(0, p.label);
    d.defaultGroupBy = u"host pair"_s;
    if (d.attributeValues(kArmAttribute).size() > 1) {
        d.dimensions.insert(0, kArmAttribute);
        if (!experiment.isEmpty()) {
            d.description = u"The runs of one experiment (plan run %1), by arm, without baselines, in %2"_s.arg(experiment, location);
            d.defaultGroupBy = kArmAttribute;
            d.notes += experimentNotes(d, experimentOf(*runs, experiment));
        }
    }
    if (result.skipped > 0)
        d.description += u"; %1 picked run(s) left out (another kind, or no %2)"_s.arg(result.skipped).arg(view.label);
    result.data = std::move(d);
    return result;
}

} // namespace wb
