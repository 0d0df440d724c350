// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Reads for a GUI without blocking it: each query runs on Qt's thread pool
// with its own read-only connection (WAL: it never waits for the writer)
// and comes back as a QFuture to watch with QFutureWatcher. The database
// must already be at the current schema (the StoreWriter or a writable
// ResultStore migrates it when it opens).

#include "comparison.h"
#include "resultstore.h"
#include "runfilter.h"
#include "storedrun.h"
#include "storeerror.h"

#include <QFuture>
#include <QtConcurrent/QtConcurrentRun>

namespace wb {

class StoreReader
{
public:
    explicit StoreReader(const QString &databasePath) : m_path(databasePath) {}

    QString path() const { return m_path; }

    // Runs fn(ResultStore &) -> StoreResult<T> on the thread pool; an open
    // failure comes back as that StoreResult's error.
    template<typename Fn>
    auto query(Fn fn) const -> QFuture<std::invoke_result_t<Fn, ResultStore &>>
    {
        using Result = std::invoke_result_t<Fn, ResultStore &>;
        return QtConcurrent::run([path = m_path, fn = std::move(fn)]() -> Result {
            StoreOpenOptions options;
            options.readOnly = true;
            auto store = ResultStore::open(path, options);
            if (!store)
                return Result(store.error());
            return fn(**store);
        });
    }

    QFuture<StoreResult<QList<StoredRun>>> listRuns(const RunFilter &filter) const;
    QFuture<StoreResult<StoredRun>> run(qint64 id, bool withSamples = true) const;
    QFuture<StoreResult<QList<ComparisonGroup>>> compare(const ComparisonQuery &query) const;

private:
    QString m_path;
};

} // namespace wb
