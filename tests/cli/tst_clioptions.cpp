// SPDX-License-Identifier: GPL-3.0-or-later
// Every command's options as its user meets them: `COMMAND --help` and
// `COMMAND -h` list each option with its meaning, an option the command's
// table lacks is refused in one form (exit 2) for every command, the options
// the table has are all taken, and `compare --group-by` takes identifiers
// (host_pair, message_size) as well as the labels the desktop shows. A
// mistake in the arguments after the options has that same form.

#include "clitestrun.h"

#include "exchange/importer.h"
#include "result/metriccatalog.h"
#include "run/planpresets.h"
#include "store/resultstore.h"
#include "store/runstore.h"

#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <limits>

using namespace Qt::StringLiterals;
using wb::test::CliRun;
using wb::test::runCli;

namespace {

QString presetKeys()
{
    QStringList keys;
    for (const wb::PlanPreset &p : wb::planPresets())
        keys << p.key;
    return keys.join(u", "_s);
}

} // namespace

class TstCliOptions : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void everyCommandHasHelp_data();
    void everyCommandHasHelp();
    void unknownOptionsRefusedInOneForm_data();
    void unknownOptionsRefusedInOneForm();
    void everyListedOptionIsTaken_data();
    void everyListedOptionIsTaken();
    void valueAndFlagMistakes();
    void argumentMistakesInOneForm_data();
    void argumentMistakesInOneForm();
    void groupByIdentifiers();

private:
    void commandRows();
    QTemporaryDir m_home;
    QStringList m_commands;
};

void TstCliOptions::initTestCase()
{
    QVERIFY(m_home.isValid());
    m_commands = wb::test::listedCommands();
    // The table holds more than twenty commands; a parse that finds few
    // means the help changed shape, not that the commands went away.
    QVERIFY2(m_commands.size() > 20, qPrintable(m_commands.join(u", "_s)));
    QVERIFY(m_commands.contains(u"runs list"_s));
    QVERIFY(m_commands.contains(u"compare"_s));
}

void TstCliOptions::commandRows()
{
    QTest::addColumn<QString>("command");
    for (const QString &c : std::as_const(m_commands))
        QTest::newRow(qPrintable(c)) << c;
}

void TstCliOptions::everyCommandHasHelp_data()
{
    commandRows();
}

void TstCliOptions::everyCommandHasHelp()
{
    QFETCH(QString, command);
    const QStringList words = command.split(u' ');
    const CliRun help = runCli(words + QStringList{u"--help"_s}, m_home.path());
    QCOMPARE(help.code, 0);
    QVERIFY2(help.out.startsWith(u"Usage: wirebench-cli "_s + command), qPrintable(help.out));
    const QList<wb::test::HelpOption> options = wb::test::helpOptions(help.out);
    QVERIFY2(!options.isEmpty(), qPrintable(help.out));
    QStringList names;
    for (const auto &o : options) {
        QVERIFY2(o.meaning.size() > 5, qPrintable(o.name + u": "_s + o.meaning));
        names << o.name;
    }
    QVERIFY2(names.contains(u"--help"_s) && names.contains(u"--db"_s), qPrintable(help.out));
    // Every option the synopsis names is in the option list.
    const QString synopsis = help.out.section(u'\n', 0, 0);
    static const QRegularExpression longOption(u"--[a-z][a-z0-9-]*"_s);
    for (auto it = longOption.globalMatch(synopsis); it.hasNext();) {
        const QString o = it.next().captured();
        QVERIFY2(names.contains(o), qPrintable(command + u": the synopsis names "_s + o + u"; the options do not"_s));
    }
    // -h after the command is the same help.
    const CliRun h = runCli(words + QStringList{u"-h"_s}, m_home.path());
    QCOMPARE(h.code, 0);
    QCOMPARE(h.out, help.out);
    QVERIFY2(help.err.isEmpty(), qPrintable(help.err));
}

void TstCliOptions::unknownOptionsRefusedInOneForm_data()
{
    commandRows();
}

void TstCliOptions::unknownOptionsRefusedInOneForm()
{
    QFETCH(QString, command);
    const QStringList words = command.split(u' ');
    for (const QString &bad : {u"--no-such-option"_s, u"--no-such-option=1"_s, u"-Z"_s}) {
        const CliRun r = runCli(words + QStringList{bad, u"x"_s}, m_home.path());
        QCOMPARE(r.code, 2);
        const QString name = bad.section(u'=', 0, 0);
        QCOMPARE(r.err, u"wirebench-cli %1: unknown option %2 (see 'wirebench-cli %1 --help')\n"_s.arg(command, name));
        QVERIFY2(r.out.isEmpty(), qPrintable(r.out));
    }
}

void TstCliOptions::everyListedOptionIsTaken_data()
{
    QTest::addColumn<QString>("command");
    QTest::addColumn<QString>("option");
    QTest::addColumn<QString>("value");
    for (const QString &c : std::as_const(m_commands)) {
        const CliRun help = runCli(c.split(u' ') + QStringList{u"--help"_s}, m_home.path());
        for (const auto &o : wb::test::helpOptions(help.out)) {
            if (o.name == u"--help"_s || o.name == u"--db"_s)
                continue;
            QTest::newRow(qPrintable(c + u' ' + o.name)) << c << o.name << o.value;
            if (!o.alias.isEmpty())
                QTest::newRow(qPrintable(c + u' ' + o.alias)) << c << o.alias << o.value;
        }
    }
}

// An option the table has is never refused as unknown. The command runs
// with that option alone on an empty database (most then refuse a missing
// argument); what matters here is that the option was taken.
void TstCliOptions::everyListedOptionIsTaken()
{
    QFETCH(QString, command);
    QFETCH(QString, option);
    QFETCH(QString, value);
    // Commands that would reach out (SSH, the local agent, systemd) are
    // given no host or plan, so they stop at the missing argument.
    QStringList args{u"--db"_s, m_home.filePath(u"taken.sqlite"_s)};
    args += command.split(u' ');
    args << option;
    if (!value.isEmpty())
        args << u"x"_s;
    const CliRun r = runCli(args, m_home.path(), QByteArray(""), 60000);
    QVERIFY2(r.code >= 0, qPrintable(u"crashed or hung: "_s + args.join(u' ')));
    QVERIFY2(!r.err.contains(u"unknown option"_s), qPrintable(r.err));
    QVERIFY2(!r.err.contains(u"takes no value"_s) && !r.err.contains(u"needs a value"_s), qPrintable(r.err));
}

void TstCliOptions::argumentMistakesInOneForm_data()
{
    QTest::addColumn<QString>("command");
    QTest::addColumn<QStringList>("rest");
    QTest::addColumn<QString>("message");
    const QString maxId = QString::number(std::numeric_limits<qint64>::max());
    const QStringList pair{u"--host-pair"_s, u"a,b"_s};
    QTest::newRow("baselines list extra")
        << u"baselines list"_s << QStringList{u"extra"_s} << u"unexpected argument 'extra'"_s;
    QTest::newRow("baselines show number")
        << u"baselines show"_s << QStringList{u"1.5"_s} << u"'1.5' is not a baseline id (1, 2, ...)"_s;
    QTest::newRow("db export what")
        << u"db export"_s << QStringList{u"--what"_s, u"hosts"_s}
        << u"--what is archive, runs, metrics or samples; --format json or csv (the archive is JSON only)"_s;
    QTest::newRow("history kind") << u"history"_s << pair + QStringList{u"--kind"_s, u"ftp"_s}
                                  << u"--kind must be one of "_s + wb::testKinds().join(u", "_s);
    QTest::newRow("history metric")
        << u"history"_s << pair + QStringList{u"--kind"_s, u"udp_stream"_s, u"--metric"_s, u"speed"_s}
        << u"'speed' is not a metric; 'wirebench-cli runs show ID' lists the metrics a run recorded"_s;
    QTest::newRow("forget-password")
        << u"hosts forget-password"_s << QStringList{u"lab1"_s}
        << u"name one account as USER@HOST:PORT, as the password prompt showed it"_s;
    QTest::newRow("import format")
        << u"import"_s << QStringList{u"--format"_s, u"netflix"_s, u"a.json"_s}
        << u"unknown format 'netflix'; expected one of "_s + wb::Importer::formatNames().join(u", "_s);
    QTest::newRow("runs show")
        << u"runs show"_s << QStringList{u"-3"_s}
        << u"'-3' is not a run id (a whole number from 1 to %1) or a run UUID"_s.arg(maxId);
    QTest::newRow("runs delete") << u"runs delete"_s << QStringList{u"--yes"_s, u"five"_s}
                                 << u"'five' is not a run id (a whole number from 1 to %1)"_s.arg(maxId);
    QTest::newRow("runs tag")
        << u"runs tag"_s << QStringList{u"7"_s} << u"give a run (id or UUID) and one or more tags"_s;
    QTest::newRow("experiment preset")
        << u"experiment"_s
        << QStringList{u"--question"_s, u"q"_s, u"--varies"_s, u"host"_s, u"--arm"_s, u"one=a>b"_s, u"--preset"_s, u"nope"_s}
        << u"--preset 'nope' is not a preset; use one of %1 (--preset list describes them)"_s.arg(presetKeys());
    QTest::newRow("run parallel") << u"run"_s << QStringList{u"--parallel"_s, u"0"_s, u"plan.json"_s}
                                  << u"--parallel needs a whole number from 1 to 1000"_s;
    QTest::newRow("baselines tag")
        << u"baselines tag"_s << QStringList{u"key"_s}
        << u"give a baseline key (see Baselines or `db export`) and one or more tags"_s;
}

// A mistake found after the options were read has the same one form as an
// unknown option, and changes nothing (the database is not even created).
void TstCliOptions::argumentMistakesInOneForm()
{
    QFETCH(QString, command);
    QFETCH(QStringList, rest);
    QFETCH(QString, message);
    const QString db = m_home.filePath(u"mistakes.sqlite"_s);
    const CliRun r = runCli(QStringList{u"--db"_s, db} + command.split(u' ') + rest, m_home.path());
    QCOMPARE(r.code, 2);
    QCOMPARE(r.err, u"wirebench-cli %1: %2 (see 'wirebench-cli %1 --help')\n"_s.arg(command, message));
    QVERIFY2(r.out.isEmpty(), qPrintable(r.out));
    QVERIFY2(!QFile::exists(db), "a refused command line created the database");
}

void TstCliOptions::valueAndFlagMistakes()
{
    CliRun r = runCli({u"runs"_s, u"list"_s, u"--kind"_s}, m_home.path());
    QCOMPARE(r.code, 2);
    QCOMPARE(r.err, u"wirebench-cli runs list: --kind needs a value (K) (see 'wirebench-cli runs list --help')\n"_s);
    r = runCli({u"runs"_s, u"delete"_s, u"--yes=1"_s, u"5"_s}, m_home.path());
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(u"--yes takes no value"_s), qPrintable(r.err));
    // --name=value and --name value are one thing.
    const QString db = m_home.filePath(u"same.sqlite"_s);
    const CliRun spaced = runCli({u"--db"_s, db, u"runs"_s, u"list"_s, u"--limit"_s, u"-3"_s}, m_home.path());
    const CliRun joined = runCli({u"--db"_s, db, u"runs"_s, u"list"_s, u"--limit=-3"_s}, m_home.path());
    QCOMPARE(spaced.code, 2);
    QCOMPARE(joined.code, 2);
    QCOMPARE(joined.err, spaced.err);
    QVERIFY2(spaced.err.contains(u"--limit must be a whole number"_s), qPrintable(spaced.err));
    // --json on a command that has no JSON output is refused, not ignored.
    r = runCli({u"--json"_s, u"inventory"_s, u"export"_s}, m_home.path());
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(u"unknown option --json"_s), qPrintable(r.err));
    // Before the command, the global options' own form.
    r = runCli({u"--frob"_s, u"runs"_s, u"list"_s}, m_home.path());
    QCOMPARE(r.code, 2);
    QCOMPARE(r.err, u"wirebench-cli: unknown option --frob (see 'wirebench-cli --help')\n"_s);
}

namespace {

wb::StoredRun udpRun(int size, const QString &server, double rxBps)
{
    wb::StoredRun r;
    r.plan = u"p"_s;
    r.testCase = u"udp"_s;
    r.clientEndpoint = u"adam"_s;
    r.serverEndpoint = server;
    r.record.kind = u"udp_stream"_s;
    r.record.tool = u"wirebench-agent"_s;
    r.record.params.insert(u"message_size_bytes"_s, size);
    r.record.addMetric(u"throughput_bps"_s, u"server"_s, rxBps);
    return r;
}

} // namespace

void TstCliOptions::groupByIdentifiers()
{
    const QString db = m_home.filePath(u"group.sqlite"_s);
    {
        auto store = wb::ResultStore::open(db);
        QVERIFY(store);
        QVERIFY((*store)->runs().saveRuns({udpRun(1472, u"eve"_s, 94e6), udpRun(1472, u"eve"_s, 95e6),
                                           udpRun(8972, u"eve"_s, 97e6), udpRun(8972, u"eve"_s, 98e6),
                                           udpRun(1472, u"zeus"_s, 80e6), udpRun(1472, u"zeus"_s, 81e6)}));
    }
    const QStringList base{u"--db"_s, db, u"compare"_s, u"--kind"_s, u"udp_stream"_s, u"--group-by"_s};
    // The identifier and the label give the same comparison.
    for (const auto &[id, label] : {std::pair{u"host_pair"_s, u"host pair"_s}, std::pair{u"message_size"_s, u"message size"_s}}) {
        const CliRun byId = runCli(base + QStringList{id}, m_home.path());
        const CliRun byLabel = runCli(base + QStringList{label}, m_home.path());
        QVERIFY2(byId.code == 0, qPrintable(byId.err));
        QCOMPARE(byId.out, byLabel.out);
        QVERIFY2(byId.out.contains(u"grouped by "_s + label), qPrintable(byId.out));
    }
    // The parameter's canonical key names the same dimension.
    const CliRun byKey = runCli(base + QStringList{u"message_size_bytes"_s}, m_home.path());
    QVERIFY2(byKey.code == 0, qPrintable(byKey.err));
    QVERIFY2(byKey.out.contains(u"grouped by message size"_s), qPrintable(byKey.out));
    // A wrong one is refused with the identifiers to use.
    const CliRun bad = runCli(base + QStringList{u"colour"_s}, m_home.path());
    QCOMPARE(bad.code, 2);
    QVERIFY2(bad.err.contains(u"host_pair (host pair)"_s) && bad.err.contains(u"message_size"_s), qPrintable(bad.err));
    QVERIFY2(bad.err.contains(u"(see 'wirebench-cli compare --help')"_s), qPrintable(bad.err));
    // The help lists the identifiers.
    const CliRun help = runCli({u"compare"_s, u"--help"_s});
    QVERIFY2(help.out.contains(u"host_pair"_s) && help.out.contains(u"message_size"_s), qPrintable(help.out));
}

QTEST_GUILESS_MAIN(TstCliOptions)
#include "tst_clioptions.moc"
