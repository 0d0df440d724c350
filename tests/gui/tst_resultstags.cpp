// SPDX-License-Identifier: GPL-3.0-or-later
// The Results page's tags and notes on a real SQLite file (offscreen): the
// Tags column, the tag filter, and the editor beside the run's details —
// add a tag, a bad tag refused with its name shown, remove a tag, edit and
// save the note — each written through the store service and read back
// from the file.

#include "config/settings.h"
#include "resultspage.h"
#include "runannotationeditor.h"
#include "rundetailview.h"
#include "runlistmodel.h"
#include "store/annotationstore.h"
#include "store/resultstore.h"
#include "store/runstore.h"
#include "store/storeservice.h"

#include <QAbstractItemModelTester>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QSignalSpy>
#include <QTest>
#include <QTextCursor>

using namespace Qt::StringLiterals;

class TstResultsTags : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void cleanup();
    void showsAndFiltersTags();
    void editsTagsAndNote();

private:
    // Shows the page on the file and waits for its three runs.
    void open(wb::gui::ResultsPage &page);
    // Selects the table row of run `id` and waits until the editor shows it.
    void select(wb::gui::ResultsPage &page, qint64 id);
    // Reads run `id` from the file with a connection of its own.
    wb::StoredRun reread(qint64 id);

    QTemporaryDir *m_dir = nullptr;
    QString m_db;
    std::unique_ptr<wb::Settings> m_settings;
    QList<qint64> m_ids;
};

void TstResultsTags::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(u"WirebenchTest"_s);
}

void TstResultsTags::init()
{
    m_dir = new QTemporaryDir;
    m_db = m_dir->filePath(u"tags.sqlite"_s);
    m_settings = std::make_unique<wb::Settings>();
    m_settings->setViewState(wb::Settings::ViewState::ResultsHeader, {});
    auto store = wb::ResultStore::open(m_db);
    QVERIFY2(store.ok(), qPrintable(store.message()));
    m_ids.clear();
    for (int i = 0; i < 3; ++i) {
        wb::StoredRun r;
        r.plan = u"nightly"_s;
        r.testCase = u"case %1"_s.arg(i);
        r.startedAt = QDateTime::currentDateTimeUtc().addSecs(-60 * (3 - i));
        r.record.kind = u"tcp_rr"_s;
        r.record.addMetric(u"transactions_per_s"_s, QString(), 30000 + i);
        auto id = (*store)->runs().saveRun(r);
        QVERIFY2(id.ok(), qPrintable(id.message()));
        m_ids.append(*id);
    }
    QVERIFY((*store)->annotations().addRunTags(m_ids[0], {u"after firmware 4.2"_s, u"Cable C2"_s}).ok());
    QVERIFY((*store)->annotations().addRunTags(m_ids[2], {u"cable c2"_s}).ok());
    QVERIFY((*store)->runs().setRunNotes(m_ids[0], u"C2 re-crimped"_s).ok());
}

void TstResultsTags::cleanup()
{
    m_settings.reset();
    delete m_dir;
}

wb::StoredRun TstResultsTags::reread(qint64 id)
{
    auto store = wb::ResultStore::open(m_db);
    if (!store)
        return {};
    auto run = (*store)->runs().run(id, false);
    return run ? *run : wb::StoredRun{};
}

void TstResultsTags::open(wb::gui::ResultsPage &page)
{
    page.resize(1200, 800);
    page.show();
    auto store = std::make_shared<wb::StoreService>(m_db);
    store->start();
    page.setStore(store);
    QTRY_COMPARE_WITH_TIMEOUT(page.model()->rowCount(), 3, 10000);
}

void TstResultsTags::select(wb::gui::ResultsPage &page, qint64 id)
{
    for (int r = 0; r < page.model()->rowCount(); ++r) {
        if (page.model()->row(r).id == id) {
            page.table()->selectRow(r);
            break;
        }
    }
    QTRY_COMPARE_WITH_TIMEOUT(page.annotations()->runId(), id, 10000);
}

void TstResultsTags::showsAndFiltersTags()
{
    wb::gui::ResultsPage page(*m_settings);
    QAbstractItemModelTester tester(page.model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    open(page);
    QString tagged;
    for (int r = 0; r < 3; ++r)
        if (page.model()->row(r).id == m_ids[0])
            tagged = page.model()->index(r, wb::gui::RunListModel::Tags).data().toString();
    QCOMPARE(tagged, u"after firmware 4.2, Cable C2"_s);
    QCOMPARE(page.model()->headerData(wb::gui::RunListModel::Tags, Qt::Horizontal).toString(), u"Tags"_s);

    // The tag filter, in another case than stored, as a user types it.
    QTest::keyClicks(page.findChild<QLineEdit *>(u"tagFilter"_s), u"CABLE C2"_s);
    QTRY_VERIFY_WITH_TIMEOUT(page.model()->filter().tag == u"CABLE C2"_s && !page.model()->isLoading(), 10000);
    QTRY_COMPARE_WITH_TIMEOUT(page.model()->totalCount(), qint64(2), 10000);
    for (int r = 0; r < page.model()->rowCount(); ++r)
        QVERIFY(page.model()->row(r).id != m_ids[1]);
    page.findChild<QLineEdit *>(u"tagFilter"_s)->clear();
    QTRY_COMPARE_WITH_TIMEOUT(page.model()->totalCount(), qint64(3), 10000);
}

void TstResultsTags::editsTagsAndNote()
{
    wb::gui::ResultsPage page(*m_settings);
    open(page);
    wb::gui::RunAnnotationEditor *editor = page.annotations();
    QVERIFY(!editor->newTagEdit()->isEnabled()); // nothing selected yet
    select(page, m_ids[0]);
    QCOMPARE(editor->tags(), (QStringList{u"after firmware 4.2"_s, u"Cable C2"_s}));
    QCOMPARE(editor->notesEdit()->toPlainText(), u"C2 re-crimped"_s);
    QCOMPARE(editor->tagList()->count(), 2);

    // Add a tag the way a user does: type it, press Enter.
    QTest::keyClicks(editor->newTagEdit(), u"  lab 2 "_s);
    QTest::keyClick(editor->newTagEdit(), Qt::Key_Return);
    QTRY_COMPARE_WITH_TIMEOUT(editor->tags().size(), 3, 10000);
    QVERIFY(editor->tags().contains(u"lab 2"_s));
    QVERIFY(editor->newTagEdit()->text().isEmpty());
    QCOMPARE(reread(m_ids[0]).tags, (QStringList{u"after firmware 4.2"_s, u"Cable C2"_s, u"lab 2"_s}));
    // The table shows it after its reload.
    QTRY_VERIFY_WITH_TIMEOUT(
        [&] {
            for (int r = 0; r < page.model()->rowCount(); ++r)
                if (page.model()->row(r).id == m_ids[0])
                    return page.model()->row(r).tags.contains(u"lab 2"_s);
            return false;
        }(),
        10000);

    // A tag too long: refused, the message names it, nothing stored.
    const QString tooLong(70, u'w');
    editor->newTagEdit()->setText(tooLong);
    editor->findChild<QPushButton *>(u"addTagButton"_s)->click();
    QTRY_VERIFY_WITH_TIMEOUT(!editor->errorLabel()->text().isEmpty(), 10000);
    QVERIFY2(editor->errorLabel()->text().contains(u"'wwww"_s), qPrintable(editor->errorLabel()->text()));
    QCOMPARE(reread(m_ids[0]).tags.size(), 3);

    // Remove the selected tags.
    select(page, m_ids[0]);
    for (int i = 0; i < editor->tagList()->count(); ++i)
        editor->tagList()->item(i)->setSelected(editor->tagList()->item(i)->text() == u"Cable C2"_s);
    editor->findChild<QPushButton *>(u"removeTagButton"_s)->click();
    QTRY_COMPARE_WITH_TIMEOUT(editor->tags(), (QStringList{u"after firmware 4.2"_s, u"lab 2"_s}), 10000);
    QCOMPARE(reread(m_ids[0]).tags, (QStringList{u"after firmware 4.2"_s, u"lab 2"_s}));

    // Edit and save the note.
    editor->notesEdit()->setPlainText(u"C2 replaced by C7 (5 m)"_s);
    editor->findChild<QPushButton *>(u"saveNoteButton"_s)->click();
    QTRY_COMPARE_WITH_TIMEOUT(reread(m_ids[0]).notes, u"C2 replaced by C7 (5 m)"_s, 10000);
    QVERIFY(editor->errorLabel()->text().isEmpty());

    // The table reloading (another run stored) keeps a note typed and not
    // yet saved, and the tags selected.
    editor->tagList()->item(0)->setSelected(true);
    editor->notesEdit()->moveCursor(QTextCursor::End);
    QTest::keyClicks(editor->notesEdit(), u"; draft"_s);
    QSignalSpy loaded(page.model(), &wb::gui::RunListModel::pageLoaded);
    page.reload();
    QTRY_VERIFY_WITH_TIMEOUT(loaded.count() > 0, 10000);
    select(page, m_ids[0]);
    QCOMPARE(editor->notesEdit()->toPlainText(), u"C2 replaced by C7 (5 m); draft"_s);
    QVERIFY(editor->tagList()->item(0)->isSelected());

    // Another run shows its own (none).
    select(page, m_ids[1]);
    QVERIFY(editor->tags().isEmpty());
    QVERIFY(editor->notesEdit()->toPlainText().isEmpty());
}

QTEST_MAIN(TstResultsTags)
#include "tst_resultstags.moc"
