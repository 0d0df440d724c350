// SPDX-License-Identifier: GPL-3.0-or-later
// Per-core CPU from /proc/stat: the "cpuN" lines parsed (the aggregate line
// and other lines skipped), and the load between two readings — the busiest
// core and the softirq share — so one saturated core is not hidden in the
// average; the reading of this machine's own /proc/stat.

#include "hoststats.h"

#include <QTest>

#include <unistd.h>

using namespace wb::agent;

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
};

QTEST_GUILESS_MAIN(TstHostStats)
#include "tst_hoststats.moc"
