// SPDX-License-Identifier: GPL-3.0-or-later
// Every page by keyboard alone, offscreen, on a real SQLite file: Ctrl+1 …
// Ctrl+7 and the arrow keys in the navigation list reach each page; Tab then
// walks into the page and through several of its controls without leaving
// the window; every widget Tab reaches can be named by a screen reader
// (its accessible name, its text, or the label it is the buddy of); the
// charts and plots are named; F1 opens the user guide. And one whole task
// by keyboard alone: open a plan and run it (real local agents), go from
// the finished run to Compare, then from Results pick the runs again and
// compare them (Ctrl+M).

#include "appcomposition.h"
#include "comparepage.h"
#include "filedialog.h"
#include "mainwindow.h"
#include "page.h"
#include "resultspage.h"
#include "runlistmodel.h"
#include "runspage.h"
#include "userguide.h"

#include <QAbstractButton>
#include <QAccessible>
#include <QApplication>
#include <QFileInfo>
#include <QGraphicsView>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QScopeGuard>
#include <QSet>
#include <QStackedWidget>
#include <QStandardPaths>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

#include "qcustomplotinclude.h"

#include <algorithm>

using namespace Qt::StringLiterals;

class TstKeyboard : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void walksEveryPage();
    void customWidgetsAreNamed();
    void f1OpensTheUserGuide();
    void runsAndComparesAPlanByKeyboard();
};

namespace {

// What a screen reader would say for the widget.
QString spokenName(QWidget *w)
{
    if (QAccessibleInterface *a = QAccessible::queryAccessibleInterface(w))
        if (const QString name = a->text(QAccessible::Name); !name.trimmed().isEmpty())
            return name;
    if (!w->accessibleName().isEmpty())
        return w->accessibleName();
    if (!w->toolTip().isEmpty())
        return w->toolTip();
    for (QLabel *label : w->window()->findChildren<QLabel *>())
        if (label->buddy() == w)
            return label->text();
    return {};
}

// The main window at 1280×800, active, on the database `db` (false when
// either does not happen within 10 s).
bool showOnDatabase(wb::AppComposition &app, const QString &db)
{
    auto &w = app.mainWindow();
    w.resize(1280, 800);
    w.show();
    if (!QTest::qWaitForWindowActive(&w))
        return false;
    app.openDatabase(db);
    return QTest::qWaitFor([&] { return app.databasePath() == db; }, 10000);
}

// Ctrl+N for the page `page` of the window, as the user presses it.
void goToPage(wb::gui::MainWindow &w, QWidget *page)
{
    for (int i = 0; i < w.pageCount(); ++i)
        if (w.page(i) == page)
            QTest::keyClick(&w, static_cast<Qt::Key>(Qt::Key_1 + i), Qt::ControlModifier);
}

// Presses Tab (at most 60 times) until `target` has the focus.
bool tabTo(QWidget *target)
{
    for (int step = 0; step < 60; ++step) {
        if (QApplication::focusWidget() == target)
            return true;
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
    }
    return QApplication::focusWidget() == target;
}

// The runs a Compare page shows as measured (not baseline) observations.
QStringList comparedRuns(const wb::gui::ComparePage &compare)
{
    QStringList runs;
    for (const wb::Observation &o : compare.data().observations)
        if (!o.baseline)
            runs << o.source;
    runs.removeDuplicates();
    runs.sort();
    return runs;
}

} // namespace

void TstKeyboard::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(u"WirebenchKeyboardTest"_s);
}

void TstKeyboard::walksEveryPage()
{
    QTemporaryDir dir;
    wb::AppComposition app;
    auto &w = app.mainWindow();
    QVERIFY(showOnDatabase(app, dir.filePath(u"keyboard.sqlite"_s)));
    auto *nav = w.findChild<QListWidget *>(u"navigation"_s);
    QVERIFY(nav);
    QStringList unnamed;
    for (int i = 0; i < w.pageCount(); ++i) {
        // Ctrl+N goes to page N.
        QTest::keyClick(&w, static_cast<Qt::Key>(Qt::Key_1 + i), Qt::ControlModifier);
        QCOMPARE(w.currentPage(), w.page(i));
        // Tab walks into the page and through its controls, never out of the window.
        nav->setFocus();
        QSet<QWidget *> reached;
        for (int step = 0; step < 40; ++step) {
            QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
            QWidget *f = QApplication::focusWidget();
            QVERIFY2(f && f->window() == &w, qPrintable(w.page(i)->title()));
            if (!w.page(i)->isAncestorOf(f))
                continue;
            reached.insert(f);
            if (spokenName(f).isEmpty() && !qobject_cast<QAbstractButton *>(f))
                unnamed << u"%1: %2 (%3)"_s.arg(w.page(i)->title(), f->objectName(),
                                               QString::fromLatin1(f->metaObject()->className()));
        }
        QVERIFY2(reached.size() >= 2, qPrintable(u"%1: Tab reached %2 control(s)"_s.arg(w.page(i)->title())
                                                     .arg(reached.size())));
    }
    // The navigation list by arrow keys: Down from the first page reaches the last.
    nav->setFocus();
    nav->setCurrentRow(0);
    for (int i = 1; i < w.pageCount(); ++i) {
        QTest::keyClick(nav, Qt::Key_Down);
        QCOMPARE(w.currentPage(), w.page(i));
    }
    unnamed.removeDuplicates();
    QVERIFY2(unnamed.isEmpty(), qPrintable(u"reached by Tab without a name a screen reader can say:\n"_s
                                           + unnamed.join(u'\n')));
}

void TstKeyboard::customWidgetsAreNamed()
{
    wb::AppComposition app;
    auto &w = app.mainWindow();
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    // The plots and the topology drawing, which say nothing by themselves.
    QList<QWidget *> custom;
    for (QCustomPlot *p : w.findChildren<QCustomPlot *>())
        custom << p;
    for (QGraphicsView *v : w.findChildren<QGraphicsView *>())
        custom << v;
    QVERIFY(custom.size() >= 2);
    for (QWidget *c : custom) {
        // A plot inside a named chart view is named through it.
        QWidget *named = c;
        while (named && named->accessibleName().isEmpty())
            named = named->parentWidget() == &w ? nullptr : named->parentWidget();
        QVERIFY2(named && !named->accessibleName().isEmpty(), qPrintable(c->objectName()));
    }
}

void TstKeyboard::f1OpensTheUserGuide()
{
    QUrl opened;
    wb::gui::UserGuide::setOpener([&opened](const QUrl &url) {
        opened = url;
        return true;
    });
    wb::AppComposition app;
    auto &w = app.mainWindow();
    w.show();
    QVERIFY(QTest::qWaitForWindowActive(&w));
    QTest::keyClick(&w, Qt::Key_F1);
    wb::gui::UserGuide::setOpener(nullptr);
    QVERIFY2(opened.isLocalFile(), qPrintable(opened.toString()));
    QCOMPARE(QFileInfo(opened.toLocalFile()).fileName(), u"user-guide.md"_s);
    QVERIFY(QFileInfo(opened.toLocalFile()).isFile());
}

void TstKeyboard::runsAndComparesAPlanByKeyboard()
{
    if (qEnvironmentVariableIsEmpty("WIREBENCH_AGENT"))
        QSKIP("WIREBENCH_AGENT is not set: no agent to run the plan with");
    QTemporaryDir dir;
    wb::AppComposition app;
    auto &w = app.mainWindow();
    QVERIFY(showOnDatabase(app, dir.filePath(u"task.sqlite"_s)));

    // Runs page (Ctrl+N), Tab into it, Ctrl+O: the plan file chosen in the
    // dialog runs at once. The dialog itself is Qt's; its answer is given.
    wb::gui::RunsPage &runs = app.runsPage();
    goToPage(w, &runs);
    QCOMPARE(w.currentPage(), &runs);
    auto *open = runs.findChild<QPushButton *>(u"openPlanButton"_s);
    QVERIFY(open);
    QVERIFY(tabTo(open));
    QSignalSpy stored(&runs, &wb::gui::RunsPage::planStored);
    wb::gui::FileDialog::setNextPath(QStringLiteral(WB_TEST_DATA_DIR) + u"/plans/gui-tiny.json"_s);
    auto forget = qScopeGuard([] { wb::gui::FileDialog::setNextPath({}); });
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_O, Qt::ControlModifier);
    QVERIFY(runs.isRunning());
    QTRY_COMPARE_WITH_TIMEOUT(stored.size(), 1, 60000);
    QCOMPARE(stored.first().at(1).toInt(), 2);

    // From the finished run to Compare: Tab to the button, Space. The page
    // reads the stored runs' ids back after the plan is stored, then
    // enables it.
    auto *compareButton = runs.findChild<QPushButton *>(u"compareRunsButton"_s);
    QVERIFY(compareButton);
    QTRY_VERIFY_WITH_TIMEOUT(compareButton->isEnabled(), 10000);
    QVERIFY(tabTo(compareButton));
    QTest::keyClick(compareButton, Qt::Key_Space);
    wb::gui::ComparePage &compare = app.comparePage();
    QCOMPARE(w.currentPage(), &compare);
    QTRY_VERIFY_WITH_TIMEOUT(!compare.isBuilding() && compare.selection().runIds.size() == 2, 15000);
    // The two tests are of different kinds: Compare shows one kind at a
    // time, so one of the two runs is drawn, and the choice holds both.
    QList<qint64> picked = compare.selection().runIds;
    std::sort(picked.begin(), picked.end());
    const QStringList fromRuns = comparedRuns(compare);
    QCOMPARE(fromRuns.size(), 1);
    QVERIFY(fromRuns.first() == u"run %1"_s.arg(picked[0]) || fromRuns.first() == u"run %1"_s.arg(picked[1]));

    // Results page: Tab to the table, pick both runs with the arrow keys
    // (Home, Shift+Down), Ctrl+M compares exactly those.
    wb::gui::ResultsPage &results = app.resultsPage();
    goToPage(w, &results);
    QCOMPARE(w.currentPage(), &results);
    QTRY_VERIFY_WITH_TIMEOUT(!results.model()->isLoading() && results.model()->rowCount() == 2, 10000);
    QVERIFY(tabTo(results.table()));
    QTest::keyClick(results.table(), Qt::Key_Home);
    QTest::keyClick(results.table(), Qt::Key_Down, Qt::ShiftModifier);
    QCOMPARE(results.table()->selectionModel()->selectedRows().size(), 2);
    QTest::keyClick(results.table(), Qt::Key_M, Qt::ControlModifier);
    QCOMPARE(w.currentPage(), &compare);
    QTRY_VERIFY_WITH_TIMEOUT(!compare.isBuilding(), 15000);
    QList<qint64> again = compare.selection().runIds;
    std::sort(again.begin(), again.end());
    QCOMPARE(again, picked);
    QCOMPARE(comparedRuns(compare), fromRuns);
}

QTEST_MAIN(TstKeyboard)
#include "tst_keyboard.moc"
