// SPDX-License-Identifier: GPL-3.0-or-later
#include "link.h"

#include "jsonfields.h"

using namespace Qt::StringLiterals;

namespace wb {

QJsonObject Link::toJson() const
{
    using jsonfields::putString;
    QJsonObject o;
    o.insert(u"nic"_s, nicKey);
    o.insert(u"cable"_s, cableLabel);
    if (isCrossover()) {
        o.insert(u"peer_nic"_s, peerNicKey);
    } else {
        o.insert(u"switch"_s, switchName);
        if (switchPort > 0)
            o.insert(u"port"_s, switchPort);
    }
    putString(o, u"notes"_s, notes);
    return o;
}

std::optional<Link> Link::fromJson(const QJsonObject &json, const QString &where, QString *error)
{
    using namespace jsonfields;
    Link l;
    if (!readString(json, u"nic"_s, where, &l.nicKey, error, true) ||
        !readString(json, u"cable"_s, where, &l.cableLabel, error, true) ||
        !readString(json, u"switch"_s, where, &l.switchName, error) ||
        !readInteger(json, u"port"_s, where, &l.switchPort, error, 0, 100000) ||
        !readString(json, u"peer_nic"_s, where, &l.peerNicKey, error) ||
        !readString(json, u"notes"_s, where, &l.notes, error))
        return std::nullopt;
    if (l.switchName.isEmpty() == l.peerNicKey.isEmpty()) {
        if (error)
            *error = u"%1 needs exactly one of 'switch' (NIC to switch port) or 'peer_nic' (crossover)"_s.arg(where);
        return std::nullopt;
    }
    if (!l.peerNicKey.isEmpty() && l.switchPort != 0) {
        if (error)
            *error = u"%1.port only applies to a switch link"_s.arg(where);
        return std::nullopt;
    }
    for (const QString *key : {&l.nicKey, &l.peerNicKey}) {
        if (!key->isEmpty() && (!key->contains(u'/') || key->startsWith(u'/') || key->endsWith(u'/'))) {
            if (error)
                *error = u"%1: NIC '%2' must be written host/interface"_s.arg(where, *key);
            return std::nullopt;
        }
    }
    return l;
}

bool Link::sameAttributes(const Link &o) const
{
    return nicKey == o.nicKey && cableLabel == o.cableLabel && switchName == o.switchName &&
           switchPort == o.switchPort && peerNicKey == o.peerNicKey && notes == o.notes;
}

} // namespace wb
