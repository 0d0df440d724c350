// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Synthetic comparison data with known shapes for the chart and Compare page
// tests: repetitions (so intervals exist), baselines beside measurements,
// ceilings, time series, latency samples and a size sweep.

#include "analysis/comparisondata.h"
#include "analysis/ethernetceiling.h"

#include <QRandomGenerator>

#include <cmath>

namespace wb::testdata {

using namespace Qt::StringLiterals;

// Three switches x two NIC drivers, five repetitions each; "tulip" on
// "FS108" also has a historical baseline; one cell is baseline-only.
inline ComparisonData measured()
{
    ComparisonData d;
    d.title = u"UDP_STREAM 1472 B"_s;
    d.metric = u"throughput_bps"_s;
    d.unit = u"Mbit/s"_s;
    d.dimensions = {u"switch"_s, u"driver"_s};
    d.defaultGroupBy = u"switch"_s;
    d.seriesKey = u"driver"_s;
    d.ceiling = 95.7087;
    d.ceilingLabel = u"UDP line rate"_s;
    d.matrixRowKey = u"from"_s;
    d.matrixColumnKey = u"to"_s;
    const struct { const char16_t *sw; const char16_t *drv; double mean; int run; } rows[] = {
        {u"FS108", u"tulip", 94.0, 1}, {u"FS108", u"e1000", 95.0, 2},
        {u"Cat5000", u"tulip", 90.0, 3}, {u"Cat5000", u"e1000", 92.0, 4},
        {u"Hub", u"tulip", 60.0, 5},
    };
    for (const auto &r : rows) {
        Observation o;
        o.attributes = {{u"switch"_s, QString::fromUtf16(r.sw)}, {u"driver"_s, QString::fromUtf16(r.drv)},
                        {u"from"_s, u"h%1"_s.arg(r.run % 3)}, {u"to"_s, u"h%1"_s.arg((r.run + 1) % 3)}};
        for (int k = 0; k < 5; ++k)
            o.values.append(r.mean + (k - 2) * 0.3);
        o.source = u"run %1"_s.arg(r.run);
        d.observations.append(o);
    }
    Observation base;
    base.attributes = {{u"switch"_s, u"FS108"_s}, {u"driver"_s, u"tulip"_s}};
    base.values = {95.07};
    base.source = u"rgb 1999"_s;
    base.baseline = true;
    d.observations.append(base);
    Observation only = base;
    only.attributes = {{u"switch"_s, u"Hub"_s}, {u"driver"_s, u"e1000"_s}};
    only.values = {70.0};
    d.observations.append(only);
    return d;
}

inline ComparisonData withLines(int timePoints = 100)
{
    ComparisonData d = measured();
    for (int s = 0; s < 2; ++s) {
        PointSeries ts{u"run %1"_s.arg(s + 1), u"run %1"_s.arg(s + 1), {}, {}};
        for (int i = 0; i < timePoints; ++i)
            ts.points.append(QPointF(i * 0.1, 90 + 3 * std::sin(i * 0.05 + s)));
        d.timeSeries.append(ts);
    }
    LatencyDistribution raw{u"run 1"_s, u"run 1"_s, {}, {}};
    QRandomGenerator rng(7);
    for (int i = 0; i < 1000; ++i)
        raw.samplesUs.append(50 + rng.bounded(100.0));
    d.latencies.append(raw);
    d.latencies.append(LatencyDistribution{u"histogram"_s, u"run 2"_s, {}, {{40, 0.0}, {60, 0.5}, {80, 0.9}, {200, 1.0}}});
    const int sizes[] = {1, 64, 256, 1024, 1472, 8192};
    for (int s = 0; s < 2; ++s) {
        PointSeries sw{u"driver %1"_s.arg(s), u"run %1"_s.arg(10 + s), {}, {}};
        for (int size : sizes) {
            sw.points.append(QPointF(size, std::min(95.0, size * 0.1 * (s + 1))));
            sw.errors.append(0.5);
        }
        d.sweeps.append(sw);
    }
    for (int size : {1, 2, 4, 8, 16, 18, 32, 64, 128, 256, 512, 1024, 1472})
        d.sweepCeiling.append(QPointF(size, ethernet::udpGoodputForPayloadBps(100e6, size) / 1e6));
    return d;
}


// The 1997 FTP table (MB/s as reported: a file and /dev/null as the sink)
// for the host-pair heat map: from, to, mode and the pair as attributes.
inline ComparisonData ftpTable()
{
    ComparisonData d;
    d.title = u"FTP transfer of a 12 MB file across a Fast Ethernet hub"_s;
    d.metric = u"throughput_bps"_s;
    d.unit = u"MB/s"_s;
    d.dimensions = {u"pair"_s, u"from"_s, u"to"_s, u"mode"_s};
    d.defaultGroupBy = u"pair"_s;
    d.seriesKey = u"mode"_s;
    d.matrixRowKey = u"from"_s;
    d.matrixColumnKey = u"to"_s;
    struct Row { const char16_t *from; const char16_t *to; double file; double devnull; };
    const Row rows[] = {
        {u"Zeus", u"Torus", 0.81, 4.2}, {u"Torus", u"Zeus", 6.1, 5.7}, {u"Zeus", u"Net3", 3.9, 7.8},
        {u"Net3", u"Zeus", 8.6, 8.6},   {u"Zeus", u"Mira", 3.6, 7.1},  {u"Mira", u"Zeus", 8.6, 8.6},
        {u"Zeus", u"Star", 3.4, 8.5},   {u"Star", u"Zeus", 7.3, 8.3},
    };
    for (const Row &r : rows) {
        const QString from = QString::fromUtf16(r.from);
        const QString to = QString::fromUtf16(r.to);
        for (int m = 0; m < 2; ++m) {
            Observation o;
            o.attributes = {{u"pair"_s, from + u" → "_s + to}, {u"from"_s, from}, {u"to"_s, to},
                            {u"mode"_s, m == 0 ? u"file → file"_s : u"file → /dev/null"_s}};
            o.values = {m == 0 ? r.file : r.devnull};
            o.source = u"E. Rodichev 1997"_s;
            o.baseline = true;
            d.observations.append(o);
        }
    }
    return d;
}

} // namespace wb::testdata
