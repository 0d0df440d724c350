// SPDX-License-Identifier: GPL-3.0-or-later
// The desktop window offscreen: every page reachable, the local agent's
// version in the status bar, and the window geometry remembered.

#include "appcomposition.h"
#include "mainwindow.h"
#include "page.h"

#include <QLabel>
#include <QListWidget>
#include <QStackedWidget>
#include <QStandardPaths>
#include <QTest>

using namespace Qt::StringLiterals;

class TstMainWindow : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void switchesEveryPage();
    void showsLocalAgentVersion();
    void remembersGeometry();
};

void TstMainWindow::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(u"WirebenchTest"_s);
}

void TstMainWindow::switchesEveryPage()
{
    wb::AppComposition app;
    auto &w = app.mainWindow();
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    const QStringList expected{u"Inventory"_s, u"Plans"_s, u"Runs"_s,     u"Results"_s,
                               u"Compare"_s,   u"Baselines"_s, u"Getting started"_s};
    QCOMPARE(w.pageCount(), expected.size());
    auto *nav = w.findChild<QListWidget *>(u"navigation"_s);
    auto *stack = w.findChild<QStackedWidget *>();
    QVERIFY(nav && stack);
    for (int i = 0; i < expected.size(); ++i) {
        QCOMPARE(w.page(i)->title(), expected[i]);
        QCOMPARE(nav->item(i)->text(), expected[i]);
        // Click the navigation entry as a user would.
        const QRect r = nav->visualItemRect(nav->item(i));
        QTest::mouseClick(nav->viewport(), Qt::LeftButton, {}, r.center());
        QCOMPARE(stack->currentIndex(), i);
        QCOMPARE(w.currentPage()->title(), expected[i]);
        QVERIFY(w.currentPage()->isVisible());
        QVERIFY(!w.currentPage()->findChild<QLabel *>(u"pageHeading"_s)->text().isEmpty());
    }
    // Keyboard: Ctrl+1 goes back to the first page.
    QTest::keyClick(&w, Qt::Key_1, Qt::ControlModifier);
    QCOMPARE(stack->currentIndex(), 0);
}

void TstMainWindow::showsLocalAgentVersion()
{
    wb::AppComposition app;
    app.mainWindow().show();
    QVERIFY(app.mainWindow().agentStatus().contains(u"starting"_s));
    app.start();
    QTRY_VERIFY_WITH_TIMEOUT(app.mainWindow().agentStatus().contains(QStringLiteral(WIREBENCH_VERSION)), 10000);
    QVERIFY(app.mainWindow().agentStatus().startsWith(u"Local agent"_s));
}

void TstMainWindow::remembersGeometry()
{
    QRect saved;
    {
        wb::AppComposition app;
        auto &w = app.mainWindow();
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.resize(900, 640);
        w.setCurrentPage(4);
        QTest::qWait(50);
        saved = w.geometry();
        w.close();
    }
    wb::AppComposition again;
    auto &w2 = again.mainWindow();
    w2.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w2));
    QCOMPARE(w2.geometry().size(), saved.size());
    QCOMPARE(w2.currentPage()->title(), u"Compare"_s);
}

QTEST_MAIN(TstMainWindow)
#include "tst_mainwindow.moc"
