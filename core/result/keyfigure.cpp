// SPDX-License-Identifier: GPL-3.0-or-later
#include "keyfigure.h"

#include "metriccatalog.h"

using namespace Qt::StringLiterals;

namespace wb {

QString formatBitRate(double bps)
{
    if (bps >= 1e9)
        return u"%1 Gbit/s"_s.arg(bps / 1e9, 0, 'f', 2);
    if (bps >= 1e6)
        return u"%1 Mbit/s"_s.arg(bps / 1e6, 0, 'f', 2);
    if (bps >= 1e3)
        return u"%1 kbit/s"_s.arg(bps / 1e3, 0, 'f', 2);
    return u"%1 bit/s"_s.arg(bps, 0, 'f', 0);
}

KeyFigure keyFigure(const ResultRecord &record)
{
    KeyFigure k;
    k.metric = keyMetricForKind(record.kind);
    for (const QString &side : figureSides(record, k.metric)) {
        if (auto v = record.metric(k.metric, side)) {
            k.side = side;
            k.value = *v;
            k.valid = true;
            break;
        }
    }
    if (!k.valid) {
        k.text = u"—"_s;
        return k;
    }
    if (record.kind == u"rfc2544"_s) {
        const double pps = record.metric(u"packets_per_s"_s, u"server"_s).value_or(0);
        k.text = u"zero loss at %1 pps (%2% of line rate), %3"_s.arg(pps, 0, 'f', 0)
                     .arg(record.metric(u"line_rate_pct"_s).value_or(0), 0, 'f', 1)
                     .arg(formatBitRate(k.value));
    } else if (k.metric == u"throughput_bps"_s) {
        if (record.kind == u"file_transfer"_s)
            k.text = u"%1 MB/s (%2)"_s.arg(k.value / 8 / (1 << 20), 0, 'f', 2).arg(formatBitRate(k.value));
        else
            k.text = formatBitRate(k.value);
        // Several flows or the other direction: the key figure says which it is.
        const QString direction = record.params.value(u"direction"_s).toString();
        if (direction == u"reverse"_s)
            k.text += u" server→client"_s;
        else if (direction == u"bidirectional"_s) {
            k.text += u" client→server"_s;
            if (auto back = sidedMetricValue(record, u"reverse_throughput_bps"_s))
                k.text += u" (%1 server→client)"_s.arg(formatBitRate(*back));
        }
        if (const int streams = record.params.value(u"streams"_s).toInt(1); streams > 1)
            k.text += u", %1 streams"_s.arg(streams);
        if (auto loss = record.metric(u"loss_ratio"_s, QString()); loss && record.kind == u"udp_stream"_s)
            k.text += u", loss %1%"_s.arg(*loss * 100, 0, 'f', 2);
    } else if (k.metric == u"transactions_per_s"_s || k.metric == u"connections_per_s"_s) {
        k.text = (k.metric == u"connections_per_s"_s ? u"%1 conn/s"_s : u"%1 tr/s"_s).arg(k.value, 0, 'f', 0);
        if (auto p99 = record.metric(u"latency_us_p99"_s, k.side))
            k.text += u", p99 %1 µs"_s.arg(*p99, 0, 'f', 1);
    } else if (record.kind == u"rrul"_s) {
        // The worst real-time round trips under load, then what they were
        // without it and what the load moved each way.
        k.text = u"UDP p99 %1 ms under load"_s.arg(k.value / 1000, 0, 'f', 2);
        if (auto idle = record.metric(u"idle_udp_latency_us_p99"_s, k.side))
            k.text += u" (%1 ms idle)"_s.arg(*idle / 1000, 0, 'f', 2);
        if (auto up = sidedMetricValue(record, u"throughput_bps"_s))
            k.text += u", %1 up"_s.arg(formatBitRate(*up));
        if (auto down = sidedMetricValue(record, u"reverse_throughput_bps"_s))
            k.text += u", %1 down"_s.arg(formatBitRate(*down));
    } else if (record.kind == u"forwarding"_s) {
        k.text = u"%1 pps through the device"_s.arg(record.metric(u"forwarded_packets_per_s"_s).value_or(k.value), 0, 'f', 0);
        if (auto cpu = record.metric(u"dut_cpu_util_pct"_s))
            k.text += u", its CPU %1%"_s.arg(*cpu, 0, 'f', 1);
        if (auto loss = record.metric(u"loss_ratio"_s))
            k.text += u", loss %1%"_s.arg(*loss * 100, 0, 'f', 2);
    } else if (record.kind == u"soak"_s) {
        k.text = u"%1 pps one way, %2 lost; %3 lost the other way"_s.arg(k.value, 0, 'f', 0)
                     .arg(record.metric(u"lost_packets"_s, u"server"_s).value_or(0), 0, 'f', 0)
                     .arg(record.metric(u"lost_packets"_s, u"client"_s).value_or(0), 0, 'f', 0);
    } else {
        k.text = u"%1 pps"_s.arg(k.value, 0, 'f', 0);
        if (auto drops = record.metric(u"drops"_s, QString()))
            k.text += u", %1 dropped"_s.arg(*drops, 0, 'f', 0);
    }
    return k;
}

} // namespace wb
