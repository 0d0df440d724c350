// SPDX-License-Identifier: GPL-3.0-or-later
// `agents check`: start the local agent through the core and print its hello.

#include "clicommand.h"

#include "remote/agentclient.h"
#include "remote/agentlocator.h"
#include "remote/localtransport.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTimer>

using namespace Qt::StringLiterals;

namespace {

int agentsCheck(wb::cli::CliContext &ctx)
{
    if (!ctx.args.isEmpty()) {
        ctx.err << "wirebench-cli agents check: unexpected argument '" << ctx.args.first() << "'\n";
        return wb::cli::kExitUsage;
    }
    const QString path = wb::locateAgent();
    wb::AgentClient client(new wb::LocalTransport(path));
    int rc = wb::cli::kExitFailure;
    QObject::connect(&client, &wb::AgentClient::ready, &client, [&](const wb::HelloInfo &h) {
        if (ctx.json) {
            QJsonObject o = h.toMessage(0).body;
            o.remove(u"id"_s);
            o.remove(u"type"_s);
            o.insert(u"agent_path"_s, path);
            ctx.out << QJsonDocument(o).toJson(QJsonDocument::Compact) << '\n';
        } else {
            ctx.out << "agent:        " << path << '\n'
                    << "version:      " << h.agentVersion << '\n'
                    << "protocol:     " << h.protocol << '\n'
                    << "host:         " << h.host << " (" << h.os << ' ' << h.arch << ")\n"
                    << "capabilities: " << h.capabilities.join(u", "_s) << '\n';
        }
        rc = wb::cli::kExitOk;
        client.stop();
    });
    QObject::connect(&client, &wb::AgentClient::persistentError, &client, [&](const QString &m) {
        ctx.err << "wirebench-cli: " << m << '\n';
        QCoreApplication::exit(0);
    });
    QObject::connect(&client, &wb::AgentClient::transientError, &client,
                     [&](const QString &m) { ctx.err << "wirebench-cli: " << m << '\n'; });
    QObject::connect(&client, &wb::AgentClient::closed, &client, [] { QCoreApplication::exit(0); });
    QTimer::singleShot(0, &client, &wb::AgentClient::start);
    QCoreApplication::exec();
    return rc;
}

} // namespace

WB_CLI_COMMAND(u"agents check"_s, QString(), u"start the local agent and print its handshake"_s, agentsCheck);
