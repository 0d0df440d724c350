// SPDX-License-Identifier: GPL-3.0-or-later
// Which agents a controller can deploy (the native one and
// agents/<arch>/wirebench-agent beside it, keyed by their ELF header) and
// which one a host gets from its `uname -m`, or why it gets none.

#include "remote/agentarch.h"
#include "remote/agentlocator.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {

const QString kAgent = QStringLiteral(WB_BIN_DIR "/wirebench-agent");

// A copy of the real agent whose ELF header says `machine` (e_machine).
bool writeAgent(const QString &path, int machine, bool executable = true)
{
    QFile in(kAgent);
    if (!in.open(QIODevice::ReadOnly))
        return false;
    QByteArray elf = in.read(4096);
    if (elf.size() < 20)
        return false;
    elf[18] = char(machine & 0xff);
    elf[19] = char(machine >> 8);
    QDir().mkpath(path.section(u'/', 0, -2));
    QFile out(path);
    if (!out.open(QIODevice::WriteOnly) || out.write(elf) != elf.size())
        return false;
    out.close();
    auto perms = QFile::ReadOwner | QFile::WriteOwner;
    if (executable)
        perms |= QFile::ExeOwner;
    return QFile::setPermissions(path, perms);
}

} // namespace

class TstAgentLocator : public QObject
{
    Q_OBJECT
private slots:
    void crossAgentBesideNative();
    void agentsKeyedByTheirHeader();
    void onlyTheNativeAgent();
    void missingNativeAgent();
    void pick_data();
    void pick();
    void hostileMachineNameIsEscaped();
    void buildTreeAgents();
};

void TstAgentLocator::crossAgentBesideNative()
{
    QCOMPARE(wb::crossAgentPath(u"/usr/libexec/wirebench/wirebench-agent"_s, u"aarch64"_s),
        u"/usr/libexec/wirebench/agents/aarch64/wirebench-agent"_s);
}

void TstAgentLocator::agentsKeyedByTheirHeader()
{
    QTemporaryDir dir;
    const QString native = dir.filePath(u"wirebench-agent"_s);
    QVERIFY(writeAgent(native, 62));
    QVERIFY(writeAgent(dir.filePath(u"agents/aarch64/wirebench-agent"_s), 183));
    // A folder's name is not what counts: this one holds a RISC-V program.
    QVERIFY(writeAgent(dir.filePath(u"agents/arm/wirebench-agent"_s), 243));
    // Another x86-64 agent does not replace the native one.
    QVERIFY(writeAgent(dir.filePath(u"agents/x86_64/wirebench-agent"_s), 62));
    // Left out: not executable, not ELF, not a file.
    QVERIFY(writeAgent(dir.filePath(u"agents/s390x/wirebench-agent"_s), 22, false));
    QVERIFY(QDir().mkpath(dir.filePath(u"agents/ppc64le/wirebench-agent"_s)));
    QVERIFY(QDir().mkpath(dir.filePath(u"agents/i686"_s)));
    {
        QFile script(dir.filePath(u"agents/i686/wirebench-agent"_s));
        QVERIFY(script.open(QIODevice::WriteOnly));
        script.write("#!/bin/sh\necho not an ELF program at all\n");
        script.close();
        QVERIFY(script.setPermissions(QFile::ReadOwner | QFile::ExeOwner));
    }
    const QMap<QString, QString> agents = wb::agentsBeside(native);
    QCOMPARE(agents.keys(), (QStringList { u"aarch64"_s, u"riscv64"_s, u"x86_64"_s }));
    QCOMPARE(agents.value(u"x86_64"_s), native);
    QCOMPARE(agents.value(u"aarch64"_s), dir.filePath(u"agents/aarch64/wirebench-agent"_s));
    QCOMPARE(agents.value(u"riscv64"_s), dir.filePath(u"agents/arm/wirebench-agent"_s));
}

void TstAgentLocator::onlyTheNativeAgent()
{
    QTemporaryDir dir;
    const QString native = dir.filePath(u"wirebench-agent"_s);
    QVERIFY(writeAgent(native, 183));
    const QMap<QString, QString> agents = wb::agentsBeside(native);
    QCOMPARE(agents.size(), 1);
    QCOMPARE(agents.value(u"aarch64"_s), native);
}

void TstAgentLocator::missingNativeAgent()
{
    QTemporaryDir dir;
    QVERIFY(writeAgent(dir.filePath(u"agents/aarch64/wirebench-agent"_s), 183));
    // The cross agents are still found beside where the native one should be.
    const QMap<QString, QString> agents = wb::agentsBeside(dir.filePath(u"wirebench-agent"_s));
    QCOMPARE(agents.keys(), QStringList { u"aarch64"_s });
}

void TstAgentLocator::pick_data()
{
    QTest::addColumn<QString>("uname");
    QTest::addColumn<QString>("picked");
    QTest::addColumn<QStringList>("inError");
    const QStringList shipped { u"aarch64 (/p/agents/aarch64/wirebench-agent)"_s,
        u"x86_64 (/p/wirebench-agent)"_s, u"only"_s };
    QTest::newRow("x86_64") << u"x86_64\n"_s << u"/p/wirebench-agent"_s << QStringList();
    QTest::newRow("amd64") << u"amd64"_s << u"/p/wirebench-agent"_s << QStringList();
    QTest::newRow("aarch64") << u"aarch64"_s << u"/p/agents/aarch64/wirebench-agent"_s << QStringList();
    QTest::newRow("arm64") << u"arm64"_s << u"/p/agents/aarch64/wirebench-agent"_s << QStringList();
    QTest::newRow("armv7l") << u"armv7l"_s << QString()
                            << QStringList { u"the host is armv7l (arm)"_s } + shipped;
    QTest::newRow("riscv64") << u"riscv64"_s << QString() << QStringList { u"the host is riscv64,"_s } + shipped;
    QTest::newRow("empty") << u"  \n"_s << QString() << QStringList { u"`uname -m` printed nothing"_s };
}

void TstAgentLocator::pick()
{
    QFETCH(QString, uname);
    QFETCH(QString, picked);
    QFETCH(QStringList, inError);
    const QMap<QString, QString> agents { { u"x86_64"_s, u"/p/wirebench-agent"_s },
        { u"aarch64"_s, u"/p/agents/aarch64/wirebench-agent"_s } };
    QString error;
    QCOMPARE(wb::pickAgent(agents, uname, &error), picked);
    if (picked.isEmpty()) {
        for (const QString &part : inError)
            QVERIFY2(error.contains(part), qPrintable(u"'%1' not in: %2"_s.arg(part, error)));
    }
}

void TstAgentLocator::hostileMachineNameIsEscaped()
{
    QString error;
    const QString machine = u"x\x1b[2J$(reboot)"_s + QString(200, u'A');
    QVERIFY(wb::pickAgent({ { u"x86_64"_s, u"/p/wirebench-agent"_s } }, machine, &error).isEmpty());
    QVERIFY2(!error.contains(QChar(0x1b)) && !error.contains(u"$("_s), qPrintable(error));
    QVERIFY2(error.contains(u"\\x1b"_s) && error.contains(u"..."_s), qPrintable(error));
    QVERIFY2(error.size() < 200, qPrintable(error));
    QVERIFY(wb::pickAgent({}, u"aarch64"_s, &error).isEmpty());
    QVERIFY2(error.contains(u"no agent program"_s), qPrintable(error));
}

void TstAgentLocator::buildTreeAgents()
{
    // This build's own agent is always among them, under its own machine.
    QString error;
    const QString arch = wb::elfArchitecture(kAgent, &error);
    QVERIFY2(!arch.isEmpty(), qPrintable(error));
    const QMap<QString, QString> agents = wb::agentsBeside(kAgent);
    QCOMPARE(agents.value(arch), kAgent);
#ifdef WB_CROSS_AGENTS
    // And each cross agent this build made, under the machine it is for.
    for (const QString &cross : QStringLiteral(WB_CROSS_AGENTS).split(u',', Qt::SkipEmptyParts))
        QCOMPARE(agents.value(cross), wb::crossAgentPath(kAgent, cross));
#endif
}

QTEST_GUILESS_MAIN(TstAgentLocator)
#include "tst_agentlocator.moc"
