// SPDX-License-Identifier: GPL-3.0-or-later
#include "metriccatalog.h"

#include "condition.h"
#include "resultrecord.h"

#include <QCoreApplication>
#include <QRegularExpression>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace wb {

namespace {

// The catalog holds its words in English, as they are stored and printed by
// the CLI; Words marks them for lupdate, and metricDisplay() and
// testKindLabel() translate them for the desktop program (which installs a
// translator; the CLI and the agent never do).
constexpr const char *kContext = "wb::MetricCatalog";

QString en(const char *text)
{
    return QString::fromUtf8(text);
}

QString translated(const QString &english)
{
    return english.isEmpty() ? english : QCoreApplication::translate(kContext, english.toUtf8().constData());
}

// A metric shown in its own SI unit.
MetricInfo plain(const QString &name, const QString &unit, const QString &label, const QString &description)
{
    return {name, unit, unit == u"1/s"_s ? u"/s"_s : unit, 1, label, description};
}

// rrul's probe metrics, idle|loaded_udp|tcp_latency_us_p50|90|99: a label
// or description as one sentence per phase, so a translation can order the
// words its own way.
const QRegularExpression &probePattern()
{
    static const QRegularExpression re(u"^(idle|loaded)_(udp|tcp)_latency_us_p(50|90|99)$"_s);
    return re;
}

// The catalog's English words, marked for lupdate with QT_TR_NOOP in this
// class's functions, all in the one context wb::MetricCatalog.
class Words
{
    Q_DECLARE_TR_FUNCTIONS(wb::MetricCatalog)

public:
    static QList<MetricInfo> metrics();
    static QList<TestKindInfo> kinds();
    static QString probeText(const QString &metric, bool description, bool translate);
    static QString fileTransferRate() { return en(QT_TR_NOOP("file transfer rate")); }
};

QString Words::probeText(const QString &metric, bool description, bool translate)
{
    const QRegularExpressionMatch m = probePattern().match(metric);
    const bool idle = m.captured(1) == u"idle"_s;
    const QString probe = m.captured(2).toUpper(), pct = m.captured(3);
    const auto text = [translate](const char *english) {
        return translate ? QCoreApplication::translate(kContext, english) : en(english);
    };
    if (description) {
        const QString which = pct == u"50"_s ? text(QT_TR_NOOP("median"))
                                             : text(QT_TR_NOOP("%1th percentile")).arg(pct);
        return (idle ? text(QT_TR_NOOP("%1 round trip of the %2 probe without load (rrul)"))
                     : text(QT_TR_NOOP("%1 round trip of the %2 probe under the bulk flows' load (rrul)")))
            .arg(which, probe);
    }
    const QString which = pct == u"50"_s ? text(QT_TR_NOOP("median")) : u"p"_s + pct;
    return (idle ? text(QT_TR_NOOP("idle %1 probe %2 latency"))
                 : text(QT_TR_NOOP("loaded %1 probe %2 latency")))
        .arg(probe, which);
}

QList<MetricInfo> Words::metrics()
{
    const QList<MetricInfo> catalog{
        {u"throughput_bps"_s, u"bit/s"_s, u"Mbit/s"_s, 1e-6, en(QT_TR_NOOP("throughput")),
         en(QT_TR_NOOP("payload throughput"))},
        plain(u"messages"_s, u"count"_s, en(QT_TR_NOOP("messages")),
              en(QT_TR_NOOP("datagrams sent OK (sender) or received (receiver)"))),
        plain(u"send_errors"_s, u"count"_s, en(QT_TR_NOOP("send errors")), en(QT_TR_NOOP("failed sends"))),
        plain(u"loss_ratio"_s, u"ratio"_s, en(QT_TR_NOOP("loss")),
              en(QT_TR_NOOP("(sent - received) / sent"))),
        {u"transactions_per_s"_s, u"1/s"_s, u"tr/s"_s, 1, en(QT_TR_NOOP("transaction rate")),
         en(QT_TR_NOOP("request/response transactions per second"))},
        {u"connections_per_s"_s, u"1/s"_s, u"conn/s"_s, 1, en(QT_TR_NOOP("connection rate")),
         en(QT_TR_NOOP("connect + request + response + close per second (TCP_CRR)"))},
        plain(u"latency_us_mean"_s, u"us"_s, en(QT_TR_NOOP("mean round-trip latency")),
              en(QT_TR_NOOP("mean round trip"))),
        plain(u"latency_us_min"_s, u"us"_s, en(QT_TR_NOOP("minimum round-trip latency")),
              en(QT_TR_NOOP("minimum round trip"))),
        plain(u"latency_us_p50"_s, u"us"_s, en(QT_TR_NOOP("median round-trip latency")),
              en(QT_TR_NOOP("median round trip"))),
        plain(u"latency_us_p90"_s, u"us"_s, en(QT_TR_NOOP("p90 round-trip latency")),
              en(QT_TR_NOOP("90th percentile round trip"))),
        plain(u"latency_us_p99"_s, u"us"_s, en(QT_TR_NOOP("p99 round-trip latency")),
              en(QT_TR_NOOP("99th percentile round trip"))),
        plain(u"latency_us_p999"_s, u"us"_s, en(QT_TR_NOOP("p99.9 round-trip latency")),
              en(QT_TR_NOOP("99.9th percentile round trip"))),
        plain(u"latency_us_max"_s, u"us"_s, en(QT_TR_NOOP("maximum round-trip latency")),
              en(QT_TR_NOOP("maximum round trip"))),
        plain(u"latency_us_stddev"_s, u"us"_s, en(QT_TR_NOOP("round-trip latency deviation")),
              en(QT_TR_NOOP("standard deviation of the round trip"))),
        {u"packets_per_s"_s, u"1/s"_s, u"kpps"_s, 1e-3, en(QT_TR_NOOP("packet rate")),
         en(QT_TR_NOOP("packet rate"))},
        plain(u"drops"_s, u"count"_s, en(QT_TR_NOOP("drops")), en(QT_TR_NOOP("packets lost"))),
        plain(u"bytes"_s, u"B"_s, en(QT_TR_NOOP("bytes")), en(QT_TR_NOOP("payload moved"))),
        plain(u"elapsed_s"_s, u"s"_s, en(QT_TR_NOOP("elapsed time")), en(QT_TR_NOOP("test duration"))),
        plain(u"cpu_util_pct"_s, u"%"_s, en(QT_TR_NOOP("CPU utilisation")),
              en(QT_TR_NOOP("CPU utilisation of the whole host"))),
        plain(u"cpu_busiest_core_pct"_s, u"%"_s, en(QT_TR_NOOP("busiest core")),
              en(QT_TR_NOOP("utilisation of the host's busiest CPU core over the test (one saturated core is "
                            "hidden in the average)"))),
        plain(u"cpu_softirq_pct"_s, u"%"_s, en(QT_TR_NOOP("softirq share")),
              en(QT_TR_NOOP("share of all the host's CPU time spent in softirq (packet processing) "
                            "over the test"))),
        plain(u"service_demand_us_per_kb"_s, u"us"_s, en(QT_TR_NOOP("service demand per KB")),
              en(QT_TR_NOOP("CPU time per KB (1024 B)"))),
        plain(u"service_demand_us_per_tr"_s, u"us"_s, en(QT_TR_NOOP("service demand per transaction")),
              en(QT_TR_NOOP("CPU time per transaction"))),
        plain(u"jitter_ms"_s, u"ms"_s, en(QT_TR_NOOP("jitter")), en(QT_TR_NOOP("RFC 1889 style jitter"))),
        plain(u"retransmits"_s, u"count"_s, en(QT_TR_NOOP("retransmits")),
              en(QT_TR_NOOP("TCP retransmissions"))),
        plain(u"ci_width_pct"_s, u"%"_s, en(QT_TR_NOOP("confidence interval width")),
              en(QT_TR_NOOP("confidence interval width, percent of mean"))),
        plain(u"ci_level_pct"_s, u"%"_s, en(QT_TR_NOOP("confidence level")),
              en(QT_TR_NOOP("confidence level"))),
        plain(u"iterations"_s, u"count"_s, en(QT_TR_NOOP("iterations")),
              en(QT_TR_NOOP("repetitions measured"))),
        plain(u"line_rate_pct"_s, u"%"_s, en(QT_TR_NOOP("share of line rate")),
              en(QT_TR_NOOP("share of the link's maximum frame rate"))),
        plain(u"dut_cpu_util_pct"_s, u"%"_s, en(QT_TR_NOOP("DUT CPU utilisation")),
              en(QT_TR_NOOP("CPU utilisation of the device under test while forwarding"))),
        plain(u"dut_cpu_headroom_pct"_s, u"%"_s, en(QT_TR_NOOP("DUT CPU headroom")),
              en(QT_TR_NOOP("CPU the device under test had left while forwarding: an idle-priority loop's "
                            "rate against its idle rate"))),
        plain(u"dut_cpu_headroom_lowest_core_pct"_s, u"%"_s, en(QT_TR_NOOP("DUT headroom, busiest core")),
              en(QT_TR_NOOP("CPU left on the device under test's busiest core while forwarding"))),
        plain(u"dut_cpu_busiest_core_pct"_s, u"%"_s, en(QT_TR_NOOP("DUT busiest core")),
              en(QT_TR_NOOP("utilisation of the device under test's busiest CPU core while forwarding"))),
        plain(u"dut_cpu_softirq_pct"_s, u"%"_s, en(QT_TR_NOOP("DUT softirq share")),
              en(QT_TR_NOOP("share of the device under test's CPU time spent in softirq (packet "
                            "processing) while forwarding"))),
        plain(u"rated_latency_us"_s, u"us"_s, en(QT_TR_NOOP("rated latency")),
              en(QT_TR_NOOP("latency a vendor specifies for a device (see params.figure)"))),
        plain(u"tx_cost_ticks"_s, u"ticks"_s, en(QT_TR_NOOP("transmit cost")),
              en(QT_TR_NOOP("CPU timer ticks to transmit one packet (params.cpu_clock_hz converts)"))),
        plain(u"tx_cost_us_per_packet"_s, u"us"_s, en(QT_TR_NOOP("transmit cost per packet")),
              en(QT_TR_NOOP("CPU time to transmit one packet"))),
        plain(u"cpu_cost_ticks"_s, u"ticks"_s, en(QT_TR_NOOP("CPU cost")),
              en(QT_TR_NOOP("CPU timer ticks of one kernel operation (params.operation)"))),
        plain(u"cpu_cost_us"_s, u"us"_s, en(QT_TR_NOOP("CPU cost")),
              en(QT_TR_NOOP("CPU time of one kernel operation (params.operation)"))),
        {u"forwarded_packets_per_s"_s, u"1/s"_s, u"kpps"_s, 1e-3, en(QT_TR_NOOP("forwarded packet rate")),
         en(QT_TR_NOOP("packets a router forwards per second"))},
        plain(u"lost_packets"_s, u"count"_s, en(QT_TR_NOOP("lost packets")),
              en(QT_TR_NOOP("datagrams lost on the way to this side (a sample: in its interval; from "
                            "sequence gaps)"))),
        plain(u"received_packets"_s, u"count"_s, en(QT_TR_NOOP("received packets")),
              en(QT_TR_NOOP("datagrams that arrived at this side (a sample: in its interval)"))),
        plain(u"duplicates"_s, u"count"_s, en(QT_TR_NOOP("duplicate datagrams")),
              en(QT_TR_NOOP("datagrams that arrived more than once (the extra copies; not counted as "
                            "received)"))),
        plain(u"reordered"_s, u"count"_s, en(QT_TR_NOOP("reordered datagrams")),
              en(QT_TR_NOOP("datagrams that arrived after one sent later than them"))),
        // The test NIC's own counters over the test (agents/hoststats.h).
        plain(u"nic_rx_errors"_s, u"count"_s, en(QT_TR_NOOP("NIC receive errors")),
              en(QT_TR_NOOP("frames the NIC received in error while the test ran (all of the interface's "
                            "traffic)"))),
        plain(u"nic_tx_errors"_s, u"count"_s, en(QT_TR_NOOP("NIC transmit errors")),
              en(QT_TR_NOOP("frames the NIC failed to send while the test ran (all of the interface's "
                            "traffic)"))),
        plain(u"nic_rx_dropped"_s, u"count"_s, en(QT_TR_NOOP("NIC receive drops")),
              en(QT_TR_NOOP("received frames the NIC or driver dropped while the test ran (no buffer, over "
                            "MTU, unknown protocol)"))),
        plain(u"nic_tx_dropped"_s, u"count"_s, en(QT_TR_NOOP("NIC transmit drops")),
              en(QT_TR_NOOP("frames the driver dropped before sending while the test ran"))),
        plain(u"nic_rx_fifo_errors"_s, u"count"_s, en(QT_TR_NOOP("NIC receive FIFO overruns")),
              en(QT_TR_NOOP("frames lost because the NIC's receive FIFO overflowed while the test ran"))),
        plain(u"nic_tx_fifo_errors"_s, u"count"_s, en(QT_TR_NOOP("NIC transmit FIFO underruns")),
              en(QT_TR_NOOP("transmit FIFO errors of the NIC while the test ran"))),
        plain(u"nic_rx_missed_errors"_s, u"count"_s, en(QT_TR_NOOP("NIC missed frames")),
              en(QT_TR_NOOP("frames the NIC missed for lack of host buffers while the test ran"))),
        plain(u"nic_rx_crc_errors"_s, u"count"_s, en(QT_TR_NOOP("NIC CRC errors")),
              en(QT_TR_NOOP("frames received with a bad checksum while the test ran (cabling, duplex "
                            "mismatch)"))),
        plain(u"nic_rx_frame_errors"_s, u"count"_s, en(QT_TR_NOOP("NIC frame alignment errors")),
              en(QT_TR_NOOP("frames received misaligned while the test ran"))),
        plain(u"nic_rx_over_errors"_s, u"count"_s, en(QT_TR_NOOP("NIC receive overruns")),
              en(QT_TR_NOOP("frames received that overran the NIC's ring while the test ran"))),
        plain(u"nic_tx_carrier_errors"_s, u"count"_s, en(QT_TR_NOOP("NIC carrier errors")),
              en(QT_TR_NOOP("frames sent without carrier while the test ran (link down, bad cable)"))),
        plain(u"nic_collisions"_s, u"count"_s, en(QT_TR_NOOP("NIC collisions")),
              en(QT_TR_NOOP("Ethernet collisions the NIC saw while the test ran (half duplex, hubs)"))),
        // A bidirectional stream test's server-to-client direction; its
        // plain names are the client-to-server one (agents/testflows.h).
        {u"reverse_throughput_bps"_s, u"bit/s"_s, u"Mbit/s"_s, 1e-6, en(QT_TR_NOOP("reverse throughput")),
         en(QT_TR_NOOP("payload throughput from the server to the client in a bidirectional test"))},
        plain(u"reverse_bytes"_s, u"B"_s, en(QT_TR_NOOP("reverse bytes")),
              en(QT_TR_NOOP("payload moved from the server to the client in a bidirectional test"))),
        plain(u"reverse_messages"_s, u"count"_s, en(QT_TR_NOOP("reverse messages")),
              en(QT_TR_NOOP("datagrams the server sent OK (server) or the client received (client) in a "
                            "bidirectional test"))),
        {u"reverse_packets_per_s"_s, u"1/s"_s, u"kpps"_s, 1e-3, en(QT_TR_NOOP("reverse packet rate")),
         en(QT_TR_NOOP("packet rate from the server to the client in a bidirectional test"))},
        plain(u"reverse_loss_ratio"_s, u"ratio"_s, en(QT_TR_NOOP("reverse loss")),
              en(QT_TR_NOOP("(sent - received) / sent from the server to the client in a "
                            "bidirectional test"))),
        plain(u"reverse_retransmits"_s, u"count"_s, en(QT_TR_NOOP("reverse retransmits")),
              en(QT_TR_NOOP("TCP retransmissions of the server's sending in a bidirectional test"))),
        // A file transfer's receiver (agents/filetransfertest.h): the network
        // phase is what the seeds' FTP clients printed; the flushed rate adds
        // the time the disk took to hold the file.
        {u"network_throughput_bps"_s, u"bit/s"_s, u"Mbit/s"_s, 1e-6, en(QT_TR_NOOP("network-phase rate")),
         en(QT_TR_NOOP("file bytes received / time until the last byte arrived (what an FTP "
                       "client printed)"))},
        {u"flushed_throughput_bps"_s, u"bit/s"_s, u"Mbit/s"_s, 1e-6, en(QT_TR_NOOP("rate to disk")),
         en(QT_TR_NOOP("file bytes received / time until they were on disk (after the final fsync; O_DIRECT "
                       "writes with direct_io)"))},
        // A bidirectional file transfer's server-to-client file and a
        // bidirectional packet rate test's server-to-client drops.
        {u"reverse_network_throughput_bps"_s, u"bit/s"_s, u"Mbit/s"_s, 1e-6,
         en(QT_TR_NOOP("reverse network-phase rate")),
         en(QT_TR_NOOP("file bytes the client received / time until the last byte arrived, in a "
                       "bidirectional file transfer"))},
        {u"reverse_flushed_throughput_bps"_s, u"bit/s"_s, u"Mbit/s"_s, 1e-6,
         en(QT_TR_NOOP("reverse rate to disk")),
         en(QT_TR_NOOP("file bytes the client received / time until they were on its disk, in a "
                       "bidirectional file transfer"))},
        plain(u"reverse_drops"_s, u"count"_s, en(QT_TR_NOOP("reverse drops")),
              en(QT_TR_NOOP("packets the server sent that never reached the client, in a bidirectional "
                            "packet rate test"))),
    };
    // rrul's probes (agents/rrultest.h): round trips alone and under load.
    QList<MetricInfo> all = catalog;
    for (const QString &probe : {u"udp"_s, u"tcp"_s})
        for (const QString &phase : {u"idle"_s, u"loaded"_s})
            for (const QString &pct : {u"50"_s, u"90"_s, u"99"_s}) {
                const QString name = u"%1_%2_latency_us_p%3"_s.arg(phase, probe, pct);
                all.append(plain(name, u"us"_s, probeText(name, false, false), probeText(name, true, false)));
            }
    return all;
}

QList<TestKindInfo> Words::kinds()
{
    return {
        {u"udp_stream"_s, en(QT_TR_NOOP("UDP stream")), u"throughput_bps"_s},
        {u"tcp_stream"_s, en(QT_TR_NOOP("TCP stream")), u"throughput_bps"_s},
        {u"tcp_rr"_s, en(QT_TR_NOOP("TCP request/response")), u"transactions_per_s"_s},
        {u"udp_rr"_s, en(QT_TR_NOOP("UDP request/response")), u"transactions_per_s"_s},
        {u"file_transfer"_s, en(QT_TR_NOOP("file transfer")), u"throughput_bps"_s},
        {u"packet_rate"_s, en(QT_TR_NOOP("packet rate")), u"packets_per_s"_s},
        {u"rfc2544"_s, en(QT_TR_NOOP("RFC 2544 throughput")), u"throughput_bps"_s},
        {u"forwarding"_s, en(QT_TR_NOOP("forwarding through a device")), u"packets_per_s"_s},
        {u"soak"_s, en(QT_TR_NOOP("soak")), u"packets_per_s"_s},
        {u"latency"_s, en(QT_TR_NOOP("rated latency")), u"throughput_bps"_s},
        {u"driver_cost"_s, en(QT_TR_NOOP("driver transmit cost")), u"throughput_bps"_s},
        {u"ceiling"_s, en(QT_TR_NOOP("theoretical ceiling")), u"throughput_bps"_s},
        {u"tcp_crr"_s, en(QT_TR_NOOP("TCP connect/request/response")), u"connections_per_s"_s},
        // What bufferbloat costs a real-time flow: its worst round trips under load.
        {u"rrul"_s, en(QT_TR_NOOP("latency under load")), u"loaded_udp_latency_us_p99"_s},
    };
}

} // namespace

const QList<MetricInfo> &metricCatalog()
{
    static const QList<MetricInfo> catalog = Words::metrics();
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
    static const QList<TestKindInfo> kinds = Words::kinds();
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
            return translated(k.label);
    return kind;
}

MetricInfo metricDisplay(const QString &metric, const QString &kind)
{
    const MetricInfo *m = findMetric(metric);
    if (!m)
        return {metric, QString(), QString(), 1, QString(metric).replace(u'_', u' '), QString()};
    MetricInfo shown = *m;
    if (kind == u"file_transfer"_s && metric == u"throughput_bps"_s)
        shown.label = Words::fileTransferRate();
    if (probePattern().match(metric).hasMatch()) {
        shown.label = Words::probeText(metric, false, true);
        shown.description = Words::probeText(metric, true, true);
    } else {
        shown.label = translated(shown.label);
        shown.description = translated(shown.description);
    }
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
