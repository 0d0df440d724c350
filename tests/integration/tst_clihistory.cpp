// SPDX-License-Identifier: GPL-3.0-or-later
// `wirebench-cli history`, `regressions` and `run --fail-if-worse` as a
// user runs them: the real CLI on a real SQLite file. The history table and
// its JSON rows, the History chart as PNG and SVG, the regression named
// after the driver update it coincides with, and the run gate's exit code
// against the current segment of each case's history (real local agents).

#include "store/noticestore.h"
#include "store/resultstore.h"
#include "store/runstore.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <QUuid>

#include <random>

using namespace Qt::StringLiterals;

namespace {

const QString kCli = QStringLiteral(WB_BIN_DIR "/wirebench-cli");
const QDateTime kStart = QDateTime(QDate(2026, 10, 1), QTime(2, 0), Qt::UTC);

int cli(const QStringList &args, QByteArray *out, QByteArray *err = nullptr, int timeoutMs = 60000)
{
    QProcess p;
    p.start(kCli, args);
    p.waitForFinished(timeoutMs);
    *out = p.readAllStandardOutput();
    if (err)
        *err = p.readAllStandardError();
    return p.exitCode();
}

QList<QJsonObject> jsonLines(const QByteArray &out, const QString &type)
{
    QList<QJsonObject> rows;
    for (const QByteArray &line : out.trimmed().split('\n'))
        if (const QJsonObject o = QJsonDocument::fromJson(line).object(); o.value(u"type"_s).toString() == type)
            rows << o;
    return rows;
}

wb::StoredRun rrRun(int night, double tps, const QString &driverVersion)
{
    wb::StoredRun r;
    r.plan = u"nightly"_s;
    r.testCase = u"rr"_s;
    r.clientEndpoint = u"adam/eth0"_s;
    r.serverEndpoint = u"eve/eth0"_s;
    r.startedAt = kStart.addDays(night);
    r.clientEnvironment = QJsonObject{
        {u"kernel"_s, u"Linux 6.1.0-18-amd64"_s},
        {u"interfaces"_s, QJsonArray{QJsonObject{{u"name"_s, u"eth0"_s}, {u"driver"_s, u"e1000e"_s},
                                                 {u"driver_version"_s, driverVersion}}}}};
    r.record.kind = u"tcp_rr"_s;
    r.record.tool = u"wirebench-agent"_s;
    r.record.params = QJsonObject{{u"request_size_bytes"_s, 1}, {u"response_size_bytes"_s, 1}};
    r.record.addMetric(u"transactions_per_s"_s, u"client"_s, tps);
    return r;
}

// 20 nights at 10,000 tr/s, then 15 at 9,200 after a driver update.
QString seeded(const QTemporaryDir &dir)
{
    const QString db = dir.filePath(u"h.sqlite"_s);
    auto store = wb::ResultStore::open(db);
    if (!store)
        qFatal("cannot create %s", qPrintable(db));
    std::mt19937_64 rng(5);
    std::normal_distribution<double> noise(0, 100);
    QList<wb::StoredRun> runs;
    for (int night = 0; night < 35; ++night)
        runs << rrRun(night, (night < 20 ? 10000 : 9200) + noise(rng), night < 20 ? u"3.2"_s : u"3.8"_s);
    runs[22].tags = {u"fw-4.2"_s, u"cable re-crimped"_s};
    runs[22].notes = u"after the update"_s;
    if (!(*store)->runs().saveRuns(runs))
        qFatal("cannot save the runs");
    return db;
}

} // namespace

class TstCliHistory : public QObject
{
    Q_OBJECT
private slots:
    void historyTableJsonAndChart();
    void regressionsAcrossTheDatabase();
    void usageErrors();
    void runGateAgainstTheCurrentSegment();
};

void TstCliHistory::historyTableJsonAndChart()
{
    QTemporaryDir dir;
    const QString db = seeded(dir);
    QByteArray out, err;
    const QString png = dir.filePath(u"h.png"_s), svg = dir.filePath(u"h.svg"_s);
    QCOMPARE(cli({u"--db"_s, db, u"history"_s, u"--host-pair"_s, u"adam,eve"_s, u"--kind"_s, u"tcp_rr"_s, u"--chart"_s, png},
                 &out, &err),
             0);
    const QString text = QString::fromUtf8(out);
    QVERIFY2(text.contains(u"history: tcp_rr"_s) && text.contains(u"adam → eve"_s), qPrintable(text));
    QVERIFY2(text.contains(u"2026-10-21T02:00:00Z: client driver version: 3.2 → 3.8"_s), qPrintable(text));
    QVERIFY2(text.contains(u"on 2026-10-21"_s) && text.contains(u"when the client driver went from e1000e 3.2 to 3.8"_s),
             qPrintable(text));
    // Night 22's tags and note on its row.
    QVERIFY2(text.contains(u"cable re-crimped, fw-4.2; after the update"_s), qPrintable(text));
    QVERIFY(QFile(png).size() > 10000);
    QCOMPARE(cli({u"--db"_s, db, u"--json"_s, u"history"_s, u"--host-pair"_s, u"adam,eve"_s, u"--kind"_s, u"tcp_rr"_s,
                  u"--chart"_s, svg},
                 &out, &err),
             0);
    QCOMPARE(jsonLines(out, u"history"_s).size(), 1);
    QCOMPARE(jsonLines(out, u"history"_s).first().value(u"unit"_s).toString(), u"tr/s"_s);
    const auto points = jsonLines(out, u"point"_s);
    QCOMPARE(points.size(), 35);
    QVERIFY(points.first().value(u"mean"_s).toDouble() > 9700);
    QVERIFY(!points.first().contains(u"ci_low"_s)); // one run per night: no interval
    QVERIFY(!points.first().contains(u"tags"_s));
    QCOMPARE(points[22].value(u"tags"_s).toArray(), (QJsonArray{u"cable re-crimped"_s, u"fw-4.2"_s}));
    QCOMPARE(points[22].value(u"notes"_s).toString(), u"after the update"_s);
    QCOMPARE(jsonLines(out, u"environment_change"_s).size(), 1);
    const auto changes = jsonLines(out, u"change_point"_s);
    QCOMPARE(changes.size(), 1);
    QCOMPARE(changes.first().value(u"point"_s).toInt(), 20);
    QVERIFY(changes.first().value(u"worse"_s).toBool());
    const double pct = changes.first().value(u"relative_change_pct"_s).toDouble();
    QVERIFY2(pct < -7 && pct > -9, qPrintable(QString::number(pct)));
    QFile chart(svg);
    QVERIFY(chart.open(QIODevice::ReadOnly));
    QVERIFY(chart.readAll().contains("<svg"));

    // --csv -: the points' CSV is all of standard output, the same bytes as --csv FILE.
    const QStringList pair{u"--db"_s, db, u"history"_s, u"--host-pair"_s, u"adam,eve"_s, u"--kind"_s, u"tcp_rr"_s};
    const QString csvFile = dir.filePath(u"h.csv"_s);
    QCOMPARE(cli(pair + QStringList{u"--csv"_s, csvFile}, &out, &err), 0);
    QVERIFY2(out.contains("wrote " + csvFile.toUtf8()), out.constData());
    QFile written(csvFile);
    QVERIFY(written.open(QIODevice::ReadOnly));
    const QByteArray csvBytes = written.readAll();
    QCOMPARE(cli(pair + QStringList{u"--csv"_s, u"-"_s}, &out, &err), 0);
    QCOMPARE(out, csvBytes);
    const QList<QByteArray> rows = out.trimmed().split('\n');
    QCOMPARE(rows.size(), 36); // a header and the 35 nights
    // A chart needs a file.
    QCOMPARE(cli(pair + QStringList{u"--chart"_s, u"-"_s}, &out, &err), 2);
    QVERIFY2(err.startsWith("wirebench-cli history: --chart needs a file"), err.constData());
    QVERIFY(out.isEmpty());
}

void TstCliHistory::regressionsAcrossTheDatabase()
{
    QTemporaryDir dir;
    const QString db = seeded(dir);
    QByteArray out, err;
    QCOMPARE(cli({u"--db"_s, db, u"--json"_s, u"regressions"_s}, &out, &err), 0);
    const auto found = jsonLines(out, u"regression"_s);
    QCOMPARE(found.size(), 1);
    QCOMPARE(found.first().value(u"element"_s).toString(), u"adam → eve"_s);
    QCOMPARE(found.first().value(u"kind"_s).toString(), u"tcp_rr"_s);
    QVERIFY(found.first().value(u"sentence"_s).toString().contains(u"driver went from e1000e 3.2 to 3.8"_s));
    QCOMPARE(jsonLines(out, u"summary"_s).first().value(u"runs"_s).toInt(), 35);
    // Nothing since after the change.
    QCOMPARE(cli({u"--db"_s, db, u"regressions"_s, u"--since"_s, u"2026-10-22"_s}, &out, &err), 0);
    QVERIFY2(out.contains("no regressions: 0 change(s)"), out.constData());
    QCOMPARE(cli({u"--db"_s, db, u"regressions"_s}, &out, &err), 0);
    QVERIFY2(out.contains("adam → eve") && out.contains("1 change(s) in 1 histories of 35 runs"), out.constData());
}

void TstCliHistory::usageErrors()
{
    QTemporaryDir dir;
    const QString db = seeded(dir);
    QByteArray out, err;
    QCOMPARE(cli({u"--db"_s, db, u"history"_s, u"--kind"_s, u"tcp_rr"_s}, &out, &err), 2);
    QVERIFY2(err.contains("name one element"), err.constData());
    QCOMPARE(cli({u"--db"_s, db, u"history"_s, u"--host-pair"_s, u"adam"_s, u"--kind"_s, u"tcp_rr"_s}, &out, &err), 2);
    QVERIFY2(err.contains("--host-pair takes CLIENT,SERVER"), err.constData());
    QCOMPARE(cli({u"--db"_s, db, u"history"_s, u"--nic"_s, u"adam/eth0"_s, u"--kind"_s, u"nope"_s}, &out, &err), 2);
    QVERIFY2(err.contains("--kind must be one of"), err.constData());
    QCOMPARE(cli({u"--db"_s, db, u"history"_s, u"--host-pair"_s, u"adam,zeus"_s, u"--kind"_s, u"tcp_rr"_s}, &out, &err), 1);
    QVERIFY2(err.contains("no finished tcp_rr runs"), err.constData());
    QCOMPARE(cli({u"--db"_s, db, u"history"_s, u"--host-pair"_s, u"adam,eve"_s, u"--kind"_s, u"tcp_rr"_s, u"--condition"_s,
                  u"4"_s},
                 &out, &err),
             2);
    // The one form of a mistake, then the conditions it may name, numbered.
    const QList<QByteArray> lines = err.split('\n');
    QVERIFY2(lines.size() == 3 && lines[2].isEmpty(), err.constData());
    QCOMPARE(lines[0], QByteArray("wirebench-cli history: --condition takes a number from 1 to 1, one of the conditions "
                                  "below (see 'wirebench-cli history --help')"));
    QVERIFY2(lines[1].startsWith("  1. ") && lines[1].size() > 8, err.constData());
    QCOMPARE(cli({u"--db"_s, db, u"regressions"_s, u"--since"_s, u"yesterday"_s}, &out, &err), 2);
    QVERIFY2(err.contains("is not a date"), err.constData());
}

// A real plan on local agents, once to learn what it measures; then a
// history of that case 10× better (the new run is far worse: exit 3) or
// 10× worse (the new run is far better: exit 0).
void TstCliHistory::runGateAgainstTheCurrentSegment()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(u"r.sqlite"_s);
    const QString plan = dir.filePath(u"p.json"_s);
    {
        QFile f(plan);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"name":"gate","hosts":{"a":{"transport":"local"},"b":{"transport":"local"}},"tests":[
            {"name":"rr","kind":"tcp_rr","client":"a","server":"b","duration_s":0.3,"repetitions":2}]})");
    }
    QByteArray out, err;
    // No history yet: nothing to judge.
    QCOMPARE(cli({u"--db"_s, db, u"run"_s, plan, u"--fail-if-worse"_s, u"5"_s}, &out, &err, 120000), 1);
    QVERIFY2(err.contains("not judged: rr (") && err.contains("judged nothing"), err.constData());
    QList<wb::StoredRun> measured;
    {
        auto store = wb::ResultStore::open(db);
        QVERIFY(store);
        wb::RunFilter finished;
        finished.status = wb::RunStatus::Finished;
        finished.withMetrics = true;
        auto runs = (*store)->runs().listRuns(finished);
        QVERIFY(runs && runs->size() == 2);
        measured = *runs;
    }
    // A history before it, from a copy of what it measured scaled by `factor`.
    const auto history = [&](const QString &file, double factor) {
        QFile::remove(file);
        QVERIFY(QFile::copy(db, file));
        auto store = wb::ResultStore::open(file);
        QVERIFY(store);
        QList<wb::StoredRun> past;
        for (int night = 1; night <= 6; ++night) {
            wb::StoredRun r = measured.first();
            r.id = 0;
            r.uuid.clear();
            r.measurementUuid.clear();
            r.plan = u"older"_s;
            r.startedAt = r.startedAt.addDays(-night);
            for (wb::Metric &m : r.record.metrics)
                m.value *= factor * (1 + 0.01 * night);
            past << r;
        }
        QVERIFY((*store)->runs().saveRuns(past));
        // The first plan run leaves the history: measured on a busy machine
        // it can be several times slower than the gated run, and it would
        // sit in the current segment beside the scaled nights.
        QList<qint64> firstRun;
        for (const wb::StoredRun &m : measured)
            firstRun << m.id;
        QVERIFY((*store)->runs().deleteRuns(firstRun));
    };
    const QString better = dir.filePath(u"better.sqlite"_s), worse = dir.filePath(u"worse.sqlite"_s);
    history(better, 10);
    history(worse, 0.1);
    const int gated = cli({u"--db"_s, better, u"run"_s, plan, u"--fail-if-worse"_s, u"5"_s}, &out, &err, 120000);
    QVERIFY2(gated == 3, err.constData());
    QVERIFY2(err.contains("wirebench-cli run: worse than its history by more than 5%: rr ("), err.constData());
    QVERIFY2(err.contains("worse by"), err.constData());
    const auto regressionNotices = [](const QString &file) {
        auto store = wb::ResultStore::open(file);
        QList<wb::RunNotice> found;
        if (!store)
            return found;
        auto unseen = (*store)->notices().unseenNotices();
        for (const wb::RunNotice &n : unseen ? *unseen : QList<wb::RunNotice>{})
            if (n.kind == wb::RunNoticeKind::Regression)
                found << n;
        return found;
    };
    // By hand the verdict is the exit code alone; a scheduled run also
    // leaves it on the run, for the desktop program, and in its log.
    QVERIFY(regressionNotices(better).isEmpty());
    const QString scheduled = dir.filePath(u"scheduled.sqlite"_s);
    history(scheduled, 10);
    QCOMPARE(cli({u"--db"_s, scheduled, u"run"_s, plan, u"--schedule"_s, u"nightly"_s, u"--fail-if-worse"_s, u"5"_s},
                 &out, &err, 120000),
             3);
    QVERIFY2(err.contains("warning: regression: rr ("), err.constData());
    const QList<wb::RunNotice> noted = regressionNotices(scheduled);
    QCOMPARE(noted.size(), 1);
    QVERIFY2(noted.first().text.contains(u"worse than its history by"_s), qPrintable(noted.first().text));
    QCOMPARE(noted.first().testCase, u"rr"_s);
    QCOMPARE(cli({u"--db"_s, worse, u"--json"_s, u"run"_s, plan, u"--fail-if-worse"_s, u"5"_s}, &out, &err, 120000), 0);
    const auto gate = jsonLines(out, u"gate"_s);
    QCOMPARE(gate.size(), 1);
    QVERIFY2(gate.first().value(u"judged"_s).toInt() >= 1, out.constData());
    QVERIFY(gate.first().value(u"worse"_s).toArray().isEmpty());
    QCOMPARE(cli({u"--db"_s, db, u"run"_s, plan, u"--fail-if-worse"_s, u"x"_s}, &out, &err), 2);
    QVERIFY2(err.contains("percentage from 0 to 1000"), err.constData());
}

QTEST_GUILESS_MAIN(TstCliHistory)
#include "tst_clihistory.moc"
