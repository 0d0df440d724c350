// SPDX-License-Identifier: GPL-3.0-or-later
#include "plan.h"

#include "framepath.h"

#include "inventory/host.h"
#include "experiment.h"

#include "result/resultrecord.h"

#include <QCryptographicHash>
#include <QFile>
#include <QHostAddress>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>

#include <cmath>

using namespace Qt::StringLiterals;

namespace wb {

namespace {

constexpr int kMaxCases = 100000;

struct ParamRange
{
    double min;
    double max;
    bool integer;
};

// Known numeric parameters and their sane ranges; others pass unchecked.
std::optional<ParamRange> paramRange(const QString &name)
{
    static const QHash<QString, ParamRange> ranges{
        {u"message_size_bytes"_s, {1, 65507, true}},
        {u"request_size_bytes"_s, {1, 65507, true}},
        {u"response_size_bytes"_s, {1, 65507, true}},
        {u"send_socket_bytes"_s, {0, 1 << 30, true}},
        {u"recv_socket_bytes"_s, {0, 1 << 30, true}},
        {u"rate_pps"_s, {0, 1e9, false}},
        {u"file_size_bytes"_s, {1, 1e13, true}},
        {u"frame_size_bytes"_s, {64, 9018, true}},
        {u"interval_s"_s, {0.05, 3600, false}},
        {u"streams"_s, {1, 128, true}},
        // rrul (agents/testparams.cpp)
        {u"idle_s"_s, {0.1, 3600, false}},
        {u"probe_interval_ms"_s, {1, 10000, true}},
        // The agents' ranges (agents/testparams.cpp); a CPU the host lacks is its agent's to refuse.
        {u"rate_bps"_s, {0, 1e12, false}},
        {u"omit_s"_s, {0, 3600, false}},
        {u"client_cpu"_s, {0, 4095, true}},
        {u"server_cpu"_s, {0, 4095, true}},
        {u"tos"_s, {0, 255, true}}, // IP_TOS / IPV6_TCLASS: DSCP << 2 | ECN
    };
    auto it = ranges.find(name);
    if (it == ranges.end())
        return std::nullopt;
    return *it;
}

bool isValidName(const QString &s)
{
    static const QRegularExpression re(u"^[A-Za-z0-9_.:@-]{1,64}$"_s);
    return re.match(s).hasMatch();
}

// Addresses and user names reach ssh and the agents' command lines: only
// plain host names, IP addresses and POSIX-style user names pass, so a value
// never means something else to a shell or to ssh (a leading '-' is an option).
bool isValidAddress(const QString &s)
{
    if (!QHostAddress(s).isNull())
        return true; // IPv4, or IPv6 with an optional %zone
    // Labels of letters, digits and '-' (not at either end), joined by dots.
    static const QRegularExpression re(u"^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
                                       "(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$"_s);
    return re.match(s).hasMatch();
}

bool isValidUser(const QString &s)
{
    static const QRegularExpression re(u"^[A-Za-z0-9_][A-Za-z0-9_.-]{0,31}$"_s);
    return re.match(s).hasMatch();
}

class Parser
{
public:
    QString error;

    bool fail(const QString &path, const QString &message)
    {
        if (error.isEmpty())
            error = path.isEmpty() ? message : path + u": "_s + message;
        return false;
    }

    // An optional string field checked by `valid`; absent leaves `out` empty.
    bool readChecked(const QJsonObject &o, const QString &key, const QString &path,
        bool (*valid)(const QString &), const QString &expected, QString *out)
    {
        const QJsonValue v = o.value(key);
        out->clear();
        if (v.isUndefined() || v.isNull())
            return true;
        if (!v.isString())
            return fail(path + u'.' + key, u"must be a string"_s);
        if (!valid(v.toString()))
            return fail(path + u'.' + key, u"'%1' is not %2"_s.arg(v.toString(), expected));
        *out = v.toString();
        return true;
    }

    // What the agent would refuse of a file transfer, said before anything
    // runs (agents/testparams.cpp): each expanded case is checked, so a sink
    // sweep beside direct_io names the case that cannot honour it.
    bool checkFileTransfer(const QList<QJsonObject> &combos, const QString &path)
    {
        for (const QJsonObject &c : combos) {
            if (c.value(u"fsync"_s).toBool())
                return fail(path + u".fsync"_s, u"is no longer taken: with sink 'file' the receiver always flushes after "
                                                "the last byte and reports network_throughput_bps and "
                                                "flushed_throughput_bps apart"_s);
            const QString sink = c.value(u"sink"_s).toString(u"file"_s);
            if (c.value(u"direct_io"_s).toBool() && sink != u"file"_s)
                return fail(path + u".direct_io"_s, u"works only with sink 'file', not '%1'"_s.arg(sink));
            // Against the server the source is a file the server creates
            // itself; with both ways each end writes a temporary file.
            const QString direction = c.value(u"direction"_s).toString(u"forward"_s);
            if (direction == u"reverse"_s && c.contains(u"path"_s))
                return fail(path + u".path"_s, u"names the client's file to send; with direction 'reverse' the server "
                                               "sends a file it creates of file_size_bytes"_s);
            if (direction == u"bidirectional"_s && c.contains(u"dest_path"_s))
                return fail(path + u".dest_path"_s, u"cannot be used with direction 'bidirectional': both ends write a "
                                                    "file, each a temporary one of its own"_s);
        }
        return true;
    }

    // packet_rate's latency probe runs from the server against the client's
    // flood (agents/testparams.cpp refuses it the other ways round too).
    bool checkPacketRate(const QList<QJsonObject> &combos, const QString &path)
    {
        for (const QJsonObject &c : combos) {
            const QString direction = c.value(u"direction"_s).toString(u"forward"_s);
            if (c.value(u"probe_rate_pps"_s).toDouble() > 0 && direction != u"forward"_s)
                return fail(path + u".probe_rate_pps"_s, u"works only with direction 'forward', not '%1': the probe "
                                                         "runs from the server against the client's flood"_s
                                                             .arg(direction));
        }
        return true;
    }

    bool readAddress(const QJsonObject &o, const QString &key, const QString &path, QString *out)
    {
        return readChecked(o, key, path, isValidAddress,
                           u"a host name (letters, digits, '-' and '.') or an IP address"_s, out);
    }

    bool parseHost(const QString &name, const QJsonValue &v, const QString &path, PlanHost &out)
    {
        if (!isValidName(name))
            return fail(path, u"host names may use letters, digits and _.:@- (1-64 characters)"_s);
        if (!v.isObject())
            return fail(path, u"must be an object"_s);
        const QJsonObject o = v.toObject();
        out.name = name;
        if (!readAddress(o, u"address"_s, path, &out.address))
            return false;
        out.transport = o.value(u"transport"_s).toString(u"ssh"_s);
        if (out.transport != u"local"_s && out.transport != u"ssh"_s)
            return fail(path + u".transport"_s, u"must be \"local\" or \"ssh\""_s);
        if (out.address.isEmpty())
            out.address = out.transport == u"local"_s ? u"127.0.0.1"_s : name;
        const QJsonValue port = o.value(u"port"_s);
        if (!port.isUndefined()) {
            if (!port.isDouble() || port.toDouble() < 1 || port.toDouble() > 65535
                || port.toDouble() != std::floor(port.toDouble()))
                return fail(path + u".port"_s, u"must be an integer from 1 to 65535"_s);
            out.sshPort = port.toInt();
        }
        if (!readAddress(o, u"ssh_address"_s, path, &out.sshAddress)
            || !readChecked(o, u"user"_s, path, isValidUser,
                u"a user name (letters, digits and '_.-', not starting with '.' or '-', at most 32)"_s,
                &out.sshUser))
            return false;
        out.identityFile = o.value(u"identity_file"_s).toString();
        out.agentPath = o.value(u"agent_path"_s).toString();
        out.jumpHost = o.value(u"jump_host"_s).toString();
        if (!out.jumpHost.isEmpty() && !Host::isValidJumpHost(out.jumpHost))
            return fail(path + u".jump_host"_s, u"'%1' is not one hop [user@]host[:port]"_s.arg(out.jumpHost));
        return parsePortRange(o, path, &out.dataPortMin, &out.dataPortMax);
    }

    bool parsePortRange(const QJsonObject &o, const QString &path, int *min, int *max)
    {
        for (const auto &[key, out] : {std::pair{u"data_port_min"_s, min}, std::pair{u"data_port_max"_s, max}}) {
            const QJsonValue v = o.value(key);
            if (v.isUndefined())
                continue;
            if (!v.isDouble() || v.toDouble() < 1 || v.toDouble() > 65535 || v.toDouble() != std::floor(v.toDouble()))
                return fail(path + u'.' + key, u"must be an integer from 1 to 65535"_s);
            *out = v.toInt();
        }
        if ((*min > 0) != (*max > 0) || *min > *max)
            return fail(path + u".data_port_min"_s, u"must be given with data_port_max, and be at most it"_s);
        return true;
    }

    bool parseEndpoint(const QJsonValue &v, const QString &path, Plan &plan, Endpoint &out)
    {
        if (v.isString()) {
            out.host = v.toString();
        } else if (v.isObject()) {
            const QJsonObject o = v.toObject();
            out.host = o.value(u"host"_s).toString();
            out.nic = o.value(u"nic"_s).toString();
            if (!readAddress(o, u"address"_s, path, &out.address))
                return false;
            const QJsonValue device = o.value(u"bind_device"_s);
            if (!device.isUndefined() && !device.isBool())
                return fail(path + u".bind_device"_s, u"must be true or false"_s);
            out.bindDevice = device.toBool(false);
        } else {
            return fail(path, u"must be a host name or an object with \"host\" (and optional \"nic\")"_s);
        }
        if (out.host.isEmpty())
            return fail(path + u".host"_s, u"is missing"_s);
        if (!isValidName(out.host))
            return fail(path + u".host"_s, u"host names may use letters, digits and _.:@- (1-64 characters)"_s);
        static const QRegularExpression nicRe(u"^[A-Za-z0-9_.:@-]{1,15}$"_s);
        if (!out.nic.isEmpty() && (!nicRe.match(out.nic).hasMatch() || out.nic.startsWith(u'-')))
            return fail(path + u".nic"_s, u"'%1' is not a valid interface name"_s.arg(out.nic));
        if (out.bindDevice && out.nic.isEmpty())
            return fail(path + u".bind_device"_s, u"needs the \"nic\" to bind to"_s);
        // Whether the host exists is PlanHosts::resolve()'s question: it may
        // be in the inventory rather than in the plan.
        plan.references.append({out.host, out.nic, path});
        return true;
    }

    bool parseRepetitions(const QJsonValue &v, const QString &path, RepetitionRule &r)
    {
        if (v.isUndefined())
            return true;
        if (v.isDouble()) {
            const int n = v.toInt();
            if (n < 1 || n > 1000 || v.toDouble() != n)
                return fail(path, u"must be an integer from 1 to 1000"_s);
            r.minIterations = r.maxIterations = n;
            return true;
        }
        if (!v.isObject())
            return fail(path, u"must be a count or an object {min, max, confidence_pct, interval_pct}"_s);
        const QJsonObject o = v.toObject();
        r.minIterations = o.value(u"min"_s).toInt(r.minIterations);
        r.maxIterations = o.value(u"max"_s).toInt(std::max(r.maxIterations, r.minIterations));
        r.confidenceLevelPct = o.value(u"confidence_pct"_s).toDouble(r.confidenceLevelPct);
        r.intervalWidthPct = o.value(u"interval_pct"_s).toDouble(r.intervalWidthPct);
        r.metric = o.value(u"metric"_s).toString(r.metric);
        if (r.minIterations < 1 || r.minIterations > 1000)
            return fail(path + u".min"_s, u"must be from 1 to 1000"_s);
        if (r.maxIterations < r.minIterations || r.maxIterations > 1000)
            return fail(path + u".max"_s, u"must be at least min and at most 1000"_s);
        if (r.confidenceLevelPct != 95 && r.confidenceLevelPct != 99 && r.confidenceLevelPct != 90)
            return fail(path + u".confidence_pct"_s, u"must be 90, 95 or 99"_s);
        if (!(r.intervalWidthPct > 0 && r.intervalWidthPct <= 100))
            return fail(path + u".interval_pct"_s, u"must be above 0 and at most 100"_s);
        return true;
    }

    // Each parameter is a scalar or an array of scalars (a sweep).
    bool checkParam(const QString &name, const QJsonValue &v, const QString &path)
    {
        if (v.isArray()) {
            const QJsonArray a = v.toArray();
            if (a.isEmpty())
                return fail(path, u"a sweep needs at least one value"_s);
            for (qsizetype i = 0; i < a.size(); ++i) {
                if (a.at(i).isArray() || a.at(i).isObject())
                    return fail(path + u"[%1]"_s.arg(i), u"sweep values must be numbers, strings or booleans"_s);
                if (!checkParam(name, a.at(i), path + u"[%1]"_s.arg(i)))
                    return false;
            }
            return true;
        }
        if (v.isObject())
            return fail(path, u"must be a number, string, boolean or an array of them"_s);
        if (name == u"direction"_s) {
            // The agents' names (agents/testparams.cpp): who sends in a stream test.
            static const QStringList directions{u"forward"_s, u"reverse"_s, u"bidirectional"_s};
            if (!directions.contains(v.toString()))
                return fail(path, u"must be one of %1"_s.arg(directions.join(u", "_s)));
        }
        if (auto range = paramRange(name)) {
            if (!v.isDouble())
                return fail(path, u"must be a number"_s);
            const double d = v.toDouble();
            if (d < range->min || d > range->max || (range->integer && d != std::floor(d)))
                return fail(path, u"must be %1 from %2 to %3"_s.arg(range->integer ? u"an integer"_s : u"a number"_s)
                                      .arg(range->min, 0, 'g', 12)
                                      .arg(range->max, 0, 'g', 12));
        }
        return true;
    }
};

// Cartesian product of the swept parameters, in key order.
QList<QJsonObject> expandParams(const QJsonObject &params)
{
    QList<QJsonObject> out{QJsonObject()};
    for (auto it = params.begin(); it != params.end(); ++it) {
        const QJsonArray values = it->isArray() ? it->toArray() : QJsonArray{*it};
        QList<QJsonObject> next;
        for (const QJsonObject &partial : std::as_const(out)) {
            for (const QJsonValue &v : values) {
                QJsonObject o = partial;
                o.insert(it.key(), v);
                next.append(o);
            }
        }
        out = next;
        if (out.size() > kMaxCases)
            break;
    }
    return out;
}

QString describeSweep(const QJsonObject &params, const QJsonObject &swept)
{
    QStringList parts;
    for (auto it = swept.begin(); it != swept.end(); ++it) {
        if (!it->isArray())
            continue;
        const QJsonValue v = params.value(it.key());
        parts << u"%1=%2"_s.arg(it.key(), v.isString() ? v.toString() : v.isBool() ? (v.toBool() ? u"true"_s : u"false"_s)
                                                                                   : QString::number(v.toDouble(), 'g', 12));
    }
    return parts.join(u", "_s);
}

QString caseKey(const TestCase &c)
{
    QJsonObject o{{u"name"_s, c.name}, {u"kind"_s, c.kind}, {u"client"_s, c.client.host + u'/' + c.client.nic},
                  {u"server"_s, c.server.host + u'/' + c.server.nic}, {u"params"_s, c.params},
                  {u"duration_s"_s, c.durationS}};
    if (c.dut)
        o.insert(u"dut"_s, c.dut->host + u'/' + c.dut->nic + u'/' + c.dutIngress + (c.dutHeadroom ? u"/headroom"_s : QString()));
    if (c.ipVersion != 0) // only when given: the keys of older plans stay as they were
        o.insert(u"ip_version"_s, c.ipVersion);
    const QByteArray h = QCryptographicHash::hash(QJsonDocument(o).toJson(QJsonDocument::Compact),
                                                  QCryptographicHash::Sha256);
    return QString::fromLatin1(h.toHex().left(16));
}

} // namespace

const PlanHost *Plan::host(const QString &name) const
{
    for (const PlanHost &h : hosts)
        if (h.name == name)
            return &h;
    return nullptr;
}

const HostReference *Plan::firstUnknownHost() const
{
    for (const HostReference &r : references)
        if (!host(r.host))
            return &r;
    return nullptr;
}

std::optional<Plan> Plan::fromJson(const QJsonObject &written, QString *error)
{
    // "format" marks a plan file (docs/plan-format.md); older plans have none.
    // A lab file, or any other, opened as a plan is named for what it is.
    if (const QJsonValue format = written.value(u"format"_s);
        !format.isUndefined() && format != QJsonValue(u"wirebench-plan"_s)) {
        if (error)
            *error = format == QJsonValue(u"wirebench-lab"_s)
                ? u"format: \"wirebench-lab\" is a lab file, not a plan: open it on the Inventory page or with "
                  "wirebench-cli inventory import"_s
                : u"format: must be \"wirebench-plan\""_s;
        return std::nullopt;
    }
    // An experiment is its tests over every arm, round by round; what was
    // written is what is kept with the runs.
    QString experimentError;
    const std::optional<QJsonObject> expanded = expandExperiment(written, &experimentError);
    if (!expanded) {
        if (error)
            *error = experimentError;
        return std::nullopt;
    }
    const bool isExperiment = written.contains(u"experiment"_s);
    const QJsonObject &json = *expanded;
    Parser p;
    Plan plan;
    plan.source = written;
    if (isExperiment)
        plan.experiment = written.value(u"experiment"_s).toObject();
    auto failed = [&]() -> std::optional<Plan> {
        if (error) {
            *error = p.error;
            // A problem in an expanded test is reported at the test as written.
            static const QRegularExpression expandedTest(u"^tests\\[(\\d+)\\]"_s);
            if (const auto m = expandedTest.match(*error); isExperiment && m.hasMatch()) {
                const qsizetype written_ = written.value(u"tests"_s).toArray().size();
                const qsizetype arms = written.value(u"experiment"_s).toObject().value(u"arms"_s).toArray().size();
                const qsizetype k = m.captured(1).toLongLong();
                if (written_ > 0 && arms > 0)
                    error->replace(0, m.capturedLength(), u"tests[%1]"_s.arg((k / arms) % written_));
            }
        }
        return std::nullopt;
    };
    plan.name = json.value(u"name"_s).toString();
    if (plan.name.trimmed().isEmpty()) {
        p.fail(u"name"_s, u"a plan needs a name"_s);
        return failed();
    }
    plan.description = json.value(u"description"_s).toString();

    // Optional: a plan written against the inventory names no hosts here.
    const QJsonValue hosts = json.value(u"hosts"_s);
    if (!hosts.isUndefined() && !hosts.isNull() && !hosts.isObject()) {
        p.fail(u"hosts"_s, u"must be an object of host name -> settings"_s);
        return failed();
    }
    const QJsonObject ho = hosts.toObject();
    for (auto it = ho.begin(); it != ho.end(); ++it) {
        PlanHost h;
        if (!p.parseHost(it.key(), *it, u"hosts."_s + it.key(), h))
            return failed();
        plan.hosts.append(h);
    }

    const QJsonObject defaults = json.value(u"defaults"_s).toObject();
    RepetitionRule defaultRule;
    if (!p.parseRepetitions(defaults.value(u"repetitions"_s), u"defaults.repetitions"_s, defaultRule))
        return failed();
    const double defaultDuration = defaults.value(u"duration_s"_s).toDouble(10);

    const QJsonValue tests = json.value(u"tests"_s);
    if (!tests.isArray() || tests.toArray().isEmpty()) {
        p.fail(u"tests"_s, u"must be a non-empty array of test cases"_s);
        return failed();
    }
    const QJsonArray ta = tests.toArray();
    for (qsizetype i = 0; i < ta.size(); ++i) {
        const QString path = u"tests[%1]"_s.arg(i);
        if (!ta.at(i).isObject()) {
            p.fail(path, u"must be an object"_s);
            return failed();
        }
        const QJsonObject t = ta.at(i).toObject();
        const QString kind = t.value(u"kind"_s).toString();
        if (!testKinds().contains(kind)) {
            p.fail(path + u".kind"_s, u"'%1' is not a test kind; use one of %2"_s.arg(kind, testKinds().join(u", "_s)));
            return failed();
        }
        const QString name = t.value(u"name"_s).toString(kind);
        if (t.contains(u"experiment"_s) && !isExperiment) {
            p.fail(path + u".experiment"_s, u"set by the plan's experiment field (docs/plan-format.md); leave it out of a test"_s);
            return failed();
        }
        const QJsonValue ipVersion = t.value(u"ip_version"_s);
        if (!ipVersion.isUndefined() && ipVersion != QJsonValue(4) && ipVersion != QJsonValue(6)) {
            p.fail(path + u".ip_version"_s, u"must be 4 or 6"_s);
            return failed();
        }
        // A soak runs long unless told otherwise: the seeds ran 10+ minutes;
        // latency under load takes flent's 60 s of load.
        const double kindDuration = kind == u"soak"_s ? 600 : kind == u"rrul"_s ? 60 : defaultDuration;
        const double duration = t.value(u"duration_s"_s).toDouble(
            defaults.contains(u"duration_s"_s) ? defaultDuration : kindDuration);
        if (!(duration > 0 && duration <= 86400)) {
            p.fail(path + u".duration_s"_s, u"must be above 0 and at most 86400 seconds"_s);
            return failed();
        }
        RepetitionRule rule = defaultRule;
        if (!p.parseRepetitions(t.value(u"repetitions"_s), path + u".repetitions"_s, rule))
            return failed();
        if (rule.metric.isEmpty())
            rule.metric = keyMetricForKind(kind);
        const QJsonValue paramsValue = t.value(u"params"_s);
        if (!paramsValue.isUndefined() && !paramsValue.isObject()) {
            p.fail(path + u".params"_s, u"must be an object"_s);
            return failed();
        }
        QJsonObject params = paramsValue.toObject();
        // Soak / back-to-back: minimum-size frames as fast as possible one
        // way, 1 kpps the other, drops counted per interval in both.
        if (kind == u"soak"_s) {
            for (const auto &[key, value] : {std::pair{u"message_size_bytes"_s, QJsonValue(18)},
                                             std::pair{u"probe_rate_pps"_s, QJsonValue(1000)},
                                             std::pair{u"interval_s"_s, QJsonValue(1)}})
                if (!params.contains(key))
                    params.insert(key, value);
            params.insert(u"loss_samples"_s, true);
        }
        // RFC 2544's frame sizes unless the plan names its own (over IPv6
        // the smallest is 82, not 64); PlanHosts::resolve adds the jumbo
        // sizes the inventory's MTUs allow.
        const bool standardFrames = kind == u"rfc2544"_s && !params.contains(u"frame_size_bytes"_s);
        if (standardFrames) {
            QJsonArray sizes;
            for (int size : FramePath::standardFrameSizes(ipVersion.toInt(4)))
                sizes.append(size);
            params.insert(u"frame_size_bytes"_s, sizes);
        }
        for (auto it = params.begin(); it != params.end(); ++it)
            if (!p.checkParam(it.key(), *it, path + u".params."_s + it.key()))
                return failed();
        // A request/response test runs both ways by nature: there is no
        // direction to turn round (the agents refuse it too).
        if ((kind == u"tcp_rr"_s || kind == u"udp_rr"_s || kind == u"tcp_crr"_s) && params.contains(u"direction"_s)) {
            p.fail(path + u".params.direction"_s,
                   u"%1 takes no direction: a request/response test runs both ways by nature"_s.arg(kind));
            return failed();
        }
        // rrul's flows go both ways.
        if (kind == u"rrul"_s && params.contains(u"direction"_s)) {
            p.fail(path + u".params.direction"_s, u"rrul takes no direction (its bulk flows go both ways)"_s);
            return failed();
        }

        // Endpoint pairs: explicit client/server, or every ordered pair of a matrix.
        QList<QPair<Endpoint, Endpoint>> pairs;
        if (t.contains(u"matrix"_s)) {
            const QJsonArray mh = t.value(u"matrix"_s).toObject().value(u"hosts"_s).toArray();
            if (mh.size() < 2) {
                p.fail(path + u".matrix.hosts"_s, u"a matrix needs at least two hosts"_s);
                return failed();
            }
            QList<Endpoint> eps;
            for (qsizetype k = 0; k < mh.size(); ++k) {
                Endpoint e;
                if (!p.parseEndpoint(mh.at(k), path + u".matrix.hosts[%1]"_s.arg(k), plan, e))
                    return failed();
                eps.append(e);
            }
            for (const Endpoint &a : eps)
                for (const Endpoint &b : eps)
                    if (a.host != b.host)
                        pairs.append({a, b});
        } else {
            Endpoint c, s;
            if (!p.parseEndpoint(t.value(u"client"_s), path + u".client"_s, plan, c)
                || !p.parseEndpoint(t.value(u"server"_s), path + u".server"_s, plan, s))
                return failed();
            pairs.append({c, s});
        }
        std::optional<Endpoint> dut;
        QString dutIngress;
        bool dutHeadroom = false;
        if (kind == u"forwarding"_s || (kind == u"rfc2544"_s && t.contains(u"dut"_s))) {
            Endpoint e;
            if (!p.parseEndpoint(t.value(u"dut"_s), path + u".dut"_s, plan, e))
                return failed();
            dutIngress = t.value(u"dut"_s).toObject().value(u"ingress"_s).toString();
            static const QRegularExpression nicRe(u"^[A-Za-z0-9_.:@-]{1,15}$"_s);
            if (!dutIngress.isEmpty() && (!nicRe.match(dutIngress).hasMatch() || dutIngress.startsWith(u'-'))) {
                p.fail(path + u".dut.ingress"_s, u"'%1' is not a valid interface name"_s.arg(dutIngress));
                return failed();
            }
            dut = e;
            const QJsonValue headroom = t.value(u"dut"_s).toObject().value(u"headroom"_s);
            if (!headroom.isUndefined() && !headroom.isBool()) {
                p.fail(path + u".dut.headroom"_s, u"must be true or false"_s);
                return failed();
            }
            dutHeadroom = headroom.toBool(false);
            if (kind == u"forwarding"_s && !params.contains(u"message_size_bytes"_s))
                params.insert(u"message_size_bytes"_s, 18); // minimum-size frames, as the seeds' router tests
        }
        const QList<QJsonObject> combos = expandParams(params);
        if (kind == u"file_transfer"_s && !p.checkFileTransfer(combos, path + u".params"_s))
            return failed();
        if (kind == u"packet_rate"_s && !p.checkPacketRate(combos, path + u".params"_s))
            return failed();
        if (qsizetype(plan.cases.size()) + combos.size() * pairs.size() > kMaxCases) {
            p.fail(path, u"expands to more than %1 test cases"_s.arg(kMaxCases));
            return failed();
        }
        for (const auto &[client, server] : pairs) {
            for (const QJsonObject &combo : combos) {
                TestCase c;
                c.kind = kind;
                c.client = client;
                c.server = server;
                c.params = combo;
                c.durationS = duration;
                c.repetitions = rule;
                c.allowSharedNic = t.value(u"allow_shared_nic"_s).toBool(false);
                c.ipVersion = ipVersion.toInt(0);
                c.standardFrameSizes = standardFrames;
                c.dut = dut;
                c.dutIngress = dutIngress;
                c.dutHeadroom = dutHeadroom;
                c.experiment = t.value(u"experiment"_s).toObject();
                const QString sweep = describeSweep(combo, params);
                c.name = name;
                if (pairs.size() > 1)
                    c.name += u" %1→%2"_s.arg(client.host, server.host);
                if (!sweep.isEmpty())
                    c.name += u" ["_s + sweep + u']';
                c.key = caseKey(c);
                plan.cases.append(c);
            }
        }
    }
    // An experiment's endpoints are its arms': a host the inventory does not
    // know is named at the arm that names it.
    if (isExperiment) {
        static const QRegularExpression expandedEnd(u"^tests\\[(\\d+)\\]\\.(client|server)"_s);
        const qsizetype arms = plan.experiment.value(u"arms"_s).toArray().size();
        for (HostReference &r : plan.references)
            if (const auto m = expandedEnd.match(r.path); m.hasMatch() && arms > 0)
                r.path.replace(0, m.capturedLength(),
                               u"experiment.arms[%1].%2"_s.arg(m.captured(1).toLongLong() % arms).arg(m.captured(2)));
    }
    return plan;
}

TestCase Plan::withFrameSize(const TestCase &c, int frameBytes)
{
    TestCase out = c;
    const QString was = u"frame_size_bytes=%1"_s.arg(c.params.value(u"frame_size_bytes"_s).toInt());
    out.params.insert(u"frame_size_bytes"_s, frameBytes);
    out.name.replace(was, u"frame_size_bytes=%1"_s.arg(frameBytes));
    out.key = caseKey(out);
    return out;
}

std::optional<Plan> Plan::load(const QString &path, QString *error)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        if (error)
            *error = u"%1: cannot read the plan: %2"_s.arg(path, f.errorString());
        return std::nullopt;
    }
    const QByteArray data = f.readAll();
    QJsonParseError perr;
    const QJsonDocument doc = QJsonDocument::fromJson(data, &perr);
    if (perr.error != QJsonParseError::NoError) {
        const int line = int(data.left(perr.offset).count('\n')) + 1;
        if (error)
            *error = u"%1:%2: not valid JSON: %3"_s.arg(path).arg(line).arg(perr.errorString());
        return std::nullopt;
    }
    if (!doc.isObject()) {
        if (error)
            *error = u"%1: a plan must be a JSON object"_s.arg(path);
        return std::nullopt;
    }
    QString why;
    auto plan = fromJson(doc.object(), &why);
    if (!plan && error)
        *error = path + u": "_s + why;
    return plan;
}

} // namespace wb
