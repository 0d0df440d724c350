// SPDX-License-Identifier: GPL-3.0-or-later
#include "caseresult.h"

#include "result/metriccatalog.h"
#include "analysis/statistics.h"

#include <QMap>

#include <cmath>

using namespace Qt::StringLiterals;

namespace wb {

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
        if (auto v = sidedMetricValue(r, rule.metric))
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

bool repetitionsComplete(const QList<ResultRecord> &iterations, const RepetitionRule &rule)
{
    const int n = int(iterations.size());
    if (n >= rule.maxIterations)
        return true;
    if (n < rule.minIterations || n < 2)
        return false;
    bool reached = true;
    summarizeIterations(iterations, rule, &reached, nullptr);
    return reached;
}

QString keptRepetitionsText(const CaseResult &result, const QString &planRunId)
{
    if (result.keptIterations <= 0)
        return QString();
    const RepetitionRule &rule = result.testCase.repetitions;
    const QString count = rule.minIterations == rule.maxIterations
                              ? u"%1/%2"_s.arg(result.iterations.size()).arg(rule.maxIterations)
                              : QString::number(result.iterations.size());
    return u"%1 repetitions, %2 kept from run %3"_s.arg(count).arg(result.keptIterations).arg(planRunId);
}

QStringList nicCounterWarnings(const CaseResult &result)
{
    QStringList warnings;
    for (const auto &[side, end] : {std::pair{u"client"_s, &result.testCase.client},
                                    std::pair{u"server"_s, &result.testCase.server}}) {
        QStringList counts;
        for (const MetricInfo &info : metricCatalog()) {
            if (!info.name.startsWith(u"nic_"_s))
                continue;
            double sum = 0;
            for (const ResultRecord &r : result.iterations)
                sum += r.metric(info.name, side).value_or(0);
            if (sum > 0)
                counts << u"%1 %2"_s.arg(qint64(sum)).arg(info.label.startsWith(u"NIC "_s) ? info.label.sliced(4)
                                                                                             : info.label);
        }
        if (counts.isEmpty())
            continue;
        const QString nic = end->nic.isEmpty() ? QString() : u" (%1)"_s.arg(end->nic);
        const QString list = counts.size() == 1 ? counts.first()
                                                : counts.mid(0, counts.size() - 1).join(u", "_s) + u" and "_s + counts.last();
        warnings << u"%1 %2%3: the NIC counted %4 during the test; frames were lost or damaged below the sockets"_s
                        .arg(side, end->host, nic, list);
    }
    return warnings;
}

} // namespace wb
