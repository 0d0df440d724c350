// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What the Compare page and `wirebench-cli compare` chart: observations of
// one metric (repetitions per run or per baseline, each tagged with
// attributes such as host, switch, mode), interval time series, latency
// distributions and size sweeps, all in one display unit, each with the
// source it came from (run id or citation). Plain values: a provider builds
// one from the store, from baselines or in code; nothing here knows SQL.

#include "environmentfacts.h"
#include "result/condition.h"

#include <QDateTime>

#include <QList>
#include <QMap>
#include <QPointF>
#include <QString>
#include <QStringList>

#include <optional>

namespace wb {

struct Observation
{
    QMap<QString, QString> attributes; // dimension -> value, e.g. {"from","Zeus"}
    QList<double> values;              // repetitions, in ComparisonData::unit
    QString source;                    // "run 42" or a citation
    bool baseline = false;             // a historical figure, not measured here
    double ceiling = 0;                // theoretical limit for this observation (0: use the global one)
    // The conditions the figure was measured under, for checking that two
    // groups truly compare: "socket buffers", "direction", "kernel", "driver",
    // "link" -> value as text. Absent keys are not known.
    QMap<QString, QString> conditions;
    // The environment it was measured in, field by field ("client driver",
    // "link speed", ... see environmentfacts.h); absent fields are not known.
    QMap<QString, QString> environment = {};
    // The figure's condition (result/condition.h): what the comparison
    // engine pools and compares by. Data built by hand may leave it out.
    std::optional<Condition> condition = std::nullopt;
    qint64 runId = 0;          // a measured figure's run
    QString baselineKey = {};  // a baseline's key
    QDateTime startedAt = {};  // when the run started
    LinkInfo link = {};        // the link it crossed
};

// A line of points: a time series (t in s) or a sweep (x = message size).
struct PointSeries
{
    QString label;
    QString source;
    QList<QPointF> points;
    QList<double> errors; // optional CI half-widths, one per point
};

// A round-trip latency distribution: raw samples or ready CDF points.
struct LatencyDistribution
{
    QString label;
    QString source;
    QList<double> samplesUs;   // raw RR samples, or empty when cdfPoints are given
    QList<QPointF> cdfPoints;  // (latency µs, cumulative fraction 0..1), e.g. from a histogram
};

// One bar: the observations sharing a group-by value and a series value.
struct ComparisonCell
{
    QString category;
    QString series;
    QList<double> values;          // measured (non-baseline) repetitions, pooled
    QList<double> baselineValues;  // historical figures, pooled
    QStringList sources;
    QStringList baselineSources;
    double ceiling = 0;            // 0 when there is none
    // The ceilings of the measured and of the historical observations
    // separately, so both show as % of their own link's ceiling; 0 when a
    // figure in the pool has none or the pool's figures have different ones.
    double measuredCeiling = 0;
    double baselineCeiling = 0;

    QString label() const;
    bool baselineOnly() const { return values.isEmpty() && !baselineValues.isEmpty(); }
    // Measured values when there are any, otherwise the baseline figures.
    const QList<double> &comparableValues() const { return values.isEmpty() ? baselineValues : values; }
    QStringList comparableSources() const { return values.isEmpty() ? baselineSources : sources; }
    // The ceiling that goes with comparableValues(): 0 when not known.
    double comparableCeiling() const { return values.isEmpty() ? baselineCeiling : measuredCeiling; }
};

// What differs in the environment between a group and the reference group.
struct CellEnvironmentDiff
{
    QString cell;      // the group's label
    QString reference; // the reference group's label
    QList<EnvironmentFieldDiff> fields; // every field either side knows
    // Fields that differ, and fields only one side knows, one line each.
    QStringList describe() const;
};

struct ComparisonData
{
    QString title;
    QString metric;          // canonical name, decides "faster"/"slower"
    QString unit;            // display unit of every value, e.g. "Mbit/s"
    QString description;     // shown above the chart, e.g. "1997 baselines"
    QStringList notes;       // said above the comparison table (an experiment's arms, ...)
    double confidence = 0.95;

    QList<Observation> observations;
    QStringList dimensions;  // attribute keys offered for group-by, in order
    QString defaultGroupBy;
    QString seriesKey;       // attribute that splits a group into bars (may be empty)
    double ceiling = 0;      // global theoretical ceiling in `unit`, 0: none
    QString ceilingLabel;

    QString matrixRowKey;    // heat map: rows and columns from these attributes
    QString matrixColumnKey;

    QList<PointSeries> timeSeries;
    QString timeSeriesUnit;  // unit of the time series values (defaults to unit)
    QList<PointSeries> sweeps;
    QString sweepXLabel;     // e.g. "message size (bytes)"
    QList<QPointF> sweepCeiling; // theoretical ceiling over the sweep's x, may be empty
    QList<LatencyDistribution> latencies;

    bool hasBars() const { return !observations.isEmpty(); }
    bool hasMatrix() const;
    // Every distinct source, baselines last, in first-seen order.
    QStringList sources() const;
    // The distinct values of an attribute in first-seen order.
    QStringList attributeValues(const QString &key) const;
    // Groups observations by `groupBy` (and seriesKey unless it is groupBy),
    // categories and series in first-seen order.
    QList<ComparisonCell> cells(const QString &groupBy) const;
    // Where a group's measurement conditions differ from the reference
    // group's (other socket buffers, direction, kernel, driver or link):
    // one sentence each, for a warning beside the comparison.
    QStringList conditionWarnings(const QString &groupBy, const ComparisonCell &reference) const;
    // A group's environment: each field's values over its observations
    // ("a / b" where they differ within the group).
    EnvironmentFacts cellEnvironment(const QString &groupBy, const ComparisonCell &cell) const;
    // For each other group that has an environment, what differs from the
    // reference group's, field by field (only fields both know compare;
    // fields one side does not know are listed as such).
    QList<CellEnvironmentDiff> environmentDiffs(const QString &groupBy, const ComparisonCell &reference) const;
};

} // namespace wb
