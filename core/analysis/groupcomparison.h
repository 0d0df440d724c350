// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Compares two groups of repeated measurements of one metric, A (the
// reference) and B: difference B - A with a Welch t interval
// (Welch-Satterthwaite df); ratio B / A of the geometric means with the
// Welch interval of the logarithms for positive figures (Fieller's interval
// for figures that can be zero), the p-value, and a verdict in words that
// knows whether higher is better for the metric ("B is 12.0% ± 3.1% slower
// than A (99% confidence)"). A side with one value is a single
// measurement: a ratio, no interval, no p (docs/comparisons.md).

#include "statistics.h"

#include <QList>
#include <QString>

namespace wb {

// How a metric's direction reads in words.
enum class MetricPolarity {
    HigherIsBetter, // throughput, rates: "faster" / "slower"
    LowerIsBetter,  // latency: higher is "slower"; others: "higher (worse)"
    Neutral,        // plain "higher" / "lower"
};

// Polarity and the words to use for a canonical metric name.
MetricPolarity metricPolarity(const QString &metricName);
// True for metrics that read as speed (rates and latencies), which take
// "faster"/"slower"; other metrics take "higher"/"lower".
bool metricReadsAsSpeed(const QString &metricName);

struct GroupComparison
{
    stats::SampleSummary a; // reference
    stats::SampleSummary b;
    double confidence = 0.95;

    // B - A, Welch.
    double difference = 0;
    double differenceLow = 0;  // NaN when either group has fewer than 2 values
    double differenceHigh = 0;
    double welchDf = 0;        // Welch-Satterthwaite degrees of freedom
    double t = 0;
    double pValue = 0;         // two-sided; NaN when not computable

    // B / A: of the geometric means with the logarithms' Welch interval
    // when every value is positive; otherwise of the means with Fieller's
    // interval (its t uses the Welch-Satterthwaite df of B - R*A at R = B/A).
    double ratio = 0;
    double ratioLow = 0;       // NaN when not computable
    double ratioHigh = 0;
    bool ratioUnbounded = false; // Fieller's interval is unbounded (A not clearly away from 0)

    // Both groups have >= 2 values and there is some spread.
    bool testable = false;
    bool significant = false;  // p < 1 - confidence

    // "B is 12.0% ± 3.1% slower than A (99% confidence)" and friends.
    QString verdict;
    // The change of B relative to A in percent, (ratio - 1) * 100, and the
    // ± shown in the verdict (half the Fieller interval's width, in points).
    double changePct() const { return (ratio - 1.0) * 100.0; }
    double changeHalfWidthPct() const;
};

// Compares B against reference A. Names are used in the verdict text.
GroupComparison compareGroups(const QList<double> &a, const QList<double> &b, double confidence,
                              const QString &metricName, const QString &nameA = QStringLiteral("A"),
                              const QString &nameB = QStringLiteral("B"));

} // namespace wb
