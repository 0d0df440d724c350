// SPDX-License-Identifier: GPL-3.0-or-later
// Two real agents in two network namespaces joined by a veth pair (TEST-NET
// 198.51.100.0/24), as two lab hosts joined by a cable: every test kind over
// the pair, and udp_stream over a tbf-shaped 100 Mbit/s link whose receive
// throughput must land within 3 % of that link's theoretical goodput; an
// MTU mismatch on the pair (frames over the receiver's MTU) shows in the
// NIC counter metrics of the ends that counted it; rrul behind a tbf
// shaper both ways, whose queue the bulk flows fill: the probes' latency
// under load must rise well above their idle latency (bufferbloat). Every
// kind also runs between the ends' IPv6 addresses, and the shaped link is
// measured over IPv4 and IPv6 with the standard and a jumbo (9000) MTU. A
// reverse file transfer through a tbf shaper runs at the shaper's rate,
// sent by the server's veth.
// Needs root; the namespaces carry this process's PID and are deleted in
// cleanup, also when a test fails.

#include "agentprocess.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QTemporaryDir>
#include <QScopeGuard>
#include <QTest>

#include <signal.h>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace {
const QString kAddrA = u"198.51.100.1"_s;
const QString kAddrB = u"198.51.100.2"_s;
const QString kAddr6A = u"2001:db8:a::1"_s;
const QString kAddr6B = u"2001:db8:a::2"_s;

bool ip(const QStringList &args, QString *output = nullptr)
{
    QProcess p;
    p.start(u"ip"_s, args);
    if (!p.waitForFinished(10000))
        return false;
    if (output)
        *output = QString::fromUtf8(p.readAllStandardOutput());
    if (p.exitCode() != 0)
        qWarning("ip %s: %s", qPrintable(args.join(u' ')), p.readAllStandardError().constData());
    return p.exitCode() == 0;
}
} // namespace

class TstAgentNetns : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void cleanupTestCase();
    void tcpRr();
    void udpRr();
    void tcpStream();
    void tcpStreamReverse();
    void udpStreamReverse();
    void packetRate();
    void fileTransferToFile();
    void fileTransferToDevNull();
    void fileTransferReverseThroughAShaper();
    void packetRateReverse();
    void udpStreamOverShaped100Mbit_data();
    void udpStreamOverShaped100Mbit();
    void everyKindOverIpv6_data();
    void everyKindOverIpv6();
    void nicDropsAreMeasured();
    void driverCountersOfTheVeth();
    void rrulBufferbloatBehindAShaper();

private:
    struct Result
    {
        QJsonObject client;
        QJsonObject server;
        QJsonObject record() const { return client.value(u"record"_s).toObject(); }
    };
    Result run(const QString &kind, const QJsonObject &params, const QJsonObject &serverParams = {},
               const QString &serverAddress = kAddrB);
    bool setMtu(int mtu);
    void removeStaleNamespaces();

    QString m_nsA, m_nsB, m_vethA, m_vethB;
    bool m_created = false;
};

void TstAgentNetns::removeStaleNamespaces()
{
    // Namespaces left by a test process that was killed before its cleanup.
    QString list;
    ip({u"netns"_s, u"list"_s}, &list);
    for (const QString &line : list.split(u'\n', Qt::SkipEmptyParts)) {
        const QString name = line.section(u' ', 0, 0);
        if (!name.startsWith(u"wbA"_s) && !name.startsWith(u"wbB"_s))
            continue;
        bool ok = false;
        const int pid = name.mid(3).toInt(&ok);
        if (ok && pid > 0 && ::kill(pid, 0) != 0 && errno == ESRCH)
            ip({u"netns"_s, u"del"_s, name});
    }
}

void TstAgentNetns::initTestCase()
{
    if (::geteuid() != 0)
        QSKIP("network namespaces need root");
    removeStaleNamespaces();
    const QString pid = QString::number(::getpid());
    m_nsA = u"wbA"_s + pid;
    m_nsB = u"wbB"_s + pid;
    m_vethA = u"wbva"_s + pid;
    m_vethB = u"wbvb"_s + pid;
    m_created = true;
    QVERIFY(ip({u"netns"_s, u"add"_s, m_nsA}));
    QVERIFY(ip({u"netns"_s, u"add"_s, m_nsB}));
    QVERIFY(ip({u"link"_s, u"add"_s, m_vethA, u"type"_s, u"veth"_s, u"peer"_s, u"name"_s, m_vethB}));
    QVERIFY(ip({u"link"_s, u"set"_s, m_vethA, u"netns"_s, m_nsA}));
    QVERIFY(ip({u"link"_s, u"set"_s, m_vethB, u"netns"_s, m_nsB}));
    QVERIFY(ip({u"-n"_s, m_nsA, u"addr"_s, u"add"_s, kAddrA + u"/24"_s, u"dev"_s, m_vethA}));
    QVERIFY(ip({u"-n"_s, m_nsB, u"addr"_s, u"add"_s, kAddrB + u"/24"_s, u"dev"_s, m_vethB}));
    // IPv6 too, without duplicate address detection's wait.
    QVERIFY(ip({u"-n"_s, m_nsA, u"addr"_s, u"add"_s, kAddr6A + u"/64"_s, u"dev"_s, m_vethA, u"nodad"_s}));
    QVERIFY(ip({u"-n"_s, m_nsB, u"addr"_s, u"add"_s, kAddr6B + u"/64"_s, u"dev"_s, m_vethB, u"nodad"_s}));
    for (const auto &[ns, dev] : {std::pair{m_nsA, m_vethA}, std::pair{m_nsB, m_vethB}}) {
        QVERIFY(ip({u"-n"_s, ns, u"link"_s, u"set"_s, dev, u"up"_s}));
        QVERIFY(ip({u"-n"_s, ns, u"link"_s, u"set"_s, u"lo"_s, u"up"_s}));
    }
}

void TstAgentNetns::cleanupTestCase()
{
    if (!m_created)
        return;
    ip({u"netns"_s, u"del"_s, m_nsA}); // deletes the veth pair with it
    ip({u"netns"_s, u"del"_s, m_nsB});
    QString list;
    ip({u"netns"_s, u"list"_s}, &list);
    QVERIFY(!list.contains(m_nsA) && !list.contains(m_nsB));
}

bool TstAgentNetns::setMtu(int mtu)
{
    return ip({u"-n"_s, m_nsA, u"link"_s, u"set"_s, m_vethA, u"mtu"_s, QString::number(mtu)})
        && ip({u"-n"_s, m_nsB, u"link"_s, u"set"_s, m_vethB, u"mtu"_s, QString::number(mtu)});
}

TstAgentNetns::Result TstAgentNetns::run(const QString &kind, const QJsonObject &params, const QJsonObject &serverParams,
                                         const QString &serverAddress)
{
    Result r;
    AgentProcess server(m_nsB), client(m_nsA);
    if (!server.start() || !client.start())
        return r;
    const QString token = AgentProcess::newToken();
    QJsonObject sp = params;
    for (auto it = serverParams.begin(); it != serverParams.end(); ++it)
        sp.insert(it.key(), it.value());
    server.send({{u"type"_s, u"serve"_s}, {u"id"_s, 10}, {u"kind"_s, kind}, {u"token"_s, token},
                 {u"bind"_s, serverAddress}, {u"port"_s, 0}, {u"params"_s, sp}});
    const QJsonObject l = server.waitFor(10, 5000);
    if (l.value(u"type"_s).toString() != u"listening"_s) {
        r.server = l;
        return r;
    }
    client.send({{u"type"_s, u"run"_s}, {u"id"_s, 20}, {u"kind"_s, kind}, {u"token"_s, token}, {u"to"_s, serverAddress},
                 {u"port"_s, l.value(u"port"_s).toInt()}, {u"params"_s, params}});
    r.client = client.waitFinal(20, 60000);
    r.server = server.waitFinal(10, 10000);
    return r;
}

#define REQUIRE_RESULT(r)                                                                                          \
    QVERIFY2((r).client.value(u"type"_s).toString() == u"result"_s,                                             \
             qPrintable(QJsonDocument((r).client).toJson(QJsonDocument::Compact).left(600)))

void TstAgentNetns::tcpRr()
{
    const auto r = run(u"tcp_rr"_s, {{u"transactions"_s, 2000}});
    REQUIRE_RESULT(r);
    QCOMPARE(r.record().value(u"extra"_s).toObject().value(u"transactions"_s).toInteger(), 2000);
    QVERIFY(recordMetric(r.record(), u"latency_us_p99"_s, u"client"_s) > 0);
    // NIC counters are the veth's, and show the transactions went over it.
    const QJsonObject delta = r.record().value(u"extra"_s).toObject().value(u"nic_counters_delta"_s).toObject();
    QCOMPARE(delta.value(u"interface"_s).toString(), m_vethA);
    QVERIFY(delta.value(u"tx_packets"_s).toInteger() >= 2000);
}

void TstAgentNetns::udpRr()
{
    const auto r = run(u"udp_rr"_s, {{u"transactions"_s, 2000}, {u"request_size_bytes"_s, 64}, {u"response_size_bytes"_s, 1024}});
    REQUIRE_RESULT(r);
    QCOMPARE(r.record().value(u"extra"_s).toObject().value(u"transactions"_s).toInteger(), 2000);
}

void TstAgentNetns::tcpStream()
{
    const auto r = run(u"tcp_stream"_s, {{u"duration_s"_s, 1.0}});
    REQUIRE_RESULT(r);
    QVERIFY(recordMetric(r.record(), u"throughput_bps"_s, u"server"_s) > 1e8);
    QCOMPARE(r.server.value(u"record"_s).toObject().value(u"extra"_s).toObject()
                 .value(u"nic_counters_before"_s).toObject().value(u"interface"_s).toString(),
             m_vethB);
}

namespace {
// One end's veth counters over the measured interval.
QJsonObject nicDelta(const QJsonObject &record)
{
    return record.value(u"extra"_s).toObject().value(u"nic_counters_delta"_s).toObject();
}

// Both ends' counters, for a failure message.
QString countsText(const QJsonObject &client, const QJsonObject &server)
{
    return QString::fromUtf8(QJsonDocument(QJsonObject{{u"client"_s, client}, {u"server"_s, server}})
                                 .toJson(QJsonDocument::Compact));
}
} // namespace

void TstAgentNetns::tcpStreamReverse()
{
    // The server sends without the roles being swapped: the client's veth
    // receives the data and sends only acknowledgements, the server's the
    // other way round.
    const auto r = run(u"tcp_stream"_s, {{u"duration_s"_s, 1.0}, {u"direction"_s, u"reverse"_s}, {u"streams"_s, 2}});
    REQUIRE_RESULT(r);
    const double bytes = recordMetric(r.record(), u"bytes"_s, u"client"_s);
    QVERIFY(bytes > 1e7);
    const QJsonObject client = nicDelta(r.record());
    const QJsonObject server = nicDelta(r.server.value(u"record"_s).toObject());
    QCOMPARE(client.value(u"interface"_s).toString(), m_vethA);
    QCOMPARE(server.value(u"interface"_s).toString(), m_vethB);
    const QString counts = countsText(client, server);
    QVERIFY2(client.value(u"rx_bytes"_s).toDouble() >= bytes, qPrintable(counts));
    QVERIFY2(server.value(u"tx_bytes"_s).toDouble() >= bytes, qPrintable(counts));
    QVERIFY2(client.value(u"tx_bytes"_s).toDouble() < bytes / 10, qPrintable(counts));
    QVERIFY2(server.value(u"rx_bytes"_s).toDouble() < bytes / 10, qPrintable(counts));
}

void TstAgentNetns::udpStreamReverse()
{
    const auto r = run(u"udp_stream"_s, {{u"duration_s"_s, 1.0}, {u"direction"_s, u"reverse"_s},
                                         {u"rate_pps"_s, 20000}, {u"message_size_bytes"_s, 1000}});
    REQUIRE_RESULT(r);
    const double bytes = recordMetric(r.record(), u"bytes"_s, u"client"_s);
    QVERIFY(bytes > 1e6);
    QVERIFY(recordMetric(r.record(), u"messages"_s, u"server"_s) >= recordMetric(r.record(), u"messages"_s, u"client"_s));
    const QJsonObject client = nicDelta(r.record());
    const QJsonObject server = nicDelta(r.server.value(u"record"_s).toObject());
    const QString counts = countsText(client, server);
    QVERIFY2(client.value(u"rx_bytes"_s).toDouble() >= bytes, qPrintable(counts));
    QVERIFY2(server.value(u"tx_bytes"_s).toDouble() >= bytes, qPrintable(counts));
    QVERIFY2(client.value(u"tx_bytes"_s).toDouble() < bytes / 10, qPrintable(counts));
    QVERIFY2(server.value(u"rx_bytes"_s).toDouble() < bytes / 10, qPrintable(counts));
}

void TstAgentNetns::packetRate()
{
    const auto r = run(u"packet_rate"_s, {{u"duration_s"_s, 1.0}, {u"probe_rate_pps"_s, 100}});
    REQUIRE_RESULT(r);
    QVERIFY(recordMetric(r.record(), u"packets_per_s"_s, u"server"_s) > 1000);
    QVERIFY(recordMetric(r.record(), u"latency_us_p50"_s, u"server"_s) > 0);
}

void TstAgentNetns::fileTransferToFile()
{
    QTemporaryDir dir;
    const QString dst = dir.filePath(u"received.bin"_s);
    const auto r = run(u"file_transfer"_s, {{u"file_size_bytes"_s, 16 * 1024 * 1024}}, {{u"dest_path"_s, dst}});
    REQUIRE_RESULT(r);
    QVERIFY(r.record().value(u"extra"_s).toObject().value(u"verified"_s).toBool());
    // Over the veth pair too the rate to disk never beats the network phase.
    const double network = recordMetric(r.record(), u"network_throughput_bps"_s, u"server"_s);
    const double flushed = recordMetric(r.record(), u"flushed_throughput_bps"_s, u"server"_s);
    QVERIFY2(flushed > 0 && flushed <= network, qPrintable(u"%1 vs %2"_s.arg(flushed).arg(network)));
    QCOMPARE(QFileInfo(dst).size(), 16 * 1024 * 1024);
}

void TstAgentNetns::fileTransferToDevNull()
{
    const auto r = run(u"file_transfer"_s, {{u"file_size_bytes"_s, 16 * 1024 * 1024}, {u"sink"_s, u"devnull"_s}});
    REQUIRE_RESULT(r);
    QVERIFY(r.record().value(u"extra"_s).toObject().value(u"verified"_s).toBool());
    QCOMPARE(recordMetric(r.record(), u"bytes"_s, u"server"_s), 16.0 * 1024 * 1024);
}

void TstAgentNetns::fileTransferReverseThroughAShaper()
{
    // A download through a 50 Mbit/s tbf on the server's side: the file
    // leaves the server's veth (its transmit counters) and arrives at the
    // client's sink at the shaper's rate, the roles unswapped.
    QVERIFY(ip({u"netns"_s, u"exec"_s, m_nsB, u"tc"_s, u"qdisc"_s, u"add"_s, u"dev"_s, m_vethB, u"root"_s, u"tbf"_s,
                u"rate"_s, u"50mbit"_s, u"burst"_s, u"32kbit"_s, u"latency"_s, u"50ms"_s}));
    auto unshape = qScopeGuard([&] {
        ip({u"netns"_s, u"exec"_s, m_nsB, u"tc"_s, u"qdisc"_s, u"del"_s, u"dev"_s, m_vethB, u"root"_s});
    });
    QTemporaryDir dir;
    const QString dst = dir.filePath(u"download.bin"_s);
    const qint64 size = 8 * 1024 * 1024;
    const auto r = run(u"file_transfer"_s, {{u"file_size_bytes"_s, size}, {u"direction"_s, u"reverse"_s},
                                            {u"dest_path"_s, dst}});
    REQUIRE_RESULT(r);
    QVERIFY(r.record().value(u"extra"_s).toObject().value(u"verified"_s).toBool());
    QCOMPARE(QFileInfo(dst).size(), size);
    // 50 Mbit/s of 1514-byte frames carry 1448 bytes of TCP payload each
    // (timestamps on): about 47.8 Mbit/s of file.
    const double rate = recordMetric(r.record(), u"network_throughput_bps"_s, u"client"_s);
    QVERIFY2(rate > 38e6 && rate < 51e6, qPrintable(QString::number(rate)));
    const QJsonObject client = nicDelta(r.record());
    const QJsonObject server = nicDelta(r.server.value(u"record"_s).toObject());
    const QString counts = countsText(client, server);
    QCOMPARE(server.value(u"interface"_s).toString(), m_vethB);
    QVERIFY2(server.value(u"tx_bytes"_s).toDouble() >= double(size), qPrintable(counts));
    QVERIFY2(client.value(u"rx_bytes"_s).toDouble() >= double(size), qPrintable(counts));
    QVERIFY2(client.value(u"tx_bytes"_s).toDouble() < double(size) / 10, qPrintable(counts));
    QCOMPARE(recordMetric(r.server.value(u"record"_s).toObject(), u"bytes"_s, u"server"_s), double(size));
}

void TstAgentNetns::packetRateReverse()
{
    // The server floods over the pair, the client counts: the frames leave
    // the server's veth and arrive at the client's.
    const auto r = run(u"packet_rate"_s, {{u"duration_s"_s, 1.0}, {u"direction"_s, u"reverse"_s}, {u"rate_pps"_s, 20000}});
    REQUIRE_RESULT(r);
    const double sent = recordMetric(r.record(), u"messages"_s, u"server"_s);
    const double received = recordMetric(r.record(), u"messages"_s, u"client"_s);
    QVERIFY2(sent > 10000, qPrintable(QString::number(sent)));
    QCOMPARE(recordMetric(r.record(), u"drops"_s, QString()), sent - received);
    const QJsonObject client = nicDelta(r.record());
    const QJsonObject server = nicDelta(r.server.value(u"record"_s).toObject());
    const QString counts = countsText(client, server);
    QVERIFY2(server.value(u"tx_packets"_s).toDouble() >= sent, qPrintable(counts));
    // The client reads its counters when its side of the test starts; in
    // reverse the server may already have sent a datagram or two by then,
    // so its NIC may have counted a few fewer frames than it received.
    QVERIFY2(client.value(u"rx_packets"_s).toDouble() >= received - std::max(5.0, received * 0.001),
             qPrintable(counts + u" received "_s + QString::number(received)));
    QVERIFY2(client.value(u"tx_packets"_s).toDouble() < sent / 10, qPrintable(counts));
}

void TstAgentNetns::udpStreamOverShaped100Mbit_data()
{
    QTest::addColumn<QString>("server");
    QTest::addColumn<int>("mtu");
    QTest::addColumn<int>("ipHeader");
    QTest::newRow("IPv4, MTU 1500") << kAddrB << 1500 << 20;
    QTest::newRow("IPv6, MTU 1500") << kAddr6B << 1500 << 40;
    QTest::newRow("IPv4, jumbo MTU 9000") << kAddrB << 9000 << 20;
    QTest::newRow("IPv6, jumbo MTU 9000") << kAddr6B << 9000 << 40;
}

void TstAgentNetns::udpStreamOverShaped100Mbit()
{
    QFETCH(QString, server);
    QFETCH(int, mtu);
    QFETCH(int, ipHeader);
    QVERIFY(setMtu(mtu));
    auto standardMtu = qScopeGuard([&] { setMtu(1500); });
    // Fast Ethernet: 100 Mbit/s on the sender's side of the cable. The bucket
    // holds 64 KB (about 5 ms at line rate): with the 4 KB of "burst 32kbit"
    // any softirq delay over 0.3 ms on this loaded 2-core machine throws
    // tokens away and the shaper itself delivers less than 100 Mbit/s.
    QVERIFY(ip({u"netns"_s, u"exec"_s, m_nsA, u"tc"_s, u"qdisc"_s, u"add"_s, u"dev"_s, m_vethA, u"root"_s, u"tbf"_s,
                u"rate"_s, u"100mbit"_s, u"burst"_s, qEnvironmentVariable("WB_TBF_BURST", u"64kb"_s), u"latency"_s,
                u"50ms"_s}));
    auto unshape = qScopeGuard([&] {
        ip({u"netns"_s, u"exec"_s, m_nsA, u"tc"_s, u"qdisc"_s, u"del"_s, u"dev"_s, m_vethA, u"root"_s});
    });
    // The largest datagram the MTU takes: 1472 bytes of payload ride in
    // 1514-byte frames (UDP 8, IPv4 20, Ethernet 14; tbf counts no FCS),
    // 1452 over IPv6 (its header is 40); 8972 and 8952 in 9014 with jumbo frames.
    const int payload = mtu - ipHeader - 8;
    const double theoretical = 100e6 * payload / (mtu + 14.0);
    double received = 0;
    // A second attempt only when the first was disturbed: the machine is
    // shared and a stalled second shows in the per-second profile.
    for (int attempt = 1; attempt <= 2; ++attempt) {
        // A send buffer of ~25 ms of link time keeps the shaper busy through
        // scheduling hiccups without overrunning its 50 ms queue.
        const auto r = run(u"udp_stream"_s, {{u"message_size_bytes"_s, payload}, {u"duration_s"_s, 3.0},
                                             {u"send_socket_bytes"_s, 262144}, {u"recv_socket_bytes"_s, 4194304}},
                           {}, server);
        REQUIRE_RESULT(r);
        received = recordMetric(r.record(), u"throughput_bps"_s, u"server"_s);
        QString profile;
        for (const auto &v : r.server.value(u"record"_s).toObject().value(u"samples"_s).toArray())
            if (v.toObject().value(u"name"_s).toString() == u"throughput_bps"_s)
                profile += u" %1"_s.arg(v.toObject().value(u"value"_s).toDouble() / 1e6, 0, 'f', 1);
        qInfo("attempt %d: %.2f Mbit/s received, theoretical goodput %.2f Mbit/s (%+.2f %%); per second:%s; "
              "host CPU %.0f %%",
              attempt, received / 1e6, theoretical / 1e6, 100.0 * (received - theoretical) / theoretical,
              qPrintable(profile), recordMetric(r.record(), u"cpu_util_pct"_s, u"client"_s));
        // No datagram may be lost on the way: the shaper queues, it does not drop.
        QCOMPARE(recordMetric(r.record(), u"loss_ratio"_s, u""_s), 0.0);
        if (std::abs(received - theoretical) / theoretical < 0.03)
            break;
    }
    QVERIFY2(std::abs(received - theoretical) / theoretical < 0.03,
             qPrintable(u"received %1 bit/s, theoretical %2"_s.arg(received).arg(theoretical)));
}

void TstAgentNetns::everyKindOverIpv6_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QJsonObject>("params");
    QTest::addColumn<QString>("metric"); // above 0
    QTest::addColumn<QString>("side");
    QTest::newRow("tcp_stream") << u"tcp_stream"_s << QJsonObject{} << u"throughput_bps"_s << u"server"_s;
    QTest::newRow("tcp_stream reverse, 2 streams")
        << u"tcp_stream"_s << QJsonObject{{u"direction"_s, u"reverse"_s}, {u"streams"_s, 2}} << u"bytes"_s << u"client"_s;
    QTest::newRow("udp_stream bidirectional")
        << u"udp_stream"_s
        << QJsonObject{{u"direction"_s, u"bidirectional"_s}, {u"rate_pps"_s, 20000}, {u"message_size_bytes"_s, 1452}}
        << u"reverse_throughput_bps"_s << u"client"_s;
    QTest::newRow("tcp_rr") << u"tcp_rr"_s << QJsonObject{{u"transactions"_s, 2000}} << u"transactions_per_s"_s
                            << u"server"_s;
    QTest::newRow("udp_rr") << u"udp_rr"_s << QJsonObject{{u"transactions"_s, 2000}} << u"transactions_per_s"_s
                            << u"server"_s;
    QTest::newRow("tcp_crr") << u"tcp_crr"_s << QJsonObject{{u"transactions"_s, 500}} << u"connections_per_s"_s
                             << u"client"_s;
    QTest::newRow("packet_rate with probes") << u"packet_rate"_s << QJsonObject{{u"probe_rate_pps"_s, 100}}
                                             << u"latency_us_p50"_s << u"server"_s;
    QTest::newRow("file_transfer") << u"file_transfer"_s
                                   << QJsonObject{{u"file_size_bytes"_s, 16 * 1024 * 1024}, {u"sink"_s, u"devnull"_s}}
                                   << u"bytes"_s << u"server"_s;
}

// Every kind across the veth pair between the ends' IPv6 addresses: the
// client sends from its own, and the veths' counters show the traffic.
void TstAgentNetns::everyKindOverIpv6()
{
    QFETCH(QString, kind);
    QFETCH(QJsonObject, params);
    QFETCH(QString, metric);
    QFETCH(QString, side);
    params.insert(u"duration_s"_s, 1.0);
    params.insert(u"interface"_s, m_vethA);
    const auto r = run(kind, params, {{u"interface"_s, m_vethB}}, kAddr6B);
    REQUIRE_RESULT(r);
    QVERIFY2(recordMetric(r.record(), metric, side) > 0, qPrintable(QJsonDocument(r.record()).toJson()));
    QCOMPARE(r.record().value(u"extra"_s).toObject().value(u"bound_address"_s).toString(), kAddr6A);
    const QJsonObject server = r.server.value(u"record"_s).toObject();
    QCOMPARE(server.value(u"extra"_s).toObject().value(u"bound_address"_s).toString(), kAddr6B);
    const QJsonObject delta = nicDelta(server);
    QCOMPARE(delta.value(u"interface"_s).toString(), m_vethB);
    QVERIFY2(delta.value(u"rx_packets"_s).toInteger() > 100,
             qPrintable(QJsonDocument(delta).toJson(QJsonDocument::Compact)));
}

void TstAgentNetns::nicDropsAreMeasured()
{
    // A receiver whose MTU is smaller than the sender's frames: the veth pair
    // drops them (tc actions are not in this kernel), as a misconfigured
    // cable would. The drops are metrics of the side that counted them.
    QVERIFY(ip({u"netns"_s, u"exec"_s, m_nsB, u"ip"_s, u"link"_s, u"set"_s, m_vethB, u"mtu"_s, u"1000"_s}));
    auto restore = qScopeGuard([&] {
        ip({u"netns"_s, u"exec"_s, m_nsB, u"ip"_s, u"link"_s, u"set"_s, m_vethB, u"mtu"_s, u"1500"_s});
    });
    const QJsonObject params{{u"message_size_bytes"_s, 1400}, {u"duration_s"_s, 0.5}, {u"rate_pps"_s, 2000}};
    const auto r = run(u"udp_stream"_s, params);
    REQUIRE_RESULT(r);
    const double sent = recordMetric(r.record(), u"messages"_s, u"client"_s);
    QVERIFY(sent > 500);
    const double txDropped = recordMetric(r.record(), u"nic_tx_dropped"_s, u"client"_s);
    const double rxDropped = recordMetric(r.record(), u"nic_rx_dropped"_s, u"server"_s);
    qInfo("sent %.0f datagrams; client %s tx_dropped %.0f, server %s rx_dropped %.0f", sent, qPrintable(m_vethA),
          txDropped, qPrintable(m_vethB), rxDropped);
    // Every datagram was over the receiver's MTU: each was dropped, and
    // counted at both ends (the sender's tx_dropped, the receiver's rx_dropped).
    QVERIFY2(txDropped >= 0.95 * sent && rxDropped >= 0.95 * sent, "the dropped frames are not in the NIC metrics");
    QCOMPARE(recordMetric(r.record(), u"messages"_s, u"server"_s), 0.0);
    // Every fault counter the veth has is a metric of both sides, zero where nothing happened.
    for (const QString &side : {u"client"_s, u"server"_s})
        QVERIFY2(recordMetric(r.record(), u"nic_rx_errors"_s, side) == 0.0, qPrintable(side));
    restore.dismiss();
    QVERIFY(ip({u"netns"_s, u"exec"_s, m_nsB, u"ip"_s, u"link"_s, u"set"_s, m_vethB, u"mtu"_s, u"1500"_s}));
    // Back at one MTU, the same stream arrives and no drop is counted.
    const auto ok = run(u"udp_stream"_s, params);
    REQUIRE_RESULT(ok);
    QCOMPARE(recordMetric(ok.record(), u"nic_tx_dropped"_s, u"client"_s), 0.0);
    QCOMPARE(recordMetric(ok.record(), u"nic_rx_dropped"_s, u"server"_s), 0.0);
    QVERIFY(recordMetric(ok.record(), u"messages"_s, u"server"_s) > 500);
}

void TstAgentNetns::driverCountersOfTheVeth()
{
    // veth answers the ethtool stats ioctl (loopback does not): each end's
    // record carries its own veth's driver counters over the test.
    const auto r = run(u"udp_stream"_s, {{u"message_size_bytes"_s, 1000}, {u"duration_s"_s, 0.5}, {u"rate_pps"_s, 2000}});
    REQUIRE_RESULT(r);
    for (const auto &[record, dev] :
         {std::pair{r.record(), m_vethA}, std::pair{r.server.value(u"record"_s).toObject(), m_vethB}}) {
        const QJsonObject delta = record.value(u"extra"_s).toObject().value(u"ethtool_stats_delta"_s).toObject();
        QCOMPARE(delta.value(u"interface"_s).toString(), dev);
        const QJsonObject counters = delta.value(u"counters"_s).toObject();
        QVERIFY2(counters.contains(u"peer_ifindex"_s), qPrintable(QJsonDocument(delta).toJson(QJsonDocument::Compact)));
        QCOMPARE(counters.value(u"peer_ifindex"_s).toInteger(-1), 0); // an index, not a count: it stays
        bool queues = false;
        for (auto it = counters.begin(); it != counters.end(); ++it)
            queues = queues || it.key().startsWith(u"rx_queue_0_"_s);
        QVERIFY(queues);
        // Nothing was lost on the pair: no driver counter of a fault rose.
        for (auto it = counters.begin(); it != counters.end(); ++it)
            if (it.key().contains(u"drop"_s) || it.key().contains(u"err"_s))
                QVERIFY2(it->toInteger() == 0, qPrintable(dev + u' ' + it.key()));
    }
    // The loopback of a namespace has no driver counters: nothing recorded, no error.
    AgentProcess a(m_nsA), b(m_nsA);
    QVERIFY(a.start() && b.start());
    const QString token = AgentProcess::newToken();
    b.send({{u"type"_s, u"serve"_s}, {u"id"_s, 10}, {u"kind"_s, u"tcp_rr"_s}, {u"token"_s, token},
            {u"bind"_s, u"127.0.0.1"_s}, {u"port"_s, 0}, {u"params"_s, QJsonObject{{u"transactions"_s, 100}}}});
    const QJsonObject l = b.waitFor(10, 5000);
    QCOMPARE(l.value(u"type"_s).toString(), u"listening"_s);
    a.send({{u"type"_s, u"run"_s}, {u"id"_s, 20}, {u"kind"_s, u"tcp_rr"_s}, {u"token"_s, token}, {u"to"_s, u"127.0.0.1"_s},
            {u"port"_s, l.value(u"port"_s).toInt()}, {u"params"_s, QJsonObject{{u"transactions"_s, 100}}}});
    const QJsonObject fin = a.waitFinal(20, 30000);
    QCOMPARE(fin.value(u"type"_s).toString(), u"result"_s);
    const QJsonObject extra = fin.value(u"record"_s).toObject().value(u"extra"_s).toObject();
    QCOMPARE(extra.value(u"nic_counters_delta"_s).toObject().value(u"interface"_s).toString(), u"lo"_s);
    QVERIFY(!extra.contains(u"ethtool_stats_delta"_s));
    b.waitFinal(10, 10000);
}

void TstAgentNetns::rrulBufferbloatBehindAShaper()
{
    // 20 Mbit/s each way with a tbf queue of up to 100 ms: the bulk flows
    // keep it full, and a probe waits behind them in the same FIFO.
    for (const auto &[ns, dev] : {std::pair{m_nsA, m_vethA}, std::pair{m_nsB, m_vethB}})
        QVERIFY(ip({u"netns"_s, u"exec"_s, ns, u"tc"_s, u"qdisc"_s, u"add"_s, u"dev"_s, dev, u"root"_s, u"tbf"_s,
                    u"rate"_s, u"20mbit"_s, u"burst"_s, u"32kb"_s, u"latency"_s, u"100ms"_s}));
    auto unshape = qScopeGuard([&] {
        for (const auto &[ns, dev] : {std::pair{m_nsA, m_vethA}, std::pair{m_nsB, m_vethB}})
            ip({u"netns"_s, u"exec"_s, ns, u"tc"_s, u"qdisc"_s, u"del"_s, u"dev"_s, dev, u"root"_s});
    });
    const auto r = run(u"rrul"_s, {{u"idle_s"_s, 2.0}, {u"duration_s"_s, 6.0}, {u"streams"_s, 4},
                                   {u"probe_interval_ms"_s, 50}, {u"interval_s"_s, 0.2}});
    REQUIRE_RESULT(r);
    const QJsonObject rec = r.record();
    auto m = [&](const QString &name) {
        bool found = false;
        const double v = recordMetric(rec, name, u"client"_s, &found);
        if (!found)
            qWarning("no metric %s", qPrintable(name));
        return found ? v : -1;
    };
    const QString figures = u"UDP idle p50/p99 %1/%2 us, loaded p50/p99 %3/%4 us; TCP idle p99 %5 us, loaded p50 %6 us"_s
                                .arg(m(u"idle_udp_latency_us_p50"_s)).arg(m(u"idle_udp_latency_us_p99"_s))
                                .arg(m(u"loaded_udp_latency_us_p50"_s)).arg(m(u"loaded_udp_latency_us_p99"_s))
                                .arg(m(u"idle_tcp_latency_us_p99"_s)).arg(m(u"loaded_tcp_latency_us_p50"_s));
    qInfo("%s", qPrintable(figures));
    // Idle, a round trip over the veth pair takes well under 5 ms; under
    // load the median probe waits in the shaper's queue for tens of ms.
    QVERIFY2(m(u"idle_udp_latency_us_p50"_s) > 0 && m(u"idle_udp_latency_us_p50"_s) < 5000, qPrintable(figures));
    QVERIFY2(m(u"loaded_udp_latency_us_p50"_s) > 10000, qPrintable(figures));
    // Medians against medians: one idle probe delayed by a busy moment of
    // the shared machine (an idle p99 of 20 ms was seen in CI) says nothing
    // about the queue.
    QVERIFY2(m(u"loaded_udp_latency_us_p50"_s) > 20 * m(u"idle_udp_latency_us_p50"_s), qPrintable(figures));
    QVERIFY2(m(u"loaded_tcp_latency_us_p50"_s) > 20 * m(u"idle_tcp_latency_us_p50"_s), qPrintable(figures));
    // The load went through the shaper both ways, near its rate and not over it.
    const double up = recordMetric(rec, u"throughput_bps"_s, u"server"_s);
    const double down = recordMetric(rec, u"reverse_throughput_bps"_s, u"client"_s);
    QVERIFY2(up > 10e6 && up < 21e6, qPrintable(QString::number(up)));
    QVERIFY2(down > 10e6 && down < 21e6, qPrintable(QString::number(down)));
}

QTEST_GUILESS_MAIN(TstAgentNetns)
#include "tst_agentnetns.moc"
