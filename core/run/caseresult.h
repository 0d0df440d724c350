// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The outcome of one test case of a plan: every repetition's record,
// the summary with its confidence figures, and both ends' environment
// before and after, as the orchestrator hands it to the store.

#include "plan.h"
#include "result/resultrecord.h"

#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QStringList>

namespace wb {

struct CaseResult
{
    TestCase testCase;
    QString status;               // "finished", "failed" or "cancelled"
    QString error;                // why it failed, for a person
    QList<ResultRecord> iterations;
    ResultRecord summary;         // mean of every metric over the iterations
    bool confidenceReached = true;
    double achievedHalfWidthPct = 0;
    QJsonObject clientEnvBefore;  // agent sysinfo snapshots
    QJsonObject clientEnvAfter;
    QJsonObject serverEnvBefore;
    QJsonObject serverEnvAfter;
    QStringList warnings;
    QDateTime started;
    QDateTime finished;
};

// Averages each metric (by name and side) over the iterations and adds the
// confidence metrics for the rule's metric.
ResultRecord summarizeIterations(const QList<ResultRecord> &iterations, const RepetitionRule &rule,
                                 bool *confidenceReached, double *achievedHalfWidthPct);

} // namespace wb
