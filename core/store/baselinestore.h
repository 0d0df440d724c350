// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Historical baselines with citations, keyed by a stable baseline key.
// importBaselines() upserts, so loading the shipped set into every database
// (and a larger set later) never duplicates. Use through ResultStore.

#include "baseline.h"
#include "storeerror.h"

namespace wb {

class ResultStore;

struct BaselineImportSummary
{
    int added = 0;
    int updated = 0;
    int unchanged = 0;
};

class BaselineStore
{
public:
    explicit BaselineStore(ResultStore &store);

    // All or nothing, in one transaction.
    StoreResult<BaselineImportSummary> importBaselines(const QList<Baseline> &baselines);
    StoreResult<QList<Baseline>> baselines(const QString &kind = {});
    StoreResult<Baseline> baseline(const QString &key);
    StoreStatus deleteBaseline(const QString &key);

    // Within an open transaction (for other store classes).
    StoreResult<BaselineImportSummary> importBaselinesNoTransaction(const QList<Baseline> &baselines);

private:
    StoreResult<QList<Baseline>> read(const QString &where, const QVariantList &binds);

    ResultStore &m_store;
};

} // namespace wb
