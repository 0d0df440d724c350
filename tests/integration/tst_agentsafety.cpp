// SPDX-License-Identifier: GPL-3.0-or-later
// What a peer of a real wirebench-agent can and cannot make it do, on
// loopback: the standalone listener's defaults (loopback, a token it makes,
// no argv tokens, no all-zero token), files only where the serving agent's
// own side says (never a path from a peer, never through a symbolic link,
// never over an existing file unless asked), nothing that blocks for good
// (FIFOs, silent connections, a vanished controller), and exact loss when a
// relay duplicates and reorders datagrams.

#include "agentprocess.h"
#include "rawpeer.h"
#include "udpmangler.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QScopeGuard>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <sys/stat.h>
#include <unistd.h>

using namespace Qt::StringLiterals;
using wbtest::RawPeer;
using wbtest::UdpMangler;

namespace {

const QString kAgent = QStringLiteral(WB_BIN_DIR "/wirebench-agent");

// Sends a file_transfer as a client would, with whatever params the header
// claims, and returns the serving end's closing statistics line.
QJsonObject pushFile(int port, const QString &token, const QJsonObject &params, const QByteArray &data)
{
    RawPeer p;
    if (!p.connectTo(port))
        return {};
    const QJsonObject header{{u"kind"_s, u"file_transfer"_s}, {u"params"_s, params}, {u"version"_s, 1},
                             {u"file_size"_s, data.size()}};
    if (!p.write(token.toLatin1() + '\n' + QJsonDocument(header).toJson(QJsonDocument::Compact) + '\n'))
        return {};
    const QJsonObject ok = QJsonDocument::fromJson(p.readLine()).object();
    if (!ok.value(u"ok"_s).toBool())
        return ok;
    p.write(data);
    p.shutdownWrite();
    return QJsonDocument::fromJson(p.readLine()).object().value(u"stats"_s).toObject();
}

// A standalone `wirebench-agent listen` child with its first lines read.
struct Listener
{
    QProcess proc;
    int port = 0;
    QString token;
    QByteArray firstLine;

    bool start(const QStringList &args, const QProcessEnvironment &env = QProcessEnvironment::systemEnvironment())
    {
        proc.setProcessEnvironment(env);
        proc.start(kAgent, QStringList{u"listen"_s, u"--port"_s, u"0"_s} + args);
        if (!proc.waitForStarted(5000))
            return false;
        QElapsedTimer t;
        t.start();
        while (!proc.canReadLine() && t.elapsed() < 5000 && proc.state() == QProcess::Running)
            proc.waitForReadyRead(100);
        firstLine = proc.readLine();
        port = QString::fromUtf8(firstLine.trimmed().split(' ').last()).toInt();
        if (!env.contains(u"WIREBENCH_TOKEN"_s)) {
            while (!proc.canReadLine() && t.elapsed() < 5000 && proc.state() == QProcess::Running)
                proc.waitForReadyRead(100);
            const QByteArray second = proc.readLine();
            if (second.startsWith("wirebench-agent token "))
                token = QString::fromLatin1(second.split(' ').value(2));
        } else {
            token = env.value(u"WIREBENCH_TOKEN"_s);
        }
        return port > 0;
    }
    ~Listener()
    {
        if (proc.state() != QProcess::NotRunning) {
            proc.terminate();
            if (!proc.waitForFinished(3000))
                proc.kill();
            proc.waitForFinished(2000);
        }
    }
};

QProcessEnvironment envWith(const QString &key, const QString &value)
{
    QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
    e.insert(key, value);
    return e;
}

QByteArray fileContent(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray("<missing>");
}


} // namespace

class TstAgentSafety : public QObject
{
    Q_OBJECT
private slots:
    void listenDefaultsToLoopbackWithItsOwnToken();
    void tokensNeverOnTheCommandLine();
    void allZeroTokenRefused();
    void standalonePeerCannotChooseAPath();
    void standaloneListenerHasAWatchdogAndStopsOnSignal();
    void managedPeerHeaderCannotChooseAPath();
    void existingFileKeptUnlessOverwrite();
    void symlinkInAnyComponentRefused_data();
    void symlinkInAnyComponentRefused();
    void fifoAsPathIsRefusedAtOnce_data();
    void fifoAsPathIsRefusedAtOnce();
    void idleConnectionsDoNotHoldTheListener();
    void flowConnectionsNeedTheTokenAndTheKey();
    void flowsNotOpenedFailTheTestInBoundedTime();
    void agentExitsWhenTheHeartbeatStops();
    void samplesTravelInBoundedMessages();
    void olderControllerGetsSamplesInTheRecord();
    void duplicatesAndReorderingDoNotHideLoss();
    void probeEchoAnswersOnlyTheServingEnd();
    void udpRrCountsCopiesAsCopies();
};

void TstAgentSafety::listenDefaultsToLoopbackWithItsOwnToken()
{
    Listener l;
    QVERIFY(l.start({u"--once"_s}));
    QVERIFY2(l.firstLine.startsWith("wirebench-agent listening on 127.0.0.1 port "), l.firstLine.constData());
    QCOMPARE(l.token.size(), 32);
    QVERIFY(l.token != QString(32, u'0'));
    // The old built-in token no longer opens it...
    RawPeer stray;
    QVERIFY(stray.connectTo(l.port));
    stray.write(QByteArray(32, '0') + "\n{\"kind\":\"tcp_rr\",\"params\":{},\"version\":1}\n");
    QCOMPARE(stray.readLine(), QByteArray()); // closed unanswered
    // ...the printed one does.
    QProcess run;
    run.setProcessEnvironment(envWith(u"WIREBENCH_TOKEN"_s, l.token));
    run.start(kAgent, {u"run"_s, u"tcp_rr"_s, u"--to"_s, u"127.0.0.1:%1"_s.arg(l.port), u"-l"_s, u"0.3"_s});
    QVERIFY(run.waitForFinished(15000));
    QVERIFY2(run.exitCode() == 0, run.readAllStandardError().constData());
    QVERIFY(l.proc.waitForFinished(5000));
    QCOMPARE(l.proc.exitCode(), 0);
}

void TstAgentSafety::tokensNeverOnTheCommandLine()
{
    for (const QStringList &args : {QStringList{u"listen"_s, u"--token"_s, u"0123456789abcdef0123456789abcdef"_s},
                                    QStringList{u"run"_s, u"tcp_rr"_s, u"--to"_s, u"127.0.0.1:9"_s, u"--token"_s,
                                                u"0123456789abcdef0123456789abcdef"_s}}) {
        QProcess p;
        p.start(kAgent, args);
        QVERIFY(p.waitForFinished(5000));
        QCOMPARE(p.exitCode(), 2);
        const QByteArray err = p.readAllStandardError();
        QVERIFY2(err.contains("--token-file") && err.contains("WIREBENCH_TOKEN") && err.contains("command line"),
                 err.constData());
    }
    // run without any token says where to give it.
    QProcess p;
    QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
    e.remove(u"WIREBENCH_TOKEN"_s);
    p.setProcessEnvironment(e);
    p.start(kAgent, {u"run"_s, u"tcp_rr"_s, u"--to"_s, u"127.0.0.1:9"_s});
    QVERIFY(p.waitForFinished(5000));
    QCOMPARE(p.exitCode(), 2);
    QVERIFY(p.readAllStandardError().contains("--token-file"));
    // A token file works for both ends.
    QTemporaryDir dir;
    QFile tf(dir.filePath(u"token"_s));
    QVERIFY(tf.open(QIODevice::WriteOnly));
    tf.write("89abcdef0123456789abcdef01234567\n");
    tf.close();
    Listener l;
    QVERIFY(l.start({u"--once"_s, u"--token-file"_s, tf.fileName()}, envWith(u"WIREBENCH_TOKEN"_s, u"x"_s)));
    QProcess run;
    run.start(kAgent, {u"run"_s, u"udp_stream"_s, u"--to"_s, u"127.0.0.1:%1"_s.arg(l.port), u"-l"_s, u"0.2"_s,
                       u"--token-file"_s, tf.fileName()});
    QVERIFY(run.waitForFinished(15000));
    QVERIFY2(run.exitCode() == 0, run.readAllStandardError().constData());
}

void TstAgentSafety::allZeroTokenRefused()
{
    QProcess p;
    p.setProcessEnvironment(envWith(u"WIREBENCH_TOKEN"_s, QString(32, u'0')));
    p.start(kAgent, {u"listen"_s, u"--port"_s, u"0"_s});
    QVERIFY(p.waitForFinished(5000));
    QCOMPARE(p.exitCode(), 2);
    QVERIFY(p.readAllStandardError().contains("all-zero"));
}

void TstAgentSafety::standalonePeerCannotChooseAPath()
{
    QTemporaryDir tmp, home;
    const QString victim = home.filePath(u"authorized_keys"_s);
    {
        QFile f(victim);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("ssh-ed25519 AAAA original\n");
    }
    QProcessEnvironment env = envWith(u"TMPDIR"_s, tmp.path());
    env.insert(u"WIREBENCH_TOKEN"_s, u"fedcba9876543210fedcba9876543210"_s);
    // The sending end refuses to ask for it at all.
    QProcess run;
    run.setProcessEnvironment(env);
    run.start(kAgent, {u"run"_s, u"file_transfer"_s, u"--to"_s, u"127.0.0.1:9"_s, u"--set"_s,
                       u"dest_path="_s + victim});
    QVERIFY(run.waitForFinished(5000));
    QCOMPARE(run.exitCode(), 2);
    QVERIFY(run.readAllStandardError().contains("dest_path"));

    // A hand-made client asks anyway: the listener writes into its private directory.
    Listener l;
    QVERIFY(l.start({}, env));
    const QByteArray evil = "ssh-ed25519 AAAA attacker\n";
    const QJsonObject stats = pushFile(l.port, l.token,
                                       {{u"dest_path"_s, victim}, {u"sink"_s, u"file"_s}, {u"keep_file"_s, true},
                                        {u"overwrite"_s, true}},
                                       evil);
    QVERIFY2(stats.value(u"bytes"_s).toInteger() == evil.size(), qPrintable(describe(stats)));
    const QString where = stats.value(u"path"_s).toString();
    QVERIFY2(where.startsWith(tmp.path() + u"/wirebench-listen-"_s), qPrintable(where));
    QCOMPARE(fileContent(victim), QByteArray("ssh-ed25519 AAAA original\n"));
    // keep_file from a peer is ignored: the file goes once the test is over.
    QTRY_VERIFY_WITH_TIMEOUT(!QFile::exists(where), 3000);
    // The peer may still choose /dev/null: that names no path.
    const QJsonObject devnull = pushFile(l.port, l.token, {{u"sink"_s, u"devnull"_s}}, evil);
    QCOMPARE(devnull.value(u"path"_s).toString(), u"/dev/null"_s);
    // Stopped, the listener removes its private directory.
    l.proc.terminate();
    QVERIFY(l.proc.waitForFinished(5000));
    QCOMPARE(QDir(tmp.path()).entryList(QDir::NoDotAndDotDot | QDir::AllEntries), QStringList());
}

void TstAgentSafety::standaloneListenerHasAWatchdogAndStopsOnSignal()
{
    const QString token = u"00112233445566778899aabbccddeeff"_s;
    Listener l;
    QVERIFY(l.start({u"--once"_s}, envWith(u"WIREBENCH_TOKEN"_s, token)));
    // Let in, then silent and never closing: the watchdog ends the test.
    RawPeer p;
    QVERIFY(p.connectTo(l.port));
    p.write(token.toLatin1()
            + "\n{\"kind\":\"tcp_stream\",\"params\":{\"duration_s\":0.3,\"watchdog_margin_s\":0.5},\"version\":1}\n");
    QVERIFY(p.readLine().contains("\"ok\":true"));
    QElapsedTimer t;
    t.start();
    QVERIFY2(l.proc.waitForFinished(5000), "the standalone listener must stop an overrunning test");
    QVERIFY(t.elapsed() < 4000);
    QVERIFY2(l.proc.readAllStandardOutput().contains("(watchdog)"), "reported as a watchdog stop");

    // A listener waiting for clients ends on SIGTERM.
    Listener m;
    QVERIFY(m.start({}, envWith(u"WIREBENCH_TOKEN"_s, token)));
    ::kill(pid_t(m.proc.processId()), SIGTERM);
    QVERIFY(m.proc.waitForFinished(3000));
    QCOMPARE(m.proc.exitStatus(), QProcess::NormalExit);
}

void TstAgentSafety::managedPeerHeaderCannotChooseAPath()
{
    QTemporaryDir home;
    const QString victim = home.filePath(u"victim.txt"_s);
    AgentProcess server;
    QVERIFY(server.start());
    const QString token = AgentProcess::newToken();
    // The controller names no path: a temporary file, whatever the peer says.
    server.send(serveRequest(10, u"file_transfer"_s, token, {}));
    const QJsonObject l = server.waitFor(10, 5000);
    QCOMPARE(l.value(u"type"_s).toString(), u"listening"_s);
    const QJsonObject stats = pushFile(l.value(u"port"_s).toInt(), token,
                                       {{u"dest_path"_s, victim}, {u"keep_file"_s, true}, {u"sink"_s, u"file"_s}},
                                       "payload");
    QVERIFY2(stats.value(u"bytes"_s).toInteger() == 7, qPrintable(describe(stats)));
    QVERIFY(stats.value(u"path"_s).toString() != victim);
    QVERIFY(!QFile::exists(victim));
    const QJsonObject fin = server.waitFinal(10, 5000);
    QCOMPARE(fin.value(u"type"_s).toString(), u"result"_s);
    // keep_file came only from the peer, so the temporary file is gone.
    QVERIFY(!QFile::exists(stats.value(u"path"_s).toString()));

    // The peer cannot turn the controller's file sink into /dev/null either.
    const QString dst = home.filePath(u"wanted.bin"_s);
    server.send(serveRequest(11, u"file_transfer"_s, token, {{u"dest_path"_s, dst}}));
    const QJsonObject l2 = server.waitFor(11, 5000);
    const QJsonObject s2 = pushFile(l2.value(u"port"_s).toInt(), token, {{u"sink"_s, u"devnull"_s}}, "abc");
    QCOMPARE(s2.value(u"path"_s).toString(), dst);
    QCOMPARE(fileContent(dst), QByteArray("abc"));
}

void TstAgentSafety::existingFileKeptUnlessOverwrite()
{
    QTemporaryDir dir;
    const QString dst = dir.filePath(u"precious.bin"_s);
    {
        QFile f(dst);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("precious");
    }
    AgentProcess server;
    QVERIFY(server.start());
    const QString token = AgentProcess::newToken();
    server.send(serveRequest(10, u"file_transfer"_s, token, {{u"dest_path"_s, dst}}));
    const QJsonObject l = server.waitFor(10, 5000);
    const QJsonObject refused = pushFile(l.value(u"port"_s).toInt(), token, {}, QByteArray(100000, 'x'));
    QCOMPARE(refused.value(u"ok"_s).toBool(true), false);
    QVERIFY2(refused.value(u"error"_s).toString().contains(u"overwrite"_s), qPrintable(describe(refused)));
    const QJsonObject fin = server.waitFinal(10, 5000);
    QCOMPARE(fin.value(u"code"_s).toString(), u"file_error"_s);
    QCOMPARE(fileContent(dst), QByteArray("precious")); // neither truncated nor removed

    // A transfer that fails part way leaves an existing file alone too
    // when the request did not allow replacing it: here it did, so it is replaced.
    server.send(serveRequest(11, u"file_transfer"_s, token, {{u"dest_path"_s, dst}, {u"overwrite"_s, true}}));
    const QJsonObject l2 = server.waitFor(11, 5000);
    const QJsonObject ok = pushFile(l2.value(u"port"_s).toInt(), token, {}, "replaced");
    QVERIFY2(ok.value(u"bytes"_s).toInteger() == 8, qPrintable(describe(ok)));
    QCOMPARE(fileContent(dst), QByteArray("replaced"));
}

void TstAgentSafety::symlinkInAnyComponentRefused_data()
{
    QTest::addColumn<QString>("relative");
    QTest::newRow("last component") << u"link-to-file"_s;
    QTest::newRow("middle component") << u"link-to-dir/copy.bin"_s;
}

void TstAgentSafety::symlinkInAnyComponentRefused()
{
    QFETCH(QString, relative);
    QTemporaryDir dir;
    QVERIFY(QDir(dir.path()).mkdir(u"real"_s));
    const QString target = dir.filePath(u"real/target.bin"_s);
    QVERIFY(QFile::link(target, dir.filePath(u"link-to-file"_s)));
    QVERIFY(QFile::link(dir.filePath(u"real"_s), dir.filePath(u"link-to-dir"_s)));
    AgentProcess server;
    QVERIFY(server.start());
    const QString token = AgentProcess::newToken();
    server.send(serveRequest(10, u"file_transfer"_s, token,
                             {{u"dest_path"_s, dir.filePath(relative)}, {u"overwrite"_s, true}}));
    const QJsonObject l = server.waitFor(10, 5000);
    const QJsonObject refused = pushFile(l.value(u"port"_s).toInt(), token, {}, "data");
    QCOMPARE(refused.value(u"ok"_s).toBool(true), false);
    QVERIFY2(refused.value(u"error"_s).toString().contains(u"symbolic link"_s), qPrintable(describe(refused)));
    QCOMPARE(server.waitFinal(10, 5000).value(u"code"_s).toString(), u"file_error"_s);
    QCOMPARE(QDir(dir.filePath(u"real"_s)).entryList(QDir::NoDotAndDotDot | QDir::AllEntries), QStringList());
}

void TstAgentSafety::fifoAsPathIsRefusedAtOnce_data()
{
    QTest::addColumn<bool>("asSource");
    QTest::newRow("source on the running end") << true;
    QTest::newRow("destination on the serving end") << false;
}

void TstAgentSafety::fifoAsPathIsRefusedAtOnce()
{
    QFETCH(bool, asSource);
    QTemporaryDir dir;
    const QString fifo = dir.filePath(u"pipe"_s);
    QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
    AgentProcess server, client;
    QVERIFY(server.start() && client.start());
    const QString token = AgentProcess::newToken();
    QJsonObject serveParams{{u"idle_timeout_s"_s, 3}};
    if (!asSource) {
        serveParams.insert(u"dest_path"_s, fifo);
        serveParams.insert(u"overwrite"_s, true);
    }
    server.send(serveRequest(10, u"file_transfer"_s, token, serveParams));
    const QJsonObject l = server.waitFor(10, 5000);
    QJsonObject runParams{{u"file_size_bytes"_s, 1000}};
    if (asSource)
        runParams = {{u"path"_s, fifo}};
    QElapsedTimer t;
    t.start();
    client.send(runRequest(20, u"file_transfer"_s, token, l.value(u"port"_s).toInt(), runParams));
    const QJsonObject fin = client.waitFinal(20, 5000);
    QVERIFY2(fin.value(u"type"_s).toString() == u"error"_s, qPrintable(describe(fin)));
    QVERIFY2(fin.value(u"message"_s).toString().contains(u"FIFO"_s)
                 || fin.value(u"message"_s).toString().contains(u"not a regular file"_s),
             qPrintable(describe(fin)));
    QVERIFY(t.elapsed() < 3000);
    // Both agents still answer.
    client.send({{u"type"_s, u"ping"_s}, {u"id"_s, 30}});
    QCOMPARE(client.waitFor(30, 2000).value(u"type"_s).toString(), u"pong"_s);
    server.send({{u"type"_s, u"ping"_s}, {u"id"_s, 31}});
    QCOMPARE(server.waitFor(31, 2000).value(u"type"_s).toString(), u"pong"_s);
}

void TstAgentSafety::idleConnectionsDoNotHoldTheListener()
{
    AgentProcess server, client;
    QVERIFY(server.start() && client.start());
    const QString token = AgentProcess::newToken();
    server.send(serveRequest(10, u"tcp_rr"_s, token, {{u"transactions"_s, 50}}));
    const QJsonObject l = server.waitFor(10, 5000);
    const int port = l.value(u"port"_s).toInt();
    RawPeer idle[5];
    for (auto &p : idle)
        QVERIFY(p.connectTo(port)); // connected, and then never a byte
    QElapsedTimer t;
    t.start();
    client.send(runRequest(20, u"tcp_rr"_s, token, port, {{u"transactions"_s, 50}}));
    const QJsonObject fin = client.waitFinal(20, 15000);
    QVERIFY2(fin.value(u"type"_s).toString() == u"result"_s, qPrintable(describe(fin)));
    QVERIFY2(t.elapsed() < 1500, qPrintable(QString::number(t.elapsed())));
    QCOMPARE(server.waitFinal(10, 5000).value(u"type"_s).toString(), u"result"_s);
}

namespace {
// Opens a stream test by hand: token, header; returns the serving end's reply.
QJsonObject openFlowTest(RawPeer &control, int port, const QString &token, const QJsonObject &params)
{
    if (!control.connectTo(port))
        return {};
    const QJsonObject header{{u"kind"_s, u"tcp_stream"_s}, {u"params"_s, params}, {u"version"_s, 1}};
    control.write(token.toLatin1() + '\n' + QJsonDocument(header).toJson(QJsonDocument::Compact) + '\n');
    return QJsonDocument::fromJson(control.readLine()).object();
}

bool connectRefused(int port)
{
    RawPeer p;
    return !p.connectTo(port);
}
} // namespace

void TstAgentSafety::flowConnectionsNeedTheTokenAndTheKey()
{
    AgentProcess server;
    QVERIFY(server.start());
    const QString token = AgentProcess::newToken();
    server.send(serveRequest(10, u"tcp_stream"_s, token, {{u"duration_s"_s, 0.3}}));
    const QJsonObject l = server.waitFor(10, 5000);
    const int port = l.value(u"port"_s).toInt();
    RawPeer control;
    const QJsonObject ok = openFlowTest(control, port, token, {{u"streams"_s, 2}});
    QVERIFY2(ok.value(u"ok"_s).toBool(), qPrintable(describe(ok)));
    // A data connection without the token is dropped unread, as on the first one.
    RawPeer stranger;
    QVERIFY(stranger.connectTo(port));
    stranger.write(QByteArray(32, 'f') + '\n' + R"({"direction":"forward","key":"0","stream":0})" "\n");
    QCOMPARE(stranger.readLine(), QByteArray());
    // The token alone is not enough: the greeting must carry the test's key.
    RawPeer wrongKey;
    QVERIFY(wrongKey.connectTo(port));
    wrongKey.write(token.toLatin1() + '\n' + R"({"direction":"forward","key":"0000000000000001","stream":0})" "\n");
    const QJsonObject refused = QJsonDocument::fromJson(wrongKey.readLine()).object();
    QCOMPARE(refused.value(u"ok"_s).toBool(true), false);
    QVERIFY2(refused.value(u"error"_s).toString().contains(u"key"_s), qPrintable(describe(refused)));
    const QJsonObject fin = server.waitFinal(10, 5000);
    QCOMPARE(fin.value(u"type"_s).toString(), u"error"_s);
    QVERIFY2(fin.value(u"message"_s).toString().contains(u"key"_s), qPrintable(describe(fin)));
    // The test is over and so is its listener.
    QVERIFY(connectRefused(port));
}

void TstAgentSafety::flowsNotOpenedFailTheTestInBoundedTime()
{
    AgentProcess server;
    QVERIFY(server.start());
    const QString token = AgentProcess::newToken();
    server.send(serveRequest(10, u"tcp_stream"_s, token, {{u"duration_s"_s, 0.3}}));
    const int port = server.waitFor(10, 5000).value(u"port"_s).toInt();
    RawPeer control;
    QElapsedTimer t;
    t.start();
    const QJsonObject ok = openFlowTest(control, port, token, {{u"direction"_s, u"reverse"_s}});
    QVERIFY2(ok.value(u"ok"_s).toBool(), qPrintable(describe(ok)));
    // The peer asked for a reverse flow and never opened it: the serving end
    // neither sends anywhere nor waits past its bound.
    const QJsonObject fin = server.waitFinal(10, 20000);
    QCOMPARE(fin.value(u"type"_s).toString(), u"error"_s);
    QVERIFY2(fin.value(u"message"_s).toString().contains(u"did not open stream 0 (reverse)"_s), qPrintable(describe(fin)));
    QVERIFY2(t.elapsed() < 15000, qPrintable(QString::number(t.elapsed())));
    QVERIFY(connectRefused(port));
}

void TstAgentSafety::agentExitsWhenTheHeartbeatStops()
{
    AgentProcess server, client;
    QVERIFY(server.start() && client.start());
    const QString token = AgentProcess::newToken();
    const QJsonObject params{{u"duration_s"_s, 60}, {u"interval_s"_s, 0}};
    server.send(serveRequest(10, u"tcp_stream"_s, token, params));
    const QJsonObject l = server.waitFor(10, 5000);
    client.send({{u"type"_s, u"heartbeat"_s}, {u"id"_s, 11}, {u"timeout_s"_s, 1.0}});
    QCOMPARE(client.waitFor(11, 2000).value(u"type"_s).toString(), u"heartbeat"_s);
    client.send(runRequest(20, u"tcp_stream"_s, token, l.value(u"port"_s).toInt(), params));
    QElapsedTimer t;
    t.start();
    // Its input stays open (as a dead SSH session's would): it still leaves.
    const QJsonObject fin = client.waitFinal(20, 10000);
    QCOMPARE(fin.value(u"code"_s).toString(), u"heartbeat_lost"_s);
    QVERIFY2(client.process().waitForFinished(5000), "the agent must exit once its controller's heartbeat stopped");
    QCOMPARE(client.process().exitCode(), 3);
    QVERIFY(t.elapsed() < 6000);
    QVERIFY(client.process().readAllStandardError().contains("heartbeat"));
}

// A result's samples come ahead of it in "samples" messages of at most
// 1000 samples each (so no line nears the controller's limit, however long
// the test), and the result says how many there were.
void TstAgentSafety::samplesTravelInBoundedMessages()
{
    AgentProcess server, client;
    QVERIFY(server.start() && client.start());
    const QString token = AgentProcess::newToken();
    const QJsonObject params{{u"duration_s"_s, 0.5}, {u"interval_s"_s, 0.0001}, {u"rate_pps"_s, 1000}};
    // Only the client samples: nothing here reads the server's output while
    // the client's is read, and a full pipe would stall it.
    QJsonObject serverParams = params;
    serverParams.insert(u"interval_s"_s, 0);
    server.send(serveRequest(10, u"udp_stream"_s, token, serverParams));
    const QJsonObject l = server.waitFor(10, 5000);
    client.send(runRequest(20, u"udp_stream"_s, token, l.value(u"port"_s).toInt(), params));
    QElapsedTimer t;
    t.start();
    qsizetype arrived = 0, messages = 0, largest = 0;
    QJsonObject fin;
    while (t.elapsed() < 15000) {
        const QJsonObject m = client.waitFor(20, 15000);
        const QString type = m.value(u"type"_s).toString();
        if (type == u"sample"_s)
            continue;
        if (type != u"samples"_s) {
            fin = m;
            break;
        }
        const qsizetype n = m.value(u"samples"_s).toArray().size();
        QVERIFY(n > 0 && n <= 1000);
        QCOMPARE(QStringList(m.keys()), (QStringList{u"id"_s, u"samples"_s, u"type"_s}));
        arrived += n;
        largest = std::max(largest, QJsonDocument(m).toJson(QJsonDocument::Compact).size());
        ++messages;
    }
    QVERIFY2(fin.value(u"type"_s).toString() == u"result"_s, qPrintable(describe(fin)));
    QVERIFY2(messages >= 2, qPrintable(QString::number(arrived))); // 0.5 s at 0.1 ms is thousands
    QCOMPARE(fin.value(u"samples_sent"_s).toInteger(), arrived);
    QCOMPARE(fin.value(u"record"_s).toObject().value(u"samples"_s).toArray().size(), 0);
    QVERIFY2(largest < 256 * 1024, qPrintable(QString::number(largest)));
}

// A controller whose hello does not list "samples" (one from before them)
// gets a result's samples in its record, as before.
void TstAgentSafety::olderControllerGetsSamplesInTheRecord()
{
    AgentProcess server, client;
    QVERIFY(server.start() && client.start());
    client.send({{u"type"_s, u"hello"_s}, {u"id"_s, 2}, {u"protocol"_s, 1}});
    QCOMPARE(client.waitFor(2, 5000).value(u"type"_s).toString(), u"hello"_s);
    const QString token = AgentProcess::newToken();
    server.send(serveRequest(10, u"tcp_rr"_s, token, {{u"interval_s"_s, 0}}));
    const QJsonObject l = server.waitFor(10, 5000);
    client.send(runRequest(20, u"tcp_rr"_s, token, l.value(u"port"_s).toInt(),
                           {{u"duration_s"_s, 0.5}, {u"interval_s"_s, 0.05}}));
    QElapsedTimer t;
    t.start();
    QJsonObject fin;
    while (t.elapsed() < 10000) {
        const QJsonObject m = client.waitFor(20, 10000);
        QVERIFY2(m.value(u"type"_s).toString() != u"samples"_s, "no samples messages to an older controller");
        if (m.value(u"type"_s).toString() != u"sample"_s) {
            fin = m;
            break;
        }
    }
    QCOMPARE(fin.value(u"type"_s).toString(), u"result"_s);
    QVERIFY(!fin.contains(u"samples_sent"_s));
    QVERIFY(fin.value(u"record"_s).toObject().value(u"samples"_s).toArray().size() >= 10);
}

namespace {
double metricOf(const QJsonObject &record, const QString &name, const QString &side)
{
    for (const auto &m : record.value(u"metrics"_s).toArray()) {
        const QJsonObject o = m.toObject();
        if (o.value(u"name"_s).toString() == name && o.value(u"side"_s).toString() == side)
            return o.value(u"value"_s).toDouble();
    }
    return -1;
}
} // namespace

// The relay drops, duplicates and reorders the stream: the serving end
// counts each datagram once, names the copies and the latecomers, and the
// loss is exactly what the relay dropped.
void TstAgentSafety::duplicatesAndReorderingDoNotHideLoss()
{
    AgentProcess server, client;
    QVERIFY(server.start() && client.start());
    const QString token = AgentProcess::newToken();
    const QJsonObject params{{u"messages"_s, 1000}, {u"rate_pps"_s, 5000}, {u"message_size_bytes"_s, 100},
                             {u"recv_socket_bytes"_s, 4194304}, {u"interval_s"_s, 0}};
    server.send(serveRequest(10, u"udp_stream"_s, token, params));
    const QJsonObject l = server.waitFor(10, 5000);
    UdpMangler relay;
    QVERIFY(relay.start(l.value(u"port"_s).toInt()));
    client.send(runRequest(20, u"udp_stream"_s, token, relay.port(), params));
    const QJsonObject fin = client.waitFinal(20, 20000);
    relay.finish();
    QVERIFY2(fin.value(u"type"_s).toString() == u"result"_s, qPrintable(describe(fin)));
    const QJsonObject rec = fin.value(u"record"_s).toObject();
    QCOMPARE(metricOf(rec, u"messages"_s, u"client"_s), 1000.0);
    QVERIFY(relay.dropped == 20 && relay.duplicated > 50 && relay.reordered > 100);
    QCOMPARE(rec.value(u"extra"_s).toObject().value(u"server_socket_drops"_s).toInt(), 0);
    QCOMPARE(metricOf(rec, u"messages"_s, u"server"_s), 1000.0 - relay.dropped);
    QCOMPARE(metricOf(rec, u"duplicates"_s, u"server"_s), double(relay.duplicated));
    QCOMPARE(metricOf(rec, u"reordered"_s, u"server"_s), double(relay.reordered));
    QCOMPARE(metricOf(rec, u"loss_ratio"_s, u""_s), relay.dropped / 1000.0);
    QCOMPARE(rec.value(u"extra"_s).toObject().value(u"lost"_s).toInt(), relay.dropped);
    QCOMPARE(server.waitFinal(10, 5000).value(u"type"_s).toString(), u"result"_s);
}

// Probes forged with the test's key from another socket are not echoed:
// the client answers only the serving end's probe socket.
void TstAgentSafety::probeEchoAnswersOnlyTheServingEnd()
{
    AgentProcess server, client;
    QVERIFY(server.start() && client.start());
    const QString token = AgentProcess::newToken();
    const QJsonObject params{{u"duration_s"_s, 1.0}, {u"rate_pps"_s, 2000}, {u"probe_rate_pps"_s, 200},
                             {u"interval_s"_s, 0}};
    server.send(serveRequest(10, u"packet_rate"_s, token, params));
    const QJsonObject l = server.waitFor(10, 5000);
    UdpMangler relay;
    relay.forgeProbes(7);
    QVERIFY(relay.start(l.value(u"port"_s).toInt()));
    client.send(runRequest(20, u"packet_rate"_s, token, relay.port(), params));
    const QJsonObject fin = client.waitFinal(20, 20000);
    relay.finish();
    QVERIFY2(fin.value(u"type"_s).toString() == u"result"_s, qPrintable(describe(fin)));
    QCOMPARE(relay.forgedProbes, 7);
    const QJsonObject extra = fin.value(u"record"_s).toObject().value(u"extra"_s).toObject();
    QCOMPARE(extra.value(u"foreign_probes"_s).toInt(-1), 7);
    // The real probes (from the serving end, not through the relay) are echoed.
    QVERIFY(extra.value(u"probes_echoed"_s).toInt() > 50);
    QVERIFY(extra.value(u"probes_echoed"_s).toInt() <= extra.value(u"probes_sent"_s).toInt());
}

// udp_rr through the relay: a copied request is answered twice but makes
// one transaction on the serving end, and the second answer is a duplicate
// on the running end, not a transaction; a dropped request is a drop.
void TstAgentSafety::udpRrCountsCopiesAsCopies()
{
    AgentProcess server, client;
    QVERIFY(server.start() && client.start());
    const QString token = AgentProcess::newToken();
    const QJsonObject params{{u"transactions"_s, 300}, {u"request_size_bytes"_s, 16}, {u"response_size_bytes"_s, 16},
                             {u"timeout_ms"_s, 1000}, {u"interval_s"_s, 0}};
    server.send(serveRequest(10, u"udp_rr"_s, token, params));
    const QJsonObject l = server.waitFor(10, 5000);
    UdpMangler relay;
    QVERIFY(relay.start(l.value(u"port"_s).toInt()));
    client.send(runRequest(20, u"udp_rr"_s, token, relay.port(), params));
    const QJsonObject fin = client.waitFinal(20, 30000);
    relay.finish();
    QVERIFY2(fin.value(u"type"_s).toString() == u"result"_s, qPrintable(describe(fin)));
    const QJsonObject rec = fin.value(u"record"_s).toObject();
    QVERIFY(relay.dropped == 6 && relay.duplicated >= 25);
    QCOMPARE(metricOf(rec, u"drops"_s, u"client"_s), double(relay.dropped));
    QCOMPARE(metricOf(rec, u"duplicates"_s, u"server"_s), double(relay.duplicated));
    QCOMPARE(metricOf(rec, u"duplicates"_s, u"client"_s), double(relay.duplicated));
    QCOMPARE(rec.value(u"extra"_s).toObject().value(u"transactions"_s).toInt(), 300 - relay.dropped);
    QCOMPARE(server.waitFinal(10, 5000).value(u"type"_s).toString(), u"result"_s);
}

QTEST_GUILESS_MAIN(TstAgentSafety)
#include "tst_agentsafety.moc"
