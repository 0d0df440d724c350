// SPDX-License-Identifier: GPL-3.0-or-later
// `inventory discover HOST`: ask the host's agent (over SSH, or the local
// agent with --local) for its sysinfo and add or update the host and its
// NICs in the inventory; software interfaces (loopback, veth, bridges, ...)
// only with --include-virtual.

#include "clicommand.h"
#include "clistore.h"
#include "clilabaccess.h"


#include "inventory/nicdiscovery.h"
#include "run/hostprobe.h"
#include "store/inventorystore.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonObject>
#include <QTimer>

using namespace Qt::StringLiterals;

namespace {

int inventoryDiscover(wb::cli::CliContext &ctx)
{
    QStringList args = ctx.args;
    QString address, port, user, identity, knownHosts, sshDir, error;
    for (const auto &[name, out] : {std::pair{u"--address"_s, &address}, std::pair{u"--port"_s, &port},
                                    std::pair{u"--user"_s, &user}, std::pair{u"--identity"_s, &identity},
                                    std::pair{u"--known-hosts"_s, &knownHosts}, std::pair{u"--ssh-dir"_s, &sshDir}}) {
        if (!wb::cli::takeOption(args, name, out, &error)) {
            return wb::cli::usageError(ctx, error);
        }
    }
    const bool local = wb::cli::takeFlag(args, u"--local"_s);
    const bool acceptNew = wb::cli::takeFlag(args, u"--accept-new-host-keys"_s);
    const bool noKeychain = wb::cli::takeFlag(args, u"--no-keychain"_s);
    const bool includeVirtual = wb::cli::takeFlag(args, u"--include-virtual"_s);
    if (args.size() != 1 || args.first().startsWith(u'-')) {
        return wb::cli::usageError(ctx, u"name one host"_s);
    }
    const QString hostName = args.first();
    auto store = wb::cli::openStore(ctx);
    if (!store)
        return wb::cli::kExitFailure;

    // What the inventory already knows about the host, then the options.
    wb::Host base;
    if (auto known = store->inventory().hostByName(hostName))
        base = *known;
    base.name = hostName;
    if (!address.isEmpty())
        base.address = address;
    if (!port.isEmpty())
        base.sshPort = port.toInt();
    if (!user.isEmpty())
        base.sshUser = user;
    if (!identity.isEmpty())
        base.sshKeyPath = identity;
    if (local && base.address.isEmpty())
        base.address = u"127.0.0.1"_s;

    wb::cli::CliLabAccess reach(knownHosts, sshDir, acceptNew, noKeychain);
    wb::ProbeTarget target = wb::ProbeTarget::fromHost(base);
    target.local = local;
    if (!port.isEmpty())
        target.port = base.sshPort; // asked for, even 22; otherwise ~/.ssh/config decides
    wb::HostProbe probe(reach.access);
    QJsonObject sysinfo;
    QString failure;
    QObject::connect(&probe, &wb::HostProbe::finished, &probe, [&](const wb::ProbeReport &report) {
        if (!report.sysinfoSupported)
            failure = u"%1: the agent (version %2) cannot report sysinfo"_s.arg(hostName, report.hello.agentVersion);
        sysinfo = report.sysinfo;
    });
    QObject::connect(&probe, &wb::HostProbe::failed, &probe,
                     [&](const QString &, const QString &m) { failure = m; });
    QObject::connect(&probe, &wb::HostProbe::released, &probe, [] { QCoreApplication::exit(0); });
    QTimer::singleShot(0, &probe, [&] { probe.start(target, 60000); });
    QCoreApplication::exec();
    if (sysinfo.isEmpty()) {
        ctx.err << wb::cli::commandName(ctx) << ": " << (failure.isEmpty() ? u"no answer from the agent"_s : failure) << '\n';
        return wb::cli::kExitFailure;
    }

    const wb::DiscoveredHost found =
        wb::discoverFromSysinfo(sysinfo, base, {.includeVirtual = includeVirtual});
    wb::Inventory lab;
    lab.hosts.append(found.host);
    lab.nics = found.nics;
    auto sum = store->inventory().importInventory(lab);
    if (!sum) {
        ctx.err << wb::cli::commandName(ctx) << ": " << sum.message() << " (nothing was changed)\n";
        return wb::cli::kExitFailure;
    }
    if (ctx.json) {
        // The host with its NICs as a lab file has it (docs/lab-format.md).
        wb::cli::printJsonLine(ctx, u"host"_s,
                               QJsonObject{{u"host"_s, lab.toJson().value(u"hosts"_s).toArray().first()},
                                           {u"left_out_virtual"_s, QJsonArray::fromStringList(found.leftOut)},
                                           {u"added"_s, sum->added},
                                           {u"updated"_s, sum->updated},
                                           {u"unchanged"_s, sum->unchanged}});
        return wb::cli::kExitOk;
    }
    ctx.out << hostName << ": " << found.host.cpu << ", " << found.host.os << '\n';
    for (qsizetype i = 0; i < found.nics.size(); ++i) {
        const wb::Nic &n = found.nics.at(i);
        const wb::DiscoveredLink &link = found.links.at(i);
        QString speed;
        if (n.maxSpeedBps > 0)
            speed = u"  %1 Mbit/s"_s.arg(n.maxSpeedBps / 1000000);
        if (!n.duplex.isEmpty())
            speed += u"  %1 duplex"_s.arg(n.duplex);
        ctx.out << "  " << n.interfaceName << "  " << (n.driver.isEmpty() ? u"?"_s : n.driver) << ' ' << n.driverVersion
                << "  " << (n.mac.isEmpty() ? u"no MAC"_s : n.mac) << speed
                << (link.virtualKind.isEmpty() ? QString() : u"  (virtual: %1)"_s.arg(link.virtualKind)) << '\n';
    }
    if (!found.leftOut.isEmpty())
        ctx.out << "  left out, virtual: " << found.leftOut.join(u", "_s) << " (--include-virtual adds them)\n";
    ctx.out << "inventory: " << sum->added << " added, " << sum->updated << " updated, " << sum->unchanged
            << " unchanged\n";
    return wb::cli::kExitOk;
}

} // namespace

const QList<wb::cli::Option> kDiscoverOptions = QList<wb::cli::Option>{
    {u"--local"_s, {}, u"ask this machine's agent, without SSH"_s},
    {u"--address"_s, u"A"_s, u"the address to reach the host at"_s},
    {u"--port"_s, u"N"_s, u"the SSH port"_s},
    {u"--user"_s, u"U"_s, u"the SSH user"_s},
    {u"--identity"_s, u"FILE"_s, u"the SSH private key"_s},
    {u"--include-virtual"_s, {}, u"also store virtual interfaces (bridges, veth, tunnels)"_s}}
    + wb::cli::sshTrustOptions() + QList{wb::cli::jsonOption()};
WB_CLI_COMMAND(u"inventory discover"_s,
               u"HOST [--local] [--address A] [--port N] [--user U] [--identity FILE] [--known-hosts FILE] "
               "[--accept-new-host-keys] [--no-keychain] [--include-virtual]"_s,
               u"add or update a host and its NICs from what its agent reports (virtual interfaces only with "
               "--include-virtual)"_s, kDiscoverOptions, inventoryDiscover);
