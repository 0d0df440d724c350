// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Raises freedesktop desktop notifications (org.freedesktop.Notifications
// over the D-Bus session bus, as every Linux desktop provides). The call is
// asynchronous: the GUI thread never waits for the bus. When there is no
// session bus, no notification service on it, or the call fails,
// unavailable() says why, so the program can show the text elsewhere (the
// status bar).

#include <QDBusConnection>
#include <QObject>

namespace wb::gui {

class DesktopNotifier : public QObject
{
    Q_OBJECT
public:
    // `bus`: the session bus normally; tests give a private one.
    explicit DesktopNotifier(const QDBusConnection &bus, QObject *parent = nullptr);

    // Whether a notification service answers on the bus now.
    bool isAvailable() const;
    // Sends one notification; shown() or unavailable() follow.
    void notify(const QString &summary, const QString &body);

    static constexpr const char *kService = "org.freedesktop.Notifications";
    static constexpr const char *kPath = "/org/freedesktop/Notifications";

signals:
    void shown(uint notificationId, const QString &summary);
    void unavailable(const QString &reason, const QString &summary, const QString &body);

private:
    QDBusConnection m_bus;
};

} // namespace wb::gui
