// SPDX-License-Identifier: GPL-3.0-or-later
// The first start of the desktop program, as a new user sees it: Getting
// started is shown, the new database holds the baselines and both example
// labs, "Run the sample plan" runs the local lab's classic tests with real
// agents, and Compare then shows those results beside the 1997 baselines.
// A second start goes back to the page the user left.

#include "appcomposition.h"
#include "comparepage.h"
#include "config/settings.h"
#include "exchange/baselineset.h"
#include "mainwindow.h"
#include "page.h"
#include "runspage.h"
#include "store/baselinestore.h"
#include "store/inventorystore.h"
#include "store/resultstore.h"
#include "welcomepage.h"

#include <QComboBox>
#include <QDir>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>

using namespace Qt::StringLiterals;

class TstWelcomePage : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void firstStartToComparison();
    void secondStartSkipsGettingStarted();
};

void TstWelcomePage::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(u"WirebenchWelcomeTest"_s);
    // A machine that never ran Wirebench: no settings, no database.
    QDir(QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation) + u"/wirebench"_s).removeRecursively();
    wb::Settings().setFirstRunDone(false);
}

void TstWelcomePage::firstStartToComparison()
{
    wb::AppComposition app;
    auto &w = app.mainWindow();
    QSignalSpy ready(&app.welcomePage(), &wb::gui::WelcomePage::contentReady);
    w.show();
    app.start();
    QCOMPARE(w.currentPage()->title(), u"Getting started"_s);
    QVERIFY(ready.wait(20000));

    {
        auto store = wb::ResultStore::open(wb::Settings::defaultDatabasePath(), {.createIfMissing = false});
        QVERIFY2(store, qPrintable(store.message()));
        QVERIFY((*store)->inventory().hostByName(u"local-a"_s));
        // The 1997 lab is an example to open, not mixed into this machine's lab.
        QVERIFY(!(*store)->inventory().hostByName(u"Zeus"_s));
        const auto baselines = (*store)->baselines().baselines();
        QVERIFY(baselines);
        QCOMPARE(baselines->size(), wb::BaselineSet::loadBuiltin().baselines().size());
    }

    QSignalSpy stored(&app.runsPage(), &wb::gui::RunsPage::planStored);
    auto *run = app.welcomePage().findChild<QPushButton *>(u"runSamplePlan"_s);
    QVERIFY(run);
    QTest::mouseClick(run, Qt::LeftButton);
    QCOMPARE(w.currentPage()->title(), u"Runs"_s);
    QVERIFY(stored.wait(90000));
    QCOMPARE(stored.last().at(1).toInt(), 6);

    QTest::mouseClick(app.welcomePage().findChild<QPushButton *>(u"openCompare"_s), Qt::LeftButton);
    QCOMPARE(w.currentPage()->title(), u"Compare"_s);
    auto *datasets = app.comparePage().findChild<QComboBox *>(u"datasetSelector"_s);
    QVERIFY(datasets);
    QTRY_VERIFY_WITH_TIMEOUT(datasets->findData(u"udp_stream: throughput"_s) >= 0, 10000);
    QVERIFY(datasets->findData(u"file_transfer: file transfer rate"_s) >= 0);
    w.close();
}

void TstWelcomePage::secondStartSkipsGettingStarted()
{
    wb::AppComposition app;
    app.mainWindow().show();
    QVERIFY(wb::Settings().firstRunDone());
    QCOMPARE(app.mainWindow().currentPage()->title(), u"Compare"_s); // where the user left it
}

QTEST_MAIN(TstWelcomePage)
#include "tst_welcomepage.moc"
