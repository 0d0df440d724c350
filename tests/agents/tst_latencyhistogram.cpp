// SPDX-License-Identifier: GPL-3.0-or-later
// The agent's latency histogram (HdrHistogram layout) and the stream
// checksum the file transfer verifies with.

#include "histogram.h"
#include "streamchecksum.h"
#include "testkind.h"
#include "testparams.h"

#include <QRandomGenerator>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <vector>

using wb::agent::LatencyHistogram;

class TstLatencyHistogram : public QObject
{
    Q_OBJECT
private slots:
    void exactBelowSubBucketCount();
    void percentilesWithinPrecision_data();
    void percentilesWithinPrecision();
    void meanAndStddevExact();
    void clampsHugeValues();
    void memoryIsBounded();
    void merge();
    void checksumIndependentOfChunking();
    void checksumDetectsChange();
    void paramsValidation_data();
    void paramsValidation();
    void paramsDefaults();
};

void TstLatencyHistogram::exactBelowSubBucketCount()
{
    LatencyHistogram h;
    for (int v = 1; v <= 1000; ++v)
        h.record(v);
    QCOMPARE(h.count(), 1000u);
    QCOMPARE(h.min(), 1);
    QCOMPARE(h.max(), 1000);
    QCOMPARE(h.valueAtPercentile(50), 500);
    QCOMPARE(h.valueAtPercentile(90), 900);
    QCOMPARE(h.valueAtPercentile(99.9), 999);
    QCOMPARE(h.valueAtPercentile(100), 1000);
}

void TstLatencyHistogram::percentilesWithinPrecision_data()
{
    QTest::addColumn<double>("scaleNs");
    QTest::newRow("microseconds") << 1e3;
    QTest::newRow("milliseconds") << 1e6;
    QTest::newRow("seconds") << 1e9;
}

void TstLatencyHistogram::percentilesWithinPrecision()
{
    QFETCH(double, scaleNs);
    LatencyHistogram h;
    std::vector<int64_t> values;
    auto *rng = QRandomGenerator::global();
    for (int i = 0; i < 100000; ++i) {
        // log-normal-ish spread over two decades
        const auto v = static_cast<int64_t>(scaleNs * std::exp(rng->generateDouble() * 4.6));
        values.push_back(v);
        h.record(v);
    }
    std::sort(values.begin(), values.end());
    for (double p : {50.0, 90.0, 99.0, 99.9}) {
        const auto idx = static_cast<size_t>(std::ceil(p / 100.0 * double(values.size()))) - 1;
        const double exact = double(values[idx]);
        const double got = double(h.valueAtPercentile(p));
        QVERIFY2(std::fabs(got - exact) / exact < 0.001,
                 qPrintable(QStringLiteral("p%1: %2 vs %3").arg(p).arg(got).arg(exact)));
    }
    QCOMPARE(h.min(), values.front());
    QCOMPARE(h.max(), values.back());
}

void TstLatencyHistogram::meanAndStddevExact()
{
    LatencyHistogram h;
    for (int64_t v : {2, 4, 4, 4, 5, 5, 7, 9})
        h.record(v * 1000000);
    QCOMPARE(h.mean(), 5e6);
    QCOMPARE(h.stddev(), 2e6);
}

void TstLatencyHistogram::clampsHugeValues()
{
    LatencyHistogram h;
    h.record(LatencyHistogram::kMaxValue * 4);
    h.record(-5);
    QCOMPARE(h.clampedCount(), 1u);
    QCOMPARE(h.max(), LatencyHistogram::kMaxValue);
    QCOMPARE(h.min(), 0);
}

void TstLatencyHistogram::memoryIsBounded()
{
    LatencyHistogram h;
    const size_t before = h.memoryBytes();
    for (int i = 0; i < 1000000; ++i)
        h.record(int64_t(i) * 977);
    QCOMPARE(h.memoryBytes(), before);
    QVERIFY(before < 300 * 1024);
}

void TstLatencyHistogram::merge()
{
    LatencyHistogram a, b;
    a.record(1000);
    b.record(3000);
    b.record(5000);
    a.merge(b);
    QCOMPARE(a.count(), 3u);
    QCOMPARE(a.min(), 1000);
    QCOMPARE(a.max(), 5000);
    QCOMPARE(a.mean(), 3000.0);
}

void TstLatencyHistogram::checksumIndependentOfChunking()
{
    QByteArray data(100003, Qt::Uninitialized);
    for (auto &c : data)
        c = char(QRandomGenerator::global()->generate());
    wb::agent::StreamChecksum whole;
    whole.update(data.constData(), size_t(data.size()));
    for (int chunk : {1, 7, 31, 32, 33, 4096, 65537}) {
        wb::agent::StreamChecksum parts;
        for (qsizetype off = 0; off < data.size(); off += chunk)
            parts.update(data.constData() + off, size_t(std::min<qsizetype>(chunk, data.size() - off)));
        QCOMPARE(parts.value(), whole.value());
        QCOMPARE(parts.length(), uint64_t(data.size()));
    }
}

void TstLatencyHistogram::checksumDetectsChange()
{
    QByteArray data(5000, 'a');
    wb::agent::StreamChecksum a, b, c;
    a.update(data.constData(), size_t(data.size()));
    data[4321] = 'b';
    b.update(data.constData(), size_t(data.size()));
    c.update(data.constData(), size_t(data.size() - 1)); // one byte short
    QVERIFY(a.value() != b.value());
    QVERIFY(b.value() != c.value());
    QCOMPARE(a.hex().size(), size_t(16));
}

void TstLatencyHistogram::paramsValidation_data()
{
    QTest::addColumn<QByteArray>("kind");
    QTest::addColumn<QByteArray>("params");
    QTest::addColumn<QByteArray>("error"); // empty: valid
    QTest::newRow("defaults") << QByteArray("udp_stream") << QByteArray("{}") << QByteArray();
    QTest::newRow("one byte") << QByteArray("udp_stream") << QByteArray("{\"message_size_bytes\":1}") << QByteArray();
    QTest::newRow("max datagram") << QByteArray("udp_stream") << QByteArray("{\"message_size_bytes\":65507}") << QByteArray();
    QTest::newRow("zero size") << QByteArray("udp_stream") << QByteArray("{\"message_size_bytes\":0}")
                               << QByteArray("params.message_size_bytes must be between 1 and 65507");
    QTest::newRow("fraction") << QByteArray("tcp_rr") << QByteArray("{\"request_size_bytes\":1.5}")
                              << QByteArray("params.request_size_bytes must be an integer");
    QTest::newRow("sink") << QByteArray("file_transfer") << QByteArray("{\"sink\":\"tape\"}")
                          << QByteArray("params.sink must be one of 'file', 'devnull'");
    QTest::newRow("direct_io to a file") << QByteArray("file_transfer") << QByteArray("{\"direct_io\":true}") << QByteArray();
    QTest::newRow("direct_io to devnull") << QByteArray("file_transfer")
                                          << QByteArray("{\"direct_io\":true,\"sink\":\"devnull\"}")
                                          << QByteArray("params.direct_io works only with sink 'file', not 'devnull'");
    QTest::newRow("direct_io unaligned writes") << QByteArray("file_transfer")
                                                << QByteArray("{\"direct_io\":true,\"message_size_bytes\":1000}")
                                                << QByteArray("params.message_size_bytes must be a multiple of 4096");
    QTest::newRow("fsync in the clock") << QByteArray("file_transfer") << QByteArray("{\"fsync\":true}")
                                        << QByteArray("params.fsync is no longer taken");
    QTest::newRow("direct_io elsewhere") << QByteArray("tcp_stream") << QByteArray("{\"direct_io\":true}")
                                         << QByteArray("unknown parameter 'params.direct_io'");
    QTest::newRow("unknown") << QByteArray("tcp_stream") << QByteArray("{\"speed\":1}")
                             << QByteArray("unknown parameter 'params.speed'");
    QTest::newRow("not object") << QByteArray("tcp_stream") << QByteArray("[1]")
                                << QByteArray("field 'params' must be an object");
    QTest::newRow("negative duration") << QByteArray("tcp_stream") << QByteArray("{\"duration_s\":-1}")
                                       << QByteArray("params.duration_s must be between");
    QTest::newRow("crr knobs") << QByteArray("tcp_crr")
                               << QByteArray("{\"congestion_control\":\"reno\",\"mss_bytes\":1000,\"nodelay\":true,"
                                             "\"tos\":184,\"connection_timeout_ms\":500}")
                               << QByteArray();
    QTest::newRow("tos out of range") << QByteArray("udp_rr") << QByteArray("{\"tos\":256}")
                                      << QByteArray("params.tos must be between 0 and 255");
    QTest::newRow("mss below the kernel's floor") << QByteArray("tcp_stream") << QByteArray("{\"mss_bytes\":40}")
                                                  << QByteArray("params.mss_bytes must be between 88 and 32767");
    QTest::newRow("no TCP knobs on UDP") << QByteArray("udp_stream") << QByteArray("{\"congestion_control\":\"bbr\"}")
                                         << QByteArray("unknown parameter 'params.congestion_control'");
    QTest::newRow("nodelay is a flag") << QByteArray("tcp_rr") << QByteArray("{\"nodelay\":1}")
                                       << QByteArray("params.nodelay must be true or false");
}

void TstLatencyHistogram::paramsValidation()
{
    QFETCH(QByteArray, kind);
    QFETCH(QByteArray, params);
    QFETCH(QByteArray, error);
    const auto *specs = wb::agent::kindParams(kind.toStdString());
    QVERIFY(specs);
    auto given = wb::json::parse(params.toStdString());
    QVERIFY(given);
    wb::agent::TestParams out;
    std::string err;
    const bool ok = wb::agent::TestParams::validate(*specs, *given, out, &err);
    QCOMPARE(ok, error.isEmpty());
    if (!ok)
        QVERIFY2(err.find(error.toStdString()) != std::string::npos, err.c_str());
}

void TstLatencyHistogram::paramsDefaults()
{
    wb::agent::TestParams p;
    std::string err;
    QVERIFY(wb::agent::TestParams::validate(*wb::agent::kindParams("udp_rr"), wb::json::Object{}, p, &err));
    QCOMPARE(p.integer("request_size_bytes"), 1);
    QCOMPARE(p.integer("timeout_ms"), 100);
    QCOMPARE(p.flag("busy_poll", true), false);
    QCOMPARE(p.number("duration_s"), 10.0);
    QVERIFY(!wb::agent::kindParams("warp"));
    // tcp_rr keeps TCP_NODELAY on as it always had; tcp_crr and tcp_stream take Nagle, as netperf.
    QVERIFY(wb::agent::TestParams::validate(*wb::agent::kindParams("tcp_rr"), wb::json::Object{}, p, &err));
    QCOMPARE(p.flag("nodelay"), true);
    QVERIFY(!p.has("tos") && !p.has("congestion_control") && !p.has("mss_bytes"));
    QVERIFY(wb::agent::TestParams::validate(*wb::agent::kindParams("tcp_crr"), wb::json::Object{}, p, &err));
    QCOMPARE(p.flag("nodelay", true), false);
    QCOMPARE(p.integer("connection_timeout_ms"), 2000);
}

QTEST_GUILESS_MAIN(TstLatencyHistogram)
#include "tst_latencyhistogram.moc"
