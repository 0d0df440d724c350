// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The asynchronous writer for the GUI and the orchestrator: owns its own
// ResultStore on its own thread, takes requests from any thread without
// blocking, and commits whatever has queued up in one transaction (each run
// in its own savepoint, so one bad run never takes others down). Results
// come back as queued signals. Readers open their own ResultStore (e.g. in
// QtConcurrent::run) and never wait for the writer: WAL lets them read.

#include "storedrun.h"
#include "storeerror.h"

#include <QMutex>
#include <QObject>
#include <QThread>

#include <memory>
#include <variant>

namespace wb {

class StoreWriterWorker;

class StoreWriter : public QObject
{
    Q_OBJECT
public:
    explicit StoreWriter(const QString &databasePath, QObject *parent = nullptr);
    // Commits what is queued, then stops the thread.
    ~StoreWriter() override;

    // Starts the thread and opens the database there: opened() or openFailed().
    void start();

    // All thread-safe and non-blocking. Runs are named by uuid (made here
    // when empty and returned) so callers need no round trip for an id.
    QString saveRun(const StoredRun &run); // runSaved
    QString beginRun(const StoredRun &run); // runStarted
    void appendSamples(const QString &runUuid, const QList<Sample> &samples);
    void finishRun(const QString &runUuid, RunStatus status, const ResultRecord &record, const QString &error = {});
    // Asks for a commit of everything queued so far: flushed() follows.
    void flush();

    qint64 committedBatches() const;

signals:
    void opened(const QString &path);
    void openFailed(const wb::StoreError &error);
    void runStarted(const QString &uuid, qint64 id);
    void runSaved(const QString &uuid, qint64 id);
    void writeFailed(const QString &uuid, const QString &message);
    void flushed();

private:
    friend class StoreWriterWorker;
    struct SaveOp
    {
        StoredRun run;
        bool live = false;
    };
    struct AppendOp
    {
        QString uuid;
        QList<Sample> samples;
    };
    struct FinishOp
    {
        QString uuid;
        RunStatus status;
        ResultRecord record;
        QString error;
    };
    struct FlushOp
    {
    };
    using Op = std::variant<SaveOp, AppendOp, FinishOp, FlushOp>;
    void enqueue(Op op);
    QList<Op> takeQueue();

    QString m_path;
    QThread m_thread;
    StoreWriterWorker *m_worker = nullptr;
    mutable QMutex m_mutex;
    QList<Op> m_queue;
    bool m_drainPosted = false;
    qint64 m_batches = 0;
};

} // namespace wb
