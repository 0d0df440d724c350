// SPDX-License-Identifier: GPL-3.0-or-later
#include "condition.h"

#include <QCoreApplication>
#include <QJsonValue>
#include <QRegularExpression>

#include <cmath>

using namespace Qt::StringLiterals;

namespace wb {

namespace {

// The translation context of the displayed labels (docs/translations.md).
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(wb::Condition)
};

std::optional<QString> integerText(const QJsonValue &v)
{
    if (v.isDouble() && std::isfinite(v.toDouble()) && v.toDouble() >= 0)
        return QString::number(static_cast<qint64>(std::llround(v.toDouble())));
    if (v.isString()) {
        bool ok = false;
        const double d = v.toString().toDouble(&ok);
        if (ok && std::isfinite(d) && d >= 0)
            return QString::number(static_cast<qint64>(std::llround(d)));
    }
    return std::nullopt;
}

std::optional<QString> bytesAt(const QJsonObject &p, const QString &key)
{
    return p.contains(key) ? integerText(p.value(key)) : std::nullopt;
}

std::optional<QString> messageSize(const QJsonObject &p) { return bytesAt(p, u"message_size_bytes"_s); }
std::optional<QString> requestSize(const QJsonObject &p) { return bytesAt(p, u"request_size_bytes"_s); }
std::optional<QString> responseSize(const QJsonObject &p) { return bytesAt(p, u"response_size_bytes"_s); }
std::optional<QString> fileSize(const QJsonObject &p) { return bytesAt(p, u"file_size_bytes"_s); }
std::optional<QString> frameSize(const QJsonObject &p) { return bytesAt(p, u"frame_size_bytes"_s); }

// A packet test's size as the UDP payload our agent sends: pktgen and the
// router reports state the Ethernet frame without its check sequence
// (14 + 20 + 8 bytes of headers before the payload).
std::optional<QString> payloadSize(const QJsonObject &p)
{
    if (auto m = messageSize(p))
        return m;
    if (auto frame = bytesAt(p, u"packet_size_bytes"_s)) {
        const qint64 payload = frame->toLongLong() - 42;
        return QString::number(std::max<qint64>(payload, 0));
    }
    return std::nullopt;
}

// Socket buffers as asked for: netperf's -s/-S (Linux reports twice the
// size asked for, which is what the plain keys then hold). 0: the system's.
std::optional<QString> socketBytes(const QJsonObject &p, const QString &key)
{
    QJsonValue v = p.value(u"requested_"_s + key);
    if (v.isUndefined())
        v = p.value(key);
    if (v.isUndefined())
        return std::nullopt;
    const auto n = integerText(v);
    if (!n)
        return std::nullopt;
    return *n == u"0"_s ? u"default"_s : *n;
}
std::optional<QString> sendSocket(const QJsonObject &p) { return socketBytes(p, u"send_socket_bytes"_s); }
std::optional<QString> recvSocket(const QJsonObject &p) { return socketBytes(p, u"recv_socket_bytes"_s); }

std::optional<QString> sink(const QJsonObject &p)
{
    if (!p.contains(u"sink"_s))
        return std::nullopt;
    const QString s = p.value(u"sink"_s).toString().trimmed().toLower();
    if (s == u"/dev/null"_s || s == u"devnull"_s || s == u"null"_s || s == u"discard"_s)
        return u"devnull"_s;
    if (s == u"file"_s || s == u"disk"_s)
        return u"file"_s;
    return s.isEmpty() ? std::nullopt : std::optional(s);
}

// A switch as "on" / "off"; absent when the figure does not say.
std::optional<QString> onOff(const QJsonObject &p, const QString &key)
{
    if (!p.contains(key))
        return std::nullopt;
    return p.value(key).toBool() ? u"on"_s : u"off"_s;
}

std::optional<QString> fsyncFlag(const QJsonObject &p) { return onOff(p, u"fsync"_s); }
// A file transfer written with O_DIRECT (agents/filetransfertest.h).
std::optional<QString> directIo(const QJsonObject &p) { return onOff(p, u"direct_io"_s); }

std::optional<QString> direction(const QJsonObject &p)
{
    if (p.value(u"bidirectional"_s).toBool())
        return u"bidirectional"_s;
    if (!p.contains(u"direction"_s))
        return std::nullopt;
    const QString d = p.value(u"direction"_s).toString().trimmed().toLower();
    if (d.contains(u"bidir"_s))
        return u"bidirectional"_s;
    if (d == u"client_to_server"_s || d == u"forward"_s || d == u"upload"_s || d == u"transmit"_s)
        return u"forward"_s;
    if (d == u"server_to_client"_s || d == u"reverse"_s || d == u"download"_s)
        return u"reverse"_s;
    // Anything else is kept as the source wrote it: it matches nothing.
    return d.isEmpty() ? std::nullopt : std::optional(d);
}

// A rate limit as given; 0 (or below) is none.
std::optional<QString> rateAt(const QJsonObject &p, const QString &key)
{
    if (!p.contains(key))
        return std::nullopt;
    const double r = p.value(key).toDouble();
    return r > 0 ? QString::number(r, 'g', 10) : u"unlimited"_s;
}

std::optional<QString> rate(const QJsonObject &p) { return rateAt(p, u"rate_pps"_s); }
std::optional<QString> probeRate(const QJsonObject &p) { return rateAt(p, u"probe_rate_pps"_s); }

// The socket knobs (agents/testparams.cpp): unset is the system's own.
std::optional<QString> tos(const QJsonObject &p)
{
    if (!p.contains(u"tos"_s))
        return std::nullopt;
    const auto n = integerText(p.value(u"tos"_s));
    return n && *n == u"0"_s ? u"default"_s : n;
}

std::optional<QString> congestionControl(const QJsonObject &p)
{
    const QString c = p.value(u"congestion_control"_s).toString().trimmed().toLower();
    return c.isEmpty() ? std::nullopt : std::optional(c);
}

std::optional<QString> mss(const QJsonObject &p)
{
    return p.contains(u"mss_bytes"_s) ? integerText(p.value(u"mss_bytes"_s)) : std::nullopt;
}

std::optional<QString> nodelay(const QJsonObject &p) { return onOff(p, u"nodelay"_s); }

std::optional<QString> streams(const QJsonObject &p)
{
    return p.contains(u"streams"_s) ? integerText(p.value(u"streams"_s)) : std::nullopt;
}

std::optional<QString> probeInterval(const QJsonObject &p)
{
    return p.contains(u"probe_interval_ms"_s) ? integerText(p.value(u"probe_interval_ms"_s)) : std::nullopt;
}

// The stream and CPU knobs of #18 (agents/testparams.cpp): a paced run,
// one with its start omitted, zero-copy sends or pinned CPUs is a test of
// its own.
std::optional<QString> bitRate(const QJsonObject &p) { return rateAt(p, u"rate_bps"_s); }

std::optional<QString> omitted(const QJsonObject &p)
{
    if (!p.contains(u"omit_s"_s))
        return std::nullopt;
    const double s = p.value(u"omit_s"_s).toDouble();
    return s > 0 ? QString::number(s, 'g', 10) : u"0"_s;
}

std::optional<QString> zeroCopy(const QJsonObject &p)
{
    if (!p.contains(u"zerocopy"_s))
        return std::nullopt;
    return p.value(u"zerocopy"_s).toBool() ? u"on"_s : u"off"_s;
}

// iperf3 -Z: sends by sendfile() from a file in memory.
std::optional<QString> sendfileFlag(const QJsonObject &p) { return onOff(p, u"sendfile"_s); }

// A CPU index, read as any whole number.
std::optional<QString> clientCpu(const QJsonObject &p) { return bytesAt(p, u"client_cpu"_s); }
std::optional<QString> serverCpu(const QJsonObject &p) { return bytesAt(p, u"server_cpu"_s); }

// The IP version the data travelled over: an IPv6 figure is not an IPv4
// one (40-byte headers, another stack path). Our agent's results record it
// under extra.ip_version (folded into the facts by conditionFacts);
// netperf states the address family, iperf3 and others the addresses.
std::optional<QString> ipVersionOfLiteral(QString a)
{
    a = a.trimmed();
    if (a.startsWith(u'[') && a.contains(u']'))
        a = a.mid(1, a.indexOf(u']') - 1);
    if (a.isEmpty())
        return std::nullopt;
    // An IPv4-mapped address (a dual-stack server's view of a v4 client)
    // carried IPv4 on the wire.
    if (a.startsWith(u"::ffff:"_s, Qt::CaseInsensitive) && a.count(u'.') == 3)
        return u"4"_s;
    if (a.contains(u':'))
        return u"6"_s;
    static const QRegularExpression kDotted(uR"(^\d{1,3}(\.\d{1,3}){3}$)"_s);
    return kDotted.match(a).hasMatch() ? std::optional(u"4"_s) : std::nullopt;
}

std::optional<QString> ipVersion(const QJsonObject &p)
{
    const QJsonValue v = p.value(u"ip_version"_s);
    if (v.isDouble() || v.isString()) {
        const QString t = v.isDouble() ? QString::number(v.toInt()) : v.toString().trimmed().toLower();
        if (t == u"4"_s || t == u"ipv4"_s)
            return u"4"_s;
        if (t == u"6"_s || t == u"ipv6"_s)
            return u"6"_s;
    }
    const QString family = p.value(u"address_family"_s).toString().trimmed().toUpper();
    if (family == u"AF_INET6"_s || family == u"INET6"_s || family == u"IPV6"_s)
        return u"6"_s;
    if (family == u"AF_INET"_s || family == u"INET"_s || family == u"IPV4"_s)
        return u"4"_s;
    for (const QString &key : {u"server_address"_s, u"client_address"_s})
        if (auto a = ipVersionOfLiteral(p.value(key).toString()))
            return a;
    return std::nullopt;
}

QString showIpVersion(const QString &v)
{
    return v == u"4"_s || v == u"6"_s ? u"IPv"_s + v : v;
}

QString showBitRate(const QString &v)
{
    bool ok = false;
    const double r = v.toDouble(&ok);
    return ok ? u"%1 Mbit/s"_s.arg(r / 1e6, 0, 'g', 6) : v;
}

QString showSeconds(const QString &v)
{
    return u"%1 s"_s.arg(v);
}

QString showBytes(const QString &v)
{
    bool ok = false;
    const qint64 n = v.toLongLong(&ok);
    if (!ok)
        return v;
    if (n >= (1 << 20) && n % (1 << 20) == 0)
        return u"%1 MiB"_s.arg(n >> 20);
    if (n >= (1 << 20))
        return u"%1 MiB"_s.arg(double(n) / (1 << 20), 0, 'g', 4);
    if (n >= 1024 && n % 1024 == 0)
        return u"%1 KiB"_s.arg(n >> 10);
    return u"%1 B"_s.arg(n);
}

QString showPlain(const QString &v)
{
    return v;
}

QString showSocket(const QString &v)
{
    return v == u"default"_s ? v : showBytes(v);
}

QString showMilliseconds(const QString &v)
{
    return u"%1 ms"_s.arg(v);
}

QString showRate(const QString &v)
{
    return v == u"unlimited"_s ? v : u"%1 pps"_s.arg(v);
}

// `label` is English (what labels are parsed back from) and marked for the
// translation, which displayLabel() shows.
ConditionParameterInfo param(const QString &key, const char *label, const QString &def,
                             std::optional<QString> (*read)(const QJsonObject &), QString (*show)(const QString &))
{
    return {key, QString::fromUtf8(label), def, read, show};
}

bool isRequestResponse(const QString &kind)
{
    return kind == u"tcp_rr"_s || kind == u"udp_rr"_s || kind == u"tcp_crr"_s;
}

} // namespace

const QList<ConditionParameterInfo> &definingParameters(const QString &kind)
{
    // The defaults are the agent's (agents/testparams.cpp): a figure that
    // does not state a value was, as far as anyone can tell, taken at them.
    static const auto sockets = [] {
        return QList{param(u"send_socket_bytes"_s, QT_TRANSLATE_NOOP("wb::Condition", "send socket buffer"), u"default"_s, sendSocket, showSocket),
                     param(u"recv_socket_bytes"_s, QT_TRANSLATE_NOOP("wb::Condition", "receive socket buffer"), u"default"_s, recvSocket, showSocket)};
    };
    static const QMap<QString, QList<ConditionParameterInfo>> table = [] {
        QMap<QString, QList<ConditionParameterInfo>> t;
        const auto dir = param(u"direction"_s, QT_TRANSLATE_NOOP("wb::Condition", "direction"), u"forward"_s, direction, showPlain);
        // A bbr run is not a cubic run, nor one with another MSS or TOS.
        const auto tosParam = param(u"tos"_s, QT_TRANSLATE_NOOP("wb::Condition", "TOS"), u"default"_s, tos, showPlain);
        const auto tcpKnobs = [&](const QString &nodelayDefault) {
            return QList{param(u"congestion_control"_s, QT_TRANSLATE_NOOP("wb::Condition", "congestion control"), u"default"_s, congestionControl, showPlain),
                         param(u"mss_bytes"_s, QT_TRANSLATE_NOOP("wb::Condition", "MSS"), u"default"_s, mss, showBytes),
                         param(u"nodelay"_s, QT_TRANSLATE_NOOP("wb::Condition", "TCP_NODELAY"), nodelayDefault, nodelay, showPlain), tosParam};
        };
        t.insert(u"udp_stream"_s, QList{param(u"message_size_bytes"_s, QT_TRANSLATE_NOOP("wb::Condition", "message size"), u"1472"_s, messageSize, showBytes)}
                                      + sockets()
                                      + QList{param(u"rate_pps"_s, QT_TRANSLATE_NOOP("wb::Condition", "rate"), u"unlimited"_s, rate, showRate),
                                              param(u"streams"_s, QT_TRANSLATE_NOOP("wb::Condition", "streams"), u"1"_s, streams, showPlain), dir,
                                              tosParam});
        t.insert(u"tcp_stream"_s, QList{param(u"message_size_bytes"_s, QT_TRANSLATE_NOOP("wb::Condition", "message size"), u"131072"_s, messageSize, showBytes)}
                                      + sockets()
                                      + QList{param(u"streams"_s, QT_TRANSLATE_NOOP("wb::Condition", "streams"), u"1"_s, streams, showPlain), dir}
                                      + tcpKnobs(u"off"_s));
        const auto rr = QList{param(u"request_size_bytes"_s, QT_TRANSLATE_NOOP("wb::Condition", "request size"), u"1"_s, requestSize, showBytes),
                              param(u"response_size_bytes"_s, QT_TRANSLATE_NOOP("wb::Condition", "response size"), u"1"_s, responseSize, showBytes)}
            + sockets();
        t.insert(u"tcp_rr"_s, rr + tcpKnobs(u"on"_s)); // netperf's TCP_RR sets TCP_NODELAY too
        t.insert(u"udp_rr"_s, rr + QList{tosParam});
        t.insert(u"tcp_crr"_s, rr + tcpKnobs(u"off"_s));
        t.insert(u"file_transfer"_s,
                 QList{param(u"file_size_bytes"_s, QT_TRANSLATE_NOOP("wb::Condition", "file size"), u"67108864"_s, fileSize, showBytes),
                       param(u"sink"_s, QT_TRANSLATE_NOOP("wb::Condition", "sink"), u"file"_s, sink, showPlain),
                       param(u"fsync"_s, QT_TRANSLATE_NOOP("wb::Condition", "fsync"), u"off"_s, fsyncFlag, showPlain),
                       param(u"direct_io"_s, QT_TRANSLATE_NOOP("wb::Condition", "direct I/O"), u"off"_s, directIo, showPlain),
                       param(u"message_size_bytes"_s, QT_TRANSLATE_NOOP("wb::Condition", "write size"), u"131072"_s, messageSize, showBytes), dir,
                       tosParam});
        t.insert(u"packet_rate"_s, QList{param(u"message_size_bytes"_s, QT_TRANSLATE_NOOP("wb::Condition", "payload size"), u"18"_s, payloadSize, showBytes),
                                         param(u"rate_pps"_s, QT_TRANSLATE_NOOP("wb::Condition", "rate"), u"unlimited"_s, rate, showRate), dir,
                                         tosParam});
        // A soak floods one way and sends probe_rate_pps back (plan.cpp's
        // defaults); the agent runs it as packet_rate.
        t.insert(u"soak"_s, QList{param(u"message_size_bytes"_s, QT_TRANSLATE_NOOP("wb::Condition", "payload size"), u"18"_s, payloadSize, showBytes),
                                  param(u"rate_pps"_s, QT_TRANSLATE_NOOP("wb::Condition", "rate"), u"unlimited"_s, rate, showRate),
                                  param(u"probe_rate_pps"_s, QT_TRANSLATE_NOOP("wb::Condition", "return rate"), u"1000"_s, probeRate, showRate),
                                  tosParam});
        t.insert(u"forwarding"_s, QList{param(u"message_size_bytes"_s, QT_TRANSLATE_NOOP("wb::Condition", "payload size"), u"18"_s, payloadSize, showBytes),
                                        tosParam});
        t.insert(u"rfc2544"_s, QList{param(u"frame_size_bytes"_s, QT_TRANSLATE_NOOP("wb::Condition", "frame size"), u"64"_s, frameSize, showBytes)});
        // Latency under load: how many flows load the path, how often the
        // probes ask and the flows' buffers (what fills the queue) make the
        // figure; idle_s and duration_s only say how long it was watched.
        t.insert(u"rrul"_s, QList{param(u"streams"_s, QT_TRANSLATE_NOOP("wb::Condition", "streams each way"), u"4"_s, streams, showPlain),
                                  param(u"probe_interval_ms"_s, QT_TRANSLATE_NOOP("wb::Condition", "probe interval"), u"200"_s, probeInterval,
                                        showMilliseconds)}
                                + sockets());
        // The stream knobs of #18: a target bit rate, the omitted start and
        // zero-copy sends, and the CPU each end of every kind is pinned to.
        const auto omit = param(u"omit_s"_s, QT_TRANSLATE_NOOP("wb::Condition", "omitted start"), u"0"_s, omitted, showSeconds);
        t[u"tcp_stream"_s] += QList{param(u"rate_bps"_s, QT_TRANSLATE_NOOP("wb::Condition", "bit rate"), u"unlimited"_s, bitRate, showBitRate), omit,
                                    param(u"zerocopy"_s, QT_TRANSLATE_NOOP("wb::Condition", "zero-copy"), u"off"_s, zeroCopy, showPlain),
                                    param(u"sendfile"_s, QT_TRANSLATE_NOOP("wb::Condition", "sendfile"), u"off"_s, sendfileFlag, showPlain)};
        t[u"udp_stream"_s] += QList{omit};
        for (const QString &agentKind : {u"udp_stream"_s, u"tcp_stream"_s, u"tcp_rr"_s, u"udp_rr"_s, u"tcp_crr"_s,
                                    u"file_transfer"_s, u"packet_rate"_s, u"soak"_s})
            t[agentKind] += QList{param(u"client_cpu"_s, QT_TRANSLATE_NOOP("wb::Condition", "client CPU"), u"default"_s, clientCpu, showPlain),
                             param(u"server_cpu"_s, QT_TRANSLATE_NOOP("wb::Condition", "server CPU"), u"default"_s, serverCpu, showPlain)};
        // Every measured kind: IPv4 and IPv6 figures are never pooled. A
        // figure that does not say is taken as IPv4, which every source
        // before IPv6 support (and each seed report) ran over.
        for (auto it = t.begin(); it != t.end(); ++it)
            it.value() += QList{param(u"ip_version"_s, QT_TRANSLATE_NOOP("wb::Condition", "IP version"), u"4"_s, ipVersion, showIpVersion)};
        return t;
    }();
    static const QList<ConditionParameterInfo> none;
    const auto it = table.constFind(kind);
    return it == table.cend() ? none : *it;
}

const ConditionParameterInfo *findDefiningParameter(const QString &kind, const QString &key)
{
    for (const ConditionParameterInfo &p : definingParameters(kind))
        if (p.key == key)
            return &p;
    return nullptr;
}

const ConditionParameterInfo *definingParameterByLabel(const QString &kind, const QString &label)
{
    for (const ConditionParameterInfo &p : definingParameters(kind))
        if (p.label == label)
            return &p;
    return nullptr;
}

QString dimensionDisplay(const QString &dimension)
{
    return QCoreApplication::translate("wb::Condition", dimension.toUtf8().constData());
}

QString figureSideName(FigureSide side)
{
    switch (side) {
    case FigureSide::Receiver:
        return QString::fromUtf8(QT_TRANSLATE_NOOP("wb::Condition", "receiver"));
    case FigureSide::Sender:
        return QString::fromUtf8(QT_TRANSLATE_NOOP("wb::Condition", "sender"));
    case FigureSide::Client:
        return QString::fromUtf8(QT_TRANSLATE_NOOP("wb::Condition", "client"));
    case FigureSide::Whole:
        break;
    }
    return QString::fromUtf8(QT_TRANSLATE_NOOP("wb::Condition", "whole test"));
}

QJsonObject conditionFacts(const ResultRecord &record)
{
    QJsonObject facts = record.params;
    // What the run itself found out rather than was asked for.
    if (!facts.contains(u"ip_version"_s) && record.extra.contains(u"ip_version"_s))
        facts.insert(u"ip_version"_s, record.extra.value(u"ip_version"_s));
    return facts;
}

QString directionOf(const QJsonObject &params)
{
    return direction(params).value_or(u"forward"_s);
}

namespace {

// The record's side string ("client", "server", "") of a figure side.
QString recordSide(const ResultRecord &r, FigureSide side)
{
    const bool reverse = directionOf(r.params) == u"reverse"_s;
    switch (side) {
    case FigureSide::Receiver:
        return reverse ? u"client"_s : u"server"_s;
    case FigureSide::Sender:
        return reverse ? u"server"_s : u"client"_s;
    case FigureSide::Client:
        return u"client"_s;
    case FigureSide::Whole:
        break;
    }
    return QString();
}

// The side a figure given without one stands for.
FigureSide defaultSide(const QString &kind)
{
    return isRequestResponse(kind) ? FigureSide::Client : FigureSide::Receiver;
}

bool hasSided(const ResultRecord &r, const QString &metric, const QString &side)
{
    return r.metric(metric, side).has_value();
}

} // namespace

QList<FigureSide> sidesWithMetric(const ResultRecord &record, const QString &metric)
{
    const QList<FigureSide> order = isRequestResponse(record.kind) ? QList{FigureSide::Client}
                                                                   : QList{FigureSide::Receiver, FigureSide::Sender};
    QList<FigureSide> sides;
    for (FigureSide s : order)
        if (hasSided(record, metric, recordSide(record, s)))
            sides << s;
    // A whole-test figure stands for the kind's default side.
    if (hasSided(record, metric, QString()) && !sides.contains(defaultSide(record.kind)))
        sides.prepend(defaultSide(record.kind));
    // Request/response figures the server reported alone.
    if (sides.isEmpty() && isRequestResponse(record.kind) && hasSided(record, metric, u"server"_s))
        sides << FigureSide::Whole;
    return sides;
}

std::optional<double> valueAtSide(const ResultRecord &record, const QString &metric, FigureSide side)
{
    if (side == FigureSide::Whole) {
        const auto whole = record.metric(metric, QString());
        return whole ? whole : record.metric(metric, u"server"_s);
    }
    if (auto v = record.metric(metric, recordSide(record, side)))
        return v;
    // A figure given without a side stands for the kind's default side.
    return side == defaultSide(record.kind) ? record.metric(metric, QString()) : std::nullopt;
}

Condition conditionOf(const ResultRecord &record, const QString &metric, FigureSide side)
{
    Condition c;
    c.kind = record.kind;
    c.metric = metric;
    c.side = side;
    c.sideAssumed = side != FigureSide::Whole && !isRequestResponse(record.kind)
        && !hasSided(record, metric, recordSide(record, side)) && hasSided(record, metric, QString());
    // Our agent ran a parameter it was not given at its own default: that is
    // known, not assumed. Any other source's silence is an assumption.
    const bool ourAgent = record.tool == u"wirebench-agent"_s;
    const QJsonObject facts = conditionFacts(record);
    for (const ConditionParameterInfo &info : definingParameters(record.kind)) {
        ConditionParameter p{info.key, info.defaultValue, !ourAgent};
        if (auto v = info.read(facts)) {
            p.value = *v;
            p.assumed = false;
        }
        c.parameters << p;
    }
    return c;
}

QString Condition::key() const
{
    return keyWithout(QString());
}

QString Condition::keyWithout(const QString &parameterKey) const
{
    QStringList parts{kind, metric, figureSideName(side)};
    for (const ConditionParameter &p : parameters)
        if (p.key != parameterKey)
            parts << p.key + u'=' + p.value;
    return parts.join(u'|');
}

const ConditionParameter *Condition::parameter(const QString &key) const
{
    for (const ConditionParameter &p : parameters)
        if (p.key == key)
            return &p;
    return nullptr;
}

namespace {

// Condition::label() (English: `translated` false) or displayLabel().
QString conditionText(const Condition &c, const QString &without, bool translated)
{
    auto word = [translated](const QString &english) { return translated ? dimensionDisplay(english) : english; };
    auto pattern = [translated](const char *english) {
        return translated ? Tr::tr(english) : QString::fromUtf8(english);
    };
    QStringList parts;
    for (const ConditionParameter &p : c.parameters) {
        if (p.key == without)
            continue;
        const ConditionParameterInfo *info = findDefiningParameter(c.kind, p.key);
        const QString shown = info ? info->show(p.value) : p.value;
        parts << pattern(p.assumed ? QT_TRANSLATE_NOOP("wb::Condition", "%1 %2 (assumed)")
                                   : QT_TRANSLATE_NOOP("wb::Condition", "%1 %2"))
                     .arg(info ? word(info->label) : p.key, shown);
    }
    const QString sideName = word(figureSideName(c.side));
    parts << (c.sideAssumed ? pattern(QT_TRANSLATE_NOOP("wb::Condition", "%1 (assumed)")).arg(sideName) : sideName);
    return parts.join(u" · "_s);
}

} // namespace

QString Condition::label(const QString &without) const
{
    return conditionText(*this, without, false);
}

QString Condition::displayLabel(const QString &without) const
{
    return conditionText(*this, without, true);
}

QStringList Condition::differences(const Condition &other) const
{
    QStringList out;
    if (kind != other.kind)
        out << u"test kind (%1 vs %2)"_s.arg(kind, other.kind);
    if (metric != other.metric)
        out << u"metric (%1 vs %2)"_s.arg(metric, other.metric);
    if (side != other.side)
        out << u"side (%1 vs %2)"_s.arg(figureSideName(side), figureSideName(other.side));
    for (const ConditionParameter &p : parameters) {
        const ConditionParameter *q = other.parameter(p.key);
        if (q && q->value == p.value)
            continue;
        const ConditionParameterInfo *info = findDefiningParameter(kind, p.key);
        auto shown = [info](const ConditionParameter *x) {
            if (!x)
                return u"not stated"_s;
            return (info ? info->show(x->value) : x->value) + (x->assumed ? u" (assumed)"_s : QString());
        };
        out << u"%1 (%2 vs %3)"_s.arg(info ? dimensionDisplay(info->label) : p.key, shown(&p), shown(q));
    }
    return out;
}

} // namespace wb
