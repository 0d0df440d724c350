// SPDX-License-Identifier: GPL-3.0-or-later
#include "storeservice.h"

#include "databaseurl.h"

#include <QThread>

using namespace Qt::StringLiterals;

namespace wb {

StoreService::StoreService(QString location, StoreOpenOptions options, QObject *parent)
    : QObject(parent), m_location(std::move(location)), m_options(options),
      m_sharedConnection(m_location == u":memory:"_s)
{
    // One writer thread that lives as long as the service, so its
    // connection (and its prepared statements) last too.
    m_writePool.setMaxThreadCount(1);
    m_writePool.setExpiryTimeout(-1);
    m_writePool.setObjectName(u"wirebench-store-writer"_s);
    // Readers: a few threads; an idle one expires and closes its connection.
    m_readPool.setMaxThreadCount(qBound(1, QThread::idealThreadCount(), 4));
    m_readPool.setObjectName(u"wirebench-store-readers"_s);
    m_openPromise.start();
    m_opened = m_openPromise.future();
}

StoreService::~StoreService()
{
    if (!m_started) {
        m_openPromise.addResult(StoreStatus(StoreError::Kind::Failed,
                                            u"%1: the results database was never opened"_s.arg(m_location)));
        m_openPromise.finish();
    }
    // Readers first (their reads wait for the open, which the writer's
    // thread does or has done), then the writer. waitForDone() also ends a
    // pool's threads, and with them their connections: the writer's must
    // close last, as only a connection that can write folds SQLite's WAL
    // back into the file and removes it. Closed first, it left the newest
    // runs in the -wal file beside a .sqlite that did not hold them.
    m_readPool.waitForDone();
    m_writePool.waitForDone();
}

QString StoreService::displayLocation() const
{
    if (!DatabaseUrl::isPostgres(m_location))
        return m_location;
    const auto url = DatabaseUrl::parse(m_location);
    return url ? url->display() : QString();
}

void StoreService::start()
{
    if (m_started)
        return;
    m_started = true;
    // The continuation is in place before the writer thread can finish the
    // open. Attached after, it raced that finish: CI once hung with the GUI
    // thread waiting forever on the future's lock inside Qt 6.4's
    // QFutureInterfaceBase::setContinuation (tst_shareddatabase's stacks).
    m_opened.then(this, [this](StoreStatus status) {
        if (!status) {
            emit openFailed(status.error());
            return;
        }
        QMutexLocker lock(&m_pathMutex);
        const QString path = m_openedPath;
        lock.unlock();
        emit opened(path);
    });
    m_writePool.start([this] {
        ResultStore *store = nullptr;
        m_openPromise.addResult(connection(m_writeConnections, false, &store));
        m_openPromise.finish();
    });
}

StoreStatus StoreService::connection(Connections &connections, bool readOnly, ResultStore **store)
{
    if (!connections.hasLocalData() || !connections.localData()) {
        StoreOpenOptions options = m_options;
        if (readOnly) {
            options.readOnly = true;
            options.createIfMissing = false;
        }
        auto opened = ResultStore::open(m_location, options);
        if (!opened)
            return opened.error();
        if (!readOnly) {
            QMutexLocker lock(&m_pathMutex);
            m_openedPath = (*opened)->path();
        }
        connections.setLocalData(opened->release());
    }
    *store = connections.localData();
    return {};
}

} // namespace wb
