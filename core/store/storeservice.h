// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The one way into an opened results database for a program. Every write
// goes to one writer thread, in the order it was submitted, on one
// connection: recorders, imports and the pages' edits never wait for each
// other's write lock, and the GUI thread never touches SQL. Reads run on
// the service's own thread pool, each pool thread keeping one read-only
// connection (WAL: readers never wait for the writer). Both hand back a
// QFuture: watch it with QFuture::then(context, ...) or a QFutureWatcher;
// never wait for one on the GUI thread.
//
// The desktop program builds one service per opened database, the CLI one
// per command; everything else receives it.

#include "resultstore.h"
#include "storeerror.h"

#include <QFuture>
#include <QMutex>
#include <QObject>
#include <QPromise>
#include <QThreadPool>
#include <QThreadStorage>

#include <memory>
#include <type_traits>

namespace wb {

class StoreService : public QObject
{
    Q_OBJECT
public:
    // `location` is a file, ":memory:" (one connection: reads then go to the
    // writer thread too) or a postgresql:// URL.
    explicit StoreService(QString location, StoreOpenOptions options = {}, QObject *parent = nullptr);
    // Finishes every write and read already submitted, then closes.
    ~StoreService() override;

    QString location() const { return m_location; }
    // The location to show: a URL without its password.
    QString displayLocation() const;

    // Opens the database on the writer thread (creates it, migrates it):
    // opened() or openFailed() follow. Reads and writes submitted earlier
    // wait for it; they fail with the open's error when it failed.
    void start();

    // Runs fn(ResultStore &) on the writer thread after every write
    // submitted before it. fn returns a StoreResult<T> (or StoreStatus) and
    // keeps its own transaction (the store's methods do). When the database
    // cannot be opened the future carries that error and fn does not run.
    template<typename Fn>
    auto write(Fn fn) -> QFuture<std::invoke_result_t<Fn, ResultStore &>>
    {
        using Result = std::invoke_result_t<Fn, ResultStore &>;
        return submit<Result>(m_writePool,
                              [this, fn = std::move(fn)] { return runOn<Result>(m_writeConnections, false, fn); });
    }

    // Runs fn(ResultStore &) on a read-only connection of the thread pool,
    // once the database is open.
    template<typename Fn>
    auto read(Fn fn) -> QFuture<std::invoke_result_t<Fn, ResultStore &>>
    {
        using Result = std::invoke_result_t<Fn, ResultStore &>;
        if (m_sharedConnection)
            return write(std::move(fn));
        return submit<Result>(m_readPool, [this, fn = std::move(fn)]() -> Result {
            // On a pool thread: waiting here keeps reads behind the open
            // (and its migration) without holding up anyone else.
            m_opened.waitForFinished();
            if (const StoreStatus opened = m_opened.result(); !opened)
                return Result(opened.error());
            return runOn<Result>(m_readConnections, true, fn);
        });
    }

signals:
    void opened(const QString &path);
    void openFailed(const wb::StoreError &error);

private:
    using Connections = QThreadStorage<ResultStore *>;
    // A job on `pool` whose future is a QPromise's, not QtConcurrent's:
    // waiting for a QtConcurrent future runs a job that has not started yet
    // on the waiting thread, which would put a connection on the wrong
    // thread and a write out of order.
    template<typename Result, typename Job>
    static QFuture<Result> submit(QThreadPool &pool, Job job)
    {
        auto promise = std::make_shared<QPromise<Result>>();
        QFuture<Result> future = promise->future();
        promise->start();
        pool.start([promise, job = std::move(job)] {
            promise->addResult(job());
            promise->finish();
        });
        return future;
    }

    // This thread's connection of `pool`, opened on first use.
    StoreStatus connection(Connections &connections, bool readOnly, ResultStore **store);

    // fn on this thread's connection of `connections`.
    template<typename Result, typename Fn>
    Result runOn(Connections &connections, bool readOnly, const Fn &fn)
    {
        ResultStore *store = nullptr;
        if (StoreStatus s = connection(connections, readOnly, &store); !s)
            return Result(s.error());
        Result result = fn(*store);
        dropIfLost(connections, result);
        return result;
    }

    // A connection that failed for any reason but the input (a server that
    // went away, a disk that filled up) is not trusted again: the next job
    // of that thread opens a new one (the server may be back by then).
    template<typename Result>
    static void dropIfLost(Connections &connections, const Result &result)
    {
        if constexpr (requires { result.error().kind; }) {
            using Kind = StoreError::Kind;
            const Kind kind = result.error().kind;
            if (kind != Kind::None && kind != Kind::Invalid && kind != Kind::NotFound && kind != Kind::Refused)
                connections.setLocalData(nullptr);
        }
    }

    QString m_location;
    StoreOpenOptions m_options;
    bool m_sharedConnection = false;
    QPromise<StoreStatus> m_openPromise;
    QFuture<StoreStatus> m_opened;
    bool m_started = false;
    // The writer's ResultStore::path() (a URL without its password); written
    // on the writer thread before the open's future finishes.
    QString m_openedPath;
    QMutex m_pathMutex;
    // Declared before the pools: the pools' threads delete their connections
    // as they exit, which must happen while these still exist.
    Connections m_writeConnections;
    Connections m_readConnections;
    QThreadPool m_writePool;
    QThreadPool m_readPool;
};

} // namespace wb
