// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Raises the run notices a NoticeWatcher reports (a scheduled run's failed
// test or regression) as desktop notifications, or, where the desktop has
// none, through `fallback` (the status bar); then marks them seen, so each
// is raised once.

#include "store/runnotice.h"

#include <QObject>

#include <functional>

namespace wb {
class NoticeWatcher;
}

namespace wb::gui {

class DesktopNotifier;

class NoticeAlerts : public QObject
{
    Q_OBJECT
public:
    NoticeAlerts(NoticeWatcher &watcher, DesktopNotifier &notifier, std::function<void(const QString &)> fallback,
                 QObject *parent = nullptr);

    // The notification's title and text for `notice`.
    static QString summaryOf(const RunNotice &notice);
    static QString bodyOf(const RunNotice &notice);

    void raise(const QList<wb::RunNotice> &notices);

private:
    NoticeWatcher &m_watcher;
    DesktopNotifier &m_notifier;
    std::function<void(const QString &)> m_fallback;
};

} // namespace wb::gui
