// SPDX-License-Identifier: GPL-3.0-or-later
// The Baselines page on a real database: the shipped set listed with its
// citations, filtering, the detail of one baseline, and importing a log as
// baselines (a damaged one imports nothing and says where it is wrong).

#include "baselinespage.h"
#include "baselinetablemodel.h"
#include "exchange/baselineset.h"
#include "store/resultstore.h"
#include "store/storeservice.h"

#include <QAbstractItemModelTester>
#include <QLabel>
#include <QPlainTextEdit>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

class TstBaselinesPage : public QObject
{
    Q_OBJECT
private slots:
    void listsFiltersAndImports();
};

void TstBaselinesPage::listsFiltersAndImports()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(u"b.sqlite"_s);
    QVERIFY(wb::ResultStore::open(db)); // a new, empty database
    const int shipped = int(wb::BaselineSet::loadBuiltin().baselines().size());

    wb::gui::BaselinesPage page;
    QAbstractItemModelTester tester(page.model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester proxyTester(page.proxy(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    page.resize(1000, 700);
    page.show();
    QSignalSpy loaded(&page, &wb::gui::BaselinesPage::loaded);
    auto service = std::make_shared<wb::StoreService>(db);
    service->start();
    page.setStore(service);
    QVERIFY(loaded.wait(10000));
    QCOMPARE(loaded.last().at(0).toInt(), shipped);
    QCOMPARE(page.proxy()->rowCount(), shipped);
    // Sorted by source, A to Z: the computed ceilings ("Wirebench") last.
    const auto sourceAt = [&](int row) { return page.proxy()->index(row, 0).data().toString(); };
    QVERIFY2(sourceAt(0).localeAwareCompare(sourceAt(shipped - 1)) < 0, qPrintable(sourceAt(0)));
    QCOMPARE(sourceAt(shipped - 1), u"Wirebench"_s);

    // Filter on the FTP table's author: the 1997 FTP figures only.
    page.proxy()->setFilterFixedString(u"Rodichev"_s);
    const int rodichev = page.proxy()->rowCount();
    QVERIFY(rodichev >= 16 && rodichev < shipped);
    for (int r = 0; r < rodichev; ++r)
        QVERIFY(page.proxy()->index(r, wb::gui::BaselineTableModel::Source).data().toString().contains(u"Rodichev"_s));

    // The detail of the selected baseline names its citation and figures.
    auto *table = page.findChild<QTableView *>(u"baselineTable"_s);
    table->setCurrentIndex(page.proxy()->index(0, 0));
    const QString detail = page.findChild<QPlainTextEdit *>(u"baselineDetail"_s)->toPlainText();
    QVERIFY2(detail.contains(u"Rodichev"_s) && detail.contains(u"throughput_bps"_s), qPrintable(detail));
    // ... and the link it ran over, with the reason (every FTP figure states one).
    QVERIFY2(detail.contains(u"Link: "_s) && detail.contains(u" Mbit/s, duplex "_s) && detail.contains(u"why: "_s),
             qPrintable(detail));
    page.proxy()->setFilterFixedString(QString());

    // Import a netperf log as baselines.
    QSignalSpy imported(&page, &wb::gui::BaselinesPage::importFinished);
    page.importFile(QStringLiteral(WB_TEST_DATA_DIR "/import/netperf/concatenated_sessions.txt"), u"Rack 3, 2026-11"_s);
    QVERIFY(imported.wait(10000));
    QVERIFY2(imported.last().at(0).toBool(), qPrintable(imported.last().at(1).toString()));
    QTRY_COMPARE_WITH_TIMEOUT(page.model()->rowCount(), shipped + 3, 10000);

    // A damaged log: nothing imported, the message names file and line.
    page.importFile(QStringLiteral(WB_TEST_DATA_DIR "/import/netperf/bad_failed_test.txt"), u"Rack 3"_s);
    QVERIFY(imported.wait(10000));
    QVERIFY(!imported.last().at(0).toBool());
    QVERIFY2(imported.last().at(1).toString().contains(u"bad_failed_test.txt:3"_s),
             qPrintable(imported.last().at(1).toString()));
    QTRY_VERIFY_WITH_TIMEOUT(page.statusText().contains(u"baseline"_s), 10000);
    QCOMPARE(page.model()->rowCount(), shipped + 3);
}

QTEST_MAIN(TstBaselinesPage)
#include "tst_baselinespage.moc"
