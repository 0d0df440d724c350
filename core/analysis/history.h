// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The history of one condition on one element of the lab: every run (a
// repeated measurement is one point, with the confidence interval of its
// repetitions) of one test kind, metric, side and set of defining
// parameters over one host pair, NIC, switch or cable, in time order; the
// environment changes (kernel, driver, firmware, link) between consecutive
// points; and the change points E-Divisive means finds in the points'
// means, each named after the environment change it coincides with. A
// selection that holds several conditions shows one of them and lists the
// others: conditions are never mixed in one series (docs/comparisons.md).
//
// The Compare page's History chart, `wirebench-cli history`, `regressions`
// and `run --fail-if-worse` all read this one use case.

#include "analysis/changepoints.h"
#include "analysis/environmentfacts.h"
#include "analysis/statistics.h"
#include "result/condition.h"
#include "store/storeerror.h"
#include "store/storedrun.h"

#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QString>

#include <optional>

namespace wb {

class ResultStore;

// Where the runs of a history went: a host pair (client → server host, as
// the run addressed them) or one NIC ("host/interface"), switch or cable,
// by its name at run time.
struct HistoryElement
{
    enum class Type { HostPair, Nic, Switch, Cable };
    Type type = Type::HostPair;
    QString first;  // the client host, or the NIC, switch or cable
    QString second; // the server host (host pairs only)

    QString label() const; // "adam → eve", "NIC adam/eth1", "switch FS108", "cable c-3"
    bool matches(const StoredRun &run) const;
    // The host pair a run went between.
    static HistoryElement hostPairOf(const StoredRun &run);
};

struct HistoryQuery
{
    HistoryElement element;
    QString kind;
    QString metric;                 // empty: the kind's key metric
    std::optional<FigureSide> side; // empty: the first side the metric is read from
    QJsonObject params;             // each must equal the run's parameter
    QString conditionKey;           // which condition when several match; empty: the one with most points
    QDateTime since;                // started at or after (invalid: from the first run)
    QDateTime until;                // started before
    double confidence = 0.95;
    stats::ChangePointOptions detector;
};

struct HistoryPoint
{
    QDateTime at;            // when its first repetition started
    QList<qint64> runIds;    // its repetitions, first to last
    QString measurementUuid; // empty for a run measured once
    QList<double> values;    // the repetitions' figures (canonical units)
    stats::MeanEstimate estimate; // over them; n = 1 has no interval
    QString notes;           // the runs' notes, when any
    QStringList tags;        // the runs' tags, each once, sorted
    EnvironmentFacts environment; // of its first repetition
};

struct HistoryEnvironmentChange
{
    int point = 0; // the first point with the new environment
    QDateTime at;
    QList<EnvironmentFieldDiff> fields; // only what differs, in environmentFactFields() order
    EnvironmentFacts before; // the tracked facts of the point before and of this one
    EnvironmentFacts after;

    // "client driver version: 3.2 → 3.8; link speed: 1 Gbit/s → 100 Mbit/s"
    QString describe() const;
    // "the driver went from e1000e 3.2 to 3.8": a driver and its version
    // read as one, a change both ends share said once.
    QString phrase() const;
};

struct HistoryChangePoint
{
    int point = 0; // the first point after the change
    QDateTime at;
    double meanBefore = 0; // canonical units, of the segment before / after
    double meanAfter = 0;
    double relativeChangePct = 0;
    double pValue = 1;
    bool worse = false;          // in the metric's bad direction (slower, longer, more loss)
    int environmentChange = -1;  // index into History::environmentChanges at the same point, or -1
    // "tcp_rr transactions/s −8.0 % on 2026-11-03 (p = 0.005), when the
    // driver went from e1000e 3.2 to 3.8"
    QString sentence;
};

struct HistoryConditionEntry
{
    QString key;
    QString label;
    int points = 0;
};

struct History
{
    HistoryElement element;
    QString kind;
    QString metric;
    QString unit;             // the display unit ("Mbit/s")
    double displayScale = 1;  // canonical × displayScale = displayed
    QString metricLabel;
    Condition condition;      // the one shown
    QList<HistoryConditionEntry> conditions; // every condition the selection held, most points first
    int shownCondition = -1;  // index into conditions; -1 when nothing matched
    QList<HistoryPoint> points;
    QList<HistoryEnvironmentChange> environmentChanges;
    QList<HistoryChangePoint> changePoints;
    double confidence = 0.95;
    stats::ChangePointOptions detector;

    // The first point of the current segment (after the last change).
    int currentSegmentStart() const { return changePoints.isEmpty() ? 0 : changePoints.last().point; }
    // The point means, in time order: what the detector reads.
    QList<double> means() const;
};

// A relative change as the history says it: "−8.0 %", "+141 %" (one
// decimal under ten).
QString signedPercentText(double pct);

// The elements a run's history can follow: its host pair first, then each
// NIC, the switch and the cable of its inventory path, in path order. A
// loopback run crossed no wire: it has its host pair only.
QList<HistoryElement> historyElementsOf(const StoredRun &run);
// The query for the history of `condition` (its kind, metric, side and
// defining parameters) on `element`.
HistoryQuery historyQueryFor(const Condition &condition, const HistoryElement &element, double confidence = 0.95);

// The history of `runs` (any order; finished runs of the query's kind):
// the element and the condition filter them here.
History buildHistory(const QList<StoredRun> &runs, const HistoryQuery &query);
History buildHistory(const QList<const StoredRun *> &runs, const HistoryQuery &query);
// `history` with `newRuns` (started after its last point) added: a run of
// the last point's measurement joins that point; the change points before
// the current segment are kept and only the current segment is tested again.
History extendHistory(const History &history, const QList<StoredRun> &newRuns);
// The history read from the store: its finished runs of the kind, element
// and parameters, in two queries.
StoreResult<History> loadHistory(ResultStore &store, const HistoryQuery &query);

} // namespace wb
