// SPDX-License-Identifier: GPL-3.0-or-later
#include "host.h"

#include "jsonfields.h"

using namespace Qt::StringLiterals;

namespace wb {

QJsonObject Host::toJson() const
{
    using jsonfields::putString;
    QJsonObject o;
    o.insert(u"name"_s, name);
    putString(o, u"address"_s, address);
    o.insert(u"ssh_port"_s, sshPort);
    putString(o, u"ssh_user"_s, sshUser);
    putString(o, u"ssh_key_path"_s, sshKeyPath);
    putString(o, u"agent_path"_s, agentPath);
    putString(o, u"cpu"_s, cpu);
    if (memoryBytes > 0)
        o.insert(u"memory_bytes"_s, double(memoryBytes));
    putString(o, u"os"_s, os);
    putString(o, u"notes"_s, notes);
    return o;
}

std::optional<Host> Host::fromJson(const QJsonObject &json, const QString &where, QString *error)
{
    using namespace jsonfields;
    Host h;
    if (!readString(json, u"name"_s, where, &h.name, error, true) ||
        !readString(json, u"address"_s, where, &h.address, error) ||
        !readInteger(json, u"ssh_port"_s, where, &h.sshPort, error, 1, 65535) ||
        !readString(json, u"ssh_user"_s, where, &h.sshUser, error) ||
        !readString(json, u"ssh_key_path"_s, where, &h.sshKeyPath, error) ||
        !readString(json, u"agent_path"_s, where, &h.agentPath, error) ||
        !readString(json, u"cpu"_s, where, &h.cpu, error) ||
        !readInteger(json, u"memory_bytes"_s, where, &h.memoryBytes, error, 0, 9.0e15) ||
        !readString(json, u"os"_s, where, &h.os, error) || !readString(json, u"notes"_s, where, &h.notes, error))
        return std::nullopt;
    return h;
}

bool Host::sameAttributes(const Host &o) const
{
    return name == o.name && address == o.address && sshPort == o.sshPort && sshUser == o.sshUser &&
           sshKeyPath == o.sshKeyPath && agentPath == o.agentPath && cpu == o.cpu && memoryBytes == o.memoryBytes &&
           os == o.os && notes == o.notes;
}

} // namespace wb
