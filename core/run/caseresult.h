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
    // A resumed case: its first keptIterations iterations were stored by an
    // earlier session (they count for the rule and the summary); only the
    // rest are new.
    int keptIterations = 0;
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

// Whether a case repeated by `rule` needs no more repetitions after these:
// the maximum is reached, or the minimum is and (from two on) the
// confidence interval is as narrow as asked.
bool repetitionsComplete(const QList<ResultRecord> &iterations, const RepetitionRule &rule);

// For a case a resume continued: "3/3 repetitions, 2 kept from run
// 1a2b3c4d" (the count alone when the rule repeats until the confidence
// interval is narrow enough). Empty for any other case.
QString keptRepetitionsText(const CaseResult &result, const QString &planRunId);

// One warning per side whose test NIC counted frames lost or damaged (the
// nic_* counter metrics, summed over the iterations), e.g. "server eve
// (eth0): the NIC counted 120 receive drops and 3 CRC errors during the
// test", and the driver's own counters (ethtool -S, recorded in extra)
// whose names say error, drop, CRC, miss, FIFO, collision or overrun.
// Empty when every counter stayed at zero or none was read.
QStringList nicCounterWarnings(const CaseResult &result);

} // namespace wb
