// SPDX-License-Identifier: GPL-3.0-or-later
#include "logparsers.h"

#include "importtext.h"

#include <QJsonValue>
#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace wb {

ImportResult PktgenParser::parse(const QByteArray &data, const QString &fileName)
{
    const ImportText text(data);
    QList<ResultRecord> records;
    ResultRecord pending; // params seen before the next Result line
    // What the Params lines (or the pgset commands) set, in this order: a
    // later match of the same parameter wins.
    struct Param
    {
        QRegularExpression pattern;
        QString name;
        bool number;
    };
    static const Param kParams[]{
        {QRegularExpression(uR"(\bcount\s+(\d+))"_s), u"count"_s, true},
        {QRegularExpression(uR"(min_pkt_size:\s*(\d+))"_s), u"packet_size_bytes"_s, true},
        {QRegularExpression(uR"(max_pkt_size:\s*(\d+))"_s), u"max_packet_size_bytes"_s, true},
        {QRegularExpression(uR"(\bpkt_size:?\s+(\d+))"_s), u"packet_size_bytes"_s, true},
        {QRegularExpression(uR"(clone_skb:\s*(\d+))"_s), u"clone_skb"_s, true},
        {QRegularExpression(uR"(\bdelay:\s*(\d+))"_s), u"delay_ns"_s, true},
        {QRegularExpression(uR"(ifname:\s*(\S+))"_s), u"interface"_s, false},
        {QRegularExpression(uR"re(odev\s+"([^"]+)")re"_s), u"interface"_s, false},
        {QRegularExpression(uR"(frags:\s*(\d+))"_s), u"frags"_s, true},
    };
    static const QRegularExpression kResult(
        uR"(^Result:\s*OK:\s*(\d+)\s*\(c(\d+)\+d(\d+)\)\s*usec,\s*(\d+)\s*\((\d+)byte(?:,(\d+)frags)?\)\s*(.*)$)"_s);
    static const QRegularExpression kRates(
        uR"(^(\d+)pps\s+(\d+)(?:Mb/sec|Mbps)\s*\((\d+)bps\)\s*errors:\s*(\d+))"_s);
    auto fresh = [] {
        ResultRecord r;
        r.kind = u"packet_rate"_s;
        r.tool = u"pktgen"_s;
        r.params.insert(u"direction"_s, u"client_to_server"_s);
        return r;
    };
    pending = fresh();
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QString t = text.line(i).trimmed();
        if (t.startsWith(u"Params:"_s) || t.contains(u"clone_skb:"_s) || t.contains(u"ifname:"_s)) {
            if (t.startsWith(u"Params:"_s))
                pending = fresh();
            for (const Param &p : kParams)
                if (const auto m = p.pattern.match(t); m.hasMatch())
                    pending.params.insert(p.name, p.number ? QJsonValue(m.captured(1).toDouble()) : QJsonValue(m.captured(1)));
            continue;
        }
        if (!t.startsWith(u"Result:"_s))
            continue;
        const int line = ImportText::number(i);
        if (!t.startsWith(u"Result: OK:"_s))
            return ImportResult::failure(fileName, line, u"the pktgen run did not finish: '%1' (expected 'Result: OK: ...')"_s.arg(t.left(120)));
        const auto m = kResult.match(t);
        if (!m.hasMatch())
            return ImportResult::failure(fileName, line,
                                         u"expected 'Result: OK: USEC(cUSEC+dUSEC) usec, PACKETS (SIZEbyte,FRAGSfrags)'"_s);
        // The rates follow on the same line (2.4 kernels) or on the next.
        QString rates = m.captured(7).trimmed();
        if (rates.isEmpty() && i + 1 < text.size()) {
            rates = text.line(i + 1).trimmed();
            ++i;
        }
        const auto r2 = kRates.match(rates);
        if (!r2.hasMatch())
            return ImportResult::failure(fileName, ImportText::number(i),
                                         u"expected 'PPSpps MBPSMb/sec (BPSbps) errors: N' after the Result line"_s);
        ResultRecord r = pending;
        const double usec = m.captured(1).toDouble();
        r.params.insert(u"packet_size_bytes"_s, m.captured(5).toDouble());
        if (!m.captured(6).isEmpty())
            r.params.insert(u"frags"_s, m.captured(6).toDouble());
        r.addMetric(u"elapsed_s"_s, QString(), ImportText::scaled(usec, 1e-6));
        r.addMetric(u"messages"_s, u"client"_s, m.captured(4).toDouble());
        r.addMetric(u"packets_per_s"_s, u"client"_s, r2.captured(1).toDouble());
        r.addMetric(u"throughput_bps"_s, u"client"_s, r2.captured(3).toDouble());
        r.addMetric(u"send_errors"_s, u"client"_s, r2.captured(4).toDouble());
        r.extra.insert(u"cpu_usec"_s, m.captured(2).toDouble());
        r.extra.insert(u"idle_usec"_s, m.captured(3).toDouble());
        r.extra.insert(u"throughput_definition"_s, u"pktgen: packets x packet size (no preamble, gap or FCS)"_s);
        records.append(r);
        pending = fresh();
    }
    if (records.isEmpty())
        return ImportResult::failure(fileName, 0, u"expected a pktgen 'Result: OK: ...' line; found none"_s);
    ImportResult res;
    res.records = records;
    return res;
}

bool PktgenParser::recognises(const QByteArray &data)
{
    const QByteArray head = data.left(65536);
    return head.contains("Result: ") && (head.contains("pps") || head.contains("pkts-sofar") || head.contains("Params:"));
}

} // namespace wb
