// SPDX-License-Identifier: GPL-3.0-or-later
#include "history.h"

#include "analysis/groupcomparison.h"
#include "result/metriccatalog.h"
#include "store/resultstore.h"
#include "store/runstore.h"
#include "store/tagname.h"

#include <QHash>
#include <QJsonArray>

#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;

namespace wb {

namespace {

// What a history marks on its time axis: what the lab changed, not what a
// run's load or offloads happened to be.
const QStringList &trackedFields()
{
    static const QStringList fields = [] {
        QStringList f;
        for (const QString &side : {u"client"_s, u"server"_s})
            for (const QString &what : {u"kernel"_s, u"NIC"_s, u"driver"_s, u"driver version"_s, u"firmware"_s})
                f << side + u' ' + what;
        f << u"link speed"_s << u"duplex"_s << u"MTU"_s;
        return f;
    }();
    return fields;
}

EnvironmentFacts trackedFacts(const StoredRun &run)
{
    const EnvironmentFacts all = environmentFactsOfRun(run);
    EnvironmentFacts out;
    for (const QString &field : trackedFields())
        if (const auto it = all.constFind(field); it != all.cend())
            out.insert(field, *it);
    return out;
}

bool sameEnvironment(const StoredRun &a, const StoredRun &b)
{
    return a.clientEndpoint == b.clientEndpoint && a.serverEndpoint == b.serverEndpoint
           && a.clientEnvironment == b.clientEnvironment && a.serverEnvironment == b.serverEnvironment
           && a.inventoryPath == b.inventoryPath && a.record.params.value(u"interface"_s) == b.record.params.value(u"interface"_s);
}

// The host a run's end addressed: the inventory's name when the run went
// over the inventory, else its endpoint without interface or port.
QString hostOf(const StoredRun &run, bool client)
{
    const QString role = client ? u"client_host"_s : u"server_host"_s;
    for (const QJsonValue &v : run.inventoryPath) {
        const QJsonObject e = v.toObject();
        if (e.value(u"role"_s).toString() == role)
            return e.value(u"key"_s).toString();
    }
    const QString endpoint = client ? run.clientEndpoint : run.serverEndpoint;
    return endpoint.section(u'/', 0, 0);
}

bool pathHas(const StoredRun &run, const QString &type, const QString &key)
{
    for (const QJsonValue &v : run.inventoryPath) {
        const QJsonObject e = v.toObject();
        if (e.value(u"type"_s).toString() == type && e.value(u"key"_s).toString() == key)
            return true;
    }
    return false;
}

QString pText(double p)
{
    return p < 0.001 ? u"p < 0.001"_s : u"p = %1"_s.arg(p, 0, 'g', 2);
}

// One point per measurement (its repetitions), one per run measured once.
struct Figure
{
    const StoredRun *run = nullptr;
    double value = 0;
    QString condition; // its key
};

void addPoints(History &h, const QList<Figure> &figures)
{
    // A measurement whose repetitions arrive in two reads joins its point;
    // only the last point can still grow.
    QHash<QString, int> pointOf;
    if (!h.points.isEmpty() && !h.points.last().measurementUuid.isEmpty())
        pointOf.insert(h.points.last().measurementUuid, int(h.points.size()) - 1);
    QSet<int> grown;
    const StoredRun *previous = nullptr;
    for (const Figure &f : figures) {
        const QString uuid = f.run->measurementUuid;
        int at = uuid.isEmpty() ? -1 : pointOf.value(uuid, -1);
        if (at < 0) {
            HistoryPoint p;
            p.at = f.run->startedAt;
            p.measurementUuid = uuid;
            // Night after night the environment is the same: read it again
            // only when what it is read from changed.
            p.environment = previous && sameEnvironment(*previous, *f.run) && !h.points.isEmpty()
                                ? h.points.last().environment
                                : trackedFacts(*f.run);
            previous = f.run;
            h.points.append(p);
            at = int(h.points.size()) - 1;
            if (!uuid.isEmpty())
                pointOf.insert(uuid, at);
        }
        HistoryPoint &p = h.points[at];
        if (p.runIds.contains(f.run->id))
            continue;
        p.runIds.append(f.run->id);
        p.values.append(f.value);
        if (!f.run->notes.isEmpty() && !p.notes.contains(f.run->notes))
            p.notes = p.notes.isEmpty() ? f.run->notes : p.notes + u"; "_s + f.run->notes;
        for (const QString &tag : f.run->tags)
            if (!p.tags.contains(tag))
                p.tags.append(tag);
        grown.insert(at);
    }
    for (int at : std::as_const(grown)) {
        h.points[at].estimate = stats::estimateMean(h.points[at].values, h.confidence);
        TagName::sort(h.points[at].tags);
    }
}

void findEnvironmentChanges(History &h, int fromPoint)
{
    while (!h.environmentChanges.isEmpty() && h.environmentChanges.last().point >= fromPoint)
        h.environmentChanges.removeLast();
    for (int i = std::max(1, fromPoint); i < h.points.size(); ++i) {
        if (h.points[i - 1].environment == h.points[i].environment)
            continue;
        HistoryEnvironmentChange c;
        c.point = i;
        c.at = h.points[i].at;
        c.before = h.points[i - 1].environment;
        c.after = h.points[i].environment;
        for (const EnvironmentFieldDiff &d : diffEnvironmentFacts(h.points[i - 1].environment, h.points[i].environment))
            if (d.state == EnvironmentFieldDiff::State::Differs)
                c.fields.append(d);
        if (!c.fields.isEmpty())
            h.environmentChanges.append(c);
    }
}

void describeChangePoints(History &h, const QList<stats::ChangePoint> &found)
{
    const MetricPolarity polarity = metricPolarity(h.metric);
    h.changePoints.clear();
    for (const stats::ChangePoint &c : found) {
        HistoryChangePoint p;
        p.point = c.index;
        p.at = h.points[c.index].at;
        p.meanBefore = c.meanBefore;
        p.meanAfter = c.meanAfter;
        p.relativeChangePct = c.relativeChangePct;
        p.pValue = c.pValue;
        p.worse = (polarity == MetricPolarity::HigherIsBetter && c.meanAfter < c.meanBefore)
                  || (polarity == MetricPolarity::LowerIsBetter && c.meanAfter > c.meanBefore);
        for (int e = 0; e < h.environmentChanges.size(); ++e)
            if (h.environmentChanges[e].point == c.index)
                p.environmentChange = e;
        p.sentence = u"%1 %2 %3 on %4 (%5)"_s.arg(h.kind, h.metricLabel, signedPercentText(c.relativeChangePct),
                                                 p.at.toUTC().date().toString(Qt::ISODate), pText(c.pValue));
        if (p.environmentChange >= 0)
            p.sentence += u", when "_s + h.environmentChanges[p.environmentChange].phrase();
        h.changePoints.append(p);
    }
}

QList<stats::ChangePoint> asDetected(const History &h)
{
    QList<stats::ChangePoint> out;
    for (const HistoryChangePoint &c : h.changePoints)
        out.append({c.point, c.meanBefore, c.meanAfter, c.relativeChangePct, c.pValue});
    return out;
}

} // namespace

QString HistoryElement::label() const
{
    switch (type) {
    case Type::HostPair:
        return u"%1 → %2"_s.arg(first, second);
    case Type::Nic:
        return u"NIC %1"_s.arg(first);
    case Type::Switch:
        return u"switch %1"_s.arg(first);
    case Type::Cable:
        return u"cable %1"_s.arg(first);
    }
    return first;
}

bool HistoryElement::matches(const StoredRun &run) const
{
    switch (type) {
    case Type::HostPair:
        return hostOf(run, true) == first && hostOf(run, false) == second;
    case Type::Nic:
        return pathHas(run, u"nic"_s, first);
    case Type::Switch:
        return pathHas(run, u"switch"_s, first);
    case Type::Cable:
        return pathHas(run, u"cable"_s, first);
    }
    return false;
}

HistoryElement HistoryElement::hostPairOf(const StoredRun &run)
{
    return {Type::HostPair, hostOf(run, true), hostOf(run, false)};
}

QString signedPercentText(double pct)
{
    const QString digits = QString::number(std::abs(pct), 'f', std::abs(pct) < 10 ? 1 : 0);
    return (pct < 0 ? u"\u2212"_s : u"+"_s) + digits + u" %"_s;
}

QList<HistoryElement> historyElementsOf(const StoredRun &run)
{
    QList<HistoryElement> out{HistoryElement::hostPairOf(run)};
    if (linkOfRun(run).linkClass == LinkInfo::Class::Loopback)
        return out;
    const QList<std::pair<QString, HistoryElement::Type>> types{
        {u"nic"_s, HistoryElement::Type::Nic}, {u"switch"_s, HistoryElement::Type::Switch}, {u"cable"_s, HistoryElement::Type::Cable}};
    for (const auto &entry : types) {
        const QString &name = entry.first;
        const HistoryElement::Type type = entry.second; // a plain local: lambdas capture it
        for (const QJsonValue &v : run.inventoryPath) {
            const QJsonObject e = v.toObject();
            const HistoryElement element{type, e.value(u"key"_s).toString(), {}};
            if (e.value(u"type"_s).toString() == name && !element.first.isEmpty()
                && std::none_of(out.cbegin(), out.cend(), [&](const HistoryElement &o) {
                       return o.type == type && o.first == element.first;
                   }))
                out.append(element);
        }
    }
    return out;
}

HistoryQuery historyQueryFor(const Condition &condition, const HistoryElement &element, double confidence)
{
    HistoryQuery q;
    q.element = element;
    q.kind = condition.kind;
    q.metric = condition.metric;
    q.side = condition.side;
    q.conditionKey = condition.key();
    q.confidence = confidence;
    return q;
}

QString HistoryEnvironmentChange::describe() const
{
    QStringList parts;
    for (const EnvironmentFieldDiff &d : fields)
        parts << u"%1: %2 → %3"_s.arg(d.field, d.first, d.second);
    return parts.join(u"; "_s);
}

QString HistoryEnvironmentChange::phrase() const
{
    // field -> (before, after), a driver and its version read together.
    QMap<QString, std::pair<QString, QString>> changed;
    QHash<QString, std::pair<QString, QString>> versions;
    for (const EnvironmentFieldDiff &d : fields) {
        if (d.field.endsWith(u" driver version"_s))
            versions.insert(d.field.chopped(8), {d.first, d.second});
        else
            changed.insert(d.field, {d.first, d.second});
    }
    for (auto it = versions.begin(); it != versions.end(); ++it) {
        auto driver = changed.find(it.key());
        if (driver == changed.end()) { // the same driver, a new version: "e1000e 3.2 to 3.8"
            const QString name = before.value(it.key());
            changed.insert(it.key(), {name.isEmpty() ? it->first : name + u' ' + it->first,
                                      name.isEmpty() ? it->second : name + u' ' + it->second});
        }
        else
            *driver = {driver->first + u' ' + it->first, driver->second + u' ' + it->second};
    }
    QStringList parts;
    QSet<QString> said;
    for (auto it = changed.begin(); it != changed.end(); ++it) {
        if (said.contains(it.key()))
            continue;
        QString field = it.key();
        for (const QString &side : {u"client "_s, u"server "_s}) {
            if (!field.startsWith(side))
                continue;
            const QString what = field.mid(side.size());
            const QString other = (side == u"client "_s ? u"server "_s : u"client "_s) + what;
            if (changed.value(other) == it.value()) {
                said.insert(other);
                field = what; // both ends changed alike
            }
        }
        QString before = it->first, after = it->second;
        if (const QString driverName = before.section(u' ', 0, 0);
            field.endsWith(u"driver"_s) && before.contains(u' ') && after.startsWith(driverName + u' '))
            after = after.mid(driverName.size() + 1);
        parts << u"the %1 went from %2 to %3"_s.arg(field, before, after);
    }
    return parts.join(u" and "_s);
}

QList<double> History::means() const
{
    QList<double> out;
    out.reserve(points.size());
    for (const HistoryPoint &p : points)
        out.append(p.estimate.mean);
    return out;
}

namespace {

// The runs in time order (ties: in the order they were stored).
QList<const StoredRun *> inTimeOrder(QList<const StoredRun *> ordered)
{
    std::stable_sort(ordered.begin(), ordered.end(), [](const StoredRun *a, const StoredRun *b) {
        return a->startedAt != b->startedAt ? a->startedAt < b->startedAt : a->id < b->id;
    });
    return ordered;
}

QList<Figure> figuresOf(const QList<const StoredRun *> &runs, const History &h, const std::optional<FigureSide> &side,
                        QHash<QString, HistoryConditionEntry> *conditions, QHash<QString, Condition> *byKey)
{
    QList<Figure> out;
    for (const StoredRun *run : runs) {
        const StoredRun &r = *run;
        if (r.status != RunStatus::Finished || r.record.kind != h.kind || !h.element.matches(r))
            continue;
        const QList<FigureSide> sides = sidesWithMetric(r.record, h.metric);
        if (sides.isEmpty() || (side && !sides.contains(*side)))
            continue;
        const FigureSide at = side ? *side : sides.first();
        const auto value = valueAtSide(r.record, h.metric, at);
        if (!value || !std::isfinite(*value))
            continue;
        const Condition c = conditionOf(r.record, h.metric, at);
        const QString key = c.key();
        // A history's runs share a handful of conditions: label each once.
        if (conditions && !conditions->contains(key)) {
            conditions->insert(key, {key, c.label(), 0});
            byKey->insert(key, c);
        }
        if (h.shownCondition < 0 || key == h.condition.key())
            out.append({&r, *value, key});
    }
    return out;
}

} // namespace

History buildHistory(const QList<StoredRun> &runs, const HistoryQuery &query)
{
    QList<const StoredRun *> all;
    all.reserve(runs.size());
    for (const StoredRun &r : runs)
        all.append(&r);
    return buildHistory(all, query);
}

History buildHistory(const QList<const StoredRun *> &runs, const HistoryQuery &query)
{
    History h;
    h.element = query.element;
    h.kind = query.kind;
    h.metric = query.metric.isEmpty() ? keyMetricForKind(query.kind) : query.metric;
    const MetricInfo display = metricDisplay(h.metric, h.kind);
    h.unit = display.displayUnit;
    h.displayScale = display.displayScale;
    h.metricLabel = display.label;
    h.confidence = query.confidence;
    h.detector = query.detector;

    QHash<QString, HistoryConditionEntry> conditions;
    QHash<QString, Condition> byKey;
    const QList<Figure> all = figuresOf(inTimeOrder(runs), h, query.side, &conditions, &byKey);
    if (conditions.isEmpty())
        return h;
    // Count points, not runs: repetitions of one measurement are one point.
    QHash<QString, QSet<QString>> measurements;
    for (const Figure &f : all)
        measurements[f.condition].insert(f.run->measurementUuid.isEmpty() ? u"run "_s + QString::number(f.run->id)
                                                                          : f.run->measurementUuid);
    for (auto it = conditions.begin(); it != conditions.end(); ++it)
        it->points = int(measurements.value(it.key()).size());
    h.conditions = conditions.values();
    std::sort(h.conditions.begin(), h.conditions.end(), [](const auto &a, const auto &b) {
        return a.points != b.points ? a.points > b.points : a.label < b.label;
    });
    h.shownCondition = 0;
    for (int i = 0; i < h.conditions.size(); ++i)
        if (h.conditions[i].key == query.conditionKey)
            h.shownCondition = i;
    h.condition = byKey.value(h.conditions[h.shownCondition].key);

    QList<Figure> shown;
    for (const Figure &f : all)
        if (f.condition == h.conditions[h.shownCondition].key)
            shown.append(f);
    addPoints(h, shown);
    findEnvironmentChanges(h, 1);
    describeChangePoints(h, stats::eDivisiveChangePoints(h.means(), h.detector));
    return h;
}

History extendHistory(const History &history, const QList<StoredRun> &newRuns)
{
    History h = history;
    if (h.shownCondition < 0)
        return h;
    // The side the shown condition reads.
    const std::optional<FigureSide> side = h.condition.side;
    const int before = int(h.points.size());
    QList<const StoredRun *> added;
    for (const StoredRun &r : newRuns)
        added.append(&r);
    const QList<Figure> figures = figuresOf(inTimeOrder(added), h, side, nullptr, nullptr);
    if (figures.isEmpty())
        return h;
    addPoints(h, figures);
    h.conditions[h.shownCondition].points = int(h.points.size());
    findEnvironmentChanges(h, std::max(1, before - 1));
    describeChangePoints(h, stats::eDivisiveExtend(h.means(), asDetected(history), h.detector));
    return h;
}

StoreResult<History> loadHistory(ResultStore &store, const HistoryQuery &query)
{
    RunFilter filter;
    filter.kind = query.kind;
    filter.status = RunStatus::Finished;
    filter.params = query.params;
    filter.since = query.since;
    filter.until = query.until;
    switch (query.element.type) {
    case HistoryElement::Type::HostPair:
        break; // matched on the endpoints as well: imported runs have no inventory path
    case HistoryElement::Type::Nic:
        filter.nicKey = query.element.first;
        break;
    case HistoryElement::Type::Switch:
        filter.switchName = query.element.first;
        break;
    case HistoryElement::Type::Cable:
        filter.cableLabel = query.element.first;
        break;
    }
    const QString metric = query.metric.isEmpty() ? keyMetricForKind(query.kind) : query.metric;
    auto runs = store.runs().runsWithMetric(filter, metric);
    if (!runs)
        return runs.error();
    return buildHistory(*runs, query);
}

} // namespace wb
