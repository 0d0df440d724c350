// SPDX-License-Identifier: GPL-3.0-or-later
#include "noticealerts.h"

#include "desktopnotifier.h"
#include "store/noticewatcher.h"

using namespace Qt::StringLiterals;

namespace wb::gui {

NoticeAlerts::NoticeAlerts(NoticeWatcher &watcher, DesktopNotifier &notifier,
                           std::function<void(const QString &)> fallback, QObject *parent)
    : QObject(parent), m_watcher(watcher), m_notifier(notifier), m_fallback(std::move(fallback))
{
    connect(&m_watcher, &NoticeWatcher::noticesArrived, this, &NoticeAlerts::raise);
    connect(&m_notifier, &DesktopNotifier::unavailable, this,
            [this](const QString &, const QString &summary, const QString &body) {
                if (m_fallback)
                    m_fallback(summary + u": "_s + body);
            });
}

QString NoticeAlerts::summaryOf(const RunNotice &notice)
{
    return notice.kind == RunNoticeKind::Regression ? tr("Wirebench: regression in run %1").arg(notice.runId)
                                                    : tr("Wirebench: test failed in run %1").arg(notice.runId);
}

QString NoticeAlerts::bodyOf(const RunNotice &notice)
{
    return notice.text;
}

void NoticeAlerts::raise(const QList<RunNotice> &notices)
{
    QList<qint64> ids;
    for (const RunNotice &n : notices) {
        m_notifier.notify(summaryOf(n), bodyOf(n));
        ids.append(n.id);
    }
    // Raised (or shown in the status bar when the desktop cannot): seen.
    m_watcher.markSeen(ids);
}

} // namespace wb::gui
