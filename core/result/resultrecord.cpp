// SPDX-License-Identifier: GPL-3.0-or-later
#include "resultrecord.h"

#include "metriccatalog.h"

#include <QJsonArray>
#include <QStringList>

#include <cmath>

using namespace Qt::StringLiterals;

namespace wb {

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
