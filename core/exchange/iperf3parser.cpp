// SPDX-License-Identifier: GPL-3.0-or-later
#include "logparsers.h"

#include "importcollector.h"
#include "importtext.h"
#include "iperftransfer.h"

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

class JsonReader : public ImportCollector
{
public:
    using ImportCollector::ImportCollector;
    // One complete -J document (start, intervals, end).
    bool addDocument(const QJsonObject &doc, int line);
    // A --json-stream event.
    bool addEvent(const QJsonObject &event, int line);
    bool finishStream(int line);

private:
    void addSummary(ResultRecord &r, const QJsonObject &end, bool udp, const QString &senderSide,
                    const QString &receiverSide, const char *sentKey, const char *receivedKey);
    void checkSentDatagrams(ResultRecord &r, const QJsonObject &end, const QJsonObject &server, const QString &senderSide,
                            bool reverse, int line);
    void checkReceiver(ResultRecord &r, const QJsonObject &end, const QString &receiverSide, const char *receivedKey, int line);

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
    // Rate, bytes and duration of one end's sum.
    auto transfer = [&](const QJsonObject &o, const QString &side) {
        r.addMetric(u"throughput_bps"_s, side, num(o, "bits_per_second"));
        r.addMetric(u"bytes"_s, side, num(o, "bytes"));
        r.addMetric(u"elapsed_s"_s, side, num(o, "seconds", num(o, "end") - num(o, "start")));
    };
    // The receiver's jitter and loss, those of them o has.
    auto jitterAndLoss = [&](const QJsonObject &o) {
        if (has(o, "jitter_ms"))
            r.addMetric(u"jitter_ms"_s, QString(), num(o, "jitter_ms"));
        if (has(o, "lost_percent"))
            r.addMetric(u"loss_ratio"_s, QString(), num(o, "lost_percent") / 100.0);
    };
    if (!sent.isEmpty()) {
        transfer(sent, senderSide);
        if (has(sent, "retransmits"))
            r.addMetric(u"retransmits"_s, senderSide, num(sent, "retransmits"));
        if (udp && has(sent, "packets"))
            r.addMetric(u"messages"_s, senderSide, num(sent, "packets"));
    }
    if (!received.isEmpty()) {
        transfer(received, receiverSide);
        if (udp) {
            if (has(received, "packets") && has(received, "lost_packets"))
                r.addMetric(u"messages"_s, receiverSide, num(received, "packets") - num(received, "lost_packets"));
            jitterAndLoss(received);
        }
    }
    if (udp && sent.isEmpty() && received.isEmpty() && !sum.isEmpty()) {
        // Before 3.11 a UDP test ends with one "sum": the sender's rate, and
        // the receiver's jitter and loss as the client learnt them.
        transfer(sum, senderSide);
        if (has(sum, "packets")) {
            r.addMetric(u"messages"_s, senderSide, num(sum, "packets"));
            if (has(sum, "lost_packets"))
                r.addMetric(u"messages"_s, receiverSide, num(sum, "packets") - num(sum, "lost_packets"));
        }
        jitterAndLoss(sum);
        r.extra.insert(u"udp_summary"_s, u"sum (iperf3 < 3.11)"_s);
    }
}

// A UDP sender cannot have sent bytes in 0 datagrams. With -R the client
// copies the server's count into sum_sent.packets and some versions leave
// it 0; the server's own figure is in server_output_json when it was asked for.
void JsonReader::checkSentDatagrams(ResultRecord &r, const QJsonObject &end, const QJsonObject &server,
                                    const QString &senderSide, bool reverse, int line)
{
    const QJsonObject sent = end.value(u"sum_sent"_s).toObject();
    const auto count = r.metric(u"messages"_s, senderSide);
    if (!count || *count > 0 || num(sent, "bytes", num(end.value(u"sum"_s).toObject(), "bytes")) <= 0)
        return;
    r.metrics.removeIf([&](const Metric &m) { return m.name == u"messages"_s && m.side == senderSide; });
    const QJsonObject serverEnd = server.value(u"end"_s).toObject();
    const QJsonObject serverSent = serverEnd.value(u"sum_sent"_s).toObject();
    if (reverse && has(serverSent, "packets") && num(serverSent, "packets") > 0) {
        r.addMetric(u"messages"_s, senderSide, num(serverSent, "packets"));
        r.extra.insert(u"sent_datagrams_from"_s, u"server_output_json"_s);
        return;
    }
    warn(line, u"the sender's datagram count is 0 although bytes were sent (iperf3 -R does not always pass "
               "it on); not imported — run with --get-server-output to have it"_s);
    r.extra.insert(u"sent_datagrams_unknown"_s, true);
}

void JsonReader::checkReceiver(ResultRecord &r, const QJsonObject &end, const QString &receiverSide, const char *receivedKey,
                               int line)
{
    const QJsonObject received = end.value(QLatin1StringView(receivedKey)).toObject();
    if (received.isEmpty() || !has(received, "bytes") || num(received, "bytes") != 0)
        return;
    warn(line, u"the receiver (%1) reports 0 bytes: nothing arrived (or the test broke)"_s.arg(receiverSide));
    r.extra.insert(u"receiver_zero_bytes"_s, true);
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
    // A figure of the start block, when it is there (and when above 0, for those where 0 means unset).
    auto param = [&](const QJsonObject &o, const char *key, const QString &name, bool unsetAtZero = false) {
        if (has(o, key) && (!unsetAtZero || num(o, key) > 0))
            r.params.insert(name, num(o, key));
    };
    param(ts, "duration", u"duration_s"_s, true);
    param(ts, "blksize", u"message_size_bytes"_s);
    param(ts, "num_streams", u"streams"_s);
    param(ts, "omit", u"omit_s"_s, true);
    param(start, "sock_bufsize", u"requested_socket_bytes"_s, true);
    param(start, "sndbuf_actual", u"send_socket_bytes"_s);
    param(start, "rcvbuf_actual", u"recv_socket_bytes"_s);
    if (udp)
        param(ts, "target_bitrate", u"target_bitrate_bps"_s);
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
    // iperf3 -s -J: a server's own log says "accepted_connection"; "host"
    // figures (CPU, intervals) are then the server's.
    const bool serverLog = start.contains(u"accepted_connection"_s) && !start.contains(u"connecting_to"_s);
    const QString local = serverLog ? u"server"_s : u"client"_s;
    const QString remote = serverLog ? u"client"_s : u"server"_s;
    if (serverLog)
        r.extra.insert(u"log_of"_s, u"server"_s);
    addSummary(r, end, udp, sender, receiver, "sum_sent", "sum_received");
    if (r.metrics.isEmpty())
        return fail(line, u"expected end.sum_sent/end.sum_received (or end.sum for UDP) in the iperf3 document"_s);
    const QJsonObject server = doc.value(u"server_output_json"_s).toObject();
    if (udp)
        checkSentDatagrams(r, end, server, sender, reverse, line);
    checkReceiver(r, end, receiver, "sum_received", line);
    const QJsonObject cpu = end.value(u"cpu_utilization_percent"_s).toObject();
    if (has(cpu, "host_total"))
        r.addMetric(u"cpu_util_pct"_s, local, num(cpu, "host_total"));
    if (has(cpu, "remote_total"))
        r.addMetric(u"cpu_util_pct"_s, remote, num(cpu, "remote_total"));
    int skipped = 0;
    // The local intervals measure what this end sent (or received).
    addIntervalSamples(r, doc.value(u"intervals"_s).toArray(), local, "sum", &skipped);
    if (!server.isEmpty() && !serverLog) {
        addIntervalSamples(r, server.value(u"intervals"_s).toArray(), u"server"_s, "sum", &skipped);
        r.extra.insert(u"server_output"_s, u"json"_s);
    } else if (doc.contains(u"server_output_text"_s)) {
        r.extra.insert(u"server_output"_s, u"text"_s);
    }
    if (skipped > 0)
        warn(line, u"%1 omitted or zero-length intervals not kept as samples"_s.arg(skipped));
    if (bidir) {
        r.params.insert(u"bidirectional"_s, true);
        ResultRecord back = r;
        back.metrics.clear();
        back.samples.clear();
        back.params.insert(u"direction"_s, reverse ? u"client_to_server"_s : u"server_to_client"_s);
        addSummary(back, end, udp, receiver, sender, "sum_sent_bidir_reverse", "sum_received_bidir_reverse");
        addIntervalSamples(back, doc.value(u"intervals"_s).toArray(), local, "sum_bidir_reverse", &skipped);
        checkReceiver(back, end, sender, "sum_received_bidir_reverse", line);
        addRecord(r, line);
        if (!back.metrics.isEmpty())
            addRecord(back, line);
        return true;
    }
    addRecord(r, line);
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
    if (badLine > 0) {
        // Name what is in the way: a "^C" the terminal echoed, an escape
        // sequence, a shell prompt...
        const QList<QByteArray> lines = data.split('\n');
        QString found;
        for (const char c : lines.value(badLine - 1).left(40)) {
            if (c == '\x1b')
                found += u"ESC"_s;
            else if (uchar(c) < 0x20 && c != '\t')
                found += u'^' + QChar(u'@' + c);
            else
                found += QChar::fromLatin1(c);
        }
        QString hint;
        if (found.startsWith(u"^C"_s))
            hint = u" (an interrupt the terminal echoed: delete it, the JSON after it is complete only if iperf3 finished)"_s;
        else if (found.startsWith(u"ESC"_s))
            hint = u" (a terminal escape sequence: delete it)"_s;
        return ImportResult::failure(fileName, badLine,
                                     u"expected iperf3 JSON objects ({...}), found '%1'%2"_s.arg(found.trimmed(), hint));
    }
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
    if (!reader.failed())
        reader.finishStream(lastLine);
    return reader.result(u"expected at least one finished iperf3 test; found none"_s);
}

// ---------------------------------------------------------------- text

// One "[ ID] START-END sec ..." row of a text report.
struct TextRow : IperfTransfer
{
    enum What { Interval, Sender, Receiver, Summary } what = Interval;
    QString id;   // "5", or "SUM"
    QString role; // --bidir: "TX-C", "RX-C", "TX-S", "RX-S"
    QString tail; // what follows the rate, without the role word
    bool omitted = false;
    bool serverOutput = false; // from the "Server output:" section of a client log
    int line = 0;
};

struct TextTest
{
    ResultRecord record;
    int firstLine = 0;
    bool udp = false;
    bool reverse = false;
    bool serverLog = false;
    bool serverSendsHint = false; // a server log whose interval header is a sender's
    bool inServerOutput = false;
    bool afterSeparator = false;
    bool pendingSeparator = false;
    QList<TextRow> rows;
};

// "0.028 ms  3/159 (1.9%)" after a UDP rate; strict, so "x ms" is refused.
struct UdpTail
{
    double jitterMs = 0;
    std::optional<double> lost; // nothing for "Unknown/N"
    double total = 0;
};

std::optional<UdpTail> parseUdpTail(const QString &tail, bool *isUdp)
{
    static const QRegularExpression kTail(uR"(^(\S+)\s+ms\s+(\S+)/\s*(\S+)(?:\s+\(([^)]*)\))?\s*$)"_s);
    const auto m = kTail.match(tail);
    *isUdp = m.hasMatch();
    if (!m.hasMatch())
        return std::nullopt;
    UdpTail u;
    const auto jitter = ImportText::toNumber(m.captured(1));
    const auto total = ImportText::toNumber(m.captured(3));
    if (!jitter || !total)
        return std::nullopt;
    u.jitterMs = *jitter;
    u.total = *total;
    if (m.captured(2) != u"Unknown"_s) {
        const auto lost = ImportText::toNumber(m.captured(2));
        if (!lost)
            return std::nullopt;
        u.lost = *lost;
    }
    return u;
}

bool isWholeNumber(double v)
{
    return v == std::floor(v);
}

class TextReader : public ImportCollector
{
public:
    TextReader(const QByteArray &data, const QString &fileName)
        : ImportCollector(fileName)
        , m_text(data)
    {
    }
    ImportResult run();

private:
    void begin(int line, bool serverLog);
    bool finish(qsizetype index);
    bool addRow(const QRegularExpressionMatch &m, const QString &t, int line);

    ImportText m_text;
    std::optional<TextTest> m_cur;
    QString m_version;
};

void TextReader::begin(int line, bool serverLog)
{
    m_cur = TextTest{};
    m_cur->firstLine = line;
    m_cur->serverLog = serverLog;
    m_cur->record.tool = u"iperf3"_s;
    m_cur->record.kind = u"tcp_stream"_s;
    m_cur->record.params.insert(u"direction"_s, u"client_to_server"_s);
    if (serverLog)
        m_cur->record.extra.insert(u"log_of"_s, u"server"_s);
}

bool TextReader::addRow(const QRegularExpressionMatch &m, const QString &t, int line)
{
    TextTest &cur = *m_cur;
    TextRow row;
    row.line = line;
    row.id = m.captured(1);
    row.role = m.captured(2);
    row.role.remove(u'[');
    row.role.remove(u']');
    const auto transfer = IperfTransfer::read(m, 3);
    if (!transfer)
        return fail(line, IperfTransfer::unreadable(t));
    static_cast<IperfTransfer &>(row) = *transfer;
    QString tail = m.captured(9).trimmed();
    row.omitted = tail.contains(u"(omitted)"_s);
    tail.remove(u"(omitted)"_s);
    tail = tail.trimmed();
    if (tail.endsWith(u"sender"_s)) {
        row.what = TextRow::Sender;
        tail.chop(6);
    } else if (tail.endsWith(u"receiver"_s)) {
        row.what = TextRow::Receiver;
        tail.chop(8);
    } else if (cur.afterSeparator) {
        row.what = TextRow::Summary; // before 3.2: one line per stream, no role word
    }
    row.tail = tail.trimmed();
    bool udpTail = false;
    parseUdpTail(row.tail, &udpTail);
    if (udpTail && !cur.udp) {
        // The row itself shows UDP (jitter, lost/total) even without a header saying so.
        cur.udp = true;
        cur.record.kind = u"udp_stream"_s;
    }
    row.serverOutput = cur.inServerOutput;
    if (!cur.afterSeparator)
        cur.pendingSeparator = false;
    cur.rows.append(row);
    return true;
}

bool TextReader::finish(qsizetype index)
{
    if (!m_cur)
        return true;
    TextTest cur = *m_cur;
    m_cur.reset();
    ResultRecord &r = cur.record;
    if (!m_version.isEmpty())
        r.toolVersion = m_version;
    // --bidir mixes both directions; the text keeps the client's sending one
    // (the -J output has both).
    QList<TextRow> rows;
    for (const TextRow &row : std::as_const(cur.rows)) {
        if (!row.role.isEmpty()) {
            r.params.insert(u"bidirectional"_s, true);
            if (row.role.startsWith(u"RX"_s)) {
                r.extra.insert(u"bidir_note"_s, u"reverse direction not imported from text; import the -J output for both"_s);
                continue;
            }
        }
        rows.append(row);
    }
    // With several streams only the [SUM] rows describe the test; without
    // the "connected" lines the streams show only in their IDs.
    for (const bool serverOutput : {false, true}) {
        bool hasSum = false;
        QStringList ids;
        for (const TextRow &row : std::as_const(rows)) {
            if (row.serverOutput != serverOutput)
                continue;
            if (row.id == u"SUM"_s)
                hasSum = true;
            else if (!ids.contains(row.id))
                ids.append(row.id);
        }
        if (!hasSum && ids.size() > 1)
            return fail(cur.firstLine, u"expected [SUM] rows for the %1 streams (IDs %2) of the iperf3 test starting here; "
                                       "a per-stream figure is not the test's"_s.arg(ids.size()).arg(ids.join(u", "_s)));
        if (hasSum)
            rows.removeIf([&](const TextRow &row) { return row.serverOutput == serverOutput && row.id != u"SUM"_s; });
    }
    bool hasSender = false;
    bool hasReceiver = false;
    for (const TextRow &row : std::as_const(rows)) {
        if (row.serverOutput)
            continue;
        hasSender |= row.what == TextRow::Sender;
        hasReceiver |= row.what == TextRow::Receiver || row.what == TextRow::Summary;
    }
    if (!hasSender && !hasReceiver)
        return fail(ImportText::number(index),
                    u"expected the sender/receiver summary lines of the iperf3 test started on line %1"_s.arg(cur.firstLine));
    if (cur.serverLog && (cur.serverSendsHint || (hasSender && !hasReceiver))) {
        // A server prints only its own side (3.2+): sender rows, or a sender's
        // interval header (Retr, Total Datagrams), mean the client ran -R.
        cur.reverse = true;
        r.params.insert(u"direction"_s, u"server_to_client"_s);
    }
    const QString local = cur.serverLog ? u"server"_s : u"client"_s;
    const QString senderSide = cur.reverse ? u"server"_s : u"client"_s;
    const QString receiverSide = cur.reverse ? u"client"_s : u"server"_s;
    bool receiverLoss = false;
    bool receiverZero = false;
    for (const TextRow &row : std::as_const(rows)) {
        if (row.what == TextRow::Interval) {
            if (row.omitted || row.end - row.start <= 1e-6)
                continue;
            r.samples.append(Sample{row.end, row.serverOutput ? u"server"_s : local, u"throughput_bps"_s, row.bps});
            continue;
        }
        if (row.serverOutput)
            continue; // the client's summary already has both ends' totals
        const bool asSender = row.what == TextRow::Sender || (row.what == TextRow::Summary && !cur.serverLog);
        const QString side = asSender ? senderSide : receiverSide;
        if (r.metric(u"throughput_bps"_s, side))
            return fail(row.line, u"expected one %1 summary in the iperf3 test starting on line %2, found another"_s.arg(
                                      asSender ? u"sender"_s : u"receiver"_s)
                                      .arg(cur.firstLine));
        r.addMetric(u"throughput_bps"_s, side, row.bps);
        r.addMetric(u"bytes"_s, side, row.bytes);
        r.addMetric(u"elapsed_s"_s, side, row.end - row.start);
        if (!asSender && row.bytes == 0)
            receiverZero = true;
        if (cur.udp) {
            bool udpTail = false;
            const std::optional<UdpTail> u = parseUdpTail(row.tail, &udpTail);
            if (udpTail && !u)
                return fail(row.line, u"expected 'JITTER ms LOST/TOTAL (PERCENT%)' with numbers after the rate, found '%1'"_s.arg(
                                          row.tail.left(60)));
            if (u) {
                if (asSender && row.what == TextRow::Sender) {
                    r.addMetric(u"messages"_s, senderSide, u->total);
                    continue;
                }
                r.addMetric(u"jitter_ms"_s, QString(), u->jitterMs);
                const bool sane = u->lost && *u->lost >= 0 && u->total >= 0 && *u->lost <= u->total
                                  && isWholeNumber(*u->lost) && isWholeNumber(u->total);
                if (!sane) {
                    // iperf3 has printed more lost than sent (a known bug);
                    // such a row has no loss figure to keep.
                    warn(row.line, u"the datagram counts '%1' cannot be right (lost must be 0..total); loss and "
                                   "received datagrams not imported"_s.arg(row.tail.section(u" ms"_s, 1).trimmed().left(40)));
                    r.extra.insert(u"loss_not_imported"_s, u"lost/total out of range in the log"_s);
                } else {
                    receiverLoss = true;
                    r.addMetric(u"messages"_s, receiverSide, u->total - *u->lost);
                    if (u->total > 0)
                        r.addMetric(u"loss_ratio"_s, QString(), *u->lost / u->total);
                }
                if (row.what == TextRow::Summary && u->total >= 0)
                    r.addMetric(u"messages"_s, senderSide, u->total); // < 3.2: the client's one line
            } else {
                static const QRegularExpression kSentTail(uR"(^(\d+)$)"_s);
                if (const auto sm = kSentTail.match(row.tail); sm.hasMatch() && asSender)
                    r.addMetric(u"messages"_s, senderSide, sm.captured(1).toDouble());
            }
        } else if (row.what == TextRow::Sender) {
            const QList<double> retr = ImportText::leadingNumbers(row.tail);
            if (!retr.isEmpty())
                r.addMetric(u"retransmits"_s, senderSide, retr.first());
        }
    }
    if (cur.udp && !receiverLoss && !r.extra.contains(u"loss_not_imported"_s)) {
        warn(cur.firstLine, u"the receiver's jitter and loss are not in this log (only the sender's side); none imported"_s);
        r.extra.insert(u"loss_not_imported"_s, u"no receiver figures in the log"_s);
    }
    if (receiverZero) {
        warn(cur.firstLine, u"the receiver reports 0 bytes: nothing arrived (or the test broke)"_s);
        r.extra.insert(u"receiver_zero_bytes"_s, true);
    }
    addRecord(r, cur.firstLine);
    return true;
}

ImportResult TextReader::run()
{
    static const QRegularExpression kInterval(
        uR"(^\[\s*(\d+|SUM)\]\s*(\[[A-Z]+-[A-Z]\])?\s*(\d+\.?\d*)-\s*(\d+\.?\d*)\s+sec\s+(\S+)\s+(\S*Bytes)\s+(\S+)\s+(\S*bits/sec)(.*)$)"_s);
    static const QRegularExpression kCpu(
        uR"(CPU Utilization:\s*local/(?:sender|receiver)\s+(\S+)%.*remote/(?:sender|receiver)\s+(\S+)%)"_s);
    static const QRegularExpression kStarting(
        uR"(Starting Test:\s*protocol:\s*(\w+),\s*(\d+)\s+streams?,\s*(\d+)\s+byte blocks,\s*omitting\s+(\d+)\s+seconds,\s*(\d+)\s+second test)"_s);
    static const QRegularExpression kVersion(uR"(^iperf (3\.\S+))"_s);
    static const QRegularExpression kConnecting(uR"(^Connecting to host\s+([^,\s]+),\s*port\s+(\d+))"_s);
    static const QRegularExpression kLocal(uR"(local\s+(\S+)\s+port\s+\d+\s+connected (?:to|with)\s+(\S+)\s+port)"_s);
    static const QRegularExpression kSent(uR"(^\[\s*(?:\d+|SUM)\]\s+Sent\s+(\d+)\s+datagrams)"_s);
    for (qsizetype i = 0; i < m_text.size() && !failed(); ++i) {
        const QString t = m_text.line(i).trimmed();
        const int line = ImportText::number(i);
        if (t.isEmpty())
            continue;
        if (const auto m = kVersion.match(t); m.hasMatch()) {
            m_version = m.captured(1);
            continue;
        }
        if (t.startsWith(u"iperf3: "_s))
            return ImportResult::failure(m_file, line, u"iperf3 reported an error: %1"_s.arg(t.left(160)));
        if (m_cur && m_cur->inServerOutput) {
            // The server's own report, appended to a client log by
            // --get-server-output: only its intervals are new.
            if (t == u"iperf Done."_s) {
                finish(i);
                continue;
            }
            if (t.startsWith(u"[ ID]"_s)) {
                m_cur->afterSeparator = m_cur->pendingSeparator;
                continue;
            }
            if (t.startsWith(u"- - -"_s)) {
                m_cur->pendingSeparator = true;
                continue;
            }
            if (const auto m = kInterval.match(t); m.hasMatch()) {
                addRow(m, t, line);
                continue;
            }
            if (t.startsWith(u'[') && t.contains(u" sec "_s))
                return ImportResult::failure(m_file, line, u"expected an iperf3 interval line '[ ID] START-END sec TRANSFER UNIT RATE UNIT ...', found '%1'"_s.arg(t.left(100)));
            continue;
        }
        if (const auto m = kConnecting.match(t); m.hasMatch()) {
            if (!finish(i))
                break;
            begin(line, false);
            m_cur->record.params.insert(u"server_host"_s, m.captured(1));
            continue;
        }
        if (t.startsWith(u"Accepted connection from"_s)) {
            if (!finish(i))
                break;
            begin(line, true);
            continue;
        }
        if (t.startsWith(u"Server listening on"_s)) {
            if (!finish(i))
                break;
            continue;
        }
        if (!m_cur) {
            if (kInterval.match(t).hasMatch())
                begin(line, false);
            else
                continue;
        }
        TextTest &cur = *m_cur;
        ResultRecord &r = cur.record;
        if (t == u"Server output:"_s && !cur.serverLog) {
            cur.inServerOutput = true;
            cur.afterSeparator = false;
            cur.pendingSeparator = false;
            r.extra.insert(u"server_output"_s, u"text"_s);
            continue;
        }
        if (t.startsWith(u"Reverse mode"_s)) {
            cur.reverse = true;
            r.params.insert(u"direction"_s, u"server_to_client"_s);
            continue;
        }
        if (const auto m = kStarting.match(t); m.hasMatch()) {
            cur.udp = m.captured(1) == u"UDP"_s;
            r.kind = cur.udp ? u"udp_stream"_s : u"tcp_stream"_s;
            r.params.insert(u"protocol"_s, m.captured(1));
            r.params.insert(u"streams"_s, m.captured(2).toDouble());
            r.params.insert(u"message_size_bytes"_s, m.captured(3).toDouble());
            if (m.captured(4).toInt() > 0)
                r.params.insert(u"omit_s"_s, m.captured(4).toDouble());
            r.params.insert(u"duration_s"_s, m.captured(5).toDouble());
            continue;
        }
        if (const auto m = kLocal.match(t); m.hasMatch()) {
            if (!cur.serverLog) {
                r.params.insert(u"client_address"_s, m.captured(1));
                r.params.insert(u"server_address"_s, m.captured(2));
            }
            continue;
        }
        if (t.startsWith(u"[ ID]"_s)) {
            if (cur.pendingSeparator)
                cur.afterSeparator = true;
            if (t.contains(u"Datagrams"_s)) {
                cur.udp = true;
                r.kind = u"udp_stream"_s;
            }
            if (!cur.afterSeparator
                && (t.contains(u"Retr"_s) || (t.contains(u"Total Datagrams"_s) && !t.contains(u"Lost/Total"_s))))
                cur.serverSendsHint = cur.serverLog;
            r.extra.insert(u"text_era"_s, t.contains(u"Bandwidth"_s) ? u"Bandwidth (< 3.2)"_s : u"Bitrate"_s);
            continue;
        }
        if (t.startsWith(u"- - -"_s)) {
            cur.pendingSeparator = true;
            continue;
        }
        if (t.startsWith(u"CPU Utilization:"_s)) {
            const auto m = kCpu.match(t);
            const auto a = m.hasMatch() ? ImportText::toNumber(m.captured(1)) : std::nullopt;
            const auto b = m.hasMatch() ? ImportText::toNumber(m.captured(2)) : std::nullopt;
            if (!a || !b)
                return ImportResult::failure(m_file, line, u"expected 'CPU Utilization: local/ROLE N% ..., remote/ROLE N% ...', found '%1'"_s.arg(t.left(100)));
            const QString remote = cur.serverLog ? u"client"_s : u"server"_s;
            r.addMetric(u"cpu_util_pct"_s, cur.serverLog ? u"server"_s : u"client"_s, *a);
            r.addMetric(u"cpu_util_pct"_s, remote, *b);
            continue;
        }
        if (t == u"iperf Done."_s) {
            finish(i);
            continue;
        }
        const auto m = kInterval.match(t);
        if (!m.hasMatch()) {
            if (t.startsWith(u'[') && t.contains(u" sec "_s))
                return ImportResult::failure(m_file, line,
                                             u"expected an iperf3 interval line '[ ID] START-END sec TRANSFER UNIT RATE UNIT ...', found '%1'"_s
                                                 .arg(t.left(100)));
            if (const auto sent = kSent.match(t); sent.hasMatch())
                r.extra.insert(u"datagrams_sent"_s, sent.captured(1).toDouble());
            continue;
        }
        addRow(m, t, line);
    }
    if (!failed() && m_cur)
        finish(m_text.size() - 1);
    return result(u"expected iperf3 output (-J JSON or the text report); found none"_s);
}

ImportResult parseText(const QByteArray &data, const QString &fileName)
{
    return TextReader(data, fileName).run();
}

} // namespace

namespace {

// -J output, possibly behind a few lines of junk (a "^C", an escape
// sequence): the JSON reader then refuses it naming the junk's line.
bool looksLikeJson(const QByteArray &data)
{
    const QByteArray head = data.left(65536);
    if (head.trimmed().startsWith('{'))
        return true;
    if (!head.contains("\"test_start\"") && !head.contains("\"event\""))
        return false;
    if (head.contains("Connecting to host") || head.contains("[ ID]"))
        return false;
    const QList<QByteArray> lines = head.left(4096).split('\n');
    for (qsizetype k = 0; k < lines.size() && k < 5; ++k)
        if (lines.at(k).contains('{'))
            return true;
    return false;
}

} // namespace

ImportResult Iperf3Parser::parse(const QByteArray &data, const QString &fileName)
{
    ImportResult r = looksLikeJson(data) ? parseJson(data, fileName) : parseText(data, fileName);
    r.format = u"iperf3"_s;
    return r;
}

bool Iperf3Parser::recognises(const QByteArray &data)
{
    const QByteArray head = data.left(65536);
    if (looksLikeJson(data))
        return head.contains("\"test_start\"") || head.contains("\"event\"") || head.contains("\"connecting_to\"")
               || head.contains("\"cpu_utilization_percent\"");
    return head.contains("Connecting to host") || head.contains("iperf Done.")
           || (head.contains(" sec ") && (head.contains("bits/sec")) && head.contains("[ ID]"));
}

} // namespace wb
