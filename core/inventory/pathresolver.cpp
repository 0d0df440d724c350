// SPDX-License-Identifier: GPL-3.0-or-later
#include "pathresolver.h"

#include <QSet>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace wb {

namespace {

using Hop = ResolvedPath::Hop;

struct End
{
    const Nic *nic = nullptr;
    ResolvedPath::Status status = ResolvedPath::Status::Ok;
    QString message;
    QString note;
};

} // namespace

PathResolver::PathResolver(const Inventory &inventory) : m_inventory(inventory) {}

const Host *PathResolver::findHost(const QString &name) const
{
    if (const Host *h = m_inventory.host(name))
        return h;
    const Host *found = nullptr;
    for (const Host &h : m_inventory.hosts) {
        if (h.name.compare(name, Qt::CaseInsensitive) != 0)
            continue;
        if (found)
            return nullptr; // two hosts differ only in case: neither
        found = &h;
    }
    return found;
}

const Link *PathResolver::linkOf(const QString &nicKey) const
{
    for (const Link &l : m_inventory.links)
        if (l.nicKey == nicKey || l.peerNicKey == nicKey)
            return &l;
    return nullptr;
}

ResolvedPath PathResolver::resolve(const QString &clientEnd, const QString &serverEnd) const
{
    auto split = [](const QString &end) {
        const qsizetype slash = end.indexOf(u'/');
        return slash < 0 ? std::pair{end, QString()} : std::pair{end.left(slash), end.mid(slash + 1)};
    };
    const auto [ch, cn] = split(clientEnd);
    const auto [sh, sn] = split(serverEnd);
    return resolve(ch, cn, sh, sn);
}

ResolvedPath PathResolver::resolve(const QString &clientHost, const QString &clientNic, const QString &serverHost,
                                   const QString &serverNic) const
{
    ResolvedPath path;
    auto findEnd = [&](const QString &hostName, const QString &nicName) {
        End end;
        const Host *host = hostName.isEmpty() ? nullptr : findHost(hostName);
        if (!host) {
            end.status = ResolvedPath::Status::NotInInventory;
            end.message = hostName.isEmpty() ? u"an end names no host"_s
                                             : u"host '%1' is not in the inventory"_s.arg(hostName);
            return end;
        }
        QList<const Nic *> nics;
        for (const Nic &n : m_inventory.nics)
            if (n.hostName == host->name)
                nics.append(&n);
        if (nicName.isEmpty()) {
            if (nics.size() == 1) {
                end.nic = nics.first();
                end.note = u"no NIC named for host '%1'; took %2, its only NIC"_s.arg(host->name, end.nic->key());
                return end;
            }
            QStringList names;
            for (const Nic *n : std::as_const(nics))
                names.append(n->interfaceName);
            end.status = ResolvedPath::Status::NoNicNamed;
            end.message = nics.isEmpty()
                              ? u"no NIC named for host '%1', and the inventory lists none for it"_s.arg(host->name)
                              : u"no NIC named for host '%1', which has %2 (%3); name one"_s.arg(host->name)
                                    .arg(nics.size())
                                    .arg(names.join(u", "_s));
            return end;
        }
        for (const Nic *n : std::as_const(nics))
            if (n->interfaceName == nicName)
                end.nic = n;
        if (!end.nic) {
            end.status = ResolvedPath::Status::NotInInventory;
            end.message = u"NIC '%1/%2' is not in the inventory"_s.arg(host->name, nicName);
        }
        return end;
    };
    const End client = findEnd(clientHost, clientNic);
    const End server = findEnd(serverHost, serverNic);
    for (const End *e : {&client, &server})
        if (!e->note.isEmpty())
            path.notes.append(e->note);
    if (client.nic)
        path.clientNic = client.nic->key();
    if (server.nic)
        path.serverNic = server.nic->key();
    // A loopback interface has no wire: whatever the lab file cables it to,
    // its traffic never leaves the host.
    for (const Nic *n : {client.nic, server.nic}) {
        if (!n || (n->interfaceName != u"lo"_s && n->driver != u"loopback"_s))
            continue;
        const QString note = u"%1 is a loopback interface: its traffic never leaves the host, whatever cable or "
                             "switch the inventory gives it"_s.arg(n->key());
        if (!path.notes.contains(note))
            path.notes.append(note);
    }
    for (const End *e : {&client, &server}) {
        if (e->status != ResolvedPath::Status::Ok) {
            path.status = e->status;
            path.message = e->message;
            return path;
        }
    }

    auto nicHop = [](const Nic *n) {
        Hop h;
        h.kind = Hop::Kind::Nic;
        h.key = n->key();
        h.maxSpeedBps = n->maxSpeedBps;
        return h;
    };
    auto cableHop = [&](const QString &label) {
        Hop h;
        h.kind = Hop::Kind::Cable;
        h.key = label;
        if (const Cable *c = m_inventory.cable(label))
            h.lengthM = c->lengthM;
        return h;
    };
    auto switchHop = [&](const QString &name, int inPort, int outPort) {
        Hop h;
        h.kind = Hop::Kind::Switch;
        h.key = name;
        h.inPort = inPort;
        h.outPort = outPort;
        if (const NetworkSwitch *s = m_inventory.networkSwitch(name))
            h.switchKind = s->kind;
        return h;
    };

    if (client.nic == server.nic) {
        path.status = ResolvedPath::Status::Ok;
        path.routes = 1;
        path.hops = {nicHop(client.nic)};
        path.notes.append(u"both ends are NIC %1"_s.arg(path.clientNic));
        return path;
    }
    const Link *cl = linkOf(path.clientNic);
    const Link *sl = linkOf(path.serverNic);
    for (const auto &[link, key] : {std::pair{cl, path.clientNic}, std::pair{sl, path.serverNic}}) {
        if (!link) {
            path.status = ResolvedPath::Status::NotWired;
            path.message = u"NIC '%1' is not wired: no link in the inventory names it"_s.arg(key);
            return path;
        }
    }

    QList<QList<Hop>> routes;
    if (cl->isCrossover()) {
        const QString peer = cl->nicKey == path.clientNic ? cl->peerNicKey : cl->nicKey;
        if (peer == path.serverNic)
            routes.append({nicHop(client.nic), cableHop(cl->cableLabel), nicHop(server.nic)});
    } else if (!sl->isCrossover()) {
        // Depth-first over switches; a route never visits a switch twice.
        QList<Hop> hops{nicHop(client.nic), cableHop(cl->cableLabel)};
        QSet<QString> visited;
        auto walk = [&](auto &&self, const QString &sw, int inPort) -> void {
            if (routes.size() >= kMaxRoutes)
                return;
            visited.insert(sw);
            if (sw == sl->switchName) {
                QList<Hop> done = hops;
                done << switchHop(sw, inPort, sl->switchPort) << cableHop(sl->cableLabel) << nicHop(server.nic);
                routes.append(done);
            }
            for (const Uplink &u : m_inventory.uplinks) {
                if (u.switchName != sw && u.peerSwitchName != sw)
                    continue;
                const QString next = u.otherEnd(sw);
                if (visited.contains(next))
                    continue;
                hops << switchHop(sw, inPort, u.portOn(sw)) << cableHop(u.cableLabel);
                self(self, next, u.portOn(next));
                hops.resize(hops.size() - 2);
            }
            visited.remove(sw);
        };
        walk(walk, cl->switchName, cl->switchPort);
    }

    path.routes = int(routes.size());
    if (routes.isEmpty()) {
        path.status = ResolvedPath::Status::NoRoute;
        auto where = [](const Link *l, const QString &key) {
            if (!l->isCrossover())
                return u"switch '%1'"_s.arg(l->switchName);
            return u"a crossover cable to %1"_s.arg(l->nicKey == key ? l->peerNicKey : l->nicKey);
        };
        path.message = u"no route from NIC '%1' to NIC '%2': the first is wired to %3, the second to %4, and no "
                       "uplinks join them"_s.arg(path.clientNic, path.serverNic, where(cl, path.clientNic),
                                                where(sl, path.serverNic));
        return path;
    }
    std::stable_sort(routes.begin(), routes.end(),
                     [](const QList<Hop> &a, const QList<Hop> &b) { return a.size() < b.size(); });
    path.hops = routes.first();
    if (routes.size() == 1) {
        path.status = ResolvedPath::Status::Ok;
        return path;
    }
    path.status = ResolvedPath::Status::Ambiguous;
    QStringList vias;
    for (const QList<Hop> &r : std::as_const(routes)) {
        QStringList cables;
        for (const Hop &h : r)
            if (h.kind == Hop::Kind::Cable)
                cables.append(h.key);
        vias.append(cables.join(u'+'));
    }
    path.message = u"%1%2 routes join NIC '%3' and NIC '%4' (cables %5); the shortest is shown, but the switches "
                   "may forward over another; remove from the inventory the uplinks spanning tree blocks"_s.arg(
                       routes.size() >= kMaxRoutes ? u"at least "_s : QString())
                       .arg(routes.size())
                       .arg(path.clientNic, path.serverNic, vias.join(u", "_s));
    return path;
}

} // namespace wb
