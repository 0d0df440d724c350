// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The regression gate of `compare --fail-if-worse PCT`: a group is worse
// when it is, against its condition's reference, worse by more than PCT
// percent (slower for rates, longer for latencies) and the difference is
// significant at the view's confidence. Groups that cannot be judged (one
// measurement, not comparable, a metric without a better direction) are
// named apart, so a gate that judged nothing never passes in silence.

#include "comparisonengine.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace wb {

struct RegressionFinding
{
    int condition = -1;      // ComparisonView::condition
    QString conditionLabel;
    QString cell;
    QString reference;
    double worsePct = 0;     // how much worse, in percent of the reference
    QString verdict;         // the comparison's own sentence
    qint64 runId = -1;       // the judged run (run --fail-if-worse), for its notice; -1 otherwise
};

struct RegressionGate
{
    double thresholdPct = 0;
    int judged = 0;                   // groups tested against their reference
    QList<RegressionFinding> worse;   // beyond the threshold and significant
    QStringList unjudged;             // "cell (condition 2): single measurement"
};

RegressionGate checkRegressions(const QList<ComparisonView> &views, double thresholdPct);

} // namespace wb
