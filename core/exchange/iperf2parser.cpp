// SPDX-License-Identifier: GPL-3.0-or-later
#include "logparsers.h"

#include "importcollector.h"
#include "importtext.h"
#include "iperftransfer.h"

#include <QJsonObject>
#include <QMap>
#include <QRegularExpression>

#include <cmath>

using namespace Qt::StringLiterals;

namespace wb {

namespace {

const QRegularExpression &clientHeader()
{
    static const QRegularExpression k(uR"(^Client connecting to\s+([^,\s]+),\s*(TCP|UDP)\s+port\s+(\d+))"_s);
    return k;
}

const QRegularExpression &serverHeader()
{
    static const QRegularExpression k(uR"(^Server listening on\s+(TCP|UDP)\s+port\s+(\d+))"_s);
    return k;
}

// -y C: timestamp, local ip, local port, remote ip, remote port, ID,
// interval, bytes, bit/s [, jitter ms, lost, total, lost %, out of order].
// The four address fields are empty on [SUM] lines.
const QRegularExpression &csvLine()
{
    static const QRegularExpression k(
        uR"(^(\d{14}(?:\.\d+)?),([^,]*),(\d*),([^,]*),(\d*),(-?\d+),(\d+\.\d+)-(\d+\.\d+),(-?\d+),(-?\d+)(?:,(.*))?$)"_s);
    return k;
}

struct Row : IperfTransfer
{
    QString id; // "3", or "SUM"
    QString tail;
    bool serverReport = false; // a client's copy of the server's receiver figures
    bool csvUdp = false;       // a -y C line with the jitter/loss fields
    int line = 0;
};

struct Connection
{
    QString localAddress;
    QString remoteAddress;
    int localPort = 0;
    int remotePort = 0;
    bool reverse = false;

    // Captures 2 to 5 of m: local address and port, remote address and
    // port, where both the -y C line and the "local ... connected with"
    // line have them.
    static Connection fromMatch(const QRegularExpressionMatch &m)
    {
        return Connection{m.captured(2), m.captured(4), m.captured(3).toInt(), m.captured(5).toInt()};
    }
};

struct Test
{
    int firstLine = 0;
    bool client = false;    // a "Client connecting" header: this log is the client's
    bool listening = false; // a "Server listening" header (a server, or a client with -d / -r)
    int port = 0;           // the port the client connects to
    int listenPort = 0;
    bool udp = false;
    bool enhanced = false;
    bool noAck = false;
    bool csv = false;
    QString serverHost;
    QJsonObject params;
    QJsonObject extra;
    QMap<QString, Connection> connections;
    QStringList connectionOrder;
    QMap<QString, double> sentDatagrams;
    QStringList pendingServerReport;
    QList<Row> rows;
};

// "0.027 ms    0/  894 (0%)" and, with -e, latency and PPS after it.
struct UdpFigures
{
    double jitterMs = 0;
    double lost = 0;
    double total = 0;
    QString rest;
};

std::optional<UdpFigures> parseUdp(const QString &tail, bool *looksUdp)
{
    static const QRegularExpression k(uR"(^(\S+)\s+ms\s+(\S+)/\s*(\S+)\s+\(([^)]*)\)\s*(.*)$)"_s);
    const auto m = k.match(tail);
    *looksUdp = m.hasMatch();
    if (!m.hasMatch())
        return std::nullopt;
    const auto j = ImportText::toNumber(m.captured(1));
    const auto l = ImportText::toNumber(m.captured(2));
    const auto t = ImportText::toNumber(m.captured(3));
    if (!j || !l || !t)
        return std::nullopt;
    return UdpFigures{*j, *l, *t, m.captured(5)};
}

class Reader : public ImportCollector
{
public:
    Reader(const QByteArray &data, const QString &file)
        : ImportCollector(file)
        , m_text(data)
    {
    }
    ImportResult run();

private:
    void begin(int line);
    bool finish();
    bool finishTest(const Test &t);
    bool addGroup(const Test &t, const QStringList &ids, bool hostSends, const QString &direction);
    bool addCsvRow(const QRegularExpressionMatch &m, int line);

    ImportText m_text;
    std::optional<Test> m_cur;
    QString m_version;
};

void Reader::begin(int line)
{
    m_cur = Test{};
    m_cur->firstLine = line;
}

// The whole-test row of a stream: it starts where the first interval starts
// and ends where the last one ends (iperf 2 prints it after the intervals).
qsizetype totalRow(const QList<Row> &rows)
{
    if (rows.isEmpty())
        return -1;
    double first = rows.first().start;
    double last = rows.first().end;
    for (const Row &r : rows) {
        first = std::min(first, r.start);
        last = std::max(last, r.end);
    }
    for (qsizetype k = rows.size() - 1; k >= 0; --k)
        if (rows.at(k).start == first && rows.at(k).end == last)
            return k;
    return -1;
}

bool Reader::addGroup(const Test &t, const QStringList &ids, bool hostSends, const QString &direction)
{
    const bool hasSum = std::any_of(t.rows.cbegin(), t.rows.cend(), [](const Row &r) { return r.id == u"SUM"_s && !r.serverReport; });
    if (!hasSum && ids.size() > 1)
        return fail(t.firstLine, u"expected [SUM] rows for the %1 parallel streams of the iperf2 test starting here"_s.arg(ids.size()));
    const QStringList use = hasSum ? QStringList{u"SUM"_s} : ids;
    QList<Row> local;
    QList<Row> reports;
    for (const Row &r : t.rows) {
        if (r.serverReport && ids.contains(r.id))
            reports.append(r);
        else if (!r.serverReport && use.contains(r.id))
            local.append(r);
    }
    const qsizetype total = totalRow(local);
    if (total < 0)
        return fail(t.firstLine, u"expected the whole-test row (0.0-END sec) of the iperf2 test starting here"_s);
    ResultRecord r;
    r.tool = u"iperf2"_s;
    r.toolVersion = m_version.isEmpty() ? u"2"_s : m_version;
    r.kind = t.udp ? u"udp_stream"_s : u"tcp_stream"_s;
    r.params = t.params;
    r.extra = t.extra;
    r.params.insert(u"protocol"_s, t.udp ? u"UDP"_s : u"TCP"_s);
    r.params.insert(u"direction"_s, direction);
    if (ids.size() > 1)
        r.params.insert(u"streams"_s, double(ids.size()));
    if (!t.serverHost.isEmpty())
        r.params.insert(u"server_host"_s, t.serverHost);
    r.extra.insert(u"report"_s, t.csv ? u"-y C"_s : (t.enhanced ? u"enhanced (-e)"_s : u"text"_s));
    const QString senderSide = direction == u"client_to_server"_s ? u"client"_s : u"server"_s;
    const QString receiverSide = direction == u"client_to_server"_s ? u"server"_s : u"client"_s;
    const QString localRole = hostSends ? senderSide : receiverSide;
    bool receiverSeen = false;
    bool receiverZero = false;
    auto udpReceiver = [&](const Row &row, const QString &side) -> bool {
        bool looksUdp = false;
        const auto u = parseUdp(row.tail, &looksUdp);
        if (!u)
            return looksUdp ? fail(row.line, u"expected 'JITTER ms LOST/TOTAL (PERCENT%)' with numbers, found '%1'"_s.arg(row.tail.left(60)))
                            : true;
        receiverSeen = true;
        r.addMetric(u"jitter_ms"_s, QString(), u->jitterMs);
        if (u->lost < 0 || u->lost > u->total || u->lost != std::floor(u->lost) || u->total != std::floor(u->total)) {
            warn(row.line, u"the datagram counts %1/%2 cannot be right; loss and received datagrams not imported"_s.arg(u->lost).arg(u->total));
            r.extra.insert(u"loss_not_imported"_s, u"lost/total out of range in the log"_s);
        } else {
            r.addMetric(u"messages"_s, side, u->total - u->lost);
            if (u->total > 0)
                r.addMetric(u"loss_ratio"_s, QString(), u->lost / u->total);
        }
        // -e adds one-way latency avg/min/max/stdev (needs synchronised clocks) and PPS.
        static const QRegularExpression kLatency(uR"(^(\S+)/(\S+)/(\S+)/(\S+)\s+ms\b)"_s);
        if (const auto lm = kLatency.match(u->rest.trimmed()); lm.hasMatch() && ImportText::toNumber(lm.captured(1)))
            r.extra.insert(u"one_way_latency_ms"_s, QJsonObject{{u"avg"_s, *ImportText::toNumber(lm.captured(1))},
                                                                 {u"min"_s, ImportText::toNumber(lm.captured(2)).value_or(-1)},
                                                                 {u"max"_s, ImportText::toNumber(lm.captured(3)).value_or(-1)},
                                                                 {u"stddev"_s, ImportText::toNumber(lm.captured(4)).value_or(-1)}});
        return true;
    };
    for (qsizetype k = 0; k < local.size(); ++k) {
        const Row &row = local.at(k);
        if (k != total) {
            if (row.end - row.start > 1e-6)
                r.samples.append(Sample{row.end, localRole, u"throughput_bps"_s, row.bps});
            continue;
        }
        r.addMetric(u"throughput_bps"_s, localRole, row.bps);
        r.addMetric(u"bytes"_s, localRole, row.bytes);
        r.addMetric(u"elapsed_s"_s, localRole, row.end - row.start);
        if (!hostSends && row.bytes == 0)
            receiverZero = true;
        if (t.udp && !hostSends) {
            if (!udpReceiver(row, receiverSide))
                return false;
        } else if (!t.udp && hostSends && t.enhanced) {
            // -e: "WRITES/ERRORS  RETRIES ..."
            const QStringList tok = ImportText::tokens(row.tail);
            static const QRegularExpression kWrites(uR"(^\d+/\d+$)"_s);
            if (tok.size() >= 2 && kWrites.match(tok.at(0)).hasMatch())
                if (const auto retries = ImportText::toNumber(tok.at(1)))
                    r.addMetric(u"retransmits"_s, senderSide, *retries);
        }
    }
    if (t.udp && hostSends) {
        double sent = 0;
        bool haveSent = false;
        for (const QString &id : use)
            if (t.sentDatagrams.contains(id)) {
                sent += t.sentDatagrams.value(id);
                haveSent = true;
            }
        if (haveSent)
            r.addMetric(u"messages"_s, senderSide, sent);
        if (reports.size() == 1) {
            const Row &rep = reports.first();
            r.addMetric(u"throughput_bps"_s, receiverSide, rep.bps);
            r.addMetric(u"bytes"_s, receiverSide, rep.bytes);
            r.addMetric(u"elapsed_s"_s, receiverSide, rep.end - rep.start);
            if (rep.bytes == 0)
                receiverZero = true;
            if (!udpReceiver(rep, receiverSide))
                return false;
        } else if (reports.size() > 1) {
            warn(t.firstLine, u"%1 per-stream server reports and no sum of them; the receiver's figures are not imported"_s.arg(reports.size()));
        }
    }
    if (t.udp && !receiverSeen && !r.extra.contains(u"loss_not_imported"_s)) {
        warn(t.firstLine, t.noAck ? u"the client got no server report (no ack of the last datagram); the receiver's figures are not in this log"_s
                                  : u"the receiver's jitter and loss are not in this log; none imported"_s);
        r.extra.insert(u"loss_not_imported"_s, u"no receiver figures in the log"_s);
    }
    if (receiverZero) {
        warn(t.firstLine, u"the receiver reports 0 bytes: nothing arrived (or the test broke)"_s);
        r.extra.insert(u"receiver_zero_bytes"_s, true);
    }
    addRecord(r, t.firstLine);
    return true;
}

bool Reader::finish()
{
    if (!m_cur)
        return true;
    Test t = *m_cur;
    m_cur.reset();
    if (!t.csv)
        return finishTest(t);
    // -y C lines carry no headers: each connection is a test of its own
    // unless [SUM] lines (no addresses) tie parallel streams together.
    const bool hasSum = std::any_of(t.rows.cbegin(), t.rows.cend(), [](const Row &r) { return r.id == u"SUM"_s; });
    if (hasSum || t.connectionOrder.size() <= 1) {
        t.udp = std::any_of(t.rows.cbegin(), t.rows.cend(), [](const Row &r) { return r.csvUdp; });
        return finishTest(t);
    }
    for (const QString &key : std::as_const(t.connectionOrder)) {
        Test one = t;
        one.rows.clear();
        for (const Row &r : std::as_const(t.rows))
            if (r.id == key)
                one.rows.append(r);
        one.connections = {{key, t.connections.value(key)}};
        one.connectionOrder = {key};
        one.udp = std::any_of(one.rows.cbegin(), one.rows.cend(), [](const Row &r) { return r.csvUdp; });
        one.firstLine = one.rows.isEmpty() ? t.firstLine : one.rows.first().line;
        if (!finishTest(one))
            return false;
    }
    return true;
}

bool Reader::finishTest(const Test &t)
{
    if (t.rows.isEmpty())
        return true; // a header without a test (a server waiting)
    QStringList sending;
    QStringList receiving;
    QStringList ids = t.connectionOrder;
    for (const Row &r : t.rows)
        if (r.id != u"SUM"_s && !ids.contains(r.id))
            ids.append(r.id);
    bool guessed = false;
    const bool headed = t.client || t.listening;
    for (const QString &id : std::as_const(ids)) {
        const Connection c = t.connections.value(id);
        bool sends = false;
        if (t.client && t.listening && c.localPort > 0)
            sends = c.localPort != t.listenPort; // -d / -r: the connection to our own listener is the way back
        else if (t.client)
            sends = !c.reverse;
        else if (t.listening)
            sends = c.reverse;
        else if (t.csv && t.udp)
            sends = std::none_of(t.rows.cbegin(), t.rows.cend(), [&](const Row &r) { return r.id == id && r.csvUdp; })
                    || std::any_of(t.rows.cbegin(), t.rows.cend(), [&](const Row &r) { return r.id == id && r.serverReport; });
        else {
            // No header (-y C, or a cut log): the end on iperf's port 5001, or
            // else on the lower port, is the server.
            guessed = c.localPort != 5001 && c.remotePort != 5001;
            sends = c.remotePort == 5001 || (c.localPort != 5001 && c.remotePort > 0 && c.remotePort < c.localPort);
        }
        (sends ? sending : receiving).append(id);
    }
    if (guessed)
        warn(t.firstLine, u"neither end uses iperf's port 5001: the lower port is taken as the server's"_s);
    if (!sending.isEmpty() && !receiving.isEmpty()
        && std::any_of(t.rows.cbegin(), t.rows.cend(), [](const Row &r) { return r.id == u"SUM"_s; }))
        return fail(t.firstLine, u"an iperf2 -d/-r test with parallel streams: its [SUM] rows do not say which direction they "
                                 "sum; run each direction on its own"_s);
    // The host that printed the log sends in "sending"; the direction follows
    // from whether it is the client. Without a header the sending end is
    // taken as the client (iperf 2 sends from the client unless -r/-d/-R,
    // which print headers).
    const QString forward = u"client_to_server"_s;
    const QString backward = u"server_to_client"_s;
    if (!sending.isEmpty() && !addGroup(t, sending, true, !headed || t.client ? forward : backward))
        return false;
    if (!receiving.isEmpty() && !addGroup(t, receiving, false, !headed || !t.client ? forward : backward))
        return false;
    return true;
}

bool Reader::addCsvRow(const QRegularExpressionMatch &m, int line)
{
    Test &t = *m_cur;
    t.csv = true;
    Row row;
    row.line = line;
    const bool sum = m.captured(2).isEmpty() && m.captured(3).isEmpty();
    const QString key = m.captured(2) + u':' + m.captured(3) + u'>' + m.captured(4) + u':' + m.captured(5);
    if (sum) {
        row.id = u"SUM"_s;
    } else {
        row.id = key;
        if (!t.connections.contains(key)) {
            t.connections.insert(key, Connection::fromMatch(m));
            t.connectionOrder.append(key);
        }
    }
    const auto start = ImportText::toNumber(m.captured(7));
    const auto end = ImportText::toNumber(m.captured(8));
    const auto bytes = ImportText::toNumber(m.captured(9));
    const auto bps = ImportText::toNumber(m.captured(10));
    if (!start || !end || !bytes || !bps || *bytes < 0 || *bps < 0)
        return fail(line, u"expected numbers in the iperf2 -y C line, found '%1'"_s.arg(m.captured(0).left(100)));
    row.start = *start;
    row.end = *end;
    row.bytes = *bytes;
    row.bps = *bps;
    const QStringList more = m.captured(11).isEmpty() ? QStringList() : m.captured(11).split(u',');
    if (more.size() == 5) {
        // The UDP receiver's figures; on a client they are the server's report.
        t.udp = true;
        row.csvUdp = true;
        const auto pct = ImportText::toNumber(more.at(3));
        if (!pct)
            return fail(line, u"expected a loss percentage in field 13, found '%1'"_s.arg(more.at(3).left(20)));
        row.tail = u"%1 ms %2/%3 (%4%)"_s.arg(more.at(0), more.at(1), more.at(2), more.at(3));
        const bool ownSends = std::any_of(t.rows.cbegin(), t.rows.cend(), [&](const Row &r) { return r.id == row.id && !r.csvUdp; });
        row.serverReport = ownSends;
    } else if (!more.isEmpty()) {
        return fail(line, u"expected 9 fields (TCP, UDP sender) or 14 (UDP receiver) in the iperf2 -y C line, found %1; "
                          "enhanced CSV (-e -y C) is not read"_s.arg(9 + more.size()));
    }
    t.rows.append(row);
    return true;
}

ImportResult Reader::run()
{
    static const QRegularExpression kRow(
        uR"(^\[\s*(\d+|SUM)\]\s+(\d+\.?\d*)\s*-\s*(\d+\.?\d*)\s+sec\s+(\S+)\s+(\S*Bytes)\s+(\S+)\s+(\S*bits/sec)(.*)$)"_s);
    static const QRegularExpression kConnected(
        uR"(^\[\s*(\d+)\]\s+local\s+(\S+)\s+port\s+(\d+)\s+connected with\s+(\S+)\s+port\s+(\d+)(.*)$)"_s);
    static const QRegularExpression kDatagrams(uR"(^(?:Sending|Receiving)\s+(\d+)\s+byte datagrams)"_s);
    static const QRegularExpression kBuffer(uR"(^(?:Write|Read) buffer size:\s*(\d+)\s+Byte)"_s);
    static const QRegularExpression kWindow(uR"(^(TCP window size|UDP buffer size):\s*(.*)$)"_s);
    static const QRegularExpression kVersion(uR"(^iperf version (2\.\S+))"_s);
    static const QRegularExpression kSent(uR"(^\[\s*(\d+|SUM)\]\s+Sent\s+(\d+)\s+datagrams)"_s);
    static const QRegularExpression kReport(uR"(^\[\s*(\d+)\]\s+Server Report:)"_s);
    for (qsizetype i = 0; i < m_text.size() && !failed(); ++i) {
        const QString t = m_text.line(i).trimmed();
        const int line = ImportText::number(i);
        if (t.isEmpty())
            continue;
        if (const auto m = kVersion.match(t); m.hasMatch()) {
            m_version = m.captured(1);
            continue;
        }
        if (const auto m = csvLine().match(t); m.hasMatch()) {
            if (!m_cur || !m_cur->csv) {
                if (!finish())
                    break;
                begin(line);
            }
            addCsvRow(m, line);
            continue;
        }
        const auto client = clientHeader().match(t);
        const auto server = serverHeader().match(t);
        if (client.hasMatch() || server.hasMatch()) {
            // A client with -d / -r prints both headers for one test.
            if (!m_cur || !m_cur->rows.isEmpty() || m_cur->csv || (client.hasMatch() && m_cur->client)
                || (server.hasMatch() && m_cur->listening)) {
                if (!finish())
                    break;
                begin(line);
            }
            if (client.hasMatch()) {
                m_cur->client = true;
                m_cur->serverHost = client.captured(1);
                m_cur->udp = client.captured(2) == u"UDP"_s;
                m_cur->port = client.captured(3).toInt();
                m_cur->params.insert(u"server_port"_s, m_cur->port);
            } else {
                m_cur->listening = true;
                m_cur->udp = server.captured(1) == u"UDP"_s;
                m_cur->listenPort = server.captured(2).toInt();
            }
            continue;
        }
        if (t.startsWith(u"iperf: "_s) || t.startsWith(u"connect failed"_s) || t.startsWith(u"write failed"_s))
            return ImportResult::failure(m_file, line, u"iperf reported an error: %1"_s.arg(t.left(160)));
        if (!m_cur) {
            if (kConnected.match(t).hasMatch() || kRow.match(t).hasMatch())
                begin(line);
            else
                continue;
        }
        Test &cur = *m_cur;
        if (const auto m = kDatagrams.match(t); m.hasMatch()) {
            cur.udp = true;
            cur.params.insert(u"message_size_bytes"_s, m.captured(1).toDouble());
            continue;
        }
        if (const auto m = kBuffer.match(t); m.hasMatch()) {
            cur.params.insert(u"message_size_bytes"_s, m.captured(1).toDouble());
            continue;
        }
        if (const auto m = kWindow.match(t); m.hasMatch()) {
            cur.extra.insert(m.captured(1) == u"UDP buffer size"_s ? u"udp_buffer"_s : u"tcp_window"_s, m.captured(2).left(60));
            continue;
        }
        if (t.contains(u"did not receive ack of last datagram"_s)) {
            cur.noAck = true;
            continue;
        }
        if (const auto m = kConnected.match(t); m.hasMatch()) {
            if (!cur.rows.isEmpty()) {
                // A connection after results: the next test of a server log
                // (or the way back of a client's -r); the header still holds.
                Test next;
                next.firstLine = line;
                next.client = cur.client;
                next.listening = cur.listening;
                next.port = cur.port;
                next.listenPort = cur.listenPort;
                next.udp = cur.udp;
                next.serverHost = cur.serverHost;
                next.params = cur.params;
                next.params.remove(u"client_address"_s);
                next.params.remove(u"server_address"_s);
                next.extra = cur.extra;
                if (!finish())
                    break;
                m_cur = next;
            }
            Test &c = *m_cur;
            Connection conn = Connection::fromMatch(m);
            conn.reverse = m.captured(6).contains(u"reverse"_s, Qt::CaseInsensitive);
            if (!c.connections.contains(m.captured(1)))
                c.connectionOrder.append(m.captured(1));
            c.connections.insert(m.captured(1), conn);
            if (c.client && !c.params.contains(u"client_address"_s)) {
                c.params.insert(u"client_address"_s, conn.localAddress.section(u'%', 0, 0));
                c.params.insert(u"server_address"_s, conn.remoteAddress);
            }
            continue;
        }
        if (t.startsWith(u"[ ID]"_s)) {
            if (t.contains(u"Write/Err"_s) || t.contains(u"Reads"_s) || t.contains(u"NetPwr"_s) || t.contains(u"PPS"_s)
                || t.contains(u"Latency"_s))
                cur.enhanced = true;
            if (t.contains(u"Datagrams"_s))
                cur.udp = true;
            continue;
        }
        if (const auto m = kReport.match(t); m.hasMatch()) {
            cur.pendingServerReport.append(m.captured(1));
            continue;
        }
        if (const auto m = kSent.match(t); m.hasMatch()) {
            cur.sentDatagrams.insert(m.captured(1), m.captured(2).toDouble());
            continue;
        }
        const auto m = kRow.match(t);
        if (!m.hasMatch()) {
            if (t.startsWith(u'[') && t.contains(u" sec "_s) && !t.contains(u"out-of-order"_s))
                return ImportResult::failure(m_file, line,
                                             u"expected an iperf2 row '[ ID] START-END sec TRANSFER UNIT RATE UNIT ...', found '%1'"_s.arg(t.left(100)));
            continue;
        }
        Row row;
        row.line = line;
        row.id = m.captured(1);
        const auto transfer = IperfTransfer::read(m, 2);
        if (!transfer)
            return ImportResult::failure(m_file, line, IperfTransfer::unreadable(t));
        static_cast<IperfTransfer &>(row) = *transfer;
        row.tail = m.captured(8).trimmed();
        if (cur.pendingServerReport.contains(row.id)) {
            row.serverReport = true;
            cur.pendingServerReport.removeOne(row.id);
        }
        bool looksUdp = false;
        parseUdp(row.tail, &looksUdp);
        if (looksUdp)
            cur.udp = true;
        cur.rows.append(row);
    }
    if (!failed())
        finish();
    return result(u"expected iperf 2 output ('Client connecting to ...' / 'Server listening on TCP port "
                  "...' and its report, or -y C lines); found none"_s);
}

} // namespace

ImportResult Iperf2Parser::parse(const QByteArray &data, const QString &fileName)
{
    ImportResult r = Reader(data, fileName).run();
    r.format = u"iperf2"_s;
    return r;
}

bool Iperf2Parser::isIperf2Line(const QString &line)
{
    const QString t = line.trimmed();
    static const QRegularExpression kVersion(uR"(^iperf version 2\.)"_s);
    return clientHeader().match(t).hasMatch() || serverHeader().match(t).hasMatch() || kVersion.match(t).hasMatch()
           || csvLine().match(t).hasMatch();
}

bool Iperf2Parser::recognises(const QByteArray &data)
{
    const ImportText text(data.left(65536));
    for (qsizetype i = 0; i < text.size(); ++i)
        if (isIperf2Line(text.line(i)))
            return true;
    return false;
}

} // namespace wb
