// SPDX-License-Identifier: GPL-3.0-or-later
#include "logparsers.h"

#include "importtext.h"

#include <QRegularExpression>

#include <cmath>

using namespace Qt::StringLiterals;

namespace wb {

ImportResult SockperfParser::parse(const QByteArray &data, const QString &fileName)
{
    const ImportText text(data);
    QList<ResultRecord> records;
    std::optional<ResultRecord> cur;
    int curLine = 0;
    bool haveSummary = false;
    double factor = 2; // one-way to round trip
    QString version;
    QString protocol = u"UDP"_s;
    static const QRegularExpression kVersion(uR"(== version #(\S+))"_s);
    static const QRegularExpression kProto(uR"(#\s*(UDP|TCP)\b)"_s);
    static const QRegularExpression kValid(
        uR"(\[Valid Duration\]\s*RunTime=([\d.]+)\s*sec;\s*SentMessages=(\d+);\s*ReceivedMessages=(\d+))"_s);
    static const QRegularExpression kTotal(
        uR"(\[Total Run\]\s*RunTime=([\d.]+)\s*sec;.*SentMessages=(\d+);\s*ReceivedMessages=(\d+))"_s);
    static const QRegularExpression kAvg(uR"(====>\s*avg-(lat|latency|rtt)\s*=\s*([\d.]+)\s*\((.*)\))"_s);
    static const QRegularExpression kStd(uR"(std-dev=([\d.]+))"_s);
    static const QRegularExpression kPct(uR"(--->\s*percentile\s+([\d.]+)\s*=\s*([\d.]+))"_s);
    static const QRegularExpression kMax(uR"(--->\s*<MAX>\s*observation\s*=\s*([\d.]+))"_s);
    static const QRegularExpression kMin(uR"(--->\s*<MIN>\s*observation\s*=\s*([\d.]+))"_s);
    static const QRegularExpression kDropped(
        uR"(#\s*dropped messages\s*=\s*(\d+);\s*#\s*duplicated messages\s*=\s*(\d+);\s*#\s*out-of-order messages\s*=\s*(\d+))"_s);
    static const QRegularExpression kRate(
        uR"(Summary:\s*Message Rate is\s+(\d+)\s*\[msg/sec\](?:,\s*Packet Rate is about\s+(\d+)\s*\[pkt/sec\]\s*\((\d+) ip frags)?)"_s);
    // sockperf's "MBps" is 2^20 bytes per second and its "Mbps" that times 8;
    // with --giga-size "GBps" is MBps / 1000.
    static const QRegularExpression kBw(uR"(Summary:\s*BandWidth is\s+([\d.]+)\s*([MG])Bps\s*\(([\d.]+)\s*[MG]bps\))"_s);
    // The size the test used; "consider --msg-size=1472" on the same line is advice.
    static const QRegularExpression kNoteSize(uR"(NOTE: test was performed, using (?:average )?msg-size=(\d+)(?: \(\+/-(\d+)\))?)"_s);
    static const QRegularExpression kCommand(uR"((?:^|[\s$#>])sockperf\s+(?:tp|throughput|pp|ping-pong|ul|under-load)\b)"_s);
    static const QRegularExpression kLatSummary(uR"(Summary:\s*(?:Latency|Round trip) is\s+([\d.]+)\s*usec)"_s);
    static const QRegularExpression kTotalSent(uR"(Total of\s+(\d+)\s+messages sent in\s+([\d.]+)\s+sec)"_s);
    static const QRegularExpression kMsgSize(uR"((?:\s-m|--msg-size)[ =]+(\d+))"_s);

    auto flush = [&]() {
        if (cur && haveSummary)
            records.append(*cur);
        cur.reset();
        haveSummary = false;
    };
    auto applyProtocol = [&]() {
        cur->kind = protocol == u"TCP"_s ? u"tcp_rr"_s : u"udp_rr"_s;
        cur->params.insert(u"protocol"_s, protocol);
    };
    auto ensure = [&](qsizetype i) {
        if (!cur) {
            cur = ResultRecord{};
            cur->tool = u"sockperf"_s;
            cur->toolVersion = version;
            applyProtocol();
            curLine = ImportText::number(i);
        }
    };
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QString t = text.line(i).trimmed();
        if (t.isEmpty())
            continue;
        if (const auto m = kVersion.match(t); m.hasMatch()) {
            flush();
            version = m.captured(1);
            continue;
        }
        if (t.startsWith(u"sockperf: ERROR"_s) || t.startsWith(u"sockperf: error"_s))
            return ImportResult::failure(fileName, ImportText::number(i), u"sockperf reported an error: %1"_s.arg(t.left(160)));
        if (const auto m = kProto.match(t); m.hasMatch() && t.contains(u"PORT"_s)) {
            protocol = m.captured(1);
            if (cur)
                applyProtocol();
            continue;
        }
        if (const auto m = kNoteSize.match(t); m.hasMatch()) {
            ensure(i);
            cur->params.insert(u"message_size_bytes"_s, m.captured(1).toDouble());
            if (!m.captured(2).isEmpty())
                cur->params.insert(u"message_size_range_bytes"_s, m.captured(2).toDouble());
            cur->params.insert(u"message_size_source"_s, u"sockperf NOTE line"_s);
            continue;
        }
        if (const auto m = kMsgSize.match(t); m.hasMatch() && kCommand.match(t).hasMatch()) {
            ensure(i);
            cur->params.insert(u"message_size_bytes"_s, m.captured(1).toDouble());
            cur->params.insert(u"message_size_source"_s, u"command line"_s);
        }
        if (const auto m = kTotal.match(t); m.hasMatch()) {
            ensure(i);
            cur->extra.insert(u"total_run_s"_s, m.captured(1).toDouble());
            continue;
        }
        if (const auto m = kValid.match(t); m.hasMatch()) {
            ensure(i);
            const double run = m.captured(1).toDouble();
            const double sent = m.captured(2).toDouble();
            const double received = m.captured(3).toDouble();
            cur->addMetric(u"elapsed_s"_s, QString(), run);
            cur->addMetric(u"messages"_s, u"client"_s, sent);
            cur->addMetric(u"messages"_s, u"server"_s, received);
            if (run <= 0)
                return ImportResult::failure(fileName, ImportText::number(i), u"expected a positive valid RunTime"_s);
            // ping-pong: one transaction per message sent in the valid window.
            cur->addMetric(u"transactions_per_s"_s, QString(), sent / run);
            continue;
        }
        if (const auto m = kAvg.match(t); m.hasMatch()) {
            ensure(i);
            factor = m.captured(1) == u"rtt"_s ? 1 : 2;
            cur->params.insert(u"latency_source"_s, factor == 1 ? u"sockperf round trip"_s
                                                                 : u"sockperf one-way (RTT/2), doubled to round trip"_s);
            const auto avg = ImportText::toNumber(m.captured(2));
            if (!avg)
                return ImportResult::failure(fileName, ImportText::number(i), u"expected a number after avg-lat="_s);
            cur->addMetric(u"latency_us_mean"_s, QString(), *avg * factor);
            if (const auto s = kStd.match(m.captured(3)); s.hasMatch())
                cur->addMetric(u"latency_us_stddev"_s, QString(), s.captured(1).toDouble() * factor);
            haveSummary = true;
            continue;
        }
        if (const auto m = kDropped.match(t); m.hasMatch() && cur) {
            cur->addMetric(u"drops"_s, QString(), m.captured(1).toDouble());
            cur->extra.insert(u"duplicated_messages"_s, m.captured(2).toDouble());
            cur->extra.insert(u"out_of_order_messages"_s, m.captured(3).toDouble());
            continue;
        }
        if (const auto m = kPct.match(t); m.hasMatch() && cur) {
            const double p = m.captured(1).toDouble();
            const double v = m.captured(2).toDouble() * factor;
            const QString name = qFuzzyCompare(p, 50.0)    ? u"latency_us_p50"_s
                                 : qFuzzyCompare(p, 90.0)  ? u"latency_us_p90"_s
                                 : qFuzzyCompare(p, 99.0)  ? u"latency_us_p99"_s
                                 : qFuzzyCompare(p, 99.9)  ? u"latency_us_p999"_s
                                                           : QString();
            if (!name.isEmpty())
                cur->addMetric(name, QString(), v);
            else
                cur->extra.insert(u"latency_us_p"_s + m.captured(1), v);
            continue;
        }
        if (const auto m = kMax.match(t); m.hasMatch() && cur) {
            cur->addMetric(u"latency_us_max"_s, QString(), m.captured(1).toDouble() * factor);
            continue;
        }
        if (const auto m = kMin.match(t); m.hasMatch() && cur) {
            cur->addMetric(u"latency_us_min"_s, QString(), m.captured(1).toDouble() * factor);
            continue;
        }
        if (const auto m = kTotalSent.match(t); m.hasMatch()) {
            ensure(i);
            cur->addMetric(u"messages"_s, u"client"_s, m.captured(1).toDouble());
            cur->addMetric(u"elapsed_s"_s, QString(), m.captured(2).toDouble());
            continue;
        }
        if (const auto m = kRate.match(t); m.hasMatch()) {
            ensure(i);
            cur->kind = protocol == u"TCP"_s ? u"tcp_stream"_s : u"udp_stream"_s;
            cur->params.insert(u"direction"_s, u"client_to_server"_s);
            cur->metrics.removeIf([](const Metric &x) { return x.name == u"transactions_per_s"_s; });
            const double messagesPerS = m.captured(1).toDouble();
            // A message is a send; only for UDP is it a packet, and a message
            // larger than one IP payload is several (sockperf says how many).
            cur->extra.insert(u"messages_per_s"_s, messagesPerS);
            if (protocol == u"UDP"_s) {
                const double frags = m.captured(3).isEmpty() ? 1 : m.captured(3).toDouble();
                cur->addMetric(u"packets_per_s"_s, u"client"_s, m.captured(2).isEmpty() ? messagesPerS : m.captured(2).toDouble());
                cur->params.insert(u"ip_fragments_per_message"_s, frags);
            }
            haveSummary = true;
            continue;
        }
        if (const auto m = kBw.match(t); m.hasMatch() && cur) {
            // The bit figure has three decimals on a number eight times larger: the finer one.
            const auto perS = ImportText::toNumber(m.captured(3));
            if (!perS)
                return ImportResult::failure(fileName, ImportText::number(i), u"expected a number in '%1'"_s.arg(t.left(80)));
            const double mib = 1024.0 * 1024.0;
            const double bitsFactor = m.captured(2) == u"G"_s ? 1000 * mib : mib;
            const double size = cur->params.value(u"message_size_bytes"_s).toDouble();
            const double rate = cur->extra.value(u"messages_per_s"_s).toDouble();
            if (size > 0 && rate > 0 && cur->params.value(u"message_size_range_bytes"_s).isUndefined()) {
                // What sockperf computed before rounding: messages/s x size.
                cur->addMetric(u"throughput_bps"_s, u"client"_s, rate * size * 8);
            } else {
                cur->addMetric(u"throughput_bps"_s, u"client"_s, ImportText::scaled(*perS, bitsFactor));
                if (rate > 0 && size <= 0) {
                    // No NOTE line: the size follows from the bandwidth, if it is whole within the rounding.
                    const double derived = *perS * bitsFactor / 8 / rate;
                    const double tolerance = 0.0005 * bitsFactor / 8 / rate;
                    if (tolerance < 0.25 && std::abs(derived - std::round(derived)) <= tolerance) {
                        cur->params.insert(u"message_size_bytes"_s, std::round(derived));
                        cur->params.insert(u"message_size_source"_s, u"derived from bandwidth and message rate"_s);
                    }
                }
            }
            continue;
        }
        if (const auto m = kLatSummary.match(t); m.hasMatch() && cur) {
            haveSummary = true;
            continue;
        }
    }
    if (cur && !haveSummary)
        return ImportResult::failure(fileName, curLine,
                                     u"expected the sockperf summary ('====> avg-lat=' or 'Summary: Message Rate') for the run "
                                     "starting here, found the end of the file"_s);
    flush();
    if (records.isEmpty())
        return ImportResult::failure(fileName, 0,
                                     u"expected sockperf client output ('[Valid Duration] RunTime=...' and a summary); found none"_s);
    ImportResult r;
    r.records = records;
    return r;
}

bool SockperfParser::recognises(const QByteArray &data)
{
    const QByteArray head = data.left(65536);
    return head.contains("sockperf:") && (head.contains("avg-lat") || head.contains("Summary:") || head.contains("RunTime="));
}

} // namespace wb
