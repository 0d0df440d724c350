// SPDX-License-Identifier: GPL-3.0-or-later
// E-Divisive means on histories whose changes are known: a step is found
// where it is, with its size; noise alone and a slow drift within the
// noise give nothing; two steps give two; a lone outlier is not a change.

#include "analysis/changepoints.h"

#include <QTest>

#include <random>

using wb::stats::eDivisiveChangePoints;

namespace {

QList<double> noisy(int n, double level, double sd, std::mt19937_64 &rng)
{
    std::normal_distribution<double> noise(0, sd);
    QList<double> v;
    for (int i = 0; i < n; ++i)
        v.append(level + noise(rng));
    return v;
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

QTEST_GUILESS_MAIN(TstChangePoints)
#include "tst_changepoints.moc"
