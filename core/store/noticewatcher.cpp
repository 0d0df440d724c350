// SPDX-License-Identifier: GPL-3.0-or-later
#include "noticewatcher.h"

#include "noticestore.h"
#include "resultstore.h"

#include <QSet>
#include <QTimer>

using namespace Qt::StringLiterals;

namespace wb {

// Lives on the watcher's thread: owns the connection and the timer.
class NoticeWatcherWorker : public QObject
{
    Q_OBJECT
public:
    NoticeWatcherWorker(QString location, int intervalMs) : m_location(std::move(location)), m_intervalMs(intervalMs)
    {
    }

    void begin()
    {
        StoreOpenOptions options;
        options.createIfMissing = false;
        auto opened = ResultStore::open(m_location, options);
        if (!opened) {
            emit failed(opened.error());
            return;
        }
        m_store = std::move(*opened);
        m_timer = new QTimer(this);
        m_timer->setInterval(m_intervalMs);
        connect(m_timer, &QTimer::timeout, this, &NoticeWatcherWorker::look);
        m_timer->start();
        look();
    }

    void markSeen(const QList<qint64> &ids)
    {
        if (!m_store)
            return;
        if (StoreStatus s = m_store->notices().markSeen(ids); !s)
            emit failed(s.error());
    }

signals:
    void noticesArrived(const QList<wb::RunNotice> &notices);
    void failed(const wb::StoreError &error);

private:
    void look()
    {
        auto version = m_store->dataVersion();
        if (!version) {
            emit failed(version.error());
            return;
        }
        // -1: the back end has no counter (PostgreSQL): look every time.
        if (*version >= 0 && *version == m_lastVersion)
            return;
        m_lastVersion = *version;
        auto unseen = m_store->notices().unseenNotices();
        if (!unseen) {
            emit failed(unseen.error());
            return;
        }
        QList<RunNotice> fresh;
        for (const RunNotice &n : std::as_const(*unseen)) {
            if (m_reported.contains(n.id))
                continue;
            m_reported.insert(n.id);
            fresh.append(n);
        }
        if (!fresh.isEmpty())
            emit noticesArrived(fresh);
    }

    QString m_location;
    int m_intervalMs;
    std::unique_ptr<ResultStore> m_store;
    QTimer *m_timer = nullptr;
    qint64 m_lastVersion = -2;
    QSet<qint64> m_reported; // reported, maybe not marked seen yet
};

NoticeWatcher::NoticeWatcher(const QString &location, int intervalMs, QObject *parent)
    : QObject(parent), m_location(location), m_intervalMs(intervalMs)
{
    // Crosses threads in a queued signal.
    qRegisterMetaType<QList<wb::RunNotice>>();
    qRegisterMetaType<wb::StoreError>();
    m_thread.setObjectName(u"noticeWatcher"_s);
}

NoticeWatcher::~NoticeWatcher()
{
    m_thread.quit();
    m_thread.wait();
}

void NoticeWatcher::start()
{
    if (m_worker)
        return;
    m_worker = new NoticeWatcherWorker(m_location, m_intervalMs);
    m_worker->moveToThread(&m_thread);
    // Its connection belongs to that thread: delete it there.
    connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    connect(m_worker, &NoticeWatcherWorker::noticesArrived, this, &NoticeWatcher::noticesArrived);
    connect(m_worker, &NoticeWatcherWorker::failed, this, &NoticeWatcher::failed);
    connect(&m_thread, &QThread::started, m_worker, &NoticeWatcherWorker::begin);
    m_thread.start();
}

void NoticeWatcher::markSeen(const QList<qint64> &ids)
{
    if (!m_worker)
        return;
    NoticeWatcherWorker *worker = m_worker;
    QMetaObject::invokeMethod(worker, [worker, ids] { worker->markSeen(ids); }, Qt::QueuedConnection);
}

} // namespace wb

#include "noticewatcher.moc"
