// SPDX-License-Identifier: GPL-3.0-or-later
#include "comparisonengine.h"

#include <QCoreApplication>
#include <QHash>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>
#include <cmath>
#include <limits>

using namespace Qt::StringLiterals;

namespace wb {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
// The attribute the chart data splits a group by: each cell's source and setup.
const QString kChartSeries = QStringLiteral("source and setup");

// lupdate reads the context from here, also for calls in free functions.
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(wb::ComparisonEngine)
};

const QStringList &setupDimensions()
{
    static const QStringList d{u"host pair"_s, u"NIC"_s, u"switch"_s, u"cable"_s};
    return d;
}

// A category's place on a numeric axis: "64 B", "12 MiB", "1.5 KiB",
// "1472" as bytes; nullopt for text.
std::optional<double> numericValue(const QString &category)
{
    static const QRegularExpression re(u"^\\s*([0-9]+(?:\\.[0-9]+)?)\\s*(B|KiB|MiB|GiB|KB|MB|GB|pps)?\\b"_s);
    const auto m = re.match(category);
    if (!m.hasMatch())
        return std::nullopt;
    double v = m.captured(1).toDouble();
    const QString unit = m.captured(2);
    if (unit == u"KiB"_s)
        v *= 1024;
    else if (unit == u"MiB"_s)
        v *= 1024.0 * 1024;
    else if (unit == u"GiB"_s)
        v *= 1024.0 * 1024 * 1024;
    else if (unit == u"KB"_s)
        v *= 1e3;
    else if (unit == u"MB"_s)
        v *= 1e6;
    else if (unit == u"GB"_s)
        v *= 1e9;
    return v;
}

QString conditionKeyOf(const Observation &o, const QString &sweepParameter)
{
    if (!o.condition)
        return u"(no condition)"_s;
    return sweepParameter.isEmpty() ? o.condition->key() : o.condition->keyWithout(sweepParameter);
}

QString categoryOf(const Observation &o, const QString &groupBy, const QString &sweepParameter)
{
    if (!sweepParameter.isEmpty() && o.condition) {
        if (const ConditionParameter *p = o.condition->parameter(sweepParameter)) {
            const ConditionParameterInfo *info = findDefiningParameter(o.condition->kind, p->key);
            return (info ? info->show(p->value) : p->value) + (p->assumed ? Tr::tr(" (assumed)") : QString());
        }
    }
    return o.attributes.value(groupBy, u"—"_s);
}

QString linkSuffix(const LinkInfo &link)
{
    switch (link.linkClass) {
    case LinkInfo::Class::Loopback:
        return Tr::tr(" (loopback, no wire)");
    case LinkInfo::Class::Virtual:
        return Tr::tr(" (virtual link)");
    case LinkInfo::Class::Physical:
    case LinkInfo::Class::Unknown:
        break;
    }
    return {};
}

} // namespace

QString comparisonNumber(double v)
{
    if (!std::isfinite(v))
        return u"—"_s;
    if (v == 0)
        return u"0"_s;
    const double a = std::fabs(v);
    if (a >= 1000)
        return QString::number(v, 'f', 0);
    if (a >= 100)
        return QString::number(v, 'f', 1);
    if (a >= 0.001)
        return QString::number(v, 'g', 4);
    return QString::number(v, 'e', 2);
}

QString meanText(const stats::MeanEstimate &e)
{
    if (e.n == 0)
        return u"—"_s;
    if (e.single())
        return Tr::tr("%1 (single measurement)").arg(comparisonNumber(e.mean));
    return u"%1 [%2, %3]"_s.arg(comparisonNumber(e.mean), comparisonNumber(e.low), comparisonNumber(e.high));
}

QString ratioText(const EngineRow &row)
{
    if (row.reference)
        return Tr::tr("reference");
    if (!row.comparable || !std::isfinite(row.comparison.ratio))
        return u"—"_s;
    const QString r = QString::number(row.comparison.ratio, 'f', 3);
    if (row.comparison.ratioUnbounded)
        return Tr::tr("%1 [unbounded]").arg(r);
    if (std::isfinite(row.comparison.ratioLow))
        return u"%1 [%2, %3]"_s.arg(r, QString::number(row.comparison.ratioLow, 'f', 3),
                                    QString::number(row.comparison.ratioHigh, 'f', 3));
    return Tr::tr("%1 (no interval)").arg(r);
}

QString ceilingText(const EngineRow &row)
{
    if (!std::isfinite(row.pctOfCeiling))
        return u"—"_s;
    const QString pct = u"%1%"_s.arg(row.pctOfCeiling, 0, 'f', row.pctOfCeiling < 100 ? 1 : 0);
    return row.aboveCeiling ? Tr::tr("%1 ⚠ above the ceiling").arg(pct) : pct;
}

QString pValueText(const EngineRow &row)
{
    if (row.reference || !row.comparable || !std::isfinite(row.comparison.pValue))
        return u"—"_s;
    return QString::number(row.comparison.pValue, 'g', 2);
}

ComparisonView buildComparisonView(const ComparisonData &data, const ComparisonRequest &request)
{
    ComparisonView v;
    v.title = data.title;
    v.metric = data.metric;
    v.unit = data.unit;
    v.confidence = request.confidence;
    v.groupBy = request.groupBy.isEmpty() ? data.defaultGroupBy : request.groupBy;
    v.dimensions = data.dimensions;
    if (data.observations.isEmpty())
        return v;

    // Grouping by a defining parameter of the kind is a sweep along it.
    for (const Observation &o : data.observations) {
        if (!o.condition)
            continue;
        if (const ConditionParameterInfo *p = definingParameterByLabel(o.condition->kind, v.groupBy))
            v.sweepParameter = p->key;
        break;
    }

    // The conditions of the selection, most runs first.
    QHash<QString, int> conditionIndex;
    for (const Observation &o : data.observations) {
        const QString key = conditionKeyOf(o, v.sweepParameter);
        auto it = conditionIndex.constFind(key);
        if (it == conditionIndex.cend()) {
            ConditionEntry e;
            e.key = key;
            if (o.condition) {
                e.condition = *o.condition;
                e.label = o.condition->label(v.sweepParameter);
                e.shown = o.condition->displayLabel(v.sweepParameter);
            } else {
                e.label = Tr::tr("(condition not known)");
                e.shown = e.label;
            }
            it = conditionIndex.insert(key, int(v.conditions.size()));
            v.conditions.append(e);
        }
        ConditionEntry &e = v.conditions[*it];
        ++(o.baseline ? e.baselines : e.runs);
    }
    // Most runs first; then the receiving side (what got through) before
    // the sender's; then most baselines; then in the order of the
    // defining parameters' values (numbers in numeric order).
    auto sideRank = [](const ConditionEntry &e) { return e.condition.side == FigureSide::Sender ? 1 : 0; };
    auto parameterLess = [](const Condition &a, const Condition &b) {
        for (qsizetype i = 0; i < a.parameters.size() && i < b.parameters.size(); ++i) {
            const QString &x = a.parameters[i].value;
            const QString &y = b.parameters[i].value;
            if (x == y)
                continue;
            bool okX = false, okY = false;
            const double dx = x.toDouble(&okX), dy = y.toDouble(&okY);
            return okX && okY ? dx < dy : x < y;
        }
        return false;
    };
    std::stable_sort(v.conditions.begin(), v.conditions.end(), [&](const ConditionEntry &a, const ConditionEntry &b) {
        if (a.runs != b.runs)
            return a.runs > b.runs;
        if (sideRank(a) != sideRank(b))
            return sideRank(a) < sideRank(b);
        if (a.baselines != b.baselines)
            return a.baselines > b.baselines;
        return parameterLess(a.condition, b.condition);
    });
    v.condition = 0;
    for (int i = 0; i < v.conditions.size(); ++i)
        if (v.conditions[i].key == request.conditionKey)
            v.condition = i;
    const QString shownKey = v.conditions[v.condition].key;

    // The setup dimensions that vary among the measured figures shown: they
    // split a group, so two setups are never pooled.
    QList<int> shown;
    for (int i = 0; i < data.observations.size(); ++i)
        if (conditionKeyOf(data.observations[i], v.sweepParameter) == shownKey)
            shown << i;
    QStringList varying;
    for (const QString &dim : setupDimensions()) {
        if (dim == v.groupBy)
            continue;
        QSet<QString> values;
        for (int i : std::as_const(shown))
            if (!data.observations[i].baseline)
                values.insert(data.observations[i].attributes.value(dim));
        if (values.size() > 1)
            varying << dim;
    }

    // Runs over links of different speeds or classes are different setups:
    // when the measured figures shown cross more than one, every measured
    // series names its link.
    QSet<QString> linkLabels;
    for (int i : std::as_const(shown))
        if (!data.observations[i].baseline)
            linkLabels.insert(data.observations[i].link.label());
    const bool nameLinks = linkLabels.size() > 1;

    QHash<QString, int> cellIndex;
    for (int i : std::as_const(shown)) {
        const Observation &o = data.observations[i];
        const QString category = categoryOf(o, v.groupBy, v.sweepParameter);
        QString series;
        QString key;
        // The data's own series (a driver, a mode) splits every group.
        QStringList parts;
        if (!data.seriesKey.isEmpty() && data.seriesKey != v.groupBy && data.seriesKey != u"origin"_s)
            parts << o.attributes.value(data.seriesKey, u"—"_s);
        if (o.baseline) {
            // A baseline keeps its identity: its source and, unless grouped
            // by it, its host pair.
            parts.prepend(o.attributes.value(u"origin"_s, o.source));
            const QString pair = o.attributes.value(u"host pair"_s);
            if (v.groupBy != u"host pair"_s && !pair.isEmpty() && pair != u"—"_s)
                parts << pair;
            series = parts.join(u" · "_s);
            key = u"b\x1f"_s + (o.baselineKey.isEmpty() ? o.source + QString::number(i) : o.baselineKey);
        } else {
            // What the setup is, in the key; in the label only what is known.
            QStringList setup;
            for (const QString &dim : std::as_const(varying))
                setup << o.attributes.value(dim, u"—"_s);
            for (const QString &part : std::as_const(setup))
                if (part != u"—"_s)
                    parts << part;
            series = (parts.isEmpty() ? Tr::tr("measured") : parts.join(u" · "_s)) + linkSuffix(o.link);
            key = setup.join(u'\x1f');
            if (nameLinks && (o.link.linkClass == LinkInfo::Class::Physical || o.link.linkClass == LinkInfo::Class::Unknown))
                series += u" ("_s + o.link.shortLabel() + u')';
            key = u"m\x1f"_s + category + u'\x1f' + series + u'\x1f' + key + u'\x1f' + o.link.label() + u'\x1f'
                + (o.condition ? o.condition->key() : QString());
        }
        auto it = cellIndex.constFind(key);
        if (it == cellIndex.cend()) {
            EngineCell c;
            c.category = category;
            c.series = series;
            c.baseline = o.baseline;
            if (o.condition)
                c.condition = *o.condition;
            c.link = o.link;
            c.baselineKey = o.baselineKey;
            c.ceiling = o.ceiling > 0 ? o.ceiling : data.ceiling;
            it = cellIndex.insert(key, int(v.cells.size()));
            v.cells.append(c);
        }
        EngineCell &c = v.cells[*it];
        c.values += o.values;
        c.members << i;
        if (o.runId > 0)
            c.runIds << o.runId;
        if (!o.source.isEmpty() && !c.sources.contains(o.source))
            c.sources << o.source;
        if (!o.startedAt.isNull() && (c.newest.isNull() || o.startedAt > c.newest))
            c.newest = o.startedAt;
        // A pooled mean's share of the ceiling only means something when
        // every member has the same one.
        const double ceiling = o.ceiling > 0 ? o.ceiling : data.ceiling;
        if (c.members.size() > 1 && ceiling != c.ceiling)
            c.ceiling = 0;
    }

    // Categories in numeric order when every one is a number; measured
    // cells before baselines within a category.
    bool numeric = true;
    for (const EngineCell &c : std::as_const(v.cells))
        numeric = numeric && numericValue(c.category).has_value();
    QStringList categoryOrder;
    for (const EngineCell &c : std::as_const(v.cells))
        if (!categoryOrder.contains(c.category))
            categoryOrder << c.category;
    std::stable_sort(v.cells.begin(), v.cells.end(), [&](const EngineCell &a, const EngineCell &b) {
        if (a.category != b.category) {
            if (numeric)
                return *numericValue(a.category) < *numericValue(b.category);
            return categoryOrder.indexOf(a.category) < categoryOrder.indexOf(b.category);
        }
        return !a.baseline && b.baseline;
    });

    // Unique labels.
    QHash<QString, int> seen;
    for (EngineCell &c : v.cells) {
        c.label = c.category + u" · "_s + c.series;
        if (const int n = seen[c.label]++; n > 0)
            c.label += u" #%1"_s.arg(n + 1);
        c.estimate = stats::estimateMean(c.values, v.confidence);
    }

    // The reference: the one asked for, else the newest measured cell,
    // else a baseline whose hosts are stated.
    if (!request.reference.isEmpty())
        for (int i = 0; i < v.cells.size() && v.reference < 0; ++i)
            if (v.cells[i].label == request.reference)
                v.reference = i;
    if (v.reference < 0)
        for (int i = 0; i < v.cells.size(); ++i)
            if (!v.cells[i].baseline && (v.reference < 0 || v.cells[i].newest > v.cells[v.reference].newest))
                v.reference = i;
    for (int i = 0; i < v.cells.size() && v.reference < 0; ++i)
        if (!v.cells[i].label.contains(u"(assumed)"_s))
            v.reference = i;
    if (v.reference < 0)
        v.reference = 0;
    const EngineCell &ref = v.cells[v.reference];

    for (int i = 0; i < v.cells.size(); ++i) {
        const EngineCell &c = v.cells[i];
        EngineRow row;
        row.cell = i;
        row.reference = i == v.reference;
        row.comparable = row.reference || c.condition.sameAs(ref.condition);
        row.pctOfCeiling = c.link.ceilingApplies() && c.ceiling > 0 && c.estimate.n > 0 ? 100.0 * c.estimate.mean / c.ceiling
                                                                                      : kNaN;
        row.aboveCeiling = std::isfinite(row.pctOfCeiling) && row.pctOfCeiling > 100.0;
        if (row.reference) {
            row.verdict = Tr::tr("Reference.");
        } else if (!row.comparable) {
            row.differences = c.condition.differences(ref.condition);
            row.verdict = Tr::tr("Not comparable: they differ in %1.").arg(row.differences.join(u", "_s));
        } else {
            row.comparison = compareGroups(ref.values, c.values, v.confidence, v.metric, ref.label, c.label);
            row.verdict = row.comparison.verdict;
            if (c.link.linkClass != ref.link.linkClass)
                row.verdict += Tr::tr(" Over different links: %1 against %2.").arg(c.link.label(), ref.link.label());
        }
        if (row.aboveCeiling)
            row.verdict += Tr::tr(" Above the link's theoretical ceiling: a measurement problem (clock, counters or the link speed).");
        v.rows.append(row);
    }

    if (v.isSweep())
        v.notes << Tr::tr("Grouped by %1, a defining parameter: this is a sweep along it, and a verdict is only given "
                      "between cells of one %1.").arg(dimensionDisplay(v.groupBy));
    bool loopback = false, virtualLink = false;
    for (const EngineCell &c : std::as_const(v.cells)) {
        loopback = loopback || c.link.linkClass == LinkInfo::Class::Loopback;
        virtualLink = virtualLink || c.link.linkClass == LinkInfo::Class::Virtual;
    }
    if (loopback)
        v.notes << Tr::tr("Loopback runs crossed no wire: they measure the hosts, not a NIC, cable or switch.");
    if (virtualLink)
        v.notes << Tr::tr("Virtual-link runs (veth, bridge, virtio) crossed no physical wire.");
    if (v.conditions.size() > 1)
        v.notes << Tr::tr("The selection holds %1 conditions; one is shown at a time, never pooled.").arg(v.conditions.size());
    v.notes += data.notes;
    return v;
}

ComparisonData ComparisonView::chartData(const ComparisonData &source) const
{
    ComparisonData d;
    d.title = source.title;
    d.metric = source.metric;
    d.unit = source.unit;
    d.description = source.description;
    // The condition goes in the caption, which wraps; a title does not.
    if (const ConditionEntry *c = shownCondition(); c && !c->label.isEmpty() && c->condition.kind.size() > 0)
        d.description = Tr::tr("Condition: %1").arg(c->shown) + (d.description.isEmpty() ? QString() : u". "_s + d.description);
    d.confidence = confidence;
    d.ceiling = source.ceiling;
    d.ceilingLabel = source.ceilingLabel;
    d.matrixRowKey = source.matrixRowKey;
    d.matrixColumnKey = source.matrixColumnKey;
    d.dimensions = {groupBy};
    d.defaultGroupBy = groupBy;
    d.seriesKey = kChartSeries;
    QSet<QString> runs;
    for (const EngineCell &cell : cells) {
        for (int i : cell.members) {
            Observation o = source.observations[i];
            // % of ceiling only over a physical link of known speed.
            if (!o.link.ceilingApplies())
                o.ceiling = 0;
            o.attributes.insert(groupBy, cell.category);
            // The cell's own series (its label past the category), so the
            // chart draws one bar per cell and never pools two.
            o.attributes.insert(kChartSeries, cell.label.mid(cell.category.size() + 3));
            d.observations.append(o);
            if (!o.baseline)
                runs.insert(o.source);
        }
    }
    // Time series and latency curves of the runs shown.
    for (const PointSeries &s : source.timeSeries)
        if (runs.contains(s.source))
            d.timeSeries.append(s);
    d.timeSeriesUnit = source.timeSeriesUnit;
    for (const LatencyDistribution &l : source.latencies)
        if (runs.contains(l.source))
            d.latencies.append(l);
    // A sweep along a size: one line per series, the x in numeric order.
    if (isSweep()) {
        QMap<QString, PointSeries> bySeries;
        QStringList order;
        for (const EngineCell &cell : cells) {
            const auto x = numericValue(cell.category);
            if (!x || cell.estimate.n == 0)
                continue;
            PointSeries &s = bySeries[cell.series];
            if (s.label.isEmpty()) {
                s.label = cell.series;
                // No one source: the chart names the runs behind each point.
                order << cell.series;
            }
            s.points.append(QPointF(*x, cell.estimate.mean));
        }
        for (const QString &name : std::as_const(order))
            d.sweeps.append(bySeries.value(name));
        d.sweepXLabel = Tr::tr("%1 (bytes)").arg(dimensionDisplay(groupBy));
    }
    return d;
}

ComparisonData ComparisonView::heatMapData(const ComparisonData &source) const
{
    ComparisonData d = chartData(source);
    d.seriesKey = u"origin"_s;
    for (Observation &o : d.observations)
        if (!o.baseline)
            o.attributes.insert(u"origin"_s, Tr::tr("measured") + linkSuffix(o.link));
        else if (!o.attributes.contains(u"origin"_s))
            o.attributes.insert(u"origin"_s, o.source);
    return d;
}

QList<ComparisonView> otherConditionViews(const ComparisonData &data, const ComparisonView &view)
{
    QList<ComparisonView> out;
    for (int i = 0; i < view.conditions.size(); ++i)
        if (i != view.condition)
            out << buildComparisonView(data, {view.groupBy, view.conditions[i].key, QString(), view.confidence});
    return out;
}

ComparisonData heatMapChartData(const ComparisonData &source, const ComparisonView &view, QString *panelAttribute)
{
    panelAttribute->clear();
    const ConditionEntry *shown = view.shownCondition();
    const ConditionParameterInfo *sink = shown ? findDefiningParameter(shown->condition.kind, u"sink"_s) : nullptr;
    if (!sink)
        return view.heatMapData(source);
    if (view.sweepParameter == sink->key) {
        *panelAttribute = sink->label;
        return view.heatMapData(source);
    }
    const ComparisonView bySink = buildComparisonView(
        source, {sink->label, shown->condition.keyWithout(sink->key), QString(), view.confidence});
    if (!bySink.shownCondition() || bySink.shownCondition()->key != shown->condition.keyWithout(sink->key))
        return view.heatMapData(source);
    *panelAttribute = sink->label;
    return bySink.heatMapData(source);
}

QList<CellEnvironmentDiff> ComparisonView::environmentDiffs(const ComparisonData &source, int onlyCell) const
{
    auto environmentOf = [&](const EngineCell &cell) {
        QMap<QString, QStringList> values;
        for (int i : cell.members)
            for (auto it = source.observations[i].environment.begin(); it != source.observations[i].environment.end(); ++it)
                if (!values[it.key()].contains(it.value()))
                    values[it.key()] << it.value();
        EnvironmentFacts out;
        for (auto it = values.begin(); it != values.end(); ++it)
            out.insert(it.key(), it->join(u" / "_s));
        return out;
    };
    QList<CellEnvironmentDiff> out;
    if (reference < 0)
        return out;
    const EnvironmentFacts ref = environmentOf(cells[reference]);
    for (int i = 0; i < cells.size(); ++i) {
        if (i == reference || (onlyCell >= 0 && i != onlyCell))
            continue;
        const EnvironmentFacts mine = environmentOf(cells[i]);
        if (mine.isEmpty() && ref.isEmpty())
            continue;
        out.append({cells[i].label, cells[reference].label, diffEnvironmentFacts(mine, ref)});
    }
    return out;
}

} // namespace wb
