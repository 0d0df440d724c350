// SPDX-License-Identifier: GPL-3.0-or-later
// Per-core CPU from /proc/stat: the "cpuN" lines parsed (the aggregate line
// and other lines skipped), and the load between two readings — the busiest
// core and the softirq share — so one saturated core is not hidden in the
// average; the reading of this machine's own /proc/stat. The driver's
// counters (ethtool ioctl replies) parsed safely and their delta.

#include "hoststats.h"

#include <QTest>

#include <unistd.h>

using namespace wb::agent;
using namespace Qt::StringLiterals;

class TstHostStats : public QObject
{
    Q_OBJECT
private slots:
    void parsesCoreLines()
    {
        const std::string stat = "cpu  100 0 50 850 0 0 0 0 0 0\n"
                                 "cpu0 60 0 20 420 0 0 0 0 0 0\n"
                                 "cpu1 40 0 30 430 0 0 10 0 0 0\n"
                                 "intr 12345 0 0\n"
                                 "ctxt 999\n";
        const auto cores = parseCoreTimes(stat);
        QCOMPARE(cores.size(), size_t(2));
        QCOMPARE(cores[0].cpu, 0);
        QCOMPARE(cores[1].cpu, 1);
        QCOMPARE(cores[1].softirq, uint64_t(10));
        QCOMPARE(cores[1].times.busy, uint64_t(80)); // user + system + softirq
        QCOMPARE(cores[1].times.total, uint64_t(510));
        QVERIFY(parseCoreTimes("garbage\ncpuX 1 2 3\n").empty());
    }

    void busiestCoreAndSoftirq()
    {
        // Over 100 jiffies per core: cpu0 10 % busy; cpu1 fully busy, 60 of
        // them in softirq (a router forwarding on one core).
        const auto before = parseCoreTimes("cpu0 0 0 0 0 0 0 0 0\ncpu1 0 0 0 0 0 0 0 0\n");
        const auto after = parseCoreTimes("cpu0 10 0 0 90 0 0 0 0\ncpu1 20 0 20 0 0 0 60 0\n");
        const CoreLoad load = coreLoad(before, after);
        QVERIFY(load.valid);
        QCOMPARE(load.busiestCpu, 1);
        QCOMPARE(load.busiestPct, 100.0);
        QCOMPARE(load.softirqPct, 30.0); // 60 of 200 jiffies
        QCOMPARE(load.perCore.asArray().size(), size_t(2));
        QCOMPARE(load.perCore.asArray()[0]["util_pct"].asDouble(), 10.0);
        QCOMPARE(load.perCore.asArray()[1]["softirq_pct"].asDouble(), 60.0);
        // The host average would say 55 %: the busiest core says what limits.
        QCOMPARE(cpuUtilPct(CpuTimes{0, 0, true}, CpuTimes{110, 200, true}), 55.0);
        // A core that went away or counters that ran backwards are left out.
        QVERIFY(!coreLoad(after, before).valid);
        QVERIFY(!coreLoad({}, after).valid);
    }

    void readsThisMachine()
    {
        const auto cores = readCoreTimes();
        QVERIFY(!cores.empty());
        QVERIFY(cores.size() <= size_t(::sysconf(_SC_NPROCESSORS_CONF)));
        for (const CoreTimes &c : cores)
            QVERIFY(c.times.valid && c.times.total >= c.times.busy);
    }

    // The ethtool replies as the kernel lays them out: 32-byte names, one
    // 64-bit value each. What a driver or a racing reconfiguration can make
    // of them must never be read past or trusted.
    void ethtoolReplies_data()
    {
        QTest::addColumn<QByteArray>("names"); // NUL-padded to 32 bytes each by the test
        QTest::addColumn<quint32>("count");
        QTest::addColumn<int>("valueCount");
        QTest::addColumn<bool>("valid");
        QTest::addColumn<QStringList>("expected"); // name=value

        QTest::newRow("veth") << QByteArray("peer_ifindex\nrx_queue_0_xdp_packets\nrx_queue_0_drops") << 3u << 3 << true
                              << QStringList{u"peer_ifindex=0"_s, u"rx_queue_0_xdp_packets=1"_s, u"rx_queue_0_drops=2"_s};
        QTest::newRow("nothing") << QByteArray() << 0u << 0 << true << QStringList{};
        QTest::newRow("more names than values") << QByteArray("a\nb") << 2u << 1 << false << QStringList{};
        QTest::newRow("count past the names buffer") << QByteArray("a") << 2u << 2 << false << QStringList{};
        QTest::newRow("count past the bound") << QByteArray("a") << quint32(kMaxEthtoolStats + 1) << 1 << false
                                              << QStringList{};
        QTest::newRow("repeated names") << QByteArray("rx_drops\nrx_drops\nrx_drops#2") << 3u << 3 << true
                                        << QStringList{u"rx_drops=0"_s, u"rx_drops#2=1"_s, u"rx_drops#2#2=2"_s};
        QTest::newRow("empty and odd bytes") << QByteArray("\nrx err\x01\xff\\\nok") << 3u << 3 << true
                                             << QStringList{u"rx_err__\\=1"_s, u"ok=2"_s};
        // 32 bytes without a NUL: cut at 32, never read into the next name.
        QTest::newRow("unterminated") << QByteArray(QByteArray(32, 'x') + "\nnext") << 2u << 2 << true
                                      << QStringList{QString(32, u'x') + u"=0"_s, u"next=1"_s};
    }

    void ethtoolReplies()
    {
        QFETCH(QByteArray, names);
        QFETCH(quint32, count);
        QFETCH(int, valueCount);
        QFETCH(bool, valid);
        QFETCH(QStringList, expected);
        QByteArray table;
        for (const QByteArray &n : names.isEmpty() ? QList<QByteArray>{} : names.split('\n'))
            table += n.leftJustified(int(kEthtoolNameBytes), '\0', true);
        std::vector<uint64_t> values(static_cast<size_t>(valueCount));
        for (size_t i = 0; i < values.size(); ++i)
            values[i] = i;
        const EthtoolStats st = parseEthtoolStats("veth0", count, table.constData(), size_t(table.size()),
                                                  values.data(), values.size());
        QCOMPARE(st.valid, valid);
        QStringList got;
        for (const auto &[name, value] : st.counters)
            got << QString::fromStdString(name) + u'=' + QString::number(value);
        QCOMPARE(got, expected);
    }

    void ethtoolDelta()
    {
        EthtoolStats before, after;
        before.interface = after.interface = "veth0";
        before.valid = after.valid = true;
        before.counters = {{"rx_queue_0_drops", 5}, {"peer_ifindex", 7}, {"gone", 1}};
        after.counters = {{"rx_queue_0_drops", 9}, {"peer_ifindex", 7}, {"new", 3}, {"reset", 0}};
        before.counters.emplace_back("reset", 10);
        const wb::json::Value d = ethtoolStatsDelta(before, after);
        QCOMPARE(d["interface"].asString(), std::string("veth0"));
        QCOMPARE(d["counters"]["rx_queue_0_drops"].asInt(), int64_t(4));
        QCOMPARE(d["counters"]["peer_ifindex"].asInt(), int64_t(0));
        QCOMPARE(d["counters"]["reset"].asInt(), int64_t(-10)); // a reset is not a rise
        QVERIFY(!d["counters"].asObject().contains("gone") && !d["counters"].asObject().contains("new"));
        after.interface = "veth1";
        QVERIFY(ethtoolStatsDelta(before, after).isNull());
        after.interface = "veth0";
        after.valid = false;
        QVERIFY(ethtoolStatsDelta(before, after).isNull());
    }

    void loopbackHasNoDriverCounters()
    {
        // "Not supported" is no error: nothing to record.
        const EthtoolStats lo = readEthtoolStats("lo");
        QVERIFY(!lo.valid);
        QVERIFY(lo.counters.empty());
        QVERIFY(!readEthtoolStats("no-such-if0").valid);
        QVERIFY(!readEthtoolStats("../../etc").valid);
    }
};

QTEST_GUILESS_MAIN(TstHostStats)
#include "tst_hoststats.moc"
