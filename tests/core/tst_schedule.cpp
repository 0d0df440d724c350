// SPDX-License-Identifier: GPL-3.0-or-later
// Scheduled plans as systemd user units: what the units say, how they are
// read back, and what is refused before anything is written.

#include "run/schedule.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

class TstSchedule : public QObject
{
    Q_OBJECT
private slots:
    void intervals();
    void refusedBeforeWriting_data();
    void refusedBeforeWriting();
    void unitsRoundTrip();
    void awkwardPathsAreQuoted();
};

void TstSchedule::intervals()
{
    QCOMPARE(wb::parseScheduleInterval(u"30m"_s), std::optional<qint64>(1800));
    QCOMPARE(wb::parseScheduleInterval(u"6h"_s), std::optional<qint64>(21600));
    QCOMPARE(wb::parseScheduleInterval(u"1d"_s), std::optional<qint64>(86400));
    QCOMPARE(wb::parseScheduleInterval(u"2w"_s), std::optional<qint64>(1209600));
    for (const QString &bad : {u"30s"_s, u"0h"_s, u"6"_s, u"h"_s, u"-1h"_s, u"1.5h"_s, u"9999999h"_s})
        QVERIFY2(!wb::parseScheduleInterval(bad), qPrintable(bad));
}

void TstSchedule::refusedBeforeWriting_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<int>("when");
    QTest::addColumn<QString>("spec");
    QTest::addColumn<QString>("plan");
    QTest::addColumn<QString>("expected");
    QTest::newRow("name") << u"night ly"_s << 0 << u"6h"_s << u"/p.json"_s << u"schedule name 'night ly'"_s;
    QTest::newRow("seconds") << u"n"_s << 0 << u"30s"_s << u"/p.json"_s << u"--every '30s'"_s;
    QTest::newRow("hour 25") << u"n"_s << 1 << u"25:00"_s << u"/p.json"_s << u"--at '25:00'"_s;
    QTest::newRow("empty calendar") << u"n"_s << 2 << u" "_s << u"/p.json"_s << u"--on-calendar"_s;
    QTest::newRow("relative plan") << u"n"_s << 0 << u"6h"_s << u"p.json"_s << u"absolute path"_s;
    QTest::newRow("newline") << u"n"_s << 2 << u"daily\nExecStart=/bin/sh"_s << u"/p.json"_s << u"one line"_s;
}

void TstSchedule::refusedBeforeWriting()
{
    QFETCH(QString, name);
    QFETCH(int, when);
    QFETCH(QString, spec);
    QFETCH(QString, plan);
    QFETCH(QString, expected);
    wb::Schedule s{name, plan, QString(), u"/usr/bin/wirebench-cli"_s, wb::Schedule::When(when), spec, QString()};
    const QString why = s.validate();
    QVERIFY2(why.contains(expected), qPrintable(why));
    QTemporaryDir dir;
    QString error;
    QVERIFY(!wb::writeSchedule(dir.path(), s, &error));
    QCOMPARE(error, why);
    QVERIFY(QDir(dir.path()).isEmpty());
}

void TstSchedule::unitsRoundTrip()
{
    QTemporaryDir dir;
    const QString units = dir.filePath(u"units"_s);
    const wb::Schedule every{u"rr-6h"_s, u"/lab/plans/rr.json"_s, u"/lab/results.sqlite"_s,
                             u"/usr/bin/wirebench-cli"_s, wb::Schedule::When::Every, u"6h"_s, QString()};
    const wb::Schedule at{u"nightly"_s, u"/lab/plans/ftp.json"_s, u"postgresql://lab@db/wirebench"_s,
                          u"/usr/bin/wirebench-cli"_s, wb::Schedule::When::At, u"03:30"_s, u"5"_s};
    const wb::Schedule cal{u"mondays"_s, u"/lab/plans/rr.json"_s, QString(), u"/usr/bin/wirebench-cli"_s,
                           wb::Schedule::When::Calendar, u"Mon *-*-* 02:00"_s, QString()};
    QString error;
    for (const wb::Schedule &s : {every, at, cal})
        QVERIFY2(wb::writeSchedule(units, s, &error), qPrintable(error));
    QVERIFY(!wb::writeSchedule(units, every, &error));
    QVERIFY2(error.contains(u"exists"_s), qPrintable(error));

    QFile timer(QDir(units).filePath(u"wirebench-rr-6h.timer"_s));
    QVERIFY(timer.open(QIODevice::ReadOnly));
    const QString timerText = QString::fromUtf8(timer.readAll());
    QVERIFY(timerText.contains(u"OnUnitActiveSec=21600s\n"_s));
    QVERIFY(timerText.contains(u"Unit=wirebench-rr-6h.service\n"_s));
    QVERIFY(at.timerText().contains(u"OnCalendar=*-*-* 03:30:00\nPersistent=true\n"_s));
    QVERIFY(cal.timerText().contains(u"OnCalendar=Mon *-*-* 02:00\n"_s));
    QVERIFY(every.serviceText().contains(
        u"ExecStart=/usr/bin/wirebench-cli --db /lab/results.sqlite run /lab/plans/rr.json --schedule rr-6h\n"_s));
    QVERIFY(cal.serviceText().contains(u"ExecStart=/usr/bin/wirebench-cli run /lab/plans/rr.json --schedule mondays\n"_s));

    QStringList problems;
    const QList<wb::Schedule> listed = wb::listSchedules(units, &problems);
    QVERIFY(problems.isEmpty());
    QCOMPARE(listed.size(), 3);
    // By name: mondays, nightly, rr-6h.
    const wb::Schedule &m = listed[0], &n = listed[1], &r = listed[2];
    QCOMPARE(m.name, u"mondays"_s);
    QCOMPARE(int(m.when), int(wb::Schedule::When::Calendar));
    QCOMPARE(m.spec, cal.spec);
    QCOMPARE(n.databasePath, at.databasePath);
    // The regression gate goes with the schedule: on the run's command line and back.
    QVERIFY(at.serviceText().contains(u" run /lab/plans/ftp.json --schedule nightly --fail-if-worse 5\n"_s));
    QCOMPARE(n.failIfWorse, u"5"_s);
    QCOMPARE(n.command(), at.command());
    QVERIFY(r.failIfWorse.isEmpty());
    wb::Schedule badGate = at;
    badGate.failIfWorse = u"5%"_s;
    QVERIFY2(badGate.validate().contains(u"--fail-if-worse '5%'"_s), qPrintable(badGate.validate()));
    QCOMPARE(n.describe(), u"daily at 03:30"_s);
    QCOMPARE(r.planPath, every.planPath);
    QCOMPARE(r.command(), every.command());

    // A timer someone else wrote is named, not taken for a schedule.
    QFile foreign(QDir(units).filePath(u"wirebench-other.timer"_s));
    QVERIFY(foreign.open(QIODevice::WriteOnly));
    foreign.write("[Timer]\nOnCalendar=daily\n");
    foreign.close();
    QCOMPARE(wb::listSchedules(units, &problems).size(), 3);
    QCOMPARE(problems.size(), 1);

    QVERIFY2(wb::removeSchedule(units, u"nightly"_s, &error), qPrintable(error));
    QVERIFY(!QFile::exists(QDir(units).filePath(u"wirebench-nightly.timer"_s)));
    QVERIFY(!QFile::exists(QDir(units).filePath(u"wirebench-nightly.service"_s)));
    QVERIFY(!wb::removeSchedule(units, u"nightly"_s, &error));
    QVERIFY2(error.contains(u"no schedule named 'nightly'"_s), qPrintable(error));
}

// systemd's quoting: spaces quoted, '%' and '$' doubled (they are
// specifiers and variables there); systemd itself reads the unit back.
void TstSchedule::awkwardPathsAreQuoted()
{
    QTemporaryDir dir;
    const QString plan = dir.filePath(u"my plans/100% \"rr\".json"_s);
    const wb::Schedule s{u"odd"_s, plan, QString(), u"/bin/true"_s, wb::Schedule::When::Every, u"1h"_s, QString()};
    const QString text = s.serviceText();
    QString expected = plan;
    expected.replace(u'%', u"%%"_s).replace(u'"', u"\\\""_s);
    QVERIFY2(text.contains(u"run \""_s + expected + u"\" --schedule odd"_s), qPrintable(text));
    if (QStandardPaths::findExecutable(u"systemd-analyze"_s).isEmpty())
        QSKIP("systemd-analyze is not installed: the unit was not checked by systemd");
    const QString units = dir.filePath(u"units"_s);
    QString error;
    QVERIFY2(wb::writeSchedule(units, s, &error), qPrintable(error));
    QProcess p;
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.start(u"systemd-analyze"_s, {u"verify"_s, QDir(units).filePath(s.timerUnit()), QDir(units).filePath(s.serviceUnit())});
    QVERIFY(p.waitForFinished(30000));
    const QString out = QString::fromUtf8(p.readAll());
    QVERIFY2(p.exitCode() == 0, qPrintable(out));
    QVERIFY2(!out.contains(u"Unknown"_s) && !out.contains(u"nvalid"_s), qPrintable(out));
}

QTEST_GUILESS_MAIN(TstSchedule)
#include "tst_schedule.moc"
