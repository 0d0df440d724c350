// SPDX-License-Identifier: GPL-3.0-or-later
// The Baselines page on a real database: the shipped set listed with its
// citations, filtering (the count follows), hosts, size, sink and hardware
// columns, the detail of one baseline with its citation, and importing a log as
// baselines (a damaged one imports nothing and says where it is wrong); a
// tag and a note added through the page's editor are stored and shown, and
// the tag filter keeps only the baselines holding the tag.

#include "baselinespage.h"
#include "baselinetablemodel.h"
#include "runannotationeditor.h"
#include "exchange/baselineset.h"
#include "store/annotationstore.h"
#include "store/baselinestore.h"
#include "store/resultstore.h"
#include "store/storeservice.h"

#include <QAbstractItemModelTester>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
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
    void tagsAndNotesFromThePage();
};

// The page shown at 1000x700, loading database file `db`.
static std::shared_ptr<wb::StoreService> showOn(wb::gui::BaselinesPage &page, const QString &db)
{
    page.resize(1000, 700);
    page.show();
    auto service = std::make_shared<wb::StoreService>(db);
    service->start();
    page.setStore(service);
    return service;
}

void TstBaselinesPage::listsFiltersAndImports()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(u"b.sqlite"_s);
    QVERIFY(wb::ResultStore::open(db)); // a new, empty database
    const int shipped = int(wb::BaselineSet::loadBuiltin().baselines().size());

    wb::gui::BaselinesPage page;
    QAbstractItemModelTester tester(page.model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester proxyTester(page.proxy(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy loaded(&page, &wb::gui::BaselinesPage::loaded);
    auto service = showOn(page, db);
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

void TstBaselinesPage::tagsAndNotesFromThePage()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(u"t.sqlite"_s);
    QVERIFY(wb::ResultStore::open(db));
    wb::gui::BaselinesPage page;
    // The tag filter keeps the proxy a well-behaved model.
    QAbstractItemModelTester proxyTester(page.proxy(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy loaded(&page, &wb::gui::BaselinesPage::loaded);
    auto service = showOn(page, db);
    QVERIFY(loaded.wait(10000));
    const int shipped = page.proxy()->rowCount();
    QVERIFY(shipped > 2);
    using Model = wb::gui::BaselineTableModel;
    auto *table = page.findChild<QTableView *>(u"baselineTable"_s);
    auto *editor = page.findChild<wb::gui::RunAnnotationEditor *>();
    QVERIFY(editor);
    QVERIFY(!editor->newTagEdit()->isEnabled()); // nothing selected yet
    // An FTP figure (Rodichev 1997): its file size is a defining parameter.
    page.proxy()->setFilterFixedString(u"Rodichev"_s);
    int ftp = 0;
    while (ftp < page.proxy()->rowCount() && !page.proxy()->index(ftp, Model::Size).data().toString().contains(u"12 MiB"_s))
        ++ftp;
    QVERIFY(ftp < page.proxy()->rowCount());
    table->setCurrentIndex(page.proxy()->index(ftp, 0));
    const QString key = page.proxy()->index(ftp, Model::Key).data().toString();
    QCOMPARE(editor->baselineKey(), key);
    QVERIFY(editor->newTagEdit()->isEnabled());
    page.proxy()->setFilterFixedString(QString());
    QCOMPARE(editor->baselineKey(), key);

    // The detail in the catalog's words: the defining parameters as the
    // condition names them, the figures by their labels, no raw key.
    const QString detail = page.findChild<QPlainTextEdit *>(u"baselineDetail"_s)->toPlainText();
    QVERIFY2(detail.contains(u"file size 12 MiB"_s), qPrintable(detail));
    // No JSON key: not a parameter's (a value of the vocabulary such as
    // client_to_server may have one), a figure's or the hardware
    // description's (ram_bytes reads "ram: 256 MiB").
    static const QRegularExpression rawKey(u"(^|\\n|: | · ) *(- )?[a-z]+_[a-z_]+[ :]"_s);
    QVERIFY2(!rawKey.match(detail).hasMatch(), qPrintable(rawKey.match(detail).captured() + u"\n"_s + detail));
    QVERIFY2(!detail.contains(u"_bytes"_s) && !detail.contains(u"_bps"_s), qPrintable(detail));
    QVERIFY2(!detail.contains(u'{') && !detail.contains(u'"'), qPrintable(detail));
    QVERIFY2(detail.contains(u"ram: 256 MiB\n"_s), qPrintable(detail));

    // A tag typed in the editor (Enter) is stored and shown in the Tags column.
    QTest::keyClicks(editor->newTagEdit(), u" 1997 Lab "_s);
    QTest::keyClick(editor->newTagEdit(), Qt::Key_Return);
    QTRY_COMPARE_WITH_TIMEOUT(editor->tags(), QStringList{u"1997 Lab"_s}, 10000);
    QCOMPARE(editor->tagList()->count(), 1);
    QVERIFY(editor->newTagEdit()->text().isEmpty());
    auto reader = wb::ResultStore::open(db);
    QVERIFY(reader.ok());
    QCOMPARE((*reader)->baselines().baseline(key)->tags, QStringList{u"1997 Lab"_s});
    const auto tagsCell = [&] {
        const int row = page.model()->rowOf(key);
        return page.model()->index(row, Model::Tags).data().toString();
    };
    QCOMPARE(tagsCell(), u"1997 Lab"_s);
    QCOMPARE(page.model()->headerData(Model::Tags, Qt::Horizontal).toString(), u"Tags"_s);
    // A bad tag: the store's message shows, nothing stored.
    QTest::keyClicks(editor->newTagEdit(), QString(70, u'x'));
    editor->findChild<QPushButton *>(u"addTagButton"_s)->click();
    QTRY_VERIFY_WITH_TIMEOUT(editor->errorLabel()->text().contains(u"at most 64"_s), 10000);
    QCOMPARE((*reader)->baselines().baseline(key)->tags, QStringList{u"1997 Lab"_s});

    // A note typed and saved is stored, and stays when another baseline was
    // shown in between.
    editor->notesEdit()->setFocus();
    QTest::keyClicks(editor->notesEdit(), u"half duplex hub"_s);
    editor->findChild<QPushButton *>(u"saveNoteButton"_s)->click();
    QTRY_COMPARE_WITH_TIMEOUT((*reader)->baselines().baseline(key)->notes, u"half duplex hub"_s, 10000);
    // The page hears of it when the write's answer reaches the GUI thread,
    // a moment after the database has it.
    QTRY_COMPARE_WITH_TIMEOUT(page.model()->baselineAt(page.model()->rowOf(key))->notes, u"half duplex hub"_s, 10000);
    const int row = page.proxy()->mapFromSource(page.model()->index(page.model()->rowOf(key), 0)).row();
    table->setCurrentIndex(page.proxy()->index(row == 0 ? 1 : 0, 0));
    QVERIFY(editor->baselineKey() != key);
    QVERIFY(editor->notes().isEmpty());
    QVERIFY(editor->tags().isEmpty());
    table->setCurrentIndex(page.proxy()->index(row, 0));
    QCOMPARE(editor->baselineKey(), key);
    QCOMPARE(editor->notes(), u"half duplex hub"_s);
    QCOMPARE(editor->tags(), QStringList{u"1997 Lab"_s});

    // A second baseline tagged otherwise; the tag filter (any case) keeps
    // the first only, and together with the text filter.
    const QString other = page.proxy()->index(row == 0 ? 1 : 0, Model::Key).data().toString();
    QVERIFY((*reader)->annotations().addBaselineTags(other, {u"other"_s}).ok());
    page.reload();
    QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 2, 10000);
    QCOMPARE(editor->baselineKey(), key); // still selected after the reload
    auto *tagFilter = page.findChild<QLineEdit *>(u"baselineTagFilter"_s);
    QVERIFY(tagFilter);
    tagFilter->setText(u"1997 LAB"_s);
    QCOMPARE(page.proxy()->rowCount(), 1);
    QCOMPARE(page.proxy()->index(0, Model::Key).data().toString(), key);
    QVERIFY2(page.statusText().startsWith(u"1 of %1 baseline"_s.arg(shipped)), qPrintable(page.statusText()));
    tagFilter->setText(u"Other"_s);
    QCOMPARE(page.proxy()->rowCount(), 1);
    QCOMPARE(page.proxy()->index(0, Model::Key).data().toString(), other);
    tagFilter->setText(u"no such tag"_s);
    QCOMPARE(page.proxy()->rowCount(), 0);
    tagFilter->clear();
    QCOMPARE(page.proxy()->rowCount(), shipped);

    // Removing the tag through the editor empties the column.
    table->setCurrentIndex(page.proxy()->mapFromSource(page.model()->index(page.model()->rowOf(key), 0)));
    editor->tagList()->item(0)->setSelected(true);
    editor->findChild<QPushButton *>(u"removeTagButton"_s)->click();
    QTRY_VERIFY_WITH_TIMEOUT(editor->tags().isEmpty(), 10000);
    QVERIFY((*reader)->baselines().baseline(key)->tags.isEmpty());
    QVERIFY(tagsCell().isEmpty());
}

QTEST_MAIN(TstBaselinesPage)
#include "tst_baselinespage.moc"
