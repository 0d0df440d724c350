// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Tells the desktop program of run notices it has not raised yet (a
// scheduled run's failed test or regression, written by another process):
// on a thread of its own with its own connection, it looks every
// `intervalMs` whether the database changed — SQLite's PRAGMA data_version,
// which moves only when another connection commits, so an idle database
// costs one pragma per tick; PostgreSQL, which has no such counter, reads
// the unseen notices each tick (one indexed query) — and emits
// noticesArrived() (queued) with the unseen ones it has not reported yet.
// markSeen() records that they were shown, on the watcher's thread. Never a
// busy loop, never the GUI thread.

#include "runnotice.h"
#include "storeerror.h"

#include <QList>
#include <QObject>
#include <QThread>

namespace wb {

class NoticeWatcherWorker;

class NoticeWatcher : public QObject
{
    Q_OBJECT
public:
    explicit NoticeWatcher(const QString &location, int intervalMs = 2000, QObject *parent = nullptr);
    ~NoticeWatcher() override;

    // Opens its connection and starts looking; failed() when it cannot.
    void start();
    // Marks the notices seen in the database (on the watcher's thread).
    void markSeen(const QList<qint64> &ids);

signals:
    void noticesArrived(const QList<wb::RunNotice> &notices);
    void failed(const wb::StoreError &error);

private:
    QString m_location;
    int m_intervalMs;
    QThread m_thread;
    NoticeWatcherWorker *m_worker = nullptr;
};

} // namespace wb
