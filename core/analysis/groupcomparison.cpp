// SPDX-License-Identifier: GPL-3.0-or-later
#include "groupcomparison.h"

#include <QCoreApplication>

#include <cmath>
#include <limits>

namespace wb {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

QString tr(const char *text)
{
    return QCoreApplication::translate("wb::GroupComparison", text);
}

QString formatPct(double v)
{
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
        return better ? tr("faster") : tr("slower");
    }
    switch (pol) {
    case MetricPolarity::HigherIsBetter:
        return bLarger ? tr("higher (better)") : tr("lower (worse)");
    case MetricPolarity::LowerIsBetter:
        return bLarger ? tr("higher (worse)") : tr("lower (better)");
    case MetricPolarity::Neutral:
        break;
    }
    return bLarger ? tr("higher") : tr("lower");
}

} // namespace

MetricPolarity metricPolarity(const QString &m)
{
    if (m.startsWith(u"throughput") || m == u"transactions_per_s" || m == u"packets_per_s" || m == u"messages"
        || m == u"bytes" || m.endsWith(u"_bytes_per_s") || m.endsWith(u"_bps"))
        return MetricPolarity::HigherIsBetter;
    if (m.startsWith(u"latency") || m == u"loss_ratio" || m == u"send_errors" || m == u"cpu_util_pct"
        || m.startsWith(u"service_demand") || m == u"jitter_ms" || m == u"retransmits" || m == u"elapsed_s")
        return MetricPolarity::LowerIsBetter;
    return MetricPolarity::Neutral;
}

bool metricReadsAsSpeed(const QString &m)
{
    return m.startsWith(u"throughput") || m == u"transactions_per_s" || m == u"packets_per_s"
        || m.endsWith(u"_bytes_per_s") || m.endsWith(u"_bps") || m.startsWith(u"latency") || m == u"elapsed_s";
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
        c.verdict = tr("Nothing to compare: %1 has no values.").arg(c.a.n == 0 ? nameA : nameB);
        return c;
    }

    const double va = c.a.n >= 2 ? c.a.stddev * c.a.stddev / c.a.n : 0; // variance of the mean
    const double vb = c.b.n >= 2 ? c.b.stddev * c.b.stddev / c.b.n : 0;
    // A single figure (typically a historical baseline) is taken as exact:
    // its variance term is zero and the test becomes the one-sample t test
    // of the other group against it (df = n - 1).
    c.testable = (c.a.n >= 2 || c.b.n >= 2) && va + vb > 0;
    const bool oneExact = c.testable && (c.a.n < 2 || c.b.n < 2);

    if (c.testable) {
        const double se = std::sqrt(va + vb);
        c.welchDf = (va + vb) * (va + vb)
            / ((c.a.n > 1 ? va * va / (c.a.n - 1) : 0) + (c.b.n > 1 ? vb * vb / (c.b.n - 1) : 0));
        c.t = c.difference / se;
        c.pValue = stats::twoSidedPValue(c.t, c.welchDf);
        const double tq = stats::twoSidedCritical(confidence, c.welchDf);
        c.differenceLow = c.difference - tq * se;
        c.differenceHigh = c.difference + tq * se;
        c.significant = c.pValue < 1.0 - confidence;

        // Fieller: the set of R with (mB - R mA)^2 <= t^2 (vB + R^2 vA).
        if (c.a.mean != 0) {
            const double r = c.ratio;
            const double dfR = std::pow(vb + r * r * va, 2)
                / ((c.b.n > 1 ? vb * vb / (c.b.n - 1) : 0) + (c.a.n > 1 ? std::pow(r * r * va, 2) / (c.a.n - 1) : 0));
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
    }

    const QString level = levelText(confidence);
    const QString exactNote = oneExact ? tr("; %1's single value taken as exact").arg(c.a.n < 2 ? nameA : nameB) : QString();
    if (std::isnan(c.ratio)) {
        c.verdict = tr("%1 has a mean of zero: no ratio.").arg(nameA);
        return c;
    }
    const bool bLarger = c.b.mean > c.a.mean;
    const double change = std::fabs(c.changePct());
    if (!c.testable) {
        if (c.b.mean == c.a.mean)
            c.verdict = tr("%1 equals %2 (no spread: no confidence interval).").arg(nameB, nameA);
        else
            c.verdict = tr("%1 is %2% %3 than %4 (fewer than two repetitions: no confidence interval).")
                            .arg(nameB, formatPct(change), directionWord(metric, bLarger), nameA);
        return c;
    }
    if (!c.significant) {
        c.verdict = tr("No significant difference at %1 (%2 %3% %4 than %5, p = %6%7).")
                        .arg(level, nameB, formatPct(change), directionWord(metric, bLarger), nameA,
                             QString::number(c.pValue, 'g', 2), exactNote);
        return c;
    }
    const double hw = c.changeHalfWidthPct();
    const QString plusMinus = std::isnan(hw) ? QString() : tr(" ± %1%").arg(formatPct(hw));
    c.verdict = tr("%1 is %2%%3 %4 than %5 (%6 confidence%7).")
                    .arg(nameB, formatPct(change), plusMinus, directionWord(metric, bLarger), nameA, level, exactNote);
    return c;
}

} // namespace wb
