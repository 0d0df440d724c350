// SPDX-License-Identifier: GPL-3.0-or-later
#include "storereader.h"

#include "runstore.h"

namespace wb {

QFuture<StoreResult<QList<StoredRun>>> StoreReader::listRuns(const RunFilter &filter) const
{
    return query([filter](ResultStore &store) { return store.runs().listRuns(filter); });
}

QFuture<StoreResult<StoredRun>> StoreReader::run(qint64 id, bool withSamples) const
{
    return query([id, withSamples](ResultStore &store) { return store.runs().run(id, withSamples); });
}

QFuture<StoreResult<QList<ComparisonGroup>>> StoreReader::compare(const ComparisonQuery &q) const
{
    return query([q](ResultStore &store) { return store.runs().compare(q); });
}

} // namespace wb
