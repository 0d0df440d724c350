// SPDX-License-Identifier: GPL-3.0-or-later
// core/analysis against textbook values: Student t quantiles, confidence
// intervals, Welch's test (R's t.test on the sleep data, Wikipedia's
// examples), Fieller ratios, verdict wording, Ethernet ceilings and the RR
// latency floor.

#include "analysis/comparisondata.h"
#include "analysis/ethernetceiling.h"
#include "analysis/groupcomparison.h"
#include "analysis/latencyfloor.h"
#include "analysis/statistics.h"

#include <QTest>

#include <cmath>

using namespace Qt::StringLiterals;
using namespace wb;

class TstStatistics : public QObject
{
    Q_OBJECT
private slots:
    void tQuantile_data();
    void tQuantile();
    void tCdfRoundTrip();
    void domainErrors();
    void confidenceInterval_data();
    void confidenceInterval();
    void confidenceRule();
    void welch_data();
    void welch();
    void fiellerRatio();
    void verdictWords_data();
    void verdictWords();
    void singleValues();
    void meanEstimates();
    void ethernet_data();
    void ethernet();
    void udpGoodput();
    void latencyFloor();
    void groupingCells();
};

void TstStatistics::tQuantile_data()
{
    QTest::addColumn<double>("p");
    QTest::addColumn<double>("df");
    QTest::addColumn<double>("expected");
    QTest::addColumn<double>("tolerance");
    // Standard t tables (3 decimals).
    QTest::newRow("0.975, 1") << 0.975 << 1.0 << 12.706 << 5e-4;
    QTest::newRow("0.975, 2") << 0.975 << 2.0 << 4.303 << 5e-4;
    QTest::newRow("0.975, 3") << 0.975 << 3.0 << 3.182 << 5e-4;
    QTest::newRow("0.975, 10") << 0.975 << 10.0 << 2.228 << 5e-4;
    QTest::newRow("0.995, 5") << 0.995 << 5.0 << 4.032 << 5e-4;
    QTest::newRow("0.995, 1") << 0.995 << 1.0 << 63.657 << 5e-3;
    QTest::newRow("0.95, 30") << 0.95 << 30.0 << 1.697 << 5e-4;
    QTest::newRow("0.9, 4") << 0.9 << 4.0 << 1.533 << 5e-4;
    QTest::newRow("0.9995, 3") << 0.9995 << 3.0 << 12.924 << 5e-3;
    QTest::newRow("0.975, 120") << 0.975 << 120.0 << 1.980 << 5e-4;
    QTest::newRow("lower tail 0.025, 10") << 0.025 << 10.0 << -2.228 << 5e-4;
    QTest::newRow("median") << 0.5 << 7.0 << 0.0 << 1e-12;
}

void TstStatistics::tQuantile()
{
    QFETCH(double, p);
    QFETCH(double, df);
    QFETCH(double, expected);
    QFETCH(double, tolerance);
    const double t = stats::studentTQuantile(p, df);
    QVERIFY2(std::fabs(t - expected) < tolerance, qPrintable(u"t = %1, expected %2"_s.arg(t, 0, 'f', 6).arg(expected)));
}

void TstStatistics::tCdfRoundTrip()
{
    // Non-integer df (as Welch gives) round-trip through the CDF.
    for (double df : {1.0, 1.5, 2.0, 3.7, 9.9, 17.776, 24.9, 200.0}) {
        for (double p : {0.6, 0.9, 0.975, 0.995, 0.9995}) {
            const double t = stats::studentTQuantile(p, df);
            QVERIFY2(std::fabs(stats::studentTCdf(t, df) - p) < 1e-10, qPrintable(u"df %1 p %2"_s.arg(df).arg(p)));
        }
    }
    QCOMPARE(stats::studentTCdf(0, 5), 0.5);
    // Cauchy (df 1) has a closed-form CDF.
    QVERIFY(std::fabs(stats::studentTCdf(1.0, 1) - 0.75) < 1e-12);
}

void TstStatistics::domainErrors()
{
    QVERIFY(std::isnan(stats::studentTQuantile(0.0, 5)));
    QVERIFY(std::isnan(stats::studentTQuantile(1.0, 5)));
    QVERIFY(std::isnan(stats::studentTQuantile(0.9, 0)));
    QVERIFY(std::isnan(stats::regularizedIncompleteBeta(1.5, 1, 1)));
    QVERIFY(std::isnan(stats::twoSidedCritical(1.2, 4)));
}

void TstStatistics::confidenceInterval_data()
{
    QTest::addColumn<QList<double>>("values");
    QTest::addColumn<double>("confidence");
    QTest::addColumn<double>("mean");
    QTest::addColumn<double>("stddev");
    QTest::addColumn<double>("halfWidth");
    // mean 12, s 2, t(0.975, 2) = 4.303: 4.303 * 2 / sqrt(3)
    QTest::newRow("three values 95%") << QList<double>{10, 12, 14} << 0.95 << 12.0 << 2.0 << 4.9683;
    // Student's sleep data, paired differences: R t.test gives 95% CI 0.7001142 .. 2.4598858.
    QTest::newRow("sleep differences 95%") << QList<double>{1.2, 2.4, 1.3, 1.3, 0.0, 1.0, 1.8, 0.8, 4.6, 1.4} << 0.95
                                           << 1.58 << 1.229995 << (2.4598858 - 0.7001142) / 2;
    // The same at 99%: t(0.995, 9) = 3.249836.
    QTest::newRow("sleep differences 99%") << QList<double>{1.2, 2.4, 1.3, 1.3, 0.0, 1.0, 1.8, 0.8, 4.6, 1.4} << 0.99
                                           << 1.58 << 1.229995 << 3.249836 * 1.229995 / std::sqrt(10.0);
}

void TstStatistics::confidenceInterval()
{
    QFETCH(QList<double>, values);
    QFETCH(double, confidence);
    QFETCH(double, mean);
    QFETCH(double, stddev);
    QFETCH(double, halfWidth);
    const stats::SampleSummary s = stats::summarize(values, confidence);
    QCOMPARE(s.n, values.size());
    QVERIFY(std::fabs(s.mean - mean) < 1e-9);
    QVERIFY(std::fabs(s.stddev - stddev) < 1e-5);
    QVERIFY2(std::fabs(s.ciHalfWidth - halfWidth) < 1e-4, qPrintable(QString::number(s.ciHalfWidth, 'f', 7)));
}

void TstStatistics::confidenceRule()
{
    // Tight repetitions meet netperf's -I 99,5 (half-width 2.5%), loose ones do not.
    const QList<double> tight{95.1, 95.0, 95.2, 94.9, 95.1};
    const QList<double> loose{80, 95, 110, 90, 100};
    auto c = stats::checkConfidence(tight, 0.99, 2.5);
    QVERIFY(c.met);
    QVERIFY(c.achievedHalfWidthPct < 0.5);
    c = stats::checkConfidence(loose, 0.99, 2.5);
    QVERIFY(!c.met);
    QVERIFY(c.achievedHalfWidthPct > 10);
    c = stats::checkConfidence({42.0}, 0.95, 50);
    QVERIFY(!c.met); // one value has no interval
    QVERIFY(std::isnan(c.achievedHalfWidthPct));
}

void TstStatistics::welch_data()
{
    QTest::addColumn<QList<double>>("a");
    QTest::addColumn<QList<double>>("b");
    QTest::addColumn<double>("t");
    QTest::addColumn<double>("df");
    QTest::addColumn<double>("p");
    QTest::addColumn<double>("tolerance"); // on t and df (published rounding)
    // R: t.test(extra ~ group, sleep) -> t = -1.8608, df = 17.776, p = 0.07939
    // (group 1 - group 2; we report B - A, so the sign flips).
    QTest::newRow("R sleep") << QList<double>{0.7, -1.6, -0.2, -1.2, -0.1, 3.4, 3.7, 0.8, 0.0, 2.0}
                             << QList<double>{1.9, 0.8, 1.1, 0.1, -0.1, 4.4, 5.5, 1.6, 4.6, 3.4}
                             << 1.8608 << 17.776 << 0.07939 << 1e-3;
    // Wikipedia "Welch's t-test", examples 1-3: t, df and p as published to
    // 2-3 digits (example 1's df is 24.99 exactly; the page shows 24.9).
    QTest::newRow("Wikipedia 1") << QList<double>{27.5, 21.0, 19.0, 23.6, 17.0, 17.9, 16.9, 20.1, 21.9, 22.6, 23.1, 19.6, 19.0, 21.7, 21.4}
                                 << QList<double>{27.1, 22.0, 20.8, 23.4, 23.4, 23.5, 25.8, 22.0, 24.8, 20.2, 21.9, 22.1, 22.9, 20.5, 24.4}
                                 << 2.46 << 24.95 << 0.021 << 0.05;
    QTest::newRow("Wikipedia 2") << QList<double>{17.2, 20.9, 22.6, 18.1, 21.7, 21.4, 23.5, 24.2, 14.7, 21.8}
                                 << QList<double>{21.5, 22.8, 21.0, 23.0, 21.6, 23.6, 22.5, 20.7, 23.4, 21.8, 20.7, 21.7, 21.5, 22.5, 23.6, 21.5, 22.5, 23.5, 21.6, 21.6}
                                 << 1.57 << 9.9 << 0.149 << 0.05;
    QTest::newRow("Wikipedia 3") << QList<double>{19.8, 20.4, 19.6, 17.8, 18.5, 18.9, 18.3, 18.9, 19.5, 22.0}
                                 << QList<double>{28.2, 26.6, 20.1, 23.3, 25.2, 22.1, 17.7, 27.6, 20.6, 13.7, 23.2, 17.5, 20.6, 18.0, 23.9, 21.6, 24.3, 20.4, 23.9, 13.3}
                                 << 2.22 << 24.5 << 0.036 << 0.05;
}

void TstStatistics::welch()
{
    QFETCH(QList<double>, a);
    QFETCH(QList<double>, b);
    QFETCH(double, t);
    QFETCH(double, df);
    QFETCH(double, p);
    QFETCH(double, tolerance);
    const stats::WelchTest w = stats::welchTest(a, b, 0.95);
    QVERIFY(w.valid);
    QVERIFY2(std::fabs(w.t - t) < tolerance, qPrintable(QString::number(w.t, 'f', 5)));
    QVERIFY2(std::fabs(w.df - df) < tolerance, qPrintable(QString::number(w.df, 'f', 5)));
    QVERIFY2(std::fabs(w.pValue - p) < std::max(1e-4, p * 0.03), qPrintable(QString::number(w.pValue, 'g', 6)));
    QVERIFY(w.low < w.difference && w.difference < w.high);
    // The group comparison keeps the same difference interval.
    const GroupComparison c = compareGroups(a, b, 0.95, u"throughput_bps"_s);
    QVERIFY(c.testable);
    QCOMPARE(c.differenceLow, w.low);
    QCOMPARE(c.differenceHigh, w.high);
}

void TstStatistics::fiellerRatio()
{
    // R sleep: 95% CI of the difference is -0.2054832 .. 3.3654832.
    const QList<double> a{0.7, -1.6, -0.2, -1.2, -0.1, 3.4, 3.7, 0.8, 0.0, 2.0};
    const QList<double> b{1.9, 0.8, 1.1, 0.1, -0.1, 4.4, 5.5, 1.6, 4.6, 3.4};
    GroupComparison c = compareGroups(a, b, 0.95, u"throughput_bps"_s);
    QVERIFY(std::fabs(c.differenceLow - -0.2054832) < 1e-4);
    QVERIFY(std::fabs(c.differenceHigh - 3.3654832) < 1e-4);
    // A's mean (0.75) is not clearly away from zero: Fieller is unbounded.
    QVERIFY(c.ratioUnbounded);

    // Well-separated positive groups: the ratio of the geometric means with
    // the logarithms' Welch interval, which contains it and with tiny spread
    // shrinks onto it.
    const QList<double> x{100, 101, 99, 100.5, 99.5};
    const QList<double> y{88, 89, 87, 88.5, 87.5};
    c = compareGroups(x, y, 0.99, u"throughput_bps"_s);
    QVERIFY(std::fabs(c.ratio - stats::estimateMean(y).mean / stats::estimateMean(x).mean) < 1e-12);
    QVERIFY(std::fabs(c.ratio - 0.88) < 1e-4);
    QVERIFY(c.ratioLow < c.ratio && c.ratio < c.ratioHigh);
    QVERIFY(c.ratioHigh - c.ratioLow < 0.04);
    QVERIFY(!c.ratioUnbounded);
    // Its half-width agrees with the delta method to first order here.
    const double va = c.a.standardError * c.a.standardError;
    const double vb = c.b.standardError * c.b.standardError;
    const double seDelta = c.ratio * std::sqrt(vb / (c.b.mean * c.b.mean) + va / (c.a.mean * c.a.mean));
    const double hw = (c.ratioHigh - c.ratioLow) / 2;
    QVERIFY(hw > 3 * seDelta && hw < 6 * seDelta); // t(0.995, ~8) = 3.36
}

void TstStatistics::verdictWords_data()
{
    QTest::addColumn<QString>("metric");
    QTest::addColumn<double>("scale");
    QTest::addColumn<QString>("expected");
    const QString pm = u" ± "_s;
    QTest::newRow("throughput lower is slower") << u"throughput_bps"_s << 0.88 << u"B is 12%"_s + pm;
    QTest::newRow("throughput: word") << u"throughput_bps"_s << 0.88 << u"slower than A (99% confidence)"_s;
    QTest::newRow("throughput higher is faster") << u"throughput_bps"_s << 1.2 << u"faster than A"_s;
    QTest::newRow("latency higher is slower") << u"latency_us_mean"_s << 1.2 << u"slower than A"_s;
    QTest::newRow("latency lower is faster") << u"latency_us_mean"_s << 0.8 << u"faster than A"_s;
    QTest::newRow("cpu higher is worse") << u"cpu_util_pct"_s << 1.2 << u"higher (worse) than A"_s;
    QTest::newRow("unknown metric neutral") << u"frobs"_s << 0.8 << u"lower than A"_s;
}

void TstStatistics::verdictWords()
{
    QFETCH(QString, metric);
    QFETCH(double, scale);
    QFETCH(QString, expected);
    const QList<double> a{100, 101, 99, 100.5, 99.5};
    QList<double> b;
    for (double v : a)
        b.append(v * scale);
    const GroupComparison c = compareGroups(a, b, 0.99, metric);
    QVERIFY(c.significant);
    QVERIFY2(c.verdict.contains(expected), qPrintable(c.verdict));

    // Overlapping groups: no significant difference, said plainly.
    const GroupComparison same = compareGroups({10, 12, 14}, {11, 13, 12}, 0.95, metric);
    QVERIFY(!same.significant);
    QVERIFY2(same.verdict.startsWith(u"No significant difference at 95%"_s), qPrintable(same.verdict));
}

void TstStatistics::singleValues()
{
    // The seeds have one figure per cell: a ratio, no interval, no p, said so.
    const GroupComparison c = compareGroups({4749.19}, {1325.41}, 0.95, u"transactions_per_s"_s, u"Cat 5000"_s, u"FS108"_s);
    QVERIFY(!c.testable);
    QVERIFY(std::fabs(c.ratio - 1325.41 / 4749.19) < 1e-12);
    QVERIFY(std::isnan(c.ratioLow) && std::isnan(c.pValue));
    QCOMPARE(c.verdict, u"FS108 is 72% slower than Cat 5000 (Cat 5000 is a single measurement: no interval, no test)."_s);
    // Measured repetitions against one historical figure: the figure is
    // not exact either, so a ratio interval cannot be had.
    const QList<double> runs{100, 101, 99, 100.5, 99.5};
    const GroupComparison vsBaseline = compareGroups(runs, {88.0}, 0.95, u"throughput_bps"_s, u"lab"_s, u"1999"_s);
    QVERIFY(!vsBaseline.testable);
    QVERIFY(!vsBaseline.significant);
    QVERIFY(std::isnan(vsBaseline.ratioLow) && std::isnan(vsBaseline.pValue));
    QVERIFY2(vsBaseline.verdict.startsWith(u"1999 is 12% slower than lab (1999 is a single measurement"_s),
             qPrintable(vsBaseline.verdict));
    const GroupComparison baselineRef = compareGroups({95.07}, {95.0, 95.2, 94.9, 95.1}, 0.95, u"throughput_bps"_s, u"1999"_s, u"lab"_s);
    QVERIFY(!baselineRef.testable);
    QVERIFY2(baselineRef.verdict.contains(u"1999 is a single measurement: no interval, no test)."_s), qPrintable(baselineRef.verdict));
    const GroupComparison empty = compareGroups({}, {1.0}, 0.95, u"x"_s);
    QVERIFY(empty.verdict.contains(u"no values"_s));
}

void TstStatistics::meanEstimates()
{
    // One value: a point, no interval.
    const stats::MeanEstimate one = stats::estimateMean({7.3}, 0.95);
    QVERIFY(one.single() && !one.hasInterval());
    QCOMPARE(one.mean, 7.3);
    QVERIFY(std::isnan(one.low) && std::isnan(one.high));
    // The pooled 1, 64 and 1472-byte figures that once gave an interval
    // down to -8000 Mbit/s: on the log scale it stays above zero.
    const QList<double> wide{0.5, 30, 9000};
    const stats::SampleSummary linear = stats::summarize(wide, 0.95);
    QVERIFY(linear.mean - linear.ciHalfWidth < 0);
    const stats::MeanEstimate logs = stats::estimateMean(wide, 0.95);
    QVERIFY(logs.logScale);
    QVERIFY(logs.low > 0);
    QVERIFY(logs.low < logs.mean && logs.mean < logs.high);
    QVERIFY(std::fabs(logs.mean - std::cbrt(0.5 * 30 * 9000)) < 1e-9);
    // Figures that can be zero: the plain interval, cut at zero.
    const stats::MeanEstimate loss = stats::estimateMean({0, 0, 0.3}, 0.95);
    QVERIFY(!loss.logScale);
    QVERIFY(loss.cutAtZero);
    QCOMPARE(loss.low, 0.0);
    QVERIFY(loss.high > 0.1);
}

void TstStatistics::ethernet_data()
{
    QTest::addColumn<double>("link");
    QTest::addColumn<int>("frame");
    QTest::addColumn<double>("fps");
    // The textbook maximum frame rates.
    QTest::newRow("10M 64") << 10e6 << 64 << 14880.95;
    QTest::newRow("100M 64") << 100e6 << 64 << 148809.52;
    QTest::newRow("1G 64") << 1e9 << 64 << 1488095.24;
    QTest::newRow("10M 1518") << 10e6 << 1518 << 812.74;
    QTest::newRow("100M 1518") << 100e6 << 1518 << 8127.44;
    QTest::newRow("1G 1518") << 1e9 << 1518 << 81274.38;
    QTest::newRow("100M 60 padded") << 100e6 << 60 << 148809.52;
}

void TstStatistics::ethernet()
{
    QFETCH(double, link);
    QFETCH(int, frame);
    QFETCH(double, fps);
    QVERIFY2(std::fabs(ethernet::maxFrameRate(link, frame) - fps) < 0.01,
             qPrintable(QString::number(ethernet::maxFrameRate(link, frame), 'f', 3)));
}

void TstStatistics::udpGoodput()
{
    QCOMPARE(ethernet::udpPayloadForFrame(1518), 1472);
    QCOMPARE(ethernet::udpPayloadForFrame(64), 18);
    QCOMPARE(ethernet::frameForUdpPayload(1), 64);
    QCOMPARE(ethernet::frameForUdpPayload(1472), 1518);
    // 8127.44 fps * 1472 B * 8 = 95.709 Mbit/s
    QVERIFY(std::fabs(ethernet::udpGoodputBps(100e6, 1518) / 1e6 - 95.7087) < 1e-3);
    QVERIFY(std::fabs(ethernet::udpGoodputBps(1e9, 1518) / 1e6 - 957.087) < 1e-2);
    QVERIFY(std::fabs(ethernet::udpGoodputBps(10e6, 1518) / 1e6 - 9.57087) < 1e-4);
    // rgb's FS108 UDP_STREAM at 1472 bytes: 95.07 Mbit/s is 99.3% of line rate.
    QVERIFY(std::fabs(ethernet::percentOfLineRate(95.07e6, 100e6, 1472) - 99.335) < 0.01);
    // One-byte datagrams still cost a minimum frame: 148809 fps * 8 bit.
    QVERIFY(std::fabs(ethernet::udpGoodputForPayloadBps(100e6, 1) - 1190476.19) < 0.1);
}

void TstStatistics::latencyFloor()
{
    LatencyPath p;
    p.linkBps = 100e6;
    p.cableMetres = {10, 10};
    p.switches = {PathSwitch{u"FS108"_s, 15e-6, true}};
    p.requestFrameBytes = 64;
    p.responseFrameBytes = 64;
    LatencyFloor f = wb::latencyFloor(p);
    // 20 m * 5 ns = 0.1 µs; (64 + 8) B at 100 Mbit/s = 5.76 µs, twice with one
    // store-and-forward hop; 15 µs switch: one way 26.62 µs, RTT 53.24 µs.
    QVERIFY(std::fabs(f.propagationS - 0.1e-6) < 1e-12);
    QVERIFY(std::fabs(f.requestSerialisationS - 11.52e-6) < 1e-12);
    QVERIFY(std::fabs(f.roundTripS - 53.24e-6) < 1e-12);
    QVERIFY(std::fabs(f.maxTransactionsPerS - 1.0 / 53.24e-6) < 1e-6);
    QVERIFY(f.describe().contains(u"53.24"_s));
    // Cut-through and a bigger response: request and response differ.
    p.switches = {PathSwitch{u"FS508"_s, 11e-6, false}};
    p.responseFrameBytes = 1518;
    f = wb::latencyFloor(p);
    QVERIFY(std::fabs(f.requestOneWayS - (0.1e-6 + 11e-6 + 5.76e-6)) < 1e-12);
    QVERIFY(std::fabs(f.responseOneWayS - (0.1e-6 + 11e-6 + 1526 * 8 / 100e6)) < 1e-12);
}

void TstStatistics::groupingCells()
{
    ComparisonData d;
    d.seriesKey = u"mode"_s;
    d.ceiling = 10;
    auto obs = [](QString host, QString mode, QList<double> v, bool baseline, double ceiling = 0) {
        return Observation{{{u"host"_s, host}, {u"mode"_s, mode}}, v, baseline ? u"cite"_s : u"run 1"_s, baseline, ceiling, {}};
    };
    d.observations = {obs(u"a"_s, u"x"_s, {1, 2}, false), obs(u"a"_s, u"x"_s, {3}, false),
                      obs(u"a"_s, u"x"_s, {9}, true), obs(u"b"_s, u"y"_s, {4}, true, 5)};
    const QList<ComparisonCell> cells = d.cells(u"host"_s);
    QCOMPARE(cells.size(), 2);
    QCOMPARE(cells[0].label(), u"a · x"_s);
    QCOMPARE(cells[0].values, (QList<double>{1, 2, 3}));
    QCOMPARE(cells[0].baselineValues, QList<double>{9});
    QCOMPARE(cells[0].ceiling, 10.0);
    QVERIFY(cells[1].baselineOnly());
    QCOMPARE(cells[1].comparableValues(), QList<double>{4});
    QCOMPARE(cells[1].ceiling, 5.0);
    // Grouping by the series key collapses the split.
    QCOMPARE(d.cells(u"mode"_s)[0].series, QString());
    QCOMPARE(d.sources(), (QStringList{u"run 1"_s, u"cite"_s}));
}

QTEST_GUILESS_MAIN(TstStatistics)
#include "tst_statistics.moc"
