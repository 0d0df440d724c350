// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What the Compare page compares: a filter over the stored runs (kind,
// metric, date range, host/NIC/switch/cable text, status, message size) or a
// hand-picked list of runs, with the baselines of the kind beside them; any
// candidate can be left out by its id. A provider turns it into a
// ComparisonBuild: the data to chart plus every candidate the filter
// matched, so the page can list them with check boxes.

#include "comparisondata.h"
#include "store/storedrun.h"

#include <QDate>
#include <QList>
#include <QSet>
#include <QString>
#include <QStringList>

#include <optional>

namespace wb {

struct ComparisonSelection
{
    QString kind;   // test kind; empty: the most common kind of `runIds`
    QString metric; // canonical metric; empty: the kind's key metric
    QDate from;     // runs started on or after (invalid: open); runs only
    QDate to;       // runs started on or before (invalid: open); runs only
    // Case-insensitive substring of either end's host or NIC, or a switch or
    // cable on the run's inventory path (baselines: host pair and switch).
    QString text;
    QString tag; // runs holding this tag (any case); baselines are not filtered by it
    std::optional<RunStatus> status = RunStatus::Finished; // nullopt: any status
    double messageSize = 0;  // bytes (message, request, frame or file); 0: any
    QList<qint64> runIds;    // non-empty: exactly these runs, the filter ignored
    bool includeBaselines = true;
    // Non-empty: only the runs of this plan run's A/B experiment, grouped by
    // their arm (no baselines).
    QString experiment;
    QSet<QString> excluded;  // candidate ids left out ("run 42", "baseline KEY")
    bool wantKinds = false;  // also list the kinds the database can compare

    bool handPicked() const { return !runIds.isEmpty(); }
};

// One run or baseline a selection matched, for a check list.
struct ComparisonCandidate
{
    QString id;    // "run 42" or "baseline KEY"; see ComparisonSelection::excluded
    QString label; // one line: id, date, endpoints, size, value
    bool baseline = false;
};

struct ComparisonBuild
{
    std::optional<ComparisonData> data; // nullopt: nothing to compare, see error
    QString error;
    QString kind;    // the kind compared (resolved when the selection left it empty)
    QString metric;  // the metric compared
    QStringList metrics;  // metrics the matched runs carry, key metric first
    QStringList kinds;    // with wantKinds: dataset names of every comparable kind
    QList<ComparisonCandidate> candidates; // every match, left-out ones included
    int skipped = 0; // hand-picked runs left out: other kind or no value for the metric
    bool cancelled = false;
};

} // namespace wb
