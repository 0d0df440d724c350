// SPDX-License-Identifier: GPL-3.0-or-later
// `wirebench FILE...` (and a double click through the desktop file's %F):
// a lab file opens in Inventory, a plan in Plans, a .flent.gz is imported
// into the real database file and shown in Results. A lab file opened as a
// plan is named for what it is.

#include "appcomposition.h"
#include "exchange/documentkind.h"
#include "inventorydocument.h"
#include "inventorypage.h"
#include "mainwindow.h"
#include "page.h"
#include "planspage.h"
#include "run/plan.h"
#include "store/resultstore.h"
#include "store/runfilter.h"
#include "store/runstore.h"

#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {

const QString kLab = QStringLiteral(WB_SOURCE_DIR "/resources/labs/local-lab.json");
const QString kPlan = QStringLiteral(WB_SOURCE_DIR "/resources/plans/local-demo.json");
const QString kFlent = QStringLiteral(WB_TEST_DATA_DIR "/import/flent/tcp_download_v3.flent.gz");

int storedRuns(const QString &db)
{
    auto store = wb::ResultStore::open(db);
    if (!store)
        return -1;
    auto runs = (*store)->runs().listRuns(wb::RunFilter());
    return runs ? int(runs->size()) : -1;
}

} // namespace

class TstDesktopFiles : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void kindsOfFiles();
    void labOpensInInventory();
    void planOpensInPlans();
    void flentIsImportedIntoResults();
    void labIsNotAPlan();
};

void TstDesktopFiles::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(u"WirebenchTest"_s);
}

void TstDesktopFiles::kindsOfFiles()
{
    QCOMPARE(wb::documentKind(kLab), wb::DocumentKind::Lab);
    QCOMPARE(wb::documentKind(kPlan), wb::DocumentKind::Plan);
    QCOMPARE(wb::documentKind(kFlent), wb::DocumentKind::Results);
    QCOMPARE(wb::documentKind(QStringLiteral(WB_TEST_DATA_DIR "/import/iperf3/tcp_3.12_bidir.json")),
             wb::DocumentKind::Results);
    QCOMPARE(wb::documentKind(u"/nonexistent/file"_s), wb::DocumentKind::Results);
}

void TstDesktopFiles::labOpensInInventory()
{
    QTemporaryDir dir;
    wb::AppComposition app(dir.filePath(u"r.sqlite"_s));
    app.mainWindow().show();
    app.mainWindow().setCurrentPage(4);
    app.openFiles({kLab});
    QCOMPARE(app.mainWindow().currentPage()->title(), u"Inventory"_s);
    QTRY_VERIFY(!app.inventoryPage().document()->inventory().hosts.isEmpty());
    QCOMPARE(app.inventoryPage().document()->inventory().hosts.first().name, u"local-a"_s);
}

void TstDesktopFiles::planOpensInPlans()
{
    QTemporaryDir dir;
    wb::AppComposition app(dir.filePath(u"r.sqlite"_s));
    app.mainWindow().show();
    app.openFiles({kPlan});
    QCOMPARE(app.mainWindow().currentPage()->title(), u"Plans"_s);
    auto *plans = qobject_cast<wb::gui::PlansPage *>(app.mainWindow().currentPage());
    QVERIFY(plans);
    QString error;
    const auto plan = plans->plan(&error);
    QVERIFY2(plan, qPrintable(error));
    QCOMPARE(plan->name, u"Local lab demo"_s);
}

void TstDesktopFiles::flentIsImportedIntoResults()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(u"r.sqlite"_s);
    {
        wb::AppComposition app(db);
        app.mainWindow().show();
        app.openFiles({kFlent}); // before the database is open: imported once it is
        QTRY_COMPARE_WITH_TIMEOUT(app.mainWindow().currentPage()->title(), u"Results"_s, 20000);
        QTRY_VERIFY_WITH_TIMEOUT(storedRuns(db) > 0, 10000);
        const int once = storedRuns(db);
        // The same file again adds nothing.
        app.openFiles({kFlent});
        QTest::qWait(1000);
        QCOMPARE(storedRuns(db), once);
    }
}

void TstDesktopFiles::labIsNotAPlan()
{
    QString error;
    QVERIFY(!wb::Plan::load(kLab, &error));
    QVERIFY2(error.contains(u"is a lab file, not a plan"_s), qPrintable(error));
}

QTEST_MAIN(TstDesktopFiles)
#include "tst_desktopfiles.moc"
