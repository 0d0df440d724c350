// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The verdict of a --fail-if-worse gate, said one way by every command
// that has one (`compare`, `run`): a JSON line of type "gate" with --json,
// each group worse than its reference and each group not judged on
// stderr, and the exit code: 3 when a group is worse, 1 when nothing could
// be judged, 0 otherwise.

#include "clicommand.h"

#include "analysis/comparisonengine.h"
#include "analysis/regressiongate.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace wb::cli {

// A group worse than its reference beyond --fail-if-worse.
inline constexpr int kExitWorse = 3;

// `nothingJudged` says why a gate that judged nothing could not judge.
inline int applyGate(CliContext &ctx, const QString &command, const RegressionGate &gate, const QString &nothingJudged)
{
    using namespace Qt::StringLiterals;
    if (ctx.json) {
        QJsonArray worse;
        for (const RegressionFinding &f : gate.worse) {
            QJsonObject o{{u"cell"_s, f.cell}, {u"reference"_s, f.reference}, {u"worse_pct"_s, f.worsePct},
                          {u"verdict"_s, f.verdict}};
            if (f.condition >= 0)
                o.insert(u"condition_number"_s, f.condition + 1);
            else
                o.insert(u"condition"_s, f.conditionLabel);
            worse.append(o);
        }
        printJsonLine(ctx, u"gate"_s,
                      QJsonObject{{u"fail_if_worse_pct"_s, gate.thresholdPct},
                                  {u"judged"_s, gate.judged},
                                  {u"worse"_s, worse},
                                  {u"unjudged"_s, QJsonArray::fromStringList(gate.unjudged)}});
        ctx.out.flush();
    }
    const QString prefix = u"wirebench-cli "_s + command + u": "_s;
    for (const QString &u : gate.unjudged)
        ctx.err << prefix << "not judged: " << u << '\n';
    for (const RegressionFinding &f : gate.worse) {
        const QString which = f.condition >= 0 ? u"condition %1"_s.arg(f.condition + 1) : f.conditionLabel;
        ctx.err << prefix << "worse than " << f.reference << " by more than " << comparisonNumber(gate.thresholdPct)
                << "%: " << f.cell << " (" << which << "): " << f.verdict << '\n';
    }
    if (!gate.worse.isEmpty())
        return kExitWorse;
    if (gate.judged == 0) {
        ctx.err << prefix << "--fail-if-worse judged nothing: " << nothingJudged << '\n';
        return kExitFailure;
    }
    return kExitOk;
}

} // namespace wb::cli
