// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// `wirebench-cli regressions`: every history in the database — each test
// kind's key metric, per host pair and per condition, never mixing two —
// searched for change points, and those in the metric's bad direction
// listed, newest first. A history is read whole (a change needs the runs
// before it), only its changes since a date are reported.

#include "analysis/history.h"
#include "store/storeerror.h"

#include <QDateTime>
#include <QList>

namespace wb {

class ResultStore;

struct RegressionScanOptions
{
    QDateTime since;           // changes at or after; invalid: all
    bool includeImprovements = false;
    double confidence = 0.95;
    stats::ChangePointOptions detector;
};

struct FoundRegression
{
    QString kind;
    QString metric;
    QString unit;             // display unit
    double displayScale = 1;
    HistoryElement element;
    QString conditionLabel;
    int points = 0;           // of the history
    HistoryChangePoint change;
    QList<qint64> runIdsAfter; // the first point after the change
};

struct RegressionScan
{
    int histories = 0;  // searched
    int runs = 0;       // read
    QList<FoundRegression> found; // newest first
};

StoreResult<RegressionScan> scanRegressions(ResultStore &store, const RegressionScanOptions &options);

} // namespace wb
