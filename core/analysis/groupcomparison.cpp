// SPDX-License-Identifier: GPL-3.0-or-later
#include "groupcomparison.h"

#include <QCoreApplication>

#include <cmath>
#include <limits>

namespace wb {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// lupdate reads the context from here, also for calls in free functions.
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(wb::GroupComparison)
};

QString formatPct(double v)
{
    // 99.5 % slower is not "100 % slower": keep the digits that say so.
    if (std::fabs(v) >= 99.5 && std::fabs(v) < 100)
        return QString::number(v, 'f', 1);
    return QString::number(v, 'f', std::fabs(v) < 10 ? 1 : 0);
}

QString levelText(double confidence)
{
    return QString::number(confidence * 100.0, 'g', 3) + u'%';
}

// Word for B relative to A, given whether B's value is larger.
QString directionWord(const QString &metric, bool bLarger)
{
    const MetricPolarity pol = metricPolarity(metric);
    if (metricReadsAsSpeed(metric)) {
        const bool better = (pol == MetricPolarity::HigherIsBetter) == bLarger;
        return better ? Tr::tr("faster") : Tr::tr("slower");
    }
    switch (pol) {
    case MetricPolarity::HigherIsBetter:
        return bLarger ? Tr::tr("higher (better)") : Tr::tr("lower (worse)");
    case MetricPolarity::LowerIsBetter:
        return bLarger ? Tr::tr("higher (worse)") : Tr::tr("lower (better)");
    case MetricPolarity::Neutral:
        break;
    }
    return bLarger ? Tr::tr("higher") : Tr::tr("lower");
}

} // namespace

MetricPolarity metricPolarity(const QString &m)
{
    if (m.startsWith(u"throughput") || m == u"transactions_per_s" || m == u"connections_per_s" || m == u"packets_per_s"
        || m == u"messages"
        || m == u"bytes" || m.endsWith(u"_bytes_per_s") || m.endsWith(u"_bps"))
        return MetricPolarity::HigherIsBetter;
    if (m.startsWith(u"latency") || m.contains(u"_latency_us_") || m == u"loss_ratio" || m == u"send_errors" || m == u"cpu_util_pct"
        || m.startsWith(u"service_demand") || m == u"jitter_ms" || m == u"retransmits" || m == u"elapsed_s")
        return MetricPolarity::LowerIsBetter;
    return MetricPolarity::Neutral;
}

bool metricReadsAsSpeed(const QString &m)
{
    return m.startsWith(u"throughput") || m == u"transactions_per_s" || m == u"connections_per_s" || m == u"packets_per_s"
        || m.endsWith(u"_bytes_per_s") || m.endsWith(u"_bps") || m.startsWith(u"latency") || m.contains(u"_latency_us_")
        || m == u"elapsed_s";
}

double GroupComparison::changeHalfWidthPct() const
{
    if (std::isnan(ratioLow) || std::isnan(ratioHigh) || ratioUnbounded)
        return kNaN;
    return (ratioHigh - ratioLow) / 2.0 * 100.0;
}

GroupComparison compareGroups(const QList<double> &a, const QList<double> &b, double confidence,
                              const QString &metric, const QString &nameA, const QString &nameB)
{
    GroupComparison c;
    c.confidence = confidence;
    c.a = stats::summarize(a, confidence);
    c.b = stats::summarize(b, confidence);
    c.difference = c.b.mean - c.a.mean;
    c.ratio = c.a.mean != 0 ? c.b.mean / c.a.mean : kNaN;
    c.differenceLow = c.differenceHigh = kNaN;
    c.ratioLow = c.ratioHigh = kNaN;
    c.welchDf = c.t = c.pValue = kNaN;

    if (c.a.n == 0 || c.b.n == 0) {
        c.verdict = Tr::tr("Nothing to compare: %1 has no values.").arg(c.a.n == 0 ? nameA : nameB);
        return c;
    }

    // A ratio interval and a test need repetitions on both sides: a single
    // figure (a historical baseline, one run) is a point, never taken as
    // exact (docs/comparisons.md).
    const bool repeated = c.a.n >= 2 && c.b.n >= 2;
    const double va = repeated ? c.a.stddev * c.a.stddev / c.a.n : 0; // variance of the mean
    const double vb = repeated ? c.b.stddev * c.b.stddev / c.b.n : 0;
    const bool positive = stats::allPositive(a) && stats::allPositive(b);
    if (positive) {
        // The ratio of the geometric means, as the intervals shown per cell.
        c.ratio = stats::estimateMean(b, confidence).mean / stats::estimateMean(a, confidence).mean;
    }
    const stats::WelchTest linear = stats::welchTest(a, b, confidence);
    c.testable = linear.valid;
    if (c.testable) {
        c.differenceLow = linear.low;
        c.differenceHigh = linear.high;
        c.welchDf = linear.df;
        c.t = linear.t;
        c.pValue = linear.pValue;
    }
    if (c.testable && positive) {
        // Positive figures: Welch on the logarithms. The ratio's interval is
        // the difference of the log means back on the linear scale, so it
        // never reaches zero; the p-value is that test's.
        QList<double> la, lb;
        for (double v : a)
            la << std::log(v);
        for (double v : b)
            lb << std::log(v);
        if (const stats::WelchTest logs = stats::welchTest(la, lb, confidence); logs.valid) {
            c.welchDf = logs.df;
            c.t = logs.t;
            c.pValue = logs.pValue;
            c.ratioLow = std::exp(logs.low);
            c.ratioHigh = std::exp(logs.high);
        }
    } else if (c.testable && c.a.mean != 0) {
        // Figures that can be zero or negative: Fieller's interval, the set
        // of R with (mB - R mA)^2 <= t^2 (vB + R^2 vA).
        const double r = c.ratio;
        const double dfR = std::pow(vb + r * r * va, 2) / (vb * vb / (c.b.n - 1) + std::pow(r * r * va, 2) / (c.a.n - 1));
        const double tr2 = std::pow(stats::twoSidedCritical(confidence, dfR), 2);
        const double ma = c.a.mean;
        const double mb = c.b.mean;
        const double denom = ma * ma - tr2 * va;
        const double disc = ma * ma * vb + mb * mb * va - tr2 * va * vb;
        if (denom > 0 && disc >= 0) {
            const double root = std::sqrt(tr2) * std::sqrt(disc);
            c.ratioLow = (ma * mb - root) / denom;
            c.ratioHigh = (ma * mb + root) / denom;
        } else {
            c.ratioUnbounded = true;
        }
    }
    c.significant = c.testable && c.pValue < 1.0 - confidence;

    const QString level = levelText(confidence);
    if (std::isnan(c.ratio)) {
        c.verdict = Tr::tr("%1 has a mean of zero: no ratio.").arg(nameA);
        return c;
    }
    const bool bLarger = c.b.mean > c.a.mean;
    const double change = std::fabs(c.changePct());
    if (!c.testable) {
        const QString why = repeated ? Tr::tr("no spread: no confidence interval")
                                     : Tr::tr("%1 is a single measurement: no interval, no test").arg(c.a.n < 2 ? nameA : nameB);
        if (c.b.mean == c.a.mean)
            c.verdict = Tr::tr("%1 equals %2 (%3).").arg(nameB, nameA, why);
        else
            c.verdict = Tr::tr("%1 is %2% %3 than %4 (%5).").arg(nameB, formatPct(change), directionWord(metric, bLarger), nameA, why);
        return c;
    }
    if (!c.significant) {
        c.verdict = Tr::tr("No significant difference at %1 (%2 %3% %4 than %5, p = %6).")
                        .arg(level, nameB, formatPct(change), directionWord(metric, bLarger), nameA,
                             QString::number(c.pValue, 'g', 2));
        return c;
    }
    const double hw = c.changeHalfWidthPct();
    const QString plusMinus = std::isnan(hw) ? QString() : Tr::tr(" ± %1%").arg(formatPct(hw));
    c.verdict = Tr::tr("%1 is %2%%3 %4 than %5 (%6 confidence).")
                    .arg(nameB, formatPct(change), plusMinus, directionWord(metric, bLarger), nameA, level);
    return c;
}

} // namespace wb
