// SPDX-License-Identifier: GPL-3.0-or-later
// tcp_crr and the socket knobs (congestion_control, mss_bytes, nodelay, tos)
// between two real wirebench-agent processes on loopback: the connection
// rate and its latency percentiles, both ends' counts, a silent or foreign
// client against the serving end, an unknown congestion control refused
// with the host's list, what the kernel applied as the record states it,
// and the TOS byte as it goes on the wire (an AF_PACKET capture on lo).

#include "agentprocess.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>
#include <QThread>

#include <arpa/inet.h>
#include <atomic>
#include <cerrno>
#include <linux/if_ether.h>
#include <linux/if_packet.h>
#include <mutex>
#include <net/if.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace {

QJsonObject extraOf(const QJsonObject &record)
{
    return record.value(u"extra"_s).toObject();
}

QStringList availableCongestionControls()
{
    QFile f(u"/proc/sys/net/ipv4/tcp_available_congestion_control"_s);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QString::fromLatin1(f.readAll()).simplified().split(u' ', Qt::SkipEmptyParts);
}

// Milliseconds until the peer closes or resets `fd` (reading and dropping
// anything it sends), or -1 when it is still open after timeoutMs.
qint64 msUntilClosed(int fd, int timeoutMs, QByteArray *received = nullptr)
{
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < timeoutMs) {
        pollfd p{fd, POLLIN, 0};
        if (::poll(&p, 1, static_cast<int>(timeoutMs - t.elapsed())) <= 0)
            continue;
        char buf[4096];
        const ssize_t n = ::recv(fd, buf, sizeof buf, 0);
        if (n <= 0)
            return t.elapsed();
        if (received)
            received->append(buf, n);
    }
    return -1;
}

// IPv4 packets on lo with a payload to or from `port`, captured with an
// AF_PACKET socket (root only), in the order they were sent.
struct CapturedPacket
{
    int proto;     // IPPROTO_TCP or IPPROTO_UDP
    int otherPort; // the client's port
    bool toPort;   // towards `port` (client to server)
    int tos;       // IPv4 TOS or IPv6 traffic class
    bool ipv6;
};

class LoopbackCapture
{
public:
    bool start(int port, QString *why)
    {
        m_port = port;
        m_fd = ::socket(AF_PACKET, SOCK_RAW | SOCK_CLOEXEC, htons(ETH_P_ALL));
        if (m_fd < 0) {
            *why = u"cannot open an AF_PACKET socket: "_s + QString::fromLocal8Bit(strerror(errno));
            return false;
        }
        sockaddr_ll ll{};
        ll.sll_family = AF_PACKET;
        ll.sll_protocol = htons(ETH_P_ALL);
        ll.sll_ifindex = static_cast<int>(if_nametoindex("lo"));
        if (::bind(m_fd, reinterpret_cast<sockaddr *>(&ll), sizeof ll) != 0) {
            *why = u"cannot bind the capture to lo"_s;
            return false;
        }
        m_thread = std::thread([this] { loop(); });
        return true;
    }
    ~LoopbackCapture() { stop(); }
    void stop()
    {
        m_quit = true;
        if (m_thread.joinable())
            m_thread.join();
        if (m_fd >= 0)
            ::close(m_fd);
        m_fd = -1;
    }
    QList<CapturedPacket> packets() const
    {
        std::lock_guard lock(m_mutex);
        return m_packets;
    }

private:
    void loop()
    {
        unsigned char buf[256];
        while (!m_quit) {
            pollfd p{m_fd, POLLIN, 0};
            if (::poll(&p, 1, 50) <= 0)
                continue;
            sockaddr_ll from{};
            socklen_t len = sizeof from;
            const ssize_t n = ::recvfrom(m_fd, buf, sizeof buf, MSG_TRUNC, reinterpret_cast<sockaddr *>(&from), &len);
            // Each packet on lo is seen twice (outgoing and incoming): the outgoing copy is enough.
            if (n < 34 || from.sll_pkttype != PACKET_OUTGOING)
                continue;
            const unsigned char *ip = buf + 14; // lo frames carry an Ethernet header
            const int etherType = (buf[12] << 8) | buf[13];
            size_t ihl = 0;
            int total = 0, proto = 0, tos = 0;
            if (etherType == ETH_P_IP && (ip[0] >> 4) == 4) {
                ihl = (ip[0] & 0x0f) * 4u;
                total = (ip[2] << 8) | ip[3];
                proto = ip[9];
                tos = ip[1];
            } else if (etherType == ETH_P_IPV6 && (ip[0] >> 4) == 6 && n >= 14 + 40) {
                // The traffic class straddles the first two bytes; the
                // payload length leaves the 40-byte header out.
                ihl = 40;
                total = 40 + ((ip[4] << 8) | ip[5]);
                proto = ip[6];
                tos = ((ip[0] & 0x0f) << 4) | (ip[1] >> 4);
            } else {
                continue;
            }
            if ((proto != IPPROTO_TCP && proto != IPPROTO_UDP)
                || static_cast<size_t>(n) < 14 + ihl + (proto == IPPROTO_TCP ? 20 : 8))
                continue;
            const unsigned char *l4 = ip + ihl;
            const int sport = (l4[0] << 8) | l4[1];
            const int dport = (l4[2] << 8) | l4[3];
            const size_t l4len = proto == IPPROTO_TCP ? (l4[12] >> 4) * 4u : 8u;
            if (static_cast<size_t>(total) <= ihl + l4len)
                continue; // no payload: handshakes and bare ACKs are not data packets
            std::lock_guard lock(m_mutex);
            if ((dport == m_port || sport == m_port) && m_packets.size() < 5000)
                m_packets.append({proto, dport == m_port ? sport : dport, dport == m_port, tos, etherType == ETH_P_IPV6});
        }
    }

    int m_fd = -1;
    int m_port = 0;
    std::atomic<bool> m_quit{false};
    std::thread m_thread;
    mutable std::mutex m_mutex;
    QList<CapturedPacket> m_packets;
};

} // namespace

class TstAgentTcp : public QObject
{
    Q_OBJECT

private slots:
    void tcpCrr();
    void tcpCrrCountLimit();
    void tcpCrrSilentAndForeignClients();
    void tcpCrrOverIpv6();
    void tcpCrrFromTheNamedNic();
    void unknownCongestionControlIsRefused_data();
    void unknownCongestionControlIsRefused();
    void knobsAreApplied_data();
    void knobsAreApplied();
    void tosOnTheWire_data();
    void tosOnTheWire();
};

void TstAgentTcp::tcpCrr()
{
    const auto r = runPair(u"tcp_crr"_s, {{u"duration_s"_s, 1.0}, {u"request_size_bytes"_s, 100},
                                          {u"response_size_bytes"_s, 200}, {u"interval_s"_s, 0.25}});
    QVERIFY2(r.client.value(u"type"_s).toString() == u"result"_s, qPrintable(describe(r.client)));
    QVERIFY2(r.server.value(u"type"_s).toString() == u"result"_s, qPrintable(describe(r.server)));
    const QJsonObject rec = r.clientRecord();
    QCOMPARE(rec.value(u"kind"_s).toString(), u"tcp_crr"_s);
    QVERIFY(recordMetric(rec, u"connections_per_s"_s, u"client"_s) > 100);
    QVERIFY(recordMetric(rec, u"connections_per_s"_s, u"server"_s) > 100);
    const double mn = recordMetric(rec, u"latency_us_min"_s, u"client"_s);
    const double p50 = recordMetric(rec, u"latency_us_p50"_s, u"client"_s);
    const double p90 = recordMetric(rec, u"latency_us_p90"_s, u"client"_s);
    const double p99 = recordMetric(rec, u"latency_us_p99"_s, u"client"_s);
    const double mx = recordMetric(rec, u"latency_us_max"_s, u"client"_s);
    const double mean = recordMetric(rec, u"latency_us_mean"_s, u"client"_s);
    QVERIFY2(mn > 0 && mn <= p50 && p50 <= p90 && p90 <= p99 && p99 <= mx,
             qPrintable(u"min %1 p50 %2 p90 %3 p99 %4 max %5"_s.arg(mn).arg(p50).arg(p90).arg(p99).arg(mx)));
    QVERIFY(mean >= mn && mean <= mx);
    QVERIFY(recordMetric(rec, u"service_demand_us_per_tr"_s, u"client"_s) > 0);
    // Every connection the client completed was answered by the server, once.
    const qint64 clientCount = extraOf(rec).value(u"transactions"_s).toInteger();
    const QJsonObject serverExtra = extraOf(r.serverRecord());
    QVERIFY(clientCount > 100);
    QCOMPARE(extraOf(rec).value(u"server_transactions"_s).toInteger(), clientCount);
    QCOMPARE(serverExtra.value(u"transactions"_s).toInteger(), clientCount);
    QCOMPARE(serverExtra.value(u"client_transactions"_s).toInteger(), clientCount);
    QCOMPARE(serverExtra.value(u"accepted_connections"_s).toInteger(), clientCount);
    QCOMPARE(serverExtra.value(u"foreign_connections"_s).toInteger(), 0);
    // The rate is sampled live under its own name.
    bool sampled = false;
    for (const QJsonObject &s : r.clientSamples)
        sampled = sampled || s.value(u"metrics"_s).toObject().contains(u"connections_per_s"_s);
    QVERIFY(sampled);
    // The listener was the test's: it is closed now.
    const int port = r.serverListening.value(u"port"_s).toInt();
    const int late = connectLoopbackTcp(port);
    if (late >= 0)
        ::close(late);
    QVERIFY2(late < 0, "the serving agent still listens after its tcp_crr test");
}

void TstAgentTcp::tcpCrrCountLimit()
{
    const auto r = runPair(u"tcp_crr"_s, {{u"duration_s"_s, 20}, {u"transactions"_s, 300}});
    QVERIFY2(r.client.value(u"type"_s).toString() == u"result"_s, qPrintable(describe(r.client)));
    QCOMPARE(extraOf(r.clientRecord()).value(u"transactions"_s).toInteger(), 300);
    QCOMPARE(extraOf(r.serverRecord()).value(u"transactions"_s).toInteger(), 300);
}

// A peer that connects to the test's listener and says nothing holds one
// slot for connection_timeout_ms, not the test; one whose request lacks
// the test's key is closed unanswered. The test goes on and its counts stay
// exact.
void TstAgentTcp::tcpCrrSilentAndForeignClients()
{
    AgentProcess server, client;
    QVERIFY(server.start() && client.start());
    const QString token = AgentProcess::newToken();
    const QJsonObject params{{u"duration_s"_s, 2.5}, {u"request_size_bytes"_s, 16}, {u"connection_timeout_ms"_s, 300}};
    server.send(serveRequest(10, u"tcp_crr"_s, token, params));
    const QJsonObject l = server.waitFor(10, 5000);
    QCOMPARE(l.value(u"type"_s).toString(), u"listening"_s);
    const int port = l.value(u"port"_s).toInt();
    client.send(runRequest(20, u"tcp_crr"_s, token, port, params));
    // Wait until the test is running (the first interval sample).
    QElapsedTimer t;
    t.start();
    QJsonObject sample;
    while (sample.value(u"type"_s).toString() != u"sample"_s && t.elapsed() < 5000)
        sample = client.waitFor(20, 5000);
    QCOMPARE(sample.value(u"type"_s).toString(), u"sample"_s);
    const int silent = connectLoopbackTcp(port);
    QVERIFY(silent >= 0);
    const int foreign = connectLoopbackTcp(port);
    QVERIFY(foreign >= 0);
    QCOMPARE(::send(foreign, "0123456789abcdef", 16, MSG_NOSIGNAL), ssize_t(16));
    QByteArray answer;
    const qint64 foreignClosed = msUntilClosed(foreign, 2000, &answer);
    const qint64 silentClosed = msUntilClosed(silent, 3000);
    ::close(silent);
    ::close(foreign);
    QVERIFY2(foreignClosed >= 0 && answer.isEmpty(), "a request without the key was answered or kept open");
    // 300 ms of timeout, measured after the foreign one closed: well under the test's 2.5 s.
    QVERIFY2(silentClosed >= 0 && silentClosed < 1500, qPrintable(u"silent peer closed after %1 ms"_s.arg(silentClosed)));
    const QJsonObject fin = client.waitFinal(20, 15000);
    QVERIFY2(fin.value(u"type"_s).toString() == u"result"_s, qPrintable(describe(fin)));
    const QJsonObject sfin = server.waitFinal(10, 5000);
    QCOMPARE(sfin.value(u"type"_s).toString(), u"result"_s);
    const QJsonObject sx = extraOf(sfin.value(u"record"_s).toObject());
    QVERIFY2(sx.value(u"timed_out_connections"_s).toInteger() >= 1, qPrintable(describe(sx)));
    QCOMPARE(sx.value(u"foreign_connections"_s).toInteger(), 1);
    const qint64 n = extraOf(fin.value(u"record"_s).toObject()).value(u"transactions"_s).toInteger();
    QVERIFY(n > 0);
    QCOMPARE(sx.value(u"transactions"_s).toInteger(), n);
    QCOMPARE(sx.value(u"accepted_connections"_s).toInteger(), n + 2);
}

// The connections go to the serving end's address of the run request's
// family; its knobs set IPV6_TCLASS there.
void TstAgentTcp::tcpCrrOverIpv6()
{
    AgentProcess server, client;
    QVERIFY(server.start() && client.start());
    const QString token = AgentProcess::newToken();
    const QJsonObject params{{u"duration_s"_s, 0.3}, {u"tos"_s, 0x20}};
    QJsonObject serve = serveRequest(10, u"tcp_crr"_s, token, params);
    serve.insert(u"bind"_s, u"::1"_s);
    server.send(serve);
    const QJsonObject l = server.waitFor(10, 5000);
    if (l.value(u"code"_s).toString() == u"bind_failed"_s)
        QSKIP("no IPv6 loopback here");
    QJsonObject run = runRequest(20, u"tcp_crr"_s, token, l.value(u"port"_s).toInt(), params);
    run.insert(u"to"_s, u"::1"_s);
    client.send(run);
    const QJsonObject fin = client.waitFinal(20, 15000);
    QVERIFY2(fin.value(u"type"_s).toString() == u"result"_s, qPrintable(describe(fin)));
    const QJsonObject rec = fin.value(u"record"_s).toObject();
    QVERIFY(recordMetric(rec, u"connections_per_s"_s, u"client"_s) > 0);
    QVERIFY(recordMetric(rec, u"connections_per_s"_s, u"server"_s) > 0);
    QCOMPARE(extraOf(rec).value(u"socket_options"_s).toObject().value(u"tos"_s).toInt() & 0xfc, 0x20);
    QCOMPARE(extraOf(rec).value(u"server_socket_options"_s).toObject().value(u"tos"_s).toInt() & 0xfc, 0x20);
    QCOMPARE(server.waitFinal(10, 5000).value(u"type"_s).toString(), u"result"_s);
}

// A run request that names the NIC (and binds to it) opens every
// connection from that NIC's address on that device.
void TstAgentTcp::tcpCrrFromTheNamedNic()
{
    AgentProcess server, client;
    QVERIFY(server.start() && client.start());
    const QString token = AgentProcess::newToken();
    const QJsonObject params{{u"duration_s"_s, 0.3}, {u"interface"_s, u"lo"_s}};
    server.send(serveRequest(10, u"tcp_crr"_s, token, params));
    const QJsonObject l = server.waitFor(10, 5000);
    QCOMPARE(l.value(u"type"_s).toString(), u"listening"_s);
    QJsonObject run = runRequest(20, u"tcp_crr"_s, token, l.value(u"port"_s).toInt(), params);
    run.insert(u"bind"_s, u"127.0.0.1"_s);
    run.insert(u"bind_device"_s, true);
    client.send(run);
    const QJsonObject fin = client.waitFinal(20, 15000);
    if (fin.value(u"code"_s).toString() == u"bind_failed"_s)
        QSKIP(qPrintable(u"SO_BINDTODEVICE refused here: "_s + fin.value(u"message"_s).toString()));
    QVERIFY2(fin.value(u"type"_s).toString() == u"result"_s, qPrintable(describe(fin)));
    const QJsonObject rec = fin.value(u"record"_s).toObject();
    QCOMPARE(extraOf(rec).value(u"bound_address"_s).toString(), u"127.0.0.1"_s);
    QCOMPARE(extraOf(rec).value(u"bound_device"_s).toString(), u"lo"_s);
    QVERIFY(extraOf(rec).value(u"transactions"_s).toInteger() > 0);
    QCOMPARE(extraOf(server.waitFinal(10, 5000).value(u"record"_s).toObject()).value(u"transactions"_s).toInteger(),
             extraOf(rec).value(u"transactions"_s).toInteger());
}

void TstAgentTcp::unknownCongestionControlIsRefused_data()
{
    QTest::addColumn<QString>("type");
    QTest::addColumn<QString>("kind");
    QTest::newRow("run tcp_stream") << u"run"_s << u"tcp_stream"_s;
    QTest::newRow("serve tcp_rr") << u"serve"_s << u"tcp_rr"_s;
    QTest::newRow("run tcp_crr") << u"run"_s << u"tcp_crr"_s;
}

void TstAgentTcp::unknownCongestionControlIsRefused()
{
    QFETCH(QString, type);
    QFETCH(QString, kind);
    const QStringList available = availableCongestionControls();
    if (available.isEmpty())
        QSKIP("this host has no /proc/sys/net/ipv4/tcp_available_congestion_control");
    AgentProcess agent;
    QVERIFY(agent.start());
    const QJsonObject params{{u"congestion_control"_s, u"no_such_cc"_s}};
    const QString token = AgentProcess::newToken();
    agent.send(type == u"run"_s ? runRequest(5, kind, token, 9, params) : serveRequest(5, kind, token, params));
    const QJsonObject reply = agent.waitFor(5, 5000);
    QCOMPARE(reply.value(u"type"_s).toString(), u"error"_s);
    QCOMPARE(reply.value(u"code"_s).toString(), u"invalid_message"_s);
    const QString message = reply.value(u"message"_s).toString();
    QVERIFY2(message.contains(u"params.congestion_control"_s) && message.contains(u"no_such_cc"_s), qPrintable(message));
    for (const QString &name : available)
        QVERIFY2(message.contains(name), qPrintable(message + u" lacks "_s + name));
}

void TstAgentTcp::knobsAreApplied_data()
{
    QTest::addColumn<QString>("kind");
    QTest::newRow("tcp_stream") << u"tcp_stream"_s;
    QTest::newRow("tcp_rr") << u"tcp_rr"_s;
    QTest::newRow("tcp_crr") << u"tcp_crr"_s;
}

// reno is built into every kernel; the host's default is another one here
// (cubic or bbr), so the record shows which was applied.
void TstAgentTcp::knobsAreApplied()
{
    QFETCH(QString, kind);
    if (!availableCongestionControls().contains(u"reno"_s))
        QSKIP("reno is not among this host's congestion controls");
    // tcp_rr runs with TCP_NODELAY unless told otherwise; the others without.
    const bool nodelay = kind != u"tcp_rr"_s;
    QJsonObject params{{u"duration_s"_s, 0.5}, {u"congestion_control"_s, u"reno"_s}, {u"mss_bytes"_s, 1000},
                       {u"nodelay"_s, nodelay}, {u"tos"_s, 0x28}};
    if (kind != u"tcp_stream"_s) {
        params.insert(u"request_size_bytes"_s, 4000); // more than one segment of 1000
        params.insert(u"response_size_bytes"_s, 4000);
    }
    const auto r = runPair(kind, params);
    QVERIFY2(r.client.value(u"type"_s).toString() == u"result"_s, qPrintable(describe(r.client)));
    const QJsonObject x = extraOf(r.clientRecord());
    for (const QString &end : {u"socket_options"_s, u"server_socket_options"_s}) {
        const QJsonObject o = x.value(end).toObject();
        const QString where = kind + u" "_s + end + u": "_s + QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact));
        QVERIFY2(o.value(u"congestion_control"_s).toString() == u"reno"_s, qPrintable(where));
        // The segment size in use: at most the 1000 asked for (less the
        // timestamp option), where lo would otherwise give about 65 000.
        const int mss = o.value(u"mss_bytes"_s).toInt();
        QVERIFY2(mss > 500 && mss <= 1000, qPrintable(where));
        QVERIFY2(o.value(u"nodelay"_s).toBool() == nodelay, qPrintable(where));
        QVERIFY2((o.value(u"tos"_s).toInt() & 0xfc) == 0x28, qPrintable(where));
    }
}

void TstAgentTcp::tosOnTheWire_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QJsonObject>("extraParams");
    QTest::addColumn<bool>("answered"); // the server sends data back
    QTest::addColumn<QString>("address"); // where the server listens: over IPv6, tos is IPV6_TCLASS
    const struct
    {
        const char *kind;
        QJsonObject params;
        bool answered;
        const char *tag = "";
    } kinds[] = {{"tcp_rr", {}, true},
                 {"tcp_crr", {}, true},
                 {"tcp_stream", {}, false},
                 // Several flows, or another direction: every data connection is marked.
                 {"tcp_stream", {{u"streams"_s, 2}}, false, " 2 streams"},
                 {"tcp_stream", {{u"direction"_s, u"reverse"_s}}, true, " reverse"},
                 {"file_transfer", {{u"file_size_bytes"_s, 1 << 20}, {u"direction"_s, u"reverse"_s}}, true, " reverse"},
                 {"rrul", {{u"idle_s"_s, 0.2}, {u"streams"_s, 1}, {u"probe_interval_ms"_s, 50}}, true},
                 {"file_transfer", {{u"file_size_bytes"_s, 1 << 20}}, false},
                 {"udp_rr", {}, true},
                 {"udp_stream", {{u"rate_pps"_s, 2000}}, false},
                 {"packet_rate", {{u"rate_pps"_s, 2000}}, false}};
    for (const QString address : {u"127.0.0.1"_s, u"::1"_s})
        for (const auto &k : kinds)
            QTest::addRow("%s%s %s", k.kind, k.tag, address == u"::1"_s ? "IPv6" : "IPv4")
                << QString::fromLatin1(k.kind) << k.params << k.answered << address;
}

// The DSCP EF code point (46 << 2 = 0xb8) in the IP header of the data
// packets both ways; the ECN bits are the kernel's.
void TstAgentTcp::tosOnTheWire()
{
    QFETCH(QString, kind);
    QFETCH(QJsonObject, extraParams);
    QFETCH(bool, answered);
    QFETCH(QString, address);
    if (qEnvironmentVariableIsSet("WB_ROOT_ONLY_APART"))
        QSKIP("runs as its own CTest entry, tst_agenttcp_root");
    if (::geteuid() != 0)
        QSKIP("an AF_PACKET capture on lo needs root");
    const bool udp = kind.startsWith(u"udp"_s) || kind == u"packet_rate"_s;
    const int tos = 0xb8;
    AgentProcess server, client;
    QVERIFY(server.start() && client.start());
    const QString token = AgentProcess::newToken();
    QJsonObject params{{u"duration_s"_s, 0.5}, {u"tos"_s, tos}};
    for (auto it = extraParams.begin(); it != extraParams.end(); ++it)
        params.insert(it.key(), it.value());
    QJsonObject serve = serveRequest(10, kind, token, params);
    serve.insert(u"bind"_s, address);
    server.send(serve);
    const QJsonObject l = server.waitFor(10, 5000);
    if (address == u"::1"_s && l.value(u"code"_s).toString() == u"bind_failed"_s)
        QSKIP("no IPv6 loopback here");
    QCOMPARE(l.value(u"type"_s).toString(), u"listening"_s);
    const int port = l.value(u"port"_s).toInt();
    const int dataPort = udp ? l.value(u"udp_port"_s).toInt() : port;
    LoopbackCapture capture;
    QString why;
    if (!capture.start(dataPort, &why))
        QSKIP(qPrintable(why));
    QJsonObject run = runRequest(20, kind, token, port, params);
    run.insert(u"to"_s, address);
    client.send(run);
    const QJsonObject fin = client.waitFinal(20, 15000);
    capture.stop();
    QVERIFY2(fin.value(u"type"_s).toString() == u"result"_s, qPrintable(describe(fin)));
    // The data packets: UDP ones for the UDP kinds; for tcp_crr and rrul
    // those of their own connections, not of the control connection (the
    // first to reach the port), which has no knobs.
    QList<CapturedPacket> data;
    int controlPort = -1;
    for (const CapturedPacket &c : capture.packets()) {
        if ((kind == u"tcp_crr"_s || kind == u"rrul"_s) && controlPort < 0 && c.toPort)
            controlPort = c.otherPort;
        if (c.proto != (udp ? IPPROTO_UDP : IPPROTO_TCP) || c.otherPort == controlPort)
            continue;
        data.append(c);
    }
    int to = 0, from = 0;
    for (const CapturedPacket &c : data) {
        QCOMPARE(c.tos & 0xfc, tos);
        QCOMPARE(c.ipv6, address == u"::1"_s);
        (c.toPort ? to : from) += 1;
    }
    QVERIFY2(to > 0, "no data packet to the server was captured");
    if (answered) // the server set it on its end too
        QVERIFY2(from > 0, "no data packet from the server was captured");
    QCOMPARE(extraOf(fin.value(u"record"_s).toObject()).value(u"socket_options"_s).toObject().value(u"tos"_s).toInt()
                 & 0xfc,
             tos);
}

QTEST_GUILESS_MAIN(TstAgentTcp)
#include "tst_agenttcp.moc"
