// SPDX-License-Identifier: GPL-3.0-or-later
// The stream knobs of iperf3 and netperf between two real wirebench-agent
// processes on loopback: a target bit rate (rate_bps, iperf3 -b) met within
// a stated tolerance, the omitted start (omit_s, iperf3 -O) left out of the
// figures and marked in the samples, CPU affinity per end (netperf -T) as
// the kernel shows it in /proc while the test runs, and zero-copy sends
// (MSG_ZEROCOPY) that deliver the sender's bytes unchanged. Each knob is
// refused by name by the kinds that cannot honour it.

#include "agentprocess.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QTest>
#include <QThread>

#include <sys/socket.h>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace {

// rate_bps: each stream's receiver figure within this share of its target.
constexpr double kRateTolerance = 0.10;

QJsonObject extraOf(const QJsonObject &record)
{
    return record.value(u"extra"_s).toObject();
}

int hostCpus()
{
    const long n = ::sysconf(_SC_NPROCESSORS_CONF);
    return n > 0 ? int(n) : 1;
}

QString failureOf(const TestOutcome &r)
{
    return u"client: "_s + describe(r.client) + u" server: "_s + describe(r.server);
}

// The test threads of a running agent as /proc shows them: each task's
// allowed CPU list and the CPU it last ran on (field 39 of its stat line).
struct TaskCpu
{
    QString allowed;
    int processor = -1;
};

QList<TaskCpu> taskCpus(qint64 pid)
{
    QList<TaskCpu> out;
    const QString base = u"/proc/%1/task"_s.arg(pid);
    for (const QString &tid : QDir(base).entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        TaskCpu t;
        QFile status(base + u'/' + tid + u"/status"_s);
        if (status.open(QIODevice::ReadOnly))
            for (const QByteArray &line : status.readAll().split('\n'))
                if (line.startsWith("Cpus_allowed_list:"))
                    t.allowed = QString::fromLatin1(line.mid(18)).trimmed();
        QFile stat(base + u'/' + tid + u"/stat"_s);
        if (stat.open(QIODevice::ReadOnly)) {
            // The command name may hold spaces: count fields after its ')'.
            const QByteArray s = stat.readAll();
            const QList<QByteArray> fields = s.mid(s.lastIndexOf(')') + 2).split(' ');
            if (fields.size() > 36)
                t.processor = fields.at(36).toInt(); // field 39 of the whole line
        }
        out.append(t);
    }
    return out;
}

} // namespace

class TstAgentKnobs : public QObject
{
    Q_OBJECT

private slots:
    void knobsAreRefusedByOtherKinds_data();
    void knobsAreRefusedByOtherKinds();
    void rateBpsIsMet_data();
    void rateBpsIsMet();
    void tcpOmitLeavesTheStartOut_data();
    void tcpOmitLeavesTheStartOut();
    void udpOmitLeavesTheStartOut();
    void cpuAffinityIsApplied();
    void missingCpuIsRefused_data();
    void missingCpuIsRefused();
    void zeroCopyDeliversTheBytes_data();
    void zeroCopyDeliversTheBytes();
    void zeroCopyReceiverCatchesWrongData();
    void sendfileDeliversTheBytes_data();
    void sendfileDeliversTheBytes();
    void sendfileAndZeroCopyAreExclusive();
};

void TstAgentKnobs::knobsAreRefusedByOtherKinds_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QJsonValue>("value");
    QTest::newRow("udp_stream rate_bps") << u"udp_stream"_s << u"rate_bps"_s << QJsonValue(1e6);
    QTest::newRow("tcp_rr rate_bps") << u"tcp_rr"_s << u"rate_bps"_s << QJsonValue(1e6);
    QTest::newRow("tcp_rr omit_s") << u"tcp_rr"_s << u"omit_s"_s << QJsonValue(1);
    QTest::newRow("packet_rate omit_s") << u"packet_rate"_s << u"omit_s"_s << QJsonValue(1);
    QTest::newRow("udp_stream zerocopy") << u"udp_stream"_s << u"zerocopy"_s << QJsonValue(true);
    QTest::newRow("file_transfer zerocopy") << u"file_transfer"_s << u"zerocopy"_s << QJsonValue(true);
    QTest::newRow("udp_stream sendfile") << u"udp_stream"_s << u"sendfile"_s << QJsonValue(true);
    QTest::newRow("tcp_rr sendfile") << u"tcp_rr"_s << u"sendfile"_s << QJsonValue(true);
}

void TstAgentKnobs::knobsAreRefusedByOtherKinds()
{
    QFETCH(QString, kind);
    QFETCH(QString, field);
    QFETCH(QJsonValue, value);
    AgentProcess agent;
    QVERIFY(agent.start());
    agent.send(runRequest(5, kind, AgentProcess::newToken(), 9, QJsonObject{{field, value}}));
    const QJsonObject reply = agent.waitFor(5, 5000);
    QCOMPARE(reply.value(u"type"_s).toString(), u"error"_s);
    QCOMPARE(reply.value(u"code"_s).toString(), u"invalid_message"_s);
    const QString message = reply.value(u"message"_s).toString();
    QVERIFY2(message.contains(u"params."_s + field), qPrintable(message));
}

void TstAgentKnobs::rateBpsIsMet_data()
{
    QTest::addColumn<int>("streams");
    QTest::addColumn<QString>("direction");
    QTest::newRow("1 stream") << 1 << u"forward"_s;
    QTest::newRow("3 streams") << 3 << u"forward"_s;
    QTest::newRow("reverse") << 1 << u"reverse"_s;
}

// 40 Mbit/s per stream (iperf3 -b is per stream too): each receiver's
// figure within kRateTolerance, and far below what loopback does unpaced.
void TstAgentKnobs::rateBpsIsMet()
{
    QFETCH(int, streams);
    QFETCH(QString, direction);
    const double target = 40e6;
    const auto r = runPair(u"tcp_stream"_s, {{u"duration_s"_s, 2.0}, {u"rate_bps"_s, target},
                                             {u"message_size_bytes"_s, 16384}, {u"streams"_s, streams},
                                             {u"direction"_s, direction}});
    QVERIFY2(r.client.value(u"type"_s).toString() == u"result"_s, qPrintable(failureOf(r)));
    const QJsonObject rec = r.clientRecord();
    const QString receiver = direction == u"forward"_s ? u"server"_s : u"client"_s;
    const double total = recordMetric(rec, u"throughput_bps"_s, receiver);
    const double want = target * streams;
    QVERIFY2(std::abs(total - want) <= kRateTolerance * want,
             qPrintable(u"receiver %1 bit/s, target %2 bit/s"_s.arg(total).arg(want)));
    if (streams > 1) {
        int seen = 0;
        for (const QJsonValue &v : extraOf(rec).value(u"streams"_s).toArray()) {
            const QJsonObject e = v.toObject();
            if (e.value(u"role"_s).toString() != u"receiver"_s)
                continue;
            const double bps = e.value(u"throughput_bps"_s).toDouble();
            QVERIFY2(std::abs(bps - target) <= kRateTolerance * target,
                     qPrintable(u"stream %1: %2 bit/s"_s.arg(e.value(u"stream"_s).toInt()).arg(bps)));
            ++seen;
        }
        QCOMPARE(seen, streams);
    }
}

void TstAgentKnobs::tcpOmitLeavesTheStartOut_data()
{
    QTest::addColumn<int>("streams");
    QTest::newRow("1 stream") << 1;
    QTest::newRow("2 streams") << 2;
}

// Paced at a known rate, 1 s omitted and 1.5 s measured: the figures hold
// 1.5 s worth of bytes, the omitted second's are recorded apart, and the
// samples of the omitted start have t <= 0 while those after it count
// their bytes from the measured start.
void TstAgentKnobs::tcpOmitLeavesTheStartOut()
{
    QFETCH(int, streams);
    const double rate = 32e6; // per stream
    const double omit = 1.0, duration = 1.5;
    const auto r = runPair(u"tcp_stream"_s, {{u"duration_s"_s, duration}, {u"omit_s"_s, omit},
                                             {u"rate_bps"_s, rate}, {u"message_size_bytes"_s, 16384},
                                             {u"interval_s"_s, 0.25}, {u"streams"_s, streams}});
    QVERIFY2(r.client.value(u"type"_s).toString() == u"result"_s, qPrintable(failureOf(r)));
    const QJsonObject rec = r.clientRecord();
    const double measured = rate * streams * duration / 8;
    const double bytes = recordMetric(rec, u"bytes"_s, u"server"_s);
    QVERIFY2(std::abs(bytes - measured) <= 0.1 * measured,
             qPrintable(u"server bytes %1, %2 expected in the measured %3 s"_s.arg(bytes).arg(measured).arg(duration)));
    QVERIFY2(std::abs(recordMetric(rec, u"elapsed_s"_s, u"client"_s) - duration) < 0.2,
             qPrintable(u"elapsed %1"_s.arg(recordMetric(rec, u"elapsed_s"_s, u"client"_s))));
    double omitted = 0;
    if (streams == 1) {
        omitted = extraOf(rec).value(u"omitted_bytes"_s).toDouble();
        QCOMPARE(extraOf(r.serverRecord()).value(u"omitted_bytes"_s).toDouble() > 0, true);
    } else {
        for (const QJsonValue &v : extraOf(rec).value(u"streams"_s).toArray())
            if (v.toObject().value(u"side"_s).toString() == u"client"_s)
                omitted += v.toObject().value(u"omitted_bytes"_s).toDouble();
    }
    const double omittedWant = rate * streams * omit / 8;
    QVERIFY2(std::abs(omitted - omittedWant) <= 0.15 * omittedWant,
             qPrintable(u"omitted %1 bytes, about %2 expected"_s.arg(omitted).arg(omittedWant)));
    // The samples: the omitted start's at t <= 0 (-0.75 .. 0), the measured
    // ones after, their cumulative bytes from the measured start.
    int before = 0, after = 0;
    double lastT = -1e9, lastBytes = 0;
    for (const QJsonObject &s : r.clientSamples) {
        const double t = s.value(u"t"_s).toDouble();
        const QJsonObject m = s.value(u"metrics"_s).toObject();
        if (t <= 0) {
            ++before;
            QVERIFY2(t >= -omit - 1e-6, qPrintable(u"a sample at t %1"_s.arg(t)));
        } else {
            ++after;
            if (t > lastT) {
                lastT = t;
                lastBytes = m.value(u"bytes"_s).toDouble();
            }
        }
    }
    QVERIFY2(before == 4, qPrintable(u"%1 samples in the omitted start"_s.arg(before)));
    QVERIFY2(after >= 4, qPrintable(u"%1 samples after it"_s.arg(after)));
    // The last measured sample has (nearly) all of the measured bytes and
    // none of the omitted ones.
    QVERIFY2(lastBytes <= 1.05 * measured && lastBytes >= 0.7 * measured,
             qPrintable(u"last sample t %1: %2 bytes, measured %3"_s.arg(lastT).arg(lastBytes).arg(measured)));
}

// Datagrams of the omitted start carry a marked sequence number: the
// receiver leaves exactly those out, whenever they arrive.
void TstAgentKnobs::udpOmitLeavesTheStartOut()
{
    const double pps = 4000, omit = 0.5, duration = 1.0;
    const auto r = runPair(u"udp_stream"_s, {{u"duration_s"_s, duration}, {u"omit_s"_s, omit}, {u"rate_pps"_s, pps},
                                             {u"message_size_bytes"_s, 200}, {u"interval_s"_s, 0.25}});
    QVERIFY2(r.client.value(u"type"_s).toString() == u"result"_s, qPrintable(failureOf(r)));
    const QJsonObject rec = r.clientRecord();
    const double sent = recordMetric(rec, u"messages"_s, u"client"_s);
    const double received = recordMetric(rec, u"messages"_s, u"server"_s);
    QVERIFY2(std::abs(sent - pps * duration) <= 0.1 * pps * duration, qPrintable(u"sent %1"_s.arg(sent)));
    // Loopback drops a few datagrams when the machine is busy (CI runs two
    // tests at once); had the omitted start been counted, received would be
    // about sent + pps * omit, far above sent.
    QVERIFY2(received <= sent && received >= 0.9 * sent, qPrintable(u"received %1 of %2"_s.arg(received).arg(sent)));
    const double omittedSent = extraOf(rec).value(u"omitted_messages"_s).toDouble();
    const double omittedReceived = extraOf(r.serverRecord()).value(u"omitted_messages"_s).toDouble();
    QVERIFY2(std::abs(omittedSent - pps * omit) <= 0.15 * pps * omit, qPrintable(u"omitted %1"_s.arg(omittedSent)));
    QVERIFY2(omittedReceived <= omittedSent && omittedReceived >= 0.9 * omittedSent,
             qPrintable(u"omitted received %1 of %2"_s.arg(omittedReceived).arg(omittedSent)));
    // The loss figure is that of the measured datagrams alone: whatever was
    // dropped, it is what the measured counts say, not diluted or raised by
    // the omitted start.
    const double loss = recordMetric(rec, u"loss_ratio"_s, u""_s);
    QVERIFY2(std::abs(loss - (sent - received) / sent) <= 0.002,
             qPrintable(u"loss_ratio %1, measured counts %2 of %3"_s.arg(loss).arg(received).arg(sent)));
    int before = 0;
    for (const QJsonObject &s : r.clientSamples)
        before += s.value(u"t"_s).toDouble() <= 0 ? 1 : 0;
    QVERIFY2(before == 2, qPrintable(u"%1 samples in the omitted start"_s.arg(before)));

    // The loss samples follow the whole sequence: not with an omitted start.
    AgentProcess agent;
    QVERIFY(agent.start());
    agent.send(runRequest(5, u"udp_stream"_s, AgentProcess::newToken(), 9,
                          {{u"omit_s"_s, 1}, {u"loss_samples"_s, true}}));
    const QJsonObject reply = agent.waitFor(5, 5000);
    QCOMPARE(reply.value(u"code"_s).toString(), u"invalid_message"_s);
    QVERIFY2(reply.value(u"message"_s).toString().contains(u"params.omit_s"_s), qPrintable(describe(reply)));
}

// The client pinned to the last CPU, the server to the first: while the
// test runs /proc shows the agents' test threads allowed only there and
// running there, and both records say what was applied.
void TstAgentKnobs::cpuAffinityIsApplied()
{
    const int cpus = hostCpus();
    const int clientCpu = cpus - 1, serverCpu = 0;
    AgentProcess server, client;
    QVERIFY(server.start() && client.start());
    const QString token = AgentProcess::newToken();
    const QJsonObject params{{u"duration_s"_s, 1.5}, {u"streams"_s, 2}, {u"interval_s"_s, 0.25},
                             {u"client_cpu"_s, clientCpu}, {u"server_cpu"_s, serverCpu}};
    server.send(serveRequest(10, u"tcp_stream"_s, token, params));
    const QJsonObject l = server.waitFor(10, 5000);
    QCOMPARE(l.value(u"type"_s).toString(), u"listening"_s);
    client.send(runRequest(20, u"tcp_stream"_s, token, l.value(u"port"_s).toInt(), params));
    QList<QJsonObject> interim;
    // Wait for the first sample: the test threads exist then.
    QElapsedTimer t;
    t.start();
    bool sampling = false;
    while (!sampling && t.elapsed() < 10000) {
        const QJsonObject m = client.waitFor(20, 200);
        if (m.value(u"type"_s).toString() == u"sample"_s)
            sampling = true;
        else if (!m.isEmpty())
            interim.append(m);
        QVERIFY2(m.value(u"type"_s).toString() != u"error"_s, qPrintable(describe(m)));
    }
    QVERIFY(sampling);
    int pinnedClient = 0, pinnedServer = 0;
    for (int round = 0; round < 5; ++round) {
        for (const TaskCpu &c : taskCpus(client.process().processId())) {
            if (c.allowed != QString::number(clientCpu))
                continue;
            ++pinnedClient;
            QCOMPARE(c.processor, clientCpu);
        }
        for (const TaskCpu &c : taskCpus(server.process().processId())) {
            if (c.allowed != QString::number(serverCpu))
                continue;
            ++pinnedServer;
            QCOMPARE(c.processor, serverCpu);
        }
        QThread::msleep(100);
    }
    // Per round: the worker, two flow threads and the sampler at least.
    QVERIFY2(pinnedClient >= 5 * 3, qPrintable(u"client: %1 pinned task sightings"_s.arg(pinnedClient)));
    QVERIFY2(pinnedServer >= 5 * 3, qPrintable(u"server: %1 pinned task sightings"_s.arg(pinnedServer)));
    const QJsonObject fin = client.waitFinal(20, 15000);
    QVERIFY2(fin.value(u"type"_s).toString() == u"result"_s, qPrintable(describe(fin)));
    const QJsonObject x = extraOf(fin.value(u"record"_s).toObject());
    const QJsonObject mine = x.value(u"cpu_affinity"_s).toObject();
    const QJsonObject theirs = x.value(u"server_cpu_affinity"_s).toObject();
    QCOMPARE(mine.value(u"field"_s).toString(), u"client_cpu"_s);
    QCOMPARE(mine.value(u"cpu"_s).toInt(), clientCpu);
    QCOMPARE(mine.value(u"allowed"_s).toArray(), QJsonArray{clientCpu});
    QCOMPARE(mine.value(u"ran_on_cpu"_s).toInt(), clientCpu);
    QCOMPARE(theirs.value(u"field"_s).toString(), u"server_cpu"_s);
    QCOMPARE(theirs.value(u"allowed"_s).toArray(), QJsonArray{serverCpu});
    QCOMPARE(theirs.value(u"ran_on_cpu"_s).toInt(), serverCpu);
    server.waitFinal(10, 5000);
}

void TstAgentKnobs::missingCpuIsRefused_data()
{
    QTest::addColumn<QString>("type");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("kind");
    QTest::newRow("run client_cpu") << u"run"_s << u"client_cpu"_s << u"tcp_stream"_s;
    QTest::newRow("serve server_cpu") << u"serve"_s << u"server_cpu"_s << u"udp_rr"_s;
}

void TstAgentKnobs::missingCpuIsRefused()
{
    QFETCH(QString, type);
    QFETCH(QString, field);
    QFETCH(QString, kind);
    const int cpus = hostCpus();
    AgentProcess agent;
    QVERIFY(agent.start());
    const QJsonObject params{{field, cpus}};
    const QString token = AgentProcess::newToken();
    agent.send(type == u"run"_s ? runRequest(5, kind, token, 9, params) : serveRequest(5, kind, token, params));
    const QJsonObject reply = agent.waitFor(5, 5000);
    QCOMPARE(reply.value(u"code"_s).toString(), u"invalid_message"_s);
    const QString message = reply.value(u"message"_s).toString();
    QVERIFY2(message.contains(u"params."_s + field), qPrintable(message));
    QVERIFY2(message.contains(u"has %1 CPU"_s.arg(cpus)), qPrintable(message));
}

void TstAgentKnobs::zeroCopyDeliversTheBytes_data()
{
    QTest::addColumn<int>("streams");
    QTest::addColumn<QString>("direction");
    QTest::newRow("1 stream") << 1 << u"forward"_s;
    QTest::newRow("2 streams") << 2 << u"forward"_s;
    QTest::newRow("reverse") << 1 << u"reverse"_s;
}

// The receiver compares every byte with the sender's pattern; the sender
// records whether the kernel took the sends zero-copy and how many of them
// it copied anyway (on loopback it must copy: the pages go to a local reader).
void TstAgentKnobs::zeroCopyDeliversTheBytes()
{
    QFETCH(int, streams);
    QFETCH(QString, direction);
    // 100003: an odd size, so the pattern's phase moves from read to read.
    const auto r = runPair(u"tcp_stream"_s, {{u"duration_s"_s, 1.0}, {u"zerocopy"_s, true}, {u"streams"_s, streams},
                                             {u"direction"_s, direction}, {u"message_size_bytes"_s, 100003}});
    QVERIFY2(r.client.value(u"type"_s).toString() == u"result"_s, qPrintable(failureOf(r)));
    const bool forward = direction == u"forward"_s;
    const QJsonObject senderRec = forward ? r.clientRecord() : r.serverRecord();
    const QJsonObject receiverRec = forward ? r.serverRecord() : r.clientRecord();
    const QJsonObject zc = extraOf(senderRec).value(u"zerocopy"_s).toObject();
    const QString where = QString::fromUtf8(QJsonDocument(zc).toJson(QJsonDocument::Compact));
    QVERIFY2(zc.value(u"requested"_s).toBool(), qPrintable(where));
    if (!zc.value(u"used"_s).toBool()) {
        QVERIFY2(!zc.value(u"reason"_s).toString().isEmpty(), qPrintable(where));
        QSKIP(qPrintable(u"the kernel refused MSG_ZEROCOPY: "_s + zc.value(u"reason"_s).toString()));
    }
    const qint64 sends = zc.value(u"sends"_s).toInteger();
    QVERIFY2(sends > 10, qPrintable(where));
    QCOMPARE(zc.value(u"outstanding"_s).toInteger(), 0);
    QCOMPARE(zc.value(u"completed"_s).toInteger(), sends);
    // On loopback the pages go to a local reader: the kernel copies every
    // send and reports it (SO_EE_CODE_ZEROCOPY_COPIED), as docs/perf/agent.md says.
    QCOMPARE(zc.value(u"copied"_s).toInteger(), sends);
    // Every byte the receiver had was checked against the pattern.
    const double received = recordMetric(receiverRec, u"bytes"_s, forward ? u"server"_s : u"client"_s);
    QVERIFY(received > 1e6);
    QCOMPARE(extraOf(receiverRec).value(u"content_checked_bytes"_s).toDouble(), received);
    if (streams == 1 && forward)
        QCOMPARE(extraOf(r.clientRecord()).value(u"server_content_checked_bytes"_s).toDouble(), received);
}

// A client that sends something else than the pattern on a zero-copy test
// is caught by the serving end's check, at the first wrong byte.
void TstAgentKnobs::zeroCopyReceiverCatchesWrongData()
{
    AgentProcess server;
    QVERIFY(server.start());
    const QString token = AgentProcess::newToken();
    const QJsonObject params{{u"duration_s"_s, 1.0}, {u"zerocopy"_s, true}, {u"message_size_bytes"_s, 1000}};
    server.send(serveRequest(10, u"tcp_stream"_s, token, params));
    const QJsonObject l = server.waitFor(10, 5000);
    QCOMPARE(l.value(u"type"_s).toString(), u"listening"_s);
    const int fd = connectLoopbackTcp(l.value(u"port"_s).toInt());
    QVERIFY(fd >= 0);
    const QByteArray header = token.toLatin1() + '\n'
                              + QJsonDocument(QJsonObject{{u"kind"_s, u"tcp_stream"_s}, {u"params"_s, params},
                                                          {u"version"_s, 1}})
                                    .toJson(QJsonDocument::Compact)
                              + '\n';
    QCOMPARE(::send(fd, header.constData(), size_t(header.size()), MSG_NOSIGNAL), ssize_t(header.size()));
    char reply[512];
    QVERIFY(::recv(fd, reply, sizeof reply, 0) > 0); // {"ok":true,...}
    // The pattern ('A' + i % 26) for 2500 bytes, then one byte off.
    QByteArray data(3000, 0);
    for (int i = 0; i < data.size(); ++i)
        data[i] = char('A' + (i % 1000) % 26);
    data[2500] = 'z';
    QCOMPARE(::send(fd, data.constData(), size_t(data.size()), MSG_NOSIGNAL), ssize_t(data.size()));
    ::shutdown(fd, SHUT_WR);
    const QJsonObject fin = server.waitFinal(10, 10000);
    ::close(fd);
    QCOMPARE(fin.value(u"type"_s).toString(), u"error"_s);
    QCOMPARE(fin.value(u"code"_s).toString(), u"verify_failed"_s);
    QVERIFY2(fin.value(u"message"_s).toString().contains(u"stream byte 2500"_s), qPrintable(describe(fin)));
}

void TstAgentKnobs::sendfileDeliversTheBytes_data()
{
    zeroCopyDeliversTheBytes_data();
}

// iperf3 -Z's path: every send a sendfile() from the in-memory pattern
// file. The receiver checks every byte, so a wrong file offset after a
// short send (100003: the pattern's phase moves from send to send) fails.
void TstAgentKnobs::sendfileDeliversTheBytes()
{
    QFETCH(int, streams);
    QFETCH(QString, direction);
    const auto r = runPair(u"tcp_stream"_s, {{u"duration_s"_s, 1.0}, {u"sendfile"_s, true}, {u"streams"_s, streams},
                                             {u"direction"_s, direction}, {u"message_size_bytes"_s, 100003}});
    QVERIFY2(r.client.value(u"type"_s).toString() == u"result"_s, qPrintable(failureOf(r)));
    const bool forward = direction == u"forward"_s;
    const QJsonObject senderRec = forward ? r.clientRecord() : r.serverRecord();
    const QJsonObject receiverRec = forward ? r.serverRecord() : r.clientRecord();
    const QJsonObject sf = extraOf(senderRec).value(u"sendfile"_s).toObject();
    const QString where = QString::fromUtf8(QJsonDocument(sf).toJson(QJsonDocument::Compact));
    QVERIFY2(sf.value(u"requested"_s).toBool() && sf.value(u"used"_s).toBool(), qPrintable(where));
    QVERIFY2(sf.value(u"sends"_s).toInteger() > 10, qPrintable(where));
    QVERIFY(!extraOf(senderRec).contains(u"zerocopy"_s));
    const double received = recordMetric(receiverRec, u"bytes"_s, forward ? u"server"_s : u"client"_s);
    QVERIFY(received > 1e6);
    QCOMPARE(extraOf(receiverRec).value(u"content_checked_bytes"_s).toDouble(), received);
}

void TstAgentKnobs::sendfileAndZeroCopyAreExclusive()
{
    AgentProcess agent;
    QVERIFY(agent.start());
    agent.send(runRequest(5, u"tcp_stream"_s, AgentProcess::newToken(), 9,
                          QJsonObject{{u"sendfile"_s, true}, {u"zerocopy"_s, true}}));
    const QJsonObject reply = agent.waitFor(5, 5000);
    QCOMPARE(reply.value(u"type"_s).toString(), u"error"_s);
    const QString message = reply.value(u"message"_s).toString();
    QVERIFY2(message.contains(u"params.sendfile"_s) && message.contains(u"params.zerocopy"_s), qPrintable(message));
}

QTEST_GUILESS_MAIN(TstAgentKnobs)
#include "tst_agentknobs.moc"
