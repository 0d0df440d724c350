// SPDX-License-Identifier: GPL-3.0-or-later
#include "storewriter.h"

#include "resultstore.h"
#include "runstore.h"
#include "sqltransaction.h"

#include <QHash>
#include <QUuid>

using namespace Qt::StringLiterals;

namespace wb {

// Lives on the writer thread; the only user of its ResultStore.
class StoreWriterWorker : public QObject
{
public:
    explicit StoreWriterWorker(StoreWriter &writer) : m_writer(writer) {}

    void open()
    {
        auto store = ResultStore::open(m_writer.m_path);
        if (!store) {
            emit m_writer.openFailed(store.error());
            drain(); // fails what was queued, and what comes later
            return;
        }
        m_store = std::move(*store);
        emit m_writer.opened(m_store->path());
        drain();
    }

    void drain()
    {
        const QList<StoreWriter::Op> ops = m_writer.takeQueue();
        if (ops.isEmpty())
            return;
        if (!m_store) {
            for (const StoreWriter::Op &op : ops)
                if (!std::holds_alternative<StoreWriter::FlushOp>(op))
                    emit m_writer.writeFailed(uuidOf(op), u"the results database %1 is not open"_s.arg(m_writer.m_path));
            return;
        }
        struct Done
        {
            bool started;
            QString uuid;
            qint64 id;
        };
        QList<Done> done;
        QList<std::pair<QString, QString>> failed;
        int flushes = 0;
        SqlTransaction tx(*m_store);
        if (StoreStatus begun = tx.begin(); !begun) {
            for (const StoreWriter::Op &op : ops)
                failed.append({uuidOf(op), begun.message()});
        } else {
            for (const StoreWriter::Op &op : ops) {
                if (const auto *save = std::get_if<StoreWriter::SaveOp>(&op)) {
                    auto id = save->live ? m_store->runs().beginRun(save->run) : m_store->runs().saveRun(save->run);
                    if (!id) {
                        failed.append({save->run.uuid, id.message()});
                        continue;
                    }
                    if (save->live)
                        m_live.insert(save->run.uuid, *id);
                    done.append({save->live, save->run.uuid, *id});
                } else if (const auto *append = std::get_if<StoreWriter::AppendOp>(&op)) {
                    const qint64 id = m_live.value(append->uuid);
                    StoreStatus s = id ? m_store->runs().appendSamples(id, append->samples)
                                       : StoreStatus(StoreError::Kind::NotFound,
                                                     u"run %1 was not begun on this writer"_s.arg(append->uuid));
                    if (!s)
                        failed.append({append->uuid, s.message()});
                } else if (const auto *finish = std::get_if<StoreWriter::FinishOp>(&op)) {
                    const qint64 id = m_live.value(finish->uuid);
                    StoreStatus s = id ? m_store->runs().finishRun(id, finish->status, finish->record, finish->error)
                                       : StoreStatus(StoreError::Kind::NotFound,
                                                     u"run %1 was not begun on this writer"_s.arg(finish->uuid));
                    if (!s) {
                        failed.append({finish->uuid, s.message()});
                        continue;
                    }
                    m_live.remove(finish->uuid);
                    done.append({false, finish->uuid, id});
                } else {
                    ++flushes;
                }
            }
            if (StoreStatus s = tx.commit(); !s) {
                for (const Done &d : std::as_const(done))
                    failed.append({d.uuid, s.message()});
                done.clear();
            } else {
                QMutexLocker lock(&m_writer.m_mutex);
                ++m_writer.m_batches;
            }
        }
        // Signals only after the commit: "saved" means durable.
        for (const Done &d : std::as_const(done)) {
            if (d.started)
                emit m_writer.runStarted(d.uuid, d.id);
            else
                emit m_writer.runSaved(d.uuid, d.id);
        }
        for (const auto &[uuid, message] : std::as_const(failed))
            emit m_writer.writeFailed(uuid, message);
        for (int i = 0; i < flushes; ++i)
            emit m_writer.flushed();
    }

    void close() { m_store.reset(); }

private:
    static QString uuidOf(const StoreWriter::Op &op)
    {
        if (const auto *s = std::get_if<StoreWriter::SaveOp>(&op))
            return s->run.uuid;
        if (const auto *a = std::get_if<StoreWriter::AppendOp>(&op))
            return a->uuid;
        if (const auto *f = std::get_if<StoreWriter::FinishOp>(&op))
            return f->uuid;
        return QString();
    }

    StoreWriter &m_writer;
    std::unique_ptr<ResultStore> m_store;
    QHash<QString, qint64> m_live;
};

StoreWriter::StoreWriter(const QString &databasePath, QObject *parent) : QObject(parent), m_path(databasePath)
{
    m_thread.setObjectName(u"wirebench-store-writer"_s);
}

StoreWriter::~StoreWriter()
{
    if (m_worker) {
        QMetaObject::invokeMethod(m_worker, [w = m_worker] {
            w->drain();
            w->close();
        });
        m_thread.quit();
        m_thread.wait();
        delete m_worker;
    }
}

void StoreWriter::start()
{
    QMutexLocker lock(&m_mutex);
    if (m_worker)
        return;
    m_worker = new StoreWriterWorker(*this);
    m_worker->moveToThread(&m_thread);
    m_thread.start();
    // open() drains whatever was queued before start().
    m_drainPosted = true;
    QMetaObject::invokeMethod(m_worker, [w = m_worker] { w->open(); });
}

void StoreWriter::enqueue(Op op)
{
    QMutexLocker lock(&m_mutex);
    m_queue.append(std::move(op));
    if (m_drainPosted || !m_worker)
        return;
    m_drainPosted = true;
    QMetaObject::invokeMethod(m_worker, [w = m_worker] { w->drain(); });
}

QList<StoreWriter::Op> StoreWriter::takeQueue()
{
    QMutexLocker lock(&m_mutex);
    m_drainPosted = false;
    return std::exchange(m_queue, {});
}

QString StoreWriter::saveRun(const StoredRun &run)
{
    StoredRun r = run;
    if (r.uuid.isEmpty())
        r.uuid = QUuid::createUuid().toString(QUuid::WithoutBraces);
    const QString uuid = r.uuid;
    enqueue(SaveOp{std::move(r), false});
    return uuid;
}

QString StoreWriter::beginRun(const StoredRun &run)
{
    StoredRun r = run;
    if (r.uuid.isEmpty())
        r.uuid = QUuid::createUuid().toString(QUuid::WithoutBraces);
    const QString uuid = r.uuid;
    enqueue(SaveOp{std::move(r), true});
    return uuid;
}

void StoreWriter::appendSamples(const QString &runUuid, const QList<Sample> &samples)
{
    enqueue(AppendOp{runUuid, samples});
}

void StoreWriter::finishRun(const QString &runUuid, RunStatus status, const ResultRecord &record, const QString &error)
{
    enqueue(FinishOp{runUuid, status, record, error});
}

void StoreWriter::flush()
{
    enqueue(FlushOp{});
}

qint64 StoreWriter::committedBatches() const
{
    QMutexLocker lock(&m_mutex);
    return m_batches;
}

} // namespace wb
