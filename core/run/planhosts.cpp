// SPDX-License-Identifier: GPL-3.0-or-later
#include "planhosts.h"

#include "analysis/ethernetceiling.h"
#include "framepath.h"

#include "hostprobe.h"

#include <QJsonObject>

using namespace Qt::StringLiterals;

namespace wb {

namespace {

// The plan-format keys of a host entry and the PlanHost fields they set.
struct FieldRule
{
    const char16_t *key;
    bool (*same)(const PlanHost &, const PlanHost &);
    void (*take)(PlanHost &to, const PlanHost &from);
};

const FieldRule kFields[] = {
    {u"transport", [](const PlanHost &a, const PlanHost &b) { return a.transport == b.transport; },
     [](PlanHost &t, const PlanHost &f) { t.transport = f.transport; }},
    {u"address", [](const PlanHost &a, const PlanHost &b) { return a.address == b.address; },
     [](PlanHost &t, const PlanHost &f) { t.address = f.address; }},
    {u"ssh_address", [](const PlanHost &a, const PlanHost &b) { return a.sshAddress == b.sshAddress; },
     [](PlanHost &t, const PlanHost &f) { t.sshAddress = f.sshAddress; }},
    {u"port", [](const PlanHost &a, const PlanHost &b) { return a.sshPort == b.sshPort; },
     [](PlanHost &t, const PlanHost &f) { t.sshPort = f.sshPort; }},
    {u"user", [](const PlanHost &a, const PlanHost &b) { return a.sshUser == b.sshUser; },
     [](PlanHost &t, const PlanHost &f) { t.sshUser = f.sshUser; }},
    {u"identity_file", [](const PlanHost &a, const PlanHost &b) { return a.identityFile == b.identityFile; },
     [](PlanHost &t, const PlanHost &f) { t.identityFile = f.identityFile; }},
    {u"jump_host", [](const PlanHost &a, const PlanHost &b) { return a.jumpHost == b.jumpHost; },
     [](PlanHost &t, const PlanHost &f) { t.jumpHost = f.jumpHost; }},
    {u"data_port_min", [](const PlanHost &a, const PlanHost &b) { return a.dataPortMin == b.dataPortMin; },
     [](PlanHost &t, const PlanHost &f) { t.dataPortMin = f.dataPortMin; }},
    {u"data_port_max", [](const PlanHost &a, const PlanHost &b) { return a.dataPortMax == b.dataPortMax; },
     [](PlanHost &t, const PlanHost &f) { t.dataPortMax = f.dataPortMax; }},
    {u"agent_path", [](const PlanHost &a, const PlanHost &b) { return a.agentPath == b.agentPath; },
     [](PlanHost &t, const PlanHost &f) { t.agentPath = f.agentPath; }},
};

} // namespace

QString ResolvedHost::overrideNote() const
{
    if (origin != Origin::PlanOverridesInventory || overriddenFields.isEmpty())
        return {};
    return u"%1: the plan's \"hosts\" entry overrides the inventory's %2 for this plan"_s.arg(
        host.name, overriddenFields.join(u", "_s));
}

PlanHost PlanHosts::fromInventory(const Host &h)
{
    PlanHost p;
    p.name = h.name;
    const bool ssh = ProbeTarget::needsSsh(h);
    p.transport = ssh ? u"ssh"_s : u"local"_s;
    // The same defaults a plan's own entry gets (docs/plan-format.md).
    p.address = !h.address.isEmpty() ? h.address : ssh ? h.name : u"127.0.0.1"_s;
    p.sshAddress = h.sshAddress.isEmpty() ? h.address : h.sshAddress;
    p.sshPort = h.sshPort == 22 ? 0 : h.sshPort;
    p.sshUser = h.sshUser;
    p.identityFile = h.sshKeyPath;
    p.jumpHost = h.jumpHost;
    p.dataPortMin = h.dataPortMin;
    p.dataPortMax = h.dataPortMax;
    p.agentPath = h.agentPath;
    return p;
}

std::optional<PlanHosts> PlanHosts::resolve(const Plan &plan, const Inventory &inventory, QString *error)
{
    auto fail = [&](const QString &message) -> std::optional<PlanHosts> {
        if (error)
            *error = message;
        return std::nullopt;
    };
    PlanHosts out;
    out.m_plan = plan;
    out.m_plan.hosts.clear();
    const QJsonObject written = plan.source.value(u"hosts"_s).toObject();

    auto add = [&](const QString &name) {
        if (out.find(name))
            return;
        const PlanHost *own = plan.host(name);
        const Host *known = inventory.host(name);
        ResolvedHost r;
        if (own && known) {
            r.origin = ResolvedHost::Origin::PlanOverridesInventory;
            const PlanHost base = fromInventory(*known);
            r.host = base;
            // Field by field: what the plan's entry says wins, the rest
            // (a key, a jump host) still comes from the inventory.
            const QJsonObject entry = written.value(name).toObject();
            for (const FieldRule &f : kFields) {
                const QString key = QString::fromUtf16(f.key);
                if (!entry.contains(key))
                    continue;
                f.take(r.host, *own);
                if (!f.same(base, *own))
                    r.overriddenFields << key;
            }
            // The plan's parser fills address from the transport when not
            // given; a plan that sets only the transport keeps that rule.
            if (!entry.contains(u"address"_s) && entry.contains(u"transport"_s) && r.host.transport != base.transport)
                r.host.address = own->address;
        } else if (own) {
            r.origin = ResolvedHost::Origin::PlanOnly;
            r.host = *own;
        } else {
            r.origin = ResolvedHost::Origin::Inventory;
            r.host = fromInventory(*known);
        }
        out.m_hosts.append(r);
        out.m_plan.hosts.append(r.host);
    };

    // Hosts the plan declares come first, in its order, then those only the
    // inventory has, in the order the tests name them.
    for (const PlanHost &h : plan.hosts)
        add(h.name);
    for (const HostReference &ref : plan.references) {
        const Host *known = inventory.host(ref.host);
        if (!plan.host(ref.host) && !known)
            return fail(u"%1.host: unknown host '%2': it is neither under the plan's \"hosts\" nor in the "
                        "inventory; add it to the inventory (or to \"hosts\")"_s.arg(ref.path, ref.host));
        add(ref.host);
        if (ref.nic.isEmpty() || !known)
            continue;
        // A NIC the inventory lists for its host is checked; a host whose
        // NICs were never discovered takes any name (the agent checks it).
        QStringList nics;
        for (const Nic &n : inventory.nics)
            if (n.hostName == ref.host)
                nics << n.interfaceName;
        if (!nics.isEmpty() && !nics.contains(ref.nic))
            return fail(u"%1.nic: host '%2' has no NIC '%3' in the inventory (it has %4)"_s.arg(
                ref.path, ref.host, ref.nic, nics.join(u", "_s)));
    }
    // Each end's NIC MTU as the inventory records it goes with the case (the
    // frame sizes it may send are checked against it), and RFC 2544's
    // default frame sizes grow by the jumbo sizes both NICs carry.
    QList<TestCase> cases;
    for (TestCase c : std::as_const(out.m_plan.cases)) {
        for (Endpoint *e : {&c.client, &c.server})
            if (const Nic *n = e->nic.isEmpty() ? nullptr : inventory.nic(e->host + u'/' + e->nic))
                e->inventoryMtu = n->mtu;
        cases.append(c);
        if (const int payload = FramePath::datagramPayloadBytes(c.kind, c.params); payload > 0) {
            FramePath path(c.ipVersion);
            path.add(PathNic{c.client.host, c.client.nic, c.client.inventoryMtu, u"the inventory"_s});
            path.add(PathNic{c.server.host, c.server.nic, c.server.inventoryMtu, u"the inventory"_s});
            if (const QString warning = path.fragmentation(payload); !warning.isEmpty())
                out.m_warnings.append(c.name + u": "_s + warning);
        }
        if (!c.standardFrameSizes || c.params.value(u"frame_size_bytes"_s).toInt() != ethernet::kMaxFrameBytes
            || c.client.inventoryMtu <= 0 || c.server.inventoryMtu <= 0)
            continue;
        FramePath path(c.ipVersion);
        path.add(PathNic{c.client.host, c.client.nic, c.client.inventoryMtu, u"the inventory"_s});
        path.add(PathNic{c.server.host, c.server.nic, c.server.inventoryMtu, u"the inventory"_s});
        for (int size : FramePath::jumboFrameSizes(path.maxFrameBytes()))
            cases.append(Plan::withFrameSize(c, size));
    }
    out.m_plan.cases = cases;
    return out;
}

const ResolvedHost *PlanHosts::find(const QString &name) const
{
    for (const ResolvedHost &h : m_hosts)
        if (h.host.name == name)
            return &h;
    return nullptr;
}

QStringList PlanHosts::notes() const
{
    QStringList notes;
    for (const ResolvedHost &h : m_hosts)
        if (const QString n = h.overrideNote(); !n.isEmpty())
            notes << n;
    return notes + m_warnings;
}

QList<Host> PlanHosts::hostsMissingFromInventory(const Plan &plan, const Inventory &inventory)
{
    QList<Host> missing;
    for (const PlanHost &p : plan.hosts) {
        if (inventory.host(p.name))
            continue;
        Host h;
        h.name = p.name;
        h.address = p.transport == u"local"_s && p.address == u"127.0.0.1"_s ? QString() : p.address;
        // A plan entry without ssh_address reaches SSH by the name (through
        // ~/.ssh/config); the inventory's empty sshAddress means the address.
        const QString ssh = p.transport == u"local"_s ? QString() : p.sshAddress.isEmpty() ? p.name : p.sshAddress;
        h.sshAddress = ssh == h.address ? QString() : ssh;
        h.sshPort = p.sshPort > 0 ? p.sshPort : 22;
        h.sshUser = p.sshUser;
        h.sshKeyPath = p.identityFile;
        h.jumpHost = p.jumpHost;
        h.dataPortMin = p.dataPortMin;
        h.dataPortMax = p.dataPortMax;
        h.agentPath = p.agentPath;
        missing.append(h);
    }
    return missing;
}

} // namespace wb
