// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Runs, their metrics and interval samples, repeated measurements, and the
// queries the Results and Compare pages and the CLI need. A finished run is
// written in one transaction with its metrics and samples. Use through
// ResultStore, from the thread that opened it.

#include "measurement.h"
#include "runfilter.h"
#include "storedrun.h"
#include "storeerror.h"

#include <QList>

namespace wb {

class ResultStore;

class RunStore
{
public:
    explicit RunStore(ResultStore &store);

    // A complete run (any status) with metrics and samples, in one
    // transaction. Takes the inventory snapshot from the ids in `run`.
    StoreResult<qint64> saveRun(const StoredRun &run);
    // Several runs in one transaction (all or none).
    StoreResult<QList<qint64>> saveRuns(const QList<StoredRun> &runs);

    StoreResult<StoredRun> run(qint64 id, bool withSamples = true);
    StoreResult<StoredRun> runByUuid(const QString &uuid, bool withSamples = true);
    StoreResult<QList<StoredRun>> listRuns(const RunFilter &filter);
    StoreResult<qint64> countRuns(const RunFilter &filter);
    // The runs of `filter` that have `metric`, oldest first, with only that
    // metric's figures (every side) in record.metrics: two queries however
    // many runs, for histories of thousands of runs. newestFirst, limit and
    // offset are ignored.
    StoreResult<QList<StoredRun>> runsWithMetric(const RunFilter &filter, const QString &metric);
    // The test kinds the database has runs of with this status, by name.
    StoreResult<QStringList> kindsOfRuns(RunStatus status);
    StoreResult<QList<Metric>> metrics(qint64 runId);
    // Grouped by series (side, then name), each in the order it was saved.
    StoreResult<QList<Sample>> samples(qint64 runId);
    // Runs left "running" by a program that stopped (crash, power loss)
    // become failed with an "interrupted" error; only those started before
    // `startedBefore`, so runs in progress elsewhere are left alone.
    // Returns how many changed.
    StoreResult<int> markInterruptedRuns(const QDateTime &startedBefore);
    // The user's remarks; the measured record itself never changes.
    StoreStatus setRunNotes(qint64 runId, const QString &notes);
    // Deletes runs with their metrics, samples and snapshots; returns how many.
    StoreResult<int> deleteRuns(const QList<qint64> &ids);

    StoreResult<qint64> saveMeasurement(const Measurement &measurement); // upsert by uuid
    // A measurement (upserted) and its runs in one transaction: one case of
    // a plan is stored whole or not at all.
    StoreResult<QList<qint64>> saveMeasurementRuns(const Measurement &measurement, const QList<StoredRun> &runs);
    // Completes a measurement a resumed plan run had begun, in one
    // transaction: the measurement is upserted, its runs `replacedIds` go
    // (the record of a cut or failed repetition, a cut search's trials),
    // its runs `keptIds` are numbered 0, 1, … in that order, and `runs` are
    // added (numbered from keptIds.size() by the caller). So its
    // repetitions stay 0..N-1, with no twins and no gaps. Refused when a
    // kept or replaced run is not (or no longer) one of the measurement's.
    StoreResult<QList<qint64>> completeMeasurementRuns(const Measurement &measurement, const QList<qint64> &keptIds,
                                                       const QList<qint64> &replacedIds,
                                                       const QList<StoredRun> &runs);
    StoreResult<Measurement> measurement(const QString &uuid);
    StoreResult<QList<Measurement>> measurements();

    // For other store classes inside their own transaction: inserts `run`
    // exactly as given (uuid, inventoryPath snapshot kept when set).
    StoreResult<qint64> insertRun(const StoredRun &run, bool takeSnapshot);

private:
    StoreResult<QJsonArray> snapshot(const StoredRun &run);
    StoreStatus insertMetrics(qint64 runId, const QList<Metric> &metrics);
    StoreStatus insertSamples(qint64 runId, const QList<Sample> &samples);
    StoreResult<qint64> measurementId(const QString &uuid);
    StoreResult<QList<StoredRun>> readRuns(const QString &where, const QVariantList &binds, bool withMetrics,
                                           bool withSamples, bool withDetails);
    StoreResult<qint64> snapshotId(const QString &type, const QString &key, const QString &attrs);

    ResultStore &m_store;
};

} // namespace wb
