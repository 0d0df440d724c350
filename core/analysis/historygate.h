// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The regression gate of `run PLAN --fail-if-worse PCT`: each case the plan
// run measured is judged against its own history — the same host pair, the
// same condition, the kind's key metric — and there against the mean of the
// current segment (the points since the history's last change point), not
// against everything ever measured. A case is worse when its mean is worse
// than that by more than PCT percent and the difference is significant at
// the confidence asked for: Welch's t test against the segment's points
// when the case has repetitions, the t prediction interval of the segment
// for a case measured once. Cases without a history of at least two points
// in the current segment are named as not judged.

#include "analysis/regressiongate.h"
#include "store/storeerror.h"

#include <QDateTime>
#include <QString>

namespace wb {

class ResultStore;

struct PlanRunGateRequest
{
    QString plan;          // the plan's name, as its runs carry it
    QString planRunId;     // the run of the plan to judge
    QDateTime startedAfter; // the plan run started at or after this (narrows the read)
    double thresholdPct = 0;
    double confidence = 0.95;
};

StoreResult<RegressionGate> checkPlanRunAgainstHistory(ResultStore &store, const PlanRunGateRequest &request);

// A scheduled run's regressions, written where the desktop program and
// `runs show` find them: one regression notice on each worse case's last
// run, its text the gate's verdict. Returns the notices' texts, in order.
StoreResult<QStringList> recordRegressionNotices(ResultStore &store, const RegressionGate &gate);

} // namespace wb
