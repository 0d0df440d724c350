// SPDX-License-Identifier: GPL-3.0-or-later
// What the CLI's user sees at the edges: a run cancelled by SIGINT (Ctrl-C)
// or SIGTERM exits 130 with what finished stored and, under --json, nothing
// but typed lines on standard output; and Qt's "XDG_RUNTIME_DIR not set"
// warning (sudo, cron, ssh without a login session) never reaches stderr.

#include "clitestrun.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>

using namespace Qt::StringLiterals;
using wb::test::CliRun;

class TstCliSignals : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void cancelledRunExits130_data();
    void cancelledRunExits130();
    void noRuntimeDirectoryWarning();

private:
    QProcessEnvironment environment(bool withRuntimeDir) const;
    QTemporaryDir m_home;
    QString m_plan;
};

void TstCliSignals::initTestCase()
{
    QVERIFY(m_home.isValid());
    m_plan = m_home.filePath(u"p.json"_s);
    QFile f(m_plan);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(R"({"name":"signals","hosts":{"a":{"transport":"local"},"b":{"transport":"local"}},"tests":[
        {"name":"first","kind":"tcp_rr","client":"a","server":"b","duration_s":0.3},
        {"name":"long","kind":"tcp_stream","client":"a","server":"b","duration_s":30}]})");
}

QProcessEnvironment TstCliSignals::environment(bool withRuntimeDir) const
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(u"HOME"_s, m_home.path());
    env.insert(u"XDG_DATA_HOME"_s, m_home.filePath(u"share"_s));
    env.insert(u"XDG_CONFIG_HOME"_s, m_home.filePath(u"config"_s));
    env.remove(u"WIREBENCH_DB"_s);
    if (!withRuntimeDir)
        env.remove(u"XDG_RUNTIME_DIR"_s);
    return env;
}

void TstCliSignals::cancelledRunExits130_data()
{
    QTest::addColumn<int>("signal");
    QTest::addColumn<bool>("json");
    QTest::newRow("SIGINT") << int(SIGINT) << false;
    QTest::newRow("SIGINT --json") << int(SIGINT) << true;
    QTest::newRow("SIGTERM --json") << int(SIGTERM) << true;
}

void TstCliSignals::cancelledRunExits130()
{
    QFETCH(int, signal);
    QFETCH(bool, json);
    const QString db = m_home.filePath(u"s-%1-%2.sqlite"_s.arg(signal).arg(json));
    QStringList args{u"--db"_s, db, u"run"_s, m_plan};
    if (json)
        args << u"--json"_s;
    QProcess p;
    p.setProcessEnvironment(environment(false));
    p.start(wb::test::kCli, args);
    QVERIFY(p.waitForStarted());
    QByteArray err;
    QTRY_VERIFY_WITH_TIMEOUT((err += p.readAllStandardError(), err.contains("first: finished")), 30000);
    QTest::qWait(300); // the long case under way
    ::kill(pid_t(p.processId()), signal);
    QVERIFY(p.waitForFinished(20000));
    err += p.readAllStandardError();
    const QString out = QString::fromUtf8(p.readAllStandardOutput());
    QCOMPARE(p.exitStatus(), QProcess::NormalExit);
    QCOMPARE(p.exitCode(), 130);
    QVERIFY2(!err.contains("XDG_RUNTIME_DIR"), err.constData());
    if (!json) {
        QVERIFY2(out.contains(u"1 finished"_s) && out.contains(u"1 cancelled"_s), qPrintable(out));
        return;
    }
    QStringList statuses;
    for (const QString &line : out.split(u'\n', Qt::SkipEmptyParts)) {
        const QJsonObject o = QJsonDocument::fromJson(line.toUtf8()).object();
        QVERIFY2(!o.value(u"type"_s).toString().isEmpty(), qPrintable(line));
        if (o.value(u"type"_s).toString() == u"case"_s)
            statuses << o.value(u"status"_s).toString();
    }
    QCOMPARE(statuses, (QStringList{u"finished"_s, u"cancelled"_s}));
}

// compare --chart starts a QApplication, which asks for the runtime
// directory: without XDG_RUNTIME_DIR, Qt warns, and the warning must not
// reach the user. Other commands the same.
void TstCliSignals::noRuntimeDirectoryWarning()
{
    const QString db = m_home.filePath(u"w.sqlite"_s);
    const QList<QStringList> commands{
        {u"run"_s, m_home.filePath(u"quick.json"_s)},
        {u"compare"_s, u"--kind"_s, u"tcp_rr"_s, u"--chart"_s, m_home.filePath(u"c.svg"_s)},
        {u"runs"_s, u"list"_s},
        {u"agents"_s, u"check"_s},
        {u"--help"_s},
    };
    {
        QFile f(commands.first().at(1));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"name":"quick","hosts":{"a":{"transport":"local"},"b":{"transport":"local"}},"tests":[
            {"name":"rr","kind":"tcp_rr","client":"a","server":"b","duration_s":0.3},
            {"name":"rr 2","kind":"tcp_rr","client":"a","server":"b","duration_s":0.3}]})");
    }
    for (const QStringList &c : commands) {
        QProcess p;
        p.setProcessEnvironment(environment(false));
        p.start(wb::test::kCli, QStringList{u"--db"_s, db} + c);
        QVERIFY(p.waitForFinished(60000));
        const QByteArray err = p.readAllStandardError();
        QVERIFY2(p.exitCode() == 0, qPrintable(c.join(u' ') + u": "_s + QString::fromUtf8(err)));
        QVERIFY2(!err.contains("XDG_RUNTIME_DIR"), qPrintable(c.join(u' ') + u": "_s + QString::fromUtf8(err)));
    }
    QVERIFY(QFile::exists(m_home.filePath(u"c.svg"_s)));
}

QTEST_GUILESS_MAIN(TstCliSignals)
#include "tst_clisignals.moc"
