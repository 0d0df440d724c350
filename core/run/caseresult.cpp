// SPDX-License-Identifier: GPL-3.0-or-later
#include "caseresult.h"

#include "result/metriccatalog.h"
#include "analysis/statistics.h"

#include <QHash>
#include <QJsonObject>
#include <QMap>

#include <algorithm>
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

namespace {

// A driver counter (ethtool -S) whose rise means frames were lost or
// damaged; the names are the driver's own, so this goes by their words.
bool isFaultCounterName(const QString &name)
{
    static const QStringList words{u"err"_s, u"drop"_s, u"crc"_s, u"miss"_s, u"fifo"_s, u"collision"_s, u"overrun"_s};
    const QString n = name.toLower();
    return std::any_of(words.begin(), words.end(), [&](const QString &w) { return n.contains(w); });
}

// "a, b and c".
QString listed(const QStringList &items)
{
    return items.size() == 1 ? items.first() : items.mid(0, items.size() - 1).join(u", "_s) + u" and "_s + items.last();
}

// The driver counters of one side that rose, summed over the iterations:
// the agent records them in extra.ethtool_stats_delta, the server's under
// extra.server (caseexecution.cpp).
QStringList driverFaults(const CaseResult &result, const QString &side)
{
    QStringList order;
    QHash<QString, double> sums;
    for (const ResultRecord &r : result.iterations) {
        const QJsonObject extra = side == u"server"_s ? r.extra.value(u"server"_s).toObject() : r.extra;
        const QJsonObject counters = extra.value(u"ethtool_stats_delta"_s).toObject().value(u"counters"_s).toObject();
        for (auto it = counters.begin(); it != counters.end(); ++it) {
            if (!isFaultCounterName(it.key()) || it->toDouble() <= 0)
                continue;
            if (!sums.contains(it.key()))
                order << it.key();
            sums[it.key()] += it->toDouble();
        }
    }
    QStringList out;
    for (const QString &name : std::as_const(order))
        out << u"%1 %2"_s.arg(qint64(sums.value(name))).arg(name);
    return out;
}

} // namespace

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
        const QStringList driver = driverFaults(result, side);
        if (counts.isEmpty() && driver.isEmpty())
            continue;
        const QString nic = end->nic.isEmpty() ? QString() : u" (%1)"_s.arg(end->nic);
        QString what;
        if (!counts.isEmpty())
            what = u"the NIC counted %1"_s.arg(listed(counts));
        if (!driver.isEmpty())
            what += (what.isEmpty() ? u"the driver counted %1"_s : u", its driver %1"_s).arg(listed(driver));
        warnings << u"%1 %2%3: %4 during the test; frames were lost or damaged below the sockets"_s
                        .arg(side, end->host, nic, what);
    }
    return warnings;
}

} // namespace wb
