// SPDX-License-Identifier: GPL-3.0-or-later
#include "historygate.h"

#include "analysis/comparisonengine.h"
#include "analysis/groupcomparison.h"
#include "analysis/history.h"
#include "result/metriccatalog.h"
#include "store/noticestore.h"
#include "store/resultstore.h"
#include "store/runstore.h"

#include <QMap>

#include <cmath>
#include <numeric>

using namespace Qt::StringLiterals;

namespace wb {

namespace {

double meanOf(const QList<double> &v)
{
    return v.isEmpty() ? std::nan("") : std::accumulate(v.begin(), v.end(), 0.0) / double(v.size());
}

// Two-sided p of one new value against the t prediction interval of `ref`.
double predictionPValue(const QList<double> &ref, double value)
{
    const stats::SampleSummary s = stats::summarize(ref);
    if (s.n < 2 || s.stddev <= 0)
        return value == s.mean ? 1.0 : 0.0;
    const double t = (value - s.mean) / (s.stddev * std::sqrt(1.0 + 1.0 / s.n));
    return stats::twoSidedPValue(t, s.n - 1);
}

} // namespace

StoreResult<RegressionGate> checkPlanRunAgainstHistory(ResultStore &store, const PlanRunGateRequest &request)
{
    RegressionGate gate;
    gate.thresholdPct = request.thresholdPct;
    RunFilter filter;
    filter.plan = request.plan;
    filter.status = RunStatus::Finished;
    filter.since = request.startedAfter;
    filter.newestFirst = false;
    filter.withMetrics = true;
    auto runs = store.runs().listRuns(filter);
    if (!runs)
        return runs.error();
    // One case = one measurement (its repetitions), or one run measured once.
    QMap<QString, QList<StoredRun>> cases;
    QStringList order;
    for (const StoredRun &r : std::as_const(*runs)) {
        if (r.record.extra.value(u"plan_run"_s).toString() != request.planRunId)
            continue;
        const QString key = r.measurementUuid.isEmpty() ? u"run %1"_s.arg(r.id) : r.measurementUuid;
        if (!cases.contains(key))
            order << key;
        cases[key].append(r);
    }
    for (const QString &key : std::as_const(order)) {
        const QList<StoredRun> &reps = cases[key];
        const StoredRun &first = reps.first();
        const QString kind = first.record.kind;
        const QString metric = keyMetricForKind(kind);
        const QList<FigureSide> sides = sidesWithMetric(first.record, metric);
        const HistoryElement pair = HistoryElement::hostPairOf(first);
        const QString where = u"%1 (%2)"_s.arg(first.testCase, pair.label());
        if (sides.isEmpty()) {
            gate.unjudged << u"%1: no %2 figure"_s.arg(where, metric);
            continue;
        }
        const Condition condition = conditionOf(first.record, metric, sides.first());
        QList<double> values;
        for (const StoredRun &r : reps)
            if (const auto v = valueAtSide(r.record, metric, sides.first()))
                values << *v;
        const MetricPolarity polarity = metricPolarity(metric);
        if (polarity == MetricPolarity::Neutral) {
            gate.unjudged << u"%1: %2 has no better direction"_s.arg(where, metric);
            continue;
        }
        HistoryQuery q;
        q.element = pair;
        q.kind = kind;
        q.metric = metric;
        q.side = sides.first();
        q.conditionKey = condition.key();
        q.until = first.startedAt; // what came before this plan run
        q.confidence = request.confidence;
        auto history = loadHistory(store, q);
        if (!history)
            return history.error();
        if (history->shownCondition < 0 || history->conditions[history->shownCondition].key != condition.key()) {
            gate.unjudged << u"%1: no history of %2 yet"_s.arg(where, condition.label());
            continue;
        }
        QList<double> segment;
        for (int i = history->currentSegmentStart(); i < history->points.size(); ++i)
            segment << history->points[i].estimate.mean;
        const QDateTime since = history->points[history->currentSegmentStart()].at;
        if (segment.size() < 2) {
            gate.unjudged << u"%1: the current segment of its history has %2 point(s) (since %3); two are needed"_s.arg(
                where).arg(segment.size()).arg(since.toUTC().toString(Qt::ISODate));
            continue;
        }
        ++gate.judged;
        const double ref = meanOf(segment), now = meanOf(values);
        const double worse = polarity == MetricPolarity::HigherIsBetter ? (ref - now) / ref * 100.0
                                                                        : (now - ref) / ref * 100.0;
        const double p = values.size() >= 2 ? stats::welchTest(segment, values, request.confidence).pValue
                                            : predictionPValue(segment, now);
        const bool significant = std::isfinite(p) && p < 1.0 - request.confidence;
        const MetricInfo display = metricDisplay(metric, kind);
        const QString verdict = u"%1 %2 %3 against %4 %3, the mean of the %5 points of its history since %6 (%7 %8, p = %9%10)"_s
                                    .arg(display.label, comparisonNumber(now * display.displayScale), display.displayUnit,
                                         comparisonNumber(ref * display.displayScale))
                                    .arg(segment.size())
                                    .arg(since.toUTC().date().toString(Qt::ISODate))
                                    .arg(worse > 0 ? u"worse by"_s : u"better by"_s, comparisonNumber(std::abs(worse)) + u" %"_s)
                                    .arg(p, 0, 'g', 2)
                                    .arg(significant ? QString() : u", not significant"_s);
        if (worse > request.thresholdPct && significant)
            gate.worse.append({-1, condition.label(), where, u"its history"_s, worse, verdict, reps.last().id});
    }
    return gate;
}

StoreResult<QStringList> recordRegressionNotices(ResultStore &store, const RegressionGate &gate)
{
    QStringList texts;
    for (const RegressionFinding &f : gate.worse) {
        if (f.runId < 0)
            continue;
        const QString text = u"%1 worse than %2 by %3 %: %4"_s.arg(f.cell, f.reference,
                                                                   comparisonNumber(f.worsePct), f.verdict);
        if (auto noted = store.notices().recordRegression(f.runId, text); !noted)
            return noted.error();
        texts << text;
    }
    return texts;
}

} // namespace wb
