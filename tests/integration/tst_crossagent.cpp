// SPDX-License-Identifier: GPL-3.0-or-later
// The aarch64 agent this build made (cmake/CrossAgents.cmake), run under
// qemu-user on this machine: its ELF header says aarch64, it prints the same
// version line as the native agent, and the core's AgentClient completes the
// protocol handshake with it over stdio and gets replies from it. Skipped
// when the cross compiler or qemu-user-static is missing (CI installs both
// through packaging/install-deps.sh, and fails on a skip).

#include "protocol/agentmessage.h"
#include "remote/agentarch.h"
#include "remote/agentclient.h"
#include "remote/agentlocator.h"
#include "remote/localtransport.h"

#include <QFileInfo>
#include <QProcess>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {
const QString kNativeAgent = QStringLiteral(WB_BIN_DIR "/wirebench-agent");
// Emulated start-up is slower than a native one, more so on a loaded machine.
constexpr int kTimeoutMs = 30000;
} // namespace

class TstCrossAgent : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void builtForAarch64();
    void versionUnderQemu();
    void handshakeUnderQemu();
    void deployerPicksIt();

private:
    QString m_agent;
    QString m_qemu;
};

void TstCrossAgent::initTestCase()
{
    m_agent = wb::crossAgentPath(kNativeAgent, u"aarch64"_s);
    if (!QFileInfo(m_agent).isExecutable())
        QSKIP(qPrintable(u"no aarch64 agent at %1: install crossbuild-essential-arm64 "
                         "(packaging/install-deps.sh) and configure again"_s.arg(m_agent)));
    m_qemu = QStandardPaths::findExecutable(u"qemu-aarch64-static"_s);
    if (m_qemu.isEmpty())
        m_qemu = QStandardPaths::findExecutable(u"qemu-aarch64"_s);
    if (m_qemu.isEmpty())
        QSKIP("no qemu-aarch64-static: install qemu-user-static (packaging/install-deps.sh)");
}

void TstCrossAgent::builtForAarch64()
{
    QString error;
    QCOMPARE(wb::elfArchitecture(m_agent, &error), u"aarch64"_s);
    QVERIFY(error.isEmpty());
    QProcess file;
    file.start(u"file"_s, { u"-b"_s, m_agent });
    QVERIFY(file.waitForFinished(10000));
    const QByteArray what = file.readAllStandardOutput();
    // Static, so it needs nothing on the lab host.
    QVERIFY2(what.contains("ARM aarch64") && what.contains("statically linked"), what.constData());
}

void TstCrossAgent::versionUnderQemu()
{
    QProcess p;
    p.start(m_qemu, { m_agent, u"--version"_s });
    QVERIFY(p.waitForFinished(kTimeoutMs));
    QCOMPARE(p.exitStatus(), QProcess::NormalExit);
    QCOMPARE(p.exitCode(), 0);
    QCOMPARE(QString::fromUtf8(p.readAllStandardOutput()).trimmed(),
        u"wirebench-agent %1 protocol %2"_s.arg(QStringLiteral(WIREBENCH_VERSION)).arg(wb::kAgentProtocolVersion));
}

void TstCrossAgent::handshakeUnderQemu()
{
    auto *transport = new wb::LocalTransport(m_qemu);
    transport->setArguments({ m_agent, u"--stdio"_s });
    wb::AgentClient client(transport);
    QSignalSpy ready(&client, &wb::AgentClient::ready);
    QSignalSpy failed(&client, &wb::AgentClient::persistentError);
    QSignalSpy replies(&client, &wb::AgentClient::replyReceived);
    client.start();
    QVERIFY2(ready.wait(kTimeoutMs), failed.isEmpty() ? "no hello" : qPrintable(failed.at(0).at(0).toString()));
    QCOMPARE(failed.count(), 0);
    const wb::HelloInfo h = client.hello();
    QCOMPARE(h.protocol, wb::kAgentProtocolVersion);
    QCOMPARE(h.agentVersion, QStringLiteral(WIREBENCH_VERSION));
    QCOMPARE(h.os, u"Linux"_s);
    // qemu-user answers uname() as the emulated machine: what a real ARM
    // host's agent reports, and what the deployer would have picked it for.
    QCOMPARE(h.arch, u"aarch64"_s);
    QVERIFY(h.capabilities.contains(u"ping"_s));
    QCOMPARE(h.pid, transport->processId());

    const qint64 ping = client.sendRequest(u"ping"_s);
    const qint64 info = client.sendRequest(u"sysinfo"_s);
    QVERIFY(ping > 0 && info == ping + 1);
    QTRY_COMPARE_WITH_TIMEOUT(replies.count(), 2, kTimeoutMs);
    const auto pong = replies.at(0).at(0).value<wb::AgentMessage>();
    QCOMPARE(pong.type, u"pong"_s);
    QCOMPARE(*pong.id, ping);
    const auto sys = replies.at(1).at(0).value<wb::AgentMessage>();
    QCOMPARE(sys.type, u"sysinfo"_s);
    QCOMPARE(*sys.id, info);
    QCOMPARE(sys.body.value(u"arch"_s).toString(), u"aarch64"_s);

    QSignalSpy closed(&client, &wb::AgentClient::closed);
    client.stop();
    QVERIFY(closed.wait(kTimeoutMs));
}

void TstCrossAgent::deployerPicksIt()
{
    // What the deployer chooses from for a host whose `uname -m` says aarch64
    // (or arm64): this very program, found beside the native agent.
    QString error;
    const QMap<QString, QString> agents = wb::agentsBeside(kNativeAgent);
    QCOMPARE(wb::pickAgent(agents, u"aarch64\n"_s, &error), m_agent);
    QCOMPARE(wb::pickAgent(agents, u"arm64"_s, &error), m_agent);
    QVERIFY(wb::pickAgent(agents, u"armv7l"_s, &error).isEmpty());
    QVERIFY2(error.contains(u"armv7l (arm)"_s) && error.contains(u"aarch64 ("_s + m_agent + u')'),
        qPrintable(error));
}

QTEST_GUILESS_MAIN(TstCrossAgent)
#include "tst_crossagent.moc"
