// SPDX-License-Identifier: GPL-3.0-or-later
#include "iperf3parser.h"

#include "importtext.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

#include <cmath>

using namespace Qt::StringLiterals;

namespace wb {

namespace {

// ---------------------------------------------------------------- JSON

struct JsonSpan
{
    qsizetype begin = 0;
    qsizetype end = 0; // one past the closing brace
    int line = 1;      // line of the opening brace
};

// The top-level {...} objects of a text (one -J document, several appended
// ones, or --json-stream lines), found by brace matching outside strings.
QList<JsonSpan> topLevelObjects(const QByteArray &data, int *badLine, bool *unterminated)
{
    *unterminated = false;
    QList<JsonSpan> spans;
    int depth = 0;
    bool inString = false;
    bool escaped = false;
    int line = 1;
    JsonSpan cur;
    *badLine = 0;
    for (qsizetype i = 0; i < data.size(); ++i) {
        const char c = data.at(i);
        if (c == '\n')
            ++line;
        if (inString) {
            if (escaped)
                escaped = false;
            else if (c == '\\')
                escaped = true;
            else if (c == '"')
                inString = false;
            continue;
        }
        if (c == '"') {
            if (depth == 0) {
                *badLine = line;
                return {};
            }
            inString = true;
        } else if (c == '{' || c == '[') {
            if (depth == 0) {
                if (c == '[') {
                    *badLine = line;
                    return {};
                }
                cur.begin = i;
                cur.line = line;
            }
            if (++depth > 256) {
                *badLine = line;
                return {};
            }
        } else if (c == '}' || c == ']') {
            if (depth == 0) {
                *badLine = line;
                return {};
            }
            if (--depth == 0) {
                cur.end = i + 1;
                spans.append(cur);
            }
        } else if (depth == 0 && !std::isspace(static_cast<unsigned char>(c))) {
            *badLine = line;
            return {};
        }
    }
    if (depth != 0) {
        *badLine = cur.line;
        *unterminated = true;
    }
    return spans;
}

double num(const QJsonObject &o, const char *key, double fallback = 0)
{
    const QJsonValue v = o.value(QLatin1StringView(key));
    if (v.isDouble())
        return v.toDouble();
    if (v.isBool())
        return v.toBool() ? 1 : 0;
    return fallback;
}

bool has(const QJsonObject &o, const char *key)
{
    return o.value(QLatin1StringView(key)).isDouble();
}

class JsonReader
{
public:
    JsonReader(const QString &file)
        : m_file(file)
    {
    }
    // One complete -J document (start, intervals, end).
    bool addDocument(const QJsonObject &doc, int line);
    // A --json-stream event.
    bool addEvent(const QJsonObject &event, int line);
    bool finishStream(int line);

    std::optional<ImportError> error;
    QList<ResultRecord> records;
    QStringList warnings;

private:
    bool fail(int line, const QString &m)
    {
        if (!error)
            error = ImportError{m_file, line, m};
        return false;
    }
    void addSummary(ResultRecord &r, const QJsonObject &end, bool udp, const QString &senderSide,
                    const QString &receiverSide, const char *sentKey, const char *receivedKey);

    QString m_file;
    QJsonObject m_streamStart;
    QJsonArray m_streamIntervals;
    int m_streamLine = 0;
};

void addIntervalSamples(ResultRecord &r, const QJsonArray &intervals, const QString &side, const char *sumKey,
                        int *skipped)
{
    for (const QJsonValue &iv : intervals) {
        const QJsonObject sum = iv.toObject().value(QLatin1StringView(sumKey)).toObject();
        if (sum.isEmpty())
            continue;
        if (sum.value(u"omitted"_s).toBool()) {
            ++*skipped;
            continue;
        }
        const double seconds = num(sum, "seconds", num(sum, "end") - num(sum, "start"));
        if (seconds <= 1e-6) {
            ++*skipped;
            continue; // iperf3 may append a zero-length final interval
        }
        r.samples.append(Sample{num(sum, "end"), side, u"throughput_bps"_s, num(sum, "bits_per_second")});
    }
}

void JsonReader::addSummary(ResultRecord &r, const QJsonObject &end, bool udp, const QString &senderSide,
                            const QString &receiverSide, const char *sentKey, const char *receivedKey)
{
    const QJsonObject sent = end.value(QLatin1StringView(sentKey)).toObject();
    const QJsonObject received = end.value(QLatin1StringView(receivedKey)).toObject();
    const QJsonObject sum = end.value(u"sum"_s).toObject();
    if (!sent.isEmpty()) {
        r.addMetric(u"throughput_bps"_s, senderSide, num(sent, "bits_per_second"));
        r.addMetric(u"bytes"_s, senderSide, num(sent, "bytes"));
        r.addMetric(u"elapsed_s"_s, senderSide, num(sent, "seconds", num(sent, "end") - num(sent, "start")));
        if (has(sent, "retransmits"))
            r.addMetric(u"retransmits"_s, senderSide, num(sent, "retransmits"));
        if (udp && has(sent, "packets"))
            r.addMetric(u"messages"_s, senderSide, num(sent, "packets"));
    }
    if (!received.isEmpty()) {
        r.addMetric(u"throughput_bps"_s, receiverSide, num(received, "bits_per_second"));
        r.addMetric(u"bytes"_s, receiverSide, num(received, "bytes"));
        r.addMetric(u"elapsed_s"_s, receiverSide,
                    num(received, "seconds", num(received, "end") - num(received, "start")));
        if (udp) {
            if (has(received, "packets") && has(received, "lost_packets"))
                r.addMetric(u"messages"_s, receiverSide, num(received, "packets") - num(received, "lost_packets"));
            if (has(received, "jitter_ms"))
                r.addMetric(u"jitter_ms"_s, QString(), num(received, "jitter_ms"));
            if (has(received, "lost_percent"))
                r.addMetric(u"loss_ratio"_s, QString(), num(received, "lost_percent") / 100.0);
        }
    }
    if (udp && sent.isEmpty() && received.isEmpty() && !sum.isEmpty()) {
        // Before 3.11 a UDP test ends with one "sum": the sender's rate, and
        // the receiver's jitter and loss as the client learnt them.
        r.addMetric(u"throughput_bps"_s, senderSide, num(sum, "bits_per_second"));
        r.addMetric(u"bytes"_s, senderSide, num(sum, "bytes"));
        r.addMetric(u"elapsed_s"_s, senderSide, num(sum, "seconds", num(sum, "end") - num(sum, "start")));
        if (has(sum, "packets")) {
            r.addMetric(u"messages"_s, senderSide, num(sum, "packets"));
            if (has(sum, "lost_packets"))
                r.addMetric(u"messages"_s, receiverSide, num(sum, "packets") - num(sum, "lost_packets"));
        }
        if (has(sum, "jitter_ms"))
            r.addMetric(u"jitter_ms"_s, QString(), num(sum, "jitter_ms"));
        if (has(sum, "lost_percent"))
            r.addMetric(u"loss_ratio"_s, QString(), num(sum, "lost_percent") / 100.0);
        r.extra.insert(u"udp_summary"_s, u"sum (iperf3 < 3.11)"_s);
    }
}

bool JsonReader::addDocument(const QJsonObject &doc, int line)
{
    if (!doc.value(u"error"_s).toString().isEmpty())
        return fail(line, u"iperf3 reported an error: %1"_s.arg(doc.value(u"error"_s).toString().left(200)));
    const QJsonObject start = doc.value(u"start"_s).toObject();
    const QJsonObject end = doc.value(u"end"_s).toObject();
    if (start.isEmpty())
        return fail(line, u"expected an iperf3 -J document with a \"start\" object"_s);
    if (end.isEmpty())
        return fail(line, u"expected an \"end\" object in the iperf3 document (the test did not finish)"_s);
    if (doc.contains(u"error"_s))
        return fail(line, u"iperf3 reported an error: %1"_s.arg(doc.value(u"error"_s).toString().left(200)));
    const QJsonObject ts = start.value(u"test_start"_s).toObject();
    const QString protocol = ts.value(u"protocol"_s).toString();
    if (protocol != u"TCP"_s && protocol != u"UDP"_s && protocol != u"SCTP"_s)
        return fail(line, u"expected start.test_start.protocol to be TCP, UDP or SCTP, found '%1'"_s.arg(protocol));
    const bool udp = protocol == u"UDP"_s;
    const bool reverse = num(ts, "reverse") != 0;
    // 3.12 does not say "bidir" in test_start; the reverse sums show it.
    const bool bidir = num(ts, "bidir") != 0 || end.contains(u"sum_sent_bidir_reverse"_s);
    ResultRecord r;
    r.kind = udp ? u"udp_stream"_s : u"tcp_stream"_s;
    r.tool = u"iperf3"_s;
    QString version = start.value(u"version"_s).toString();
    if (version.startsWith(u"iperf "_s))
        version = version.mid(6);
    r.toolVersion = version;
    r.params.insert(u"protocol"_s, protocol);
    if (has(ts, "duration") && num(ts, "duration") > 0)
        r.params.insert(u"duration_s"_s, num(ts, "duration"));
    if (has(ts, "blksize"))
        r.params.insert(u"message_size_bytes"_s, num(ts, "blksize"));
    if (has(ts, "num_streams"))
        r.params.insert(u"streams"_s, num(ts, "num_streams"));
    if (has(ts, "omit") && num(ts, "omit") > 0)
        r.params.insert(u"omit_s"_s, num(ts, "omit"));
    if (has(start, "sock_bufsize") && num(start, "sock_bufsize") > 0)
        r.params.insert(u"requested_socket_bytes"_s, num(start, "sock_bufsize"));
    if (has(start, "sndbuf_actual"))
        r.params.insert(u"send_socket_bytes"_s, num(start, "sndbuf_actual"));
    if (has(start, "rcvbuf_actual"))
        r.params.insert(u"recv_socket_bytes"_s, num(start, "rcvbuf_actual"));
    if (udp && has(ts, "target_bitrate"))
        r.params.insert(u"target_bitrate_bps"_s, num(ts, "target_bitrate"));
    r.params.insert(u"direction"_s, reverse ? u"server_to_client"_s : u"client_to_server"_s);
    const QJsonObject connectingTo = start.value(u"connecting_to"_s).toObject();
    if (!connectingTo.isEmpty())
        r.params.insert(u"server_host"_s, connectingTo.value(u"host"_s).toString());
    const QJsonArray connected = start.value(u"connected"_s).toArray();
    if (!connected.isEmpty()) {
        const QJsonObject c = connected.first().toObject();
        r.params.insert(u"client_address"_s, c.value(u"local_host"_s).toString());
        r.params.insert(u"server_address"_s, c.value(u"remote_host"_s).toString());
    }
    if (start.contains(u"system_info"_s))
        r.extra.insert(u"system_info"_s, start.value(u"system_info"_s).toString());
    const QString sender = reverse ? u"server"_s : u"client"_s;
    const QString receiver = reverse ? u"client"_s : u"server"_s;
    addSummary(r, end, udp, sender, receiver, "sum_sent", "sum_received");
    if (r.metrics.isEmpty())
        return fail(line, u"expected end.sum_sent/end.sum_received (or end.sum for UDP) in the iperf3 document"_s);
    const QJsonObject cpu = end.value(u"cpu_utilization_percent"_s).toObject();
    if (has(cpu, "host_total"))
        r.addMetric(u"cpu_util_pct"_s, u"client"_s, num(cpu, "host_total"));
    if (has(cpu, "remote_total"))
        r.addMetric(u"cpu_util_pct"_s, u"server"_s, num(cpu, "remote_total"));
    int skipped = 0;
    // The client's intervals measure what it sent (or received, in reverse mode).
    addIntervalSamples(r, doc.value(u"intervals"_s).toArray(), u"client"_s, "sum", &skipped);
    const QJsonObject server = doc.value(u"server_output_json"_s).toObject();
    if (!server.isEmpty()) {
        addIntervalSamples(r, server.value(u"intervals"_s).toArray(), u"server"_s, "sum", &skipped);
        r.extra.insert(u"server_output"_s, u"json"_s);
    } else if (doc.contains(u"server_output_text"_s)) {
        r.extra.insert(u"server_output"_s, u"text"_s);
    }
    if (skipped > 0)
        warnings.append(u"%1:%2: %3 omitted or zero-length intervals not kept as samples"_s.arg(m_file).arg(line).arg(skipped));
    if (bidir) {
        r.params.insert(u"bidirectional"_s, true);
        ResultRecord back = r;
        back.metrics.clear();
        back.samples.clear();
        back.params.insert(u"direction"_s, reverse ? u"client_to_server"_s : u"server_to_client"_s);
        addSummary(back, end, udp, receiver, sender, "sum_sent_bidir_reverse", "sum_received_bidir_reverse");
        addIntervalSamples(back, doc.value(u"intervals"_s).toArray(), u"client"_s, "sum_bidir_reverse", &skipped);
        records.append(r);
        if (!back.metrics.isEmpty())
            records.append(back);
        return true;
    }
    records.append(r);
    return true;
}

bool JsonReader::addEvent(const QJsonObject &event, int line)
{
    const QString kind = event.value(u"event"_s).toString();
    const QJsonValue data = event.value(u"data"_s);
    if (kind == u"start"_s) {
        m_streamStart = data.toObject();
        m_streamIntervals = {};
        m_streamLine = line;
    } else if (kind == u"interval"_s) {
        if (m_streamStart.isEmpty())
            return fail(line, u"expected a \"start\" event before this \"interval\" event"_s);
        m_streamIntervals.append(data);
    } else if (kind == u"end"_s) {
        if (m_streamStart.isEmpty())
            return fail(line, u"expected a \"start\" event before this \"end\" event"_s);
        QJsonObject doc{{u"start"_s, m_streamStart}, {u"intervals"_s, m_streamIntervals}, {u"end"_s, data.toObject()}};
        m_streamStart = {};
        return addDocument(doc, m_streamLine);
    } else if (kind == u"error"_s) {
        return fail(line, u"iperf3 reported an error: %1"_s.arg(data.toString().left(200)));
    } else if (kind == u"server_output_json"_s || kind == u"server_output_text"_s) {
        // kept with the next "end" would need look-ahead; the client figures suffice.
    } else {
        return fail(line, u"expected an iperf3 --json-stream event (start, interval, end, error), found '%1'"_s.arg(kind.left(40)));
    }
    return true;
}

bool JsonReader::finishStream(int line)
{
    if (!m_streamStart.isEmpty())
        return fail(line, u"expected an \"end\" event for the iperf3 test started on line %1, found the end of the file"_s.arg(
                              m_streamLine));
    return true;
}

ImportResult parseJson(const QByteArray &data, const QString &fileName)
{
    int badLine = 0;
    bool unterminated = false;
    const QList<JsonSpan> spans = topLevelObjects(data, &badLine, &unterminated);
    if (unterminated)
        return ImportResult::failure(fileName, badLine,
                                     u"expected the end of the JSON object that starts here, found the end of the file (truncated?)"_s);
    if (badLine > 0)
        return ImportResult::failure(fileName, badLine, u"expected iperf3 JSON objects ({...}), found something else"_s);
    JsonReader reader(fileName);
    int lastLine = 1;
    for (const JsonSpan &s : spans) {
        QJsonParseError pe;
        const QJsonDocument doc = QJsonDocument::fromJson(data.mid(s.begin, s.end - s.begin), &pe);
        if (pe.error != QJsonParseError::NoError) {
            const int line = s.line + int(data.mid(s.begin, pe.offset).count('\n'));
            return ImportResult::failure(fileName, line, u"expected valid JSON: %1"_s.arg(pe.errorString()));
        }
        const QJsonObject o = doc.object();
        lastLine = s.line;
        const bool ok = o.contains(u"event"_s) ? reader.addEvent(o, s.line) : reader.addDocument(o, s.line);
        if (!ok)
            break;
    }
    if (!reader.error)
        reader.finishStream(lastLine);
    ImportResult r;
    if (reader.error) {
        r.error = reader.error;
        return r;
    }
    if (reader.records.isEmpty())
        return ImportResult::failure(fileName, 0, u"expected at least one finished iperf3 test; found none"_s);
    r.records = reader.records;
    r.warnings = reader.warnings;
    return r;
}

// ---------------------------------------------------------------- text

std::optional<double> bytesFactor(const QString &unit)
{
    // iperf3 prints Bytes in powers of 1024 and bits in powers of 1000.
    if (unit == u"Bytes"_s)
        return 1.0;
    if (unit == u"KBytes"_s)
        return 1024.0;
    if (unit == u"MBytes"_s)
        return 1024.0 * 1024;
    if (unit == u"GBytes"_s)
        return 1024.0 * 1024 * 1024;
    if (unit == u"TBytes"_s)
        return 1024.0 * 1024 * 1024 * 1024;
    return std::nullopt;
}

std::optional<double> bitsFactor(const QString &unit)
{
    if (unit == u"bits/sec"_s)
        return 1.0;
    if (unit == u"Kbits/sec"_s)
        return 1e3;
    if (unit == u"Mbits/sec"_s)
        return 1e6;
    if (unit == u"Gbits/sec"_s)
        return 1e9;
    if (unit == u"Tbits/sec"_s)
        return 1e12;
    return std::nullopt;
}

struct TextTest
{
    ResultRecord record;
    int firstLine = 0;
    bool udp = false;
    bool reverse = false;
    bool serverLog = false;
    bool multiStream = false;
    bool summaries = false;
    int streams = 0;       // "connected" lines
    bool roleColumn = false; // --bidir: "[ ID][Role]", a stream per direction
};

ImportResult parseText(const QByteArray &data, const QString &fileName)
{
    const ImportText text(data);
    QList<ResultRecord> records;
    QStringList warnings;
    std::optional<TextTest> cur;
    static const QRegularExpression kInterval(
        uR"(^\[\s*(\d+|SUM)\]\s*(\[[A-Z-]+\])?\s*(\d+\.?\d*)-\s*(\d+\.?\d*)\s+sec\s+(\S+)\s+(\S*Bytes)\s+(\S+)\s+(\S*bits/sec)(.*)$)"_s);
    static const QRegularExpression kUdpTail(uR"(^\s*(\S+)\s+ms\s+(\d+)/\s*(\d+)\s+\(([^)]*)%?\)\s*(.*)$)"_s);
    static const QRegularExpression kUdpSentTail(uR"(^\s*(\d+)\s*(.*)$)"_s);
    static const QRegularExpression kCpu(
        uR"(CPU Utilization:\s*local/(?:sender|receiver)\s+([\d.]+)%.*remote/(?:sender|receiver)\s+([\d.]+)%)"_s);
    static const QRegularExpression kStarting(
        uR"(Starting Test:\s*protocol:\s*(\w+),\s*(\d+)\s+streams?,\s*(\d+)\s+byte blocks,\s*omitting\s+(\d+)\s+seconds,\s*(\d+)\s+second test)"_s);
    static const QRegularExpression kVersion(uR"(^iperf (3\.\S+))"_s);
    static const QRegularExpression kConnecting(uR"(^Connecting to host\s+([^,\s]+),\s*port\s+(\d+))"_s);
    static const QRegularExpression kLocal(uR"(local\s+(\S+)\s+port\s+\d+\s+connected (?:to|with)\s+(\S+)\s+port)"_s);
    QString version;
    auto finish = [&](qsizetype index) -> std::optional<ImportError> {
        if (!cur)
            return std::nullopt;
        if (!cur->summaries)
            return ImportError{fileName, ImportText::number(index),
                               u"expected the sender/receiver summary lines of the iperf3 test started on line %1"_s.arg(
                                   cur->firstLine)};
        if (!version.isEmpty())
            cur->record.toolVersion = version;
        records.append(cur->record);
        cur.reset();
        return std::nullopt;
    };
    auto begin = [&](int line, bool serverLog) {
        cur = TextTest{};
        cur->firstLine = line;
        cur->serverLog = serverLog;
        cur->record.tool = u"iperf3"_s;
        cur->record.kind = u"tcp_stream"_s;
        cur->record.params.insert(u"direction"_s, u"client_to_server"_s);
    };
    // The summary section is a "- - -" separator followed by an "[ ID]"
    // header; with -P the interval groups are separated by "- - -" too.
    bool afterSeparator = false;
    bool pendingSeparator = false;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QString t = text.line(i).trimmed();
        if (t.isEmpty())
            continue;
        if (const auto m = kVersion.match(t); m.hasMatch()) {
            version = m.captured(1);
            continue;
        }
        if (t.startsWith(u"iperf3: error"_s) || t.startsWith(u"iperf3: "_s))
            return ImportResult::failure(fileName, ImportText::number(i), u"iperf3 reported an error: %1"_s.arg(t.left(160)));
        if (const auto m = kConnecting.match(t); m.hasMatch()) {
            if (auto e = finish(i)) {
                ImportResult r;
                r.error = e;
                return r;
            }
            begin(ImportText::number(i), false);
            cur->record.params.insert(u"server_host"_s, m.captured(1));
            afterSeparator = false;
            pendingSeparator = false;
            continue;
        }
        if (t.startsWith(u"Accepted connection from"_s)) {
            if (auto e = finish(i)) {
                ImportResult r;
                r.error = e;
                return r;
            }
            begin(ImportText::number(i), true);
            afterSeparator = false;
            pendingSeparator = false;
            continue;
        }
        if (!cur) {
            if (kInterval.match(t).hasMatch())
                begin(ImportText::number(i), false);
            else
                continue;
        }
        ResultRecord &r = cur->record;
        if (t.startsWith(u"Reverse mode"_s)) {
            cur->reverse = true;
            r.params.insert(u"direction"_s, u"server_to_client"_s);
            continue;
        }
        if (const auto m = kStarting.match(t); m.hasMatch()) {
            cur->udp = m.captured(1) == u"UDP"_s;
            r.kind = cur->udp ? u"udp_stream"_s : u"tcp_stream"_s;
            r.params.insert(u"protocol"_s, m.captured(1));
            r.params.insert(u"streams"_s, m.captured(2).toDouble());
            r.params.insert(u"message_size_bytes"_s, m.captured(3).toDouble());
            if (m.captured(4).toInt() > 0)
                r.params.insert(u"omit_s"_s, m.captured(4).toDouble());
            r.params.insert(u"duration_s"_s, m.captured(5).toDouble());
            continue;
        }
        if (const auto m = kLocal.match(t); m.hasMatch()) {
            // One "connected" line per stream: with several only [SUM] lines count.
            ++cur->streams;
            if (!cur->serverLog) {
                r.params.insert(u"client_address"_s, m.captured(1));
                r.params.insert(u"server_address"_s, m.captured(2));
            }
            continue;
        }
        if (t.startsWith(u"[ ID]"_s)) {
            if (t.startsWith(u"[ ID][Role]"_s))
                cur->roleColumn = true;
            if (cur->streams > (cur->roleColumn ? 2 : 1))
                cur->multiStream = true;
            if (pendingSeparator)
                afterSeparator = true;
            if (t.contains(u"Datagrams"_s)) {
                cur->udp = true;
                r.kind = u"udp_stream"_s;
            }
            r.extra.insert(u"text_era"_s, t.contains(u"Bandwidth"_s) ? u"Bandwidth (< 3.2)"_s : u"Bitrate"_s);
            continue;
        }
        if (t.startsWith(u"- - -"_s)) {
            pendingSeparator = true;
            continue;
        }
        if (const auto m = kCpu.match(t); m.hasMatch()) {
            const QString local = cur->serverLog ? u"server"_s : u"client"_s;
            const QString remote = cur->serverLog ? u"client"_s : u"server"_s;
            r.addMetric(u"cpu_util_pct"_s, local, m.captured(1).toDouble());
            r.addMetric(u"cpu_util_pct"_s, remote, m.captured(2).toDouble());
            continue;
        }
        if (t == u"iperf Done."_s) {
            afterSeparator = false;
            pendingSeparator = false;
            if (auto e = finish(i)) {
                ImportResult res;
                res.error = e;
                return res;
            }
            continue;
        }
        if (t.startsWith(u"[SUM]"_s))
            cur->multiStream = true;
        const auto m = kInterval.match(t);
        if (!m.hasMatch()) {
            if (t.startsWith(u'[') && t.contains(u" sec "_s))
                return ImportResult::failure(fileName, ImportText::number(i),
                                             u"expected an iperf3 interval line '[ ID] START-END sec TRANSFER UNIT RATE UNIT ...', found '%1'"_s
                                                 .arg(t.left(100)));
            static const QRegularExpression kSent(uR"(^\[\s*\d+\]\s+Sent\s+(\d+)\s+datagrams)"_s);
            if (const auto sent = kSent.match(t); sent.hasMatch())
                r.extra.insert(u"datagrams_sent"_s, sent.captured(1).toDouble());
            continue;
        }
        // With several streams only the [SUM] lines describe the test.
        const bool isSum = m.captured(1) == u"SUM"_s;
        // --bidir tags lines [TX-C]/[RX-C]; the text then mixes two directions.
        // Keep the client's sending direction; -J output has both.
        if (!m.captured(2).isEmpty()) {
            r.params.insert(u"bidirectional"_s, true);
            if (m.captured(2).contains(u"RX"_s)) {
                if (!r.extra.contains(u"bidir_note"_s))
                    r.extra.insert(u"bidir_note"_s, u"reverse direction not imported from text; import the -J output for both"_s);
                continue;
            }
        }
        const auto start = ImportText::toNumber(m.captured(3));
        const auto endT = ImportText::toNumber(m.captured(4));
        const auto amount = ImportText::toNumber(m.captured(5));
        const auto rate = ImportText::toNumber(m.captured(7));
        const auto bf = bytesFactor(m.captured(6));
        const auto rf = bitsFactor(m.captured(8));
        if (!start || !endT || !amount || !rate || !bf || !rf)
            return ImportResult::failure(fileName, ImportText::number(i),
                                         u"expected numbers with units such as 'MBytes' and 'Mbits/sec' in '%1'"_s.arg(t.left(100)));
        QString tail = m.captured(9).trimmed();
        const bool omitted = tail.contains(u"(omitted)"_s);
        const bool senderLine = tail.endsWith(u"sender"_s);
        const bool receiverLine = tail.endsWith(u"receiver"_s);
        const double bps = *rate * *rf;
        const double bytes = *amount * *bf;
        if (!afterSeparator)
            pendingSeparator = false;
        if (!afterSeparator && !senderLine && !receiverLine) {
            if (cur->multiStream && !isSum)
                continue;
            if (omitted || *endT - *start <= 1e-6)
                continue;
            const QString side = cur->serverLog ? u"server"_s : u"client"_s;
            r.samples.append(Sample{*endT, side, u"throughput_bps"_s, bps});
            continue;
        }
        if (cur->multiStream && !isSum)
            continue;
        // Summary lines: sender and receiver are roles, not this host.
        const QString senderSide = cur->reverse ? u"server"_s : u"client"_s;
        const QString receiverSide = cur->reverse ? u"client"_s : u"server"_s;
        const bool asSender = senderLine || (!receiverLine && !cur->serverLog);
        const QString side = asSender ? senderSide : receiverSide;
        if (tail.endsWith(u"sender"_s))
            tail.chop(6);
        else if (tail.endsWith(u"receiver"_s))
            tail.chop(8);
        tail = tail.trimmed();
        r.addMetric(u"throughput_bps"_s, side, bps);
        r.addMetric(u"bytes"_s, side, bytes);
        r.addMetric(u"elapsed_s"_s, side, *endT - *start);
        cur->summaries = true;
        if (cur->udp) {
            if (const auto u = kUdpTail.match(tail); u.hasMatch()) {
                const double lost = u.captured(2).toDouble();
                const double total = u.captured(3).toDouble();
                if (senderLine) {
                    r.addMetric(u"messages"_s, senderSide, total);
                } else {
                    r.addMetric(u"messages"_s, receiverSide, total - lost);
                    r.addMetric(u"jitter_ms"_s, QString(), u.captured(1).toDouble());
                    if (total > 0)
                        r.addMetric(u"loss_ratio"_s, QString(), lost / total);
                    if (!receiverLine) {
                        // < 3.2: one summary line carries the sender's rate and the receiver's loss.
                        r.addMetric(u"messages"_s, senderSide, total);
                    }
                }
            } else if (const auto s = kUdpSentTail.match(tail); s.hasMatch() && senderLine) {
                r.addMetric(u"messages"_s, senderSide, s.captured(1).toDouble());
            }
        } else if (senderLine) {
            const QList<double> retr = ImportText::leadingNumbers(tail);
            if (!retr.isEmpty())
                r.addMetric(u"retransmits"_s, senderSide, retr.first());
        }
    }
    if (cur) {
        if (auto e = finish(text.size() - 1)) {
            ImportResult res;
            res.error = e;
            return res;
        }
    }
    if (records.isEmpty())
        return ImportResult::failure(fileName, 0, u"expected iperf3 output (-J JSON or the text report); found none"_s);
    ImportResult res;
    res.records = records;
    res.warnings = warnings;
    return res;
}

} // namespace

ImportResult Iperf3Parser::parse(const QByteArray &data, const QString &fileName)
{
    const QByteArray head = data.left(4096).trimmed();
    ImportResult r = head.startsWith('{') ? parseJson(data, fileName) : parseText(data, fileName);
    r.format = u"iperf3"_s;
    return r;
}

bool Iperf3Parser::recognises(const QByteArray &data)
{
    const QByteArray head = data.left(65536);
    if (head.trimmed().startsWith('{'))
        return head.contains("\"test_start\"") || head.contains("\"event\"") || head.contains("\"connecting_to\"")
               || head.contains("\"cpu_utilization_percent\"");
    return head.contains("Connecting to host") || head.contains("iperf Done.")
           || (head.contains(" sec ") && (head.contains("bits/sec")) && head.contains("[ ID]"));
}

} // namespace wb
