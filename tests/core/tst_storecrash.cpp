// SPDX-License-Identifier: GPL-3.0-or-later
// Crash test: a writer process committing runs (store_crash_writer) is
// killed with SIGKILL at random points, 20 times, on the same database.
// After each kill: integrity_check is ok, no finished run is half written,
// a run still marked running has no metrics, and every run the writer
// reported committed is there and complete.

#include "store/resultstore.h"
#include "store/runstore.h"

#include <QProcess>
#include <QRandomGenerator>
#include <QSet>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

class TstStoreCrash : public QObject
{
    Q_OBJECT
private slots:
    void killedWriterLosesNothingCommitted();
};

void TstStoreCrash::killedWriterLosesNothingCommitted()
{
    constexpr int kKills = 20;
    QTemporaryDir dir;
    const QString path = dir.filePath(u"crash.sqlite"_s);
    QRandomGenerator rng(quint32(QDateTime::currentMSecsSinceEpoch()));
    QSet<QString> committed;
    QSet<QString> midWrite;
    for (int round = 0; round < kKills; ++round) {
        QProcess writer;
        writer.setProgram(QStringLiteral(WB_CRASH_WRITER));
        writer.setArguments({path, u"r%1"_s.arg(round)});
        writer.start();
        QVERIFY2(writer.waitForStarted(5000), qPrintable(writer.errorString()));
        // Let it get going (opening, maybe recovering the WAL) until its
        // first commit, then kill it at a random point after that.
        QByteArray out;
        while (!out.contains('\n') && writer.waitForReadyRead(10000))
            out += writer.readAllStandardOutput();
        QVERIFY2(out.contains('\n'), qPrintable(QString::fromUtf8(writer.readAllStandardError())));
        QTest::qWait(int(rng.bounded(150)));
        QVERIFY2(writer.state() == QProcess::Running, qPrintable(QString::fromUtf8(writer.readAllStandardError())));
        writer.kill(); // SIGKILL
        QVERIFY(writer.waitForFinished(5000));
        QCOMPARE(writer.exitStatus(), QProcess::CrashExit);
        out += writer.readAllStandardOutput();
        const QList<QByteArray> lines = out.split('\n');
        int here = 0;
        for (const QByteArray &line : lines) {
            if (!line.startsWith("committed "))
                continue;
            for (const QByteArray &uuid : line.mid(10).split(' '))
                committed.insert(QString::fromUtf8(uuid));
            ++here;
        }
        QVERIFY2(here > 0, "the writer committed nothing before the kill; raise the delay");

        auto store = wb::ResultStore::open(path);
        QVERIFY2(store.ok(), qPrintable(store.message()));
        QVERIFY2((*store)->checkIntegrity().ok(), qPrintable((*store)->checkIntegrity().message()));
        QSqlQuery q((*store)->database());
        QVERIFY(q.exec(u"SELECT r.uuid, r.status, (SELECT count(*) FROM metrics m WHERE m.run_id = r.id), "
                       "(SELECT coalesce(sum(count), 0) FROM sample_chunks s WHERE s.run_id = r.id) FROM runs r"_s));
        QSet<QString> present;
        while (q.next()) {
            const QString uuid = q.value(0).toString();
            const QString status = q.value(1).toString();
            present.insert(uuid);
            if (status == u"finished"_s) {
                QVERIFY2(q.value(2).toInt() == 5, qPrintable(uuid + u": half-written metrics"_s));
                QVERIFY2(q.value(3).toInt() == 200, qPrintable(uuid + u": half-written samples"_s));
            } else {
                QCOMPARE(status, u"running"_s);
                QVERIFY2(q.value(2).toInt() == 0, qPrintable(uuid + u": a running run with metrics"_s));
                QVERIFY2(!committed.contains(uuid), qPrintable(uuid + u": reported committed but not finished"_s));
                midWrite.insert(uuid);
            }
        }
        for (const QString &uuid : std::as_const(committed))
            QVERIFY2(present.contains(uuid), qPrintable(uuid + u" was reported committed but is missing"_s));
    }
    qInfo("%d kills, %lld runs committed, %d live runs caught mid-write", kKills, qlonglong(committed.size()),
          int(midWrite.size()));
}

QTEST_GUILESS_MAIN(TstStoreCrash)
#include "tst_storecrash.moc"
