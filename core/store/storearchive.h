// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Export and import: runs, metrics and samples as CSV or JSON, and the whole
// database as a portable JSON archive that another database can merge in
// (by run uuid, measurement uuid, baseline key and inventory names; a run
// notice by its run, kind, text and time: re-importing adds nothing). Use
// through ResultStore.

#include "runfilter.h"
#include "storeerror.h"

#include <QIODevice>
#include <QJsonArray>
#include <QJsonObject>

namespace wb {

class ResultStore;

struct ArchiveImportSummary
{
    int runsAdded = 0;
    int runsSkipped = 0; // already present (same uuid)
    int measurementsAdded = 0;
    int baselinesAdded = 0;
    int baselinesUpdated = 0;
    int inventoryAdded = 0;
    int noticesAdded = 0; // run notices new here (the same notice is not doubled)
};

class StoreArchive
{
public:
    static constexpr int kFormatVersion = 1;

    explicit StoreArchive(ResultStore &store);

    // The whole database: inventory, measurements, runs with samples, tags
    // and notes, baselines with theirs, run notices with their seen state.
    StoreResult<QJsonObject> exportArchive();
    // Merges in one transaction; nothing changes on error. `source` (a file
    // name) starts error messages.
    StoreResult<ArchiveImportSummary> importArchive(const QJsonObject &archive, const QString &source = {});

    // The runs a filter selects as a JSON array of run objects (the archive's
    // run format), with or without samples.
    StoreResult<QJsonArray> exportRunsJson(const RunFilter &filter, bool withSamples);
    // CSV with a header row. Runs: one row per run; metrics: run, side,
    // name, value, unit; samples: run, t, side, name, value.
    StoreStatus writeRunsCsv(const RunFilter &filter, QIODevice &out);
    StoreStatus writeMetricsCsv(const RunFilter &filter, QIODevice &out);
    StoreStatus writeSamplesCsv(const RunFilter &filter, QIODevice &out);

private:
    ResultStore &m_store;
};

} // namespace wb
