// SPDX-License-Identifier: GPL-3.0-or-later
#include "rrultimeline.h"

#include "result/metriccatalog.h"

#include <QRegularExpression>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace wb {

double percentileOf(const QList<double> &sorted, double pct)
{
    if (sorted.isEmpty())
        return std::nan("");
    const auto rank = qsizetype(std::ceil(pct / 100.0 * double(sorted.size())));
    return sorted.at(std::clamp<qsizetype>(rank - 1, 0, sorted.size() - 1));
}

QStringList RrulTimeline::describe() const
{
    QStringList lines;
    auto ms = [](double us) { return QString::number(us / 1000, 'f', 2); };
    for (const RrulProbeSeries &p : probes)
        lines << u"%1 probe: idle p50 %2 ms, p99 %3 ms (%4 probes); loaded p50 %5 ms, p99 %6 ms (%7 probes)"_s
                     .arg(p.name, ms(p.idleP50Us), ms(p.idleP99Us))
                     .arg(p.idleUs.size())
                     .arg(ms(p.loadedP50Us), ms(p.loadedP99Us))
                     .arg(p.loadedUs.size());
    int up = 0;
    for (const RrulFlowSeries &f : flows)
        up += f.upload ? 1 : 0;
    QString load = u"load from %1 s to %2 s: %3 flows up, %4 down"_s.arg(loadStartS, 0, 'g', 4)
                       .arg(loadEndS, 0, 'g', 4).arg(up).arg(flows.size() - up);
    if (std::isfinite(uploadBps) && std::isfinite(downloadBps))
        load += u", %1 Mbit/s up and %2 Mbit/s down in all"_s.arg(uploadBps / 1e6, 0, 'f', 2).arg(downloadBps / 1e6, 0, 'f', 2);
    lines << load;
    return lines;
}

RrulTimeline RrulTimeline::fromRecord(const ResultRecord &record)
{
    RrulTimeline t;
    if (record.kind != u"rrul"_s)
        return t;
    t.loadStartS = record.extra.value(u"load_start_s"_s).toDouble(record.params.value(u"idle_s"_s).toDouble(5));
    t.loadEndS = record.extra.value(u"load_end_s"_s).toDouble(std::nan(""));
    if (auto up = sidedMetricValue(record, u"throughput_bps"_s))
        t.uploadBps = *up;
    if (auto down = sidedMetricValue(record, u"reverse_throughput_bps"_s))
        t.downloadBps = *down;
    static const QRegularExpression flowName(u"^stream_(\\d+)_(forward|reverse)_throughput_bps$"_s);
    const QStringList probeNames{u"udp_probe_latency_us"_s, u"tcp_probe_latency_us"_s};
    RrulProbeSeries probes[2];
    for (int i = 0; i < 2; ++i) {
        const QString probe = i == 0 ? u"udp"_s : u"tcp"_s;
        probes[i].name = probe.toUpper();
        auto figure = [&](const QString &phase, const QString &pct) {
            return record.metric(u"%1_%2_latency_us_p%3"_s.arg(phase, probe, pct), u"client"_s).value_or(std::nan(""));
        };
        probes[i].idleP50Us = figure(u"idle"_s, u"50"_s);
        probes[i].idleP99Us = figure(u"idle"_s, u"99"_s);
        probes[i].loadedP50Us = figure(u"loaded"_s, u"50"_s);
        probes[i].loadedP99Us = figure(u"loaded"_s, u"99"_s);
    }
    for (const Sample &s : record.samples) {
        if (s.side != u"client"_s)
            continue;
        if (const qsizetype p = probeNames.indexOf(s.name); p >= 0) {
            probes[p].points.append({s.t, s.value});
            (s.t < t.loadStartS ? probes[p].idleUs : probes[p].loadedUs).append(s.value);
            continue;
        }
        const auto m = flowName.match(s.name);
        if (!m.hasMatch())
            continue;
        const int stream = m.captured(1).toInt();
        const bool upload = m.captured(2) == u"forward"_s;
        auto it = std::find_if(t.flows.begin(), t.flows.end(),
                               [&](const RrulFlowSeries &f) { return f.stream == stream && f.upload == upload; });
        if (it == t.flows.end()) {
            t.flows.append({stream, upload, (upload ? u"up %1"_s : u"down %1"_s).arg(stream), {}});
            it = t.flows.end() - 1;
        }
        it->points.append({s.t, s.value});
    }
    std::sort(t.flows.begin(), t.flows.end(), [](const RrulFlowSeries &a, const RrulFlowSeries &b) {
        return a.upload != b.upload ? a.upload : a.stream < b.stream;
    });
    auto byTime = [](const QPointF &a, const QPointF &b) { return a.x() < b.x(); };
    for (RrulFlowSeries &f : t.flows)
        std::sort(f.points.begin(), f.points.end(), byTime);
    for (RrulProbeSeries &p : probes) {
        if (p.points.isEmpty())
            continue;
        std::sort(p.points.begin(), p.points.end(), byTime);
        std::sort(p.idleUs.begin(), p.idleUs.end());
        std::sort(p.loadedUs.begin(), p.loadedUs.end());
        t.probes.append(p);
    }
    if (!std::isfinite(t.loadEndS)) {
        double last = 0;
        for (const RrulFlowSeries &f : t.flows)
            last = std::max(last, f.points.isEmpty() ? 0.0 : f.points.last().x());
        t.loadEndS = last;
    }
    return t;
}

} // namespace wb
