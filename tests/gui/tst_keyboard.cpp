// SPDX-License-Identifier: GPL-3.0-or-later
// Every page by keyboard alone, offscreen, on a real SQLite file: Ctrl+1 …
// Ctrl+7 and the arrow keys in the navigation list reach each page; Tab then
// walks into the page and through several of its controls without leaving
// the window; every widget Tab reaches can be named by a screen reader
// (its accessible name, its text, or the label it is the buddy of); the
// charts and plots are named; F1 opens the user guide.

#include "appcomposition.h"
#include "mainwindow.h"
#include "page.h"
#include "userguide.h"

#include <QAbstractButton>
#include <QAccessible>
#include <QApplication>
#include <QFileInfo>
#include <QGraphicsView>
#include <QLabel>
#include <QListWidget>
#include <QSet>
#include <QStackedWidget>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include "qcustomplotinclude.h"

using namespace Qt::StringLiterals;

class TstKeyboard : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void walksEveryPage();
    void customWidgetsAreNamed();
    void f1OpensTheUserGuide();
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
    w.resize(1280, 800);
    w.show();
    QVERIFY(QTest::qWaitForWindowActive(&w));
    app.openDatabase(dir.filePath(u"keyboard.sqlite"_s));
    QTRY_COMPARE_WITH_TIMEOUT(app.databasePath(), dir.filePath(u"keyboard.sqlite"_s), 10000);
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

QTEST_MAIN(TstKeyboard)
#include "tst_keyboard.moc"
