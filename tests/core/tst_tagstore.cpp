// SPDX-License-Identifier: GPL-3.0-or-later
// Tags and notes on runs and baselines, and run notices, on a real database
// (an SQLite file; the PostgreSQL fixture server as tst_tagstore_pg): tags
// are normalised (trimmed, case kept, one per case-folded form, no empty,
// bounded length, errors naming the tag), listings carry them, the tag
// filter finds runs in any case, and they and the run notices (with their
// seen state, on the runs' new ids) survive an archive round trip both ways
// with nothing doubled; an archive of the version before notices imports.

#include "store/annotationstore.h"
#include "store/baselinestore.h"
#include "store/noticestore.h"
#include "store/resultstore.h"
#include "store/runstore.h"
#include "store/storearchive.h"
#include "store/tagname.h"
#include "storetestdb.h"

#include <QFile>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

class TstTagStore : public QObject
{
    Q_OBJECT
private slots:
    void init();
    void cleanup();
    void normalises_data();
    void normalises();
    void runTagsAndFilter();
    void removeNeedsTheTag();
    void newRunKeepsTags();
    void baselineTagsAndNotes();
    void noticesSeenOnce();
    void archiveRoundTrip();
    void archiveCarriesNotices();
    void archiveWithoutNoticesImports();

private:
    qint64 addRun(const QString &uuid);

    QTemporaryDir *m_dir = nullptr;
    std::unique_ptr<wb::ResultStore> m_store;
};

void TstTagStore::init()
{
    m_dir = new QTemporaryDir;
    auto s = wb::ResultStore::open(wbtest::databaseLocation(*m_dir, u"tags.sqlite"_s));
    QVERIFY2(s.ok(), qPrintable(s.message()));
    m_store = std::move(*s);
}

void TstTagStore::cleanup()
{
    m_store.reset();
    delete m_dir;
}

qint64 TstTagStore::addRun(const QString &uuid)
{
    wb::StoredRun r;
    r.uuid = uuid;
    r.plan = u"nightly"_s;
    r.testCase = u"tcp_rr alpha-beta"_s;
    r.record.kind = u"tcp_rr"_s;
    r.record.addMetric(u"transactions_per_s"_s, QString(), 35000);
    auto id = m_store->runs().saveRun(r);
    if (!id)
        qFatal("saving a run: %s", qPrintable(id.message()));
    return *id;
}

void TstTagStore::normalises_data()
{
    QTest::addColumn<QString>("input");
    QTest::addColumn<QString>("stored");   // empty: refused
    QTest::addColumn<QString>("errorHas"); // part of the message when refused
    QTest::newRow("trimmed") << u"  after firmware 4.2 \t"_s << u"after firmware 4.2"_s << QString();
    QTest::newRow("case kept") << u"Cable Re-crimped"_s << u"Cable Re-crimped"_s << QString();
    QTest::newRow("unicode") << u"Kabel ersetzt – ÄÖÜ"_s << u"Kabel ersetzt – ÄÖÜ"_s << QString();
    QTest::newRow("at the limit") << QString(wb::TagName::kMaxLength, u'x') << QString(wb::TagName::kMaxLength, u'x')
                                  << QString();
    QTest::newRow("empty") << QString() << QString() << u"may not be empty"_s;
    QTest::newRow("blank") << u"   "_s << QString() << u"may not be empty"_s;
    QTest::newRow("too long") << QString(wb::TagName::kMaxLength + 1, u'y') << QString()
                              << u"'yyyyy"_s;
    QTest::newRow("control") << u"a\u0001b"_s << QString() << u"'a?b' holds a control character"_s;
}

void TstTagStore::normalises()
{
    QFETCH(QString, input);
    QFETCH(QString, stored);
    QFETCH(QString, errorHas);
    auto t = wb::TagName::normalise(input);
    if (stored.isEmpty()) {
        QVERIFY(!t.ok());
        QCOMPARE(t.error().kind, wb::StoreError::Kind::Invalid);
        QVERIFY2(t.message().contains(errorHas), qPrintable(t.message()));
    } else {
        QVERIFY2(t.ok(), qPrintable(t.message()));
        QCOMPARE(*t, stored);
    }
}

void TstTagStore::runTagsAndFilter()
{
    const qint64 a = addRun(u"run-a"_s);
    const qint64 b = addRun(u"run-b"_s);
    auto tags = m_store->annotations().addRunTags(a, {u" FW 4.2 "_s, u"cable re-crimped"_s, u"fw 4.2"_s});
    QVERIFY2(tags.ok(), qPrintable(tags.message()));
    QCOMPARE(*tags, (QStringList{u"cable re-crimped"_s, u"FW 4.2"_s}));
    // The same tag in another case is the one the run has.
    tags = m_store->annotations().addRunTags(a, {u"Fw 4.2"_s});
    QCOMPARE(*tags, (QStringList{u"cable re-crimped"_s, u"FW 4.2"_s}));
    QVERIFY(m_store->annotations().addRunTags(b, {u"fw 4.2"_s}).ok());

    wb::RunFilter f;
    f.tag = u"fw 4.2"_s;
    auto both = m_store->runs().listRuns(f);
    QVERIFY2(both.ok(), qPrintable(both.message()));
    QCOMPARE(both->size(), 2);
    f.tag = u"CABLE RE-CRIMPED"_s;
    f.withDetails = false; // the fast listing carries tags too
    auto one = m_store->runs().listRuns(f);
    QCOMPARE(one->size(), 1);
    QCOMPARE(one->first().uuid, u"run-a"_s);
    QCOMPARE(one->first().tags, (QStringList{u"cable re-crimped"_s, u"FW 4.2"_s}));
    QCOMPARE(m_store->runs().countRuns(f).value(), 1);
    f.tag = u"nothing like it"_s;
    QCOMPARE(m_store->runs().listRuns(f)->size(), 0);

    QVERIFY(m_store->runs().setRunNotes(a, u"re-crimped C2 on both ends"_s).ok());
    auto read = m_store->runs().run(a);
    QCOMPARE(read->notes, u"re-crimped C2 on both ends"_s);
    QCOMPARE(read->tags.size(), 2);
    auto all = m_store->annotations().allTags();
    QVERIFY2(all.ok(), qPrintable(all.message()));
    QCOMPARE(all->size(), 2);

    // A bad tag changes nothing and names the tag.
    auto bad = m_store->annotations().addRunTags(b, {u"ok"_s, QString(70, u'z')});
    QVERIFY(!bad.ok());
    QVERIFY2(bad.message().contains(u"zzzz"_s) && bad.message().contains(u"at most 64"_s), qPrintable(bad.message()));
    QCOMPARE(m_store->annotations().runTags(b).value(), QStringList{u"fw 4.2"_s});
    QCOMPARE(m_store->annotations().addRunTags(9999, {u"x"_s}).error().kind, wb::StoreError::Kind::NotFound);

    // Deleting the run takes its tags along.
    QCOMPARE(m_store->runs().deleteRuns({a}).value(), 1);
    f.tag = u"cable re-crimped"_s;
    QCOMPARE(m_store->runs().listRuns(f)->size(), 0);
    QCOMPARE(m_store->annotations().allTags()->size(), 1);
}

void TstTagStore::removeNeedsTheTag()
{
    const qint64 a = addRun(u"run-a"_s);
    QVERIFY(m_store->annotations().addRunTags(a, {u"one"_s, u"two"_s}).ok());
    auto missing = m_store->annotations().removeRunTags(a, {u"ONE"_s, u"three"_s});
    QVERIFY(!missing.ok());
    QVERIFY2(missing.message().contains(u"run %1 has no tag 'three'"_s.arg(a)), qPrintable(missing.message()));
    // Nothing was removed, not even the one it had.
    QCOMPARE(m_store->annotations().runTags(a).value(), (QStringList{u"one"_s, u"two"_s}));
    auto left = m_store->annotations().removeRunTags(a, {u"ONE"_s});
    QVERIFY2(left.ok(), qPrintable(left.message()));
    QCOMPARE(*left, QStringList{u"two"_s});
}

void TstTagStore::newRunKeepsTags()
{
    wb::StoredRun r;
    r.uuid = u"tagged"_s;
    r.record.kind = u"tcp_rr"_s;
    r.tags = {u"nightly"_s, u" Nightly"_s, u"lab 2"_s};
    r.notes = u"first of the series"_s;
    auto id = m_store->runs().saveRun(r);
    QVERIFY2(id.ok(), qPrintable(id.message()));
    auto back = m_store->runs().run(*id);
    QCOMPARE(back->tags, (QStringList{u"lab 2"_s, u"nightly"_s}));
    QCOMPARE(back->notes, u"first of the series"_s);
    r.uuid = u"bad"_s;
    r.tags = {u""_s};
    QVERIFY(!m_store->runs().saveRun(r).ok());
    QVERIFY(!m_store->runs().runByUuid(u"bad"_s).ok());
}

void TstTagStore::baselineTagsAndNotes()
{
    wb::Baseline b;
    b.key = u"seed-000/fs108-1472"_s;
    b.record.kind = u"udp_stream"_s;
    b.record.addMetric(u"throughput_bps"_s, u"server"_s, 9.5e7);
    QVERIFY(m_store->baselines().importBaselines({b}).ok());
    auto tags = m_store->annotations().addBaselineTags(b.key, {u"Catalyst era"_s});
    QVERIFY2(tags.ok(), qPrintable(tags.message()));
    QVERIFY(m_store->annotations().setBaselineNotes(b.key, u"measured on half duplex"_s).ok());
    // Importing the shipped set again (a changed figure) keeps what the user said.
    b.record.metrics.clear();
    b.record.addMetric(u"throughput_bps"_s, u"server"_s, 9.6e7);
    QCOMPARE(m_store->baselines().importBaselines({b})->updated, 1);
    auto back = m_store->baselines().baseline(b.key);
    QCOMPARE(back->tags, QStringList{u"Catalyst era"_s});
    QCOMPARE(back->notes, u"measured on half duplex"_s);
    QVERIFY(m_store->annotations().removeBaselineTags(b.key, {u"catalyst ERA"_s}).ok());
    QVERIFY(m_store->baselines().baseline(b.key)->tags.isEmpty());
    auto none = m_store->annotations().addBaselineTags(u"no-such"_s, {u"x"_s});
    QCOMPARE(none.error().kind, wb::StoreError::Kind::NotFound);
    QVERIFY(none.message().contains(u"'no-such'"_s));
    QCOMPARE(m_store->annotations().setBaselineNotes(u"no-such"_s, u"x"_s).error().kind,
             wb::StoreError::Kind::NotFound);
}

void TstTagStore::noticesSeenOnce()
{
    const qint64 a = addRun(u"run-a"_s);
    auto n1 = m_store->notices().addNotice(a, wb::RunNoticeKind::FailedTest, u"tcp_rr alpha-beta failed: refused"_s);
    QVERIFY2(n1.ok(), qPrintable(n1.message()));
    auto n2 = m_store->notices().recordRegression(a, u"tcp_rr -8 % against its history"_s);
    QVERIFY(n2.ok());
    QVERIFY(!m_store->notices().addNotice(a, wb::RunNoticeKind::Regression, u"  "_s).ok());
    QCOMPARE(m_store->notices().addNotice(4242, wb::RunNoticeKind::Regression, u"x"_s).error().kind,
             wb::StoreError::Kind::NotFound);
    auto unseen = m_store->notices().unseenNotices();
    QVERIFY2(unseen.ok(), qPrintable(unseen.message()));
    QCOMPARE(unseen->size(), 2);
    QCOMPARE(unseen->first().kind, wb::RunNoticeKind::FailedTest);
    QCOMPARE(unseen->first().plan, u"nightly"_s);
    QCOMPARE(unseen->at(1).kind, wb::RunNoticeKind::Regression);
    QVERIFY(m_store->notices().markSeen({*n1}).ok());
    QCOMPARE(m_store->notices().unseenNotices()->size(), 1);
    QCOMPARE(m_store->notices().unseenNotices()->first().id, *n2);
    auto ofRun = m_store->notices().notices(a);
    QCOMPARE(ofRun->size(), 2);
    QVERIFY(ofRun->first().seen);
    QVERIFY(!ofRun->at(1).seen);
}

void TstTagStore::archiveRoundTrip()
{
    const qint64 a = addRun(u"run-a"_s);
    QVERIFY(m_store->annotations().addRunTags(a, {u"after firmware 4.2"_s, u"Cable C2"_s}).ok());
    QVERIFY(m_store->runs().setRunNotes(a, u"C2 re-crimped"_s).ok());
    wb::Baseline b;
    b.key = u"seed-000/fs108-1472"_s;
    b.record.kind = u"udp_stream"_s;
    b.record.addMetric(u"throughput_bps"_s, u"server"_s, 9.5e7);
    QVERIFY(m_store->baselines().importBaselines({b}).ok());
    QVERIFY(m_store->annotations().addBaselineTags(b.key, {u"1997"_s}).ok());
    QVERIFY(m_store->annotations().setBaselineNotes(b.key, u"half duplex"_s).ok());
    auto archive = m_store->archive().exportArchive();
    QVERIFY2(archive.ok(), qPrintable(archive.message()));

    // Into a fresh database (always an SQLite file: the other direction
    // from the _pg run).
    QTemporaryDir dir;
    auto other = wb::ResultStore::open(dir.filePath(u"copy.sqlite"_s));
    QVERIFY2(other.ok(), qPrintable(other.message()));
    auto sum = (*other)->archive().importArchive(*archive, u"archive.json"_s);
    QVERIFY2(sum.ok(), qPrintable(sum.message()));
    QCOMPARE(sum->runsAdded, 1);
    auto run = (*other)->runs().runByUuid(u"run-a"_s);
    QCOMPARE(run->tags, (QStringList{u"after firmware 4.2"_s, u"Cable C2"_s}));
    QCOMPARE(run->notes, u"C2 re-crimped"_s);
    auto base = (*other)->baselines().baseline(b.key);
    QCOMPARE(base->tags, QStringList{u"1997"_s});
    QCOMPARE(base->notes, u"half duplex"_s);

    // Back again, after a tag was added there: the run is not doubled, it
    // gains the tag, and notes written here stay.
    QVERIFY((*other)->annotations().addRunTags(run->id, {u"checked"_s}).ok());
    QVERIFY((*other)->runs().setRunNotes(run->id, u"other words"_s).ok());
    auto back = (*other)->archive().exportArchive();
    QVERIFY(back.ok());
    auto sum2 = m_store->archive().importArchive(*back, u"back.json"_s);
    QVERIFY2(sum2.ok(), qPrintable(sum2.message()));
    QCOMPARE(sum2->runsAdded, 0);
    QCOMPARE(sum2->runsSkipped, 1);
    auto here = m_store->runs().run(a);
    QCOMPARE(here->tags, (QStringList{u"after firmware 4.2"_s, u"Cable C2"_s, u"checked"_s}));
    QCOMPARE(here->notes, u"C2 re-crimped"_s);

    // A bad tag in an archive is refused with where it is; nothing is written.
    QJsonObject broken = *archive;
    QJsonArray runs = broken.value(u"runs"_s).toArray();
    QJsonObject r0 = runs.at(0).toObject();
    r0.insert(u"uuid"_s, u"run-new"_s);
    r0.insert(u"tags"_s, QJsonArray{u"fine"_s, u"   "_s});
    runs.replace(0, r0);
    broken.insert(u"runs"_s, runs);
    auto refused = (*other)->archive().importArchive(broken, u"broken.json"_s);
    QVERIFY(!refused.ok());
    QVERIFY2(refused.message().contains(u"broken.json: runs[0].tags: a tag may not be empty"_s),
             qPrintable(refused.message()));
    QVERIFY(!(*other)->runs().runByUuid(u"run-new"_s).ok());
}

void TstTagStore::archiveCarriesNotices()
{
    addRun(u"run-a"_s);
    const qint64 b = addRun(u"run-b"_s);
    auto failed = m_store->notices().addNotice(b, wb::RunNoticeKind::FailedTest, u"tcp_rr alpha-beta failed"_s);
    auto worse = m_store->notices().recordRegression(b, u"tcp_rr -8 % against its history"_s);
    QVERIFY(failed.ok() && worse.ok());
    QVERIFY(m_store->notices().markSeen({*failed}).ok());
    const auto original = *m_store->notices().notices(b);
    auto archive = m_store->archive().exportArchive();
    QVERIFY2(archive.ok(), qPrintable(archive.message()));
    QCOMPARE(archive->value(u"notices"_s).toArray().size(), 2);

    // The other database has runs of its own first, so run-b gets another id.
    QTemporaryDir dir;
    auto other = wb::ResultStore::open(dir.filePath(u"copy.sqlite"_s));
    QVERIFY2(other.ok(), qPrintable(other.message()));
    wb::StoredRun own;
    own.record.kind = u"udp_stream"_s;
    for (int i = 0; i < 3; ++i)
        QVERIFY((*other)->runs().saveRun(own).ok());
    auto sum = (*other)->archive().importArchive(*archive, u"archive.json"_s);
    QVERIFY2(sum.ok(), qPrintable(sum.message()));
    QCOMPARE(sum->noticesAdded, 2);
    const qint64 there = (*other)->runs().runByUuid(u"run-b"_s)->id;
    QVERIFY(there != b);
    auto copied = (*other)->notices().notices(there);
    QVERIFY2(copied.ok(), qPrintable(copied.message()));
    QCOMPARE(copied->size(), 2);
    for (qsizetype i = 0; i < 2; ++i) {
        QCOMPARE(copied->at(i).kind, original.at(i).kind);
        QCOMPARE(copied->at(i).text, original.at(i).text);
        QCOMPARE(copied->at(i).created, original.at(i).created);
        QCOMPARE(copied->at(i).seen, original.at(i).seen);
        QCOMPARE(copied->at(i).runUuid, u"run-b"_s);
    }
    QVERIFY(copied->at(0).seen);
    QVERIFY(!copied->at(1).seen);
    // The unseen one is still to be raised there, once.
    QCOMPARE((*other)->notices().unseenNotices()->size(), 1);

    // Importing again adds nothing; a notice seen elsewhere becomes seen.
    QVERIFY((*other)->notices().markSeen({copied->at(1).id}).ok());
    auto back = (*other)->archive().exportArchive();
    QVERIFY(back.ok());
    auto sum2 = m_store->archive().importArchive(*back, u"back.json"_s);
    QVERIFY2(sum2.ok(), qPrintable(sum2.message()));
    QCOMPARE(sum2->noticesAdded, 0);
    auto here = m_store->notices().notices(b);
    QCOMPARE(here->size(), 2);
    QVERIFY(here->at(0).seen && here->at(1).seen);
    QVERIFY(m_store->notices().unseenNotices()->isEmpty());
    QCOMPARE((*other)->archive().importArchive(*archive, u"archive.json"_s)->noticesAdded, 0);
    QCOMPARE((*other)->notices().notices(there)->size(), 2);
    QVERIFY((*other)->notices().unseenNotices()->isEmpty());

    // A notice that is hostile or names no run of the archive is refused with
    // where it is; nothing is written.
    const QJsonObject good{{u"run"_s, u"run-b"_s}, {u"kind"_s, u"regression"_s}, {u"text"_s, u"x"_s},
                           {u"created_at"_s, u"2026-11-03T10:00:00.000Z"_s}, {u"seen"_s, false}};
    const auto with = [&](const QString &field, const QJsonValue &value) {
        QJsonObject o = good;
        o.insert(field, value);
        return o;
    };
    // The notice each bad one differs from by one field is itself fine.
    QJsonObject valid = *archive;
    valid.insert(u"notices"_s, QJsonArray{good});
    QCOMPARE(m_store->archive().importArchive(valid, u"good.json"_s)->noticesAdded, 1);
    const QList<std::pair<QJsonValue, QString>> bad{
        {QJsonValue(u"text"_s), u"notices[0] must be an object"_s},
        {with(u"run"_s, u"run-x"_s), u"notices[0].run must be the uuid of one of the archive's runs"_s},
        {with(u"kind"_s, u"bad"_s), u"notices[0].kind must be failed_test or regression"_s},
        {with(u"text"_s, u"  "_s), u"notices[0].text must be a text that is not empty"_s},
        {with(u"created_at"_s, u"yesterday"_s), u"notices[0].created_at must be an ISO 8601 time"_s},
        {with(u"seen"_s, 2), u"notices[0].seen must be true or false"_s}};
    QTemporaryDir refusedDir;
    auto fresh = wb::ResultStore::open(refusedDir.filePath(u"fresh.sqlite"_s));
    QVERIFY(fresh.ok());
    for (const auto &[notice, message] : bad) {
        QJsonObject broken = *archive;
        broken.insert(u"notices"_s, QJsonArray{notice});
        auto refused = (*fresh)->archive().importArchive(broken, u"broken.json"_s);
        QVERIFY(!refused.ok());
        QVERIFY2(refused.message().contains(u"broken.json: "_s + message), qPrintable(refused.message()));
        QCOMPARE((*fresh)->info()->runs, 0);
    }
    QJsonObject notList = *archive;
    notList.insert(u"notices"_s, QJsonObject());
    QVERIFY((*fresh)->archive().importArchive(notList, u"broken.json"_s)
                .message()
                .contains(u"notices must be a list"_s));
}

// tests/data/store/archive-v1-no-notices.json was written by `db export` of
// the version before archives carried notices (one run with tags and a
// note, one baseline with a tag and a note kept of its 64).
void TstTagStore::archiveWithoutNoticesImports()
{
    QFile f(QStringLiteral(WB_TEST_DATA_DIR "/store/archive-v1-no-notices.json"));
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QJsonObject archive = QJsonDocument::fromJson(f.readAll()).object();
    QVERIFY(!archive.contains(u"notices"_s));
    QCOMPARE(archive.value(u"version"_s).toInt(), 1);
    auto sum = m_store->archive().importArchive(archive, f.fileName());
    QVERIFY2(sum.ok(), qPrintable(sum.message()));
    QCOMPARE(sum->runsAdded, 1);
    QCOMPARE(sum->noticesAdded, 0);
    auto run = m_store->runs().runByUuid(u"6ba4155b-f13a-5dcb-b4c7-649ebd54dca2"_s);
    QVERIFY2(run.ok(), qPrintable(run.message()));
    QCOMPARE(run->tags, (QStringList{u"before notices"_s, u"Cable C2"_s}));
    QCOMPARE(run->notes, u"written by the previous version"_s);
    QVERIFY(m_store->notices().notices(run->id)->isEmpty());
    auto base = m_store->baselines().baseline(u"brown1999/tcp_rr/cat5000/eepro-eepro"_s);
    QVERIFY2(base.ok(), qPrintable(base.message()));
    QCOMPARE(base->tags, QStringList{u"1999 lab"_s});
    QCOMPARE(base->notes, u"half duplex hub"_s);
}

QTEST_GUILESS_MAIN(TstTagStore)
#include "tst_tagstore.moc"
