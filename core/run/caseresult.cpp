// SPDX-License-Identifier: GPL-3.0-or-later
#include "caseresult.h"

#include "analysis/statistics.h"

#include <QMap>

#include <cmath>

using namespace Qt::StringLiterals;

namespace wb {

QStringList figureSides(const QString &kind)
{
    const bool rr = kind == u"tcp_rr"_s || kind == u"udp_rr"_s || kind == u"tcp_crr"_s;
    return rr ? QStringList{u"client"_s, QString(), u"server"_s} : QStringList{u"server"_s, QString(), u"client"_s};
}

std::optional<double> ruleMetricValue(const ResultRecord &record, const QString &metric)
{
    for (const QString &side : figureSides(record.kind))
        if (auto v = record.metric(metric, side))
            return v;
    return std::nullopt;
}

ResultRecord summarizeIterations(const QList<ResultRecord> &iterations, const RepetitionRule &rule,
                                 bool *confidenceReached, double *achievedHalfWidthPct)
{
    ResultRecord summary;
    if (iterations.isEmpty())
        return summary;
    summary.kind = iterations.first().kind;
    summary.params = iterations.first().params;
    summary.tool = iterations.first().tool;
    summary.toolVersion = iterations.first().toolVersion;
    summary.extra = iterations.first().extra;

    // Mean of each (name, side) in first-seen order.
    QList<QPair<QString, QString>> order;
    QMap<QPair<QString, QString>, QPair<double, int>> sums;
    QMap<QPair<QString, QString>, QString> units;
    for (const ResultRecord &r : iterations) {
        for (const Metric &m : r.metrics) {
            const auto key = qMakePair(m.name, m.side);
            if (!sums.contains(key)) {
                order.append(key);
                units.insert(key, m.unit);
            }
            auto &s = sums[key];
            s.first += m.value;
            s.second += 1;
        }
    }
    for (const auto &key : std::as_const(order)) {
        const auto s = sums.value(key);
        summary.metrics.append(Metric{key.first, key.second, s.first / s.second, units.value(key)});
    }

    QList<double> values;
    for (const ResultRecord &r : iterations)
        if (auto v = ruleMetricValue(r, rule.metric))
            values.append(*v);
    // The plan states the full interval width (netperf -I 99,5 = 5% wide).
    const auto check = stats::checkConfidence(values, rule.confidenceLevelPct / 100.0, rule.intervalWidthPct / 2.0);
    const bool repeated = iterations.size() > 1;
    const bool reached = !repeated || check.met;
    if (confidenceReached)
        *confidenceReached = reached;
    if (achievedHalfWidthPct)
        *achievedHalfWidthPct = repeated ? check.achievedHalfWidthPct : 0;
    summary.addMetric(u"iterations"_s, QString(), iterations.size());
    if (repeated && std::isfinite(check.achievedHalfWidthPct)) {
        summary.addMetric(u"ci_level_pct"_s, QString(), rule.confidenceLevelPct);
        summary.addMetric(u"ci_width_pct"_s, QString(), 2 * check.achievedHalfWidthPct);
    }
    return summary;
}

} // namespace wb
