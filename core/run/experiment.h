// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// An A/B experiment: the seeds' question ("is the FS108 as good as the
// Catalyst 5000?") as a plan. Two or more arms are paths that differ in one
// element (a switch, a NIC, a cable, a host); the plan's tests run over every
// arm, interleaved round by round (A B A B ...) so that a drift of the lab
// over the run falls on both arms alike, and every run records the arm it
// belongs to and what the arms vary. Compare then groups by the arm within
// one condition (docs/plan-format.md, "experiment").

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <optional>

namespace wb {

struct Inventory;
struct Plan;

// What the arms of an experiment may differ in.
const QStringList &experimentElements();

// What a plan's arms go through, checked before it runs: one sentence per
// thing that makes the answer weaker than the question — an arm whose path
// the inventory cannot tell, arms that do not differ in the element they are
// meant to vary, arms that also differ in another element. Empty when the
// plan has no experiment or the arms differ in exactly that element.
QStringList experimentPathWarnings(const Plan &plan, const Inventory &inventory);

// A plan with an `experiment` field turned into the plan it runs: its tests
// repeated for every round and arm, with the arm's endpoints and an
// "experiment" object per test ({question, varies, arm, round, rounds}).
// A plan without one is returned as it is. Errors name the JSON path.
std::optional<QJsonObject> expandExperiment(const QJsonObject &plan, QString *error);

} // namespace wb
