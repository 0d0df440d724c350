// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Export and import: runs, metrics and samples as CSV or JSON, and the whole
// database as a portable JSON archive that another database can merge in
// (by run uuid, baseline key and inventory names: re-importing adds
// nothing). Use through ResultStore.

#include "runfilter.h"
#include "storeerror.h"

#include <QIODevice>
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
};

class StoreArchive
{
public:
    static constexpr int kFormatVersion = 1;

    explicit StoreArchive(ResultStore &store);

    StoreResult<QJsonObject> exportArchive();
    StoreResult<ArchiveImportSummary> importArchive(const QJsonObject &archive, const QString &source = {});

private:
    ResultStore &m_store;
};

} // namespace wb
