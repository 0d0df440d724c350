// SPDX-License-Identifier: GPL-3.0-or-later
#include "statistics.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

namespace wb::stats {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// Continued fraction for I_x(a, b) (modified Lentz), valid and fast for
// x < (a + 1) / (a + b + 2); the caller uses the symmetry relation otherwise.
double betaContinuedFraction(double x, double a, double b)
{
    constexpr int kMaxIterations = 500;
    constexpr double kEpsilon = 1e-15;
    constexpr double kTiny = 1e-300;
    const double qab = a + b;
    const double qap = a + 1.0;
    const double qam = a - 1.0;
    const auto nonZero = [&](double v) { return std::fabs(v) < kTiny ? kTiny : v; };
    double c = 1.0;
    double d = 1.0 / nonZero(1.0 - qab * x / qap);
    // One step with the next coefficient: the factor it multiplies h by.
    const auto step = [&](double aa) {
        d = 1.0 / nonZero(1.0 + aa * d);
        c = nonZero(1.0 + aa / c);
        return d * c;
    };
    double h = d;
    for (int m = 1; m <= kMaxIterations; ++m) {
        const double m2 = 2.0 * m;
        h *= step(m * (b - m) * x / ((qam + m2) * (a + m2)));
        const double del = step(-(a + m) * (qab + m) * x / ((a + m2) * (qap + m2)));
        h *= del;
        if (std::fabs(del - 1.0) < kEpsilon)
            break;
    }
    return h;
}

} // namespace

double regularizedIncompleteBeta(double x, double a, double b)
{
    if (!(a > 0) || !(b > 0) || !(x >= 0) || !(x <= 1))
        return kNaN;
    if (x == 0 || x == 1)
        return x;
    const double lnFront = std::lgamma(a + b) - std::lgamma(a) - std::lgamma(b) + a * std::log(x) + b * std::log1p(-x);
    const double front = std::exp(lnFront);
    if (x < (a + 1.0) / (a + b + 2.0))
        return front * betaContinuedFraction(x, a, b) / a;
    return 1.0 - front * betaContinuedFraction(1.0 - x, b, a) / b;
}

double studentTCdf(double t, double df)
{
    if (!(df > 0) || std::isnan(t))
        return kNaN;
    if (std::isinf(t))
        return t > 0 ? 1.0 : 0.0;
    // P(|T| > |t|) = I_{df/(df+t^2)}(df/2, 1/2)
    const double tail = 0.5 * regularizedIncompleteBeta(df / (df + t * t), df / 2.0, 0.5);
    return t >= 0 ? 1.0 - tail : tail;
}

double twoSidedPValue(double t, double df)
{
    if (!(df > 0) || std::isnan(t))
        return kNaN;
    if (std::isinf(t))
        return 0.0;
    // Computed from the tail directly so tiny p-values keep their precision.
    return regularizedIncompleteBeta(df / (df + t * t), df / 2.0, 0.5);
}

double studentTQuantile(double p, double df)
{
    if (!(df > 0) || !(p > 0) || !(p < 1))
        return kNaN;
    if (p == 0.5)
        return 0.0;
    // Closed forms where they exist (exact and cheap).
    if (df == 1.0)
        return std::tan(std::numbers::pi * (p - 0.5));
    if (df == 2.0) {
        const double a = 4.0 * p * (1.0 - p);
        return (p < 0.5 ? -1.0 : 1.0) * std::sqrt(2.0 / a) * std::fabs(2.0 * p - 1.0);
    }
    // Work on the upper half; the distribution is symmetric.
    const double q = p > 0.5 ? p : 1.0 - p;
    const double tailTarget = 2.0 * (1.0 - q); // two-sided tail at the answer
    // Bracket: the upper tail falls with t; grow hi until it is below target.
    double lo = 0.0;
    double hi = 2.0;
    while (twoSidedPValue(hi, df) > tailTarget && hi < 1e12) {
        lo = hi;
        hi *= 2.0;
    }
    // Bisection on the two-sided tail; 200 halvings reach double precision.
    for (int i = 0; i < 200 && hi - lo > 1e-14 * hi; ++i) {
        const double mid = 0.5 * (lo + hi);
        if (twoSidedPValue(mid, df) > tailTarget)
            lo = mid;
        else
            hi = mid;
    }
    const double t = 0.5 * (lo + hi);
    return p > 0.5 ? t : -t;
}

double twoSidedCritical(double confidence, double df)
{
    if (!(confidence > 0) || !(confidence < 1))
        return kNaN;
    return studentTQuantile(1.0 - (1.0 - confidence) / 2.0, df);
}

double SampleSummary::relativeHalfWidthPct() const
{
    if (!hasInterval() || mean == 0)
        return kNaN;
    return 100.0 * ciHalfWidth / std::fabs(mean);
}

SampleSummary summarize(const QList<double> &values, double confidence)
{
    SampleSummary s;
    s.confidence = confidence;
    s.n = int(values.size());
    if (values.isEmpty()) {
        s.mean = kNaN;
        s.ciHalfWidth = kNaN;
        return s;
    }
    // Two-pass mean and variance: repeated measurements are close together,
    // where the one-pass formula loses digits.
    double sum = 0;
    for (double v : values)
        sum += v;
    s.mean = sum / s.n;
    s.min = *std::min_element(values.begin(), values.end());
    s.max = *std::max_element(values.begin(), values.end());
    if (s.n < 2) {
        s.ciHalfWidth = kNaN;
        return s;
    }
    double ss = 0;
    for (double v : values)
        ss += (v - s.mean) * (v - s.mean);
    s.stddev = std::sqrt(ss / (s.n - 1));
    s.standardError = s.stddev / std::sqrt(double(s.n));
    s.ciHalfWidth = twoSidedCritical(confidence, s.n - 1) * s.standardError;
    return s;
}

ConfidenceCheck checkConfidence(const QList<double> &values, double confidenceLevel, double halfWidthPct)
{
    ConfidenceCheck c;
    c.summary = summarize(values, confidenceLevel);
    c.achievedHalfWidthPct = c.summary.relativeHalfWidthPct();
    c.met = c.summary.hasInterval() && !std::isnan(c.achievedHalfWidthPct) && c.achievedHalfWidthPct <= halfWidthPct;
    return c;
}

WelchTest welchTest(const QList<double> &a, const QList<double> &b, double confidence)
{
    WelchTest w;
    const SampleSummary sa = summarize(a, confidence);
    const SampleSummary sb = summarize(b, confidence);
    w.difference = sb.mean - sa.mean;
    w.low = w.high = w.t = w.df = w.pValue = kNaN;
    if (sa.n < 2 || sb.n < 2)
        return w;
    const double va = sa.standardError * sa.standardError; // variances of the means
    const double vb = sb.standardError * sb.standardError;
    if (!(va + vb > 0))
        return w;
    const double se = std::sqrt(va + vb);
    w.valid = true;
    w.df = (va + vb) * (va + vb) / (va * va / (sa.n - 1) + vb * vb / (sb.n - 1));
    w.t = w.difference / se;
    w.pValue = twoSidedPValue(w.t, w.df);
    const double tq = twoSidedCritical(confidence, w.df);
    w.low = w.difference - tq * se;
    w.high = w.difference + tq * se;
    return w;
}

bool allPositive(const QList<double> &values)
{
    return !values.isEmpty() && std::all_of(values.begin(), values.end(), [](double v) { return v > 0 && std::isfinite(v); });
}

MeanEstimate estimateMean(const QList<double> &values, double confidence)
{
    MeanEstimate e;
    e.n = int(values.size());
    e.confidence = confidence;
    e.low = e.high = kNaN;
    if (values.isEmpty()) {
        e.mean = kNaN;
        return e;
    }
    if (e.n >= 2 && allPositive(values)) {
        QList<double> logs;
        logs.reserve(values.size());
        for (double v : values)
            logs << std::log(v);
        const SampleSummary s = summarize(logs, confidence);
        e.logScale = true;
        e.mean = std::exp(s.mean);
        e.low = std::exp(s.mean - s.ciHalfWidth);
        e.high = std::exp(s.mean + s.ciHalfWidth);
        return e;
    }
    const SampleSummary s = summarize(values, confidence);
    e.mean = s.mean;
    if (e.n >= 2) {
        e.low = s.mean - s.ciHalfWidth;
        e.high = s.mean + s.ciHalfWidth;
        if (e.low < 0 && s.min >= 0) {
            e.low = 0;
            e.cutAtZero = true;
        }
    }
    return e;
}

} // namespace wb::stats
