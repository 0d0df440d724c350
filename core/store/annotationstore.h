// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The user's tags on runs and baselines, and the notes of baselines (a
// run's notes are RunStore::setRunNotes): what a person says about a
// result ("after firmware 4.2", "cable re-crimped"), never the measured
// record itself. Tags are normalised by TagName; every change is one
// transaction and answers with the tags the object holds afterwards. Use
// through ResultStore.

#include "storeerror.h"

#include <QStringList>

namespace wb {

class ResultStore;

class AnnotationStore
{
public:
    explicit AnnotationStore(ResultStore &store);

    // Adding a tag the run has (in any case) keeps the one it has.
    StoreResult<QStringList> addRunTags(qint64 runId, const QStringList &tags);
    // Refused (nothing removed) when the run lacks one of them.
    StoreResult<QStringList> removeRunTags(qint64 runId, const QStringList &tags);
    StoreResult<QStringList> runTags(qint64 runId);

    StoreResult<QStringList> addBaselineTags(const QString &key, const QStringList &tags);
    StoreResult<QStringList> removeBaselineTags(const QString &key, const QStringList &tags);
    StoreStatus setBaselineNotes(const QString &key, const QString &notes);

    // Every tag in use on runs and baselines, sorted (for filters and completers).
    StoreResult<QStringList> allTags();

    // Within an open transaction (for other store classes): adds the tags
    // (normalised already) and, when the object has none, the notes.
    StoreStatus mergeRunNoTransaction(qint64 runId, const QStringList &tags, const QString &notes);
    StoreStatus mergeBaselineNoTransaction(const QString &key, const QStringList &tags, const QString &notes);

private:
    struct Target;
    StoreResult<QStringList> change(const Target &target, const QStringList &tags, bool add);
    StoreResult<QStringList> tagsOf(const Target &target);
    StoreStatus insertTags(const Target &target, const QStringList &tags);
    StoreResult<qint64> baselineId(const QString &key);

    ResultStore &m_store;
};

} // namespace wb
