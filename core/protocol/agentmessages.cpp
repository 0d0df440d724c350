// SPDX-License-Identifier: GPL-3.0-or-later
#include "agentmessages.h"

#include <QJsonArray>
#include <QRegularExpression>

#include <cmath>

using namespace Qt::StringLiterals;

namespace wb {

namespace {

// Field readers that name what is wrong. Each returns false and sets the
// error when the field is missing or of the wrong type.
class Fields
{
public:
    Fields(const AgentMessage &m, QString *error) : m_m(m), m_error(error) {}

    bool type(const QString &expected)
    {
        if (m_m.type == expected)
            return true;
        return fail(u"a '%1' message was expected, not '%2'"_s.arg(expected, m_m.type));
    }
    bool string(const QString &name, QString *out, bool required = true)
    {
        const QJsonValue v = m_m.body.value(name);
        if (v.isUndefined() && !required)
            return true;
        if (!v.isString() || (required && v.toString().isEmpty()))
            return fail(u"'%1': field '%2' must be a non-empty string"_s.arg(m_m.type, name));
        *out = v.toString();
        return true;
    }
    bool object(const QString &name, QJsonObject *out, bool required = true)
    {
        const QJsonValue v = m_m.body.value(name);
        if (v.isUndefined() && !required)
            return true;
        if (!v.isObject())
            return fail(u"'%1': field '%2' must be an object"_s.arg(m_m.type, name));
        *out = v.toObject();
        return true;
    }
    bool number(const QString &name, double *out, bool required = true)
    {
        const QJsonValue v = m_m.body.value(name);
        if (v.isUndefined() && !required)
            return true;
        if (!v.isDouble() || !std::isfinite(v.toDouble()))
            return fail(u"'%1': field '%2' must be a finite number"_s.arg(m_m.type, name));
        *out = v.toDouble();
        return true;
    }
    // An integer in [low, high]; 1e300 or 2^63 are refused, not wrapped.
    bool integer(const QString &name, qint64 low, qint64 high, qint64 *out, bool required = true)
    {
        const QJsonValue v = m_m.body.value(name);
        if (v.isUndefined() && !required)
            return true;
        const double d = v.toDouble(std::nan(""));
        if (!v.isDouble() || !std::isfinite(d) || d != std::floor(d) || d < double(low) || d > double(high))
            return fail(u"'%1': field '%2' must be an integer from %3 to %4"_s.arg(m_m.type, name).arg(low).arg(high));
        *out = qint64(d);
        return true;
    }
    bool port(const QString &name, int *out, bool required = true)
    {
        qint64 v = *out;
        if (!integer(name, 0, 65535, &v, required))
            return false;
        *out = int(v);
        return true;
    }
    bool boolean(const QString &name, bool *out)
    {
        const QJsonValue v = m_m.body.value(name);
        if (v.isUndefined())
            return true;
        if (!v.isBool())
            return fail(u"'%1': field '%2' must be true or false"_s.arg(m_m.type, name));
        *out = v.toBool();
        return true;
    }
    bool token(QString *out)
    {
        static const QRegularExpression kToken(u"^[0-9a-f]{32}$"_s);
        if (!string(u"token"_s, out))
            return false;
        if (!kToken.match(*out).hasMatch())
            return fail(u"'%1': field 'token' must be 32 lower-case hex digits"_s.arg(m_m.type));
        return true;
    }
    bool fail(const QString &what)
    {
        if (m_error)
            *m_error = what;
        return false;
    }

private:
    const AgentMessage &m_m;
    QString *m_error;
};

AgentMessage make(const QString &type, qint64 id, QJsonObject fields)
{
    return AgentMessage::request(type, id, std::move(fields));
}

// A T from a message that must be of the given type; read(f, r) takes the
// fields into r and returns false (the error set) when one is wrong.
template <typename T, typename Read>
std::optional<T> decode(const AgentMessage &m, QString *error, const QString &type, Read read)
{
    Fields f(m, error);
    T r;
    if (!f.type(type) || !read(f, r))
        return std::nullopt;
    return r;
}

} // namespace

bool msg::isFinal(const AgentMessage &m)
{
    return m.type == kResult || m.type == kError || m.type == kHeartbeat || m.type == kSysinfo
        || m.type == kCancelled || m.type == kPong;
}

AgentMessage ServeRequest::toMessage(qint64 id) const
{
    QJsonObject o{{u"kind"_s, kind}, {u"params"_s, params}, {u"port"_s, port}, {u"token"_s, token}};
    // The fields past protocol 1's first form go out only when used, so an
    // agent without the "bind_nic" capability sees the messages it knows.
    if (!bind.isEmpty())
        o.insert(u"bind"_s, bind);
    if (!family.isEmpty())
        o.insert(u"family"_s, family);
    if (portMin > 0) {
        o.insert(u"port_min"_s, portMin);
        o.insert(u"port_max"_s, portMax);
    }
    if (bindDevice)
        o.insert(u"bind_device"_s, true);
    return make(msg::kServe, id, o);
}

std::optional<ServeRequest> ServeRequest::fromMessage(const AgentMessage &m, QString *error)
{
    return decode<ServeRequest>(m, error, msg::kServe, [](Fields &f, ServeRequest &r) {
        if (!f.string(u"kind"_s, &r.kind) || !f.object(u"params"_s, &r.params, false) || !f.string(u"bind"_s, &r.bind, false)
            || !f.port(u"port"_s, &r.port, false) || !f.token(&r.token) || !f.string(u"family"_s, &r.family, false)
            || !f.port(u"port_min"_s, &r.portMin, false) || !f.port(u"port_max"_s, &r.portMax, false)
            || !f.boolean(u"bind_device"_s, &r.bindDevice))
            return false;
        if (!r.family.isEmpty() && r.family != u"ipv4"_s && r.family != u"ipv6"_s)
            return f.fail(u"'serve': field 'family' must be \"ipv4\" or \"ipv6\""_s);
        if ((r.portMin > 0) != (r.portMax > 0) || r.portMin > r.portMax)
            return f.fail(u"'serve': fields 'port_min' and 'port_max' go together, port_min at most port_max"_s);
        return true;
    });
}

AgentMessage ListeningReply::toMessage(qint64 id) const
{
    QJsonObject o{{u"port"_s, port}};
    if (udpPort > 0)
        o.insert(u"udp_port"_s, udpPort);
    if (!address.isEmpty())
        o.insert(u"address"_s, address);
    return make(msg::kListening, id, o);
}

std::optional<ListeningReply> ListeningReply::fromMessage(const AgentMessage &m, QString *error)
{
    return decode<ListeningReply>(m, error, msg::kListening, [](Fields &f, ListeningReply &r) {
        if (!f.port(u"port"_s, &r.port) || !f.port(u"udp_port"_s, &r.udpPort, false)
            || !f.string(u"address"_s, &r.address, false))
            return false;
        if (r.port == 0)
            return f.fail(u"'listening': field 'port' must name the port listened on, not 0"_s);
        // Numeric only (Qt Network is not this layer's): the run request that
        // carries it on is checked again by the agent that connects.
        static const QRegularExpression kNumeric(u"^[0-9A-Fa-f:.]{2,45}$"_s);
        if (!r.address.isEmpty() && !kNumeric.match(r.address).hasMatch())
            return f.fail(u"'listening': field 'address' must be a numeric IP address"_s);
        return true;
    });
}

AgentMessage RunRequest::toMessage(qint64 id) const
{
    QJsonObject o{{u"kind"_s, kind}, {u"params"_s, params}, {u"to"_s, to}, {u"port"_s, port}, {u"token"_s, token}};
    if (!bind.isEmpty())
        o.insert(u"bind"_s, bind);
    if (bindDevice)
        o.insert(u"bind_device"_s, true);
    return make(msg::kRun, id, o);
}

std::optional<RunRequest> RunRequest::fromMessage(const AgentMessage &m, QString *error)
{
    return decode<RunRequest>(m, error, msg::kRun, [](Fields &f, RunRequest &r) {
        return f.string(u"kind"_s, &r.kind) && f.object(u"params"_s, &r.params, false) && f.string(u"to"_s, &r.to)
               && f.port(u"port"_s, &r.port) && f.token(&r.token) && f.string(u"bind"_s, &r.bind, false)
               && f.boolean(u"bind_device"_s, &r.bindDevice);
    });
}

AgentMessage MonitorRequest::toMessage(qint64 id) const
{
    return make(msg::kMonitor, id, {{u"params"_s, params}});
}

std::optional<MonitorRequest> MonitorRequest::fromMessage(const AgentMessage &m, QString *error)
{
    return decode<MonitorRequest>(m, error, msg::kMonitor,
                                  [](Fields &f, MonitorRequest &r) { return f.object(u"params"_s, &r.params, false); });
}

AgentMessage SampleMessage::toMessage(qint64 id) const
{
    QJsonObject o{{u"t"_s, t}, {u"metrics"_s, metrics}};
    if (!side.isEmpty())
        o.insert(u"side"_s, side);
    return make(msg::kSample, id, o);
}

std::optional<SampleMessage> SampleMessage::fromMessage(const AgentMessage &m, QString *error)
{
    return decode<SampleMessage>(m, error, msg::kSample, [](Fields &f, SampleMessage &s) {
        if (!f.number(u"t"_s, &s.t) || !f.string(u"side"_s, &s.side, false) || !f.object(u"metrics"_s, &s.metrics))
            return false;
        return s.side.isEmpty() || s.side == u"client"_s || s.side == u"server"_s
               || f.fail(u"'sample': field 'side' must be 'client' or 'server', not '%1'"_s.arg(s.side));
    });
}

QList<Sample> SampleMessage::samples(const QString &defaultSide) const
{
    QList<Sample> out;
    const QString s = side.isEmpty() ? defaultSide : side;
    for (auto it = metrics.begin(); it != metrics.end(); ++it)
        if (it->isDouble() && std::isfinite(it->toDouble()))
            out.append(Sample{t, s, it.key(), it->toDouble()});
    return out;
}

AgentMessage SamplesBatch::toMessage(qint64 id) const
{
    ResultRecord carrier;
    carrier.samples = samples;
    return make(msg::kSamples, id, {{u"samples"_s, carrier.toJson().value(u"samples"_s)}});
}

std::optional<SamplesBatch> SamplesBatch::fromMessage(const AgentMessage &m, QString *error)
{
    return decode<SamplesBatch>(m, error, msg::kSamples, [&m](Fields &f, SamplesBatch &r) {
        if (!m.body.value(u"samples"_s).isArray())
            return f.fail(u"'samples': field 'samples' must be an array"_s);
        // The record's own decoder checks each sample, so batches and records
        // take the same samples.
        QString why;
        const auto carrier = ResultRecord::fromJson(
            {{u"kind"_s, u"samples"_s}, {u"metrics"_s, QJsonArray()}, {u"samples"_s, m.body.value(u"samples"_s)}}, &why);
        if (!carrier)
            return f.fail(u"'samples': %1"_s.arg(why));
        r.samples = carrier->samples;
        return true;
    });
}

AgentMessage ResultMessage::toMessage(qint64 id) const
{
    QJsonObject o{{u"record"_s, record.toJson()}};
    if (samplesSent >= 0)
        o.insert(u"samples_sent"_s, samplesSent);
    return make(msg::kResult, id, o);
}

std::optional<ResultMessage> ResultMessage::fromMessage(const AgentMessage &m, QString *error)
{
    return decode<ResultMessage>(m, error, msg::kResult, [](Fields &f, ResultMessage &r) {
        QJsonObject json;
        if (!f.object(u"record"_s, &json) || !f.integer(u"samples_sent"_s, 0, qint64(1) << 53, &r.samplesSent, false))
            return false;
        QString why;
        auto record = ResultRecord::fromJson(json, &why);
        if (!record)
            return f.fail(u"'result': the record is not valid: %1"_s.arg(why));
        r.record = std::move(*record);
        return true;
    });
}

AgentMessage SysinfoReply::toMessage(qint64 id) const
{
    return make(msg::kSysinfo, id, info);
}

std::optional<SysinfoReply> SysinfoReply::fromMessage(const AgentMessage &m, QString *error)
{
    return decode<SysinfoReply>(m, error, msg::kSysinfo, [&m](Fields &, SysinfoReply &r) {
        r.info = m.body;
        r.info.remove(u"type"_s);
        r.info.remove(u"id"_s);
        return true;
    });
}

AgentMessage CancelRequest::toMessage(qint64 id) const
{
    return make(msg::kCancel, id, {{u"target"_s, target}});
}

std::optional<CancelRequest> CancelRequest::fromMessage(const AgentMessage &m, QString *error)
{
    return decode<CancelRequest>(m, error, msg::kCancel, [](Fields &f, CancelRequest &r) {
        return f.integer(u"target"_s, 0, (qint64(1) << 53), &r.target);
    });
}

AgentMessage HeartbeatRequest::toMessage(qint64 id) const
{
    return make(msg::kHeartbeat, id, {{u"timeout_s"_s, timeoutS}});
}

std::optional<HeartbeatRequest> HeartbeatRequest::fromMessage(const AgentMessage &m, QString *error)
{
    return decode<HeartbeatRequest>(m, error, msg::kHeartbeat,
                                    [](Fields &f, HeartbeatRequest &r) { return f.number(u"timeout_s"_s, &r.timeoutS); });
}

} // namespace wb
