// SPDX-License-Identifier: GPL-3.0-or-later
// Drops over time from a soak record's interval samples: per direction the
// intervals, totals, the worst interval and when drops started; samples of
// one interval that arrive as separate metrics are joined by their time.

#include "analysis/droptimeline.h"

#include <QTest>

#include <cmath>

using namespace Qt::StringLiterals;

class TstDropTimeline : public QObject
{
    Q_OBJECT
private slots:
    void bothDirections();
    void noLossSamplesIsEmpty();
};

void TstDropTimeline::bothDirections()
{
    wb::ResultRecord r;
    r.kind = u"soak"_s;
    // client -> server: clean for 2 s, then drops, worst in the 4th interval,
    // and a tail sample after the stream (t = 4.2).
    const double lost[] = {0, 0, 30, 120, 5};
    const double t[] = {1, 2, 3, 4, 4.2};
    for (int i = 0; i < 5; ++i) {
        r.samples.append(wb::Sample{t[i], u"server"_s, u"lost_packets"_s, lost[i]});
        r.samples.append(wb::Sample{t[i], u"server"_s, u"received_packets"_s, 1000 - lost[i]});
        r.samples.append(wb::Sample{t[i], u"server"_s, u"packets_per_s"_s, 999}); // not part of the timeline
    }
    for (int i = 1; i <= 4; ++i) {
        r.samples.append(wb::Sample{double(i), u"client"_s, u"received_packets"_s, 1000});
        r.samples.append(wb::Sample{double(i), u"client"_s, u"lost_packets"_s, 0});
    }
    r.addMetric(u"lost_packets"_s, u"server"_s, 155);
    const wb::DropTimeline tl = wb::DropTimeline::fromRecord(r);
    QCOMPARE(tl.directions.size(), 2);
    const wb::DirectionDrops &fast = tl.directions[0];
    QCOMPARE(fast.side, u"server"_s);
    QCOMPARE(fast.label, u"client → server"_s);
    QCOMPARE(fast.intervals.size(), 5);
    QCOMPARE(fast.totalLost, 155.0);
    QCOMPARE(fast.reportedLost, 155.0);
    QCOMPARE(fast.totalReceived, 5000.0 - 155);
    QCOMPARE(fast.worstInterval, 3);
    QCOMPARE(fast.intervals[3].start, 3.0);
    QCOMPARE(fast.intervals[3].end, 4.0);
    QCOMPARE(fast.intervals[4].seconds(), 4.2 - 4.0);
    QCOMPARE(fast.intervals[1].receivedPerS(), 1000.0);
    QCOMPARE(fast.dropsStartedS, 2.0);
    QVERIFY2(fast.describe().contains(u"worst interval 3.0–4.0 s with 120 lost"_s), qPrintable(fast.describe()));
    QVERIFY(fast.describe().contains(u"drops started at 2.0 s"_s));

    const wb::DirectionDrops &slow = tl.directions[1];
    QCOMPARE(slow.label, u"server → client"_s);
    QCOMPARE(slow.totalLost, 0.0);
    QCOMPARE(slow.totalReceived, 4000.0);
    QCOMPARE(slow.worstInterval, -1);
    QVERIFY(std::isnan(slow.dropsStartedS));
    QVERIFY(std::isnan(slow.reportedLost));
    QVERIFY(slow.describe().endsWith(u"no drops"_s));
    QCOMPARE(tl.describe().size(), 2);
}

void TstDropTimeline::noLossSamplesIsEmpty()
{
    wb::ResultRecord r;
    r.kind = u"udp_stream"_s;
    r.samples.append(wb::Sample{1, u"server"_s, u"throughput_bps"_s, 1e6});
    QVERIFY(wb::DropTimeline::fromRecord(r).isEmpty());
}

QTEST_GUILESS_MAIN(TstDropTimeline)
#include "tst_droptimeline.moc"
