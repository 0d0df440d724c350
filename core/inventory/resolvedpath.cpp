// SPDX-License-Identifier: GPL-3.0-or-later
#include "resolvedpath.h"

#include <QJsonArray>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace wb {

namespace {

constexpr ResolvedPath::Status kStatuses[] = {ResolvedPath::Status::Ok,      ResolvedPath::Status::Ambiguous,
                                             ResolvedPath::Status::NotWired, ResolvedPath::Status::NoRoute,
                                             ResolvedPath::Status::NoNicNamed, ResolvedPath::Status::NotInInventory};

QString hopKindName(ResolvedPath::Hop::Kind k)
{
    switch (k) {
    case ResolvedPath::Hop::Kind::Cable:
        return u"cable"_s;
    case ResolvedPath::Hop::Kind::Switch:
        return u"switch"_s;
    case ResolvedPath::Hop::Kind::Nic:
        break;
    }
    return u"nic"_s;
}

} // namespace

QString resolvedPathStatusName(ResolvedPath::Status status)
{
    switch (status) {
    case ResolvedPath::Status::Ok:
        return u"ok"_s;
    case ResolvedPath::Status::Ambiguous:
        return u"ambiguous"_s;
    case ResolvedPath::Status::NotWired:
        return u"not-wired"_s;
    case ResolvedPath::Status::NoRoute:
        return u"no-route"_s;
    case ResolvedPath::Status::NoNicNamed:
        return u"no-nic-named"_s;
    case ResolvedPath::Status::NotInInventory:
        break;
    }
    return u"not-in-inventory"_s;
}

std::optional<ResolvedPath::Status> resolvedPathStatusFromName(const QString &name)
{
    for (ResolvedPath::Status s : kStatuses)
        if (resolvedPathStatusName(s) == name)
            return s;
    return std::nullopt;
}

QString ResolvedPath::Hop::text() const
{
    switch (kind) {
    case Kind::Cable:
        return lengthM ? u"%1 · %2 m"_s.arg(key, QString::number(*lengthM, 'g', 4)) : key;
    case Kind::Switch:
        if (inPort > 0 && outPort > 0)
            return u"%1 ports %2/%3"_s.arg(key).arg(inPort).arg(outPort);
        if (inPort > 0 || outPort > 0)
            return u"%1 port %2"_s.arg(key).arg(std::max(inPort, outPort));
        return key;
    case Kind::Nic:
        break;
    }
    return key;
}

QStringList ResolvedPath::switches() const
{
    QStringList out;
    for (const Hop &h : hops)
        if (h.kind == Hop::Kind::Switch)
            out.append(h.key);
    return out;
}

QStringList ResolvedPath::cables() const
{
    QStringList out;
    for (const Hop &h : hops)
        if (h.kind == Hop::Kind::Cable)
            out.append(h.key);
    return out;
}

bool ResolvedPath::crossesHub() const
{
    return std::any_of(hops.begin(), hops.end(),
                       [](const Hop &h) { return h.kind == Hop::Kind::Switch && h.switchKind == SwitchKind::Hub; });
}

qint64 ResolvedPath::ratedSpeedBps() const
{
    qint64 speed = 0;
    for (const Hop &h : hops) {
        if (h.kind != Hop::Kind::Nic)
            continue;
        if (h.maxSpeedBps <= 0)
            return 0;
        speed = speed == 0 ? h.maxSpeedBps : std::min(speed, h.maxSpeedBps);
    }
    return speed;
}

QString ResolvedPath::text() const
{
    if (hops.isEmpty())
        return message;
    QStringList parts;
    for (const Hop &h : hops)
        parts.append(h.text());
    return parts.join(u" → "_s);
}

QStringList ResolvedPath::warnings() const
{
    QStringList out;
    if (!message.isEmpty())
        out.append(message);
    out += notes;
    return out;
}

QJsonObject ResolvedPath::toJson() const
{
    QJsonObject o{{u"status"_s, resolvedPathStatusName(status)}, {u"routes"_s, routes}, {u"text"_s, text()}};
    if (!message.isEmpty())
        o.insert(u"message"_s, message);
    if (!notes.isEmpty())
        o.insert(u"notes"_s, QJsonArray::fromStringList(notes));
    if (!clientNic.isEmpty())
        o.insert(u"client_nic"_s, clientNic);
    if (!serverNic.isEmpty())
        o.insert(u"server_nic"_s, serverNic);
    if (!hops.isEmpty()) {
        o.insert(u"switches"_s, QJsonArray::fromStringList(switches()));
        o.insert(u"cables"_s, QJsonArray::fromStringList(cables()));
    }
    QJsonArray hs;
    for (const Hop &h : hops) {
        QJsonObject ho{{u"type"_s, hopKindName(h.kind)}, {u"key"_s, h.key}};
        if (h.lengthM)
            ho.insert(u"length_m"_s, *h.lengthM);
        if (h.kind == Hop::Kind::Switch) {
            ho.insert(u"kind"_s, switchKindName(h.switchKind));
            if (h.inPort > 0)
                ho.insert(u"in_port"_s, h.inPort);
            if (h.outPort > 0)
                ho.insert(u"out_port"_s, h.outPort);
        }
        if (h.maxSpeedBps > 0)
            ho.insert(u"max_speed_bps"_s, double(h.maxSpeedBps));
        hs.append(ho);
    }
    if (!hs.isEmpty())
        o.insert(u"hops"_s, hs);
    return o;
}

ResolvedPath ResolvedPath::fromJson(const QJsonObject &json)
{
    ResolvedPath p;
    p.status = resolvedPathStatusFromName(json.value(u"status"_s).toString()).value_or(Status::NotInInventory);
    p.message = json.value(u"message"_s).toString();
    for (const QJsonValue &v : json.value(u"notes"_s).toArray())
        p.notes.append(v.toString());
    p.routes = json.value(u"routes"_s).toInt();
    p.clientNic = json.value(u"client_nic"_s).toString();
    p.serverNic = json.value(u"server_nic"_s).toString();
    for (const QJsonValue &v : json.value(u"hops"_s).toArray()) {
        const QJsonObject ho = v.toObject();
        Hop h;
        const QString type = ho.value(u"type"_s).toString();
        h.kind = type == u"cable"_s ? Hop::Kind::Cable : type == u"switch"_s ? Hop::Kind::Switch : Hop::Kind::Nic;
        h.key = ho.value(u"key"_s).toString();
        if (ho.value(u"length_m"_s).isDouble())
            h.lengthM = ho.value(u"length_m"_s).toDouble();
        h.switchKind = switchKindFromName(ho.value(u"kind"_s).toString()).value_or(SwitchKind::Unknown);
        h.inPort = ho.value(u"in_port"_s).toInt();
        h.outPort = ho.value(u"out_port"_s).toInt();
        h.maxSpeedBps = qint64(ho.value(u"max_speed_bps"_s).toDouble());
        p.hops.append(h);
    }
    return p;
}

} // namespace wb
