// SPDX-License-Identifier: GPL-3.0-or-later
// The filter both front ends install first: Qt's "XDG_RUNTIME_DIR not set"
// warning, raised by Qt itself here, never reaches the handler behind it;
// every other message does, unchanged.

#include "config/qtwarningfilter.h"

#include <QStandardPaths>
#include <QStringList>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {

QStringList g_seen;

void recordMessage(QtMsgType, const QMessageLogContext &, const QString &message)
{
    g_seen.append(message);
}

} // namespace

class TstQtWarningFilter : public QObject
{
    Q_OBJECT
private slots:
    void runtimeDirWarningIsDropped();
};

void TstQtWarningFilter::runtimeDirWarningIsDropped()
{
    // The handler the filter passes messages on to (Qt's default one in the programs).
    const QtMessageHandler before = qInstallMessageHandler(recordMessage);
    // Without the filter, this Qt does print the warning (else this test proves nothing).
    qunsetenv("XDG_RUNTIME_DIR");
    QStandardPaths::writableLocation(QStandardPaths::RuntimeLocation);
    QVERIFY2(!g_seen.filter(u"XDG_RUNTIME_DIR not set"_s).isEmpty(), qPrintable(g_seen.join(u'|')));
    g_seen.clear();

    wb::installQtWarningFilter();
    wb::installQtWarningFilter(); // twice: still one filter, no loop

    // Unset, Qt warns and falls back to /tmp/runtime-USER.
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::RuntimeLocation);
    QVERIFY(!dir.isEmpty());
    qWarning("a warning of our own");
    qInfo("QStandardPaths: XDG_RUNTIME_DIR not set, as information"); // only the warning is dropped

    qInstallMessageHandler(before);
    for (const QString &m : std::as_const(g_seen))
        QVERIFY2(!(m.contains(u"XDG_RUNTIME_DIR not set, defaulting"_s)), qPrintable(m));
    QVERIFY2(g_seen.contains(u"a warning of our own"_s), qPrintable(g_seen.join(u'|')));
    QVERIFY(g_seen.contains(u"QStandardPaths: XDG_RUNTIME_DIR not set, as information"_s));
}

QTEST_GUILESS_MAIN(TstQtWarningFilter)
#include "tst_qtwarningfilter.moc"
