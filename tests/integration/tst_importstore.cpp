// SPDX-License-Identifier: GPL-3.0-or-later
// Importing into a real database through the real CLI: every database gets
// the shipped baselines (and the missing ones back after an upgrade), an
// imported file lands whole or not at all, importing it again adds nothing,
// and --as-baseline stores baselines with the citation.

#include "exchange/baselineset.h"
#include "store/baselinestore.h"
#include "store/resultstore.h"
#include "store/runfilter.h"
#include "store/runstore.h"

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {
const QString kCli = QStringLiteral(WB_BIN_DIR "/wirebench-cli");
const QString kGood = QStringLiteral(WB_TEST_DATA_DIR "/import/netperf/concatenated_sessions.txt");
const QString kBad = QStringLiteral(WB_TEST_DATA_DIR "/import/netperf/bad_failed_test.txt");

int cli(const QStringList &args, QString *out = nullptr)
{
    QProcess p;
    p.start(kCli, args);
    p.waitForFinished(60000);
    if (out)
        *out = QString::fromUtf8(p.readAllStandardOutput() + p.readAllStandardError());
    return p.exitCode();
}

std::unique_ptr<wb::ResultStore> open(const QString &db)
{
    auto s = wb::ResultStore::open(db);
    return s ? std::move(*s) : nullptr;
}
} // namespace

class TstImportStore : public QObject
{
    Q_OBJECT
private slots:
    void newDatabaseHasTheShippedBaselines();
    void importStoresWholeFilesOnce();
    void importAsBaseline();
};

void TstImportStore::newDatabaseHasTheShippedBaselines()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(u"b.sqlite"_s);
    QString out;
    QCOMPARE(cli({u"--db"_s, db, u"import"_s, kGood}, &out), 0); // creates the database
    const auto set = wb::BaselineSet::loadBuiltin();
    QVERIFY(set.isValid());
    QVERIFY(set.baselines().size() >= 60);
    {
        auto store = open(db);
        QVERIFY(store);
        auto stored = store->baselines().baselines();
        QVERIFY(stored);
        QCOMPARE(stored->size(), set.baselines().size());
        // A spot value: the FS108 UDP_STREAM 1472-byte receive rate of 1999.
        auto b = store->baselines().baseline(u"brown1999/udp_stream/fs108/adam-eve/1472B"_s);
        QVERIFY(b);
        QCOMPARE(b->record.metric(u"throughput_bps"_s, u"server"_s).value_or(0), 95.07e6);
        QVERIFY(b->citation.author.startsWith(u"Robert G. Brown"_s));
        QVERIFY(!b->hardwareText.isEmpty());
        // An older set: one baseline is missing...
        QVERIFY(store->baselines().deleteBaseline(u"brown1999/udp_stream/fs108/adam-eve/1472B"_s));
    }
    // ...and comes back the next time a program opens the database.
    QCOMPARE(cli({u"--db"_s, db, u"db"_s, u"info"_s}, &out), 0);
    QVERIFY2(out.contains(u"baselines:"_s), qPrintable(out));
    auto store = open(db);
    QVERIFY(store->baselines().baseline(u"brown1999/udp_stream/fs108/adam-eve/1472B"_s));
    QCOMPARE(store->baselines().baselines()->size(), set.baselines().size());
}

void TstImportStore::importStoresWholeFilesOnce()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(u"i.sqlite"_s);
    QString out;
    QCOMPARE(cli({u"--db"_s, db, u"import"_s, kGood}, &out), 0);
    QVERIFY2(out.contains(u"stored 3 run(s)"_s), qPrintable(out));
    QCOMPARE(cli({u"--db"_s, db, u"import"_s, kGood}, &out), 0);
    QVERIFY2(out.contains(u"stored 0 run(s), 3 already in the database"_s), qPrintable(out));
    // A damaged file names file and line, stores nothing, and keeps what was there.
    QCOMPARE(cli({u"--db"_s, db, u"import"_s, kBad}, &out), 1);
    QVERIFY2(out.contains(u"bad_failed_test.txt:3:"_s) && out.contains(u"nothing imported"_s), qPrintable(out));
    auto store = open(db);
    wb::RunFilter f;
    f.withMetrics = true;
    auto runs = store->runs().listRuns(f);
    QVERIFY(runs);
    QCOMPARE(runs->size(), 3);
    for (const auto &r : *runs) {
        QCOMPARE(r.plan, u"imported"_s);
        QCOMPARE(r.testCase, u"concatenated_sessions.txt"_s);
        QCOMPARE(r.record.tool, u"netperf"_s);
        QVERIFY(!r.record.metrics.isEmpty());
    }
}

void TstImportStore::importAsBaseline()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(u"a.sqlite"_s);
    QString out;
    QCOMPARE(cli({u"--db"_s, db, u"import"_s, kGood, u"--as-baseline"_s}, &out), 2); // needs a citation
    QCOMPARE(cli({u"--db"_s, db, u"import"_s, kGood, u"--as-baseline"_s, u"--citation"_s, u"Rack 3, 2026-11"_s}, &out), 0);
    QVERIFY2(out.contains(u"stored 3 baseline(s)"_s), qPrintable(out));
    QCOMPARE(cli({u"--db"_s, db, u"import"_s, kGood, u"--as-baseline"_s, u"--citation"_s, u"Rack 3, 2026-11"_s}, &out), 0);
    QVERIFY2(out.contains(u"stored 0 baseline(s)"_s), qPrintable(out));
    auto store = open(db);
    int imported = 0;
    const auto all = store->baselines().baselines();
    QVERIFY(all);
    for (const auto &b : *all) {
        if (!b.key.startsWith(u"import/"_s))
            continue;
        ++imported;
        QCOMPARE(b.citation.title, u"Rack 3, 2026-11"_s);
        QCOMPARE(b.citation.sourceFile, u"concatenated_sessions.txt"_s);
    }
    QCOMPARE(imported, 3);
}

QTEST_GUILESS_MAIN(TstImportStore)
#include "tst_importstore.moc"
