// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Small-sample statistics for repeated measurements: Student's t
// distribution (any real df >= 1, so Welch-Satterthwaite df work too),
// sample summaries with confidence intervals, and the netperf-style
// confidence rule ("is the CI half-width within X% of the mean at Y%
// confidence?"). Plain functions over doubles; no Qt types needed by
// callers beyond QList.

#include <QList>

namespace wb::stats {

// Regularized incomplete beta function I_x(a, b) for a, b > 0, 0 <= x <= 1.
// Returns NaN for arguments outside that domain.
double regularizedIncompleteBeta(double x, double a, double b);

// Cumulative distribution of Student's t with df degrees of freedom
// (df > 0, real). NaN for df <= 0.
double studentTCdf(double t, double df);

// The p-quantile of Student's t (0 < p < 1, df > 0): the t with
// studentTCdf(t, df) == p. NaN outside the domain.
double studentTQuantile(double p, double df);

// The two-sided critical value for a confidence level in (0, 1): e.g.
// twoSidedCritical(0.95, 10) == studentTQuantile(0.975, 10) == 2.228.
double twoSidedCritical(double confidence, double df);

// Two-sided p-value of an observed t statistic.
double twoSidedPValue(double t, double df);

// Mean, spread and confidence interval of one group of repetitions.
struct SampleSummary
{
    int n = 0;
    double mean = 0;
    double stddev = 0;        // sample standard deviation (n - 1); 0 when n < 2
    double standardError = 0; // stddev / sqrt(n)
    double confidence = 0;    // the level the half-width is for, e.g. 0.95
    double ciHalfWidth = 0;   // t(1 - alpha/2, n - 1) * standardError; NaN when n < 2
    double min = 0;
    double max = 0;

    bool hasInterval() const { return n >= 2; }
    // Half-width as a percentage of |mean|; NaN when undefined.
    double relativeHalfWidthPct() const;
};

SampleSummary summarize(const QList<double> &values, double confidence = 0.95);

// The netperf -I rule: a repeated measurement is "confident" when the CI
// half-width at `confidenceLevel` (e.g. 0.99) is at most `halfWidthPct`
// percent of the mean. Note: netperf's "-I 99,5" means an interval 5% wide,
// i.e. halfWidthPct = 2.5. Needs at least two values.
struct ConfidenceCheck
{
    bool met = false;
    double achievedHalfWidthPct = 0; // NaN when fewer than two values
    SampleSummary summary;
};
ConfidenceCheck checkConfidence(const QList<double> &values, double confidenceLevel, double halfWidthPct);

} // namespace wb::stats
