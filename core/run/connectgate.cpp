// SPDX-License-Identifier: GPL-3.0-or-later
#include "connectgate.h"

#include <algorithm>

namespace wb {

ConnectGate::ConnectGate(int limit, QObject *parent) : QObject(parent), m_limit(std::max(1, limit)) {}

void ConnectGate::setLimit(int limit)
{
    m_limit = std::max(1, limit);
    admit();
}

void ConnectGate::acquire(const QObject *owner, std::function<void()> start)
{
    if (m_holders.contains(owner))
        return;
    for (const Waiter &w : std::as_const(m_queue))
        if (w.owner == owner)
            return;
    m_queue.append({owner, std::move(start)});
    admit();
}

void ConnectGate::release(const QObject *owner)
{
    m_queue.removeIf([owner](const Waiter &w) { return w.owner == owner; });
    if (m_holders.remove(owner))
        admit();
}

void ConnectGate::admit()
{
    // A start may fail at once and release its place from inside this loop;
    // the outer call goes on admitting.
    if (m_admitting)
        return;
    m_admitting = true;
    while (!m_queue.isEmpty() && m_holders.size() < m_limit) {
        Waiter w = m_queue.takeFirst();
        m_holders.insert(w.owner);
        w.start();
    }
    m_admitting = false;
}

} // namespace wb
