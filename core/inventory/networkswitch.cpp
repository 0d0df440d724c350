// SPDX-License-Identifier: GPL-3.0-or-later
#include "networkswitch.h"

#include "jsonfields.h"

using namespace Qt::StringLiterals;

namespace wb {

QString switchKindName(SwitchKind kind)
{
    switch (kind) {
    case SwitchKind::Hub:
        return u"hub"_s;
    case SwitchKind::StoreAndForward:
        return u"store-and-forward"_s;
    case SwitchKind::CutThrough:
        return u"cut-through"_s;
    case SwitchKind::Unknown:
        break;
    }
    return u"unknown"_s;
}

std::optional<SwitchKind> switchKindFromName(const QString &name)
{
    for (SwitchKind k : {SwitchKind::Unknown, SwitchKind::Hub, SwitchKind::StoreAndForward, SwitchKind::CutThrough})
        if (switchKindName(k) == name)
            return k;
    return std::nullopt;
}

QJsonObject NetworkSwitch::toJson() const
{
    using jsonfields::putString;
    QJsonObject o;
    o.insert(u"name"_s, name);
    putString(o, u"vendor"_s, vendor);
    putString(o, u"model"_s, model);
    o.insert(u"kind"_s, switchKindName(kind));
    if (ratedLatencyUs)
        o.insert(u"rated_latency_us"_s, *ratedLatencyUs);
    if (ports > 0)
        o.insert(u"ports"_s, ports);
    putString(o, u"notes"_s, notes);
    return o;
}

std::optional<NetworkSwitch> NetworkSwitch::fromJson(const QJsonObject &json, const QString &where, QString *error)
{
    using namespace jsonfields;
    NetworkSwitch s;
    QString kind;
    if (!readString(json, u"name"_s, where, &s.name, error, true) ||
        !readString(json, u"vendor"_s, where, &s.vendor, error) ||
        !readString(json, u"model"_s, where, &s.model, error) || !readString(json, u"kind"_s, where, &kind, error) ||
        !readOptionalNumber(json, u"rated_latency_us"_s, where, &s.ratedLatencyUs, error) ||
        !readInteger(json, u"ports"_s, where, &s.ports, error, 0, 100000) ||
        !readString(json, u"notes"_s, where, &s.notes, error))
        return std::nullopt;
    if (!kind.isEmpty()) {
        const auto k = switchKindFromName(kind);
        if (!k) {
            if (error)
                *error = u"%1.kind must be one of hub, store-and-forward, cut-through, unknown, not '%2'"_s.arg(
                    where, kind);
            return std::nullopt;
        }
        s.kind = *k;
    }
    return s;
}

bool NetworkSwitch::sameAttributes(const NetworkSwitch &o) const
{
    return name == o.name && vendor == o.vendor && model == o.model && kind == o.kind &&
           ratedLatencyUs == o.ratedLatencyUs && ports == o.ports && notes == o.notes;
}

} // namespace wb
