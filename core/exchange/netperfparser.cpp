// SPDX-License-Identifier: GPL-3.0-or-later
#include "logparsers.h"

#include "importcollector.h"
#include "importtext.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QMap>
#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace wb {

namespace {

enum class Family { Stream, Maerts, UdpStream, RequestResponse, Omni };

struct TestName
{
    const char *banner; // as netperf prints it before " TEST"
    Family family;
    const char *kind;
    const char *test; // the -t name
};

constexpr TestName kTests[] = {
    {"TCP STREAM", Family::Stream, "tcp_stream", "TCP_STREAM"},
    {"TCP SENDFILE", Family::Stream, "tcp_stream", "TCP_SENDFILE"},
    {"TCP MAERTS", Family::Maerts, "tcp_stream", "TCP_MAERTS"},
    {"UDP UNIDIRECTIONAL SEND", Family::UdpStream, "udp_stream", "UDP_STREAM"},
    {"UDP STREAM", Family::UdpStream, "udp_stream", "UDP_STREAM"},
    {"TCP REQUEST/RESPONSE", Family::RequestResponse, "tcp_rr", "TCP_RR"},
    {"UDP REQUEST/RESPONSE", Family::RequestResponse, "udp_rr", "UDP_RR"},
    // A connection per transaction measures connection set-up, not the
    // request/response path: its own kind, so it never compares with TCP_RR.
    {"TCP Connect/Request/Response", Family::RequestResponse, "tcp_crr", "TCP_CRR"},
    {"TCP Transactional/Request/Response", Family::RequestResponse, "tcp_rr", "TCP_TRR"},
    {"OMNI Send", Family::Omni, "", "OMNI"},
    {"OMNI Receive", Family::Omni, "", "OMNI"},
    {"OMNI Send|Recv", Family::Omni, "", "OMNI"},
    {"OMNI", Family::Omni, "", "OMNI"},
};

struct Banner
{
    const TestName *test = nullptr;
    bool migrated = false;
    bool newStyle = false; // "from A (ip) port N AF_INET to B ..."
    QString clientHost, clientAddress, serverHost, serverAddress, family;
    QStringList options; // the " : ..." suffixes
};

// "" or "(null)" mean netperf had no name to print.
QString cleanHost(QString h)
{
    h = h.trimmed();
    if (h == u"(null)"_s)
        return QString();
    return h;
}

std::optional<Banner> parseBanner(const QString &raw)
{
    QString line = raw.trimmed();
    Banner b;
    if (line.startsWith(u"MIGRATED "_s)) {
        b.migrated = true;
        line = line.mid(9).trimmed();
    }
    for (const TestName &t : kTests) {
        const QString name = QString::fromLatin1(t.banner) + u" TEST"_s;
        if (!line.startsWith(name, Qt::CaseInsensitive))
            continue;
        QString rest = line.mid(name.size());
        if (!rest.isEmpty() && !rest.at(0).isSpace() && rest.at(0) != u':')
            continue;
        b.test = &t;
        rest = rest.trimmed();
        static const QRegularExpression kNew(
            uR"(^from\s+(\S*)\s*\((.*?)\)\s*port\s+\d+\s+(AF_\w+)\s+to\s+(\S*)\s*\((.*?)\)\s*port\s+\d+\s+AF_\w+\s*(.*)$)"_s);
        static const QRegularExpression kOld(uR"(^to\s+(\S+)\s*(.*)$)"_s);
        QString suffix;
        if (const auto m = kNew.match(rest); m.hasMatch()) {
            b.newStyle = true;
            b.clientHost = cleanHost(m.captured(1));
            b.clientAddress = cleanHost(m.captured(2));
            b.family = m.captured(3);
            b.serverHost = cleanHost(m.captured(4));
            b.serverAddress = cleanHost(m.captured(5));
            suffix = m.captured(6);
        } else if (const auto o = kOld.match(rest); o.hasMatch()) {
            b.serverHost = cleanHost(o.captured(1));
            suffix = o.captured(2);
        } else if (rest.isEmpty() || rest.startsWith(u':')) {
            suffix = rest;
        } else {
            return std::nullopt;
        }
        for (const QString &part : suffix.split(u" : "_s)) {
            QString p = part.trimmed();
            while (p.startsWith(u':'))
                p = p.mid(1).trimmed();
            if (!p.isEmpty())
                b.options.append(p);
        }
        return b;
    }
    return std::nullopt;
}

bool isBanner(const QString &line)
{
    const QString t = line.trimmed();
    if (!t.contains(u" TEST"_s))
        return false;
    return parseBanner(t).has_value();
}

struct UnitConversion
{
    bool transactions = false;
    double toBitsPerSecond = 0; // factor for throughput
};

// netperf's format_units(): 10^Nbits are decimal, [KMG]Bytes are powers of 2.
std::optional<UnitConversion> throughputUnits(QString u)
{
    u = u.trimmed();
    for (const QString &suffix : {u"/sec"_s, u"/s"_s})
        if (u.endsWith(suffix))
            u.chop(suffix.size());
    UnitConversion c;
    if (u.startsWith(u"Trans"_s) || u == u"Tran"_s) {
        c.transactions = true;
        return c;
    }
    static const QRegularExpression kBits(uR"(^10\^(\d{1,2})bits$)"_s);
    if (const auto m = kBits.match(u); m.hasMatch()) {
        double f = 1;
        for (int i = 0; i < m.captured(1).toInt(); ++i)
            f *= 10;
        c.toBitsPerSecond = f;
        return c;
    }
    if (u == u"Bytes"_s)
        c.toBitsPerSecond = 8;
    else if (u == u"KBytes"_s)
        c.toBitsPerSecond = 8.0 * 1024;
    else if (u == u"MBytes"_s)
        c.toBitsPerSecond = 8.0 * 1024 * 1024;
    else if (u == u"GBytes"_s)
        c.toBitsPerSecond = 8.0 * 1024 * 1024 * 1024;
    else
        return std::nullopt;
    return c;
}

QString versionHint(const Banner &b)
{
    if (b.migrated || b.test->family == Family::Omni)
        return u"2.5+"_s;
    return b.newStyle ? u"2.4+"_s : u"<2.4"_s;
}

class Parser : public ImportCollector
{
public:
    Parser(const QByteArray &data, const QString &fileName)
        : ImportCollector(fileName)
        , m_text(data)
    {
    }

    ImportResult run();

private:
    // This reader counts in line indexes.
    bool fail(qsizetype index, const QString &message) { return ImportCollector::fail(ImportText::number(index), message); }
    bool parseBlock(qsizetype bannerIndex, qsizetype &i);
    bool parseClassic(const Banner &b, const QStringList &titles, qsizetype &i, ResultRecord &r);
    bool parseHuman(const QList<qsizetype> &headerLines, qsizetype &i, ResultRecord &r, const Banner *b);
    void finishRequestResponse(qsizetype bannerIndex, ResultRecord &r);
    bool parseKeyval(qsizetype &i, ResultRecord &r, const Banner *b);
    bool parseCsv(qsizetype &i, ResultRecord &r, const Banner *b);
    bool finishOmni(const QMap<QString, QString> &values, qsizetype index, ResultRecord &r, const Banner *b);
    void parseTrailers(qsizetype &i, Family family, ResultRecord &r);
    void applyCommand(ResultRecord &r, qsizetype resultIndex);
    // Nothing arrived: a real result (a dead link) or a broken test; either
    // way the user should look before comparing it.
    void flagZeroReceiver(qsizetype index, ResultRecord &r)
    {
        r.extra.insert(u"receiver_zero_bytes"_s, true);
        warn(ImportText::number(index), u"the receiver reports nothing received"_s);
    }
    static ResultRecord baseRecord(const Banner *b);

    ImportText m_text;
    QString m_command; // the last netperf command line seen before a banner
    qsizetype m_commandIndex = -1; // the line it ended on
};

bool looksLikeKeyval(const QString &line)
{
    static const QRegularExpression kKv(uR"(^\s*[A-Z][A-Z0-9_]*=)"_s);
    return kKv.match(line).hasMatch();
}

bool looksLikeCsvHeader(const QString &line)
{
    return line.contains(u',') && line.contains(u"Throughput"_s) && !line.contains(u'=');
}

// The omni output selectors: -k names and the -o CSV titles netperf prints for them.
struct OmniField
{
    const char *key;
    const char *title;
};
constexpr OmniField kOmniFields[] = {
    {"THROUGHPUT", "Throughput"},
    {"THROUGHPUT_UNITS", "Throughput Units"},
    {"LOCAL_SEND_THROUGHPUT", "Local Send Throughput"},
    {"LOCAL_RECV_THROUGHPUT", "Local Recv Throughput"},
    {"REMOTE_SEND_THROUGHPUT", "Remote Send Throughput"},
    {"REMOTE_RECV_THROUGHPUT", "Remote Recv Throughput"},
    {"ELAPSED_TIME", "Elapsed Time (sec)"},
    {"PROTOCOL", "Protocol"},
    {"DIRECTION", "Direction"},
    {"LSS_SIZE_END", "Local Send Socket Size Final"},
    {"LSR_SIZE_END", "Local Recv Socket Size Final"},
    {"RSS_SIZE_END", "Remote Send Socket Size Final"},
    {"RSR_SIZE_END", "Remote Recv Socket Size Final"},
    {"LOCAL_SEND_SIZE", "Local Send Size"},
    {"REMOTE_RECV_SIZE", "Remote Recv Size"},
    {"REQUEST_SIZE", "Request Size Bytes"},
    {"RESPONSE_SIZE", "Response Size Bytes"},
    {"LOCAL_CPU_UTIL", "Local CPU Util %"},
    {"REMOTE_CPU_UTIL", "Remote CPU Util %"},
    {"LOCAL_CPU_METHOD", "Local CPU Util Method"},
    {"REMOTE_CPU_METHOD", "Remote CPU Util Method"},
    {"LOCAL_SD", "Local Service Demand"},
    {"REMOTE_SD", "Remote Service Demand"},
    {"SD_UNITS", "Service Demand Units"},
    {"MIN_LATENCY", "Minimum Latency Microseconds"},
    {"MAX_LATENCY", "Maximum Latency Microseconds"},
    {"P50_LATENCY", "50th Percentile Latency Microseconds"},
    {"P90_LATENCY", "90th Percentile Latency Microseconds"},
    {"P99_LATENCY", "99th Percentile Latency Microseconds"},
    {"MEAN_LATENCY", "Mean Latency Microseconds"},
    {"STDDEV_LATENCY", "Stddev Latency Microseconds"},
    {"TRANSACTION_RATE", "Transaction Rate Tran/s"},
    {"LOCAL_TRANSPORT_RETRANS", "Local Transport Retransmissions"},
    {"REMOTE_TRANSPORT_RETRANS", "Remote Transport Retransmissions"},
    {"LOCAL_SEND_CALLS", "Local Send Calls"},
    {"REMOTE_RECV_CALLS", "Remote Recv Calls"},
    {"LOCAL_BYTES_SENT", "Local Bytes Sent"},
    {"REMOTE_BYTES_RECVD", "Remote Bytes Received"},
    {"CONFIDENCE_ITERATION", "Confidence Iterations Run"},
    {"CONFIDENCE_LEVEL", "Confidence Level Percent"},
    {"THROUGHPUT_CONFID", "Throughput Confidence Width (%)"},
    {"LOCAL_VERSION", "Local Version"},
    {"REMOTE_HOST", "Remote Host"},
    {"LOCAL_HOST", "Local Host"},
    {"RESULT_BRAND", "Result Tag"},
    {"TEST", "Test"},
};

QString omniKeyForTitle(const QString &title)
{
    for (const OmniField &f : kOmniFields)
        if (title.compare(QString::fromLatin1(f.title), Qt::CaseInsensitive) == 0)
            return QString::fromLatin1(f.key);
    return QString();
}

bool isKnownOmniKey(const QString &key)
{
    for (const OmniField &f : kOmniFields)
        if (key == QString::fromLatin1(f.key))
            return true;
    return false;
}

ResultRecord Parser::baseRecord(const Banner *b)
{
    ResultRecord r;
    r.tool = u"netperf"_s;
    if (!b)
        return r;
    r.kind = QString::fromLatin1(b->test->kind);
    r.toolVersion = versionHint(*b);
    r.extra.insert(u"test"_s, QString::fromLatin1(b->test->test));
    if (b->migrated)
        r.extra.insert(u"migrated"_s, true);
    // "from 0.0.0.0" is the wildcard bind address, not a host name.
    if (!b->clientHost.isEmpty() && b->clientHost != u"0.0.0.0"_s && b->clientHost != u"::"_s)
        r.params.insert(u"client_host"_s, b->clientHost);
    if (!b->clientAddress.isEmpty())
        r.params.insert(u"client_address"_s, b->clientAddress);
    if (!b->serverHost.isEmpty())
        r.params.insert(u"server_host"_s, b->serverHost);
    if (!b->serverAddress.isEmpty())
        r.params.insert(u"server_address"_s, b->serverAddress);
    if (!b->family.isEmpty())
        r.params.insert(u"address_family"_s, b->family);
    if (!b->options.isEmpty())
        r.extra.insert(u"banner_options"_s, QJsonArray::fromStringList(b->options));
    static const QRegularExpression kConf(uR"(^\+/-\s*([0-9.]+)%\s*@\s*([0-9.]+)%\s*conf\.?$)"_s);
    static const QRegularExpression kBurst(uR"(^first burst\s+(\d+)$)"_s);
    for (const QString &o : b->options) {
        if (const auto m = kConf.match(o); m.hasMatch()) {
            r.params.insert(u"confidence_half_width_requested_pct"_s, m.captured(1).toDouble());
            r.params.insert(u"confidence_level_pct"_s, m.captured(2).toDouble());
        } else if (const auto fb = kBurst.match(o); fb.hasMatch()) {
            r.params.insert(u"first_burst"_s, fb.captured(1).toInt());
        } else if (o == u"nodelay"_s) {
            r.params.insert(u"nodelay"_s, true);
        } else if (o == u"demo"_s) {
            r.params.insert(u"demo"_s, true);
        } else if (o == u"histogram"_s) {
            r.params.insert(u"histogram"_s, true);
        }
    }
    const Family f = b->test->family;
    if (f == Family::Stream || f == Family::UdpStream)
        r.params.insert(u"direction"_s, u"client_to_server"_s);
    else if (f == Family::Maerts)
        r.params.insert(u"direction"_s, u"server_to_client"_s);
    return r;
}

void Parser::applyCommand(ResultRecord &r, qsizetype resultIndex)
{
    // A command line belongs to a result only when it stands right above it
    // (a failed run leaves its command without a result).
    if (m_command.isEmpty() || resultIndex - m_commandIndex > 3) {
        m_command.clear();
        return;
    }
    r.extra.insert(u"command"_s, m_command);
    const QStringList t = ImportText::tokens(m_command);
    for (qsizetype k = 0; k + 1 < t.size(); ++k) {
        const QString &opt = t.at(k);
        const auto v = ImportText::toNumber(t.at(k + 1));
        if (opt == u"-l"_s && v && *v > 0 && !r.params.contains(u"duration_s"_s))
            r.params.insert(u"duration_s"_s, *v);
        else if (opt == u"-H"_s && !r.params.contains(u"server_host"_s))
            r.params.insert(u"server_host"_s, t.at(k + 1));
        else if (opt == u"-s"_s && v)
            r.params.insert(u"requested_local_socket_bytes"_s, *v);
        else if (opt == u"-S"_s && v)
            r.params.insert(u"requested_remote_socket_bytes"_s, *v);
    }
    m_command.clear();
}

ImportResult Parser::run()
{
    qsizetype i = 0;
    while (i < m_text.size() && !failed()) {
        const QString &line = m_text.line(i);
        if (isBanner(line)) {
            parseBlock(i, i);
            continue;
        }
        // Omni -k or -o output without a banner.
        const auto parseOmni = looksLikeKeyval(line) && isKnownOmniKey(line.trimmed().section(u'=', 0, 0))
                                   ? &Parser::parseKeyval
                                   : looksLikeCsvHeader(line) ? &Parser::parseCsv : nullptr;
        if (parseOmni) {
            ResultRecord r = baseRecord(nullptr);
            applyCommand(r, i);
            const qsizetype first = i;
            if ((this->*parseOmni)(i, r, nullptr))
                addRecord(r, ImportText::number(first));
            continue;
        }
        // Shell prompts and command lines around the tests: remember the
        // command (it may wrap over several lines) for the next test.
        static const QRegularExpression kCmd(uR"((?:^|[\s>$#/\\])netperf(?:\.exe)?\s+(-.*)$)"_s);
        static const QRegularExpression kPromptChars(uR"([$#>@|])"_s);
        if (const auto m = kCmd.match(line); m.hasMatch()) {
            m_command = u"netperf "_s + m.captured(1).trimmed();
            m_commandIndex = i;
        } else if (!m_command.isEmpty() && i == m_commandIndex + 1 && m_command.size() < 4096
                   && !line.trimmed().isEmpty() && !line.contains(kPromptChars) && i + 1 < m_text.size()
                   && isBanner(m_text.line(i + 1))) {
            // The rest of a command line the terminal or mailer wrapped.
            m_command += u' ' + line.trimmed();
            m_commandIndex = i;
        }
        ++i;
    }
    ImportResult r = result(u"expected netperf output (a test banner such as 'TCP STREAM TEST to HOST', "
                            "omni -o CSV or -k keyval lines); found none"_s);
    r.format = u"netperf"_s;
    return r;
}

// One line of the "!!! WARNING" block netperf prints when the confidence
// interval asked for with -I was not reached (before the table, or after it
// in some versions): kept as a flag, the widths, and ci_width_pct.
void addConfidenceWarning(const QString &line, ResultRecord &r)
{
    static const QRegularExpression kConfLine(
        uR"(^!!!\s*(?:Confidence intervals:)?\s*([A-Za-z][A-Za-z ]*?)\s*:\s*([0-9.]+)%)"_s);
    QJsonObject confidence = r.extra.value(u"confidence"_s).toObject();
    confidence.insert(u"achieved"_s, false);
    r.extra.insert(u"confidence_not_achieved"_s, true);
    if (const auto m = kConfLine.match(line); m.hasMatch()) {
        const QString what = m.captured(1).simplified();
        const double width = m.captured(2).toDouble();
        confidence.insert(what, width);
        if (what == u"Throughput"_s && !r.metric(u"ci_width_pct"_s))
            r.addMetric(u"ci_width_pct"_s, QString(), width);
    }
    r.extra.insert(u"confidence"_s, confidence);
}

bool Parser::parseBlock(qsizetype bannerIndex, qsizetype &i)
{
    const std::optional<Banner> banner = parseBanner(m_text.line(bannerIndex));
    const Banner &b = *banner;
    ResultRecord r = baseRecord(&b);
    applyCommand(r, bannerIndex);
    QStringList titles;
    QList<qsizetype> titleLines; // where the titles are: -O aligns values under them
    i = bannerIndex + 1;
    static const QRegularExpression kInterim(
        uR"(Interim result:\s*(\S+)\s+(\S+)\s+over\s+(\S+)\s+seconds(?:\s+ending at\s+(\S+))?)"_s);
    double sampleTime = 0;
    bool found = false;
    for (; i < m_text.size() && !found; ++i) {
        const QString &line = m_text.line(i);
        const QString t = line.trimmed();
        if (t.isEmpty())
            continue;
        if (t.startsWith(u"!!!"_s)) {
            addConfidenceWarning(t, r);
            continue;
        }
        if (const auto m = kInterim.match(t); m.hasMatch()) {
            const auto v = ImportText::toNumber(m.captured(1));
            const auto d = ImportText::toNumber(m.captured(3));
            const auto units = throughputUnits(m.captured(2));
            if (!v || !d || !units)
                return fail(i, u"expected 'Interim result: VALUE UNITS over SECONDS seconds', found '%1'"_s.arg(t.left(80)));
            sampleTime += *d;
            if (units->transactions)
                r.samples.append(Sample{sampleTime, QString(), u"transactions_per_s"_s, *v});
            else
                r.samples.append(Sample{sampleTime, u"client"_s, u"throughput_bps"_s, ImportText::scaled(*v, units->toBitsPerSecond)});
            continue;
        }
        if (isBanner(line))
            return fail(i, u"expected the results of the %1 test whose banner is on line %2, found another banner"_s.arg(
                               QString::fromLatin1(b.test->test))
                               .arg(ImportText::number(bannerIndex)));
        if (t.startsWith(u"netperf:"_s) || t.startsWith(u"establish_control"_s) || t.startsWith(u"establish control"_s) || t.startsWith(u"send_"_s)
            || t.startsWith(u"recv_"_s) || t.contains(u"failed:"_s))
            return fail(i, u"the %1 test whose banner is on line %2 failed: '%3'"_s.arg(QString::fromLatin1(b.test->test))
                               .arg(ImportText::number(bannerIndex))
                               .arg(t.left(120)));
        if (looksLikeKeyval(line)) {
            if (!parseKeyval(i, r, &b))
                return false;
            found = true;
            break;
        }
        if (looksLikeCsvHeader(line)) {
            if (!parseCsv(i, r, &b))
                return false;
            found = true;
            break;
        }
        if (!ImportText::leadingNumbers(t).isEmpty()) {
            // omni -O: the selected fields' titles in columns, the values below.
            const QString joined = titles.join(u' ');
            if (b.test->family == Family::Omni || joined.contains(u"Throughput Units"_s)
                || (!titles.isEmpty() && titles.first().startsWith(u"Throughput "_s))) {
                if (!parseHuman(titleLines, i, r, &b))
                    return false;
                found = true;
                break;
            }
            if (!parseClassic(b, titles, i, r))
                return false;
            found = true;
            break;
        }
        titles.append(t);
        titleLines.append(i);
        if (titles.size() > 64)
            return fail(i, u"expected the result table of the %1 test whose banner is on line %2"_s.arg(
                               QString::fromLatin1(b.test->test))
                               .arg(ImportText::number(bannerIndex)));
    }
    if (!found)
        return fail(m_text.size() - 1 < bannerIndex ? bannerIndex : m_text.size() - 1,
                    u"expected the result table of the %1 test whose banner is on line %2, found the end of the file"_s.arg(
                        QString::fromLatin1(b.test->test))
                        .arg(ImportText::number(bannerIndex)));
    if (b.test->family != Family::Omni)
        parseTrailers(i, b.test->family, r);
    if (b.test->family == Family::RequestResponse)
        finishRequestResponse(bannerIndex, r);
    addRecord(r, ImportText::number(bannerIndex));
    return true;
}

// With -f other than x an RR table prints the request plus response bytes
// per second in that unit where the rate would be; the rate itself is then
// only in the -v 2 block. Without that block it follows from the throughput
// and the sizes (netperf computes the column as rate x (request + response)).
void Parser::finishRequestResponse(qsizetype bannerIndex, ResultRecord &r)
{
    const QString rateName = r.kind == u"tcp_crr"_s ? u"connections_per_s"_s : u"transactions_per_s"_s;
    if (r.kind == u"tcp_crr"_s) {
        // Omni and -v 2 name the rate "transactions"; for TCP_CRR each one is a connection.
        for (Metric &m : r.metrics)
            if (m.name == u"transactions_per_s"_s) {
                m.name = rateName;
                m.unit = canonicalUnit(rateName);
            }
        r.params.insert(u"transaction"_s, u"connect, request, response, close"_s);
    }
    if (r.metric(rateName))
        return;
    const auto tput = r.metric(u"throughput_bps"_s, QString());
    const double bytes = r.params.value(u"request_size_bytes"_s).toDouble() + r.params.value(u"response_size_bytes"_s).toDouble();
    if (!tput || bytes <= 0)
        return;
    r.addMetric(rateName, QString(), *tput / 8.0 / bytes);
    r.extra.insert(u"rate_derived_from_throughput"_s, true);
    warn(ImportText::number(bannerIndex),
         u"the %1 table shows a throughput (-f), not the rate; %2 is derived from it and the "
         "request and response sizes (add -v 2 for netperf's own figure)"_s.arg(r.extra.value(u"test"_s).toString(), rateName));
}

bool Parser::parseClassic(const Banner &b, const QStringList &titles, qsizetype &i, ResultRecord &r)
{
    const QString title = titles.join(u'\n');
    const bool cpu = title.contains(u"CPU"_s) || title.contains(u"Utilization"_s) || title.contains(u"S.dem"_s)
                     || title.contains(u"Service"_s);
    // The CPU measurement method letters: "% S" after the utilisation columns.
    static const QRegularExpression kMethod(uR"(%\s([A-Z?])\b)"_s);
    QStringList methods;
    for (auto it = kMethod.globalMatch(title); it.hasNext();)
        methods.append(it.next().captured(1));
    if (methods.size() >= 1)
        r.extra.insert(u"cpu_method_client"_s, methods.at(0));
    if (methods.size() >= 2)
        r.extra.insert(u"cpu_method_server"_s, methods.at(1));
    // netperf pads the unit to 8 columns before "/s" (its "%-8.8s/s"):
    // "MBytes  /s" with -c -C -f M.
    static const QRegularExpression kUnits(uR"(((?:10\^\d+bits)|(?:[KMG]?Bytes))\s*/s(?:ec)?)"_s);
    const Family family = b.test->family;
    std::optional<UnitConversion> units;
    QString unitText;
    if (family == Family::RequestResponse) {
        // The RR titles have a "Bytes" column of their own; a unit is only
        // there when -f replaced the rate by a throughput.
        static const QRegularExpression kRrTput(uR"(Time\s+((?:10\^\d+bits)|(?:[KMG]?Bytes))\s+local)"_s);
        if (const auto m = kRrTput.match(title); m.hasMatch() && title.contains(u"Tput"_s))
            unitText = m.captured(1);
        else if (const auto m2 = kUnits.match(title); m2.hasMatch() && title.contains(u"Throughput"_s))
            unitText = m2.captured(1);
    } else if (const auto m = kUnits.match(title); m.hasMatch()) {
        unitText = m.captured(1);
    }
    if (!unitText.isEmpty())
        units = throughputUnits(unitText);
    if (!units && family != Family::RequestResponse && title.contains(u"Throughput Units"_s))
        return fail(i, u"omni -O (human-readable columns) is not read; run netperf with -o (CSV) or -k (keyval)"_s);
    if (!units && family != Family::RequestResponse)
        return fail(i, u"expected a throughput unit such as '10^6bits/sec' or 'KBytes/sec' in the table header above"_s);
    if (units)
        r.params.insert(u"reported_units"_s, unitText + u"/s"_s);

    QString rest;
    const QList<double> row = ImportText::leadingNumbers(m_text.line(i), &rest);
    if (!rest.isEmpty())
        r.extra.insert(u"result_brand"_s, rest);
    const QString testName = QString::fromLatin1(b.test->test);
    auto need = [&](qsizetype n, const QString &columns) {
        if (row.size() >= n)
            return true;
        return fail(i, u"expected %1 numbers (%2) in the %3 result row, found %4"_s.arg(n).arg(columns, testName).arg(row.size()));
    };
    // A CPU figure; netperf prints a negative one for what it did not measure.
    auto measured = [&](const QString &name, const QString &side, double v) {
        if (v >= 0)
            r.addMetric(name, side, v);
    };
    auto cpuMetrics = [&](double lu, double ru, double lsd, double rsd, const QString &sdName) {
        measured(u"cpu_util_pct"_s, u"client"_s, lu);
        measured(u"cpu_util_pct"_s, u"server"_s, ru);
        measured(sdName, u"client"_s, lsd);
        measured(sdName, u"server"_s, rsd);
    };
    switch (family) {
    case Family::Stream:
    case Family::Maerts: {
        if (!need(cpu ? 9 : 5, cpu ? u"recv socket, send socket, message size, elapsed, throughput, 2 CPU, 2 service demand"_s
                                   : u"recv socket, send socket, message size, elapsed, throughput"_s))
            return false;
        r.params.insert(u"recv_socket_bytes"_s, row[0]);
        r.params.insert(u"send_socket_bytes"_s, row[1]);
        r.params.insert(u"message_size_bytes"_s, row[2]);
        r.addMetric(u"elapsed_s"_s, QString(), row[3]);
        r.addMetric(u"throughput_bps"_s, u"client"_s, ImportText::scaled(row[4], units->toBitsPerSecond));
        if (cpu)
            cpuMetrics(row[5], row[6], row[7], row[8], u"service_demand_us_per_kb"_s);
        ++i;
        return true;
    }
    case Family::UdpStream: {
        if (!need(cpu ? 8 : 6, cpu ? u"socket, message size, elapsed, messages okay, errors, throughput, CPU, service demand"_s
                                   : u"socket, message size, elapsed, messages okay, errors, throughput"_s))
            return false;
        const qsizetype first = i;
        i = m_text.nextNonBlank(i + 1);
        const QList<double> recv = i < m_text.size() ? ImportText::leadingNumbers(m_text.line(i)) : QList<double>();
        const qsizetype recvNeed = cpu ? 6 : 4;
        if (recv.size() < recvNeed)
            return fail(i < m_text.size() ? i : first,
                        u"expected the receiver row of the UDP_STREAM result on line %1 (%2 numbers: socket, elapsed, messages, "
                        "throughput%3)"_s.arg(ImportText::number(first))
                            .arg(recvNeed)
                            .arg(cpu ? u", CPU, service demand"_s : QString()));
        r.params.insert(u"send_socket_bytes"_s, row[0]);
        r.params.insert(u"message_size_bytes"_s, row[1]);
        r.params.insert(u"recv_socket_bytes"_s, recv[0]);
        r.addMetric(u"messages"_s, u"client"_s, row[3]);
        r.addMetric(u"send_errors"_s, u"client"_s, row[4]);
        r.addMetric(u"throughput_bps"_s, u"client"_s, ImportText::scaled(row[5], units->toBitsPerSecond));
        r.addMetric(u"elapsed_s"_s, u"client"_s, row[2]);
        if (cpu) {
            measured(u"cpu_util_pct"_s, u"client"_s, row[6]);
            measured(u"service_demand_us_per_kb"_s, u"client"_s, row[7]);
        }
        r.addMetric(u"messages"_s, u"server"_s, recv[2]);
        r.addMetric(u"throughput_bps"_s, u"server"_s, ImportText::scaled(recv[3], units->toBitsPerSecond));
        r.addMetric(u"elapsed_s"_s, u"server"_s, recv[1]);
        if (cpu) {
            measured(u"cpu_util_pct"_s, u"server"_s, recv[4]);
            measured(u"service_demand_us_per_kb"_s, u"server"_s, recv[5]);
        }
        if (row[3] > 0)
            r.addMetric(u"loss_ratio"_s, QString(), std::max(0.0, (row[3] - recv[2]) / row[3]));
        if (recv[2] == 0)
            flagZeroReceiver(i, r);
        ++i;
        return true;
    }
    case Family::RequestResponse: {
        if (!need(cpu ? 10 : 6, cpu ? u"send socket, recv socket, request, response, elapsed, rate, 2 CPU, 2 service demand"_s
                                    : u"send socket, recv socket, request size, response size, elapsed, rate"_s))
            return false;
        r.params.insert(u"send_socket_bytes"_s, row[0]);
        r.params.insert(u"recv_socket_bytes"_s, row[1]);
        r.params.insert(u"request_size_bytes"_s, row[2]);
        r.params.insert(u"response_size_bytes"_s, row[3]);
        if (units) {
            // Both directions' payload per second, in the -f unit.
            r.addMetric(u"throughput_bps"_s, QString(), ImportText::scaled(row[5], units->toBitsPerSecond));
            r.params.insert(u"throughput_counts"_s, u"request and response bytes"_s);
        } else {
            r.addMetric(u"transactions_per_s"_s, QString(), row[5]);
        }
        r.addMetric(u"elapsed_s"_s, QString(), row[4]);
        if (cpu)
            cpuMetrics(row[6], row[7], row[8], row[9],
                       title.contains(u"us/KB"_s) ? u"service_demand_us_per_kb"_s : u"service_demand_us_per_tr"_s);
        // The remote socket sizes follow on their own row.
        const qsizetype next = m_text.nextNonBlank(i + 1);
        if (next < m_text.size()) {
            const QList<double> remote = ImportText::leadingNumbers(m_text.line(next));
            QString tail;
            ImportText::leadingNumbers(m_text.line(next), &tail);
            if (remote.size() == 2 && tail.isEmpty()) {
                r.params.insert(u"remote_send_socket_bytes"_s, remote[0]);
                r.params.insert(u"remote_recv_socket_bytes"_s, remote[1]);
                i = next;
            }
        }
        ++i;
        return true;
    }
    case Family::Omni:
        break;
    }
    return fail(i, u"expected a classic netperf result table"_s);
}

void Parser::parseTrailers(qsizetype &i, Family family, ResultRecord &r)
{
    // Optional blocks after the table, up to the next banner: -v 2 verbose
    // figures, the MSS, histograms. Anything else (prose, prompts) is skipped.
    while (i < m_text.size()) {
        const QString t = m_text.line(i).trimmed();
        if (isBanner(t) || (looksLikeKeyval(t) && isKnownOmniKey(t.section(u'=', 0, 0))) || looksLikeCsvHeader(t))
            return;
        static const QRegularExpression kCmd(uR"((?:^|[\s>$#/\\])netperf(?:\.exe)?\s+-)"_s);
        if (kCmd.match(t).hasMatch())
            return;
        if (t.startsWith(u"!!!"_s)) {
            addConfidenceWarning(t, r);
            ++i;
            continue;
        }
        if (t.startsWith(u"Alignment"_s)) {
            static const QRegularExpression kXferUnits(uR"(Offset\s+(\S+))"_s);
            const QString unitWord = kXferUnits.match(t).captured(1);
            qsizetype k = i + 1;
            while (k < m_text.size() && k < i + 6 && ImportText::leadingNumbers(m_text.line(k)).isEmpty())
                ++k;
            if (k >= m_text.size() || k >= i + 6) {
                ++i;
                continue;
            }
            const QList<double> v = ImportText::leadingNumbers(m_text.line(k));
            QJsonObject verbose;
            verbose.insert(u"alignment_local"_s, v.value(0));
            verbose.insert(u"alignment_remote"_s, v.value(1));
            verbose.insert(u"offset_local"_s, v.value(2));
            verbose.insert(u"offset_remote"_s, v.value(3));
            if (family == Family::RequestResponse && v.size() >= 8) {
                // Latency per transaction as netperf printed it (already
                // multiplied by 1 + first burst with -b), and the real rate.
                r.addMetric(u"latency_us_mean"_s, QString(), v[4]);
                if (!r.metric(u"transactions_per_s"_s))
                    r.addMetric(u"transactions_per_s"_s, QString(), v[5]);
                verbose.insert(u"outbound"_s, v[6]);
                verbose.insert(u"inbound"_s, v[7]);
            } else if (v.size() >= 9) {
                double factor = 0;
                if (const auto u = throughputUnits(unitWord); u && !u->transactions)
                    factor = u->toBitsPerSecond / 8;
                if (factor > 0)
                    r.addMetric(u"bytes"_s, u"client"_s, v[4] * factor);
                verbose.insert(u"sends"_s, v[6]);
                verbose.insert(u"bytes_per_send"_s, v[5]);
                verbose.insert(u"recvs"_s, v[8]);
                verbose.insert(u"bytes_per_recv"_s, v[7]);
            }
            r.extra.insert(u"verbose"_s, verbose);
            i = k + 1;
            continue;
        }
        if (t == u"Maximum"_s && i + 3 < m_text.size() && m_text.line(i + 1).trimmed() == u"Segment"_s) {
            const QList<double> mss = ImportText::leadingNumbers(m_text.line(i + 3));
            if (!mss.isEmpty())
                r.extra.insert(u"mss_bytes"_s, mss.first());
            i += 4;
            continue;
        }
        if (t.startsWith(u"Histogram of"_s)) {
            QJsonObject hist;
            hist.insert(u"title"_s, t);
            QJsonObject buckets;
            qsizetype k = i + 1;
            static const QRegularExpression kRow(uR"(^([A-Z_>0-9]+)\s*:(.*)$)"_s);
            for (; k < m_text.size(); ++k) {
                const QString h = m_text.line(k).trimmed();
                const auto m = kRow.match(h);
                if (!m.hasMatch())
                    break;
                QJsonArray counts;
                for (const QString &c : m.captured(2).split(u':', Qt::SkipEmptyParts))
                    if (const auto n = ImportText::toNumber(c.trimmed()))
                        counts.append(*n);
                if (m.captured(1) == u"HIST_TOTAL"_s)
                    hist.insert(u"total"_s, counts.isEmpty() ? 0.0 : counts.first().toDouble());
                else
                    buckets.insert(m.captured(1), counts);
            }
            hist.insert(u"buckets"_s, buckets);
            r.extra.insert(u"histogram"_s, hist);
            i = k;
            continue;
        }
        ++i;
    }
}

bool Parser::parseKeyval(qsizetype &i, ResultRecord &r, const Banner *b)
{
    QMap<QString, QString> values;
    const qsizetype start = i;
    for (; i < m_text.size(); ++i) {
        const QString t = m_text.line(i).trimmed();
        if (!looksLikeKeyval(t))
            break;
        values.insert(t.section(u'=', 0, 0), t.section(u'=', 1));
    }
    return finishOmni(values, start, r, b);
}

// omni -O: each selected field is a column, its title over up to four lines
// and its value below, both starting at the column's first character
// (netperf's print_omni_human pads every column to its widest line + 1).
bool Parser::parseHuman(const QList<qsizetype> &headerLines, qsizetype &i, ResultRecord &r, const Banner *b)
{
    const QString values = m_text.line(i);
    QList<qsizetype> starts;
    for (qsizetype k = 0; k < values.size(); ++k)
        if (!values.at(k).isSpace() && (k == 0 || values.at(k - 1).isSpace()))
            starts.append(k);
    if (headerLines.isEmpty() || starts.isEmpty())
        return fail(i, u"expected omni -O titles above this line of values"_s);
    for (qsizetype h : headerLines) {
        const QString &line = m_text.line(h);
        const qsizetype lead = line.indexOf(line.trimmed());
        if (lead >= 0 && lead < starts.first())
            return fail(h, u"expected the omni -O titles to line up with the values on line %1; this title has no value "
                           "below it"_s.arg(ImportText::number(i)));
    }
    QMap<QString, QString> keyed;
    QJsonObject unknown;
    for (qsizetype c = 0; c < starts.size(); ++c) {
        const qsizetype from = starts.at(c);
        const qsizetype len = c + 1 < starts.size() ? starts.at(c + 1) - from : -1;
        QStringList parts;
        for (qsizetype h : headerLines) {
            const QString part = m_text.line(h).mid(from, len).trimmed();
            if (!part.isEmpty())
                parts.append(part);
        }
        const QString title = parts.join(u' ');
        const QString value = values.mid(from, len).trimmed();
        if (title.isEmpty())
            return fail(i, u"expected an omni -O title above the value '%1' (column %2)"_s.arg(value.left(40)).arg(from + 1));
        const QString key = omniKeyForTitle(title);
        if (key.isEmpty())
            unknown.insert(title, value);
        else
            keyed.insert(key, value);
    }
    if (!unknown.isEmpty())
        r.extra.insert(u"omni_other"_s, unknown);
    const qsizetype valuesIndex = i;
    ++i;
    if (!finishOmni(keyed, valuesIndex, r, b))
        return false;
    r.extra.insert(u"omni_output"_s, u"-O (columns)"_s);
    return true;
}

bool Parser::parseCsv(qsizetype &i, ResultRecord &r, const Banner *b)
{
    const qsizetype headerIndex = i;
    const std::optional<QStringList> headerFields = splitCsvFields(m_text.line(i));
    if (!headerFields)
        return fail(headerIndex, u"an unterminated quote in the omni CSV header"_s);
    const QStringList header = *headerFields;
    const qsizetype valuesIndex = m_text.nextNonBlank(i + 1);
    if (valuesIndex >= m_text.size())
        return fail(headerIndex, u"expected a line of omni CSV values after this header, found the end of the file"_s);
    const std::optional<QStringList> valueFields = splitCsvFields(m_text.line(valuesIndex));
    if (!valueFields)
        return fail(valuesIndex, u"an unterminated quote in the omni CSV values"_s);
    const QStringList values = *valueFields;
    if (values.size() < header.size())
        return fail(valuesIndex, u"expected %1 comma-separated values for the omni CSV header on line %2, found %3"_s.arg(
                                     header.size())
                                     .arg(ImportText::number(headerIndex))
                                     .arg(values.size()));
    QMap<QString, QString> keyed;
    QJsonObject unknown;
    for (qsizetype k = 0; k < header.size(); ++k) {
        const QString key = omniKeyForTitle(header.at(k));
        if (key.isEmpty())
            unknown.insert(header.at(k), values.at(k));
        else
            keyed.insert(key, values.at(k));
    }
    if (!unknown.isEmpty())
        r.extra.insert(u"omni_other"_s, unknown);
    if (values.size() > header.size())
        r.extra.insert(u"omni_extra_fields"_s, QJsonArray::fromStringList(values.mid(header.size())));
    i = valuesIndex + 1;
    return finishOmni(keyed, valuesIndex, r, b);
}

bool Parser::finishOmni(const QMap<QString, QString> &v, qsizetype index, ResultRecord &r, const Banner *b)
{
    auto num = [&](const QString &key) -> std::optional<double> {
        if (!v.contains(key))
            return std::nullopt;
        return ImportText::toNumber(v.value(key));
    };
    if (!v.contains(u"THROUGHPUT"_s) && !v.contains(u"TRANSACTION_RATE"_s) && !v.contains(u"MEAN_LATENCY"_s))
        return fail(index, u"expected THROUGHPUT (or TRANSACTION_RATE, MEAN_LATENCY) among the omni output values"_s);
    // Every value that is present must be what its name says.
    for (auto it = v.cbegin(); it != v.cend(); ++it) {
        static const QStringList kText{u"THROUGHPUT_UNITS"_s, u"PROTOCOL"_s, u"DIRECTION"_s, u"SD_UNITS"_s,
                                       u"LOCAL_VERSION"_s,    u"REMOTE_HOST"_s, u"LOCAL_HOST"_s, u"RESULT_BRAND"_s,
                                       u"TEST"_s,             u"LOCAL_CPU_METHOD"_s, u"REMOTE_CPU_METHOD"_s};
        if (isKnownOmniKey(it.key()) && !kText.contains(it.key()) && !ImportText::toNumber(it.value().trimmed()))
            return fail(index, u"expected a number for omni field %1, found '%2'"_s.arg(it.key(), it.value().left(40)));
    }
    const QString protocol = v.value(u"PROTOCOL"_s).toUpper();
    const QString direction = v.value(u"DIRECTION"_s);
    const QString unitText = v.value(u"THROUGHPUT_UNITS"_s);
    std::optional<UnitConversion> units;
    if (!unitText.isEmpty()) {
        units = throughputUnits(unitText);
        if (!units)
            return fail(index, u"expected THROUGHPUT_UNITS such as '10^6bits/s', 'KBytes/s' or 'Trans/s', found '%1'"_s.arg(unitText));
    }
    bool rr = (units && units->transactions) || direction.contains(u'|') || v.contains(u"TRANSACTION_RATE"_s)
              || v.contains(u"REQUEST_SIZE"_s);
    if (b && b->test->family == Family::RequestResponse)
        rr = true;
    bool udp = protocol == u"UDP"_s || (b && QString::fromLatin1(b->test->kind).startsWith(u"udp"_s));
    if (b && b->test->family != Family::Omni)
        r.kind = QString::fromLatin1(b->test->kind);
    else if (rr && !udp && v.value(u"TEST"_s).trimmed().compare(u"TCP_CRR"_s, Qt::CaseInsensitive) == 0)
        r.kind = u"tcp_crr"_s;
    else
        r.kind = rr ? (udp ? u"udp_rr"_s : u"tcp_rr"_s) : (udp ? u"udp_stream"_s : u"tcp_stream"_s);
    const bool receiveTest = direction.startsWith(u"Recv"_s) || direction.startsWith(u"Receive"_s)
                             || (b && b->test->family == Family::Maerts);
    if (!rr && !r.params.contains(u"direction"_s))
        r.params.insert(u"direction"_s, receiveTest ? u"server_to_client"_s : u"client_to_server"_s);
    // Omni's THROUGHPUT of a stream test is what the receiving end counted
    // (the remote end's bytes for a send test): it belongs to the receiver.
    const QString receiverSide = receiveTest ? u"client"_s : u"server"_s;
    if (v.contains(u"LOCAL_VERSION"_s))
        r.toolVersion = v.value(u"LOCAL_VERSION"_s);
    else if (r.toolVersion.isEmpty())
        r.toolVersion = u"2.5+"_s;
    r.extra.insert(u"output"_s, u"omni"_s);
    const double bitsFactor = units ? units->toBitsPerSecond : 1e6;
    if (const auto t = num(u"THROUGHPUT"_s)) {
        if (rr || (units && units->transactions))
            r.addMetric(u"transactions_per_s"_s, QString(), *t);
        else
            r.addMetric(u"throughput_bps"_s, receiverSide, ImportText::scaled(*t, bitsFactor));
    }
    if (!rr && !(units && units->transactions)) {
        // The per-end figures say which end they are.
        const struct
        {
            const char *key;
            const char *side;
            bool sends;
        } kEnds[] = {{"LOCAL_SEND_THROUGHPUT", "client", true},
                     {"LOCAL_RECV_THROUGHPUT", "client", false},
                     {"REMOTE_SEND_THROUGHPUT", "server", true},
                     {"REMOTE_RECV_THROUGHPUT", "server", false}};
        for (const auto &e : kEnds) {
            const QString side = QString::fromLatin1(e.side);
            // A stream's end sends or receives, not both; the other figure is 0.
            if (e.sends == (side == receiverSide))
                continue;
            if (const auto t = num(QString::fromLatin1(e.key)); t && *t >= 0 && !r.metric(u"throughput_bps"_s, side))
                r.addMetric(u"throughput_bps"_s, side, ImportText::scaled(*t, bitsFactor));
        }
    }
    if (const auto t = num(u"TRANSACTION_RATE"_s); t && !r.metric(u"transactions_per_s"_s))
        r.addMetric(u"transactions_per_s"_s, QString(), *t);
    if (const auto t = num(u"ELAPSED_TIME"_s))
        r.addMetric(u"elapsed_s"_s, QString(), *t);
    auto param = [&](const char *key, const char *name) {
        if (const auto t = num(QString::fromLatin1(key)); t && *t >= 0)
            r.params.insert(QString::fromLatin1(name), *t);
    };
    if (rr) {
        param("LSS_SIZE_END", "send_socket_bytes");
        param("LSR_SIZE_END", "recv_socket_bytes");
        param("RSS_SIZE_END", "remote_send_socket_bytes");
        param("RSR_SIZE_END", "remote_recv_socket_bytes");
        param("REQUEST_SIZE", "request_size_bytes");
        param("RESPONSE_SIZE", "response_size_bytes");
    } else {
        param("LSS_SIZE_END", "send_socket_bytes");
        param("RSR_SIZE_END", "recv_socket_bytes");
        param("LOCAL_SEND_SIZE", "message_size_bytes");
    }
    auto metric = [&](const char *key, const char *name, const QString &side) {
        if (const auto t = num(QString::fromLatin1(key)); t && *t >= 0)
            r.addMetric(QString::fromLatin1(name), side, *t);
    };
    metric("LOCAL_CPU_UTIL", "cpu_util_pct", u"client"_s);
    metric("REMOTE_CPU_UTIL", "cpu_util_pct", u"server"_s);
    const QString sd = v.value(u"SD_UNITS"_s).contains(u"Tran"_s) || (rr && !v.value(u"SD_UNITS"_s).contains(u"KB"_s))
                           ? u"service_demand_us_per_tr"_s
                           : u"service_demand_us_per_kb"_s;
    if (const auto t = num(u"LOCAL_SD"_s); t && *t >= 0)
        r.addMetric(sd, u"client"_s, *t);
    if (const auto t = num(u"REMOTE_SD"_s); t && *t >= 0)
        r.addMetric(sd, u"server"_s, *t);
    metric("MIN_LATENCY", "latency_us_min", QString());
    metric("MEAN_LATENCY", "latency_us_mean", QString());
    metric("P50_LATENCY", "latency_us_p50", QString());
    metric("P90_LATENCY", "latency_us_p90", QString());
    metric("P99_LATENCY", "latency_us_p99", QString());
    metric("MAX_LATENCY", "latency_us_max", QString());
    metric("STDDEV_LATENCY", "latency_us_stddev", QString());
    metric("LOCAL_TRANSPORT_RETRANS", "retransmits", u"client"_s);
    metric("REMOTE_TRANSPORT_RETRANS", "retransmits", u"server"_s);
    metric("LOCAL_BYTES_SENT", "bytes", u"client"_s);
    metric("REMOTE_BYTES_RECVD", "bytes", u"server"_s);
    metric("CONFIDENCE_ITERATION", "iterations", QString());
    metric("THROUGHPUT_CONFID", "ci_width_pct", QString());
    metric("CONFIDENCE_LEVEL", "ci_level_pct", QString());
    if (udp && !rr) {
        metric("LOCAL_SEND_CALLS", "messages", u"client"_s);
        metric("REMOTE_RECV_CALLS", "messages", u"server"_s);
        const auto sent = num(u"LOCAL_SEND_CALLS"_s);
        const auto recvd = num(u"REMOTE_RECV_CALLS"_s);
        if (sent && recvd && *sent > 0 && *recvd >= 0)
            r.addMetric(u"loss_ratio"_s, QString(), std::max(0.0, (*sent - *recvd) / *sent));
    }
    if (!rr)
        if (const auto received = r.metric(u"throughput_bps"_s, receiverSide); received && *received == 0)
            flagZeroReceiver(index, r);
    if (r.kind == u"tcp_crr"_s)
        for (Metric &m : r.metrics)
            if (m.name == u"transactions_per_s"_s) {
                m.name = u"connections_per_s"_s;
                m.unit = canonicalUnit(m.name);
            }
    for (const char *key : {"LOCAL_CPU_METHOD", "REMOTE_CPU_METHOD", "RESULT_BRAND", "TEST", "PROTOCOL", "DIRECTION"}) {
        const QString k = QString::fromLatin1(key);
        if (v.contains(k))
            r.extra.insert(k.toLower(), v.value(k));
    }
    if (v.contains(u"REMOTE_HOST"_s) && !r.params.contains(u"server_host"_s))
        r.params.insert(u"server_host"_s, v.value(u"REMOTE_HOST"_s));
    QJsonObject others;
    for (auto it = v.cbegin(); it != v.cend(); ++it)
        if (!isKnownOmniKey(it.key()))
            others.insert(it.key(), it.value());
    if (!others.isEmpty())
        r.extra.insert(u"omni_other"_s, others);
    return true;
}

} // namespace

ImportResult NetperfParser::parse(const QByteArray &data, const QString &fileName)
{
    return Parser(data, fileName).run();
}

bool NetperfParser::isNetperfLine(const QString &l)
{
    return isBanner(l) || l.startsWith(u"THROUGHPUT="_s) || (looksLikeCsvHeader(l) && l.contains(u"Throughput Units"_s));
}

bool NetperfParser::recognises(const QByteArray &data)
{
    const ImportText text(data.left(1 << 20));
    for (qsizetype i = 0; i < text.size(); ++i)
        if (isNetperfLine(text.line(i)))
            return true;
    return false;
}

} // namespace wb
