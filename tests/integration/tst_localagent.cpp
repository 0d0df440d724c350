// SPDX-License-Identifier: GPL-3.0-or-later
// The real agent binary as a child process: the core's handshake through
// LocalTransport, version mismatches in both directions, and what the agent
// does with hostile input on its stdin.

#include "remote/agentclient.h"
#include "remote/localtransport.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {
const QString kAgent = QStringLiteral(WB_BIN_DIR "/wirebench-agent");
}

class TstLocalAgent : public QObject
{
    Q_OBJECT
private slots:
    void versionFlag();
    void handshake();
    void requestsAfterHandshake();
    void controllerProtocolMismatch();
    void agentProtocolMismatch();
    void missingAgent();
    void agentThatIsNotAnAgent();
    void malformedInputKeepsServing();
    void undecodableLineIsAProtocolError();
    void exitsWhenStdinCloses();
};

void TstLocalAgent::versionFlag()
{
    QProcess p;
    p.start(kAgent, {u"--version"_s});
    QVERIFY(p.waitForFinished(5000));
    QCOMPARE(p.exitCode(), 0);
    QCOMPARE(QString::fromUtf8(p.readAllStandardOutput()).trimmed(),
             u"wirebench-agent %1 protocol %2"_s.arg(QStringLiteral(WIREBENCH_VERSION)).arg(wb::kAgentProtocolVersion));
}

void TstLocalAgent::handshake()
{
    wb::AgentClient client(new wb::LocalTransport(kAgent));
    QSignalSpy ready(&client, &wb::AgentClient::ready);
    QSignalSpy failed(&client, &wb::AgentClient::persistentError);
    client.start();
    QVERIFY(ready.wait(5000));
    QCOMPARE(failed.count(), 0);
    QVERIFY(client.isReady());
    const wb::HelloInfo h = client.hello();
    QCOMPARE(h.protocol, wb::kAgentProtocolVersion);
    QCOMPARE(h.agentVersion, QStringLiteral(WIREBENCH_VERSION));
    QCOMPARE(h.os, u"Linux"_s);
    QVERIFY(!h.host.isEmpty());
    QVERIFY(h.capabilities.contains(u"ping"_s));
    auto *transport = qobject_cast<wb::LocalTransport *>(client.transport());
    QCOMPARE(h.pid, transport->processId());
}

void TstLocalAgent::requestsAfterHandshake()
{
    wb::AgentClient client(new wb::LocalTransport(kAgent));
    QSignalSpy ready(&client, &wb::AgentClient::ready);
    QSignalSpy replies(&client, &wb::AgentClient::replyReceived);
    QCOMPARE(client.sendRequest(u"ping"_s), -1); // not ready yet
    client.start();
    QVERIFY(ready.wait(5000));
    const qint64 a = client.sendRequest(u"ping"_s);
    const qint64 b = client.sendRequest(u"no_such_thing"_s);
    QVERIFY(a > 0 && b == a + 1);
    QTRY_COMPARE_WITH_TIMEOUT(replies.count(), 2, 5000);
    const auto first = replies.at(0).at(0).value<wb::AgentMessage>();
    const auto second = replies.at(1).at(0).value<wb::AgentMessage>();
    QCOMPARE(first.type, u"pong"_s);
    QCOMPARE(*first.id, a);
    QCOMPARE(second.type, u"error"_s);
    QCOMPARE(*second.id, b);
    QCOMPARE(second.body.value(u"code"_s).toString(), u"unknown_type"_s);
    QSignalSpy closed(&client, &wb::AgentClient::closed);
    client.stop();
    QVERIFY(closed.wait(5000));
}

void TstLocalAgent::controllerProtocolMismatch()
{
    wb::AgentClient client(new wb::LocalTransport(kAgent));
    client.setRequestedProtocol(99);
    QSignalSpy ready(&client, &wb::AgentClient::ready);
    QSignalSpy failed(&client, &wb::AgentClient::persistentError);
    client.start();
    QVERIFY(failed.wait(5000));
    const QString msg = failed.at(0).at(0).toString();
    QVERIFY2(msg.contains(u"protocol 99"_s), qPrintable(msg));
    QVERIFY2(msg.contains(u"speaks protocol 1"_s), qPrintable(msg));
    QVERIFY2(msg.contains(QStringLiteral(WIREBENCH_VERSION)), qPrintable(msg));
    QCOMPARE(ready.count(), 0);
    QVERIFY(!client.isReady());
}

void TstLocalAgent::agentProtocolMismatch()
{
    // A real process that answers the handshake with a future protocol.
    QTemporaryDir dir;
    const QString script = dir.filePath(u"future-agent"_s);
    QFile f(script);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("#!/bin/sh\nread line\n"
            "echo '{\"type\":\"hello\",\"id\":1,\"protocol\":2,\"agent_version\":\"9.9.9\",\"host\":\"h\"}'\n"
            "cat >/dev/null\n");
    f.close();
    f.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    wb::AgentClient client(new wb::LocalTransport(script));
    QSignalSpy failed(&client, &wb::AgentClient::persistentError);
    client.start();
    QVERIFY(failed.wait(5000));
    const QString msg = failed.at(0).at(0).toString();
    QVERIFY2(msg.contains(u"protocol 2"_s) && msg.contains(u"9.9.9"_s), qPrintable(msg));
    QVERIFY2(msg.contains(u"protocol 1"_s) && msg.contains(QStringLiteral(WIREBENCH_VERSION)), qPrintable(msg));
}

void TstLocalAgent::missingAgent()
{
    wb::AgentClient client(new wb::LocalTransport(u"/nonexistent/wirebench-agent"_s));
    QSignalSpy failed(&client, &wb::AgentClient::persistentError);
    client.start();
    QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 1, 5000);
    QVERIFY(failed.at(0).at(0).toString().contains(u"/nonexistent/wirebench-agent"_s));
}

void TstLocalAgent::agentThatIsNotAnAgent()
{
    // /bin/cat echoes our hello back: a line with the right shape from the
    // wrong program must still fail the handshake, not hang it.
    wb::LocalTransport *t = new wb::LocalTransport(u"/bin/echo"_s);
    t->setArguments({u"not a wirebench agent"_s});
    wb::AgentClient client(t);
    client.setHandshakeTimeout(3000);
    QSignalSpy failed(&client, &wb::AgentClient::persistentError);
    client.start();
    QVERIFY(failed.wait(5000));
    QVERIFY2(failed.at(0).at(0).toString().contains(u"not the Wirebench protocol"_s),
             qPrintable(failed.at(0).at(0).toString()));
}

// An agent (here a script) that, after a good handshake, sends a line that
// is not valid UTF-8: the controller ends the conversation with a protocol
// error naming the host and showing the line, instead of dropping it and
// leaving its request to time out.
void TstLocalAgent::undecodableLineIsAProtocolError()
{
    auto *t = new wb::LocalTransport(u"/bin/sh"_s);
    t->setArguments({u"-c"_s, uR"(read l; printf '{"type":"hello","id":1,"protocol":1,"agent_version":"fake"}\n';)"
                              uR"( printf '{"type":"result","id":2,"host":"ab\377cd"}\n'; sleep 10)"_s});
    wb::AgentClient client(t);
    QSignalSpy ready(&client, &wb::AgentClient::ready);
    QSignalSpy failed(&client, &wb::AgentClient::persistentError);
    client.start();
    QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 1, 5000);
    QCOMPARE(ready.count(), 1);
    const QString msg = failed.at(0).at(0).toString();
    QVERIFY2(msg.contains(t->peerName()) && msg.contains(u"protocol error"_s), qPrintable(msg));
    QVERIFY2(msg.contains(uR"("host":"ab\xffcd")"_s), qPrintable(msg));
}

void TstLocalAgent::malformedInputKeepsServing()
{
    QProcess p;
    p.start(kAgent, {u"--stdio"_s});
    QVERIFY(p.waitForStarted());
    const QList<QByteArray> garbage{
        "{\"id\":1,\"type\":\"hello\",\"protocol\":1}\n",
        QByteArray("\x00\x01\x02 binary junk\n", 17),
        "{\"id\":2,\"type\":\"ping\"\n",
        "{\"id\":3,\"type\":[1,2]}\n",
        QByteArray(5000, '[') + "\n",
        "{\"id\":99999999999999999999,\"type\":\"ping\"}\n",
        "\"just a string\"\n",
        "{\"id\":4,\"type\":\"ping\"}\n",
    };
    for (const QByteArray &g : garbage)
        p.write(g);
    QByteArray out;
    QTRY_VERIFY_WITH_TIMEOUT((out += p.readAllStandardOutput(), out.count('\n') >= 8), 5000);
    const QList<QByteArray> lines = out.trimmed().split('\n');
    QCOMPARE(lines.size(), 8);
    QStringList codes;
    for (const QByteArray &l : lines) {
        const QJsonObject o = QJsonDocument::fromJson(l).object();
        QVERIFY2(!o.isEmpty(), l.constData());
        codes << (o.value(u"type"_s).toString() == u"error"_s ? o.value(u"code"_s).toString()
                                                              : o.value(u"type"_s).toString());
    }
    QCOMPARE(codes, (QStringList{u"hello"_s, u"malformed"_s, u"malformed"_s, u"invalid_message"_s,
                                 u"malformed"_s, u"invalid_message"_s, u"invalid_message"_s, u"pong"_s}));
    QCOMPARE(p.state(), QProcess::Running);
    p.closeWriteChannel();
    QVERIFY(p.waitForFinished(5000));
    QCOMPARE(p.exitStatus(), QProcess::NormalExit);
    QCOMPARE(p.exitCode(), 0);
}

void TstLocalAgent::exitsWhenStdinCloses()
{
    wb::AgentClient client(new wb::LocalTransport(kAgent));
    QSignalSpy ready(&client, &wb::AgentClient::ready);
    QSignalSpy closed(&client, &wb::AgentClient::closed);
    QSignalSpy transient(&client, &wb::AgentClient::transientError);
    client.start();
    QVERIFY(ready.wait(5000));
    const qint64 pid = client.hello().pid;
    client.stop();
    QVERIFY(closed.wait(5000));
    QCOMPARE(transient.count(), 0); // a clean exit is not an error
    QVERIFY(!QFile::exists(u"/proc/%1/status"_s.arg(pid))
            || !QFile(u"/proc/%1/cmdline"_s.arg(pid)).open(QIODevice::ReadOnly));
}

QTEST_GUILESS_MAIN(TstLocalAgent)
#include "tst_localagent.moc"
