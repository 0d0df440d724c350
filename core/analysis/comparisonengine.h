// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The one comparison engine: selection → conditions → cells → statistics →
// verdicts → table rows. The Compare page's model, `wirebench-cli compare`
// (text, --json, --csv) and both reports read what it builds; none of them
// groups, pools or tests anything itself. The rules (docs/comparisons.md):
//
// - Every figure has a condition (result/condition.h). A view shows one
//   condition; only repetitions of that condition at one group value, on
//   one setup (host pair, NIC, switch, cable not grouped by) and one link
//   class, are pooled into a cell.
// - Grouping by a defining parameter (message size, sink, ...) is a sweep:
//   the view holds every value of that parameter, in numeric order, and a
//   verdict is only given between cells of one condition.
// - A baseline is one observation with its identity: never pooled.
// - n = 1 is a point; positive figures get the t interval of their
//   logarithms; a ratio interval needs repetitions on both sides.
// - % of ceiling only over a physical link of known speed; above 100 % it
//   is flagged as a measurement problem.

#include "comparisondata.h"
#include "environmentfacts.h"
#include "groupcomparison.h"
#include "statistics.h"

#include <QDateTime>
#include <QList>
#include <QString>
#include <QStringList>

namespace wb {

struct ComparisonRequest
{
    QString groupBy;      // a dimension of the data; empty: its default
    QString conditionKey; // one of ComparisonView::conditions; empty: the one with most runs
    QString reference;    // a cell's label; empty: the newest measured cell
    double confidence = 0.95;
};

// One condition the selection holds, with how many figures it has.
struct ConditionEntry
{
    QString key;     // Condition::key(), or keyWithout(the swept parameter)
    QString label;   // Condition::label() (without the swept parameter)
    QString shown;   // the same in the program's language (displayLabel())
    Condition condition; // of its first figure
    int runs = 0;
    int baselines = 0;
};

struct EngineCell
{
    QString label;     // unique in the view: "64 B · measured (loopback)"
    QString category;  // the group value
    QString series;    // what splits a group: setup, origin, link
    bool baseline = false;
    Condition condition;
    QList<double> values;      // in the data's display unit
    QList<qint64> runIds;      // measured members
    QStringList sources;       // "run 12", or the baseline's citation
    QString baselineKey;       // a baseline's key
    LinkInfo link;
    double ceiling = 0;        // the members' common ceiling; 0: none or not the same
    QDateTime newest;          // the newest member's start
    QList<int> members;        // indexes into ComparisonData::observations
    stats::MeanEstimate estimate;
};

struct EngineRow
{
    int cell = -1;
    bool reference = false;
    bool comparable = false;   // same condition as the reference
    QStringList differences;   // when not comparable: what differs
    GroupComparison comparison; // against the reference, when comparable
    double pctOfCeiling = 0;   // NaN when no ceiling applies
    bool aboveCeiling = false; // over 100 %: a measurement problem
    QString verdict;           // a sentence: verdict, "reference", "single measurement", "not comparable: ..."
};

struct ComparisonView
{
    QString title;
    QString metric;
    QString unit;
    double confidence = 0.95;
    QString groupBy;
    QStringList dimensions;         // what the view can be grouped by
    QList<ConditionEntry> conditions; // every condition of the selection, most runs first
    int condition = -1;             // index of the one shown
    QString sweepParameter;         // the defining parameter grouped by, or empty
    QList<EngineCell> cells;        // categories in numeric order where numeric
    QList<EngineRow> rows;          // one per cell, same order
    int reference = -1;
    QStringList notes;              // said once above the table

    bool isSweep() const { return !sweepParameter.isEmpty(); }
    const ConditionEntry *shownCondition() const { return condition >= 0 ? &conditions[condition] : nullptr; }
    // The cells' observations as data for the charts library: one series
    // per cell series, in cell order, with the view's title and notes.
    ComparisonData chartData(const ComparisonData &source) const;
    // The same for the host-pair heat map: one matrix per origin (the
    // measured runs, each baseline source), chosen by its seriesKey.
    ComparisonData heatMapData(const ComparisonData &source) const;
    // What differs between each cell's environment and the reference's;
    // only that cell's when `onlyCell` is one.
    QList<CellEnvironmentDiff> environmentDiffs(const ComparisonData &source, int onlyCell = -1) const;
};

ComparisonView buildComparisonView(const ComparisonData &data, const ComparisonRequest &request);
// Every other condition of `view`'s selection as a view of its own (same
// grouping and confidence, each its own newest reference), in the order
// view.conditions lists them: one section per condition, never pooled.
QList<ComparisonView> otherConditionViews(const ComparisonData &data, const ComparisonView &view);
// The host-pair heat maps of a view. For a kind with a sink (file
// transfers) the same condition along the sink, so file -> file and
// file -> /dev/null stand side by side: `panelAttribute` then names the
// attribute whose values get a matrix each ("sink"); empty otherwise.
ComparisonData heatMapChartData(const ComparisonData &source, const ComparisonView &view, QString *panelAttribute);

// Numbers as every front end prints them: 4 significant digits, a dash for NaN.
QString comparisonNumber(double v);
// "12.3 [11.9, 12.8]" or "7.30 (single measurement)".
QString meanText(const stats::MeanEstimate &e);
// "0.912 [0.887, 0.938]", "0.912 (no interval)", "reference" or "—".
QString ratioText(const EngineRow &row);
// "61.0%", "104% ⚠ above the ceiling" or "—".
QString ceilingText(const EngineRow &row);
QString pValueText(const EngineRow &row);

} // namespace wb
