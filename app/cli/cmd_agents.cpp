// SPDX-License-Identifier: GPL-3.0-or-later
// `agents check`: start the local agent through the core and print its hello.

#include "clicommand.h"

#include "run/hostprobe.h"

#include <QCoreApplication>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTimer>

using namespace Qt::StringLiterals;

namespace {

int agentsCheck(wb::cli::CliContext &ctx)
{
    if (!ctx.args.isEmpty()) {
        return wb::cli::usageError(ctx, u"unexpected argument \'%1\'"_s.arg(ctx.args.first()));
    }
    wb::HostProbe probe{wb::LabAccess()};
    probe.setHandshakeOnly(true);
    int rc = wb::cli::kExitFailure;
    QObject::connect(&probe, &wb::HostProbe::finished, &probe, [&](const wb::ProbeReport &report) {
        const wb::HelloInfo &h = report.hello;
        if (ctx.json) {
            QJsonObject o = h.toMessage(0).body;
            o.remove(u"id"_s);
            o.insert(u"agent_path"_s, report.agentPath);
            wb::cli::printJsonLine(ctx, u"agent"_s, o);
        } else {
            ctx.out << "agent:        " << report.agentPath << '\n'
                    << "version:      " << h.agentVersion << '\n'
                    << "protocol:     " << h.protocol << '\n'
                    << "host:         " << h.host << " (" << h.os << ' ' << h.arch << ")\n"
                    << "capabilities: " << h.capabilities.join(u", "_s) << '\n';
        }
        rc = wb::cli::kExitOk;
    });
    QObject::connect(&probe, &wb::HostProbe::failed, &probe,
                     [&](const QString &, const QString &m) { ctx.err << wb::cli::commandName(ctx) << ": " << m << '\n'; });
    QObject::connect(&probe, &wb::HostProbe::released, &probe, [] { QCoreApplication::exit(0); });
    QTimer::singleShot(0, &probe, [&] { probe.start(wb::ProbeTarget::localAgent(), 30000); });
    QCoreApplication::exec();
    return rc;
}

} // namespace

WB_CLI_COMMAND(u"agents check"_s, QString(), u"start the local agent and print its handshake"_s,
               {wb::cli::jsonOption()}, agentsCheck);
