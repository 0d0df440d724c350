// SPDX-License-Identifier: GPL-3.0-or-later
#include "regressiongate.h"

#include "groupcomparison.h"

#include <cmath>

using namespace Qt::StringLiterals;

namespace wb {

RegressionGate checkRegressions(const QList<ComparisonView> &views, double thresholdPct)
{
    RegressionGate gate;
    gate.thresholdPct = thresholdPct;
    for (const ComparisonView &v : views) {
        const MetricPolarity polarity = metricPolarity(v.metric);
        const QString label = v.shownCondition() ? v.shownCondition()->label : QString();
        for (const EngineRow &row : v.rows) {
            if (row.reference)
                continue;
            const QString where = u"%1 (condition %2)"_s.arg(v.cells[row.cell].label).arg(v.condition + 1);
            if (polarity == MetricPolarity::Neutral) {
                gate.unjudged << u"%1: %2 has no better direction"_s.arg(where, v.metric);
                continue;
            }
            if (!row.comparable || !row.comparison.testable || !std::isfinite(row.comparison.ratio)) {
                gate.unjudged << u"%1: %2"_s.arg(where, row.verdict);
                continue;
            }
            ++gate.judged;
            const double ratio = row.comparison.ratio;
            const double worse = polarity == MetricPolarity::HigherIsBetter ? (1.0 - ratio) * 100.0 : (ratio - 1.0) * 100.0;
            if (worse > thresholdPct && row.comparison.significant)
                gate.worse.append({v.condition, label, v.cells[row.cell].label, v.cells[v.reference].label, worse,
                                   row.verdict});
        }
    }
    return gate;
}

} // namespace wb
