// SPDX-License-Identifier: GPL-3.0-or-later
// E-Divisive means on histories whose changes are known: a step is found
// where it is, with its size; noise alone and a slow drift within the
// noise give nothing; two steps give two; a lone outlier is not a change.
// A 5 % step in 2 % noise is found at its run; the false-positive rate on
// flat noise is measured and bounded; a slow drift gives changes in its own
// direction only; 10,000 values take under a second of CPU and a new value
// re-tests only the last segment, in under 50 ms.

#include "analysis/changepoints.h"

#include <QTest>

#include <random>

#include <time.h>

using wb::stats::eDivisiveChangePoints;
using wb::stats::eDivisiveExtend;

namespace {

QList<double> noisy(int n, double level, double sd, std::mt19937_64 &rng)
{
    std::normal_distribution<double> noise(0, sd);
    QList<double> v;
    for (int i = 0; i < n; ++i)
        v.append(level + noise(rng));
    return v;
}

// This thread's CPU time: the bound holds on a loaded machine too.
double cpuMs()
{
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

} // namespace

class TstChangePoints : public QObject
{
    Q_OBJECT
private slots:
    void findsAStep();
    void noiseAloneHasNone();
    void twoSteps();
    void anOutlierIsNoChange();
    void tooShortForAChange();
    void fivePercentStepInTwoPercentNoise();
    void falsePositiveRateOnFlatNoise();
    void slowDriftGoesOneWay();
    void extendKeepsWhatWasFound();
    void tenThousandValuesInASecond();
};

void TstChangePoints::findsAStep()
{
    // tcp_rr falling 8 % after run 30, with 1 % noise.
    std::mt19937_64 rng(7);
    QList<double> v = noisy(30, 10000, 100, rng) + noisy(20, 9200, 100, rng);
    const auto cps = eDivisiveChangePoints(v);
    QCOMPARE(cps.size(), 1);
    QCOMPARE(cps.first().index, 30);
    QVERIFY(std::abs(cps.first().relativeChangePct + 8) < 1);
    QVERIFY(std::abs(cps.first().meanBefore - 10000) < 60);
    QVERIFY(cps.first().pValue <= 0.05);
}

void TstChangePoints::noiseAloneHasNone()
{
    // Pure noise: the permutation test keeps a change in about alpha of the
    // histories (5 of 100 expected at 5 %; more than 12 is not chance).
    int found = 0;
    for (uint64_t seed = 1; seed <= 100; ++seed) {
        std::mt19937_64 rng(seed);
        found += eDivisiveChangePoints(noisy(60, 500, 25, rng), {.alpha = 0.05}).isEmpty() ? 0 : 1;
    }
    QVERIFY2(found <= 12, qPrintable(QStringLiteral("%1 of 100 noise histories had a change").arg(found)));
    // A drift far inside the noise is no change either.
    std::mt19937_64 rng(5);
    QList<double> drift = noisy(60, 500, 25, rng);
    for (int i = 0; i < drift.size(); ++i)
        drift[i] += 0.05 * i;
    QVERIFY(eDivisiveChangePoints(drift, {.alpha = 0.01}).isEmpty());
}

void TstChangePoints::twoSteps()
{
    std::mt19937_64 rng(3);
    const QList<double> v = noisy(20, 100, 1, rng) + noisy(20, 110, 1, rng) + noisy(20, 95, 1, rng);
    const auto cps = eDivisiveChangePoints(v);
    QCOMPARE(cps.size(), 2);
    QCOMPARE(cps[0].index, 20);
    QCOMPARE(cps[1].index, 40);
    QVERIFY(cps[0].relativeChangePct > 8 && cps[0].relativeChangePct < 12);
    QVERIFY(cps[1].relativeChangePct < -12 && cps[1].relativeChangePct > -16);
    // The segments' means: the middle one is the "after" of the first and
    // the "before" of the second.
    QCOMPARE(cps[0].meanAfter, cps[1].meanBefore);
}

void TstChangePoints::anOutlierIsNoChange()
{
    std::mt19937_64 rng(11);
    QList<double> v = noisy(40, 1000, 10, rng);
    v[20] = 5000; // one bad night
    QVERIFY(eDivisiveChangePoints(v).isEmpty());
}

void TstChangePoints::tooShortForAChange()
{
    QVERIFY(eDivisiveChangePoints({}).isEmpty());
    QVERIFY(eDivisiveChangePoints({1, 2, 100, 101, 102}).isEmpty()); // fewer than 3 on one side
    const auto cps = eDivisiveChangePoints({1, 1.1, 0.9, 1, 100, 101, 99, 100});
    QCOMPARE(cps.size(), 1);
    QCOMPARE(cps.first().index, 4);
}

void TstChangePoints::fivePercentStepInTwoPercentNoise()
{
    // 60 nights at 100, then 40 at 105, noise 2 % — over 20 histories.
    int exact = 0;
    for (uint64_t seed = 1; seed <= 20; ++seed) {
        std::mt19937_64 rng(seed);
        const QList<double> v = noisy(60, 100, 2, rng) + noisy(40, 105, 2, rng);
        const auto cps = eDivisiveChangePoints(v);
        QVERIFY2(cps.size() == 1, qPrintable(QStringLiteral("seed %1: %2 change points").arg(seed).arg(cps.size())));
        QVERIFY2(std::abs(cps.first().index - 60) <= 2,
                 qPrintable(QStringLiteral("seed %1: change at %2").arg(seed).arg(cps.first().index)));
        QVERIFY(std::abs(cps.first().relativeChangePct - 5) < 1.5);
        exact += cps.first().index == 60 ? 1 : 0;
    }
    qInfo("5 %% step in 2 %% noise: found at the very run in %d of 20 histories, within 2 runs in all", exact);
    QVERIFY2(exact >= 14, qPrintable(QString::number(exact)));
}

void TstChangePoints::falsePositiveRateOnFlatNoise()
{
    // 200 flat histories of 100 values: the share reporting any change is
    // the false-positive rate. At alpha 0.05 it should be about 5 %; more
    // than 10 % would mean the permutation test is not honest.
    int found = 0;
    constexpr int kHistories = 200;
    for (uint64_t seed = 1000; seed < 1000 + kHistories; ++seed) {
        std::mt19937_64 rng(seed);
        found += eDivisiveChangePoints(noisy(100, 100, 2, rng), {.alpha = 0.05, .seed = seed}).isEmpty() ? 0 : 1;
    }
    const double rate = double(found) / kHistories;
    qInfo("false-positive rate on flat noise at alpha 0.05: %.3f (%d of %d)", rate, found, kHistories);
    QVERIFY2(rate <= 0.10, qPrintable(QString::number(rate)));
}

void TstChangePoints::slowDriftGoesOneWay()
{
    // 10 % down over 200 nights in 2 % noise: not one step, so whatever
    // changes are found all point down and none is bigger than the drift.
    std::mt19937_64 rng(17);
    QList<double> v = noisy(200, 100, 2, rng);
    for (int i = 0; i < v.size(); ++i)
        v[i] -= 10.0 * i / v.size();
    const auto cps = eDivisiveChangePoints(v);
    QVERIFY(!cps.isEmpty());
    for (const auto &c : cps) {
        QVERIFY2(c.relativeChangePct < 0, qPrintable(QString::number(c.relativeChangePct)));
        QVERIFY(c.relativeChangePct > -11);
    }
}

void TstChangePoints::extendKeepsWhatWasFound()
{
    std::mt19937_64 rng(29);
    QList<double> v = noisy(50, 100, 1, rng) + noisy(30, 90, 1, rng);
    const auto first = eDivisiveChangePoints(v);
    QCOMPARE(first.size(), 1);
    QCOMPARE(first.first().index, 50);
    // One value more at the new level: the change and its p stay.
    v += noisy(1, 90, 1, rng);
    auto next = eDivisiveExtend(v, first);
    QCOMPARE(next.size(), 1);
    QCOMPARE(next.first().index, 50);
    QCOMPARE(next.first().pValue, first.first().pValue);
    // A second step inside the last segment is found there.
    v += noisy(30, 80, 1, rng);
    next = eDivisiveExtend(v, next);
    QCOMPARE(next.size(), 2);
    QCOMPARE(next[1].index, 81);
    QCOMPARE(next[0].meanAfter, next[1].meanBefore);
}

void TstChangePoints::tenThousandValuesInASecond()
{
    // 10,000 nights with one 5 % step in 2 % noise at 6,000.
    std::mt19937_64 rng(31);
    QList<double> v = noisy(6000, 100, 2, rng) + noisy(4000, 95, 2, rng);
    double t = cpuMs();
    const auto cps = eDivisiveChangePoints(v);
    const double fullMs = cpuMs() - t;
    QCOMPARE(cps.size(), 1);
    QVERIFY(std::abs(cps.first().index - 6000) <= 5);
    // One more night: only the last segment (4,001 values) is tested again.
    v += noisy(1, 95, 2, rng);
    t = cpuMs();
    const auto next = eDivisiveExtend(v, cps);
    const double extendMs = cpuMs() - t;
    QCOMPARE(next.size(), 1);
    qInfo("10,000 values: %.0f ms CPU; one more: %.1f ms CPU", fullMs, extendMs);
    QVERIFY2(fullMs <= 1000, qPrintable(QString::number(fullMs)));
    QVERIFY2(extendMs <= 50, qPrintable(QString::number(extendMs)));
}

QTEST_GUILESS_MAIN(TstChangePoints)
#include "tst_changepoints.moc"
