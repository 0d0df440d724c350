// SPDX-License-Identifier: GPL-3.0-or-later
// The desktop program's command line, run as a user would: --help and
// --version answer with no display at all (no DISPLAY, WAYLAND_DISPLAY or
// QT_QPA_PLATFORM), --db and WIREBENCH_DB choose the database it opens (--db
// first), and Qt's "XDG_RUNTIME_DIR not set" warning never reaches stderr.

#include <QFile>
#include <QProcess>
#include <QProcessEnvironment>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {

const QString kWirebench = QStringLiteral(WB_BIN_DIR "/wirebench");

} // namespace

class TstDesktopCommandLine : public QObject
{
    Q_OBJECT
private slots:
    void init();
    void helpAndVersionWithoutDisplay_data();
    void helpAndVersionWithoutDisplay();
    void wrongOptionExitsTwoWithoutDisplay_data();
    void wrongOptionExitsTwoWithoutDisplay();
    void databaseFromOptionThenEnvironment();
    void noRuntimeDirWarning();

private:
    QProcessEnvironment environment(bool display) const;
    // Starts wirebench and waits (at most 30 s) until `file` exists, then stops it.
    bool opensFile(const QStringList &args, const QProcessEnvironment &env, const QString &file);
    std::unique_ptr<QTemporaryDir> m_dir;
};

void TstDesktopCommandLine::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
}

QProcessEnvironment TstDesktopCommandLine::environment(bool display) const
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const QString &v : {u"DISPLAY"_s, u"WAYLAND_DISPLAY"_s, u"QT_QPA_PLATFORM"_s, u"WIREBENCH_DB"_s,
                             u"XDG_RUNTIME_DIR"_s})
        env.remove(v);
    if (display)
        env.insert(u"QT_QPA_PLATFORM"_s, u"offscreen"_s);
    env.insert(u"HOME"_s, m_dir->path());
    env.insert(u"XDG_CONFIG_HOME"_s, m_dir->filePath(u"config"_s));
    env.insert(u"XDG_DATA_HOME"_s, m_dir->filePath(u"data"_s));
    return env;
}

void TstDesktopCommandLine::helpAndVersionWithoutDisplay_data()
{
    QTest::addColumn<QString>("option");
    QTest::addColumn<QString>("expected");
    QTest::newRow("--help") << u"--help"_s << u"--db <file|url>"_s;
    QTest::newRow("-h") << u"-h"_s << u"--palette <name>"_s;
    QTest::newRow("--version") << u"--version"_s << u"wirebench " WIREBENCH_VERSION ""_s;
}

void TstDesktopCommandLine::helpAndVersionWithoutDisplay()
{
    QFETCH(QString, option);
    QFETCH(QString, expected);
    QProcess p;
    p.setProcessEnvironment(environment(false));
    p.start(kWirebench, {option});
    QVERIFY(p.waitForFinished(20000));
    const QString out = QString::fromUtf8(p.readAllStandardOutput());
    const QString err = QString::fromUtf8(p.readAllStandardError());
    QCOMPARE(p.exitStatus(), QProcess::NormalExit);
    QCOMPARE(p.exitCode(), 0);
    QVERIFY2(out.contains(expected), qPrintable(out + err));
    QVERIFY2(!err.contains(u"xcb"_s) && !err.contains(u"platform plugin"_s), qPrintable(err));
}

void TstDesktopCommandLine::wrongOptionExitsTwoWithoutDisplay_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("expected");
    QTest::newRow("unknown option") << QStringList{u"--bogus"_s} << u"Unknown option 'bogus'."_s;
    QTest::newRow("missing value") << QStringList{u"--db"_s} << u"Missing value after '--db'."_s;
    // Qt's own options (QApplication takes them) are not the program's
    // mistakes: the one after them is the one named.
    QTest::newRow("after Qt's options")
        << QStringList{u"-platform"_s, u"offscreen"_s, u"--style=Fusion"_s, u"-reverse"_s, u"--bogus"_s}
        << u"Unknown option 'bogus'."_s;
}

// wirebench.1: 2 for a wrong option, said on stderr, and no display is
// needed to say it.
void TstDesktopCommandLine::wrongOptionExitsTwoWithoutDisplay()
{
    QFETCH(QStringList, args);
    QFETCH(QString, expected);
    QProcess p;
    p.setProcessEnvironment(environment(false));
    p.start(kWirebench, args);
    QVERIFY(p.waitForFinished(20000));
    const QString err = QString::fromUtf8(p.readAllStandardError());
    QCOMPARE(p.exitStatus(), QProcess::NormalExit);
    QCOMPARE(p.exitCode(), 2);
    QVERIFY2(err.contains(u"wirebench: "_s + expected), qPrintable(err));
    QVERIFY2(!err.contains(u"xcb"_s) && !err.contains(u"platform plugin"_s), qPrintable(err));
}

bool TstDesktopCommandLine::opensFile(const QStringList &args, const QProcessEnvironment &env, const QString &file)
{
    QProcess p;
    p.setProcessEnvironment(env);
    p.start(kWirebench, args);
    if (!p.waitForStarted(10000))
        return false;
    bool appeared = false;
    for (int i = 0; i < 300 && !appeared && p.state() == QProcess::Running; ++i) {
        QTest::qWait(100);
        appeared = QFile::exists(file);
    }
    p.kill(); // the process this test started, by its handle
    p.waitForFinished(10000);
    return appeared;
}

void TstDesktopCommandLine::databaseFromOptionThenEnvironment()
{
    const QString fromOption = m_dir->filePath(u"option.sqlite"_s);
    const QString fromEnv = m_dir->filePath(u"env.sqlite"_s);
    QProcessEnvironment env = environment(true);
    env.insert(u"WIREBENCH_DB"_s, fromEnv);
    QVERIFY(opensFile({u"--db"_s, fromOption}, env, fromOption));
    // With one of Qt's own options before it, as QApplication takes them.
    QVERIFY(opensFile({u"-platform"_s, u"offscreen"_s, u"--db"_s, fromOption}, env, fromOption));
    QVERIFY(!QFile::exists(fromEnv));
    QVERIFY(opensFile({}, env, fromEnv));
    // Neither is remembered: the settings still name the default database.
    QVERIFY(opensFile({}, environment(true), m_dir->filePath(u"data/wirebench/wirebench.sqlite"_s)));
}

void TstDesktopCommandLine::noRuntimeDirWarning()
{
    QProcess p;
    p.setProcessEnvironment(environment(true)); // no XDG_RUNTIME_DIR
    p.start(kWirebench, {u"--self-test"_s, u"--db"_s, m_dir->filePath(u"r.sqlite"_s)});
    QVERIFY(p.waitForFinished(60000));
    const QString out = QString::fromUtf8(p.readAllStandardOutput());
    const QString err = QString::fromUtf8(p.readAllStandardError());
    QCOMPARE(p.exitCode(), 0);
    QVERIFY2(out.contains(u"local agent"_s), qPrintable(out + err));
    QVERIFY2(!err.contains(u"XDG_RUNTIME_DIR"_s), qPrintable(err));
}

QTEST_GUILESS_MAIN(TstDesktopCommandLine)
#include "tst_desktopcommandline.moc"
