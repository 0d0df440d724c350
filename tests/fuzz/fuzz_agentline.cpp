// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: the controller's decoding of one line from an agent.
// The line codec (AgentMessage::decode), the hello and error views, and the
// result record a "result" message carries (ResultRecord::fromJson), fed
// the whole object too so the record parser sees arbitrary JSON. A line
// that decodes re-encodes to the same type and id; a record that loads
// survives its own round trip unchanged. See docs/fuzzing.md.

#include "fuzz_controller.h"

#include "protocol/agentmessage.h"
#include "result/resultrecord.h"

#include <QJsonValue>

namespace {

void checkRecord(const QJsonObject &json)
{
    QString error;
    const auto r = wb::ResultRecord::fromJson(json, &error);
    wb::fuzz::requireAnswer(r, error, "ResultRecord::fromJson");
    if (!r)
        return;
    const QJsonObject once = r->toJson();
    const auto again = wb::ResultRecord::fromJson(once, &error);
    wb::fuzz::require(again.has_value(), "a loaded record loads again from its JSON", error);
    wb::fuzz::require(again->toJson() == once, "a record's JSON round trip is stable",
                      QString::fromUtf8(wb::fuzz::compact(once)));
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray line = wb::fuzz::bytes(data, size);
    QString error;
    const auto m = wb::AgentMessage::decode(line, &error);
    wb::fuzz::requireAnswer(m, error, "AgentMessage::decode");
    if (!m)
        return 0;
    const auto again = wb::AgentMessage::decode(m->encode(), &error);
    wb::fuzz::require(again && again->type == m->type && again->id == m->id,
                      "a decoded line re-encodes to the same type and id", error);
    if (m->type == QStringLiteral("hello")) {
        const auto h = wb::HelloInfo::fromMessage(*m, &error);
        wb::fuzz::requireAnswer(h, error, "HelloInfo::fromMessage");
    }
    if (const auto e = wb::AgentError::fromMessage(*m))
        wb::fuzz::require(e->id == m->id, "an error view keeps the message's id");
    if (m->body.value(QStringLiteral("record")).isObject())
        checkRecord(m->body.value(QStringLiteral("record")).toObject());
    checkRecord(m->body);
    return 0;
}
