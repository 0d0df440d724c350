// SPDX-License-Identifier: GPL-3.0-or-later
#include "storechangelistener.h"

#include "databaseurl.h"
#include "resultstore.h"

#include <QAtomicInteger>
#include <QSqlDriver>
#include <QSqlError>

using namespace Qt::StringLiterals;

namespace wb {

// Lives on the listener's thread: owns the connection and its notifier.
class StoreChangeListenerWorker : public QObject
{
    Q_OBJECT
public:
    explicit StoreChangeListenerWorker(QString location) : m_location(std::move(location)) {}
    ~StoreChangeListenerWorker() override
    {
        if (m_connection.isEmpty())
            return;
        {
            QSqlDatabase db = QSqlDatabase::database(m_connection, false);
            db.close();
        }
        QSqlDatabase::removeDatabase(m_connection);
    }

    void listen()
    {
        auto url = DatabaseUrl::parse(m_location);
        if (!url) {
            emit failed(url.error());
            return;
        }
        static QAtomicInteger<quint64> counter;
        m_connection = u"wirebench-listener-%1"_s.arg(++counter);
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QPSQL"_s, m_connection);
        url->apply(db);
        if (!db.open()) {
            emit failed(StoreError{StoreError::Kind::Unreachable,
                                   u"cannot listen for changes in %1: %2"_s.arg(url->display(),
                                                                                 db.lastError().text().trimmed())});
            return;
        }
        connect(db.driver(), &QSqlDriver::notification, this,
                [this](const QString &, QSqlDriver::NotificationSource, const QVariant &payload) {
                    emit changed(payload.toString());
                });
        if (!db.driver()->subscribeToNotification(QString::fromLatin1(ResultStore::kNotifyChannel))) {
            emit failed(StoreError{StoreError::Kind::Failed,
                                   u"cannot listen for changes in %1: %2"_s.arg(
                                       url->display(), db.driver()->lastError().text().trimmed())});
            return;
        }
        emit listening();
    }

signals:
    void listening();
    void failed(const wb::StoreError &error);
    void changed(const QString &area);

private:
    QString m_location;
    QString m_connection;
};

StoreChangeListener::StoreChangeListener(const QString &location, QObject *parent)
    : QObject(parent), m_location(location)
{
    m_thread.setObjectName(u"storeChangeListener"_s);
}

StoreChangeListener::~StoreChangeListener()
{
    m_thread.quit();
    m_thread.wait();
}

bool StoreChangeListener::isShared(const QString &location)
{
    return DatabaseUrl::isPostgres(location);
}

void StoreChangeListener::start()
{
    if (m_worker || !isShared(m_location))
        return;
    m_worker = new StoreChangeListenerWorker(m_location);
    m_worker->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    connect(m_worker, &StoreChangeListenerWorker::listening, this, &StoreChangeListener::listening);
    connect(m_worker, &StoreChangeListenerWorker::failed, this, &StoreChangeListener::failed);
    connect(m_worker, &StoreChangeListenerWorker::changed, this, &StoreChangeListener::changed);
    connect(&m_thread, &QThread::started, m_worker, &StoreChangeListenerWorker::listen);
    m_thread.start();
}

} // namespace wb

#include "storechangelistener.moc"
