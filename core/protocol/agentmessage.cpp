// SPDX-License-Identifier: GPL-3.0-or-later
#include "agentmessage.h"

#include "agentmessages.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>

#include <limits>

using namespace Qt::StringLiterals;

namespace wb {

AgentMessage AgentMessage::request(const QString &type, qint64 id, QJsonObject fields)
{
    AgentMessage m;
    m.type = type;
    m.id = id;
    fields.insert(u"type"_s, type);
    fields.insert(u"id"_s, id);
    m.body = std::move(fields);
    return m;
}

std::optional<AgentMessage> AgentMessage::decode(QByteArrayView line, QString *error)
{
    while (!line.isEmpty() && (line.back() == '\n' || line.back() == '\r'))
        line.chop(1);
    QJsonParseError perr;
    const QJsonDocument doc = QJsonDocument::fromJson(line.toByteArray(), &perr);
    if (perr.error != QJsonParseError::NoError) {
        if (error)
            *error = u"not valid JSON at byte %1: %2"_s.arg(perr.offset).arg(perr.errorString());
        return std::nullopt;
    }
    if (!doc.isObject()) {
        if (error)
            *error = u"a message must be a JSON object"_s;
        return std::nullopt;
    }
    AgentMessage m;
    m.body = doc.object();
    const QJsonValue type = m.body.value(u"type"_s);
    if (!type.isString() || type.toString().isEmpty()) {
        if (error)
            *error = u"field 'type' must be a non-empty string"_s;
        return std::nullopt;
    }
    m.type = type.toString();
    const QJsonValue id = m.body.value(u"id"_s);
    if (id.isDouble()) {
        // toInteger() keeps a 19-digit id exact (Qt stores it as an integer)
        // and refuses what no qint64 holds (1e300, 2^63, fractions) instead
        // of a cast from double that is undefined or rounds to another id.
        const qint64 v = id.toInteger(-1);
        if (v < 0) {
            if (error)
                *error
                    = u"field 'id' must be an integer from 0 to %1"_s.arg(std::numeric_limits<qint64>::max());
            return std::nullopt;
        }
        m.id = v;
    } else if (!id.isNull() && !id.isUndefined()) {
        if (error)
            *error = u"field 'id' must be a non-negative integer or null"_s;
        return std::nullopt;
    }
    return m;
}

QByteArray AgentMessage::encode() const
{
    QJsonObject o = body;
    o.insert(u"type"_s, type);
    o.insert(u"id"_s, id ? QJsonValue(*id) : QJsonValue());
    QByteArray line = QJsonDocument(o).toJson(QJsonDocument::Compact);
    line.append('\n');
    return line;
}

std::optional<HelloInfo> HelloInfo::fromMessage(const AgentMessage &message, QString *error)
{
    auto fail = [error](const QString &what) -> std::optional<HelloInfo> {
        if (error)
            *error = what;
        return std::nullopt;
    };
    if (message.type != msg::kHello)
        return fail(u"expected a 'hello' reply, got '%1'"_s.arg(message.type));
    const QJsonObject &b = message.body;
    if (!b.value(u"protocol"_s).isDouble())
        return fail(u"'hello' reply has no integer 'protocol'"_s);
    if (!b.value(u"agent_version"_s).isString())
        return fail(u"'hello' reply has no 'agent_version'"_s);
    HelloInfo h;
    h.protocol = b.value(u"protocol"_s).toInt();
    h.agentVersion = b.value(u"agent_version"_s).toString();
    h.host = b.value(u"host"_s).toString();
    h.os = b.value(u"os"_s).toString();
    h.arch = b.value(u"arch"_s).toString();
    h.pid = b.value(u"pid"_s).toInteger();
    const QJsonArray caps = b.value(u"capabilities"_s).toArray();
    for (const QJsonValue &c : caps)
        h.capabilities.append(c.toString());
    return h;
}

AgentMessage HelloInfo::toMessage(qint64 id) const
{
    QJsonObject o;
    o.insert(u"protocol"_s, protocol);
    o.insert(u"agent_version"_s, agentVersion);
    o.insert(u"host"_s, host);
    o.insert(u"os"_s, os);
    o.insert(u"arch"_s, arch);
    o.insert(u"pid"_s, pid);
    o.insert(u"capabilities"_s, QJsonArray::fromStringList(capabilities));
    return AgentMessage::request(msg::kHello, id, o);
}

std::optional<AgentError> AgentError::fromMessage(const AgentMessage &message)
{
    if (message.type != msg::kError)
        return std::nullopt;
    AgentError e;
    e.id = message.id;
    e.code = message.body.value(u"code"_s).toString();
    e.message = message.body.value(u"message"_s).toString();
    return e;
}

AgentMessage AgentError::toMessage() const
{
    AgentMessage m;
    m.type = msg::kError;
    m.id = id;
    m.body.insert(u"code"_s, code);
    m.body.insert(u"message"_s, message);
    return m;
}

} // namespace wb
