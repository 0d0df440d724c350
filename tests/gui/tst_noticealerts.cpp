// SPDX-License-Identifier: GPL-3.0-or-later
// Run notices reach the desktop: NoticeWatcher sees a notice another
// connection writes into a real SQLite file (PRAGMA data_version, polled on
// its own thread), reports each once, and marks it seen when told;
// DesktopNotifier calls org.freedesktop.Notifications.Notify on a private
// session bus this test starts (dbus-daemon --session) where a stand-in
// notification server records the call; without a notification service
// the text goes to the fallback (the status bar). NoticeAlerts joins them.

#include "desktopnotifier.h"
#include "noticealerts.h"
#include "store/noticestore.h"
#include "store/noticewatcher.h"
#include "store/resultstore.h"
#include "store/runstore.h"

#include <QDBusConnection>
#include <QDBusConnectionInterface>
#include <QProcess>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

// A notification server as a desktop runs one: records what it was sent.
class FakeNotificationServer : public QObject
{
    Q_OBJECT
    Q_CLASSINFO("D-Bus Interface", "org.freedesktop.Notifications")
public:
    struct Call
    {
        QString appName, summary, body;
    };
    QList<Call> calls;

public slots:
    uint Notify(const QString &appName, uint replacesId, const QString &appIcon, const QString &summary,
                const QString &body, const QStringList &actions, const QVariantMap &hints, int expireTimeout)
    {
        Q_UNUSED(replacesId);
        Q_UNUSED(appIcon);
        Q_UNUSED(actions);
        Q_UNUSED(hints);
        Q_UNUSED(expireTimeout);
        calls.append({appName, summary, body});
        return uint(calls.size());
    }
};

class TstNoticeAlerts : public QObject
{
    Q_OBJECT
private slots:
    void init();
    void cleanup();
    void watcherSeesAnotherConnection();
    void notifiesOverSessionBus();
    void fallsBackWithoutService();

private:
    // Starts a private session bus; empty (and QSKIP by the caller) when it cannot.
    QString startBus(QString *why);
    qint64 addNotice(const QString &text);
    // Unseen notices in the file, read by a connection of its own (-1: unreadable).
    int unseenCount();

    QTemporaryDir *m_dir = nullptr;
    QString m_db;
    qint64 m_runId = 0;
    QProcess *m_bus = nullptr;
};

void TstNoticeAlerts::init()
{
    m_dir = new QTemporaryDir;
    m_db = m_dir->filePath(u"notices.sqlite"_s);
    auto store = wb::ResultStore::open(m_db);
    QVERIFY2(store.ok(), qPrintable(store.message()));
    wb::StoredRun r;
    r.plan = u"nightly"_s;
    r.testCase = u"tcp_rr alpha-beta"_s;
    r.status = wb::RunStatus::Failed;
    r.error = u"connection refused"_s;
    r.record.kind = u"tcp_rr"_s;
    auto id = (*store)->runs().saveRun(r);
    QVERIFY2(id.ok(), qPrintable(id.message()));
    m_runId = *id;
}

void TstNoticeAlerts::cleanup()
{
    if (m_bus) {
        // Only the daemon this test started, by its own process handle.
        m_bus->terminate();
        if (!m_bus->waitForFinished(3000))
            m_bus->kill();
        m_bus->waitForFinished(3000);
        delete m_bus;
        m_bus = nullptr;
    }
    delete m_dir;
}

QString TstNoticeAlerts::startBus(QString *why)
{
    const QString daemon = QStandardPaths::findExecutable(u"dbus-daemon"_s);
    if (daemon.isEmpty()) {
        *why = u"dbus-daemon is not installed (apt-get install dbus-daemon)"_s;
        return {};
    }
    m_bus = new QProcess;
    m_bus->start(daemon, {u"--session"_s, u"--nofork"_s, u"--print-address=1"_s});
    if (!m_bus->waitForStarted(5000)) {
        *why = u"dbus-daemon did not start: "_s + m_bus->errorString();
        return {};
    }
    for (int i = 0; i < 50 && !m_bus->canReadLine(); ++i)
        m_bus->waitForReadyRead(100);
    const QString address = QString::fromUtf8(m_bus->readLine()).trimmed();
    if (address.isEmpty())
        *why = u"dbus-daemon printed no address: "_s + QString::fromUtf8(m_bus->readAllStandardError());
    return address;
}

// From a connection of its own, as a scheduled run's process would.
qint64 TstNoticeAlerts::addNotice(const QString &text)
{
    auto store = wb::ResultStore::open(m_db);
    if (!store)
        return 0;
    auto id = (*store)->notices().addNotice(m_runId, wb::RunNoticeKind::FailedTest, text);
    return id ? *id : 0;
}

int TstNoticeAlerts::unseenCount()
{
    auto store = wb::ResultStore::open(m_db);
    if (!store)
        return -1;
    auto unseen = (*store)->notices().unseenNotices();
    return unseen ? int(unseen->size()) : -1;
}

void TstNoticeAlerts::watcherSeesAnotherConnection()
{
    wb::NoticeWatcher watcher(m_db, 50);
    QSignalSpy arrived(&watcher, &wb::NoticeWatcher::noticesArrived);
    QSignalSpy failed(&watcher, &wb::NoticeWatcher::failed);
    watcher.start();
    QTest::qWait(200);
    QCOMPARE(arrived.count(), 0); // nothing unseen yet
    const qint64 first = addNotice(u"case one failed"_s);
    QVERIFY(first > 0);
    QTRY_COMPARE_WITH_TIMEOUT(arrived.count(), 1, 5000);
    auto notices = arrived.takeFirst().at(0).value<QList<wb::RunNotice>>();
    QCOMPARE(notices.size(), 1);
    QCOMPARE(notices.first().id, first);
    QCOMPARE(notices.first().text, u"case one failed"_s);
    QCOMPARE(notices.first().plan, u"nightly"_s);
    // Reported once, even before it is marked seen.
    QTest::qWait(200);
    QCOMPARE(arrived.count(), 0);
    watcher.markSeen({first});
    QTRY_COMPARE_WITH_TIMEOUT(unseenCount(), 0, 5000);
    // A second one: only it arrives.
    const qint64 second = addNotice(u"case two failed"_s);
    QTRY_COMPARE_WITH_TIMEOUT(arrived.count(), 1, 5000);
    notices = arrived.takeFirst().at(0).value<QList<wb::RunNotice>>();
    QCOMPARE(notices.size(), 1);
    QCOMPARE(notices.first().id, second);
    QCOMPARE(failed.count(), 0);
}

void TstNoticeAlerts::notifiesOverSessionBus()
{
    QString why;
    const QString address = startBus(&why);
    if (address.isEmpty())
        QSKIP(qPrintable(why));
    QDBusConnection server = QDBusConnection::connectToBus(address, u"wb-test-notification-server"_s);
    QVERIFY2(server.isConnected(), qPrintable(server.lastError().message()));
    FakeNotificationServer fake;
    QVERIFY(server.registerObject(QString::fromLatin1(wb::gui::DesktopNotifier::kPath), &fake,
                                  QDBusConnection::ExportAllSlots));
    QVERIFY(server.registerService(QString::fromLatin1(wb::gui::DesktopNotifier::kService)));

    QDBusConnection client = QDBusConnection::connectToBus(address, u"wb-test-client"_s);
    QVERIFY(client.isConnected());
    wb::gui::DesktopNotifier notifier(client);
    QVERIFY(notifier.isAvailable());
    QSignalSpy shown(&notifier, &wb::gui::DesktopNotifier::shown);
    notifier.notify(u"title"_s, u"text"_s);
    QTRY_COMPARE_WITH_TIMEOUT(shown.count(), 1, 5000);
    QCOMPARE(fake.calls.size(), 1);
    QCOMPARE(fake.calls.first().appName, u"Wirebench"_s);
    QCOMPARE(fake.calls.first().summary, u"title"_s);

    // The whole way: a notice written by another connection is raised and marked seen.
    wb::NoticeWatcher watcher(m_db, 50);
    QStringList fallback;
    wb::gui::NoticeAlerts alerts(watcher, notifier, [&](const QString &t) { fallback << t; });
    watcher.start();
    QVERIFY(addNotice(u"scheduled run 'nightly': test case 'tcp_rr alpha-beta' failed: connection refused"_s) > 0);
    QTRY_COMPARE_WITH_TIMEOUT(fake.calls.size(), 2, 5000);
    QCOMPARE(fake.calls.last().summary, u"Wirebench: test failed in run %1"_s.arg(m_runId));
    QCOMPARE(fake.calls.last().body,
             u"scheduled run 'nightly': test case 'tcp_rr alpha-beta' failed: connection refused"_s);
    QTRY_COMPARE_WITH_TIMEOUT(unseenCount(), 0, 5000);
    QVERIFY(fallback.isEmpty());
    QDBusConnection::disconnectFromBus(u"wb-test-client"_s);
    QDBusConnection::disconnectFromBus(u"wb-test-notification-server"_s);
}

void TstNoticeAlerts::fallsBackWithoutService()
{
    QString why;
    const QString address = startBus(&why);
    if (address.isEmpty())
        QSKIP(qPrintable(why));
    // A bus, but no notification server on it.
    QDBusConnection client = QDBusConnection::connectToBus(address, u"wb-test-lonely"_s);
    QVERIFY(client.isConnected());
    wb::gui::DesktopNotifier notifier(client);
    QVERIFY(!notifier.isAvailable());
    wb::NoticeWatcher watcher(m_db, 50);
    QStringList fallback;
    wb::gui::NoticeAlerts alerts(watcher, notifier, [&](const QString &t) { fallback << t; });
    watcher.start();
    QVERIFY(addNotice(u"case failed"_s) > 0);
    QTRY_COMPARE_WITH_TIMEOUT(fallback.size(), 1, 10000);
    QCOMPARE(fallback.first(), u"Wirebench: test failed in run %1: case failed"_s.arg(m_runId));
    QTRY_COMPARE_WITH_TIMEOUT(unseenCount(), 0, 5000);
    QDBusConnection::disconnectFromBus(u"wb-test-lonely"_s);

    // No bus at all: the same fallback.
    wb::gui::DesktopNotifier none(QDBusConnection::connectToBus(u"unix:path=/nonexistent/bus"_s, u"wb-test-none"_s));
    QSignalSpy unavailable(&none, &wb::gui::DesktopNotifier::unavailable);
    none.notify(u"t"_s, u"b"_s);
    QCOMPARE(unavailable.count(), 1);
    QVERIFY(unavailable.first().at(0).toString().contains(u"not available"_s));
    QDBusConnection::disconnectFromBus(u"wb-test-none"_s);
}

QTEST_MAIN(TstNoticeAlerts)
#include "tst_noticealerts.moc"
