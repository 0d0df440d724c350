// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// One run as the database keeps it: the canonical ResultRecord plus where,
// when and how it ran, and a frozen snapshot of the inventory path and both
// ends' environment so later inventory edits never rewrite history.

#include "result/resultrecord.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonObject>
#include <QString>

#include <optional>

namespace wb {

enum class RunStatus { Running, Finished, Failed, Cancelled };

QString runStatusName(RunStatus status); // "running", "finished", "failed", "cancelled"
std::optional<RunStatus> runStatusFromName(const QString &name);

struct StoredRun
{
    qint64 id = 0;
    QString uuid; // stable across databases (export/import); the store makes one when empty
    QString plan;
    QString testCase;
    RunStatus status = RunStatus::Finished;
    QDateTime startedAt; // the store uses "now" when invalid
    QDateTime endedAt;
    QString error;
    QString clientEndpoint; // "host:port" or a host name, as the test addressed it
    QString serverEndpoint;
    // The inventory the run went over, as ids at run time (0 = not known).
    // The store turns them into the snapshot in inventoryPath.
    qint64 clientHostId = 0;
    qint64 serverHostId = 0;
    qint64 clientNicId = 0;
    qint64 serverNicId = 0;
    // Repetitions of one measurement share its uuid (see Measurement).
    QString measurementUuid;
    int repetition = 0;
    QJsonObject clientEnvironment; // kernel, driver, link speed, offloads... as the agent reported
    QJsonObject serverEnvironment;
    // Filled by the store: [{role, position, type, key, id, attrs}], client
    // host -> client NIC -> cable -> switch -> cable -> server NIC -> server host.
    QJsonArray inventoryPath;
    QString notes; // the user's remarks (schema 2)
    QStringList tags; // the user's tags (schema 9), sorted; saved with a new run
    QDateTime created;
    ResultRecord record;

    // What the run warned of when it was measured (record.extra.warnings:
    // confidence not reached, NIC counters that rose, a link that changed).
    QStringList warnings() const
    {
        QStringList out;
        for (const QJsonValue &w : record.extra.value(QStringLiteral("warnings")).toArray())
            out << w.toString();
        return out;
    }
};

} // namespace wb
