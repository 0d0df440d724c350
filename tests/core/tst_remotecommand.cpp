// SPDX-License-Identifier: GPL-3.0-or-later
// Quoting and validation of values put into remote shell commands, checked
// against a real /bin/sh, and the architecture names used by deployment.

#include "remote/agentarch.h"
#include "remote/remotecommand.h"

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

class TstRemoteCommand : public QObject
{
    Q_OBJECT
private slots:
    void quotedValueSurvivesShell_data();
    void quotedValueSurvivesShell();
    void interfaceNames_data();
    void interfaceNames();
    void remotePaths_data();
    void remotePaths();
    void commandRefusesLineBreaksAndNul();
    void elfArchitectureOfAgent();
    void elfArchitectureOfJunk();
    void machineNames_data();
    void machineNames();
};

void TstRemoteCommand::quotedValueSurvivesShell_data()
{
    QTest::addColumn<QString>("value");
    QTest::newRow("plain") << u"eth0"_s;
    QTest::newRow("empty") << QString();
    QTest::newRow("single quotes") << u"it's 'quoted'"_s;
    QTest::newRow("only a quote") << u"'"_s;
    QTest::newRow("command substitution") << u"$(touch CANARY)"_s;
    QTest::newRow("backticks") << u"`touch CANARY`"_s;
    QTest::newRow("separators") << u"a;touch CANARY&&b||c|d"_s;
    QTest::newRow("redirects") << u">CANARY <x 2>&1"_s;
    QTest::newRow("variables") << u"$HOME ${PATH} $1 $@"_s;
    QTest::newRow("glob") << u"* ? [a-z]"_s;
    QTest::newRow("backslashes") << u"\\ \\\\ \\'"_s;
    QTest::newRow("tab and spaces") << u"  a\tb  "_s;
    QTest::newRow("newline") << u"a\ntouch CANARY"_s;
    QTest::newRow("utf-8") << u"\u00e9t\u00e9 \u4e2d"_s;
    QTest::newRow("leading dash") << u"-rf"_s;
}

void TstRemoteCommand::quotedValueSurvivesShell()
{
    QFETCH(QString, value);
    QTemporaryDir dir;
    const QString canary = dir.filePath(u"canary"_s);
    const QString v = QString(value).replace(u"CANARY"_s, canary);
    QProcess sh;
    sh.start(u"/bin/sh"_s, {u"-c"_s, QString::fromUtf8("printf '%s' " + wb::shellQuote(v))});
    QVERIFY(sh.waitForFinished(5000));
    QCOMPARE(sh.exitCode(), 0);
    QCOMPARE(QString::fromUtf8(sh.readAllStandardOutput()), v);
    QVERIFY(!QFile::exists(canary));
}

void TstRemoteCommand::interfaceNames_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<bool>("valid");
    QTest::newRow("eth0") << u"eth0"_s << true;
    QTest::newRow("enp3s0f1") << u"enp3s0f1"_s << true;
    QTest::newRow("vlan") << u"eth0.100"_s << true;
    QTest::newRow("alias") << u"eth0:1"_s << true;
    QTest::newRow("at and dash") << u"veth-a@if3"_s << true;
    QTest::newRow("15 chars") << u"abcdefghijklmno"_s << true;
    QTest::newRow("16 chars") << u"abcdefghijklmnop"_s << false;
    QTest::newRow("empty") << QString() << false;
    QTest::newRow("leading dash") << u"-a"_s << false;
    QTest::newRow("dot") << u"."_s << false;
    QTest::newRow("dotdot") << u".."_s << false;
    QTest::newRow("space") << u"eth 0"_s << false;
    QTest::newRow("slash") << u"eth/0"_s << false;
    QTest::newRow("semicolon") << u"eth0;reboot"_s << false;
    QTest::newRow("dollar") << u"$(reboot)"_s << false;
    QTest::newRow("quote") << u"eth0'"_s << false;
    QTest::newRow("newline") << u"eth0\n"_s << false;
    QTest::newRow("non-ascii") << u"eth\u00e9"_s << false;
}

void TstRemoteCommand::interfaceNames()
{
    QFETCH(QString, name);
    QFETCH(bool, valid);
    QCOMPARE(wb::isValidInterfaceName(name), valid);
}

void TstRemoteCommand::remotePaths_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<bool>("safe");
    QTest::newRow("default") << u"/home/lab/.local/lib/wirebench/0.1.0/wirebench-agent"_s << true;
    QTest::newRow("tmp") << u"/tmp/tst-AbC_1/x+y=z,w@h:1~"_s << true;
    QTest::newRow("relative") << u"bin/wirebench-agent"_s << false;
    QTest::newRow("dotdot") << u"/home/lab/../../etc/passwd"_s << false;
    QTest::newRow("space") << u"/home/my lab/agent"_s << false;
    QTest::newRow("semicolon") << u"/tmp/a;reboot"_s << false;
    QTest::newRow("substitution") << u"/tmp/$(reboot)"_s << false;
    QTest::newRow("newline") << u"/tmp/a\nreboot"_s << false;
    QTest::newRow("quote") << u"/tmp/a'b"_s << false;
    QTest::newRow("empty") << QString() << false;
}

void TstRemoteCommand::remotePaths()
{
    QFETCH(QString, path);
    QFETCH(bool, safe);
    QCOMPARE(wb::isSafeRemotePath(path), safe);
}

void TstRemoteCommand::commandRefusesLineBreaksAndNul()
{
    QString error;
    QVERIFY(!wb::buildRemoteCommand({}, &error));
    QVERIFY(error.contains(u"empty"_s));
    QVERIFY(!wb::buildRemoteCommand({u"echo"_s, u"a\nb"_s}, &error));
    QVERIFY2(error.contains(u"argument 1"_s), qPrintable(error));
    QVERIFY(!wb::buildRemoteCommand({u"echo"_s, u"x"_s, QString(QChar(0))}, &error));
    QVERIFY2(error.contains(u"argument 2"_s), qPrintable(error));
    const auto ok = wb::buildRemoteCommand({u"ip"_s, u"link"_s, u"show"_s, u"dev"_s, u"it's"_s}, &error);
    QVERIFY(ok);
    QCOMPARE(*ok, QByteArray("'ip' 'link' 'show' 'dev' 'it'\\''s'"));
}

void TstRemoteCommand::elfArchitectureOfAgent()
{
    QString error;
    const QString arch = wb::elfArchitecture(QStringLiteral(WB_BIN_DIR "/wirebench-agent"), &error);
    QVERIFY2(!arch.isEmpty(), qPrintable(error));
    QProcess uname;
    uname.start(u"uname"_s, {u"-m"_s});
    QVERIFY(uname.waitForFinished(5000));
    QCOMPARE(arch, wb::normalizeMachine(QString::fromUtf8(uname.readAllStandardOutput())));
}

void TstRemoteCommand::elfArchitectureOfJunk()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(u"script"_s);
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("#!/bin/sh\necho not elf, long enough to be read\n");
    f.close();
    QString error;
    QVERIFY(wb::elfArchitecture(path, &error).isEmpty());
    QVERIFY2(error.contains(u"not an ELF program"_s) && error.contains(path), qPrintable(error));
    QVERIFY(wb::elfArchitecture(dir.filePath(u"missing"_s), &error).isEmpty());
    QVERIFY2(error.contains(u"missing"_s), qPrintable(error));
}

void TstRemoteCommand::machineNames_data()
{
    QTest::addColumn<QString>("uname");
    QTest::addColumn<QString>("arch");
    QTest::newRow("x86_64") << u"x86_64\n"_s << u"x86_64"_s;
    QTest::newRow("amd64") << u"amd64"_s << u"x86_64"_s;
    QTest::newRow("arm64") << u"arm64"_s << u"aarch64"_s;
    QTest::newRow("aarch64") << u"aarch64"_s << u"aarch64"_s;
    QTest::newRow("i586") << u"i586"_s << u"i686"_s;
    QTest::newRow("armv7l") << u"armv7l"_s << u"arm"_s;
    QTest::newRow("riscv64") << u"riscv64"_s << u"riscv64"_s;
}

void TstRemoteCommand::machineNames()
{
    QFETCH(QString, uname);
    QFETCH(QString, arch);
    QCOMPARE(wb::normalizeMachine(uname), arch);
}

QTEST_GUILESS_MAIN(TstRemoteCommand)
#include "tst_remotecommand.moc"
