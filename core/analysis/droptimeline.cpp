// SPDX-License-Identifier: GPL-3.0-or-later
#include "droptimeline.h"

#include <QMap>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace wb {

namespace {

QString count(double v)
{
    return QString::number(v, 'f', 0);
}

} // namespace

QString DirectionDrops::describe() const
{
    const double sent = totalLost + totalReceived;
    QString text = u"%1: %2 lost of %3 (%4%) over %5 intervals"_s.arg(label, count(totalLost), count(sent))
                       .arg(sent > 0 ? 100.0 * totalLost / sent : 0.0, 0, 'g', 3)
                       .arg(intervals.size());
    if (worstInterval >= 0) {
        const DropInterval &w = intervals.at(worstInterval);
        text += u"; worst interval %1–%2 s with %3 lost (%4 received/s); drops started at %5 s"_s
                    .arg(w.start, 0, 'f', 1)
                    .arg(w.end, 0, 'f', 1)
                    .arg(count(w.lost))
                    .arg(w.receivedPerS(), 0, 'f', 0)
                    .arg(dropsStartedS, 0, 'f', 1);
    } else {
        text += u"; no drops"_s;
    }
    return text;
}

QStringList DropTimeline::describe() const
{
    QStringList lines;
    for (const DirectionDrops &d : directions)
        lines << d.describe();
    return lines;
}

DropTimeline DropTimeline::fromRecord(const ResultRecord &record)
{
    // side -> t -> (lost, received); samples of one interval share their t.
    QMap<QString, QMap<double, QPair<double, double>>> bySide;
    for (const Sample &s : record.samples) {
        if (s.name == u"lost_packets"_s)
            bySide[s.side][s.t].first += s.value;
        else if (s.name == u"received_packets"_s)
            bySide[s.side][s.t].second += s.value;
    }
    DropTimeline out;
    for (const QString &side : {u"server"_s, u"client"_s}) {
        if (!bySide.contains(side))
            continue;
        DirectionDrops d;
        d.side = side;
        d.label = side == u"server"_s ? u"client → server"_s : u"server → client"_s;
        double previous = 0;
        const auto &points = bySide.value(side);
        for (auto it = points.begin(); it != points.end(); ++it) {
            DropInterval i{previous, it.key(), it->first, it->second};
            previous = it.key();
            d.totalLost += i.lost;
            d.totalReceived += i.received;
            if (i.lost > 0) {
                if (d.worstInterval < 0 || i.lost > d.intervals.at(d.worstInterval).lost)
                    d.worstInterval = int(d.intervals.size());
                if (std::isnan(d.dropsStartedS))
                    d.dropsStartedS = i.start;
            }
            d.intervals.append(i);
        }
        if (auto reported = record.metric(u"lost_packets"_s, side))
            d.reportedLost = *reported;
        out.directions.append(d);
    }
    return out;
}

} // namespace wb
