// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Tells a front end that another client changed a shared (PostgreSQL)
// database: LISTENs on ResultStore::kNotifyChannel with its own connection
// on its own thread and emits changed() (queued) for each NOTIFY, which the
// stores send when a run, or its end, commits. For an SQLite file it does
// nothing: there the program itself is the only writer it shows.

#include "storeerror.h"

#include <QObject>
#include <QThread>

namespace wb {

class StoreChangeListenerWorker;

class StoreChangeListener : public QObject
{
    Q_OBJECT
public:
    explicit StoreChangeListener(const QString &location, QObject *parent = nullptr);
    ~StoreChangeListener() override;

    // Whether `location` is a database other clients can change.
    static bool isShared(const QString &location);
    // Connects on the listener's thread: listening() or failed().
    void start();

signals:
    void listening();
    void failed(const wb::StoreError &error);
    // `area` is "runs" (what the stores send today).
    void changed(const QString &area);

private:
    QString m_location;
    QThread m_thread;
    StoreChangeListenerWorker *m_worker = nullptr;
};

} // namespace wb
