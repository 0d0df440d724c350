// SPDX-License-Identifier: GPL-3.0-or-later
// The real wirebench-cli binary on real database files: inventory import and
// export, db import/export round trip without duplicates, runs list/show/
// delete (asking unless --yes), db info, and a damaged file named and left
// untouched.

#include "storetestdb.h"

#include <QCryptographicHash>
#include <QFile>
#include <QJsonArray>
#include <QRegularExpression>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {
const QString kCli = QStringLiteral(WB_BIN_DIR "/wirebench-cli");
const QString kLab = QStringLiteral(WB_TEST_DATA_DIR "/store/lab_small.json");

struct Result
{
    int code = -1;
    QString out;
    QString err;
};

Result cli(const QStringList &args, const QByteArray &input = {})
{
    QProcess p;
    p.start(kCli, args);
    if (!p.waitForStarted(5000))
        return {};
    p.write(input);
    p.closeWriteChannel();
    p.waitForFinished(30000);
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, QString::fromUtf8(p.readAllStandardOutput()),
            QString::fromUtf8(p.readAllStandardError())};
}

// `runs list --json`: one JSON line of type "run" per run.
QJsonArray runLines(const QString &out)
{
    QJsonArray runs;
    for (const QString &line : out.split(u'\n', Qt::SkipEmptyParts)) {
        const QJsonObject o = QJsonDocument::fromJson(line.toUtf8()).object();
        if (o.value(u"type"_s).toString() == u"run"_s)
            runs.append(o);
    }
    return runs;
}

QByteArray archiveWithRuns(int n)
{
    QJsonArray runs;
    for (int i = 0; i < n; ++i) {
        QJsonObject record{{u"kind"_s, i % 2 ? u"tcp_rr"_s : u"udp_stream"_s},
                           {u"params"_s, QJsonObject{{u"message_size_bytes"_s, 64 * (i + 1)}}},
                           {u"tool"_s, u"netperf"_s},
                           {u"metrics"_s, QJsonArray{QJsonObject{{u"name"_s, u"throughput_bps"_s},
                                                                 {u"side"_s, u"server"_s},
                                                                 {u"value"_s, 1e6 * (i + 1)}}}},
                           {u"samples"_s, QJsonArray{QJsonObject{{u"t"_s, 0}, {u"name"_s, u"throughput_bps"_s},
                                                                 {u"side"_s, u"server"_s}, {u"value"_s, 1}}}}};
        if (i == 2)
            record.insert(u"extra"_s, QJsonObject{{u"warnings"_s, QJsonArray{u"server zeus (eth0): the NIC counted 5 "
                                                                              "receive drops during the test"_s}}});
        runs.append(QJsonObject{{u"uuid"_s, u"uuid-%1"_s.arg(i)},
                                {u"status"_s, u"finished"_s},
                                {u"plan"_s, u"p"_s},
                                {u"started_at"_s, u"2026-01-0%1T10:00:00.000Z"_s.arg(i + 1)},
                                {u"record"_s, record}});
    }
    return QJsonDocument(QJsonObject{{u"format"_s, u"wirebench-archive"_s}, {u"version"_s, 1},
                                     {u"inventory"_s, QJsonObject{{u"format"_s, u"wirebench-lab"_s}, {u"version"_s, 1}}},
                                     {u"runs"_s, runs}})
        .toJson();
}
} // namespace

class TstStoreCli : public QObject
{
    Q_OBJECT
private slots:
    void inventoryRoundTrip();
    void inventoryPath();
    void runsAndArchive();
    void runsShowListsStreams();
    void badRunIds_data();
    void badRunIds();
    void runParallelChecked();
    void damagedFile();
    void unreachableServer();
    void dbCopyBothWays();
    void tagsAndNotes();
    void noticesThroughDbCopy();
    void runRefusesUnreachableDatabase();
};

void TstStoreCli::inventoryRoundTrip()
{
    QTemporaryDir dir;
    const QString db = wbtest::databaseLocation(dir, u"a.sqlite"_s);
    Result r = cli({u"--db"_s, db, u"inventory"_s, u"import"_s, kLab});
    QCOMPARE(r.code, 0);
    QVERIFY2(r.out.contains(u"9 added"_s), qPrintable(r.out + r.err));
    r = cli({u"--db"_s, db, u"inventory"_s, u"import"_s, kLab});
    QVERIFY2(r.out.contains(u"0 added, 0 updated, 9 unchanged"_s), qPrintable(r.out));
    const QString out = dir.filePath(u"out.json"_s);
    r = cli({u"--db"_s, db, u"inventory"_s, u"export"_s, out});
    QCOMPARE(r.code, 0);
    // The exported file imports into a fresh database as the same lab.
    const QString db2 = wbtest::databaseLocation(dir, u"b.sqlite"_s);
    r = cli({u"--db"_s, db2, u"inventory"_s, u"import"_s, out});
    QVERIFY2(r.out.contains(u"9 added"_s), qPrintable(r.out + r.err));
    r = cli({u"--db"_s, db2, u"--json"_s, u"db"_s, u"info"_s});
    const QJsonObject info = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QCOMPARE(info.value(u"links"_s).toInt(), 2);
    QCOMPARE(info.value(u"switches"_s).toInt(), 1);
    // A broken lab file: the error names file and field; nothing imported.
    QFile bad(dir.filePath(u"bad.json"_s));
    QVERIFY(bad.open(QIODevice::WriteOnly));
    bad.write(R"({"format":"wirebench-lab","version":1,"hosts":[{"name":"x","ssh_port":"22"}]})");
    bad.close();
    r = cli({u"--db"_s, db2, u"inventory"_s, u"import"_s, bad.fileName()});
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains(bad.fileName() + u": hosts[0].ssh_port"_s), qPrintable(r.err));
}

// `inventory path`: the wire between two NICs of the 1997 lab file, and
// from the database after importing it; a warning naming the host, exit 1,
// when there is none.
void TstStoreCli::inventoryPath()
{
    const QString lab = QStringLiteral(WB_SOURCE_DIR "/resources/labs/1997-sai-msu-fast-ethernet.json");
    Result r = cli({u"inventory"_s, u"path"_s, u"Star/eth1"_s, u"Zeus/eth0"_s, u"--lab"_s, lab});
    QCOMPARE(r.code, 0);
    QCOMPARE(r.out.trimmed(), u"Star/eth1 → cable-star · 1 m → hub ports 5/1 → cable-zeus · 1 m → Zeus/eth0"_s);
    QVERIFY2(r.err.isEmpty(), qPrintable(r.err));
    r = cli({u"inventory"_s, u"path"_s, u"Net3"_s, u"Zeus/eth0"_s, u"--lab"_s, lab});
    QCOMPARE(r.code, 1);
    QVERIFY(r.out.isEmpty());
    QVERIFY2(r.err.contains(u"warning: no NIC named for host 'Net3', which has 3 (eth0, 10m-a, 10m-b)"_s),
             qPrintable(r.err));
    r = cli({u"inventory"_s, u"path"_s, u"Star/eth1"_s});
    QCOMPARE(r.code, 2);

    QTemporaryDir dir;
    const QString db = wbtest::databaseLocation(dir, u"p.sqlite"_s);
    QCOMPARE(cli({u"--db"_s, db, u"inventory"_s, u"import"_s, lab}).code, 0);
    r = cli({u"--db"_s, db, u"--json"_s, u"inventory"_s, u"path"_s, u"Mira/eth0"_s, u"Torus/eth0"_s});
    QCOMPARE(r.code, 0);
    const QJsonObject path = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QCOMPARE(path.value(u"status"_s).toString(), u"ok"_s);
    QCOMPARE(path.value(u"switches"_s).toArray(), QJsonArray{u"hub"_s});
    QCOMPARE(path.value(u"cables"_s).toArray(), (QJsonArray{u"cable-mira"_s, u"cable-torus"_s}));
}

void TstStoreCli::runsAndArchive()
{
    QTemporaryDir dir;
    const QString db = wbtest::databaseLocation(dir, u"runs.sqlite"_s);
    const QString archive = dir.filePath(u"in.json"_s);
    QFile f(archive);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(archiveWithRuns(4));
    f.close();
    Result r = cli({u"--db"_s, db, u"db"_s, u"import"_s, archive});
    QVERIFY2(r.code == 0 && r.out.contains(u"Imported 4 runs"_s), qPrintable(r.out + r.err));
    r = cli({u"--db"_s, db, u"db"_s, u"import"_s, archive});
    QVERIFY2(r.out.contains(u"Imported 0 runs (4 already present)"_s), qPrintable(r.out));

    r = cli({u"--db"_s, db, u"runs"_s, u"list"_s, u"--kind"_s, u"udp_stream"_s, u"--json"_s});
    QCOMPARE(r.code, 0);
    QJsonArray list = runLines(r.out);
    QCOMPARE(list.size(), 2);
    QCOMPARE(list.first().toObject().value(u"uuid"_s).toString(), u"uuid-2"_s); // newest first
    r = cli({u"--db"_s, db, u"runs"_s, u"list"_s, u"--since"_s, u"2026-01-03"_s});
    QCOMPARE(r.out.trimmed().split(u'\n').size(), 3); // header + 2
    r = cli({u"--db"_s, db, u"runs"_s, u"list"_s, u"--since"_s, u"yesterday"_s});
    QCOMPARE(r.code, 2);
    QVERIFY(r.err.contains(u"--since"_s));
    r = cli({u"--db"_s, db, u"runs"_s, u"list"_s, u"--param"_s, u"message_size_bytes=128"_s, u"--json"_s});
    QCOMPARE(runLines(r.out).size(), 1);

    const int id = int(list.first().toObject().value(u"id"_s).toDouble());
    r = cli({u"--db"_s, db, u"runs"_s, u"show"_s, QString::number(id)});
    QCOMPARE(r.code, 0);
    QVERIFY(r.out.contains(u"uuid-2"_s));
    QVERIFY(r.out.contains(u"throughput_bps"_s));
    // What the run warned of when it was measured is shown with it.
    QVERIFY2(r.out.contains(u"warning:   server zeus (eth0): the NIC counted 5 receive drops during the test\n"_s),
             qPrintable(r.out));
    r = cli({u"--db"_s, db, u"runs"_s, u"show"_s, u"9999"_s});
    QCOMPARE(r.code, 1);
    QVERIFY(r.err.contains(u"run 9999 does not exist"_s));

    // Asks first; "n" (or end of input) deletes nothing.
    r = cli({u"--db"_s, db, u"runs"_s, u"delete"_s, QString::number(id)}, "n\n");
    QCOMPARE(r.code, 1);
    QVERIFY(r.out.contains(u"Nothing deleted"_s));
    r = cli({u"--db"_s, db, u"runs"_s, u"delete"_s, QString::number(id)}, "y\n");
    QCOMPARE(r.code, 0);
    r = cli({u"--db"_s, db, u"runs"_s, u"delete"_s, u"--yes"_s, QString::number(id + 1)});
    QCOMPARE(r.code, 0);
    QVERIFY(r.out.contains(u"Deleted 1 run"_s));

    // Exports: CSV of metrics, and the archive back into another database.
    r = cli({u"--db"_s, db, u"db"_s, u"export"_s, u"--what"_s, u"metrics"_s, u"--format"_s, u"csv"_s});
    QCOMPARE(r.code, 0);
    QCOMPARE(r.out.trimmed().split(u'\n').size(), 3);
    const QString exported = dir.filePath(u"out.json"_s);
    r = cli({u"--db"_s, db, u"db"_s, u"export"_s, u"-o"_s, exported});
    QCOMPARE(r.code, 0);
    r = cli({u"--db"_s, wbtest::databaseLocation(dir, u"copy.sqlite"_s), u"db"_s, u"import"_s, exported});
    QVERIFY2(r.out.contains(u"Imported 2 runs"_s), qPrintable(r.out + r.err));
    r = cli({u"--db"_s, db, u"db"_s, u"info"_s, u"--check"_s});
    QCOMPARE(r.code, 0);
    QVERIFY(r.out.contains(u"integrity:    ok"_s));
    QVERIFY(r.out.contains(u"2 runs"_s));
}

void TstStoreCli::runsShowListsStreams()
{
    QTemporaryDir dir;
    const QString db = wbtest::databaseLocation(dir, u"streams.sqlite"_s);
    auto metric = [](const QString &name, const QString &side, double v) {
        return QJsonObject{{u"name"_s, name}, {u"side"_s, side}, {u"value"_s, v}};
    };
    auto stream = [](int i, const QString &direction, const QString &side, const QString &role, double bytes) {
        return QJsonObject{{u"stream"_s, i}, {u"direction"_s, direction}, {u"side"_s, side}, {u"role"_s, role},
                           {u"bytes"_s, bytes}, {u"throughput_bps"_s, bytes * 8}};
    };
    const QJsonObject record{
        {u"kind"_s, u"tcp_stream"_s},
        {u"params"_s, QJsonObject{{u"streams"_s, 2}, {u"direction"_s, u"bidirectional"_s}}},
        {u"tool"_s, u"wirebench-agent"_s},
        {u"metrics"_s, QJsonArray{metric(u"throughput_bps"_s, u"server"_s, 3e9),
                                  metric(u"reverse_throughput_bps"_s, u"client"_s, 2e9)}},
        {u"extra"_s, QJsonObject{{u"key_direction"_s, u"forward"_s},
                                 {u"streams"_s, QJsonArray{stream(0, u"forward"_s, u"server"_s, u"receiver"_s, 1e8),
                                                           stream(1, u"reverse"_s, u"client"_s, u"receiver"_s, 2e8)}}}}};
    QFile f(dir.filePath(u"in.json"_s));
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(QJsonDocument(QJsonObject{{u"format"_s, u"wirebench-archive"_s}, {u"version"_s, 1},
                                      {u"inventory"_s, QJsonObject{{u"format"_s, u"wirebench-lab"_s}, {u"version"_s, 1}}},
                                      {u"runs"_s, QJsonArray{QJsonObject{{u"uuid"_s, u"uuid-s"_s},
                                                                         {u"status"_s, u"finished"_s},
                                                                         {u"plan"_s, u"p"_s},
                                                                         {u"started_at"_s, u"2026-01-01T10:00:00.000Z"_s},
                                                                         {u"record"_s, record}}}}})
                .toJson());
    f.close();
    Result r = cli({u"--db"_s, db, u"db"_s, u"import"_s, f.fileName()});
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    r = cli({u"--db"_s, db, u"runs"_s, u"show"_s, u"uuid-s"_s});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains(u"streams:   key figure forward (3.00 Gbit/s client→server (2.00 Gbit/s server→client), 2 streams)"_s),
             qPrintable(r.out));
    QVERIFY2(r.out.contains(QRegularExpression(u"\\n  0 +forward +server +receiver +100000000 +800.00 Mbit/s\\n"_s)),
             qPrintable(r.out));
    QVERIFY2(r.out.contains(QRegularExpression(u"\\n  1 +reverse +client +receiver +200000000 +1.60 Gbit/s\\n"_s)),
             qPrintable(r.out));
    QVERIFY(r.out.contains(u"reverse_throughput_bps"_s));
}

void TstStoreCli::badRunIds_data()
{
    QTest::addColumn<QString>("id");
    // None of these is a run id: none may wrap, round or be read as another
    // number (QString::toLongLong takes "+2" and " 2" as 2).
    QTest::newRow("1e300") << u"1e300"_s;
    QTest::newRow("2^63") << u"9223372036854775808"_s;
    QTest::newRow("20 digits") << u"99999999999999999999"_s;
    QTest::newRow("plus") << u"+2"_s;
    QTest::newRow("space") << u" 2"_s;
    QTest::newRow("negative") << u"-2"_s;
    QTest::newRow("zero") << u"0"_s;
    QTest::newRow("fraction") << u"2.0"_s;
}

void TstStoreCli::badRunIds()
{
    QFETCH(QString, id);
    QTemporaryDir dir;
    const QString db = wbtest::databaseLocation(dir, u"ids.sqlite"_s);
    const QString archive = dir.filePath(u"in.json"_s);
    QFile f(archive);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(archiveWithRuns(3)); // runs 1, 2 and 3
    f.close();
    Result r = cli({u"--db"_s, db, u"db"_s, u"import"_s, archive});
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    r = cli({u"--db"_s, db, u"runs"_s, u"show"_s, id});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(u"is not a run id"_s), qPrintable(r.err));
    r = cli({u"--db"_s, db, u"runs"_s, u"delete"_s, u"--yes"_s, id});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(u"is not a run id"_s), qPrintable(r.err));
    r = cli({u"--db"_s, db, u"drops"_s, id});
    QCOMPARE(r.code, 2);
    r = cli({u"--db"_s, db, u"runs"_s, u"list"_s, u"--json"_s});
    QCOMPARE(runLines(r.out).size(), 3); // nothing deleted
    // A run UUID is still found.
    r = cli({u"--db"_s, db, u"runs"_s, u"show"_s, u"uuid-1"_s});
    QVERIFY2(r.code == 0 && r.out.contains(u"uuid-1"_s), qPrintable(r.err));
}

void TstStoreCli::runParallelChecked()
{
    // QString::toInt read these as 0: a plan that never starts a test.
    QTemporaryDir dir;
    const QString plan = QStringLiteral(WB_TEST_DATA_DIR "/plans/gui-tiny.json");
    for (const QString &n : {u"1e300"_s, u"99999999999999999999"_s, u"0"_s, u"-3"_s, u"x"_s}) {
        const Result r = cli({u"--db"_s, dir.filePath(u"p.sqlite"_s), u"run"_s, u"--parallel"_s, n, plan});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(u"--parallel needs a whole number from 1 to 1000"_s), qPrintable(r.err));
        const Result c = cli({u"--db"_s, dir.filePath(u"p.sqlite"_s), u"run"_s, u"--max-connecting"_s, n, plan});
        QCOMPARE(c.code, 2);
        QVERIFY2(c.err.contains(u"--max-connecting needs a whole number from 1 to 1000"_s), qPrintable(c.err));
    }
    QVERIFY(!QFile::exists(dir.filePath(u"p.sqlite"_s))); // refused before the database is touched
}

void TstStoreCli::damagedFile()
{
    WB_SQLITE_ONLY();
    QTemporaryDir dir;
    const QString db = dir.filePath(u"broken.sqlite"_s);
    QFile f(db);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(QByteArray(8192, 'x'));
    f.close();
    const QByteArray before = QCryptographicHash::hash(QByteArray(8192, 'x'), QCryptographicHash::Sha256);
    for (const QStringList &cmd : {QStringList{u"runs"_s, u"list"_s}, QStringList{u"db"_s, u"info"_s},
                                   QStringList{u"inventory"_s, u"import"_s, kLab}}) {
        Result r = cli(QStringList{u"--db"_s, db} + cmd);
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(db), qPrintable(r.err));
        QVERIFY(r.err.contains(u"--db"_s));
    }
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256), before);
}

void TstStoreCli::unreachableServer()
{
    // Nothing listens on port 1: a clear error naming the URL, without the
    // password, and no local file appears.
    const QString url = u"postgresql://wb:s3cret@127.0.0.1:1/lab"_s;
    for (const QStringList &cmd : {QStringList{u"runs"_s, u"list"_s}, QStringList{u"db"_s, u"info"_s}}) {
        Result r = cli(QStringList{u"--db"_s, url} + cmd);
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(u"postgresql://wb@127.0.0.1:1/lab"_s), qPrintable(r.err));
        QVERIFY2(r.err.contains(u"cannot be reached"_s), qPrintable(r.err));
        QVERIFY2(!r.err.contains(u"s3cret"_s), qPrintable(r.err));
    }
    Result bad = cli({u"--db"_s, u"postgresql://wb@127.0.0.1:1/lab?sslmode=require&bogus=1"_s, u"runs"_s, u"list"_s});
    QCOMPARE(bad.code, 1);
    QVERIFY2(bad.err.contains(u"unknown parameter 'bogus'"_s), qPrintable(bad.err));
}

void TstStoreCli::dbCopyBothWays()
{
    QTemporaryDir dir;
    const QString local = dir.filePath(u"local.sqlite"_s);
    const QString archive = dir.filePath(u"in.json"_s);
    QFile f(archive);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(archiveWithRuns(4));
    f.close();
    Result r = cli({u"--db"_s, local, u"db"_s, u"import"_s, archive});
    QCOMPARE(r.code, 0);
    r = cli({u"--db"_s, local, u"inventory"_s, u"import"_s, kLab});
    QCOMPARE(r.code, 0);
    // To the shared database (a second file when no PostgreSQL server is
    // given), twice: the second copy adds nothing.
    const QString shared = wbtest::databaseLocation(dir, u"shared.sqlite"_s);
    r = cli({u"db"_s, u"copy"_s, u"--from"_s, local, u"--to"_s, shared});
    QVERIFY2(r.code == 0 && r.out.contains(u"Copied 4 runs"_s), qPrintable(r.out + r.err));
    r = cli({u"db"_s, u"copy"_s, u"--from"_s, local, u"--to"_s, shared});
    QVERIFY2(r.code == 0 && r.out.contains(u"Copied 0 runs (4 already present)"_s), qPrintable(r.out + r.err));
    r = cli({u"--db"_s, shared, u"--json"_s, u"db"_s, u"info"_s});
    QCOMPARE(r.code, 0);
    QJsonObject info = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QCOMPARE(info.value(u"runs"_s).toInt(), 4);
    QCOMPARE(info.value(u"samples"_s).toInt(), 4);
    const int hosts = info.value(u"hosts"_s).toInt();
    QVERIFY(hosts > 0);
    // A run added on the shared side comes back into a new local file, and
    // into the old one without duplicating the four it already has.
    QFile one(dir.filePath(u"one.json"_s));
    QVERIFY(one.open(QIODevice::WriteOnly));
    QJsonObject a = QJsonDocument::fromJson(archiveWithRuns(5)).object();
    one.write(QJsonDocument(a).toJson());
    one.close();
    r = cli({u"--db"_s, shared, u"db"_s, u"import"_s, one.fileName()});
    QVERIFY2(r.out.contains(u"Imported 1 runs"_s), qPrintable(r.out + r.err));
    r = cli({u"db"_s, u"copy"_s, u"--from"_s, shared, u"--to"_s, local});
    QVERIFY2(r.code == 0 && r.out.contains(u"Copied 1 runs (4 already present)"_s), qPrintable(r.out + r.err));
    const QString back = dir.filePath(u"back.sqlite"_s);
    r = cli({u"db"_s, u"copy"_s, u"--from"_s, shared, u"--to"_s, back});
    QVERIFY2(r.code == 0 && r.out.contains(u"Copied 5 runs"_s), qPrintable(r.out + r.err));
    r = cli({u"--db"_s, back, u"--json"_s, u"db"_s, u"info"_s});
    info = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QCOMPARE(info.value(u"runs"_s).toInt(), 5);
    QCOMPARE(info.value(u"hosts"_s).toInt(), hosts);
    // A missing source is an error and creates nothing.
    r = cli({u"db"_s, u"copy"_s, u"--from"_s, dir.filePath(u"none.sqlite"_s), u"--to"_s, back});
    QCOMPARE(r.code, 1);
    QVERIFY(!QFile::exists(dir.filePath(u"none.sqlite"_s)));
    r = cli({u"db"_s, u"copy"_s, u"--from"_s, local});
    QCOMPARE(r.code, 2);
}

// runs tag/untag/note, baselines tag/untag/note, runs list --tag, the tags
// and notes in runs show (text and --json), and both through db copy to
// the shared database (PostgreSQL in the _pg run) and back.
void TstStoreCli::tagsAndNotes()
{
    QTemporaryDir dir;
    const QString local = dir.filePath(u"local.sqlite"_s);
    QFile f(dir.filePath(u"in.json"_s));
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(archiveWithRuns(3));
    f.close();
    Result r = cli({u"--db"_s, local, u"db"_s, u"import"_s, f.fileName()});
    QCOMPARE(r.code, 0);
    r = cli({u"--db"_s, local, u"runs"_s, u"tag"_s, u"uuid-1"_s, u" after firmware 4.2 "_s, u"Cable C2"_s});
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    QVERIFY2(r.out.contains(u"tags: after firmware 4.2, Cable C2"_s), qPrintable(r.out));
    r = cli({u"--db"_s, local, u"runs"_s, u"tag"_s, u"uuid-2"_s, u"cable c2"_s});
    QCOMPARE(r.code, 0);
    r = cli({u"--db"_s, local, u"runs"_s, u"note"_s, u"uuid-1"_s, u"C2 re-crimped on both ends"_s});
    QVERIFY2(r.code == 0 && r.out.contains(u"note saved"_s), qPrintable(r.out + r.err));
    // A bad tag: usage error naming it, nothing changed.
    r = cli({u"--db"_s, local, u"runs"_s, u"tag"_s, u"uuid-0"_s, u"ok"_s, QString(80, u'q')});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(u"tag 'qqqq"_s) && r.err.contains(u"at most 64"_s), qPrintable(r.err));
    r = cli({u"--db"_s, local, u"runs"_s, u"untag"_s, u"uuid-2"_s, u"never there"_s});
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains(u"has no tag 'never there'"_s), qPrintable(r.err));
    r = cli({u"--db"_s, local, u"runs"_s, u"tag"_s, u"no-such-run"_s, u"x"_s});
    QCOMPARE(r.code, 1);
    QVERIFY(r.err.contains(u"no-such-run does not exist"_s));

    r = cli({u"--db"_s, local, u"--json"_s, u"runs"_s, u"list"_s, u"--tag"_s, u"CABLE C2"_s});
    QJsonArray list = runLines(r.out);
    QCOMPARE(list.size(), 2);
    r = cli({u"--db"_s, local, u"runs"_s, u"list"_s, u"--tag"_s, u"after firmware 4.2"_s});
    QCOMPARE(r.out.trimmed().split(u'\n').size(), 2); // header + 1
    QVERIFY2(r.out.contains(u"[after firmware 4.2, Cable C2]"_s), qPrintable(r.out));
    r = cli({u"--db"_s, local, u"runs"_s, u"show"_s, u"uuid-1"_s});
    QVERIFY2(r.out.contains(u"tags:      after firmware 4.2, Cable C2\n"_s), qPrintable(r.out));
    QVERIFY(r.out.contains(u"notes:     C2 re-crimped on both ends\n"_s));

    r = cli({u"--db"_s, local, u"runs"_s, u"untag"_s, u"uuid-2"_s, u"CABLE C2"_s});
    QVERIFY2(r.code == 0 && r.out.contains(u"tags: (none)"_s), qPrintable(r.out + r.err));

    // A shipped baseline gets a tag and a note.
    r = cli({u"--db"_s, local, u"db"_s, u"export"_s});
    const QJsonArray baselines = QJsonDocument::fromJson(r.out.toUtf8()).object().value(u"baselines"_s).toArray();
    QVERIFY(!baselines.isEmpty());
    const QString key = baselines.first().toObject().value(u"key"_s).toString();
    r = cli({u"--db"_s, local, u"baselines"_s, u"tag"_s, key, u"1997 lab"_s});
    QVERIFY2(r.code == 0 && r.out.contains(u"tags: 1997 lab"_s), qPrintable(r.out + r.err));
    r = cli({u"--db"_s, local, u"baselines"_s, u"note"_s, key, u"half duplex hub"_s});
    QCOMPARE(r.code, 0);
    r = cli({u"--db"_s, local, u"baselines"_s, u"untag"_s, key, u"other"_s});
    QCOMPARE(r.code, 1);
    r = cli({u"--db"_s, local, u"baselines"_s, u"tag"_s, u"no/such"_s, u"x"_s});
    QCOMPARE(r.code, 1);
    QVERIFY(r.err.contains(u"baseline 'no/such' does not exist"_s));

    // Through the shared database and back into a new file.
    const QString shared = wbtest::databaseLocation(dir, u"shared.sqlite"_s);
    r = cli({u"db"_s, u"copy"_s, u"--from"_s, local, u"--to"_s, shared});
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    r = cli({u"--db"_s, shared, u"runs"_s, u"tag"_s, u"uuid-0"_s, u"from the shared side"_s});
    QCOMPARE(r.code, 0);
    const QString back = dir.filePath(u"back.sqlite"_s);
    r = cli({u"db"_s, u"copy"_s, u"--from"_s, shared, u"--to"_s, back});
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    for (const QString &db : {shared, back}) {
        r = cli({u"--db"_s, db, u"--json"_s, u"runs"_s, u"show"_s, u"uuid-1"_s});
        const QJsonObject run = QJsonDocument::fromJson(r.out.toUtf8()).object();
        QCOMPARE(run.value(u"tags"_s).toArray(), (QJsonArray{u"after firmware 4.2"_s, u"Cable C2"_s}));
        QCOMPARE(run.value(u"notes"_s).toString(), u"C2 re-crimped on both ends"_s);
        r = cli({u"--db"_s, db, u"db"_s, u"export"_s});
        bool found = false;
        for (const QJsonValue &b : QJsonDocument::fromJson(r.out.toUtf8()).object().value(u"baselines"_s).toArray()) {
            if (b.toObject().value(u"key"_s).toString() != key)
                continue;
            found = true;
            QCOMPARE(b.toObject().value(u"tags"_s).toArray(), QJsonArray{u"1997 lab"_s});
            QCOMPARE(b.toObject().value(u"notes"_s).toString(), u"half duplex hub"_s);
        }
        QVERIFY(found);
    }
    // The shared side's tag came back; the local file gains it on copying back.
    r = cli({u"db"_s, u"copy"_s, u"--from"_s, shared, u"--to"_s, local});
    QVERIFY2(r.out.contains(u"Copied 0 runs (3 already present)"_s), qPrintable(r.out + r.err));
    r = cli({u"--db"_s, local, u"--json"_s, u"runs"_s, u"list"_s, u"--tag"_s, u"from the shared side"_s});
    QCOMPARE(runLines(r.out).size(), 1);
}

// Run notices, one seen and one not, go through db import and db copy to
// the shared database (PostgreSQL in the _pg run) and back into a new file
// with their seen state; copying again adds none.
void TstStoreCli::noticesThroughDbCopy()
{
    QTemporaryDir dir;
    QJsonObject archive = QJsonDocument::fromJson(archiveWithRuns(3)).object();
    const QJsonArray notices{QJsonObject{{u"run"_s, u"uuid-1"_s},
                                         {u"kind"_s, u"failed_test"_s},
                                         {u"text"_s, u"tcp_rr zeus-hera failed: connection refused"_s},
                                         {u"created_at"_s, u"2026-01-02T10:00:05.123Z"_s},
                                         {u"seen"_s, true}},
                             QJsonObject{{u"run"_s, u"uuid-1"_s},
                                         {u"kind"_s, u"regression"_s},
                                         {u"text"_s, u"tcp_rr -8 % against its history"_s},
                                         {u"created_at"_s, u"2026-01-02T10:00:06.000Z"_s},
                                         {u"seen"_s, false}}};
    archive.insert(u"notices"_s, notices);
    QFile f(dir.filePath(u"in.json"_s));
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(QJsonDocument(archive).toJson());
    f.close();
    const QString local = dir.filePath(u"local.sqlite"_s);
    Result r = cli({u"--db"_s, local, u"db"_s, u"import"_s, f.fileName()});
    QVERIFY2(r.code == 0 && r.out.contains(u", 2 run notices."_s), qPrintable(r.out + r.err));
    const QString shared = wbtest::databaseLocation(dir, u"shared.sqlite"_s);
    r = cli({u"--json"_s, u"db"_s, u"copy"_s, u"--from"_s, local, u"--to"_s, shared});
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    QCOMPARE(QJsonDocument::fromJson(r.out.toUtf8()).object().value(u"notices_added"_s).toInt(), 2);
    r = cli({u"--json"_s, u"db"_s, u"copy"_s, u"--from"_s, local, u"--to"_s, shared});
    QCOMPARE(QJsonDocument::fromJson(r.out.toUtf8()).object().value(u"notices_added"_s).toInt(), 0);
    const QString back = dir.filePath(u"back.sqlite"_s);
    r = cli({u"db"_s, u"copy"_s, u"--from"_s, shared, u"--to"_s, back});
    QVERIFY2(r.code == 0 && r.out.contains(u", 2 run notices from "_s), qPrintable(r.out + r.err));
    // runs show gives a notice as the archive does, without the run's uuid.
    QJsonArray expected;
    for (const QJsonValue &n : notices) {
        QJsonObject o = n.toObject();
        o.remove(u"run"_s);
        expected.append(o);
    }
    for (const QString &db : {local, shared, back}) {
        r = cli({u"--db"_s, db, u"--json"_s, u"runs"_s, u"show"_s, u"uuid-1"_s});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QCOMPARE(QJsonDocument::fromJson(r.out.toUtf8()).object().value(u"notices"_s).toArray(), expected);
        r = cli({u"--db"_s, db, u"--json"_s, u"runs"_s, u"show"_s, u"uuid-0"_s});
        QVERIFY(QJsonDocument::fromJson(r.out.toUtf8()).object().value(u"notices"_s).toArray().isEmpty());
    }
}

void TstStoreCli::runRefusesUnreachableDatabase()
{
    // The plan is valid; the database is not there: refuse before any test.
    Result r = cli({u"--db"_s, u"postgresql://wb@127.0.0.1:1/lab"_s, u"run"_s, QStringLiteral(WB_TEST_DATA_DIR "/plans/gui-tiny.json")});
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains(u"postgresql://wb@127.0.0.1:1/lab"_s), qPrintable(r.err));
    QVERIFY2(!r.err.contains(u"test cases, run id"_s), qPrintable(r.err));
}

QTEST_GUILESS_MAIN(TstStoreCli)
#include "tst_storecli.moc"
