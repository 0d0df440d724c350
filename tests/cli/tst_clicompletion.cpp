// SPDX-License-Identifier: GPL-3.0-or-later
// Shell completion made from the command table: the bash and zsh scripts
// `wirebench-cli completion` prints name every command and every option its
// help lists, and bash, sourcing the script, completes commands, options,
// choices and files as a user at a prompt would ask (COMP_WORDS, compgen).

#include "clitestrun.h"

#include <QDir>
#include <QFile>
#include <QSet>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using wb::test::CliRun;

class TstCliCompletion : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void scriptsNameEveryCommandAndOption_data();
    void scriptsNameEveryCommandAndOption();
    void bashCompletesCommandsAndOptions();
    void bashCompletesValuesAndFiles();
    void zshReadsTheScript();
    void unknownShellRefused();

private:
    // Each query is the words on the command line, the last being the one
    // completed; returns bash's COMPREPLY for each, sorted.
    QList<QStringList> bashComplete(const QList<QStringList> &queries);
    QTemporaryDir m_dir;
    QString m_bash;
    QString m_zsh;
    QStringList m_commands;
};

void TstCliCompletion::initTestCase()
{
    QVERIFY(m_dir.isValid());
    const CliRun bash = wb::test::runCli({u"completion"_s, u"bash"_s});
    QCOMPARE(bash.code, 0);
    m_bash = bash.out;
    const CliRun zsh = wb::test::runCli({u"completion"_s, u"zsh"_s});
    QCOMPARE(zsh.code, 0);
    m_zsh = zsh.out;
    m_commands = wb::test::listedCommands();
    QVERIFY(m_commands.size() > 20);
}

void TstCliCompletion::scriptsNameEveryCommandAndOption_data()
{
    QTest::addColumn<QString>("command");
    for (const QString &c : std::as_const(m_commands))
        QTest::newRow(qPrintable(c)) << c;
}

void TstCliCompletion::scriptsNameEveryCommandAndOption()
{
    QFETCH(QString, command);
    const CliRun help = wb::test::runCli(command.split(u' ') + QStringList{u"--help"_s});
    QCOMPARE(help.code, 0);
    // bash: the command's line of _wirebench_cli_options holds each option.
    const QString prefix = u"        '%1') echo '"_s.arg(command);
    QString optionsLine;
    for (const QString &line : m_bash.split(u'\n'))
        if (line.startsWith(prefix) && optionsLine.isEmpty()) // the first: _wirebench_cli_options
            optionsLine = line.mid(prefix.size());
    QVERIFY2(!optionsLine.isEmpty(), qPrintable(command + u" has no options line in the bash script"_s));
    const QStringList bashWords = optionsLine.section(u'\'', 0, 0).split(u' ');
    // zsh: the command's case branch holds a spec for each option.
    const qsizetype branch = m_zsh.indexOf(u"        '%1')\n"_s.arg(command));
    QVERIFY2(branch >= 0, qPrintable(command + u" has no branch in the zsh script"_s));
    const QString zshBranch = m_zsh.mid(branch, m_zsh.indexOf(u" ;;\n"_s, branch) - branch);
    const QList<wb::test::HelpOption> options = wb::test::helpOptions(help.out);
    QVERIFY(!options.isEmpty());
    for (const auto &o : options)
        for (const QString &name : {o.name, o.alias}) {
            if (name.isEmpty())
                continue;
            QVERIFY2(bashWords.contains(name), qPrintable(command + u": bash lacks "_s + name));
            QVERIFY2(zshBranch.contains(u"'"_s + name + u'['), qPrintable(command + u": zsh lacks "_s + name));
        }
    // And no option the help does not list.
    QSet<QString> listed;
    for (const auto &o : options)
        listed << o.name << o.alias;
    for (const QString &w : bashWords)
        QVERIFY2(listed.contains(w), qPrintable(command + u": bash offers "_s + w + u", the help does not list it"_s));
}

QList<QStringList> TstCliCompletion::bashComplete(const QList<QStringList> &queries)
{
    const QString script = m_dir.filePath(u"wirebench-cli.bash"_s);
    QFile f(script);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate) || f.write(m_bash.toUtf8()) < 0)
        return {};
    f.close();
    // One line of output per query: its completions, sorted, between [ ].
    QString driver = u"source '%1' || exit 9\n"
                     "ask() { COMP_WORDS=(\"$@\"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMPREPLY=();\n"
                     "  _wirebench_cli; printf '[%s]\\n' \"$(printf '%s\\n' \"${COMPREPLY[@]}\" | sort | tr '\\n' ' ')\"; }\n"
                     "cd '%2'\n"_s.arg(script, m_dir.path());
    for (const QStringList &q : queries) {
        QStringList quoted;
        for (const QString &w : q)
            quoted << u'\'' + QString(w).replace(u"'"_s, u"'\\''"_s) + u'\'';
        driver += u"ask wirebench-cli "_s + quoted.join(u' ') + u'\n';
    }
    QProcess bash;
    bash.start(u"bash"_s, {u"--norc"_s, u"--noprofile"_s, u"-c"_s, driver});
    if (!bash.waitForFinished(30000) || bash.exitCode() != 0) {
        qWarning("bash: %s", bash.readAllStandardError().constData());
        return {};
    }
    QList<QStringList> answers;
    for (const QString &line : QString::fromUtf8(bash.readAllStandardOutput()).split(u'\n', Qt::SkipEmptyParts))
        answers << line.mid(1, line.size() - 2).split(u' ', Qt::SkipEmptyParts);
    return answers;
}

void TstCliCompletion::bashCompletesCommandsAndOptions()
{
    // Every command is reached word by word, and its options are exactly
    // those its help lists.
    QList<QStringList> queries;
    QList<QStringList> expected;
    for (const QString &c : std::as_const(m_commands)) {
        const QStringList words = c.split(u' ');
        for (qsizetype i = 0; i < words.size(); ++i)
            queries << words.mid(0, i) + QStringList{words.at(i).left(2)};
        queries << words + QStringList{u"--"_s};
    }
    const QList<QStringList> answers = bashComplete(queries);
    QCOMPARE(answers.size(), queries.size());
    qsizetype q = 0;
    for (const QString &c : std::as_const(m_commands)) {
        const QStringList words = c.split(u' ');
        for (qsizetype i = 0; i < words.size(); ++i, ++q)
            QVERIFY2(answers.at(q).contains(words.at(i)),
                     qPrintable(queries.at(q).join(u' ') + u" -> "_s + answers.at(q).join(u' ')));
        const CliRun help = wb::test::runCli(words + QStringList{u"--help"_s});
        QStringList longOptions;
        for (const auto &o : wb::test::helpOptions(help.out))
            if (o.name.startsWith(u"--"_s))
                longOptions << o.name;
        longOptions.sort();
        QCOMPARE(answers.at(q++), longOptions);
    }
    // The next word after "runs": each runs command once.
    const QList<QStringList> runs = bashComplete({{u"runs"_s, QString()}, {u"--db"_s, u"x.sqlite"_s, u"ru"_s}});
    QCOMPARE(runs.at(0), (QStringList{u"delete"_s, u"list"_s, u"note"_s, u"show"_s, u"tag"_s, u"untag"_s}));
    QCOMPARE(runs.at(1), (QStringList{u"run"_s, u"runs"_s}));
}

void TstCliCompletion::bashCompletesValuesAndFiles()
{
    QVERIFY(QDir(m_dir.path()).mkpath(u"plans-dir"_s));
    QFile plan(m_dir.filePath(u"plan-a.json"_s));
    QVERIFY(plan.open(QIODevice::WriteOnly));
    plan.close();
    const QList<QStringList> answers = bashComplete({
        {u"runs"_s, u"list"_s, u"--status"_s, u"f"_s},                         // a choice
        {u"compare"_s, u"--kind"_s, u"x"_s, u"--confidence"_s, u"9"_s},       // after another option's value
        {u"completion"_s, QString()},                                       // the words an argument may be
        {u"run"_s, u"plan-"_s},                                             // a file argument
        {u"db"_s, u"export"_s, u"-o"_s, u"plan-"_s},                         // a file value
        {u"hosts"_s, u"check"_s, u"--ssh-dir"_s, u"pl"_s},                   // a folder value
        {u"runs"_s, u"list"_s, u"--kind"_s, QString()},                       // free text: nothing offered
        {u"--db"_s, u"plan-"_s},                                            // the global --db takes a file
        {u"runs"_s, u"list"_s, u"--kind"_s, u"--li"_s},                       // a value that looks like an option
    });
    QCOMPARE(answers.size(), 9);
    QCOMPARE(answers.at(0), (QStringList{u"failed"_s, u"finished"_s}));
    QCOMPARE(answers.at(1), (QStringList{u"90"_s, u"95"_s, u"99"_s}));
    QCOMPARE(answers.at(2), (QStringList{u"bash"_s, u"zsh"_s}));
    QCOMPARE(answers.at(3), QStringList{u"plan-a.json"_s});
    QCOMPARE(answers.at(4), QStringList{u"plan-a.json"_s});
    QCOMPARE(answers.at(5), QStringList{u"plans-dir"_s});
    QCOMPARE(answers.at(6), QStringList());
    QCOMPARE(answers.at(7), QStringList{u"plan-a.json"_s});
    QCOMPARE(answers.at(8), QStringList());
}

void TstCliCompletion::zshReadsTheScript()
{
    QVERIFY(m_zsh.startsWith(u"#compdef wirebench-cli\n"_s));
    const QString zsh = QStandardPaths::findExecutable(u"zsh"_s);
    if (zsh.isEmpty())
        QSKIP("zsh is not installed: the zsh script's syntax is not checked");
    const QString script = m_dir.filePath(u"_wirebench-cli"_s);
    QFile f(script);
    QVERIFY(f.open(QIODevice::WriteOnly) && f.write(m_zsh.toUtf8()) > 0);
    f.close();
    QProcess p;
    p.start(zsh, {u"-n"_s, script});
    QVERIFY(p.waitForFinished(30000));
    QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
}

void TstCliCompletion::unknownShellRefused()
{
    const CliRun r = wb::test::runCli({u"completion"_s, u"fish"_s});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(u"bash or zsh"_s), qPrintable(r.err));
    QVERIFY(r.out.isEmpty());
}

QTEST_GUILESS_MAIN(TstCliCompletion)
#include "tst_clicompletion.moc"
