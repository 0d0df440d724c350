// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Running a loaded plan from the command line: progress on stderr, the
// summary on stdout, Ctrl-C cancels. `run` and `experiment` share it.

#include "clicommand.h"

#include <QString>

#include <optional>

namespace wb {
struct Plan;
}

namespace wb::cli {

struct PlanRunOptions
{
    QString planFile;   // named in the resume hint
    QString resume;     // plan run id to resume, or empty
    int maxParallel = 0;
    int maxConnecting = 0; // 0: the orchestrator's default
    QString knownHosts;
    QString sshDir;
    bool acceptNewHostKeys = false;
    bool noKeychain = false;
    bool prompt = true; // false for a scheduled run: it never asks
    // --fail-if-worse PCT: each case against the current segment of its
    // history (core/analysis/historygate.h); exit 3 when one is worse.
    std::optional<double> failIfWorsePct;
};

// Runs `plan` to the end; the exit code of the run command. The plan run id
// is handed back through `planRunId` once the run has started.
int executePlan(CliContext &ctx, const Plan &plan, const PlanRunOptions &options, QString *planRunId = nullptr);

} // namespace wb::cli
