// SPDX-License-Identifier: GPL-3.0-or-later
// The RFC 2544 rate search against simulated devices: a clean capacity
// limit, loss tolerance, a generator slower than the line, a validation
// trial that fails once, and a device that drops everything.

#include "run/zerolosssearch.h"

#include <QTest>

#include <cmath>
#include <functional>

class TstZeroLossSearch : public QObject
{
    Q_OBJECT
private slots:
    void findsCapacity_data();
    void findsCapacity();
    void lineRatePassesImmediately();
    void toleranceRaisesTheRate();
    void slowGeneratorIsNotAPass();
    void failedValidationSearchesLower();
    void deadDeviceEndsAtZero();
};

using Device = std::function<wb::TrialOutcome(double offered)>;

static Device capacityDevice(double capacity, double generatorMax = 1e12)
{
    return [=](double offered) {
        wb::TrialOutcome t;
        t.offeredPps = offered;
        t.sentPps = std::min(offered, generatorMax);
        t.receivedPps = std::min(t.sentPps, capacity);
        t.lossRatio = t.sentPps > 0 ? (t.sentPps - t.receivedPps) / t.sentPps : 0;
        return t;
    };
}

static void run(wb::ZeroLossSearch &s, const Device &dut)
{
    int guard = 0;
    while (auto rate = s.nextRate()) {
        s.record(dut(*rate));
        QVERIFY(++guard <= 100);
    }
}

void TstZeroLossSearch::findsCapacity_data()
{
    QTest::addColumn<double>("line");
    QTest::addColumn<double>("capacity");
    QTest::newRow("100M 64B at 40 kpps") << 148809.5 << 40000.0;  // the seeds' tulip normal path
    QTest::newRow("100M 64B at 147 kpps") << 148809.5 << 147000.0; // fast switching
    QTest::newRow("1G 1518B at half") << 81274.0 << 40637.0;
    QTest::newRow("tiny capacity") << 148809.5 << 1200.0;
}

void TstZeroLossSearch::findsCapacity()
{
    QFETCH(double, line);
    QFETCH(double, capacity);
    wb::ZeroLossSearch::Config c;
    c.maxPps = line;
    c.resolutionPps = line * 0.005;
    wb::ZeroLossSearch s(c);
    run(s, capacityDevice(capacity));
    QVERIFY(s.finished());
    QVERIFY(s.converged());
    QVERIFY(s.zeroLossPps() <= capacity);
    QVERIFY2(capacity - s.zeroLossPps() <= c.resolutionPps,
             qPrintable(QStringLiteral("found %1, capacity %2").arg(s.zeroLossPps()).arg(capacity)));
    QVERIFY(s.trials().size() <= 12); // log2(200) + first + validation
    QVERIFY(s.trials().last().validation);
    QVERIFY(s.trials().last().passed);
}

void TstZeroLossSearch::lineRatePassesImmediately()
{
    wb::ZeroLossSearch s({.maxPps = 8127.0});
    run(s, capacityDevice(1e9));
    QCOMPARE(s.trials().size(), 2); // line rate, then its validation
    QCOMPARE(s.zeroLossPps(), 8127.0);
}

void TstZeroLossSearch::toleranceRaisesTheRate()
{
    wb::ZeroLossSearch::Config c{.maxPps = 100000, .lossTolerance = 0.10, .resolutionPps = 100};
    wb::ZeroLossSearch s(c);
    run(s, capacityDevice(50000));
    // 10% loss allowed: up to capacity / 0.9 offered
    QVERIFY(s.zeroLossPps() > 50000);
    QVERIFY(s.zeroLossPps() <= 50000 / 0.9 + 1);
    QVERIFY(50000 / 0.9 - s.zeroLossPps() <= 100);
}

void TstZeroLossSearch::slowGeneratorIsNotAPass()
{
    // The device could take everything, but the generator only makes 30 kpps:
    // the search must not report more than the generator produced.
    wb::ZeroLossSearch s({.maxPps = 148809.5, .resolutionPps = 500});
    run(s, capacityDevice(1e9, 30000));
    QVERIFY(s.zeroLossPps() <= 30000 / 0.98 + 1);
    QVERIFY(s.zeroLossPps() >= 29000);
}

void TstZeroLossSearch::failedValidationSearchesLower()
{
    wb::ZeroLossSearch s({.maxPps = 100000, .resolutionPps = 200});
    bool burstSeen = false;
    int guard = 0;
    while (auto rate = s.nextRate()) {
        auto t = capacityDevice(60000)(*rate);
        if (s.nextIsValidation() && !burstSeen) {
            // The first validation trial sees a burst of loss.
            burstSeen = true;
            t.receivedPps = t.sentPps * 0.999;
            t.lossRatio = 0.001;
        }
        s.record(t);
        QVERIFY(++guard <= 100);
    }
    QVERIFY(burstSeen);
    QVERIFY(s.converged());
    QVERIFY(s.zeroLossPps() < 60000);
    QVERIFY(s.zeroLossPps() > 58000);
    int validationTrials = 0;
    for (const auto &t : s.trials())
        validationTrials += t.validation ? 1 : 0;
    QCOMPARE(validationTrials, 2);
    QVERIFY(!s.trials().first().validation);
}

void TstZeroLossSearch::deadDeviceEndsAtZero()
{
    Device dead = [](double offered) {
        wb::TrialOutcome t;
        t.offeredPps = t.sentPps = offered;
        t.lossRatio = 1;
        return t;
    };
    wb::ZeroLossSearch s({.maxPps = 148809.5, .resolutionPps = 1000});
    run(s, dead);
    QVERIFY(s.finished());
    QVERIFY(!s.converged());
    QCOMPARE(s.zeroLossPps(), 0.0);
    QVERIFY(s.trials().size() <= 24);
}

QTEST_GUILESS_MAIN(TstZeroLossSearch)
#include "tst_zerolosssearch.moc"
