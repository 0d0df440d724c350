// SPDX-License-Identifier: GPL-3.0-or-later
// AgentHeartbeat over the real local agent: a healthy agent is never reported
// lost, a stopped one (SIGSTOP) is reported within the timeout and closed.

#include "remote/agentclient.h"
#include "remote/agentheartbeat.h"
#include "remote/localtransport.h"

#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTest>

#include <csignal>

using namespace Qt::StringLiterals;

namespace {
const QString kAgent = QStringLiteral(WB_BIN_DIR "/wirebench-agent");
}

class TstAgentHeartbeat : public QObject
{
    Q_OBJECT
private slots:
    void healthyAgentStaysAlive();
    void stoppedAgentReportedLost();
    void silentBeforeHandshakeIsNotItsBusiness();
};

void TstAgentHeartbeat::healthyAgentStaysAlive()
{
    wb::AgentClient client(new wb::LocalTransport(kAgent));
    wb::AgentHeartbeat heartbeat(&client, 200, 1000);
    QSignalSpy lost(&heartbeat, &wb::AgentHeartbeat::hostLost);
    QSignalSpy ready(&client, &wb::AgentClient::ready);
    QSignalSpy replies(&client, &wb::AgentClient::replyReceived);
    client.start();
    QVERIFY(ready.wait(5000));
    QTest::qWait(2500); // 2.5 timeouts long
    QCOMPARE(lost.count(), 0);
    QVERIFY2(replies.count() >= 5, qPrintable(QString::number(replies.count()))); // its pongs
    QVERIFY(client.isReady());
}

void TstAgentHeartbeat::stoppedAgentReportedLost()
{
    wb::AgentClient client(new wb::LocalTransport(kAgent));
    wb::AgentHeartbeat heartbeat(&client, 200, 1000);
    QSignalSpy lost(&heartbeat, &wb::AgentHeartbeat::hostLost);
    QSignalSpy ready(&client, &wb::AgentClient::ready);
    QSignalSpy closed(&client, &wb::AgentClient::closed);
    client.start();
    QVERIFY(ready.wait(5000));
    const auto pid = static_cast<pid_t>(client.hello().pid);
    QElapsedTimer t;
    t.start();
    QCOMPARE(::kill(pid, SIGSTOP), 0);
    auto resume = qScopeGuard([pid] { ::kill(pid, SIGCONT); });
    QVERIFY(lost.wait(5000));
    QVERIFY2(t.elapsed() >= 900 && t.elapsed() < 3000, qPrintable(QString::number(t.elapsed())));
    QVERIFY(lost.at(0).at(0).toString().startsWith(u"local: no answer from the agent"_s));
    ::kill(pid, SIGCONT); // let it see its stdin close and exit
    QVERIFY(closed.wait(5000));
    QVERIFY(!client.isReady());
}

void TstAgentHeartbeat::silentBeforeHandshakeIsNotItsBusiness()
{
    // No handshake, no heartbeat: the handshake timeout covers that phase.
    wb::LocalTransport *t = new wb::LocalTransport(u"/bin/cat"_s);
    t->setArguments({});
    wb::AgentClient client(t);
    client.setHandshakeTimeout(60000);
    wb::AgentHeartbeat heartbeat(&client, 100, 300);
    QSignalSpy lost(&heartbeat, &wb::AgentHeartbeat::hostLost);
    client.start();
    QTest::qWait(800);
    QCOMPARE(lost.count(), 0);
    client.stop();
}

QTEST_GUILESS_MAIN(TstAgentHeartbeat)
#include "tst_agentheartbeat.moc"
