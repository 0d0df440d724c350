// SPDX-License-Identifier: GPL-3.0-or-later
// Which database wirebench-cli opens: --db, then WIREBENCH_DB, then the
// default file in the user's data folder. Checked by which real file each
// run creates, and by `db info`'s path.

#include <QFile>
#include <QProcess>
#include <QProcessEnvironment>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {

const QString kCli = QStringLiteral(WB_BIN_DIR "/wirebench-cli");

} // namespace

class TstCliDatabaseChoice : public QObject
{
    Q_OBJECT
private slots:
    void init();
    void defaultWithoutEither();
    void environmentWhenNoOption();
    void optionWinsOverEnvironment();
    void helpSaysSo();

private:
    int run(const QStringList &args, const QString &environmentDb, QString *out = nullptr);
    std::unique_ptr<QTemporaryDir> m_dir;
    QString defaultDb() const { return m_dir->filePath(u"data/wirebench/wirebench.sqlite"_s); }
};

void TstCliDatabaseChoice::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
}

int TstCliDatabaseChoice::run(const QStringList &args, const QString &environmentDb, QString *out)
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(u"XDG_DATA_HOME"_s, m_dir->filePath(u"data"_s));
    env.insert(u"HOME"_s, m_dir->path());
    if (environmentDb.isNull())
        env.remove(u"WIREBENCH_DB"_s);
    else
        env.insert(u"WIREBENCH_DB"_s, environmentDb);
    p.setProcessEnvironment(env);
    p.start(kCli, args);
    if (!p.waitForFinished(30000))
        return -1;
    if (out)
        *out = QString::fromUtf8(p.readAllStandardOutput());
    return p.exitCode();
}

void TstCliDatabaseChoice::defaultWithoutEither()
{
    QCOMPARE(run({u"baselines"_s, u"list"_s}, QString()), 0);
    QVERIFY(QFile::exists(defaultDb()));
}

void TstCliDatabaseChoice::environmentWhenNoOption()
{
    const QString fromEnv = m_dir->filePath(u"env.sqlite"_s);
    QString out;
    QCOMPARE(run({u"baselines"_s, u"list"_s}, fromEnv), 0); // creates it
    QVERIFY(QFile::exists(fromEnv));
    QCOMPARE(run({u"db"_s, u"info"_s}, fromEnv, &out), 0);
    QVERIFY(!QFile::exists(defaultDb()));
    QVERIFY2(out.contains(fromEnv), qPrintable(out));
}

void TstCliDatabaseChoice::optionWinsOverEnvironment()
{
    const QString fromEnv = m_dir->filePath(u"env.sqlite"_s);
    const QString fromOption = m_dir->filePath(u"option.sqlite"_s);
    // Before the command and after it alike.
    QCOMPARE(run({u"--db"_s, fromOption, u"baselines"_s, u"list"_s}, fromEnv), 0);
    QCOMPARE(run({u"runs"_s, u"list"_s, u"--db"_s, fromOption}, fromEnv), 0);
    QVERIFY(QFile::exists(fromOption));
    QVERIFY(!QFile::exists(fromEnv));
    QVERIFY(!QFile::exists(defaultDb()));
}

void TstCliDatabaseChoice::helpSaysSo()
{
    QString out;
    QCOMPARE(run({u"--help"_s}, QString(), &out), 0);
    QVERIFY2(out.contains(u"WIREBENCH_DB"_s), qPrintable(out));
    QVERIFY2(out.contains(u"130"_s), qPrintable(out)); // the exit status of an interrupted run
}

QTEST_GUILESS_MAIN(TstCliDatabaseChoice)
#include "tst_clidatabasechoice.moc"
