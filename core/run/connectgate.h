// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Lets only so many host connections start at once. Sixty-four SSH
// handshakes, agent deployments and hello exchanges started together on a
// loaded controller made some miss their timeouts; queued, each gets the
// controller's attention in turn. A session holds a place from the moment
// its attempt starts until it is ready, failed or waiting to retry.

#include <QList>
#include <QObject>
#include <QSet>

#include <functional>

namespace wb {

class ConnectGate : public QObject
{
    Q_OBJECT
public:
    static constexpr int kDefaultLimit = 8;

    explicit ConnectGate(int limit = kDefaultLimit, QObject *parent = nullptr);

    void setLimit(int limit);
    int limit() const { return m_limit; }
    int holding() const { return int(m_holders.size()); }
    int waiting() const { return int(m_queue.size()); }

    // Runs `start` now if a place is free, otherwise once one is. An owner
    // that already holds or waits for a place is not queued twice.
    void acquire(const QObject *owner, std::function<void()> start);
    // Gives the owner's place back (or takes it out of the queue).
    void release(const QObject *owner);

private:
    struct Waiter
    {
        const QObject *owner;
        std::function<void()> start;
    };
    void admit();

    QList<Waiter> m_queue;
    QSet<const QObject *> m_holders;
    int m_limit;
    bool m_admitting = false;
};

} // namespace wb
