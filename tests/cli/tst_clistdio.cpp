// SPDX-License-Identifier: GPL-3.0-or-later
// "-" for standard input and output where a command reads or writes a file:
// import, inventory import/export, db import/export, compare --csv and
// --points-csv, run PLAN, drops --csv, experiment --hosts and --write, each
// piped through a real database (and real local agents for run); a bad
// input on standard input is named as such, with its line.

#include "clitestrun.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using wb::test::CliRun;
using wb::test::runCli;

namespace {

const QString kSeed = QStringLiteral(WB_TEST_DATA_DIR "/seeds/000_f12b096113c81937.txt");
const QString kLab = QStringLiteral(WB_TEST_DATA_DIR "/store/lab_small.json");

QByteArray fileBytes(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QJsonObject onlyLine(const QString &out)
{
    const QStringList lines = out.split(u'\n', Qt::SkipEmptyParts);
    return lines.size() == 1 ? QJsonDocument::fromJson(lines.first().toUtf8()).object() : QJsonObject();
}

} // namespace

class TstCliStdio : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void importFromStandardInput();
    void archiveThroughAPipe();
    void inventoryThroughAPipe();
    void compareCsvToStandardOutput();
    void experimentHostsFromStandardInput();
    void experimentPlanToStandardOutput();
    void planFromStandardInputDropsToStandardOutput();
    void badStandardInputNamed();

private:
    QString db(const QString &name) const { return m_home.filePath(name); }
    QTemporaryDir m_home;
};

void TstCliStdio::initTestCase()
{
    QVERIFY(m_home.isValid());
    QVERIFY(!fileBytes(kSeed).isEmpty());
}

void TstCliStdio::importFromStandardInput()
{
    // The same records as from the file, the source named "(standard input)".
    const CliRun fromFile = runCli({u"import"_s, u"--dry-run"_s, u"--json"_s, kSeed}, m_home.path());
    const CliRun fromStdin = runCli({u"import"_s, u"--dry-run"_s, u"--json"_s, u"-"_s}, m_home.path(), fileBytes(kSeed));
    QCOMPARE(fromStdin.code, 0);
    const QStringList a = fromFile.out.split(u'\n', Qt::SkipEmptyParts);
    const QStringList b = fromStdin.out.split(u'\n', Qt::SkipEmptyParts);
    QCOMPARE(b.size(), a.size());
    QVERIFY(a.size() >= 2);
    for (qsizetype i = 0; i < a.size(); ++i) {
        QJsonObject x = QJsonDocument::fromJson(a[i].toUtf8()).object();
        QJsonObject y = QJsonDocument::fromJson(b[i].toUtf8()).object();
        QCOMPARE(y.value(u"source_file"_s).toString(), u"(standard input)"_s);
        x.remove(u"source_file"_s);
        y.remove(u"source_file"_s);
        QCOMPARE(y, x);
    }
    // Stored, then listed.
    const CliRun stored = runCli({u"--db"_s, db(u"i.sqlite"_s), u"import"_s, u"-"_s}, m_home.path(), fileBytes(kSeed));
    QCOMPARE(stored.code, 0);
    QVERIFY2(stored.out.contains(u"(standard input): stored %1 run(s)"_s.arg(a.size())), qPrintable(stored.out));
    // Standard input is read once.
    const CliRun twice = runCli({u"import"_s, u"--dry-run"_s, u"-"_s, u"-"_s}, m_home.path(), QByteArray(""));
    QCOMPARE(twice.code, 2);
}

void TstCliStdio::archiveThroughAPipe()
{
    const QString from = db(u"from.sqlite"_s);
    QCOMPARE(runCli({u"--db"_s, from, u"import"_s, kSeed}, m_home.path()).code, 0);
    // db export - and db export -o - both write the archive to standard output.
    const CliRun exported = runCli({u"--db"_s, from, u"db"_s, u"export"_s, u"-"_s}, m_home.path());
    QCOMPARE(exported.code, 0);
    QVERIFY(QJsonDocument::fromJson(exported.out.toUtf8()).isObject());
    QVERIFY(exported.out.size() > 100000); // more than a pipe's first piece
    const CliRun dashO = runCli({u"--db"_s, from, u"db"_s, u"export"_s, u"-o"_s, u"-"_s}, m_home.path());
    QCOMPARE(dashO.code, 0);
    QVERIFY(QJsonDocument::fromJson(dashO.out.toUtf8()).isObject());
    const CliRun imported = runCli({u"--db"_s, db(u"to.sqlite"_s), u"--json"_s, u"db"_s, u"import"_s, u"-"_s},
                                   m_home.path(), exported.out.toUtf8());
    QVERIFY2(imported.code == 0, qPrintable(imported.err));
    const QJsonObject sum = onlyLine(imported.out);
    QCOMPARE(sum.value(u"type"_s).toString(), u"archive_import"_s);
    QCOMPARE(sum.value(u"runs_added"_s).toInt(), 7);
    QCOMPARE(sum.value(u"archive"_s).toString(), u"-"_s);
}

void TstCliStdio::inventoryThroughAPipe()
{
    const QString from = db(u"lab.sqlite"_s);
    QCOMPARE(runCli({u"--db"_s, from, u"inventory"_s, u"import"_s, kLab}, m_home.path()).code, 0);
    for (const QStringList &exportArgs : {QStringList{}, QStringList{u"-"_s}}) {
        const CliRun lab = runCli(QStringList{u"--db"_s, from, u"inventory"_s, u"export"_s} + exportArgs, m_home.path());
        QCOMPARE(lab.code, 0);
        const QString to = db(u"lab-copy-%1.sqlite"_s.arg(exportArgs.size()));
        const CliRun imported = runCli({u"--db"_s, to, u"--json"_s, u"inventory"_s, u"import"_s, u"-"_s}, m_home.path(),
                                       lab.out.toUtf8());
        QVERIFY2(imported.code == 0, qPrintable(imported.err));
        const QJsonObject sum = onlyLine(imported.out);
        QCOMPARE(sum.value(u"file"_s).toString(), u"(standard input)"_s);
        QCOMPARE(sum.value(u"added"_s).toInt(), 9);
        // What went in is what came out.
        QCOMPARE(runCli({u"--db"_s, to, u"inventory"_s, u"export"_s}, m_home.path()).out, lab.out);
    }
    // `inventory path --lab -` reads the lab from standard input, as the file would be read.
    const QStringList ends{u"alpha/eth0"_s, u"beta/eth0"_s};
    const CliRun fromFile = runCli(QStringList{u"inventory"_s, u"path"_s, u"--lab"_s, kLab} + ends, m_home.path());
    const CliRun piped = runCli(QStringList{u"inventory"_s, u"path"_s, u"--lab"_s, u"-"_s} + ends, m_home.path(),
                                fileBytes(kLab));
    QVERIFY2(fromFile.code == 0, qPrintable(fromFile.err));
    QVERIFY2(piped.code == 0, qPrintable(piped.err));
    QVERIFY2(piped.out.contains(u"C1"_s) && piped.out.contains(u"fs108"_s), qPrintable(piped.out));
    QCOMPARE(piped.out, fromFile.out);
    const CliRun broken = runCli(QStringList{u"inventory"_s, u"path"_s, u"--lab"_s, u"-"_s} + ends, m_home.path(),
                                 "{\n\"hosts\": [,\n");
    QCOMPARE(broken.code, 1);
    QVERIFY2(broken.err.contains(u"(standard input):2: not valid JSON"_s), qPrintable(broken.err));
}

void TstCliStdio::compareCsvToStandardOutput()
{
    const QString d = db(u"c.sqlite"_s);
    QCOMPARE(runCli({u"--db"_s, d, u"import"_s, kSeed}, m_home.path()).code, 0);
    const QString file = m_home.filePath(u"rows.csv"_s);
    QCOMPARE(runCli({u"--db"_s, d, u"compare"_s, u"--kind"_s, u"udp_stream"_s, u"--csv"_s, file}, m_home.path()).code, 0);
    // Only the CSV rows on standard output, the same as in the file.
    const CliRun piped = runCli({u"--db"_s, d, u"compare"_s, u"--kind"_s, u"udp_stream"_s, u"--csv"_s, u"-"_s}, m_home.path());
    QCOMPARE(piped.code, 0);
    QVERIFY(piped.out.startsWith(u"condition,cell,group,"_s));
    QCOMPARE(piped.out.toUtf8(), fileBytes(file));
    // The chart's points the same way; a chart or report needs a file.
    const QString points = m_home.filePath(u"points.csv"_s);
    QCOMPARE(runCli({u"--db"_s, d, u"compare"_s, u"--kind"_s, u"udp_stream"_s, u"--points-csv"_s, points}, m_home.path()).code, 0);
    const CliRun pointsPiped =
        runCli({u"--db"_s, d, u"compare"_s, u"--kind"_s, u"udp_stream"_s, u"--points-csv"_s, u"-"_s}, m_home.path());
    QVERIFY2(pointsPiped.code == 0, qPrintable(pointsPiped.err));
    QVERIFY(!pointsPiped.out.isEmpty());
    QCOMPARE(pointsPiped.out.toUtf8(), fileBytes(points));
    const CliRun both = runCli({u"--db"_s, d, u"compare"_s, u"--kind"_s, u"udp_stream"_s, u"--csv"_s, u"-"_s,
                                u"--points-csv"_s, u"-"_s},
                               m_home.path());
    QCOMPARE(both.code, 2);
    QVERIFY2(both.err.contains(u"only one of --csv and --points-csv"_s), qPrintable(both.err));
    const CliRun chart = runCli({u"--db"_s, d, u"compare"_s, u"--kind"_s, u"udp_stream"_s, u"--chart"_s, u"-"_s}, m_home.path());
    QCOMPARE(chart.code, 2);
    QVERIFY2(chart.err.contains(u"--chart and --report need a file"_s), qPrintable(chart.err));
    QVERIFY(chart.out.isEmpty());
}

void TstCliStdio::experimentPlanToStandardOutput()
{
    const QByteArray hosts = R"({"hosts":{"a":{"transport":"local"},"b":{"transport":"local"},"c":{"transport":"local"}}})";
    for (const QStringList &write : {QStringList{u"--write"_s, u"-"_s}, QStringList{u"--write=-"_s}}) {
        const CliRun r = runCli(QStringList{u"--json"_s, u"experiment"_s, u"--question"_s, u"q"_s, u"--varies"_s, u"host"_s,
                                            u"--arm"_s, u"one=a>b"_s, u"--arm"_s, u"two=a>c"_s, u"--test"_s, u"tcp_rr"_s,
                                            u"--hosts"_s, u"-"_s, u"--dry-run"_s}
                                    + write,
                                m_home.path(), hosts);
        QVERIFY2(r.code == 0, qPrintable(r.err));
        // Standard output holds the plan file and nothing else.
        QJsonParseError pe;
        const QJsonObject plan = QJsonDocument::fromJson(r.out.toUtf8(), &pe).object();
        QVERIFY2(pe.error == QJsonParseError::NoError, qPrintable(r.out));
        QCOMPARE(plan.value(u"format"_s).toString(), u"wirebench-plan"_s);
        QCOMPARE(plan.value(u"hosts"_s).toObject().keys(), (QStringList{u"a"_s, u"b"_s, u"c"_s}));
        QVERIFY2(r.err.contains(u"wrote the experiment plan to standard output"_s), qPrintable(r.err));
    }
}

void TstCliStdio::planFromStandardInputDropsToStandardOutput()
{
    const QString d = db(u"soak.sqlite"_s);
    // A two-second soak between two local agents, its plan on standard input.
    const QByteArray plan = R"({"format":"wirebench-plan","name":"piped soak",
        "hosts":{"a":{"transport":"local"},"b":{"transport":"local"}},
        "tests":[{"name":"soak","kind":"soak","client":"a","server":"b","duration_s":2,
                  "params":{"rate_pps":5000,"probe_rate_pps":200}}]})";
    const CliRun run = runCli({u"--db"_s, d, u"run"_s, u"-"_s}, m_home.path(), plan, 120000);
    QVERIFY2(run.code == 0, qPrintable(run.out + run.err));
    const CliRun list = runCli({u"--db"_s, d, u"--json"_s, u"runs"_s, u"list"_s}, m_home.path());
    const QJsonObject line = onlyLine(list.out);
    QCOMPARE(line.value(u"plan"_s).toString(), u"piped soak"_s);
    const QString id = QString::number(line.value(u"id"_s).toInteger());
    // The intervals: the same bytes in a file and on standard output, and nothing else there.
    const QString file = m_home.filePath(u"drops.csv"_s);
    const CliRun toFile = runCli({u"--db"_s, d, u"drops"_s, id, u"--csv"_s, file}, m_home.path());
    QVERIFY2(toFile.code == 0, qPrintable(toFile.err));
    QVERIFY(toFile.out.contains(u"wrote "_s + file));
    const CliRun piped = runCli({u"--db"_s, d, u"drops"_s, id, u"--csv"_s, u"-"_s}, m_home.path());
    QVERIFY2(piped.code == 0, qPrintable(piped.err));
    QVERIFY(piped.out.count(u'\n') >= 3);
    QCOMPARE(piped.out.toUtf8(), fileBytes(file));
    const CliRun chart = runCli({u"--db"_s, d, u"drops"_s, id, u"--chart"_s, u"-"_s}, m_home.path());
    QCOMPARE(chart.code, 2);
    QVERIFY2(chart.err.contains(u"--chart needs a file"_s), qPrintable(chart.err));
    // A plan on standard input that is not JSON is named as such.
    const CliRun bad = runCli({u"--db"_s, d, u"run"_s, u"-"_s}, m_home.path(), "{\n\"tests\": [,\n");
    QCOMPARE(bad.code, 2);
    QVERIFY2(bad.err.contains(u"(standard input):2: not valid JSON"_s), qPrintable(bad.err));
}

void TstCliStdio::experimentHostsFromStandardInput()
{
    const QByteArray hosts = R"({"hosts":{"a":{"transport":"local"},"b":{"transport":"local"},"c":{"transport":"local"}}})";
    const CliRun r = runCli({u"--json"_s, u"experiment"_s, u"--question"_s, u"q"_s, u"--varies"_s, u"host"_s, u"--arm"_s,
                             u"one=a>b"_s, u"--arm"_s, u"two=a>c"_s, u"--test"_s, u"tcp_rr"_s, u"--hosts"_s, u"-"_s,
                             u"--dry-run"_s},
                            m_home.path(), hosts);
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const QJsonObject plan = onlyLine(r.out).value(u"plan"_s).toObject();
    QCOMPARE(plan.value(u"hosts"_s).toObject().keys(), (QStringList{u"a"_s, u"b"_s, u"c"_s}));
}

void TstCliStdio::badStandardInputNamed()
{
    const QString d = db(u"bad.sqlite"_s);
    QCOMPARE(runCli({u"--db"_s, d, u"inventory"_s, u"import"_s, kLab}, m_home.path()).code, 0);
    CliRun r = runCli({u"--db"_s, d, u"inventory"_s, u"import"_s, u"-"_s}, m_home.path(), "{\n\"hosts\": [,\n");
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains(u"(standard input):2: not valid JSON"_s), qPrintable(r.err));
    r = runCli({u"--db"_s, d, u"db"_s, u"import"_s, u"-"_s}, m_home.path(), "[1, 2]");
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains(u"(standard input): the top level must be a JSON object"_s), qPrintable(r.err));
    r = runCli({u"--db"_s, d, u"import"_s, u"-"_s}, m_home.path(), "nothing any importer reads\n");
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains(u"(standard input)"_s), qPrintable(r.err));
    // Nothing was stored from any of them.
    const QJsonObject info = onlyLine(runCli({u"--db"_s, d, u"--json"_s, u"db"_s, u"info"_s}, m_home.path()).out);
    QCOMPARE(info.value(u"type"_s).toString(), u"database"_s);
    QCOMPARE(info.value(u"runs"_s).toInt(), 0);
    QCOMPARE(info.value(u"hosts"_s).toInt(), 2);
}

QTEST_GUILESS_MAIN(TstCliStdio)
#include "tst_clistdio.moc"
