// SPDX-License-Identifier: GPL-3.0-or-later
#include "comparisondata.h"

#include <QCoreApplication>
#include <QHash>
#include <QSet>

using namespace Qt::StringLiterals;

namespace wb {

namespace {

// What the Compare page shows of a cell's environment against the
// reference; lupdate reads the context from here (docs/translations.md).
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(wb::ComparisonData)
};

QString noValue()
{
    return QCoreApplication::translate("wb::ComparisonData", "(none)");
}

void appendUnique(QStringList &list, const QString &s)
{
    if (!s.isEmpty() && !list.contains(s))
        list.append(s);
}

} // namespace

QString ComparisonCell::label() const
{
    return series.isEmpty() ? category : category + QStringLiteral(" · ") + series;
}

bool ComparisonData::hasMatrix() const
{
    if (matrixRowKey.isEmpty() || matrixColumnKey.isEmpty())
        return false;
    for (const Observation &o : observations)
        if (o.attributes.contains(matrixRowKey) && o.attributes.contains(matrixColumnKey))
            return true;
    return false;
}

QStringList ComparisonData::sources() const
{
    QStringList measured;
    QStringList historical;
    for (const Observation &o : observations)
        appendUnique(o.baseline ? historical : measured, o.source);
    for (const PointSeries &s : timeSeries)
        appendUnique(measured, s.source);
    for (const PointSeries &s : sweeps)
        appendUnique(measured, s.source);
    for (const LatencyDistribution &l : latencies)
        appendUnique(measured, l.source);
    for (const QString &h : std::as_const(historical))
        appendUnique(measured, h);
    return measured;
}

QStringList ComparisonData::attributeValues(const QString &key) const
{
    QStringList out;
    for (const Observation &o : observations)
        appendUnique(out, o.attributes.value(key, noValue()));
    return out;
}

QList<ComparisonCell> ComparisonData::cells(const QString &groupBy) const
{
    const QString key = groupBy.isEmpty() ? defaultGroupBy : groupBy;
    const bool split = !seriesKey.isEmpty() && seriesKey != key;
    QList<ComparisonCell> out;
    // Per pool (a cell's measured or baseline figures): the sources already
    // listed. A set, because a list scan per source is quadratic.
    QHash<QString, QSet<QString>> seen;
    for (const Observation &o : observations) {
        const QString category = o.attributes.value(key, noValue());
        const QString series = split ? o.attributes.value(seriesKey, noValue()) : QString();
        auto it = std::find_if(out.begin(), out.end(), [&](const ComparisonCell &c) {
            return c.category == category && c.series == series;
        });
        if (it == out.end()) {
            out.append(ComparisonCell{category, series, {}, {}, {}, {}, 0});
            it = out.end() - 1;
        }
        const QString pool = category + u'\x1f' + series + (o.baseline ? u"\x1fb"_s : QString());
        const bool firstInPool = !seen.contains(pool);
        QSet<QString> &cellSeen = seen[pool];
        const bool isNew = !o.source.isEmpty() && !cellSeen.contains(o.source);
        if (isNew)
            cellSeen.insert(o.source);
        if (o.baseline) {
            it->baselineValues += o.values;
            if (isNew)
                it->baselineSources.append(o.source);
        } else {
            it->values += o.values;
            if (isNew)
                it->sources.append(o.source);
        }
        const double c = o.ceiling > 0 ? o.ceiling : ceiling;
        if (c > 0)
            it->ceiling = it->ceiling > 0 ? std::min(it->ceiling, c) : c;
        // A pooled mean's share of the ceiling only means something when
        // every figure in the pool has the same ceiling: a figure without a
        // link speed, or over another link, voids it.
        double &own = o.baseline ? it->baselineCeiling : it->measuredCeiling;
        if (firstInPool && c > 0)
            own = c;
        else if (c <= 0 || own != c)
            own = 0;
    }
    return out;
}

QStringList ComparisonData::conditionWarnings(const QString &groupBy, const ComparisonCell &reference) const
{
    const QString key = groupBy.isEmpty() ? defaultGroupBy : groupBy;
    const bool split = !seriesKey.isEmpty() && seriesKey != key;
    // The condition values of each cell, in first-seen order.
    QMap<QString, QMap<QString, QStringList>> byCell; // cell label -> condition -> values
    QStringList order;
    for (const Observation &o : observations) {
        ComparisonCell probe{o.attributes.value(key, noValue()),
                             split ? o.attributes.value(seriesKey, noValue()) : QString(), {}, {}, {}, {}, 0};
        const QString label = probe.label();
        if (!order.contains(label))
            order << label;
        for (auto it = o.conditions.begin(); it != o.conditions.end(); ++it)
            appendUnique(byCell[label][it.key()], it.value());
    }
    const auto ref = byCell.value(reference.label());
    QStringList warnings;
    for (const QString &label : std::as_const(order)) {
        if (label == reference.label())
            continue;
        const auto mine = byCell.value(label);
        for (auto it = mine.begin(); it != mine.end(); ++it) {
            if (!ref.contains(it.key()))
                continue;
            QStringList a = ref.value(it.key()), b = it.value();
            a.sort();
            b.sort();
            if (a != b)
                warnings << u"%1 was measured with %2 %3, the reference %4 with %5: the parameters do not match"_s.arg(
                    label, it.key(), b.join(u" / "_s), reference.label(), a.join(u" / "_s));
        }
    }
    return warnings;
}

EnvironmentFacts ComparisonData::cellEnvironment(const QString &groupBy, const ComparisonCell &cell) const
{
    const QString key = groupBy.isEmpty() ? defaultGroupBy : groupBy;
    const bool split = !seriesKey.isEmpty() && seriesKey != key;
    QMap<QString, QStringList> values;
    for (const Observation &o : observations) {
        if (o.attributes.value(key, noValue()) != cell.category
            || (split && o.attributes.value(seriesKey, noValue()) != cell.series))
            continue;
        for (auto it = o.environment.begin(); it != o.environment.end(); ++it)
            appendUnique(values[it.key()], it.value());
    }
    EnvironmentFacts out;
    for (auto it = values.begin(); it != values.end(); ++it)
        out.insert(it.key(), it->join(u" / "_s));
    return out;
}

QList<CellEnvironmentDiff> ComparisonData::environmentDiffs(const QString &groupBy, const ComparisonCell &reference) const
{
    const EnvironmentFacts ref = cellEnvironment(groupBy, reference);
    QList<CellEnvironmentDiff> out;
    for (const ComparisonCell &c : cells(groupBy)) {
        if (c.label() == reference.label())
            continue;
        const EnvironmentFacts mine = cellEnvironment(groupBy, c);
        if (mine.isEmpty() && ref.isEmpty())
            continue;
        out.append({c.label(), reference.label(), diffEnvironmentFacts(mine, ref)});
    }
    return out;
}

QStringList CellEnvironmentDiff::describe() const
{
    QStringList lines;
    QStringList unknownHere, unknownThere;
    for (const EnvironmentFieldDiff &f : fields) {
        switch (f.state) {
        case EnvironmentFieldDiff::State::Differs:
            lines << f.describe(cell, reference);
            break;
        case EnvironmentFieldDiff::State::UnknownFirst:
            unknownHere << f.field;
            break;
        case EnvironmentFieldDiff::State::UnknownSecond:
            unknownThere << f.field;
            break;
        case EnvironmentFieldDiff::State::Same:
            break;
        }
    }
    if (lines.isEmpty())
        lines << Tr::tr("nothing that both know differs");
    if (!unknownHere.isEmpty())
        lines << Tr::tr("not known for %1: %2").arg(cell, unknownHere.join(u", "_s));
    if (!unknownThere.isEmpty())
        lines << Tr::tr("not known for %1: %2").arg(reference, unknownThere.join(u", "_s));
    return lines;
}

} // namespace wb
