// SPDX-License-Identifier: GPL-3.0-or-later
#include "desktopnotifier.h"

#include <QDBusConnectionInterface>
#include <QDBusMessage>
#include <QDBusPendingCallWatcher>
#include <QDBusPendingReply>
#include <QVariantMap>

using namespace Qt::StringLiterals;

namespace wb::gui {

DesktopNotifier::DesktopNotifier(const QDBusConnection &bus, QObject *parent) : QObject(parent), m_bus(bus) {}

bool DesktopNotifier::isAvailable() const
{
    return m_bus.isConnected() && m_bus.interface()
           && m_bus.interface()->isServiceRegistered(QString::fromLatin1(kService)).value();
}

void DesktopNotifier::notify(const QString &summary, const QString &body)
{
    if (!m_bus.isConnected()) {
        const QString why = m_bus.lastError().isValid() ? m_bus.lastError().message() : tr("no session bus");
        emit unavailable(tr("desktop notifications are not available (%1)").arg(why), summary, body);
        return;
    }
    QDBusMessage call = QDBusMessage::createMethodCall(QString::fromLatin1(kService), QString::fromLatin1(kPath),
                                                       QString::fromLatin1(kService), u"Notify"_s);
    // app_name, replaces_id, app_icon, summary, body, actions, hints, expire_timeout (-1: the server's default)
    call << u"Wirebench"_s << uint(0) << u"wirebench"_s << summary << body << QStringList()
         << QVariantMap{{u"desktop-entry"_s, u"wirebench"_s}} << int(-1);
    auto *watcher = new QDBusPendingCallWatcher(m_bus.asyncCall(call), this);
    connect(watcher, &QDBusPendingCallWatcher::finished, this, [this, watcher, summary, body] {
        watcher->deleteLater();
        const QDBusPendingReply<uint> reply = *watcher;
        if (reply.isError()) {
            emit unavailable(tr("desktop notifications are not available (%1)").arg(reply.error().message()),
                             summary, body);
            return;
        }
        emit shown(reply.value(), summary);
    });
}

} // namespace wb::gui
