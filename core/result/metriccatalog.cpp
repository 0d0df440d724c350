// SPDX-License-Identifier: GPL-3.0-or-later
#include "metriccatalog.h"

#include "condition.h"
#include "resultrecord.h"

#include <algorithm>

using namespace Qt::StringLiterals;

namespace wb {

namespace {

// A metric shown in its own SI unit.
MetricInfo plain(const QString &name, const QString &unit, const QString &label, const QString &description)
{
    return {name, unit, unit == u"1/s"_s ? u"/s"_s : unit, 1, label, description};
}

} // namespace

const QList<MetricInfo> &metricCatalog()
{
    static const QList<MetricInfo> catalog{
        {u"throughput_bps"_s, u"bit/s"_s, u"Mbit/s"_s, 1e-6, u"throughput"_s, u"payload throughput"_s},
        plain(u"messages"_s, u"count"_s, u"messages"_s, u"datagrams sent OK (sender) or received (receiver)"_s),
        plain(u"send_errors"_s, u"count"_s, u"send errors"_s, u"failed sends"_s),
        plain(u"loss_ratio"_s, u"ratio"_s, u"loss"_s, u"(sent - received) / sent"_s),
        {u"transactions_per_s"_s, u"1/s"_s, u"tr/s"_s, 1, u"transaction rate"_s,
         u"request/response transactions per second"_s},
        {u"connections_per_s"_s, u"1/s"_s, u"conn/s"_s, 1, u"connection rate"_s,
         u"connect + request + response + close per second (TCP_CRR)"_s},
        plain(u"latency_us_mean"_s, u"us"_s, u"mean round-trip latency"_s, u"mean round trip"_s),
        plain(u"latency_us_min"_s, u"us"_s, u"minimum round-trip latency"_s, u"minimum round trip"_s),
        plain(u"latency_us_p50"_s, u"us"_s, u"median round-trip latency"_s, u"median round trip"_s),
        plain(u"latency_us_p90"_s, u"us"_s, u"p90 round-trip latency"_s, u"90th percentile round trip"_s),
        plain(u"latency_us_p99"_s, u"us"_s, u"p99 round-trip latency"_s, u"99th percentile round trip"_s),
        plain(u"latency_us_p999"_s, u"us"_s, u"p99.9 round-trip latency"_s, u"99.9th percentile round trip"_s),
        plain(u"latency_us_max"_s, u"us"_s, u"maximum round-trip latency"_s, u"maximum round trip"_s),
        plain(u"latency_us_stddev"_s, u"us"_s, u"round-trip latency deviation"_s,
              u"standard deviation of the round trip"_s),
        {u"packets_per_s"_s, u"1/s"_s, u"kpps"_s, 1e-3, u"packet rate"_s, u"packet rate"_s},
        plain(u"drops"_s, u"count"_s, u"drops"_s, u"packets lost"_s),
        plain(u"bytes"_s, u"B"_s, u"bytes"_s, u"payload moved"_s),
        plain(u"elapsed_s"_s, u"s"_s, u"elapsed time"_s, u"test duration"_s),
        plain(u"cpu_util_pct"_s, u"%"_s, u"CPU utilisation"_s, u"CPU utilisation of the whole host"_s),
        plain(u"cpu_busiest_core_pct"_s, u"%"_s, u"busiest core"_s,
              u"utilisation of the host's busiest CPU core over the test (one saturated core is hidden in the average)"_s),
        plain(u"cpu_softirq_pct"_s, u"%"_s, u"softirq share"_s,
              u"share of all the host's CPU time spent in softirq (packet processing) over the test"_s),
        plain(u"service_demand_us_per_kb"_s, u"us"_s, u"service demand per KB"_s, u"CPU time per KB (1024 B)"_s),
        plain(u"service_demand_us_per_tr"_s, u"us"_s, u"service demand per transaction"_s,
              u"CPU time per transaction"_s),
        plain(u"jitter_ms"_s, u"ms"_s, u"jitter"_s, u"RFC 1889 style jitter"_s),
        plain(u"retransmits"_s, u"count"_s, u"retransmits"_s, u"TCP retransmissions"_s),
        plain(u"ci_width_pct"_s, u"%"_s, u"confidence interval width"_s,
              u"confidence interval width, percent of mean"_s),
        plain(u"ci_level_pct"_s, u"%"_s, u"confidence level"_s, u"confidence level"_s),
        plain(u"iterations"_s, u"count"_s, u"iterations"_s, u"repetitions measured"_s),
        plain(u"line_rate_pct"_s, u"%"_s, u"share of line rate"_s, u"share of the link's maximum frame rate"_s),
        plain(u"dut_cpu_util_pct"_s, u"%"_s, u"DUT CPU utilisation"_s,
              u"CPU utilisation of the device under test while forwarding"_s),
        plain(u"dut_cpu_headroom_pct"_s, u"%"_s, u"DUT CPU headroom"_s,
              u"CPU the device under test had left while forwarding: an idle-priority loop's rate against its idle rate"_s),
        plain(u"dut_cpu_headroom_lowest_core_pct"_s, u"%"_s, u"DUT headroom, busiest core"_s,
              u"CPU left on the device under test's busiest core while forwarding"_s),
        plain(u"rated_latency_us"_s, u"us"_s, u"rated latency"_s,
              u"latency a vendor specifies for a device (see params.figure)"_s),
        plain(u"tx_cost_ticks"_s, u"ticks"_s, u"transmit cost"_s,
              u"CPU timer ticks to transmit one packet (params.cpu_clock_hz converts)"_s),
        plain(u"tx_cost_us_per_packet"_s, u"us"_s, u"transmit cost per packet"_s,
              u"CPU time to transmit one packet"_s),
        plain(u"cpu_cost_ticks"_s, u"ticks"_s, u"CPU cost"_s,
              u"CPU timer ticks of one kernel operation (params.operation)"_s),
        plain(u"cpu_cost_us"_s, u"us"_s, u"CPU cost"_s, u"CPU time of one kernel operation (params.operation)"_s),
        {u"forwarded_packets_per_s"_s, u"1/s"_s, u"kpps"_s, 1e-3, u"forwarded packet rate"_s,
         u"packets a router forwards per second"_s},
        plain(u"lost_packets"_s, u"count"_s, u"lost packets"_s,
              u"datagrams lost on the way to this side (a sample: in its interval; from sequence gaps)"_s),
        plain(u"received_packets"_s, u"count"_s, u"received packets"_s,
              u"datagrams that arrived at this side (a sample: in its interval)"_s),
        plain(u"duplicates"_s, u"count"_s, u"duplicate datagrams"_s,
              u"datagrams that arrived more than once (the extra copies; not counted as received)"_s),
        plain(u"reordered"_s, u"count"_s, u"reordered datagrams"_s,
              u"datagrams that arrived after one sent later than them"_s),
        // The test NIC's own counters over the test (agents/hoststats.h).
        plain(u"nic_rx_errors"_s, u"count"_s, u"NIC receive errors"_s,
              u"frames the NIC received in error while the test ran (all of the interface's traffic)"_s),
        plain(u"nic_tx_errors"_s, u"count"_s, u"NIC transmit errors"_s,
              u"frames the NIC failed to send while the test ran (all of the interface's traffic)"_s),
        plain(u"nic_rx_dropped"_s, u"count"_s, u"NIC receive drops"_s,
              u"received frames the NIC or driver dropped while the test ran (no buffer, over MTU, unknown protocol)"_s),
        plain(u"nic_tx_dropped"_s, u"count"_s, u"NIC transmit drops"_s,
              u"frames the driver dropped before sending while the test ran"_s),
        plain(u"nic_rx_fifo_errors"_s, u"count"_s, u"NIC receive FIFO overruns"_s,
              u"frames lost because the NIC's receive FIFO overflowed while the test ran"_s),
        plain(u"nic_tx_fifo_errors"_s, u"count"_s, u"NIC transmit FIFO underruns"_s,
              u"transmit FIFO errors of the NIC while the test ran"_s),
        plain(u"nic_rx_missed_errors"_s, u"count"_s, u"NIC missed frames"_s,
              u"frames the NIC missed for lack of host buffers while the test ran"_s),
        plain(u"nic_rx_crc_errors"_s, u"count"_s, u"NIC CRC errors"_s,
              u"frames received with a bad checksum while the test ran (cabling, duplex mismatch)"_s),
        plain(u"nic_rx_frame_errors"_s, u"count"_s, u"NIC frame alignment errors"_s,
              u"frames received misaligned while the test ran"_s),
        plain(u"nic_rx_over_errors"_s, u"count"_s, u"NIC receive overruns"_s,
              u"frames received that overran the NIC's ring while the test ran"_s),
        plain(u"nic_tx_carrier_errors"_s, u"count"_s, u"NIC carrier errors"_s,
              u"frames sent without carrier while the test ran (link down, bad cable)"_s),
        plain(u"nic_collisions"_s, u"count"_s, u"NIC collisions"_s,
              u"Ethernet collisions the NIC saw while the test ran (half duplex, hubs)"_s),
        // A bidirectional stream test's server-to-client direction; its
        // plain names are the client-to-server one (agents/testflows.h).
        {u"reverse_throughput_bps"_s, u"bit/s"_s, u"Mbit/s"_s, 1e-6, u"reverse throughput"_s,
         u"payload throughput from the server to the client in a bidirectional test"_s},
        plain(u"reverse_bytes"_s, u"B"_s, u"reverse bytes"_s,
              u"payload moved from the server to the client in a bidirectional test"_s),
        plain(u"reverse_messages"_s, u"count"_s, u"reverse messages"_s,
              u"datagrams the server sent OK (server) or the client received (client) in a bidirectional test"_s),
        {u"reverse_packets_per_s"_s, u"1/s"_s, u"kpps"_s, 1e-3, u"reverse packet rate"_s,
         u"packet rate from the server to the client in a bidirectional test"_s},
        plain(u"reverse_loss_ratio"_s, u"ratio"_s, u"reverse loss"_s,
              u"(sent - received) / sent from the server to the client in a bidirectional test"_s),
        plain(u"reverse_retransmits"_s, u"count"_s, u"reverse retransmits"_s,
              u"TCP retransmissions of the server's sending in a bidirectional test"_s),
        // A file transfer's receiver (agents/filetransfertest.h): the network
        // phase is what the seeds' FTP clients printed; the flushed rate adds
        // the time the disk took to hold the file.
        {u"network_throughput_bps"_s, u"bit/s"_s, u"Mbit/s"_s, 1e-6, u"network-phase rate"_s,
         u"file bytes received / time until the last byte arrived (what an FTP client printed)"_s},
        {u"flushed_throughput_bps"_s, u"bit/s"_s, u"Mbit/s"_s, 1e-6, u"rate to disk"_s,
         u"file bytes received / time until they were on disk (after the final fsync; O_DIRECT writes with direct_io)"_s},
        // A bidirectional file transfer's server-to-client file and a
        // bidirectional packet rate test's server-to-client drops.
        {u"reverse_network_throughput_bps"_s, u"bit/s"_s, u"Mbit/s"_s, 1e-6, u"reverse network-phase rate"_s,
         u"file bytes the client received / time until the last byte arrived, in a bidirectional file transfer"_s},
        {u"reverse_flushed_throughput_bps"_s, u"bit/s"_s, u"Mbit/s"_s, 1e-6, u"reverse rate to disk"_s,
         u"file bytes the client received / time until they were on its disk, in a bidirectional file transfer"_s},
        plain(u"reverse_drops"_s, u"count"_s, u"reverse drops"_s,
              u"packets the server sent that never reached the client, in a bidirectional packet rate test"_s),
    };
    // rrul's probes (agents/rrultest.h): round trips alone and under load.
    static const QList<MetricInfo> withProbes = [] {
        QList<MetricInfo> all = catalog;
        for (const QString &probe : {u"udp"_s, u"tcp"_s})
            for (const QString &phase : {u"idle"_s, u"loaded"_s})
                for (const QString &pct : {u"50"_s, u"90"_s, u"99"_s}) {
                    const QString what = phase == u"idle"_s ? u"without load"_s : u"under the bulk flows' load"_s;
                    const QString name = pct == u"50"_s ? u"median"_s : u"p"_s + pct;
                    all.append(plain(u"%1_%2_latency_us_p%3"_s.arg(phase, probe, pct), u"us"_s,
                                     u"%1 %2 probe %3 latency"_s.arg(phase, probe.toUpper(), name),
                                     u"%1 round trip of the %2 probe %3 (rrul)"_s.arg(
                                         pct == u"50"_s ? u"median"_s : pct + u"th percentile"_s, probe.toUpper(), what)));
                }
        return all;
    }();
    return withProbes;
    return catalog;
}

const MetricInfo *findMetric(const QString &name)
{
    for (const MetricInfo &m : metricCatalog())
        if (m.name == name)
            return &m;
    return nullptr;
}

QString canonicalUnit(const QString &metricName)
{
    const MetricInfo *m = findMetric(metricName);
    return m ? m->unit : QString();
}

const QList<TestKindInfo> &testKindCatalog()
{
    static const QList<TestKindInfo> kinds{
        {u"udp_stream"_s, u"UDP stream"_s, u"throughput_bps"_s},
        {u"tcp_stream"_s, u"TCP stream"_s, u"throughput_bps"_s},
        {u"tcp_rr"_s, u"TCP request/response"_s, u"transactions_per_s"_s},
        {u"udp_rr"_s, u"UDP request/response"_s, u"transactions_per_s"_s},
        {u"file_transfer"_s, u"file transfer"_s, u"throughput_bps"_s},
        {u"packet_rate"_s, u"packet rate"_s, u"packets_per_s"_s},
        {u"rfc2544"_s, u"RFC 2544 throughput"_s, u"throughput_bps"_s},
        {u"forwarding"_s, u"forwarding through a device"_s, u"packets_per_s"_s},
        {u"soak"_s, u"soak"_s, u"packets_per_s"_s},
        {u"latency"_s, u"rated latency"_s, u"throughput_bps"_s},
        {u"driver_cost"_s, u"driver transmit cost"_s, u"throughput_bps"_s},
        {u"ceiling"_s, u"theoretical ceiling"_s, u"throughput_bps"_s},
        {u"tcp_crr"_s, u"TCP connect/request/response"_s, u"connections_per_s"_s},
        // What bufferbloat costs a real-time flow: its worst round trips under load.
        {u"rrul"_s, u"latency under load"_s, u"loaded_udp_latency_us_p99"_s},
    };
    return kinds;
}

const QStringList &testKinds()
{
    static const QStringList names = [] {
        QStringList n;
        for (const TestKindInfo &k : testKindCatalog())
            n << k.name;
        return n;
    }();
    return names;
}

QString keyMetricForKind(const QString &kind)
{
    for (const TestKindInfo &k : testKindCatalog())
        if (k.name == kind)
            return k.keyMetric;
    return u"throughput_bps"_s;
}

QString testKindLabel(const QString &kind)
{
    for (const TestKindInfo &k : testKindCatalog())
        if (k.name == kind)
            return k.label;
    return kind;
}

MetricInfo metricDisplay(const QString &metric, const QString &kind)
{
    const MetricInfo *m = findMetric(metric);
    if (!m)
        return {metric, QString(), QString(), 1, QString(metric).replace(u'_', u' '), QString()};
    MetricInfo shown = *m;
    if (kind == u"file_transfer"_s && metric == u"throughput_bps"_s)
        shown.label = u"file transfer rate"_s;
    return shown;
}

QStringList figureSides(const QString &kind)
{
    const bool rr = kind == u"tcp_rr"_s || kind == u"udp_rr"_s || kind == u"tcp_crr"_s;
    return rr ? QStringList{u"client"_s, QString(), u"server"_s} : QStringList{u"server"_s, QString(), u"client"_s};
}

QStringList figureSides(const ResultRecord &record, const QString &metric)
{
    QStringList sides = figureSides(record.kind);
    if (sides.first() != u"server"_s)
        return sides;
    // Data the server sent arrived at the client: a reverse test's figures,
    // and a bidirectional one's reverse_ figures.
    if (directionOf(record.params) == u"reverse"_s || metric.startsWith(u"reverse_"_s))
        std::reverse(sides.begin(), sides.end());
    return sides;
}

std::optional<double> sidedMetricValue(const ResultRecord &record, const QString &metric)
{
    for (const QString &side : figureSides(record, metric))
        if (auto v = record.metric(metric, side))
            return v;
    return std::nullopt;
}

} // namespace wb
