// SPDX-License-Identifier: GPL-3.0-or-later
#include "uplink.h"

#include "jsonfields.h"

using namespace Qt::StringLiterals;

namespace wb {

QJsonObject Uplink::toJson() const
{
    QJsonObject o;
    o.insert(u"switch"_s, switchName);
    if (switchPort > 0)
        o.insert(u"port"_s, switchPort);
    o.insert(u"cable"_s, cableLabel);
    o.insert(u"peer_switch"_s, peerSwitchName);
    if (peerSwitchPort > 0)
        o.insert(u"peer_port"_s, peerSwitchPort);
    jsonfields::putString(o, u"notes"_s, notes);
    return o;
}

std::optional<Uplink> Uplink::fromJson(const QJsonObject &json, const QString &where, QString *error)
{
    using namespace jsonfields;
    Uplink u;
    if (!readString(json, u"switch"_s, where, &u.switchName, error, true) ||
        !readInteger(json, u"port"_s, where, &u.switchPort, error, 0, 100000) ||
        !readString(json, u"cable"_s, where, &u.cableLabel, error, true) ||
        !readString(json, u"peer_switch"_s, where, &u.peerSwitchName, error, true) ||
        !readInteger(json, u"peer_port"_s, where, &u.peerSwitchPort, error, 0, 100000) ||
        !readString(json, u"notes"_s, where, &u.notes, error))
        return std::nullopt;
    if (u.switchName == u.peerSwitchName) {
        if (error)
            *error = u"%1 joins switch '%2' to itself; an uplink goes between two switches"_s.arg(where,
                                                                                                   u.switchName);
        return std::nullopt;
    }
    return u;
}

bool Uplink::sameAttributes(const Uplink &o) const
{
    return switchName == o.switchName && switchPort == o.switchPort && cableLabel == o.cableLabel &&
           peerSwitchName == o.peerSwitchName && peerSwitchPort == o.peerSwitchPort && notes == o.notes;
}

} // namespace wb
