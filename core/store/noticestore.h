// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The notices scheduled runs leave on their runs (a failed test, a
// regression): recorded by the run that found them, read by the desktop
// program's NoticeWatcher, which raises each unseen one once and marks it
// seen. Use through ResultStore.

#include "runnotice.h"
#include "storeerror.h"

#include <QList>

namespace wb {

class ResultStore;

class NoticeStore
{
public:
    explicit NoticeStore(ResultStore &store);

    // A notice on run `runId`; `text` says what happened in words a person
    // acts on. Returns its id.
    StoreResult<qint64> addNotice(qint64 runId, RunNoticeKind kind, const QString &text);
    // What another part of the program (a regression check) calls when it
    // finds a run worse than its history.
    StoreResult<qint64> recordRegression(qint64 runId, const QString &text)
    {
        return addNotice(runId, RunNoticeKind::Regression, text);
    }
    StoreResult<QList<RunNotice>> notices(qint64 runId);
    // Unseen notices, oldest first.
    StoreResult<QList<RunNotice>> unseenNotices();
    StoreStatus markSeen(const QList<qint64> &ids);
    // Every notice, oldest first (for the archive).
    StoreResult<QList<RunNotice>> allNotices();

    // Within an open transaction (the archive import): notice `n` (its kind,
    // text, time and seen state) on run `runId`, unless the run has one of
    // the same kind, text and time already; then seen on either side stays
    // seen. Answers whether it was added.
    StoreResult<bool> mergeNoticeNoTransaction(qint64 runId, const RunNotice &n);

private:
    StoreResult<QList<RunNotice>> read(const QString &where, const QVariantList &binds);

    ResultStore &m_store;
};

} // namespace wb
