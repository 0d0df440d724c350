// SPDX-License-Identifier: GPL-3.0-or-later
// Two real wirebench-agent processes on loopback, driven over the JSON-lines
// protocol as the controller drives them: every test kind end to end, the
// canonical record they report, and the safety rules (token, foreign
// datagrams, cancel, idle timeout, heartbeat, stdin close, bad requests).

#include "agentprocess.h"
#include "result/resultrecord.h"

#include <QCryptographicHash>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>
#include <QUdpSocket>

#include <arpa/inet.h>
#include <cmath>
#include <atomic>
#include <cstring>
#include <netinet/in.h>
#include <poll.h>
#include <pthread.h>
#include <sched.h>
#include <sys/mount.h>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace {

void checkCanonical(const QJsonObject &record)
{
    QString error;
    const auto r = wb::ResultRecord::fromJson(record, &error);
    QVERIFY2(r, qPrintable(error));
    QCOMPARE(r->tool, u"wirebench-agent"_s);
    for (const auto &m : r->metrics)
        QVERIFY2(!wb::canonicalUnit(m.name).isEmpty(), qPrintable(u"non-canonical metric "_s + m.name));
}

QJsonObject golden(const QString &name)
{
    QFile f(QStringLiteral(WB_TEST_DATA_DIR "/protocol/") + name);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot open golden file %s", qPrintable(name));
    return QJsonDocument::fromJson(f.readAll()).object();
}

// The agent's real message has exactly the members of the documented golden one.
void checkShape(const QJsonObject &actual, const QString &goldenFile, const QString &member = {})
{
    QJsonObject g = golden(goldenFile);
    QJsonObject a = actual;
    if (!member.isEmpty()) {
        g = g.value(member).toObject();
        a = a.value(member).toObject();
    }
    QStringList gk = g.keys(), ak = a.keys();
    QVERIFY2(gk == ak, qPrintable(goldenFile + u": documented "_s + gk.join(u',') + u" but the agent sent "_s + ak.join(u',')));
}

} // namespace

class TstAgentMeasure : public QObject
{
    Q_OBJECT
private slots:
    void udpStream();
    void udpStreamOneByte();
    void udpStreamWithGso();
    void tcpStream();
    void tcpStreams();
    void tcpStreamReverse();
    void tcpStreamBidirectional();
    void udpStreams();
    void udpStreamReverse();
    void udpStreamBidirectional();
    void tcpRr();
    void udpRr();
    void udpRrSurvivesLostDatagrams();
    void fileTransferToFile();
    void fileTransferToDevNull();
    void fileTransferUnwritableTarget();
    void fileTransferDiskFull();
    void fileTransferReverse();
    void fileTransferBidirectional();
    void packetRateWithProbe();
    void packetRateReverse();
    void packetRateBidirectional();
    void lossSamplesAddUpToTheLoss();
    void sysinfo();
    void monitorHeadroom();
    void ipv6Loopback_data();
    void ipv6Loopback();
    void linkLocalNeedsAZone();
    void wrongTokenIsDropped();
    void foreignDatagramsAreCounted();
    void cancelStopsTest_data();
    void cancelStopsTest();
    void idleListenerGoesAway();
    void heartbeatLossStopsTests();
    void watchdogStopsOverrunningTest();
    void exitsWhenStdinClosesMidTest();
    void serverKilledMidTest_data();
    void serverKilledMidTest();
    void badRequests_data();
    void badRequests();
    void standaloneListenAndRun();
    void staticAgentInEmptyChroot();

private:
    // Runs `listen --once` and one `run` against it, with an optional prefix (chroot DIR).
    void standalonePair(const QStringList &prefix, const QString &agent, const QStringList &runArgs,
                        QByteArray *runOut, int *runExit, QByteArray *listenOut);
};

void TstAgentMeasure::udpStream()
{
    const auto r = runPair(u"udp_stream"_s, {{u"message_size_bytes"_s, 64}, {u"duration_s"_s, 1.0}, {u"interval_s"_s, 0.25}});
    QCOMPARE(r.client.value(u"type"_s).toString(), u"result"_s);
    QCOMPARE(r.server.value(u"type"_s).toString(), u"result"_s);
    const QJsonObject rec = r.clientRecord();
    checkCanonical(rec);
    checkCanonical(r.serverRecord());
    checkShape(r.serverListening, u"listening_reply.json"_s);
    checkShape(r.clientSamples.first(), u"sample_message.json"_s);
    checkShape(r.clientSamples.first(), u"sample_message.json"_s, u"metrics"_s);
    checkShape(r.client, u"result_udp_stream.json"_s);
    checkShape(r.client, u"result_udp_stream.json"_s, u"record"_s);
    const double sent = recordMetric(rec, u"messages"_s, u"client"_s);
    const double received = recordMetric(rec, u"messages"_s, u"server"_s);
    QVERIFY(sent > 1000);
    QVERIFY(received > 0 && received <= sent);
    QVERIFY(recordMetric(rec, u"throughput_bps"_s, u"client"_s) > 0);
    QVERIFY(recordMetric(rec, u"throughput_bps"_s, u"server"_s) > 0);
    QVERIFY(recordMetric(rec, u"cpu_util_pct"_s, u"client"_s) >= 0);
    QVERIFY(recordMetric(rec, u"service_demand_us_per_kb"_s, u"server"_s) > 0);
    bool hasJitter = false;
    const double jitter = recordMetric(rec, u"jitter_ms"_s, u"server"_s, &hasJitter);
    QVERIFY(hasJitter && jitter >= 0 && jitter < 1000);
    // Loss is accounted exactly: what was sent and not received was dropped at the socket.
    const QJsonObject extra = rec.value(u"extra"_s).toObject();
    QCOMPARE(qint64(sent - received), extra.value(u"server_socket_drops"_s).toInteger());
    QCOMPARE(recordMetric(rec, u"loss_ratio"_s, u""_s), (sent - received) / sent);
    // Interval samples streamed while the test ran, and kept in the record.
    QVERIFY2(r.clientSamples.size() >= 3, qPrintable(QString::number(r.clientSamples.size())));
    QVERIFY(r.clientSamples.first().value(u"metrics"_s).toObject().contains(u"packets_per_s"_s));
    QVERIFY(rec.value(u"samples"_s).toArray().size() >= 3);
    // Each side's busiest core and softirq share beside the host average.
    for (const QString &side : {u"client"_s, u"server"_s}) {
        const double host = recordMetric(rec, u"cpu_util_pct"_s, side);
        const double busiest = recordMetric(rec, u"cpu_busiest_core_pct"_s, side);
        const double softirq = recordMetric(rec, u"cpu_softirq_pct"_s, side);
        // (two readings of /proc/stat a moment apart: a jiffy or two of slack)
        QVERIFY2(busiest >= host - 2 && busiest <= 100, qPrintable(u"%1: %2 vs %3"_s.arg(side).arg(busiest).arg(host)));
        QVERIFY2(softirq >= 0 && softirq <= host + 2, qPrintable(side));
    }
    const QJsonArray perCore = extra.value(u"cpu"_s).toObject().value(u"per_core"_s).toArray();
    QCOMPARE(perCore.size(), extra.value(u"cpu"_s).toObject().value(u"cpus"_s).toInt());
    // NIC counters of lo before and after.
    QCOMPARE(extra.value(u"nic_counters_before"_s).toObject().value(u"interface"_s).toString(), u"lo"_s);
    QVERIFY(extra.value(u"nic_counters_delta"_s).toObject().value(u"rx_packets"_s).toInteger() >= qint64(received));
}

void TstAgentMeasure::udpStreamOneByte()
{
    const auto r = runPair(u"udp_stream"_s, {{u"message_size_bytes"_s, 1}, {u"messages"_s, 2000},
                                             {u"rate_pps"_s, 20000}, {u"duration_s"_s, 5},
                                             {u"recv_socket_bytes"_s, 4194304}});
    QVERIFY2(r.client.value(u"type"_s).toString() == u"result"_s, qPrintable(describe(r.client)));
    const QJsonObject rec = r.clientRecord();
    QCOMPARE(recordMetric(rec, u"messages"_s, u"client"_s), 2000.0);
    const double received = recordMetric(rec, u"messages"_s, u"server"_s);
    // On a shared machine a stalled receiver may still drop a few; every one is accounted for.
    QVERIFY(received > 1000);
    QCOMPARE(received + recordMetric(rec, u"drops"_s, u"server"_s), 2000.0);
    QCOMPARE(recordMetric(rec, u"bytes"_s, u"server"_s), received);
    bool hasJitter = true;
    recordMetric(rec, u"jitter_ms"_s, u"server"_s, &hasJitter);
    QVERIFY(!hasJitter); // a 1-byte datagram has no room for a send stamp
    // Paced at 20k/s: 2000 messages take about 0.1 s, not the full 5 s.
    QVERIFY(recordMetric(rec, u"elapsed_s"_s, u"client"_s) < 1.0);
}

// gso: the kernel cuts each batch into datagrams (UDP_SEGMENT). The
// receiver must still see separate datagrams of the asked size, each with
// its own sequence number, and the loss must add up exactly.
void TstAgentMeasure::udpStreamWithGso()
{
    const auto r = runPair(u"udp_stream"_s, {{u"message_size_bytes"_s, 64}, {u"messages"_s, 50000},
                                             {u"duration_s"_s, 5}, {u"gso"_s, true},
                                             {u"recv_socket_bytes"_s, 4194304}});
    QVERIFY2(r.client.value(u"type"_s).toString() == u"result"_s, qPrintable(describe(r.client)));
    const QJsonObject rec = r.clientRecord();
    QVERIFY(rec.value(u"extra"_s).toObject().value(u"gso"_s).toBool());
    QCOMPARE(recordMetric(rec, u"messages"_s, u"client"_s), 50000.0);
    const double received = recordMetric(rec, u"messages"_s, u"server"_s);
    QVERIFY(received > 1000);
    QCOMPARE(received + recordMetric(rec, u"drops"_s, u"server"_s), 50000.0);
    QCOMPARE(recordMetric(rec, u"bytes"_s, u"server"_s), received * 64);
    QCOMPARE(rec.value(u"extra"_s).toObject().value(u"server_foreign_datagrams"_s).toInteger(), 0);

    // A datagram too large for two to share one send: plain sendmmsg, said so.
    const auto big = runPair(u"udp_stream"_s, {{u"message_size_bytes"_s, 40000}, {u"messages"_s, 20},
                                               {u"duration_s"_s, 5}, {u"gso"_s, true}});
    QVERIFY2(big.client.value(u"type"_s).toString() == u"result"_s, qPrintable(describe(big.client)));
    const QJsonObject bigRec = big.clientRecord();
    QCOMPARE(bigRec.value(u"extra"_s).toObject().value(u"gso"_s).toBool(true), false);
    QCOMPARE(recordMetric(bigRec, u"messages"_s, u"client"_s), 20.0);
}

void TstAgentMeasure::tcpStream()
{
    const auto r = runPair(u"tcp_stream"_s, {{u"duration_s"_s, 1.0}, {u"message_size_bytes"_s, 65536},
                                             {u"send_socket_bytes"_s, 262144}, {u"recv_socket_bytes"_s, 262144}});
    QVERIFY2(r.client.value(u"type"_s).toString() == u"result"_s, qPrintable(describe(r.client)));
    const QJsonObject rec = r.clientRecord();
    checkCanonical(rec);
    QVERIFY(recordMetric(rec, u"throughput_bps"_s, u"client"_s) > 1e8);
    QVERIFY(recordMetric(rec, u"throughput_bps"_s, u"server"_s) > 1e8);
    QCOMPARE(recordMetric(rec, u"bytes"_s, u"client"_s), recordMetric(rec, u"bytes"_s, u"server"_s));
    bool found = false;
    QVERIFY(recordMetric(rec, u"retransmits"_s, u"client"_s, &found) >= 0);
    QVERIFY(found);
    QVERIFY(rec.value(u"extra"_s).toObject().value(u"send_socket_bytes_actual"_s).toInt() >= 262144);
}

namespace {

// The record's per-stream entries of one side and direction.
// The record's key figure is read at `side`, where its data arrived (figureSides).
void checkKeyFigureAt(const QJsonObject &rec, const QString &metric, const QString &side)
{
    QString error;
    const auto parsed = wb::ResultRecord::fromJson(rec, &error);
    QVERIFY2(parsed, qPrintable(error));
    QCOMPARE(wb::sidedMetricValue(*parsed, metric).value_or(0), recordMetric(rec, metric, side));
}

QList<QJsonObject> streamEntries(const QJsonObject &record, const QString &side, const QString &direction)
{
    QList<QJsonObject> out;
    for (const QJsonValue &v : record.value(u"extra"_s).toObject().value(u"streams"_s).toArray())
        if (v.toObject().value(u"side"_s).toString() == side && v.toObject().value(u"direction"_s).toString() == direction)
            out.append(v.toObject());
    return out;
}

double sumOf(const QList<QJsonObject> &entries, const QString &field)
{
    double sum = 0;
    for (const QJsonObject &e : entries)
        sum += e.value(field).toDouble();
    return sum;
}

} // namespace

void TstAgentMeasure::tcpStreams()
{
    const auto r = runPair(u"tcp_stream"_s, {{u"duration_s"_s, 1.0}, {u"streams"_s, 4}});
    QVERIFY2(r.client.value(u"type"_s).toString() == u"result"_s, qPrintable(describe(r.client)));
    const QJsonObject rec = r.clientRecord();
    checkCanonical(rec);
    for (const QString &side : {u"client"_s, u"server"_s}) {
        const QList<QJsonObject> streams = streamEntries(rec, side, u"forward"_s);
        QCOMPARE(streams.size(), 4);
        for (int i = 0; i < 4; ++i) {
            QCOMPARE(streams.at(i).value(u"stream"_s).toInt(-1), i);
            QVERIFY2(streams.at(i).value(u"bytes"_s).toDouble() > 0, qPrintable(side));
        }
        // The summed figures are the kind's usual metrics: bytes exactly,
        // the rate within rounding of the streams' rates.
        QCOMPARE(sumOf(streams, u"bytes"_s), recordMetric(rec, u"bytes"_s, side));
        const double total = recordMetric(rec, u"throughput_bps"_s, side);
        QVERIFY(total > 1e8);
        QVERIFY2(std::abs(sumOf(streams, u"throughput_bps"_s) - total) < total * 0.05,
                 qPrintable(side + u": "_s + QString::number(sumOf(streams, u"throughput_bps"_s)) + u" vs "_s
                            + QString::number(total)));
    }
    QCOMPARE(recordMetric(rec, u"bytes"_s, u"client"_s), recordMetric(rec, u"bytes"_s, u"server"_s));
    bool found = false;
    recordMetric(rec, u"reverse_throughput_bps"_s, u"client"_s, &found);
    QVERIFY(!found);
    QCOMPARE(rec.value(u"extra"_s).toObject().value(u"key_direction"_s).toString(), u"forward"_s);
    // The serving end's own record lists its streams too.
    QCOMPARE(streamEntries(r.serverRecord(), u"server"_s, u"forward"_s).size(), 4);
}

void TstAgentMeasure::tcpStreamReverse()
{
    const auto r = runPair(u"tcp_stream"_s, {{u"duration_s"_s, 1.0}, {u"direction"_s, u"reverse"_s}});
    QVERIFY2(r.client.value(u"type"_s).toString() == u"result"_s, qPrintable(describe(r.client)));
    const QJsonObject rec = r.clientRecord();
    checkCanonical(rec);
    const QList<QJsonObject> sent = streamEntries(rec, u"server"_s, u"reverse"_s);
    const QList<QJsonObject> got = streamEntries(rec, u"client"_s, u"reverse"_s);
    QCOMPARE(sent.size(), 1);
    QCOMPARE(got.size(), 1);
    QCOMPARE(sent.at(0).value(u"role"_s).toString(), u"sender"_s);
    QCOMPARE(got.at(0).value(u"role"_s).toString(), u"receiver"_s);
    const double bytes = recordMetric(rec, u"bytes"_s, u"client"_s);
    QVERIFY(bytes > 1e6);
    QCOMPARE(recordMetric(rec, u"bytes"_s, u"server"_s), bytes);
    // The kernel's own counts of the data connection: the server's socket
    // sent (and had acknowledged) the data, the client's received it, and
    // only the flow's greeting lines (a few hundred bytes) went the other way.
    if (!sent.at(0).contains(u"tcp_bytes_acked"_s))
        QSKIP("this kernel's TCP_INFO has no byte counts");
    auto near = [bytes](double counted) { return counted >= bytes && counted - bytes < 512; };
    QVERIFY2(near(sent.at(0).value(u"tcp_bytes_acked"_s).toDouble()), qPrintable(QString::number(bytes)));
    QVERIFY2(near(got.at(0).value(u"tcp_bytes_received"_s).toDouble()), qPrintable(QString::number(bytes)));
    QVERIFY(got.at(0).value(u"tcp_bytes_acked"_s).toDouble() < 512);
    QVERIFY(sent.at(0).value(u"tcp_bytes_received"_s).toDouble() < 512);
    // The server sent, so the retransmits are its; the key figure is what arrived.
    bool found = false;
    recordMetric(rec, u"retransmits"_s, u"server"_s, &found);
    QVERIFY(found);
    QVERIFY(recordMetric(rec, u"throughput_bps"_s, u"client"_s) > 1e8);
    QCOMPARE(rec.value(u"extra"_s).toObject().value(u"key_direction"_s).toString(), u"reverse"_s);
    checkKeyFigureAt(rec, u"throughput_bps"_s, u"client"_s);
}

void TstAgentMeasure::tcpStreamBidirectional()
{
    const auto r = runPair(u"tcp_stream"_s, {{u"duration_s"_s, 1.0}, {u"direction"_s, u"bidirectional"_s}, {u"streams"_s, 2}});
    QVERIFY2(r.client.value(u"type"_s).toString() == u"result"_s, qPrintable(describe(r.client)));
    const QJsonObject rec = r.clientRecord();
    checkCanonical(rec);
    QCOMPARE(streamEntries(rec, u"client"_s, u"forward"_s).size(), 2);
    QCOMPARE(streamEntries(rec, u"client"_s, u"reverse"_s).size(), 2);
    QCOMPARE(streamEntries(rec, u"server"_s, u"forward"_s).size(), 2);
    QCOMPARE(streamEntries(rec, u"server"_s, u"reverse"_s).size(), 2);
    // Each direction under its own name: the plain names are forward.
    const double forward = recordMetric(rec, u"bytes"_s, u"server"_s);
    const double reverse = recordMetric(rec, u"reverse_bytes"_s, u"client"_s);
    QVERIFY(forward > 1e6);
    QVERIFY(reverse > 1e6);
    QCOMPARE(forward, sumOf(streamEntries(rec, u"server"_s, u"forward"_s), u"bytes"_s));
    QCOMPARE(reverse, sumOf(streamEntries(rec, u"client"_s, u"reverse"_s), u"bytes"_s));
    QCOMPARE(recordMetric(rec, u"reverse_bytes"_s, u"server"_s), reverse);
    QVERIFY(recordMetric(rec, u"reverse_throughput_bps"_s, u"client"_s) > 1e7);
    QVERIFY(recordMetric(rec, u"throughput_bps"_s, u"server"_s) > 1e7);
    QCOMPARE(rec.value(u"extra"_s).toObject().value(u"key_direction"_s).toString(), u"forward"_s);
}

void TstAgentMeasure::udpStreams()
{
    const auto r = runPair(u"udp_stream"_s, {{u"duration_s"_s, 0.5}, {u"streams"_s, 4}, {u"rate_pps"_s, 4000},
                                             {u"message_size_bytes"_s, 512}});
    QVERIFY2(r.client.value(u"type"_s).toString() == u"result"_s, qPrintable(describe(r.client)));
    const QJsonObject rec = r.clientRecord();
    checkCanonical(rec);
    const QList<QJsonObject> sent = streamEntries(rec, u"client"_s, u"forward"_s);
    const QList<QJsonObject> got = streamEntries(rec, u"server"_s, u"forward"_s);
    QCOMPARE(sent.size(), 4);
    QCOMPARE(got.size(), 4);
    for (const QJsonObject &e : got)
        QVERIFY(e.value(u"messages"_s).toDouble() > 100);
    QCOMPARE(sumOf(sent, u"messages"_s), recordMetric(rec, u"messages"_s, u"client"_s));
    QCOMPARE(sumOf(got, u"messages"_s), recordMetric(rec, u"messages"_s, u"server"_s));
    QCOMPARE(sumOf(got, u"bytes"_s), recordMetric(rec, u"bytes"_s, u"server"_s));
    const double total = recordMetric(rec, u"throughput_bps"_s, u"server"_s);
    QVERIFY(total > 0);
    QVERIFY2(std::abs(sumOf(got, u"throughput_bps"_s) - total) < total * 0.05,
             qPrintable(QString::number(sumOf(got, u"throughput_bps"_s)) + u" vs "_s + QString::number(total)));
    bool found = false;
    QVERIFY(recordMetric(rec, u"loss_ratio"_s, QString(), &found) < 0.5);
    QVERIFY(found);
}

void TstAgentMeasure::udpStreamReverse()
{
    const auto r = runPair(u"udp_stream"_s, {{u"duration_s"_s, 0.5}, {u"direction"_s, u"reverse"_s},
                                             {u"rate_pps"_s, 5000}, {u"message_size_bytes"_s, 256}});
    QVERIFY2(r.client.value(u"type"_s).toString() == u"result"_s, qPrintable(describe(r.client)));
    const QJsonObject rec = r.clientRecord();
    checkCanonical(rec);
    // The server sent and the client counted what arrived.
    const double sent = recordMetric(rec, u"messages"_s, u"server"_s);
    const double got = recordMetric(rec, u"messages"_s, u"client"_s);
    QVERIFY(sent > 1000);
    QVERIFY(got > sent * 0.5);
    QVERIFY(got <= sent);
    QCOMPARE(streamEntries(rec, u"server"_s, u"reverse"_s).value(0).value(u"role"_s).toString(), u"sender"_s);
    QCOMPARE(streamEntries(rec, u"client"_s, u"reverse"_s).value(0).value(u"role"_s).toString(), u"receiver"_s);
    bool found = false;
    recordMetric(rec, u"send_errors"_s, u"server"_s, &found);
    QVERIFY(found);
}

void TstAgentMeasure::udpStreamBidirectional()
{
    const auto r = runPair(u"udp_stream"_s, {{u"duration_s"_s, 0.5}, {u"direction"_s, u"bidirectional"_s},
                                             {u"rate_pps"_s, 3000}, {u"message_size_bytes"_s, 256}});
    QVERIFY2(r.client.value(u"type"_s).toString() == u"result"_s, qPrintable(describe(r.client)));
    const QJsonObject rec = r.clientRecord();
    checkCanonical(rec);
    QVERIFY(recordMetric(rec, u"messages"_s, u"server"_s) > 500);
    QVERIFY(recordMetric(rec, u"reverse_messages"_s, u"client"_s) > 500);
    QVERIFY(recordMetric(rec, u"reverse_messages"_s, u"server"_s) > 500);
    bool found = false;
    recordMetric(rec, u"reverse_loss_ratio"_s, QString(), &found);
    QVERIFY(found);
    recordMetric(rec, u"loss_ratio"_s, QString(), &found);
    QVERIFY(found);
    QCOMPARE(streamEntries(rec, u"server"_s, u"reverse"_s).size(), 1);
    QCOMPARE(streamEntries(rec, u"client"_s, u"forward"_s).size(), 1);
}

void TstAgentMeasure::tcpRr()
{
    const auto r = runPair(u"tcp_rr"_s, {{u"transactions"_s, 3000}, {u"request_size_bytes"_s, 100},
                                         {u"response_size_bytes"_s, 200}, {u"duration_s"_s, 10}});
    QVERIFY2(r.client.value(u"type"_s).toString() == u"result"_s, qPrintable(describe(r.client)));
    const QJsonObject rec = r.clientRecord();
    checkCanonical(rec);
    QCOMPARE(rec.value(u"extra"_s).toObject().value(u"transactions"_s).toInteger(), 3000);
    QVERIFY(recordMetric(rec, u"transactions_per_s"_s, u"client"_s) > 100);
    QVERIFY(recordMetric(rec, u"transactions_per_s"_s, u"server"_s) > 100);
    const double mn = recordMetric(rec, u"latency_us_min"_s, u"client"_s);
    const double p50 = recordMetric(rec, u"latency_us_p50"_s, u"client"_s);
    const double p90 = recordMetric(rec, u"latency_us_p90"_s, u"client"_s);
    const double p99 = recordMetric(rec, u"latency_us_p99"_s, u"client"_s);
    const double p999 = recordMetric(rec, u"latency_us_p999"_s, u"client"_s);
    const double mx = recordMetric(rec, u"latency_us_max"_s, u"client"_s);
    const double mean = recordMetric(rec, u"latency_us_mean"_s, u"client"_s);
    QVERIFY(mn > 0 && mn <= p50 && p50 <= p90 && p90 <= p99 && p99 <= p999 && p999 <= mx);
    QVERIFY(mean >= mn && mean <= mx);
    QVERIFY(recordMetric(rec, u"latency_us_stddev"_s, u"client"_s) >= 0);
    QVERIFY(recordMetric(rec, u"service_demand_us_per_tr"_s, u"client"_s) > 0);
}

void TstAgentMeasure::udpRr()
{
    const auto r = runPair(u"udp_rr"_s, {{u"transactions"_s, 2000}, {u"duration_s"_s, 10}, {u"busy_poll"_s, true}});
    QVERIFY2(r.client.value(u"type"_s).toString() == u"result"_s, qPrintable(describe(r.client)));
    const QJsonObject rec = r.clientRecord();
    checkCanonical(rec);
    QCOMPARE(rec.value(u"extra"_s).toObject().value(u"transactions"_s).toInteger()
                 + rec.value(u"extra"_s).toObject().value(u"timeouts"_s).toInteger(),
             2000);
    QVERIFY(recordMetric(rec, u"latency_us_p99"_s, u"client"_s) > 0);
}

// A serving end (written here, speaking the agent-to-agent protocol) that
// never answers every fifth request: the real client must time each of them
// out, count it and carry on.
void TstAgentMeasure::udpRrSurvivesLostDatagrams()
{
    const QString token = AgentProcess::newToken();
    int listener = ::socket(AF_INET, SOCK_STREAM, 0);
    int udp = ::socket(AF_INET, SOCK_DGRAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    QCOMPARE(::bind(listener, reinterpret_cast<sockaddr *>(&a), sizeof a), 0);
    QCOMPARE(::bind(udp, reinterpret_cast<sockaddr *>(&a), sizeof a), 0);
    QCOMPARE(::listen(listener, 1), 0);
    socklen_t len = sizeof a;
    ::getsockname(listener, reinterpret_cast<sockaddr *>(&a), &len);
    const int tcpPort = ntohs(a.sin_port);
    ::getsockname(udp, reinterpret_cast<sockaddr *>(&a), &len);
    const int udpPort = ntohs(a.sin_port);
    std::atomic<int> answered{0}, ignored{0};
    std::thread peer([&] {
        int c = ::accept(listener, nullptr, nullptr);
        char buf[4096];
        std::string in;
        while (std::count(in.begin(), in.end(), '\n') < 2) {
            const ssize_t n = ::recv(c, buf, sizeof buf, 0);
            if (n <= 0)
                return;
            in.append(buf, size_t(n));
        }
        const std::string reply = "{\"key\":\"0000000000000001\",\"ok\":true,\"udp_port\":" + std::to_string(udpPort) + "}\n";
        ::send(c, reply.data(), reply.size(), 0);
        int request = 0;
        for (;;) {
            pollfd p[2] = {{udp, POLLIN, 0}, {c, POLLIN, 0}};
            ::poll(p, 2, 3000);
            if (p[1].revents)
                break; // "done"
            if (!(p[0].revents & POLLIN))
                break;
            sockaddr_in from{};
            socklen_t fl = sizeof from;
            const ssize_t n = ::recvfrom(udp, buf, sizeof buf, 0, reinterpret_cast<sockaddr *>(&from), &fl);
            if (++request % 5 == 0) {
                ++ignored;
                continue;
            }
            ::sendto(udp, buf, size_t(n), 0, reinterpret_cast<sockaddr *>(&from), fl);
            ++answered;
        }
        const std::string stats = "{\"stats\":{\"metrics\":[]}}\n";
        ::send(c, stats.data(), stats.size(), 0);
        ::close(c);
    });
    AgentProcess client;
    QVERIFY(client.start());
    client.send(runRequest(30, u"udp_rr"_s, token, tcpPort,
                           {{u"transactions"_s, 100}, {u"timeout_ms"_s, 50}, {u"duration_s"_s, 20}}));
    const QJsonObject fin = client.waitFinal(30, 20000);
    peer.join();
    ::close(listener);
    ::close(udp);
    QVERIFY2(fin.value(u"type"_s).toString() == u"result"_s, qPrintable(describe(fin)));
    const QJsonObject rec = fin.value(u"record"_s).toObject();
    const QJsonObject extra = rec.value(u"extra"_s).toObject();
    QCOMPARE(ignored.load(), 20);
    // Every ignored request timed out; on a loaded machine a slow answer may too.
    const qint64 timeouts = extra.value(u"timeouts"_s).toInteger();
    QVERIFY2(timeouts >= 20 && timeouts <= 30, qPrintable(QString::number(timeouts)));
    QCOMPARE(extra.value(u"transactions"_s).toInteger() + timeouts, 100);
    QCOMPARE(recordMetric(rec, u"drops"_s, u"client"_s), double(timeouts));
}

void TstAgentMeasure::fileTransferToFile()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString src = dir.filePath(u"source.bin"_s);
    const QString dst = dir.filePath(u"copy.bin"_s);
    QByteArray data(5 * 1024 * 1024 + 123, Qt::Uninitialized);
    for (qsizetype i = 0; i < data.size(); ++i)
        data[i] = char(QRandomGenerator::global()->generate());
    {
        QFile f(src);
        QVERIFY(f.open(QIODevice::WriteOnly));
        QCOMPARE(f.write(data), data.size());
    }
    const auto r = runPair(u"file_transfer"_s, {{u"path"_s, src}, {u"sink"_s, u"file"_s}},
                           {{u"dest_path"_s, dst}});
    QVERIFY2(r.client.value(u"type"_s).toString() == u"result"_s, qPrintable(describe(r.client)));
    QCOMPARE(r.server.value(u"type"_s).toString(), u"result"_s);
    const QJsonObject rec = r.clientRecord();
    checkCanonical(rec);
    QCOMPARE(recordMetric(rec, u"bytes"_s, u"client"_s), double(data.size()));
    QCOMPARE(recordMetric(rec, u"bytes"_s, u"server"_s), double(data.size()));
    QVERIFY(recordMetric(rec, u"throughput_bps"_s, u"server"_s) > 0);
    QVERIFY(recordMetric(rec, u"elapsed_s"_s, u"server"_s) > 0);
    QVERIFY(rec.value(u"extra"_s).toObject().value(u"verified"_s).toBool());
    QFile copy(dst);
    QVERIFY(copy.open(QIODevice::ReadOnly));
    QCOMPARE(QCryptographicHash::hash(copy.readAll(), QCryptographicHash::Sha256),
             QCryptographicHash::hash(data, QCryptographicHash::Sha256));
}

void TstAgentMeasure::fileTransferToDevNull()
{
    const auto r = runPair(u"file_transfer"_s, {{u"file_size_bytes"_s, 20 * 1024 * 1024}, {u"sink"_s, u"devnull"_s}});
    QVERIFY2(r.client.value(u"type"_s).toString() == u"result"_s, qPrintable(describe(r.client)));
    const QJsonObject rec = r.clientRecord();
    QCOMPARE(recordMetric(rec, u"bytes"_s, u"server"_s), 20.0 * 1024 * 1024);
    QVERIFY(rec.value(u"extra"_s).toObject().value(u"verified"_s).toBool());
    QCOMPARE(r.serverRecord().value(u"extra"_s).toObject().value(u"path"_s).toString(), u"/dev/null"_s);
}

void TstAgentMeasure::fileTransferUnwritableTarget()
{
    QTemporaryDir dir;
    const QString dst = dir.filePath(u"no/such/dir/copy.bin"_s);
    const auto r = runPair(u"file_transfer"_s, {{u"file_size_bytes"_s, 1024 * 1024}}, {{u"dest_path"_s, dst}});
    QCOMPARE(r.client.value(u"type"_s).toString(), u"error"_s);
    QVERIFY2(r.client.value(u"message"_s).toString().contains(u"cannot open"_s), qPrintable(describe(r.client)));
    QCOMPARE(r.server.value(u"type"_s).toString(), u"error"_s);
    QCOMPARE(r.server.value(u"code"_s).toString(), u"file_error"_s);
    QVERIFY(r.server.value(u"message"_s).toString().contains(dst));
}

void TstAgentMeasure::fileTransferDiskFull()
{
    if (qEnvironmentVariableIsSet("WB_ROOT_ONLY_APART"))
        QSKIP("runs as its own CTest entry, tst_agentmeasure_root");
    if (::geteuid() != 0)
        QSKIP("needs root to mount a small tmpfs");
    QTemporaryDir dir;
    const QByteArray mnt = dir.path().toUtf8();
    QCOMPARE(::mount("tmpfs", mnt.constData(), "tmpfs", 0, "size=1m"), 0);
    auto cleanup = qScopeGuard([&] { ::umount2(mnt.constData(), MNT_DETACH); });
    const QString dst = dir.filePath(u"big.bin"_s);
    const auto r = runPair(u"file_transfer"_s, {{u"file_size_bytes"_s, 8 * 1024 * 1024}}, {{u"dest_path"_s, dst}});
    QCOMPARE(r.client.value(u"type"_s).toString(), u"error"_s);
    QCOMPARE(r.server.value(u"type"_s).toString(), u"error"_s);
    QVERIFY2(r.server.value(u"message"_s).toString().contains(u"No space left"_s), qPrintable(describe(r.server)));
    QVERIFY2(!QFile::exists(dst), "the partial file must be removed");
}

// A download: the server sends a file it made itself, the client writes it
// to its own dest_path; the roles stay (the client's record is the test).
void TstAgentMeasure::fileTransferReverse()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString dst = dir.filePath(u"download.bin"_s);
    const qint64 size = 3 * 1024 * 1024 + 77;
    const auto r = runPair(u"file_transfer"_s, {{u"file_size_bytes"_s, size}, {u"direction"_s, u"reverse"_s},
                                                {u"dest_path"_s, dst}});
    QVERIFY2(r.client.value(u"type"_s).toString() == u"result"_s, qPrintable(describe(r.client)));
    QVERIFY2(r.server.value(u"type"_s).toString() == u"result"_s, qPrintable(describe(r.server)));
    const QJsonObject rec = r.clientRecord();
    checkCanonical(rec);
    const QJsonObject extra = rec.value(u"extra"_s).toObject();
    QVERIFY(extra.value(u"verified"_s).toBool());
    QCOMPARE(extra.value(u"path"_s).toString(), dst);
    QCOMPARE(extra.value(u"key_direction"_s).toString(), u"reverse"_s);
    // The bytes are in the client's file, and the server's own record says it sent them.
    QCOMPARE(QFileInfo(dst).size(), size);
    QCOMPARE(recordMetric(rec, u"bytes"_s, u"client"_s), double(size));
    QCOMPARE(recordMetric(r.serverRecord(), u"bytes"_s, u"server"_s), double(size));
    QVERIFY(recordMetric(r.serverRecord(), u"throughput_bps"_s, u"server"_s) > 0);
    QCOMPARE(r.serverRecord().value(u"extra"_s).toObject().value(u"checksum"_s).toString(),
             extra.value(u"checksum"_s).toString());
    // The receiver's figures are the client's now; the server reports none of them.
    QVERIFY(recordMetric(rec, u"network_throughput_bps"_s, u"client"_s) > 0);
    QVERIFY(recordMetric(rec, u"flushed_throughput_bps"_s, u"client"_s) > 0);
    bool found = false;
    recordMetric(rec, u"network_throughput_bps"_s, u"server"_s, &found);
    QVERIFY(!found);
    checkKeyFigureAt(rec, u"throughput_bps"_s, u"client"_s);

    // The server never reads a path for it: a reverse transfer naming one is refused.
    const auto refused = runPair(u"file_transfer"_s, {{u"direction"_s, u"reverse"_s}, {u"path"_s, u"/etc/hostname"_s}});
    QCOMPARE(refused.server.value(u"type"_s).toString(), u"error"_s);
    QVERIFY2(refused.server.value(u"message"_s).toString().contains(u"params.path"_s), qPrintable(describe(refused.server)));
}

void TstAgentMeasure::fileTransferBidirectional()
{
    const qint64 size = 2 * 1024 * 1024 + 5;
    const auto r = runPair(u"file_transfer"_s, {{u"file_size_bytes"_s, size}, {u"direction"_s, u"bidirectional"_s}});
    QVERIFY2(r.client.value(u"type"_s).toString() == u"result"_s, qPrintable(describe(r.client)));
    QVERIFY2(r.server.value(u"type"_s).toString() == u"result"_s, qPrintable(describe(r.server)));
    const QJsonObject rec = r.clientRecord();
    checkCanonical(rec);
    QVERIFY(rec.value(u"extra"_s).toObject().value(u"verified"_s).toBool());
    // Forward under the plain names, the server's file under reverse_ ones, at both ends.
    QCOMPARE(recordMetric(rec, u"bytes"_s, u"client"_s), double(size));
    QCOMPARE(recordMetric(rec, u"bytes"_s, u"server"_s), double(size));
    QCOMPARE(recordMetric(rec, u"reverse_bytes"_s, u"server"_s), double(size));
    QCOMPARE(recordMetric(rec, u"reverse_bytes"_s, u"client"_s), double(size));
    QVERIFY(recordMetric(rec, u"network_throughput_bps"_s, u"server"_s) > 0);
    QVERIFY(recordMetric(rec, u"flushed_throughput_bps"_s, u"server"_s) > 0);
    QVERIFY(recordMetric(rec, u"reverse_network_throughput_bps"_s, u"client"_s) > 0);
    QVERIFY(recordMetric(rec, u"reverse_flushed_throughput_bps"_s, u"client"_s) > 0);
    QVERIFY(recordMetric(rec, u"reverse_throughput_bps"_s, u"server"_s) > 0);
    // Each end wrote a temporary file of its own and removed it afterwards.
    const QJsonObject extra = rec.value(u"extra"_s).toObject();
    const QString clientFile = extra.value(u"reverse_path"_s).toString();
    QVERIFY2(clientFile.contains(u"wirebench-ft-"_s), qPrintable(clientFile));
    QVERIFY(clientFile != extra.value(u"server_path"_s).toString());
    QTRY_VERIFY_WITH_TIMEOUT(!QFile::exists(clientFile), 2000);
}

void TstAgentMeasure::packetRateWithProbe()
{
    const auto r = runPair(u"packet_rate"_s, {{u"duration_s"_s, 1.0}, {u"probe_rate_pps"_s, 200}});
    QVERIFY2(r.client.value(u"type"_s).toString() == u"result"_s, qPrintable(describe(r.client)));
    const QJsonObject rec = r.clientRecord();
    checkCanonical(rec);
    QVERIFY(recordMetric(rec, u"packets_per_s"_s, u"client"_s) > 1000);
    QVERIFY(recordMetric(rec, u"packets_per_s"_s, u"server"_s) > 0);
    const double sent = recordMetric(rec, u"messages"_s, u"client"_s);
    const double received = recordMetric(rec, u"messages"_s, u"server"_s);
    QCOMPARE(recordMetric(rec, u"drops"_s, u""_s), sent - received);
    QVERIFY(rec.value(u"extra"_s).toObject().value(u"probes_answered"_s).toInteger() > 50);
    QVERIFY(recordMetric(rec, u"latency_us_p50"_s, u"server"_s) > 0);
    QVERIFY(recordMetric(rec, u"latency_us_p99"_s, u"server"_s) >= recordMetric(rec, u"latency_us_p50"_s, u"server"_s));
}

// The server floods, the client counts; the client still runs the test.
void TstAgentMeasure::packetRateReverse()
{
    const auto r = runPair(u"packet_rate"_s, {{u"duration_s"_s, 0.5}, {u"direction"_s, u"reverse"_s}, {u"rate_pps"_s, 20000}});
    QVERIFY2(r.client.value(u"type"_s).toString() == u"result"_s, qPrintable(describe(r.client)));
    const QJsonObject rec = r.clientRecord();
    checkCanonical(rec);
    QCOMPARE(streamEntries(rec, u"server"_s, u"reverse"_s).value(0).value(u"role"_s).toString(), u"sender"_s);
    QCOMPARE(streamEntries(rec, u"client"_s, u"reverse"_s).value(0).value(u"role"_s).toString(), u"receiver"_s);
    QVERIFY(streamEntries(rec, u"client"_s, u"forward"_s).isEmpty());
    const double sent = recordMetric(rec, u"messages"_s, u"server"_s);
    const double received = recordMetric(rec, u"messages"_s, u"client"_s);
    QVERIFY2(sent > 5000, qPrintable(QString::number(sent)));
    QVERIFY(received > 0 && received <= sent);
    QVERIFY(recordMetric(rec, u"packets_per_s"_s, u"client"_s) > 1000);
    QCOMPARE(recordMetric(rec, u"drops"_s, u""_s), sent - received);
    QCOMPARE(recordMetric(r.serverRecord(), u"messages"_s, u"server"_s), sent);
    checkKeyFigureAt(rec, u"packets_per_s"_s, u"client"_s);
}

void TstAgentMeasure::packetRateBidirectional()
{
    const auto r = runPair(u"packet_rate"_s, {{u"duration_s"_s, 0.5}, {u"direction"_s, u"bidirectional"_s},
                                              {u"rate_pps"_s, 20000}});
    QVERIFY2(r.client.value(u"type"_s).toString() == u"result"_s, qPrintable(describe(r.client)));
    const QJsonObject rec = r.clientRecord();
    checkCanonical(rec);
    const double forwardSent = recordMetric(rec, u"messages"_s, u"client"_s);
    const double forwardGot = recordMetric(rec, u"messages"_s, u"server"_s);
    const double reverseSent = recordMetric(rec, u"reverse_messages"_s, u"server"_s);
    const double reverseGot = recordMetric(rec, u"reverse_messages"_s, u"client"_s);
    QVERIFY(forwardSent > 5000 && reverseSent > 5000);
    QVERIFY(recordMetric(rec, u"reverse_packets_per_s"_s, u"client"_s) > 1000);
    QVERIFY(recordMetric(rec, u"packets_per_s"_s, u"server"_s) > 1000);
    QCOMPARE(recordMetric(rec, u"drops"_s, u""_s), forwardSent - forwardGot);
    QCOMPARE(recordMetric(rec, u"reverse_drops"_s, u""_s), reverseSent - reverseGot);
}

void TstAgentMeasure::lossSamplesAddUpToTheLoss()
{
    // A tiny receive buffer against a flat-out sender: the receiver's socket
    // drops datagrams all along. Its per-interval loss samples (from sequence
    // gaps) and their last, tail sample add up to what never arrived.
    const auto r = runPair(u"udp_stream"_s, {{u"duration_s"_s, 1.5}, {u"interval_s"_s, 0.5}, {u"message_size_bytes"_s, 64},
                                             {u"loss_samples"_s, true}},
                           {{u"recv_socket_bytes"_s, 4096}});
    QVERIFY2(r.client.value(u"type"_s).toString() == u"result"_s, qPrintable(describe(r.client)));
    QVERIFY2(r.server.value(u"type"_s).toString() == u"result"_s, qPrintable(describe(r.server)));
    const QJsonObject rec = r.clientRecord();
    checkCanonical(rec);
    const double sent = recordMetric(rec, u"messages"_s, u"client"_s);
    const double received = recordMetric(rec, u"messages"_s, u"server"_s);
    QVERIFY2(sent > received, "a 4 KiB receive buffer should have dropped datagrams");
    double lost = 0, arrived = 0;
    int intervals = 0, dropping = 0;
    for (const QJsonValue &v : r.serverRecord().value(u"samples"_s).toArray()) {
        const QJsonObject sm = v.toObject();
        QCOMPARE(sm.value(u"side"_s).toString(), u"server"_s);
        if (sm.value(u"name"_s).toString() == u"lost_packets"_s) {
            lost += sm.value(u"value"_s).toDouble();
            ++intervals;
            dropping += sm.value(u"value"_s).toDouble() > 0 ? 1 : 0;
        } else if (sm.value(u"name"_s).toString() == u"received_packets"_s) {
            arrived += sm.value(u"value"_s).toDouble();
        }
    }
    QVERIFY2(intervals >= 3, qPrintable(QString::number(intervals))); // three 0.5 s intervals and the tail
    QVERIFY(dropping >= 2);
    QCOMPARE(lost, sent - received);
    QCOMPARE(arrived, received);
    QCOMPARE(recordMetric(rec, u"lost_packets"_s, u"server"_s), sent - received);
    QCOMPARE(recordMetric(rec, u"received_packets"_s, u"server"_s), received);
    // Without the parameter nothing changes: no loss samples.
    const auto plain = runPair(u"udp_stream"_s, {{u"duration_s"_s, 0.3}, {u"message_size_bytes"_s, 64}});
    QVERIFY(!QJsonDocument(plain.serverRecord()).toJson().contains("lost_packets"));
}

void TstAgentMeasure::sysinfo()
{
    AgentProcess a;
    QVERIFY(a.start());
    a.send({{u"type"_s, u"sysinfo"_s}, {u"id"_s, 5}});
    const QJsonObject s = a.waitFor(5, 5000);
    QCOMPARE(s.value(u"type"_s).toString(), u"sysinfo"_s);
    checkShape(s, u"sysinfo_reply.json"_s);
    QVERIFY(s.value(u"kernel"_s).toString().startsWith(u"Linux"_s));
    QVERIFY(s.value(u"cpus"_s).toInt() >= 1);
    QVERIFY(s.value(u"memory_bytes"_s).toDouble() > 1e6);
    bool sawLo = false;
    for (const auto &v : s.value(u"interfaces"_s).toArray()) {
        const QJsonObject nic = v.toObject();
        if (nic.value(u"name"_s).toString() != u"lo"_s)
            continue;
        sawLo = true;
        QCOMPARE(nic.value(u"mtu"_s).toInt(), 65536);
        QVERIFY(nic.value(u"addresses"_s).toArray().contains(u"127.0.0.1"_s));
        QVERIFY(nic.value(u"offloads"_s).isObject());
    }
    QVERIFY(sawLo);
}

// Olsson's loop on a device under test: the monitor's idle-priority loops
// get almost nothing while every CPU is busy, and their own CPU time is not
// taken for the host's load (utilisation and headroom add up to the whole).
void TstAgentMeasure::monitorHeadroom()
{
    cpu_set_t allowed;
    CPU_ZERO(&allowed);
    QCOMPARE(::sched_getaffinity(0, sizeof(allowed), &allowed), 0);
    const QJsonObject params{{u"duration_s"_s, 1.5}, {u"interval_s"_s, 0}, {u"headroom"_s, true}};
    AgentProcess a;
    QVERIFY(a.start());
    // Every CPU busy at normal priority for the monitor's window.
    std::atomic<bool> quit{false};
    std::vector<std::thread> burners;
    for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu) {
        if (!CPU_ISSET(cpu, &allowed))
            continue;
        burners.emplace_back([cpu, &quit] {
            cpu_set_t one;
            CPU_ZERO(&one);
            CPU_SET(cpu, &one);
            ::pthread_setaffinity_np(::pthread_self(), sizeof(one), &one);
            volatile uint64_t x = 1;
            const auto end = std::chrono::steady_clock::now() + std::chrono::seconds(5);
            while (!quit && std::chrono::steady_clock::now() < end)
                x = x * 3 + 1;
        });
    }
    QTest::qWait(100);
    QElapsedTimer window;
    window.start();
    a.send({{u"type"_s, u"monitor"_s}, {u"id"_s, 7}, {u"params"_s, params}});
    // The burners stop when the window ends, before the idle reference.
    while (window.elapsed() < 1500)
        QTest::qWait(20);
    quit = true;
    for (auto &t : burners)
        t.join();
    const QJsonObject busy = a.waitFinal(7, 15000);
    QVERIFY2(busy.value(u"type"_s).toString() == u"result"_s, qPrintable(describe(busy)));
    const QJsonObject busyRec = busy.value(u"record"_s).toObject();
    checkCanonical(busyRec);
    const double busyHeadroom = recordMetric(busyRec, u"dut_cpu_headroom_pct"_s, u""_s);
    const double busyUtil = recordMetric(busyRec, u"cpu_util_pct"_s, u""_s);
    const double lowest = recordMetric(busyRec, u"dut_cpu_headroom_lowest_core_pct"_s, u""_s);
    const QJsonArray perCpu = busyRec.value(u"extra"_s).toObject().value(u"headroom"_s).toObject()
                                  .value(u"per_cpu"_s).toArray();
    QCOMPARE(perCpu.size(), CPU_COUNT(&allowed));
    qInfo("all CPUs busy: headroom %.1f %% (lowest core %.1f %%), utilisation %.1f %%", busyHeadroom, lowest,
          busyUtil);
    QVERIFY2(busyHeadroom >= 0 && busyHeadroom < 25, qPrintable(QString::number(busyHeadroom)));
    QVERIFY(lowest <= busyHeadroom);
    QVERIFY2(busyUtil > 70, qPrintable(QString::number(busyUtil)));

    // Nothing of ours running: the loops' own time is left out of the
    // host's utilisation, so the two add up to about the whole.
    a.send({{u"type"_s, u"monitor"_s}, {u"id"_s, 8}, {u"params"_s, params}});
    const QJsonObject idle = a.waitFinal(8, 15000);
    QVERIFY2(idle.value(u"type"_s).toString() == u"result"_s, qPrintable(describe(idle)));
    const QJsonObject idleRec = idle.value(u"record"_s).toObject();
    const double idleHeadroom = recordMetric(idleRec, u"dut_cpu_headroom_pct"_s, u""_s);
    const double idleUtil = recordMetric(idleRec, u"cpu_util_pct"_s, u""_s);
    qInfo("no load of ours: headroom %.1f %%, utilisation %.1f %%", idleHeadroom, idleUtil);
    // What the loops got is what the host's other work left: counted as
    // load they would read as a host near 100 % busy beside their headroom
    // (and an agent using seconds of CPU).
    QVERIFY2(std::abs(idleHeadroom + idleUtil - 100) < 15,
             qPrintable(u"headroom %1 + utilisation %2"_s.arg(idleHeadroom).arg(idleUtil)));
    const double agentCpu = idleRec.value(u"extra"_s).toObject().value(u"cpu"_s).toObject()
                                .value(u"agent_cpu_s"_s).toDouble(-1);
    QVERIFY2(agentCpu >= 0 && agentCpu < 0.3, qPrintable(QString::number(agentCpu)));

    // Not asked: no loops, no figures.
    a.send({{u"type"_s, u"monitor"_s}, {u"id"_s, 9}, {u"params"_s, QJsonObject{{u"duration_s"_s, 0.2}}}});
    const QJsonObject plain = a.waitFinal(9, 10000);
    const QJsonObject plainRec = plain.value(u"record"_s).toObject();
    QVERIFY2(plain.value(u"type"_s).toString() == u"result"_s, qPrintable(describe(plain)));
    bool found = true;
    recordMetric(plainRec, u"dut_cpu_headroom_pct"_s, u""_s, &found);
    QVERIFY(!found);
    QVERIFY(!plainRec.value(u"extra"_s).toObject().contains(u"headroom"_s));
}

void TstAgentMeasure::ipv6Loopback_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QJsonObject>("params");
    QTest::addColumn<QString>("metric"); // must be above 0
    QTest::addColumn<QString>("side");
    QTest::newRow("tcp_stream") << u"tcp_stream"_s << QJsonObject{} << u"throughput_bps"_s << u"server"_s;
    QTest::newRow("tcp_stream reverse, 2 streams")
        << u"tcp_stream"_s << QJsonObject{{u"direction"_s, u"reverse"_s}, {u"streams"_s, 2}} << u"bytes"_s << u"client"_s;
    QTest::newRow("tcp_stream bidirectional")
        << u"tcp_stream"_s << QJsonObject{{u"direction"_s, u"bidirectional"_s}} << u"reverse_throughput_bps"_s
        << u"client"_s;
    QTest::newRow("udp_stream") << u"udp_stream"_s << QJsonObject{} << u"messages"_s << u"server"_s;
    QTest::newRow("udp_stream reverse, 2 streams")
        << u"udp_stream"_s
        << QJsonObject{{u"direction"_s, u"reverse"_s}, {u"streams"_s, 2}, {u"rate_pps"_s, 20000}} << u"bytes"_s
        << u"client"_s;
    QTest::newRow("udp_stream bidirectional")
        << u"udp_stream"_s << QJsonObject{{u"direction"_s, u"bidirectional"_s}, {u"rate_pps"_s, 20000}}
        << u"reverse_throughput_bps"_s << u"client"_s;
    QTest::newRow("udp_rr") << u"udp_rr"_s << QJsonObject{} << u"transactions_per_s"_s << u"server"_s;
    QTest::newRow("tcp_rr") << u"tcp_rr"_s << QJsonObject{} << u"transactions_per_s"_s << u"server"_s;
    QTest::newRow("tcp_crr") << u"tcp_crr"_s << QJsonObject{} << u"connections_per_s"_s << u"client"_s;
    QTest::newRow("packet_rate with probes")
        << u"packet_rate"_s << QJsonObject{{u"probe_rate_pps"_s, 200}} << u"latency_us_p50"_s << u"server"_s;
    QTest::newRow("file_transfer") << u"file_transfer"_s
                                   << QJsonObject{{u"file_size_bytes"_s, 4 << 20}, {u"sink"_s, u"devnull"_s}}
                                   << u"bytes"_s << u"server"_s;
}

// Every kind between two agents over ::1: the serving end binds the IPv6
// loopback, the client reaches it there, and the figures arrive.
void TstAgentMeasure::ipv6Loopback()
{
    QFETCH(QString, kind);
    QFETCH(QJsonObject, params);
    QFETCH(QString, metric);
    QFETCH(QString, side);
    AgentProcess server, client;
    QVERIFY(server.start() && client.start());
    const QString token = AgentProcess::newToken();
    params.insert(u"duration_s"_s, 0.3);
    QJsonObject serve = serveRequest(10, kind, token, params);
    serve.insert(u"bind"_s, u"::1"_s);
    server.send(serve);
    const QJsonObject l = server.waitFor(10, 5000);
    if (l.value(u"code"_s).toString() == u"bind_failed"_s)
        QSKIP("no IPv6 loopback here");
    QCOMPARE(l.value(u"address"_s).toString(), u"::1"_s);
    QJsonObject run = runRequest(20, kind, token, l.value(u"port"_s).toInt(), params);
    run.insert(u"to"_s, u"::1"_s);
    client.send(run);
    const QJsonObject fin = client.waitFinal(20, 15000);
    QVERIFY2(fin.value(u"type"_s).toString() == u"result"_s, qPrintable(describe(fin)));
    const QJsonObject rec = fin.value(u"record"_s).toObject();
    QVERIFY2(recordMetric(rec, metric, side) > 0, qPrintable(describe(fin)));
    const QJsonObject served = server.waitFinal(10, 5000);
    QCOMPARE(served.value(u"type"_s).toString(), u"result"_s);
    QCOMPARE(served.value(u"record"_s).toObject().value(u"extra"_s).toObject().value(u"bound_address"_s).toString(),
             u"::1"_s);
}

// A link-local address names no link by itself: the agent wants its zone
// (or the interface), and takes one given either way.
void TstAgentMeasure::linkLocalNeedsAZone()
{
    AgentProcess server, client;
    QVERIFY(server.start() && client.start());
    const QString token = AgentProcess::newToken();
    const QJsonObject params{{u"duration_s"_s, 0.2}};
    QJsonObject serve = serveRequest(10, u"tcp_rr"_s, token, params);
    serve.insert(u"bind"_s, u"fe80::1"_s);
    server.send(serve);
    QJsonObject refused = server.waitFor(10, 5000);
    QCOMPARE(refused.value(u"code"_s).toString(), u"bind_failed"_s);
    QVERIFY2(refused.value(u"message"_s).toString().contains(u"link-local: give its zone (fe80::1%eth0)"_s),
             qPrintable(describe(refused)));
    QJsonObject run = runRequest(20, u"tcp_rr"_s, token, 5999, params);
    run.insert(u"to"_s, u"fe80::1"_s);
    client.send(run);
    refused = client.waitFinal(20, 5000);
    QCOMPARE(refused.value(u"code"_s).toString(), u"invalid_message"_s);
    QVERIFY2(refused.value(u"message"_s).toString().contains(u"fe80::1 is link-local"_s), qPrintable(describe(refused)));
    // A zone that is no interface here is not an address.
    run.insert(u"id"_s, 21);
    run.insert(u"to"_s, u"fe80::1%nosuchif0"_s);
    client.send(run);
    refused = client.waitFinal(21, 5000);
    QCOMPARE(refused.value(u"code"_s).toString(), u"invalid_message"_s);
}

void TstAgentMeasure::wrongTokenIsDropped()
{
    int rejectedOpen = -1;
    const auto r = runPair(u"tcp_rr"_s, {{u"transactions"_s, 10}}, {}, [&](const QJsonObject &listening) {
        QTcpSocket s;
        s.connectToHost(u"127.0.0.1"_s, quint16(listening.value(u"port"_s).toInt()));
        QVERIFY(s.waitForConnected(2000));
        s.write(QByteArray(32, 'f') + "\n{\"kind\":\"tcp_rr\"}\n" + QByteArray(100000, 'x'));
        s.waitForBytesWritten(2000);
        // The agent closes it without answering.
        QVERIFY(s.waitForDisconnected(3000) || s.state() == QAbstractSocket::UnconnectedState);
        QVERIFY(!s.bytesAvailable());
        rejectedOpen = 1;
    });
    QCOMPARE(rejectedOpen, 1);
    QVERIFY2(r.client.value(u"type"_s).toString() == u"result"_s, qPrintable(describe(r.client)));
    QCOMPARE(r.serverRecord().value(u"extra"_s).toObject().value(u"rejected_connections"_s).toInt(), 1);
}

void TstAgentMeasure::foreignDatagramsAreCounted()
{
    const auto r = runPair(u"udp_stream"_s, {{u"messages"_s, 500}, {u"rate_pps"_s, 20000}, {u"message_size_bytes"_s, 100},
                                             {u"recv_socket_bytes"_s, 4194304}},
                           {}, [](const QJsonObject &listening) {
                               QUdpSocket u;
                               for (int i = 0; i < 5; ++i)
                                   u.writeDatagram(QByteArray(100, 'z'), QHostAddress::LocalHost,
                                                   quint16(listening.value(u"udp_port"_s).toInt()));
                           });
    QVERIFY2(r.client.value(u"type"_s).toString() == u"result"_s, qPrintable(describe(r.client)));
    QCOMPARE(r.serverRecord().value(u"extra"_s).toObject().value(u"foreign_datagrams"_s).toInt(), 5);
    QCOMPARE(r.clientRecord().value(u"extra"_s).toObject().value(u"server_foreign_datagrams"_s).toInt(), 5);
    // The test's own datagrams are all accounted for, none taken for foreign ones.
    const double received = recordMetric(r.clientRecord(), u"messages"_s, u"server"_s);
    QVERIFY(received > 250);
    QCOMPARE(received + recordMetric(r.clientRecord(), u"drops"_s, u"server"_s), 500.0);
}

void TstAgentMeasure::cancelStopsTest_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QJsonObject>("flows");
    QTest::newRow("tcp_stream") << u"tcp_stream"_s << QJsonObject{};
    // Flows on threads of their own stop as promptly, at both ends.
    QTest::newRow("tcp_stream reverse, 2 streams")
        << u"tcp_stream"_s << QJsonObject{{u"direction"_s, u"reverse"_s}, {u"streams"_s, 2}};
    QTest::newRow("udp_stream bidirectional")
        << u"udp_stream"_s << QJsonObject{{u"direction"_s, u"bidirectional"_s}, {u"rate_pps"_s, 10000}};
}

void TstAgentMeasure::cancelStopsTest()
{
    QFETCH(QString, kind);
    QFETCH(QJsonObject, flows);
    AgentProcess server, client;
    QVERIFY(server.start() && client.start());
    const QString token = AgentProcess::newToken();
    QJsonObject params{{u"duration_s"_s, 60}, {u"interval_s"_s, 0.2}};
    for (auto it = flows.begin(); it != flows.end(); ++it)
        params.insert(it.key(), it.value());
    server.send(serveRequest(10, kind, token, params));
    const QJsonObject l = server.waitFor(10, 5000);
    client.send(runRequest(20, kind, token, l.value(u"port"_s).toInt(), params));
    QCOMPARE(client.waitFor(20, 5000).value(u"type"_s).toString(), u"sample"_s);
    QElapsedTimer t;
    t.start();
    client.send({{u"type"_s, u"cancel"_s}, {u"id"_s, 21}, {u"target"_s, 20}});
    const QJsonObject ack = client.waitFor(21, 3000);
    QCOMPARE(ack.value(u"type"_s).toString(), u"cancelled"_s);
    checkShape(ack, u"cancelled_reply.json"_s);
    const QJsonObject fin = client.waitFinal(20, 5000);
    QCOMPARE(fin.value(u"type"_s).toString(), u"error"_s);
    QCOMPARE(fin.value(u"code"_s).toString(), u"cancelled"_s);
    QVERIFY(t.elapsed() < 3000);
    // The server's side ends too (the client went away), with exactly one final message.
    const QJsonObject sfin = server.waitFinal(10, 5000);
    QCOMPARE(sfin.value(u"type"_s).toString(), u"error"_s);
    client.send({{u"type"_s, u"cancel"_s}, {u"id"_s, 22}, {u"target"_s, 20}});
    QCOMPARE(client.waitFor(22, 3000).value(u"code"_s).toString(), u"unknown_target"_s);
}

void TstAgentMeasure::idleListenerGoesAway()
{
    AgentProcess server;
    QVERIFY(server.start());
    server.send(serveRequest(10, u"tcp_rr"_s, AgentProcess::newToken(), {{u"idle_timeout_s"_s, 0.5}}));
    const QJsonObject l = server.waitFor(10, 5000);
    const int port = l.value(u"port"_s).toInt();
    QVERIFY(port > 0);
    const QJsonObject fin = server.waitFinal(10, 5000);
    QCOMPARE(fin.value(u"code"_s).toString(), u"idle_timeout"_s);
    QTcpSocket s;
    s.connectToHost(u"127.0.0.1"_s, quint16(port));
    QVERIFY(!s.waitForConnected(1000)); // the listener is gone
}

void TstAgentMeasure::heartbeatLossStopsTests()
{
    AgentProcess server, client;
    QVERIFY(server.start() && client.start());
    const QString token = AgentProcess::newToken();
    const QJsonObject params{{u"duration_s"_s, 60}, {u"interval_s"_s, 0}};
    server.send(serveRequest(10, u"tcp_stream"_s, token, params));
    const QJsonObject l = server.waitFor(10, 5000);
    client.send({{u"type"_s, u"heartbeat"_s}, {u"id"_s, 11}, {u"timeout_s"_s, 1.0}});
    const QJsonObject hb = client.waitFor(11, 2000);
    QCOMPARE(hb.value(u"type"_s).toString(), u"heartbeat"_s);
    checkShape(hb, u"heartbeat_reply.json"_s);
    QElapsedTimer t;
    t.start();
    client.send(runRequest(20, u"tcp_stream"_s, token, l.value(u"port"_s).toInt(), params));
    const QJsonObject fin = client.waitFinal(20, 10000);
    QCOMPARE(fin.value(u"code"_s).toString(), u"heartbeat_lost"_s);
    QVERIFY(t.elapsed() < 5000);
}

// A client (written here) that is let in and then goes silent without
// closing: the serving agent must stop the test itself once it has run past
// its duration plus the watchdog margin, not wait forever.
void TstAgentMeasure::watchdogStopsOverrunningTest()
{
    AgentProcess server;
    QVERIFY(server.start());
    const QString token = AgentProcess::newToken();
    server.send(serveRequest(10, u"tcp_stream"_s, token, {{u"duration_s"_s, 0.5}, {u"watchdog_margin_s"_s, 0.5}}));
    const QJsonObject l = server.waitFor(10, 5000);
    QTcpSocket s;
    s.connectToHost(u"127.0.0.1"_s, quint16(l.value(u"port"_s).toInt()));
    QVERIFY(s.waitForConnected(2000));
    s.write(token.toLatin1() + "\n{\"kind\":\"tcp_stream\",\"params\":{},\"version\":1}\n");
    QVERIFY(s.waitForReadyRead(3000));
    QVERIFY(s.readLine().contains("\"ok\":true"));
    QElapsedTimer t;
    t.start();
    const QJsonObject fin = server.waitFinal(10, 15000);
    QCOMPARE(fin.value(u"type"_s).toString(), u"error"_s);
    QCOMPARE(fin.value(u"code"_s).toString(), u"watchdog"_s);
    QVERIFY2(t.elapsed() < 3000, qPrintable(QString::number(t.elapsed())));
    // The agent dropped the connection when it stopped the test.
    QVERIFY(s.waitForDisconnected(3000) || s.state() == QAbstractSocket::UnconnectedState);
}

void TstAgentMeasure::exitsWhenStdinClosesMidTest()
{
    AgentProcess server, client;
    QVERIFY(server.start() && client.start());
    const QString token = AgentProcess::newToken();
    const QJsonObject params{{u"duration_s"_s, 60}, {u"interval_s"_s, 0.2}};
    server.send(serveRequest(10, u"udp_stream"_s, token, params));
    const QJsonObject l = server.waitFor(10, 5000);
    client.send(runRequest(20, u"udp_stream"_s, token, l.value(u"port"_s).toInt(), params));
    QCOMPARE(client.waitFor(20, 5000).value(u"type"_s).toString(), u"sample"_s);
    QElapsedTimer t;
    t.start();
    client.process().closeWriteChannel();
    QVERIFY(client.process().waitForFinished(3000));
    QCOMPARE(client.process().exitCode(), 0);
    server.process().closeWriteChannel();
    QVERIFY(server.process().waitForFinished(3000));
    QVERIFY(t.elapsed() < 4000);
}

void TstAgentMeasure::serverKilledMidTest_data()
{
    QTest::addColumn<QString>("kind");
    QTest::newRow("tcp_stream") << u"tcp_stream"_s;
    QTest::newRow("tcp_rr") << u"tcp_rr"_s;
    QTest::newRow("udp_stream") << u"udp_stream"_s;
}

// The serving agent dies (SIGKILL, our own child) while the test runs: the
// running end reports the lost peer instead of hanging or claiming a result.
void TstAgentMeasure::serverKilledMidTest()
{
    QFETCH(QString, kind);
    AgentProcess server, client;
    QVERIFY(server.start() && client.start());
    const QString token = AgentProcess::newToken();
    const QJsonObject params{{u"duration_s"_s, 1.5}, {u"interval_s"_s, 0.2}};
    server.send(serveRequest(10, kind, token, params));
    const QJsonObject l = server.waitFor(10, 5000);
    client.send(runRequest(20, kind, token, l.value(u"port"_s).toInt(), params));
    QCOMPARE(client.waitFor(20, 5000).value(u"type"_s).toString(), u"sample"_s);
    server.process().kill();
    QVERIFY(server.process().waitForFinished(3000));
    const QJsonObject fin = client.waitFinal(20, 20000);
    QCOMPARE(fin.value(u"type"_s).toString(), u"error"_s);
    QCOMPARE(fin.value(u"code"_s).toString(), u"peer_lost"_s);
}

void TstAgentMeasure::badRequests_data()
{
    QTest::addColumn<QByteArray>("line");
    QTest::addColumn<QString>("code");
    QTest::addColumn<QString>("mentions");
    const QByteArray tok = "\"token\":\"0123456789abcdef0123456789abcdef\"";
    QTest::newRow("unknown kind") << QByteArray("{\"id\":7,\"type\":\"serve\",\"kind\":\"warp\",\"bind\":\"127.0.0.1\"," + tok + "}")
                                  << u"invalid_message"_s << u"warp"_s;
    QTest::newRow("short token") << QByteArray("{\"id\":7,\"type\":\"serve\",\"kind\":\"tcp_rr\",\"bind\":\"127.0.0.1\",\"token\":\"abc\"}")
                                 << u"invalid_message"_s << u"token"_s;
    QTest::newRow("host name bind") << QByteArray("{\"id\":7,\"type\":\"serve\",\"kind\":\"tcp_rr\",\"bind\":\"localhost\"," + tok + "}")
                                    << u"invalid_message"_s << u"bind"_s;
    QTest::newRow("unknown param") << QByteArray("{\"id\":7,\"type\":\"run\",\"kind\":\"tcp_rr\",\"to\":\"127.0.0.1\",\"port\":9," + tok
                                                 + ",\"params\":{\"warp_factor\":9}}")
                                   << u"invalid_message"_s << u"warp_factor"_s;
    QTest::newRow("size out of range") << QByteArray("{\"id\":7,\"type\":\"run\",\"kind\":\"udp_stream\",\"to\":\"127.0.0.1\",\"port\":9," + tok
                                                     + ",\"params\":{\"message_size_bytes\":65508}}")
                                       << u"invalid_message"_s << u"message_size_bytes"_s;
    QTest::newRow("wrong type") << QByteArray("{\"id\":7,\"type\":\"run\",\"kind\":\"tcp_rr\",\"to\":\"127.0.0.1\",\"port\":9," + tok
                                              + ",\"params\":{\"busy_poll\":\"yes\"}}")
                                << u"invalid_message"_s << u"busy_poll"_s;
    QTest::newRow("streams out of range") << QByteArray("{\"id\":7,\"type\":\"run\",\"kind\":\"tcp_stream\",\"to\":\"127.0.0.1\",\"port\":9," + tok
                                                       + ",\"params\":{\"streams\":129}}")
                                         << u"invalid_message"_s << u"params.streams"_s;
    QTest::newRow("streams not integer") << QByteArray("{\"id\":7,\"type\":\"serve\",\"kind\":\"udp_stream\",\"bind\":\"127.0.0.1\"," + tok
                                                       + ",\"params\":{\"streams\":1.5}}")
                                         << u"invalid_message"_s << u"params.streams"_s;
    QTest::newRow("unknown direction") << QByteArray("{\"id\":7,\"type\":\"run\",\"kind\":\"udp_stream\",\"to\":\"127.0.0.1\",\"port\":9," + tok
                                                     + ",\"params\":{\"direction\":\"sideways\"}}")
                                       << u"invalid_message"_s << u"params.direction"_s;
    QTest::newRow("direction for rr") << QByteArray("{\"id\":7,\"type\":\"run\",\"kind\":\"tcp_rr\",\"to\":\"127.0.0.1\",\"port\":9," + tok
                                                    + ",\"params\":{\"direction\":\"reverse\"}}")
                                      << u"invalid_message"_s << u"params.direction is not taken by this kind: a request/response test runs both ways by nature"_s;
    QTest::newRow("direction for udp_rr") << QByteArray("{\"id\":7,\"type\":\"serve\",\"kind\":\"udp_rr\",\"bind\":\"127.0.0.1\"," + tok
                                                        + ",\"params\":{\"direction\":\"forward\"}}")
                                          << u"invalid_message"_s << u"runs both ways by nature"_s;
    QTest::newRow("direction for tcp_crr") << QByteArray("{\"id\":7,\"type\":\"run\",\"kind\":\"tcp_crr\",\"to\":\"127.0.0.1\",\"port\":9," + tok
                                                         + ",\"params\":{\"direction\":\"bidirectional\"}}")
                                           << u"invalid_message"_s << u"runs both ways by nature"_s;
    QTest::newRow("direction for rrul") << QByteArray("{\"id\":7,\"type\":\"run\",\"kind\":\"rrul\",\"to\":\"127.0.0.1\",\"port\":9," + tok
                                                      + ",\"params\":{\"direction\":\"reverse\"}}")
                                        << u"invalid_message"_s << u"runs both ways by nature"_s;
    QTest::newRow("reverse file_transfer from a path")
        << QByteArray("{\"id\":7,\"type\":\"run\",\"kind\":\"file_transfer\",\"to\":\"127.0.0.1\",\"port\":9," + tok
                      + ",\"params\":{\"direction\":\"reverse\",\"path\":\"/etc/passwd\"}}")
        << u"invalid_message"_s << u"params.path"_s;
    QTest::newRow("bidirectional file_transfer to a dest_path")
        << QByteArray("{\"id\":7,\"type\":\"serve\",\"kind\":\"file_transfer\",\"bind\":\"127.0.0.1\"," + tok
                      + ",\"params\":{\"direction\":\"bidirectional\",\"dest_path\":\"/tmp/x\"}}")
        << u"invalid_message"_s << u"params.dest_path"_s;
    QTest::newRow("probe against a reverse flood")
        << QByteArray("{\"id\":7,\"type\":\"run\",\"kind\":\"packet_rate\",\"to\":\"127.0.0.1\",\"port\":9," + tok
                      + ",\"params\":{\"direction\":\"reverse\",\"probe_rate_pps\":100}}")
        << u"invalid_message"_s << u"params.probe_rate_pps"_s;
    QTest::newRow("streams for file_transfer") << QByteArray("{\"id\":7,\"type\":\"run\",\"kind\":\"file_transfer\",\"to\":\"127.0.0.1\",\"port\":9," + tok
                                                             + ",\"params\":{\"streams\":2}}")
                                               << u"invalid_message"_s << u"params.streams"_s;
    QTest::newRow("loss samples with streams") << QByteArray("{\"id\":7,\"type\":\"run\",\"kind\":\"udp_stream\",\"to\":\"127.0.0.1\",\"port\":9," + tok
                                                             + ",\"params\":{\"streams\":2,\"loss_samples\":true}}")
                                               << u"invalid_message"_s << u"params.loss_samples"_s;
    QTest::newRow("port 0 for run") << QByteArray("{\"id\":7,\"type\":\"run\",\"kind\":\"tcp_rr\",\"to\":\"127.0.0.1\",\"port\":0," + tok + "}")
                                    << u"invalid_message"_s << u"port"_s;
    QTest::newRow("bind not local") << QByteArray("{\"id\":7,\"type\":\"serve\",\"kind\":\"tcp_rr\",\"bind\":\"192.0.2.77\"," + tok + "}")
                                    << u"bind_failed"_s << u"192.0.2.77"_s;
    QTest::newRow("cancel without target") << QByteArray("{\"id\":7,\"type\":\"cancel\"}") << u"invalid_message"_s
                                           << u"target"_s;
    QTest::newRow("heartbeat timeout") << QByteArray("{\"id\":7,\"type\":\"heartbeat\",\"timeout_s\":-1}")
                                       << u"invalid_message"_s << u"timeout_s"_s;
}

void TstAgentMeasure::badRequests()
{
    QFETCH(QByteArray, line);
    QFETCH(QString, code);
    QFETCH(QString, mentions);
    AgentProcess a;
    QVERIFY(a.start());
    a.sendRaw(line + '\n');
    const QJsonObject e = a.waitFor(7, 5000);
    QCOMPARE(e.value(u"type"_s).toString(), u"error"_s);
    QCOMPARE(e.value(u"code"_s).toString(), code);
    QVERIFY2(e.value(u"message"_s).toString().contains(mentions), qPrintable(describe(e)));
    a.send({{u"type"_s, u"ping"_s}, {u"id"_s, 8}});
    QCOMPARE(a.waitFor(8, 3000).value(u"type"_s).toString(), u"pong"_s);
}

void TstAgentMeasure::standalonePair(const QStringList &prefix, const QString &agent, const QStringList &runArgs,
                                     QByteArray *runOut, int *runExit, QByteArray *listenOut)
{
    auto command = [&](const QStringList &args, QString *program) {
        QStringList all = prefix + QStringList{agent} + args;
        *program = all.takeFirst();
        return all;
    };
    QString program;
    // Both ends take the token from the environment (never argv).
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(u"WIREBENCH_TOKEN"_s, AgentProcess::newToken());
    QProcess listener;
    listener.setProcessEnvironment(env);
    const QStringList listenArgs =
        command({u"listen"_s, u"--bind"_s, u"127.0.0.1"_s, u"--port"_s, u"0"_s, u"--once"_s}, &program);
    listener.start(program, listenArgs);
    QVERIFY(listener.waitForStarted(5000));
    QElapsedTimer t;
    t.start();
    while (!listener.canReadLine() && t.elapsed() < 5000)
        listener.waitForReadyRead(100);
    const QByteArray first = listener.readLine();
    QVERIFY2(first.startsWith("wirebench-agent listening on 127.0.0.1 port "), first.constData());
    const QString port = QString::fromUtf8(first.trimmed().split(' ').last());
    QProcess runner;
    runner.setProcessEnvironment(env);
    const QStringList args = command(QStringList{u"run"_s} + runArgs.mid(0, 1)
                                         + QStringList{u"--to"_s, u"127.0.0.1:"_s + port} + runArgs.mid(1),
                                     &program);
    runner.start(program, args);
    QVERIFY(runner.waitForFinished(30000));
    *runOut = runner.readAllStandardOutput() + runner.readAllStandardError();
    *runExit = runner.exitCode();
    QVERIFY(listener.waitForFinished(10000)); // --once: gone after one test
    *listenOut = listener.readAllStandardOutput();
}

void TstAgentMeasure::standaloneListenAndRun()
{
    const QString agent = QStringLiteral(WB_BIN_DIR "/wirebench-agent");
    QByteArray out, listenOut;
    int rc = -1;
    standalonePair({}, agent, {u"tcp_rr"_s, u"-l"_s, u"0.5"_s, u"-r"_s, u"32,64"_s}, &out, &rc, &listenOut);
    QCOMPARE(rc, 0);
    QVERIFY2(out.contains("WIREBENCH tcp_rr to 127.0.0.1:"), out.constData());
    QVERIFY(out.contains("request_size_bytes=32") && out.contains("response_size_bytes=64"));
    QVERIFY(out.contains("transactions_per_s") && out.contains("latency_us_p99"));
    QVERIFY(listenOut.contains("tcp_rr from 127.0.0.1: done"));

    standalonePair({}, agent, {u"udp_stream"_s, u"-l"_s, u"0.3"_s, u"-m"_s, u"1"_s, u"--json"_s}, &out, &rc, &listenOut);
    QCOMPARE(rc, 0);
    const QJsonObject o = QJsonDocument::fromJson(out).object();
    QCOMPARE(o.value(u"type"_s).toString(), u"result"_s);
    checkCanonical(o.value(u"record"_s).toObject());
    QVERIFY(recordMetric(o.value(u"record"_s).toObject(), u"messages"_s, u"server"_s) > 0);

    // iperf3's -P and --bidir: the listener takes the flows on its one port.
    standalonePair({}, agent, {u"tcp_stream"_s, u"-l"_s, u"0.3"_s, u"-P"_s, u"2"_s, u"--bidir"_s}, &out, &rc, &listenOut);
    QVERIFY2(rc == 0, out.constData());
    QVERIFY2(out.contains("direction=\"bidirectional\"") && out.contains("streams=2"), out.constData());
    QVERIFY2(out.contains("reverse_throughput_bps") && out.contains("10^6bit/s"), out.constData());
    QVERIFY(listenOut.contains("tcp_stream from 127.0.0.1: done"));

    // A listener without a controller never sends a file: a peer would make it read one.
    standalonePair({}, agent, {u"file_transfer"_s, u"-R"_s, u"--set"_s, u"file_size_bytes=100000"_s}, &out, &rc, &listenOut);
    QVERIFY2(rc != 0, out.constData());
    QVERIFY2(out.contains("does not send files"), out.constData());

    // Bad options are refused before anything is sent.
    QProcess bad;
    bad.start(agent, {u"run"_s, u"udp_stream"_s, u"--to"_s, u"127.0.0.1"_s, u"-m"_s, u"70000"_s});
    QVERIFY(bad.waitForFinished(5000));
    QCOMPARE(bad.exitCode(), 2);
    QVERIFY(bad.readAllStandardError().contains("message_size_bytes"));
}

// The static agent needs nothing from the host: an empty directory holding
// only the binary, entered with chroot (no /proc, no /sys, no libraries).
void TstAgentMeasure::staticAgentInEmptyChroot()
{
    if (qEnvironmentVariableIsSet("WB_ROOT_ONLY_APART"))
        QSKIP("runs as its own CTest entry, tst_agentmeasure_root");
    if (::geteuid() != 0)
        QSKIP("chroot needs root");
    QTemporaryDir root;
    QVERIFY(QFile::copy(QStringLiteral(WB_BIN_DIR "/wirebench-agent"), root.filePath(u"wirebench-agent"_s)));
    QCOMPARE(QDir(root.path()).entryList(QDir::NoDotAndDotDot | QDir::AllEntries), QStringList{u"wirebench-agent"_s});
    QByteArray out, listenOut;
    int rc = -1;
    standalonePair({u"chroot"_s, root.path()}, u"/wirebench-agent"_s,
                   {u"udp_stream"_s, u"-l"_s, u"0.3"_s, u"--json"_s}, &out, &rc, &listenOut);
    QVERIFY2(rc == 0, out.constData());
    const QJsonObject rec = QJsonDocument::fromJson(out).object().value(u"record"_s).toObject();
    QVERIFY(recordMetric(rec, u"messages"_s, u"server"_s) > 0);
    // file_transfer makes its source and destination files in /tmp.
    QVERIFY(QDir(root.path()).mkdir(u"tmp"_s));
    standalonePair({u"chroot"_s, root.path()}, u"/wirebench-agent"_s,
                   {u"file_transfer"_s, u"--set"_s, u"file_size_bytes=1000000"_s, u"--json"_s}, &out, &rc, &listenOut);
    QVERIFY2(rc == 0, out.constData());
    QVERIFY(QJsonDocument::fromJson(out).object().value(u"record"_s).toObject().value(u"extra"_s).toObject()
                .value(u"verified"_s).toBool());
}

QTEST_GUILESS_MAIN(TstAgentMeasure)
#include "tst_agentmeasure.moc"
