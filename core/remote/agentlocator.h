// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Finds the agent programs this controller runs locally and deploys to hosts.
// The native one (the build's own architecture): WIREBENCH_AGENT if set, else
// the installed copy under ../libexec/wirebench (the one the package ships
// with this version), else beside the running program (a build tree). The
// other architectures' agents sit beside it as agents/<arch>/wirebench-agent
// (the package's libexec/wirebench/agents/aarch64/, a build tree's
// bin/agents/aarch64/), so whatever names the native agent names them too.

#include <QMap>
#include <QString>

namespace wb {

QString locateAgent();

// Where the agent for `arch` (an elfArchitecture() name) belongs beside the
// native agent `nativeAgent`.
QString crossAgentPath(const QString &nativeAgent, const QString &arch);

// Every agent that can be deployed, keyed by the architecture its ELF header
// names (not by its folder's name): `nativeAgent` and each
// agents/<arch>/wirebench-agent beside it. Files that are not executable ELF
// programs are left out; the native one wins over a copy for its own machine.
QMap<QString, QString> agentsBeside(const QString &nativeAgent);

// agentsBeside(locateAgent()).
QMap<QString, QString> locateAgents();

} // namespace wb
