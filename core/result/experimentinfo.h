// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What a run keeps of the A/B experiment it belongs to (core/run/experiment.h
// writes it into the run's extra as "experiment": {question, varies, arm,
// test, round, rounds}); read where runs are grouped by their arm.

#include <QJsonObject>
#include <QString>

namespace wb {

inline QJsonObject experimentOfRun(const QJsonObject &runExtra)
{
    return runExtra.value(QStringLiteral("experiment")).toObject();
}

// The run's arm; empty when it is not part of an experiment.
inline QString experimentArmOf(const QJsonObject &runExtra)
{
    return experimentOfRun(runExtra).value(QStringLiteral("arm")).toString();
}

} // namespace wb
