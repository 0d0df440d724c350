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

// Welch's two-sample t test of B - A (Welch-Satterthwaite df), with the
// interval of the difference. Needs two values on each side and some
// spread; otherwise `valid` is false and the numbers are NaN.
struct WelchTest
{
    bool valid = false;
    double difference = 0; // mean B - mean A
    double low = 0;
    double high = 0;
    double t = 0;
    double df = 0;
    double pValue = 0;     // two-sided
};
WelchTest welchTest(const QList<double> &a, const QList<double> &b, double confidence);

// What a table, a chart and a report show for one cell of repetitions
// (docs/comparisons.md). One value is a single measurement: a point, no
// interval. Repetitions of a positive figure get the t interval of their
// logarithms, back on the linear scale: the geometric mean with an interval
// that can never reach zero or below. A figure that can be zero (loss,
// drops) gets the plain t interval, cut at zero when no value is negative.
struct MeanEstimate
{
    int n = 0;
    double mean = 0;       // geometric mean on the log scale, arithmetic otherwise; NaN when n == 0
    double low = 0;        // NaN without an interval
    double high = 0;
    double confidence = 0;
    bool logScale = false; // the interval is the logarithms' t interval
    bool cutAtZero = false; // the plain interval reached below zero and was cut there

    bool hasInterval() const { return n >= 2; }
    bool single() const { return n == 1; }
};
MeanEstimate estimateMean(const QList<double> &values, double confidence = 0.95);
// True when every value is above zero (and there is at least one).
bool allPositive(const QList<double> &values);

} // namespace wb::stats
