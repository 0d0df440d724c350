// SPDX-License-Identifier: GPL-3.0-or-later
// The Baselines page on a real database: the shipped set listed with its
// citations, filtering (the count follows), hosts, size, sink and hardware
// columns, the detail of one baseline with its citation, and importing a log as
// baselines (a damaged one imports nothing and says where it is wrong).

#include "baselinespage.h"
#include "baselinetablemodel.h"
#include "exchange/baselineset.h"
#include "store/resultstore.h"
#include "store/storeservice.h"

#include <QAbstractItemModelTester>
#include <QLabel>
#include <QPlainTextEdit>
#include <QSet>
#include <QRegularExpression>
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
    // The count says how many the filter keeps.
    QVERIFY2(page.statusText().startsWith(u"%1 of %2 baseline"_s.arg(rodichev).arg(shipped)), qPrintable(page.statusText()));
    // Repeated figures told apart by their hosts, size and sink; the hardware
    // made from the structured description where the source gives no line.
    using Model = wb::gui::BaselineTableModel;
    const auto cellAt = [&](int row, int column) { return page.proxy()->index(row, column).data().toString(); };
    QSet<QString> rows;
    int betweenHosts = 0;
    for (int r = 0; r < rodichev; ++r) {
        QVERIFY2(cellAt(r, Model::Hardware).contains(u"Pentium"_s), qPrintable(cellAt(r, Model::Hardware)));
        QCOMPARE(cellAt(r, Model::Kind), u"file transfer"_s); // the catalog's label
        if (cellAt(r, Model::Hosts).isEmpty())
            continue; // the table's one figure over a 10 Mbit/s path names no pair
        ++betweenHosts;
        QVERIFY2(cellAt(r, Model::Hosts).contains(u" → "_s), qPrintable(cellAt(r, Model::Hosts)));
        QVERIFY2(cellAt(r, Model::Size).contains(u"12 MiB"_s), qPrintable(cellAt(r, Model::Size)));
        QVERIFY2(cellAt(r, Model::Sink) == u"file"_s || cellAt(r, Model::Sink).contains(u"null"_s),
                 qPrintable(cellAt(r, Model::Sink)));
        rows.insert(cellAt(r, Model::Hosts) + cellAt(r, Model::Sink));
    }
    QCOMPARE(betweenHosts, 16); // the FTP table: 8 host pairs, to a file and to /dev/null
    QCOMPARE(int(rows.size()), betweenHosts);

    // The detail of the selected baseline names its citation and figures.
    auto *table = page.findChild<QTableView *>(u"baselineTable"_s);
    table->setCurrentIndex(page.proxy()->index(0, 0));
    const QString detail = page.findChild<QPlainTextEdit *>(u"baselineDetail"_s)->toPlainText();
    QVERIFY2(detail.contains(u"Rodichev"_s), qPrintable(detail));
    // Figures and parameters in the catalog's words and display units, never
    // the raw names or a JSON object.
    static const QRegularExpression throughput(u"\n  throughput( \\([a-z]+\\))?: [0-9.]+ Mbit/s\n"_s);
    QVERIFY2(throughput.match(detail).hasMatch(), qPrintable(detail));
    QVERIFY2(detail.contains(u"Parameters: "_s) && detail.contains(u" · "_s), qPrintable(detail));
    QVERIFY2(!detail.contains(u"throughput_bps"_s) && !detail.contains(u"Parameters: {"_s), qPrintable(detail));
    // A citation from the set's JSON, not the name of the seed file.
    QVERIFY2(detail.contains(u"Cited from: Evgeny Rodichev, “Fast Ethernet and Linux Technical Details”, 1997-07-21"_s),
             qPrintable(detail));
    QVERIFY2(!detail.contains(u"004_"_s) && !detail.contains(u"Source: "_s), qPrintable(detail));
    // ... and the link it ran over, with the reason (every FTP figure states one).
    QVERIFY2(detail.contains(u"Link: "_s) && detail.contains(u" Mbit/s, duplex "_s) && detail.contains(u"why: "_s),
             qPrintable(detail));
    page.proxy()->setFilterFixedString(QString());
    QVERIFY2(page.statusText().startsWith(u"%1 baseline"_s.arg(shipped)), qPrintable(page.statusText()));
    // Every shipped figure says what it ran on.
    for (int r = 0; r < shipped; ++r)
        QVERIFY2(!cellAt(r, Model::Hardware).isEmpty(), qPrintable(page.proxy()->index(r, Model::Key).data().toString()));

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
