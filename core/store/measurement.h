// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A repeated measurement: its runs are the repetitions (StoredRun::
// measurementUuid / repetition) and it carries the confidence figures the
// orchestrator computed over them.

#include <QDateTime>
#include <QJsonObject>
#include <QString>

#include <optional>

namespace wb {

struct Measurement
{
    qint64 id = 0;
    QString uuid; // the store makes one when empty
    QString kind;
    QJsonObject params;
    QString label;
    int iterations = 0;
    std::optional<double> ciLevelPct;
    std::optional<double> ciWidthPct;
    QJsonObject confidence; // per metric figures: {"throughput_bps/server": {"mean":..,"ci_half_width":..}}
    QDateTime created;
};

} // namespace wb
