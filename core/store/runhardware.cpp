// SPDX-License-Identifier: GPL-3.0-or-later
#include "runhardware.h"

#include "inventory/resolvedpath.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace wb {

RunHardware RunHardware::of(const StoredRun &run)
{
    RunHardware hw;
    QStringList parts; // the snapshot's path as text, for runs without a resolved path
    for (const QJsonValue &v : run.inventoryPath) {
        const QJsonObject e = v.toObject();
        const QString type = e.value(u"type"_s).toString();
        const QString role = e.value(u"role"_s).toString();
        const QString key = e.value(u"key"_s).toString();
        const QJsonObject attrs = e.value(u"attrs"_s).toObject();
        if (role == u"client_nic"_s) {
            hw.clientNic = key;
            parts.append(key);
        } else if (role == u"server_nic"_s) {
            hw.serverNic = key;
            parts.append(key);
        } else if (type == u"switch"_s) {
            if (!hw.switches.contains(key))
                hw.switches.append(key);
            ResolvedPath::Hop hop;
            hop.kind = ResolvedPath::Hop::Kind::Switch;
            hop.key = key;
            hop.inPort = attrs.value(u"port"_s).toInt();
            hop.outPort = attrs.value(u"peer_port"_s).toInt();
            parts.append(hop.text());
        } else if (type == u"cable"_s) {
            if (!hw.cables.contains(key))
                hw.cables.append(key);
            const QJsonValue len = attrs.value(u"length_m"_s);
            if (len.isDouble()) {
                hw.longestCableM = std::max(hw.longestCableM.value_or(0), len.toDouble());
                parts.append(u"%1 · %2 m"_s.arg(key, QString::number(len.toDouble(), 'g', 4)));
            } else {
                parts.append(key);
            }
        }
    }
    const QJsonObject stored = run.record.extra.value(u"path"_s).toObject();
    if (!stored.isEmpty()) {
        const ResolvedPath p = ResolvedPath::fromJson(stored);
        hw.pathStatus = resolvedPathStatusName(p.status);
        hw.warnings = p.warnings();
        hw.pathText = p.text();
        // The snapshot names what this database knew; the resolved path
        // fills in what it left out (a path that was ambiguous keeps each
        // NIC's own wire in the snapshot).
        if (hw.clientNic.isEmpty())
            hw.clientNic = p.clientNic;
        if (hw.serverNic.isEmpty())
            hw.serverNic = p.serverNic;
        if (hw.switches.isEmpty() && hw.cables.isEmpty()) {
            hw.switches = p.switches();
            hw.cables = p.cables();
            for (const ResolvedPath::Hop &h : p.hops)
                if (h.lengthM)
                    hw.longestCableM = std::max(hw.longestCableM.value_or(0), *h.lengthM);
        }
    } else if (!parts.isEmpty()) {
        hw.pathText = parts.join(u" → "_s);
    }
    const QJsonObject link = run.record.extra.value(u"link"_s).toObject();
    hw.loopback = link.isEmpty() ? isLoopbackAddress(run.record.extra.value(u"server_address"_s).toString())
                                 : link.value(u"class"_s).toString() == u"loopback"_s;
    if (hw.loopback && !(hw.switches.isEmpty() && hw.cables.isEmpty()))
        hw.warnings.prepend(u"loopback: the test crossed no wire, not the inventory's %1"_s.arg(
            (hw.switches + hw.cables).join(u", "_s)));
    return hw;
}

bool RunHardware::isLoopbackAddress(const QString &address)
{
    return address.startsWith(u"127."_s) || address == u"::1"_s || address == u"localhost"_s;
}

} // namespace wb
