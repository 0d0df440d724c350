// SPDX-License-Identifier: GPL-3.0-or-later
// The desktop window offscreen: every page reachable, the local agent's
// version in the status bar, and the window geometry remembered. An A/B
// experiment run by two real local agents ends on the Compare page, on its
// question: its runs only, grouped by arm.

#include "appcomposition.h"
#include "comparepage.h"
#include "mainwindow.h"
#include "page.h"
#include "run/plan.h"
#include "runspage.h"
#include "translations.h"

#include <QComboBox>
#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>
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
    void fitsTheSmallestWindow();
    void showsLocalAgentVersion();
    void remembersGeometry();
    void experimentOpensCompareOnItsQuestion();
};

void TstMainWindow::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(u"WirebenchTest"_s);
    // As the program does: English under ctest's LANGUAGE=en, German in
    // tst_mainwindow_de (fitsTheSmallestWindow with the longer words).
    wb::setUpLanguage(*QCoreApplication::instance());
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

// 1100x720 is the smallest window the pages are laid out for: no page may
// ask for more width (the stack takes the widest page's minimum, so one
// wide page widens them all), and a long status line wraps.
void TstMainWindow::fitsTheSmallestWindow()
{
    wb::AppComposition app;
    auto &w = app.mainWindow();
    w.resize(1100, 720);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    for (int i = 0; i < w.pageCount(); ++i) {
        w.setCurrentPage(i);
        QCoreApplication::processEvents();
        QVERIFY2(w.minimumSizeHint().width() <= 1100,
                 qPrintable(u"%1: the window needs %2 px"_s.arg(w.page(i)->title()).arg(w.minimumSizeHint().width())));
        QVERIFY2(w.width() <= 1100, qPrintable(w.page(i)->title()));
    }
    auto &compare = app.comparePage();
    auto *status = compare.findChild<QLabel *>(u"exportStatus"_s);
    QVERIFY(status);
    status->setText(u"Exported /a/very/long/path/"_s.repeated(12) + u"report.pdf"_s);
    QCoreApplication::processEvents();
    QVERIFY2(w.minimumSizeHint().width() <= 1100, qPrintable(QString::number(w.minimumSizeHint().width())));
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

void TstMainWindow::experimentOpensCompareOnItsQuestion()
{
    QTemporaryDir dir;
    wb::AppComposition app;
    auto &w = app.mainWindow();
    w.show();
    app.start();
    const QString db = dir.filePath(u"ab.sqlite"_s);
    app.openDatabase(db);
    QTRY_COMPARE_WITH_TIMEOUT(app.databasePath(), db, 10000);
    const QJsonObject hosts{{u"adam"_s, QJsonObject{{u"transport"_s, u"local"_s}, {u"address"_s, u"127.0.0.1"_s}}},
                            {u"eve"_s, QJsonObject{{u"transport"_s, u"local"_s}, {u"address"_s, u"127.0.0.1"_s}}}};
    const QJsonObject json{
        {u"name"_s, u"A/B on loopback"_s},
        {u"hosts"_s, hosts},
        {u"experiment"_s, QJsonObject{{u"question"_s, u"Is eve as quick as adam?"_s},
                                      {u"varies"_s, u"host"_s},
                                      {u"rounds"_s, 2},
                                      {u"arms"_s, QJsonArray{QJsonObject{{u"name"_s, u"adam"_s},
                                                                         {u"client"_s, u"adam"_s},
                                                                         {u"server"_s, u"eve"_s}},
                                                             QJsonObject{{u"name"_s, u"eve"_s},
                                                                         {u"client"_s, u"eve"_s},
                                                                         {u"server"_s, u"adam"_s}}}}}},
        {u"tests"_s, QJsonArray{QJsonObject{{u"name"_s, u"RR"_s},
                                            {u"kind"_s, u"tcp_rr"_s},
                                            {u"duration_s"_s, 0.3},
                                            {u"params"_s, QJsonObject{{u"interval_s"_s, 0.1}}}}}}};
    QString error;
    const auto plan = wb::Plan::fromJson(json, &error);
    QVERIFY2(plan, qPrintable(error));
    w.setCurrentPage(1); // the Plans page, where Run is pressed
    QVERIFY(app.runsPage().runPlan(*plan));
    // Once stored, the window turns to Compare on exactly this experiment.
    auto &compare = app.comparePage();
    QTRY_VERIFY_WITH_TIMEOUT(!compare.experiment().isEmpty(), 60000);
    QCOMPARE(w.currentPage(), &compare);
    QTRY_VERIFY_WITH_TIMEOUT(!compare.isBuilding() && compare.data().observations.size() == 4, 20000);
    QCOMPARE(compare.findChild<QComboBox *>(u"groupBySelector"_s)->currentText(), u"experiment arm"_s);
    QSet<QString> arms;
    for (const wb::Observation &o : compare.data().observations) {
        QVERIFY(!o.baseline);
        arms.insert(o.attributes.value(u"experiment arm"_s));
    }
    QCOMPARE(arms, (QSet<QString>{u"adam"_s, u"eve"_s}));
    QVERIFY(compare.data().notes.join(u' ').contains(u"Is eve as quick as adam?"_s));
}

QTEST_MAIN(TstMainWindow)
#include "tst_mainwindow.moc"
