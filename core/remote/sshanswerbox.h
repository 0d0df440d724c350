// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The meeting point between an SSH worker thread that must wait (for a
// host-key decision or a passphrase) and the owner's thread that gets the
// answer from a policy, a terminal or a dialog. Also holds the session's
// socket so the owner can cut a blocked libssh call short on close.

#include "config/hostkeypolicy.h"

#include <QByteArray>
#include <QDeadlineTimer>
#include <QMutex>
#include <QWaitCondition>
#include <optional>
#include <sys/socket.h>

namespace wb {

class SshAnswerBox
{
public:
    // Owner's thread.
    void answerHostKey(HostKeyDecision decision)
    {
        QMutexLocker lock(&m_mutex);
        m_hostKey = decision;
        m_cond.wakeAll();
    }
    // fromStore: the secret came from the keychain, not from the user.
    void answerSecret(std::optional<QByteArray> secret, bool fromStore = false)
    {
        QMutexLocker lock(&m_mutex);
        m_secret = std::move(secret);
        m_secretFromStore = fromStore;
        m_secretAnswered = true;
        m_cond.wakeAll();
    }
    // Wakes every wait and makes blocked socket calls fail at once.
    void cancel()
    {
        QMutexLocker lock(&m_mutex);
        m_cancelled = true;
        if (m_fd >= 0)
            ::shutdown(m_fd, SHUT_RDWR);
        m_cond.wakeAll();
    }

    // Worker's thread.
    bool isCancelled() const
    {
        QMutexLocker lock(&m_mutex);
        return m_cancelled;
    }
    void setSocket(int fd)
    {
        QMutexLocker lock(&m_mutex);
        m_fd = fd;
        if (m_cancelled && fd >= 0)
            ::shutdown(fd, SHUT_RDWR);
    }
    std::optional<HostKeyDecision> waitHostKey(int timeoutMs)
    {
        QMutexLocker lock(&m_mutex);
        QDeadlineTimer deadline(timeoutMs);
        while (!m_hostKey && !m_cancelled) {
            if (!m_cond.wait(&m_mutex, deadline))
                break;
        }
        auto answer = m_hostKey;
        m_hostKey.reset();
        return m_cancelled ? std::nullopt : answer;
    }
    // No value: cancelled, timed out, or the user gave none. *fromStore (if
    // given) tells whether the keychain answered rather than the user.
    std::optional<QByteArray> waitSecret(int timeoutMs, bool *fromStore = nullptr)
    {
        QMutexLocker lock(&m_mutex);
        QDeadlineTimer deadline(timeoutMs);
        while (!m_secretAnswered && !m_cancelled) {
            if (!m_cond.wait(&m_mutex, deadline))
                break;
        }
        if (fromStore)
            *fromStore = m_secretFromStore && !m_cancelled;
        m_secretFromStore = false;
        m_secretAnswered = false;
        std::optional<QByteArray> answer;
        answer.swap(m_secret);
        if (m_cancelled && answer) {
            answer->fill('\0');
            answer.reset();
        }
        return answer;
    }

private:
    mutable QMutex m_mutex;
    QWaitCondition m_cond;
    bool m_cancelled = false;
    int m_fd = -1;
    std::optional<HostKeyDecision> m_hostKey;
    std::optional<QByteArray> m_secret;
    bool m_secretAnswered = false;
    bool m_secretFromStore = false;
};

} // namespace wb
