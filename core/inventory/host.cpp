// SPDX-License-Identifier: GPL-3.0-or-later
#include "host.h"

#include "jsonfields.h"

#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace wb {

QJsonObject Host::toJson() const
{
    using jsonfields::putString;
    QJsonObject o;
    o.insert(u"name"_s, name);
    putString(o, u"address"_s, address);
    putString(o, u"ssh_address"_s, sshAddress);
    o.insert(u"ssh_port"_s, sshPort);
    putString(o, u"ssh_user"_s, sshUser);
    putString(o, u"ssh_key_path"_s, sshKeyPath);
    putString(o, u"jump_host"_s, jumpHost);
    if (dataPortMin > 0 || dataPortMax > 0) {
        o.insert(u"data_port_min"_s, dataPortMin);
        o.insert(u"data_port_max"_s, dataPortMax);
    }
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
        !readString(json, u"ssh_address"_s, where, &h.sshAddress, error) ||
        !readInteger(json, u"ssh_port"_s, where, &h.sshPort, error, 1, 65535) ||
        !readString(json, u"jump_host"_s, where, &h.jumpHost, error) ||
        !readInteger(json, u"data_port_min"_s, where, &h.dataPortMin, error, 1, 65535) ||
        !readInteger(json, u"data_port_max"_s, where, &h.dataPortMax, error, 1, 65535) ||
        !readString(json, u"ssh_user"_s, where, &h.sshUser, error) ||
        !readString(json, u"ssh_key_path"_s, where, &h.sshKeyPath, error) ||
        !readString(json, u"agent_path"_s, where, &h.agentPath, error) ||
        !readString(json, u"cpu"_s, where, &h.cpu, error) ||
        !readInteger(json, u"memory_bytes"_s, where, &h.memoryBytes, error, 0, 9.0e15) ||
        !readString(json, u"os"_s, where, &h.os, error) || !readString(json, u"notes"_s, where, &h.notes, error))
        return std::nullopt;
    if ((h.dataPortMin > 0) != (h.dataPortMax > 0) || h.dataPortMin > h.dataPortMax) {
        if (error)
            *error = u"%1.data_port_min must be given with data_port_max, and be at most it"_s.arg(where);
        return std::nullopt;
    }
    if (!h.jumpHost.isEmpty() && !isValidJumpHost(h.jumpHost)) {
        if (error)
            *error = u"%1.jump_host '%2' is not one hop [user@]host[:port]"_s.arg(where, h.jumpHost);
        return std::nullopt;
    }
    return h;
}

bool Host::isValidJumpHost(const QString &jump)
{
    // One hop, as OpenSSH's -J takes it: [user@]host[:port], host a name or
    // an IPv4 address, or [IPv6]. It reaches an ssh command line, so nothing
    // else passes (no spaces, quotes, leading '-', or ssh:// URLs).
    static const QRegularExpression re(
        uR"(^(?:[A-Za-z0-9_][A-Za-z0-9_.-]{0,31}@)?(?:[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?|\[[0-9A-Fa-f:.]{2,45}\])(?::[0-9]{1,5})?$)"_s);
    const QRegularExpressionMatch m = re.match(jump);
    if (!m.hasMatch())
        return false;
    const qsizetype colon = jump.lastIndexOf(u':');
    if (colon > jump.lastIndexOf(u']')) {
        const int port = jump.mid(colon + 1).toInt();
        if (port < 1 || port > 65535)
            return false;
    }
    return true;
}

bool Host::sameAttributes(const Host &o) const
{
    return name == o.name && address == o.address && sshAddress == o.sshAddress && jumpHost == o.jumpHost &&
           dataPortMin == o.dataPortMin && dataPortMax == o.dataPortMax && sshPort == o.sshPort && sshUser == o.sshUser &&
           sshKeyPath == o.sshKeyPath && agentPath == o.agentPath && cpu == o.cpu && memoryBytes == o.memoryBytes &&
           os == o.os && notes == o.notes;
}

} // namespace wb
