// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The controller's side of the agent protocol codec (docs/agent-protocol.md):
// one JSON object per line, with a "type" and an "id". Typed views (hello,
// error) are built on top of the generic message so new message types need no
// codec change.

#include "protocolversion.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <optional>

namespace wb {


struct AgentMessage
{
    QString type;
    std::optional<qint64> id; // absent or null for unsolicited messages
    QJsonObject body;         // the whole object, including type and id

    static AgentMessage request(const QString &type, qint64 id, QJsonObject fields = {});
    // Decodes one line (without or with its trailing newline).
    static std::optional<AgentMessage> decode(QByteArrayView line, QString *error);
    QByteArray encode() const; // compact JSON plus '\n'
};

struct HelloInfo
{
    int protocol = 0;
    QString agentVersion;
    QString host;
    QString os;
    QString arch;
    qint64 pid = 0;
    QStringList capabilities;

    static std::optional<HelloInfo> fromMessage(const AgentMessage &message, QString *error);
    AgentMessage toMessage(qint64 id) const;
};

struct AgentError
{
    std::optional<qint64> id;
    QString code;
    QString message;

    static std::optional<AgentError> fromMessage(const AgentMessage &message);
    AgentMessage toMessage() const;
};

} // namespace wb
