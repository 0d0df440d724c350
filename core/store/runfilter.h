// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Which runs a listing, export or comparison covers. Empty fields do not
// filter. Inventory filters match the snapshot taken at run time.

#include "storedrun.h"

#include <QDateTime>
#include <QJsonObject>
#include <QString>

#include <optional>

namespace wb {

struct RunFilter
{
    QString kind;
    QString plan;
    std::optional<RunStatus> status;
    QString hostName;  // either end; this and the next three match names at run time
    QString nicKey;    // "host/interface", either end
    QString switchName;
    QString cableLabel;
    qint64 hostId = 0; // either end
    qint64 nicId = 0;  // either end
    qint64 switchId = 0;
    qint64 cableId = 0;
    QString measurementUuid;
    QString tag; // runs holding this tag, in any case (TagName)
    QDateTime since; // started at or after
    QDateTime until; // started before
    // Every key must equal (JSON value compare) the run's parameter.
    QJsonObject params;
    // Case-insensitive substring of the plan, test case or either endpoint
    // as the run addressed it (works for runs outside the inventory too).
    QString text;
    int limit = 0; // 0 = no limit
    int offset = 0;
    bool newestFirst = true;
    bool withMetrics = false; // listRuns() fills record.metrics
    // listRuns() fills inventoryPath, the environments, record.extra and the
    // host/NIC ids; off for fast listings of many runs.
    bool withDetails = true;
};

} // namespace wb
