// SPDX-License-Identifier: GPL-3.0-or-later
#include "inventory.h"

#include <QFile>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QObject>
#include <QSaveFile>
#include <QSet>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace wb {

namespace {
const auto kFormat = u"wirebench-lab"_s;

template<typename T, typename Key>
const T *findBy(const QList<T> &list, Key key)
{
    for (const T &item : list)
        if (key(item))
            return &item;
    return nullptr;
}

bool fail(QString *error, const QString &message)
{
    if (error)
        *error = message;
    return false;
}

// Reads an optional array field; a present non-array is an error.
bool arrayField(const QJsonObject &o, const QString &key, const QString &where, QJsonArray *out, QString *error)
{
    const QJsonValue v = o.value(key);
    if (v.isUndefined() || v.isNull()) {
        *out = {};
        return true;
    }
    if (!v.isArray())
        return fail(error, u"%1%2 must be an array"_s.arg(where, key));
    *out = v.toArray();
    return true;
}
} // namespace

bool Inventory::isEmpty() const
{
    return hosts.isEmpty() && nics.isEmpty() && switches.isEmpty() && cables.isEmpty() && links.isEmpty() &&
           uplinks.isEmpty();
}

const Host *Inventory::host(const QString &name) const
{
    return findBy(hosts, [&](const Host &h) { return h.name == name; });
}

const Nic *Inventory::nic(const QString &key) const
{
    return findBy(nics, [&](const Nic &n) { return n.key() == key; });
}

const NetworkSwitch *Inventory::networkSwitch(const QString &name) const
{
    return findBy(switches, [&](const NetworkSwitch &s) { return s.name == name; });
}

const Cable *Inventory::cable(const QString &label) const
{
    return findBy(cables, [&](const Cable &c) { return c.label == label; });
}

QList<int> Inventory::portsInUse(const QString &switchName) const
{
    QList<int> ports;
    for (const Link &l : links)
        if (l.switchName == switchName && l.switchPort > 0)
            ports.append(l.switchPort);
    for (const Uplink &u : uplinks)
        if ((u.switchName == switchName || u.peerSwitchName == switchName) && u.portOn(switchName) > 0)
            ports.append(u.portOn(switchName));
    std::sort(ports.begin(), ports.end());
    ports.erase(std::unique(ports.begin(), ports.end()), ports.end());
    return ports;
}

QStringList Inventory::warnings() const
{
    QStringList out;
    QHash<QString, QString> portUse; // "switch#port" -> NIC
    for (const Link &l : links) {
        if (l.switchName.isEmpty() || l.switchPort <= 0)
            continue;
        const NetworkSwitch *sw = networkSwitch(l.switchName);
        if (sw && sw->ports > 0 && l.switchPort > sw->ports)
            out.append(QObject::tr("link of %1: port %2 of switch %3, which has %4 ports; correct the port or the "
                                   "switch's port count")
                           .arg(l.nicKey)
                           .arg(l.switchPort)
                           .arg(l.switchName)
                           .arg(sw->ports));
        const QString key = l.switchName + u'#' + QString::number(l.switchPort);
        if (portUse.contains(key))
            out.append(QObject::tr("links of %1 and %2 both use port %3 of switch %4")
                           .arg(portUse.value(key), l.nicKey)
                           .arg(l.switchPort)
                           .arg(l.switchName));
        else
            portUse.insert(key, l.nicKey);
    }
    for (const Uplink &u : uplinks) {
        for (const QString &name : {u.switchName, u.peerSwitchName}) {
            const NetworkSwitch *sw = networkSwitch(name);
            const int port = u.portOn(name);
            if (sw && sw->ports > 0 && port > sw->ports)
                out.append(QObject::tr("uplink on cable %1: port %2 of switch %3, which has %4 ports; correct the "
                                       "port or the switch's port count")
                               .arg(u.cableLabel)
                               .arg(port)
                               .arg(name)
                               .arg(sw->ports));
        }
    }
    return out;
}

QJsonObject Inventory::toJson() const
{
    QJsonObject o;
    o.insert(u"format"_s, kFormat);
    o.insert(u"version"_s, kFormatVersion);
    QJsonArray hs;
    for (const Host &h : hosts) {
        QJsonObject ho = h.toJson();
        QJsonArray ns;
        for (const Nic &n : nics)
            if (n.hostName == h.name)
                ns.append(n.toJson());
        if (!ns.isEmpty())
            ho.insert(u"nics"_s, ns);
        hs.append(ho);
    }
    o.insert(u"hosts"_s, hs);
    QJsonArray ss;
    for (const NetworkSwitch &s : switches)
        ss.append(s.toJson());
    o.insert(u"switches"_s, ss);
    QJsonArray cs;
    for (const Cable &c : cables)
        cs.append(c.toJson());
    o.insert(u"cables"_s, cs);
    QJsonArray ls;
    for (const Link &l : links)
        ls.append(l.toJson());
    o.insert(u"links"_s, ls);
    if (!uplinks.isEmpty()) {
        QJsonArray us;
        for (const Uplink &u : uplinks)
            us.append(u.toJson());
        o.insert(u"uplinks"_s, us);
    }
    return o;
}

std::optional<Inventory> Inventory::fromJson(const QJsonObject &json, const QString &source, QString *error)
{
    const QString p = source.isEmpty() ? QString() : source + u": "_s;
    if (json.value(u"format"_s).toString() != kFormat) {
        fail(error, u"%1field 'format' must be \"%2\""_s.arg(p, kFormat));
        return std::nullopt;
    }
    const QJsonValue version = json.value(u"version"_s);
    if (!version.isDouble() || version.toInt() < 1) {
        fail(error, u"%1field 'version' must be a positive whole number"_s.arg(p));
        return std::nullopt;
    }
    if (version.toInt() > kFormatVersion) {
        fail(error, u"%1lab format version %2 is newer than this program understands (%3); update Wirebench"_s.arg(
                        p)
                        .arg(version.toInt())
                        .arg(kFormatVersion));
        return std::nullopt;
    }
    Inventory inv;
    QJsonArray arr;
    if (!arrayField(json, u"hosts"_s, p, &arr, error))
        return std::nullopt;
    QSet<QString> seen;
    for (qsizetype i = 0; i < arr.size(); ++i) {
        const QString where = u"%1hosts[%2]"_s.arg(p).arg(i);
        if (!arr.at(i).isObject()) {
            fail(error, where + u" must be an object"_s);
            return std::nullopt;
        }
        const QJsonObject ho = arr.at(i).toObject();
        auto h = Host::fromJson(ho, where, error);
        if (!h)
            return std::nullopt;
        if (seen.contains(h->name)) {
            fail(error, u"%1.name '%2' appears twice"_s.arg(where, h->name));
            return std::nullopt;
        }
        seen.insert(h->name);
        QJsonArray nics;
        if (!arrayField(ho, u"nics"_s, where + u'.', &nics, error))
            return std::nullopt;
        QSet<QString> ifaces;
        for (qsizetype j = 0; j < nics.size(); ++j) {
            const QString nwhere = u"%1.nics[%2]"_s.arg(where).arg(j);
            auto n = Nic::fromJson(nics.at(j).toObject(), h->name, nwhere, error);
            if (!n)
                return std::nullopt;
            if (ifaces.contains(n->interfaceName)) {
                fail(error, u"%1.interface '%2' appears twice on host '%3'"_s.arg(nwhere, n->interfaceName, h->name));
                return std::nullopt;
            }
            ifaces.insert(n->interfaceName);
            inv.nics.append(*n);
        }
        inv.hosts.append(*h);
    }
    if (!arrayField(json, u"switches"_s, p, &arr, error))
        return std::nullopt;
    seen.clear();
    for (qsizetype i = 0; i < arr.size(); ++i) {
        const QString where = u"%1switches[%2]"_s.arg(p).arg(i);
        auto s = NetworkSwitch::fromJson(arr.at(i).toObject(), where, error);
        if (!s)
            return std::nullopt;
        if (seen.contains(s->name)) {
            fail(error, u"%1.name '%2' appears twice"_s.arg(where, s->name));
            return std::nullopt;
        }
        seen.insert(s->name);
        inv.switches.append(*s);
    }
    if (!arrayField(json, u"cables"_s, p, &arr, error))
        return std::nullopt;
    seen.clear();
    for (qsizetype i = 0; i < arr.size(); ++i) {
        const QString where = u"%1cables[%2]"_s.arg(p).arg(i);
        auto c = Cable::fromJson(arr.at(i).toObject(), where, error);
        if (!c)
            return std::nullopt;
        if (seen.contains(c->label)) {
            fail(error, u"%1.label '%2' appears twice"_s.arg(where, c->label));
            return std::nullopt;
        }
        seen.insert(c->label);
        inv.cables.append(*c);
    }
    if (!arrayField(json, u"links"_s, p, &arr, error))
        return std::nullopt;
    QSet<QString> wiredNics;
    for (qsizetype i = 0; i < arr.size(); ++i) {
        const QString where = u"%1links[%2]"_s.arg(p).arg(i);
        auto l = Link::fromJson(arr.at(i).toObject(), where, error);
        if (!l)
            return std::nullopt;
        for (const QString &key : {l->nicKey, l->peerNicKey}) {
            if (key.isEmpty())
                continue;
            if (!inv.nic(key)) {
                fail(error, u"%1 names NIC '%2', which no host in the file has"_s.arg(where, key));
                return std::nullopt;
            }
            if (wiredNics.contains(key)) {
                fail(error, u"%1: NIC '%2' is already wired by an earlier link"_s.arg(where, key));
                return std::nullopt;
            }
            wiredNics.insert(key);
        }
        if (!inv.cable(l->cableLabel)) {
            fail(error, u"%1 names cable '%2', which is not in 'cables'"_s.arg(where, l->cableLabel));
            return std::nullopt;
        }
        if (!l->switchName.isEmpty() && !inv.networkSwitch(l->switchName)) {
            fail(error, u"%1 names switch '%2', which is not in 'switches'"_s.arg(where, l->switchName));
            return std::nullopt;
        }
        inv.links.append(*l);
    }
    if (!arrayField(json, u"uplinks"_s, p, &arr, error))
        return std::nullopt;
    QSet<QString> usedPorts; // "switch#port"
    for (const Link &l : std::as_const(inv.links))
        if (!l.isCrossover() && l.switchPort > 0)
            usedPorts.insert(l.switchName + u'#' + QString::number(l.switchPort));
    for (qsizetype i = 0; i < arr.size(); ++i) {
        const QString where = u"%1uplinks[%2]"_s.arg(p).arg(i);
        auto u = Uplink::fromJson(arr.at(i).toObject(), where, error);
        if (!u)
            return std::nullopt;
        for (const auto &[name, port] : {std::pair{u->switchName, u->switchPort},
                                         std::pair{u->peerSwitchName, u->peerSwitchPort}}) {
            if (!inv.networkSwitch(name)) {
                fail(error, u"%1 names switch '%2', which is not in 'switches'"_s.arg(where, name));
                return std::nullopt;
            }
            const QString tag = name + u'#' + QString::number(port);
            if (port > 0 && usedPorts.contains(tag)) {
                fail(error, u"%1: port %2 of switch '%3' is already wired"_s.arg(where).arg(port).arg(name));
                return std::nullopt;
            }
            usedPorts.insert(tag);
        }
        if (!inv.cable(u->cableLabel)) {
            fail(error, u"%1 names cable '%2', which is not in 'cables'"_s.arg(where, u->cableLabel));
            return std::nullopt;
        }
        inv.uplinks.append(*u);
    }
    return inv;
}

std::optional<Inventory> Inventory::fromFile(const QString &path, QString *error)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        fail(error, u"%1: cannot read: %2"_s.arg(path, f.errorString()));
        return std::nullopt;
    }
    const QByteArray data = f.readAll();
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(data, &pe);
    if (pe.error != QJsonParseError::NoError) {
        const int line = int(data.left(pe.offset).count('\n')) + 1;
        fail(error, u"%1:%2: not valid JSON: %3"_s.arg(path).arg(line).arg(pe.errorString()));
        return std::nullopt;
    }
    if (!doc.isObject()) {
        fail(error, u"%1: the top level must be a JSON object"_s.arg(path));
        return std::nullopt;
    }
    return fromJson(doc.object(), path, error);
}

bool Inventory::saveToFile(const QString &path, QString *error) const
{
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return fail(error, u"%1: cannot write: %2"_s.arg(path, f.errorString()));
    f.write(QJsonDocument(toJson()).toJson(QJsonDocument::Indented));
    if (!f.commit())
        return fail(error, u"%1: cannot write: %2"_s.arg(path, f.errorString()));
    return true;
}

} // namespace wb
