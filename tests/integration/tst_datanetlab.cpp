// SPDX-License-Identifier: GPL-3.0-or-later
// A host is defined once, in the inventory, and test traffic goes where the
// plan says. bridged_lab.sh builds two hosts (namespaces) that each have a
// management NIC on a management bridge (sshd listens there only) and a data
// NIC on a separate data bridge. The inventory names the hosts with their
// management SSH address and data NICs; the plans name only inventory hosts
// and NICs. `wirebench-cli run` reaches the agents over management and the
// tests over data: the data veths' byte counters carry at least the bytes
// the test moved, the management veths far less (SSH and the agent protocol
// only). Also over IPv6, and with a data port range: the listener's port is
// inside it, and a range whose ports are all busy is a clear error.

#include "result/condition.h"
#include "store/resultstore.h"
#include "store/runfilter.h"
#include "store/runstore.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QTemporaryDir>
#include <QTest>

#include <unistd.h>

using namespace Qt::StringLiterals;

namespace {
const QString kCli = QStringLiteral(WB_BIN_DIR "/wirebench-cli");
const QString kLab = QStringLiteral(WB_SOURCE_DIR "/tests/integration/bridged_lab.sh");
constexpr int kPortMin = 5301;
constexpr int kPortMax = 5303;
// The second data switch forwards to h2 at most this fast (tc tbf).
const QString kSlowSwitchRate = QStringLiteral("40mbit");

struct Counters
{
    qint64 rx = 0;
    qint64 tx = 0;
};

struct Outcome
{
    int exitCode = -1;
    QString out;
    QString err;
};
} // namespace

class TstDataNetLab : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void cleanupTestCase();
    void testTrafficUsesTheDataNics_data();
    void testTrafficUsesTheDataNics();
    void listenerKeepsToThePortRange();
    void busyPortRangeIsAClearError();
    void unknownHostNamesItsPath();
    void everyKindOverIpv6_data();
    void everyKindOverIpv6();
    void jumboFramesNeedTheMtu();
    void fragmentedDatagramsAreAWarning();
    void nicDropsAreARunWarning();
    void abExperimentFindsTheSlowerSwitch();

private:
    QString ns(int host) const { return m_namespaces.value(host - 1); }
    // The NIC's rx_/tx_ counters of that unit ("bytes", "packets").
    Counters counters(int host, const QString &nic, const QString &unit = QStringLiteral("bytes"));
    bool setDataMtu(int mtu);
    Outcome runPlan(const QString &db, const QString &plan, int timeoutMs = 120000);
    Outcome cli(const QStringList &args, int timeoutMs = 120000);
    QString writePlan(const QString &name, const QByteArray &tests, const QByteArray &hosts = {});
    QList<wb::StoredRun> runs(const QString &db);
    QTemporaryDir m_dir;
    QString m_lab;
    QString m_db;
    QStringList m_namespaces;
    bool m_up = false;
    int m_case = 0;
};

void TstDataNetLab::initTestCase()
{
    if (::geteuid() != 0)
        QSKIP("network namespaces need root");
    m_lab = m_dir.filePath(u"lab"_s);
    QProcess p;
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.start(u"bash"_s, {kLab, u"start"_s, m_lab, u"2"_s, kSlowSwitchRate});
    QVERIFY(p.waitForFinished(60000));
    QVERIFY2(p.exitCode() == 0, p.readAll().constData());
    m_up = true;
    QFile f(m_lab + u"/namespaces"_s);
    QVERIFY(f.open(QIODevice::ReadOnly));
    m_namespaces = QString::fromUtf8(f.readAll()).split(u'\n', Qt::SkipEmptyParts);
    QCOMPARE(m_namespaces.size(), 4); // two hosts, two data switches

    // The inventory: SSH to the management address, tests to the data NIC;
    // h2's listeners keep to a port range (a lab firewall's).
    const QString key = m_lab + u"/client_ed25519"_s;
    auto host = [&](int i) {
        QJsonObject h{{u"name"_s, u"h%1"_s.arg(i)},
                      {u"address"_s, u"198.51.100.%1"_s.arg(10 + i)},
                      {u"ssh_address"_s, u"198.51.100.%1"_s.arg(130 + i)},
                      {u"ssh_user"_s, u"root"_s},
                      {u"ssh_key_path"_s, key},
                      {u"nics"_s, QJsonArray{QJsonObject{{u"interface"_s, u"data0"_s}},
                                             QJsonObject{{u"interface"_s, u"data1"_s}},
                                             QJsonObject{{u"interface"_s, u"mgmt0"_s}}}}};
        if (i == 2) {
            h.insert(u"data_port_min"_s, kPortMin);
            h.insert(u"data_port_max"_s, kPortMax);
        }
        return h;
    };
    // Two data switches, each host wired to both: data0 to sw-a, data1 to
    // sw-b (the one the lab shapes slower), with a cable each.
    QJsonArray cables, links;
    for (int i = 1; i <= 2; ++i)
        for (const auto &[nic, sw] : {std::pair{u"data0"_s, u"sw-a"_s}, std::pair{u"data1"_s, u"sw-b"_s}}) {
            const QString cable = u"%1-h%2"_s.arg(sw).arg(i);
            cables.append(QJsonObject{{u"label"_s, cable}, {u"category"_s, u"cat6"_s}, {u"length_m"_s, 2}});
            links.append(QJsonObject{{u"nic"_s, u"h%1/%2"_s.arg(i).arg(nic)}, {u"cable"_s, cable}, {u"switch"_s, sw}, {u"port"_s, i}});
        }
    const QJsonArray switches{QJsonObject{{u"name"_s, u"sw-a"_s}, {u"ports"_s, 8}},
                              QJsonObject{{u"name"_s, u"sw-b"_s}, {u"ports"_s, 8}}};
    const QJsonObject lab{{u"format"_s, u"wirebench-lab"_s}, {u"version"_s, 1}, {u"hosts"_s, QJsonArray{host(1), host(2)}},
                          {u"switches"_s, switches}, {u"cables"_s, cables}, {u"links"_s, links}};
    const QString labPath = m_dir.filePath(u"lab.json"_s);
    QFile lf(labPath);
    QVERIFY(lf.open(QIODevice::WriteOnly));
    lf.write(QJsonDocument(lab).toJson());
    lf.close();
    m_db = m_dir.filePath(u"results.sqlite"_s);
    const Outcome imported = cli({u"--db"_s, m_db, u"inventory"_s, u"import"_s, labPath});
    QVERIFY2(imported.exitCode == 0, qPrintable(imported.out + imported.err));
    // Deploy the agents (over management) before anything is counted: the
    // upload is megabytes, the conversation with a deployed agent is not.
    const Outcome checked = cli({u"hosts"_s, u"check"_s, u"--user"_s, u"root"_s, u"--identity"_s, key,
                                 u"--known-hosts"_s, m_dir.filePath(u"known_hosts"_s), u"--accept-new-host-keys"_s,
                                 u"198.51.100.131"_s, u"198.51.100.132"_s});
    QVERIFY2(checked.exitCode == 0, qPrintable(checked.out + checked.err));
}

void TstDataNetLab::cleanupTestCase()
{
    if (!m_up)
        return;
    QProcess p;
    p.start(u"bash"_s, {kLab, u"stop"_s, m_lab});
    p.waitForFinished(30000);
}

Counters TstDataNetLab::counters(int host, const QString &nic, const QString &unit)
{
    QProcess p;
    p.start(u"ip"_s, {u"netns"_s, u"exec"_s, ns(host), u"cat"_s, u"/sys/class/net/%1/statistics/rx_%2"_s.arg(nic, unit),
                      u"/sys/class/net/%1/statistics/tx_%2"_s.arg(nic, unit)});
    p.waitForFinished(5000);
    const QList<QByteArray> lines = p.readAllStandardOutput().trimmed().split('\n');
    if (lines.size() != 2)
        return {-1, -1};
    return {lines[0].toLongLong(), lines[1].toLongLong()};
}

// Both hosts' data0 and their ports on the data switch (its bridge follows).
bool TstDataNetLab::setDataMtu(int mtu)
{
    const QString sw = m_namespaces.value(2);
    for (int host : {1, 2})
        for (const auto &[where, dev] : {std::pair{sw, u"p%1"_s.arg(host)}, std::pair{ns(host), u"data0"_s}})
            if (QProcess::execute(u"ip"_s, {u"-n"_s, where, u"link"_s, u"set"_s, dev, u"mtu"_s, QString::number(mtu)})
                != 0)
                return false;
    return true;
}

Outcome TstDataNetLab::runPlan(const QString &db, const QString &plan, int timeoutMs)
{
    return cli({u"--db"_s, db, u"run"_s, plan, u"--accept-new-host-keys"_s, u"--known-hosts"_s,
                m_dir.filePath(u"known_hosts"_s)},
               timeoutMs);
}

Outcome TstDataNetLab::cli(const QStringList &args, int timeoutMs)
{
    QProcess p;
    p.start(kCli, args);
    Outcome o;
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished(5000);
        o.err = u"timed out"_s;
        return o;
    }
    o.exitCode = p.exitCode();
    o.out = QString::fromUtf8(p.readAllStandardOutput());
    o.err += QString::fromUtf8(p.readAllStandardError());
    return o;
}

QString TstDataNetLab::writePlan(const QString &name, const QByteArray &tests, const QByteArray &hosts)
{
    const QString path = m_dir.filePath(name + u".json"_s);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        qFatal("cannot write the plan");
    // No "hosts" unless asked: the plan names inventory hosts and NICs only.
    f.write("{\"name\":\"" + name.toUtf8() + "\"," + (hosts.isEmpty() ? QByteArray() : "\"hosts\":" + hosts + ",")
            + "\"tests\":[" + tests + "]}");
    return path;
}

QList<wb::StoredRun> TstDataNetLab::runs(const QString &db)
{
    QList<wb::StoredRun> out;
    auto store = wb::ResultStore::open(db);
    if (!store)
        return out;
    wb::RunFilter f;
    f.newestFirst = false;
    f.withMetrics = true;
    auto listed = (*store)->runs().listRuns(f);
    if (!listed)
        return out;
    for (const wb::StoredRun &r : *listed)
        if (auto full = (*store)->runs().run(r.id, true))
            out.append(*full);
    return out;
}

void TstDataNetLab::testTrafficUsesTheDataNics_data()
{
    QTest::addColumn<QByteArray>("test");
    QTest::addColumn<QString>("serverAddress");
    QTest::addColumn<bool>("reverse"); // the server sends
    QTest::newRow("tcp_stream IPv4")
        << QByteArray(R"({"name":"v4","kind":"tcp_stream","client":{"host":"h1","nic":"data0"},
                         "server":{"host":"h2","nic":"data0"},"duration_s":2})")
        << u"198.51.100.12"_s << false;
    QTest::newRow("tcp_stream IPv6")
        << QByteArray(R"({"name":"v6","kind":"tcp_stream","ip_version":6,"client":{"host":"h1","nic":"data0"},
                         "server":{"host":"h2","nic":"data0"},"duration_s":2})")
        << u"2001:db8:d::12"_s << false;
    QTest::newRow("udp_stream IPv6, bound to the device")
        << QByteArray(R"({"name":"v6dev","kind":"udp_stream","ip_version":6,
                         "client":{"host":"h1","nic":"data0","bind_device":true},
                         "server":{"host":"h2","nic":"data0","bind_device":true},"duration_s":2,
                         "params":{"message_size_bytes":1400}})")
        << u"2001:db8:d::12"_s << false;
    // Reverse: h1 still runs the test, h2 sends; the data NICs' counters say so.
    QTest::newRow("tcp_stream reverse, 2 streams")
        << QByteArray(R"({"name":"rev","kind":"tcp_stream","client":{"host":"h1","nic":"data0"},
                         "server":{"host":"h2","nic":"data0"},"duration_s":2,
                         "params":{"direction":"reverse","streams":2}})")
        << u"198.51.100.12"_s << true;
    QTest::newRow("udp_stream reverse, bound to the device")
        << QByteArray(R"({"name":"revudp","kind":"udp_stream",
                         "client":{"host":"h1","nic":"data0","bind_device":true},
                         "server":{"host":"h2","nic":"data0","bind_device":true},"duration_s":2,
                         "params":{"direction":"reverse","message_size_bytes":1400,"rate_pps":20000}})")
        << u"198.51.100.12"_s << true;
}

void TstDataNetLab::testTrafficUsesTheDataNics()
{
    QFETCH(QByteArray, test);
    QFETCH(QString, serverAddress);
    QFETCH(bool, reverse);
    const QString name = u"data%1"_s.arg(++m_case);
    const QString plan = writePlan(name, test);
    const QString db = m_dir.filePath(name + u".sqlite"_s);
    // Same inventory in this case's own database.
    QVERIFY(QFile::copy(m_db, db));

    const Counters d1 = counters(1, u"data0"_s), d2 = counters(2, u"data0"_s);
    const Counters m1 = counters(1, u"mgmt0"_s), m2 = counters(2, u"mgmt0"_s);
    QVERIFY(d1.rx >= 0 && m1.rx >= 0 && d2.rx >= 0 && m2.rx >= 0);
    const Outcome run = cli({u"--db"_s, db, u"run"_s, plan, u"--accept-new-host-keys"_s, u"--known-hosts"_s,
                             m_dir.filePath(u"known_hosts"_s)});
    QVERIFY2(run.exitCode == 0, qPrintable(run.out + run.err));
    const Counters d1a = counters(1, u"data0"_s), d2a = counters(2, u"data0"_s);
    const Counters m1a = counters(1, u"mgmt0"_s), m2a = counters(2, u"mgmt0"_s);

    const QList<wb::StoredRun> stored = runs(db);
    QCOMPARE(stored.size(), 1);
    const wb::ResultRecord &r = stored.first().record;
    // The payload the test moved, as the receiving end counted it.
    const QString receiver = reverse ? u"client"_s : u"server"_s;
    double bytes = r.metric(u"bytes"_s, receiver).value_or(0);
    if (bytes <= 0)
        bytes = r.metric(u"throughput_bps"_s, receiver).value_or(0) / 8 * 2;
    QVERIFY2(bytes > 1e6, qPrintable(u"only %1 bytes moved"_s.arg(bytes)));
    // Each end bound its data NIC's address of the family asked for.
    const QJsonObject server = r.extra.value(u"server"_s).toObject();
    QCOMPARE(server.value(u"bound_address"_s).toString(), serverAddress);
    QCOMPARE(r.extra.value(u"bound_address"_s).toString(), QString(serverAddress).replace(u"12"_s, u"11"_s));

    // Forward: out of h1's data NIC into h2's; reverse: the other way, and
    // only acknowledgements (or nothing, UDP) from h1.
    const qint64 dataOut = reverse ? d2a.tx - d2.tx : d1a.tx - d1.tx;
    const qint64 dataIn = reverse ? d1a.rx - d1.rx : d2a.rx - d2.rx;
    const qint64 dataBack = reverse ? d1a.tx - d1.tx : d2a.tx - d2.tx;
    const qint64 mgmt = (m1a.rx - m1.rx) + (m1a.tx - m1.tx) + (m2a.rx - m2.rx) + (m2a.tx - m2.tx);
    const QString figures = u"bytes %1, %2 data0 tx %3, %4 data0 rx %5, back %6, mgmt0 both ways on both hosts %7"_s
                                .arg(qint64(bytes))
                                .arg(reverse ? u"h2"_s : u"h1"_s)
                                .arg(dataOut)
                                .arg(reverse ? u"h1"_s : u"h2"_s)
                                .arg(dataIn)
                                .arg(dataBack)
                                .arg(mgmt);
    qInfo("%s", qPrintable(figures));
    QVERIFY2(double(dataOut) >= bytes && double(dataIn) >= bytes, qPrintable(figures));
    if (reverse)
        QVERIFY2(double(dataBack) < bytes / 10, qPrintable(figures));
    // SSH and the agent protocol only (the agents are deployed already):
    // tens of kilobytes, far below the test's bytes.
    QVERIFY2(double(mgmt) < bytes / 100 && mgmt < 2 * 1024 * 1024, qPrintable(figures));
}

void TstDataNetLab::listenerKeepsToThePortRange()
{
    // Two of the three ports are taken on h2's data address: the listener
    // takes the third. The plan also overrides h1's inventory entry (its
    // user, the same value written again) and the CLI says so.
    QProcess holder;
    holder.start(u"ip"_s, {u"netns"_s, u"exec"_s, ns(2), u"python3"_s, u"-c"_s,
                           u"import socket,time\n"
                           "ss=[]\n"
                           "for p in (%1,%2):\n"
                           " s=socket.socket(); s.setsockopt(socket.SOL_SOCKET,socket.SO_REUSEADDR,1)\n"
                           " s.bind(('198.51.100.12',p)); s.listen(); ss.append(s)\n"
                           "print('held',flush=True)\n"
                           "time.sleep(60)\n"_s.arg(kPortMin).arg(kPortMin + 1)});
    QVERIFY(holder.waitForStarted());
    QVERIFY(holder.waitForReadyRead(10000));
    const QString db = m_dir.filePath(u"range.sqlite"_s);
    QVERIFY(QFile::copy(m_db, db));
    const QString plan = writePlan(u"range"_s, R"({"name":"rr","kind":"tcp_rr","client":{"host":"h1","nic":"data0"},
        "server":{"host":"h2","nic":"data0"},"duration_s":1})", R"({"h1":{"user":"root","address":"198.51.100.11","ssh_address":"198.51.100.131","identity_file":")"
        + (m_lab + u"/client_ed25519"_s).toUtf8() + R"(","agent_path":""}})");
    const Outcome run = cli({u"--db"_s, db, u"run"_s, plan, u"--accept-new-host-keys"_s, u"--known-hosts"_s,
                             m_dir.filePath(u"known_hosts"_s)});
    holder.kill();
    holder.waitForFinished(5000);
    QVERIFY2(run.exitCode == 0, qPrintable(run.out + run.err));
    // The entry repeats the inventory's values: no note. An entry that
    // differs is said to override (the busy-range case below).
    QVERIFY2(!run.err.contains(u"overrides"_s), qPrintable(run.err));
    const QList<wb::StoredRun> stored = runs(db);
    QCOMPARE(stored.size(), 1);
    const QJsonObject server = stored.first().record.extra.value(u"server"_s).toObject();
    QCOMPARE(server.value(u"bound_port"_s).toInt(), kPortMax);
    QCOMPARE(server.value(u"bound_address"_s).toString(), u"198.51.100.12"_s);
}

void TstDataNetLab::busyPortRangeIsAClearError()
{
    QProcess holder;
    holder.start(u"ip"_s, {u"netns"_s, u"exec"_s, ns(2), u"python3"_s, u"-c"_s,
                           u"import socket,time\n"
                           "ss=[]\n"
                           "for p in range(%1,%2):\n"
                           " s=socket.socket(); s.setsockopt(socket.SOL_SOCKET,socket.SO_REUSEADDR,1)\n"
                           " s.bind(('198.51.100.12',p)); s.listen(); ss.append(s)\n"
                           "print('held',flush=True)\n"
                           "time.sleep(60)\n"_s.arg(kPortMin).arg(kPortMax + 1)});
    QVERIFY(holder.waitForStarted());
    QVERIFY(holder.waitForReadyRead(10000));
    const QString db = m_dir.filePath(u"busy.sqlite"_s);
    QVERIFY(QFile::copy(m_db, db));
    // The plan's entry for h2 narrows its data port range (the inventory
    // keeps 5301-5303): it wins for this plan, and the CLI says so.
    const QString plan = writePlan(u"busy"_s, R"({"name":"rr","kind":"tcp_rr","client":{"host":"h1","nic":"data0"},
        "server":{"host":"h2","nic":"data0"},"duration_s":1})",
        R"({"h2":{"data_port_min":5301,"data_port_max":5302}})");
    const Outcome run = cli({u"--db"_s, db, u"run"_s, plan, u"--accept-new-host-keys"_s, u"--known-hosts"_s,
                             m_dir.filePath(u"known_hosts"_s)});
    holder.kill();
    holder.waitForFinished(5000);
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.err.contains(u"note: h2: the plan's \"hosts\" entry overrides the inventory's data_port_max"_s),
             qPrintable(run.err));
    QVERIFY2((run.out + run.err).contains(u"every port from 5301 to 5302 on 198.51.100.12 is in use"_s),
             qPrintable(run.out + run.err));
}

void TstDataNetLab::unknownHostNamesItsPath()
{
    const QString plan = writePlan(u"unknown"_s, R"({"name":"rr","kind":"tcp_rr","client":{"host":"h1","nic":"data0"},
        "server":{"host":"h9","nic":"data0"},"duration_s":1})");
    const Outcome run = cli({u"--db"_s, m_db, u"run"_s, plan});
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains(u"tests[0].server.host: unknown host 'h9'"_s), qPrintable(run.err));
    const QString badNic = writePlan(u"badnic"_s, R"({"name":"rr","kind":"tcp_rr","client":{"host":"h1","nic":"eth7"},
        "server":{"host":"h2","nic":"data0"},"duration_s":1})");
    const Outcome nic = cli({u"--db"_s, m_db, u"run"_s, badNic});
    QCOMPARE(nic.exitCode, 2);
    QVERIFY2(nic.err.contains(u"tests[0].client.nic: host 'h1' has no NIC 'eth7' in the inventory"_s),
             qPrintable(nic.err));
}

void TstDataNetLab::everyKindOverIpv6_data()
{
    QTest::addColumn<QByteArray>("kind");
    QTest::addColumn<QByteArray>("params");
    QTest::addColumn<QString>("metric"); // above 0 in the stored run
    QTest::addColumn<QString>("side");
    QTest::newRow("tcp_stream, 2 streams, tos") << QByteArray("tcp_stream") << QByteArray(R"({"streams":2,"tos":184})")
                                                << u"throughput_bps"_s << u"server"_s;
    QTest::newRow("tcp_stream reverse") << QByteArray("tcp_stream") << QByteArray(R"({"direction":"reverse"})")
                                        << u"throughput_bps"_s << u"client"_s;
    QTest::newRow("tcp_stream bidirectional") << QByteArray("tcp_stream") << QByteArray(R"({"direction":"bidirectional"})")
                                              << u"reverse_throughput_bps"_s << u"client"_s;
    // The TCP knobs over the veth pair: what the kernel applied is read back.
    QTest::newRow("tcp_stream knobs, zero-copy")
        << QByteArray("tcp_stream")
        << QByteArray(R"({"rate_bps":200000000,"omit_s":0.2,"congestion_control":"reno","mss_bytes":1000,"nodelay":true,"client_cpu":0,"server_cpu":1,"zerocopy":true})")
        << u"throughput_bps"_s << u"server"_s;
    QTest::newRow("tcp_stream sendfile") << QByteArray("tcp_stream") << QByteArray(R"({"sendfile":true})")
                                         << u"throughput_bps"_s << u"server"_s;
    QTest::newRow("udp_stream bidirectional")
        << QByteArray("udp_stream") << QByteArray(R"({"direction":"bidirectional","rate_pps":5000,"message_size_bytes":1452})")
        << u"reverse_throughput_bps"_s << u"client"_s;
    QTest::newRow("udp_stream 2 streams") << QByteArray("udp_stream")
                                          << QByteArray(R"({"streams":2,"rate_pps":5000,"message_size_bytes":1452})")
                                          << u"throughput_bps"_s << u"server"_s;
    QTest::newRow("tcp_rr") << QByteArray("tcp_rr") << QByteArray("{}") << u"transactions_per_s"_s << u"server"_s;
    QTest::newRow("udp_rr") << QByteArray("udp_rr") << QByteArray("{}") << u"transactions_per_s"_s << u"server"_s;
    QTest::newRow("tcp_crr") << QByteArray("tcp_crr") << QByteArray("{}") << u"connections_per_s"_s << u"client"_s;
    QTest::newRow("packet_rate with probes") << QByteArray("packet_rate")
                                             << QByteArray(R"({"rate_pps":20000,"probe_rate_pps":200})")
                                             << u"latency_us_p50"_s << u"server"_s;
    QTest::newRow("soak") << QByteArray("soak") << QByteArray(R"({"rate_pps":20000,"interval_s":0.5})")
                          << u"received_packets"_s << u"server"_s;
    QTest::newRow("rrul") << QByteArray("rrul") << QByteArray(R"({"streams":1,"idle_s":1,"probe_interval_ms":50})")
                          << u"loaded_udp_latency_us_p99"_s << u"client"_s;
    QTest::newRow("file_transfer") << QByteArray("file_transfer")
                                   << QByteArray(R"({"file_size_bytes":8388608,"sink":"devnull"})") << u"bytes"_s
                                   << u"server"_s;
}

// Each kind through the orchestrator between inventory hosts over their
// data NICs' IPv6 addresses: both ends bind them, the record says IPv6,
// and the data NICs carried the traffic.
void TstDataNetLab::everyKindOverIpv6()
{
    QFETCH(QByteArray, kind);
    QFETCH(QByteArray, params);
    QFETCH(QString, metric);
    QFETCH(QString, side);
    const QString name = u"v6kind%1"_s.arg(++m_case);
    const QString plan = writePlan(name, R"({"name":"v6","kind":")" + kind + R"(","ip_version":6,
        "client":{"host":"h1","nic":"data0"},"server":{"host":"h2","nic":"data0"},"duration_s":1,"params":)" + params
                                             + "}");
    const QString db = m_dir.filePath(name + u".sqlite"_s);
    QVERIFY(QFile::copy(m_db, db));
    const Counters before = counters(2, u"data0"_s);
    const Outcome run = runPlan(db, plan);
    QVERIFY2(run.exitCode == 0, qPrintable(run.out + run.err));
    const Counters after = counters(2, u"data0"_s);
    const QList<wb::StoredRun> stored = runs(db);
    QCOMPARE(stored.size(), 1);
    const wb::ResultRecord &r = stored.first().record;
    QVERIFY2(r.metric(metric, side).value_or(0) > 0, qPrintable(u"%1/%2 missing"_s.arg(metric, side)));
    QCOMPARE(r.extra.value(u"ip_version"_s).toInt(), 6);
    // ... and so does its condition: Compare keeps it apart from IPv4 runs.
    const QList<wb::FigureSide> sides = wb::sidesWithMetric(r, metric);
    QVERIFY(!sides.isEmpty());
    const wb::Condition cond = wb::conditionOf(r, metric, sides.first());
    QVERIFY(cond.parameter(u"ip_version"_s));
    QCOMPARE(cond.parameter(u"ip_version"_s)->value, u"6"_s);
    QCOMPARE(r.extra.value(u"server"_s).toObject().value(u"bound_address"_s).toString(), u"2001:db8:d::12"_s);
    QCOMPARE(r.extra.value(u"bound_address"_s).toString(), u"2001:db8:d::11"_s);
    if (params.contains("tos"))
        QCOMPARE(r.extra.value(u"socket_options"_s).toObject().value(u"tos"_s).toInt() & 0xfc, 184);
    if (params.contains("congestion_control")) {
        for (const QString &end : {u"socket_options"_s, u"server_socket_options"_s}) {
            const QJsonObject o = r.extra.value(end).toObject();
            const QString where = end + u": "_s + QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact));
            QVERIFY2(o.value(u"congestion_control"_s).toString() == u"reno"_s, qPrintable(where));
            QVERIFY2(o.value(u"mss_bytes"_s).toInt() > 500 && o.value(u"mss_bytes"_s).toInt() <= 1000, qPrintable(where));
            QVERIFY2(o.value(u"nodelay"_s).toBool(), qPrintable(where));
        }
        // rate_bps paces the sender: 200 Mbit/s, not the veth's gigabits.
        const double bps = r.metric(u"throughput_bps"_s, u"server"_s).value_or(0);
        QVERIFY2(bps > 100e6 && bps < 240e6, qPrintable(QString::number(bps)));
    }
    // The second of traffic crossed h2's data NIC (its management NIC
    // carries the agent protocol): hundreds of kilobytes at the least, in
    // whichever direction the kind sends.
    const qint64 moved = (after.rx - before.rx) + (after.tx - before.tx);
    QVERIFY2(moved > 500000 && after.rx > before.rx && after.tx > before.tx,
             qPrintable(u"h2 data0 rx %1 tx %2 bytes"_s.arg(after.rx - before.rx).arg(after.tx - before.tx)));
}

// RFC 2544 over IPv6 with jumbo frames: at MTU 1500 a 9018-byte frame is
// refused before anything is sent, naming the NIC and its MTU (as its agent
// reports it, and as the inventory records it); at MTU 9000 the search runs
// and its frames cross the data NICs whole.
void TstDataNetLab::jumboFramesNeedTheMtu()
{
    const QByteArray test = R"({"name":"jumbo","kind":"rfc2544","ip_version":6,"client":{"host":"h1","nic":"data0"},
        "server":{"host":"h2","nic":"data0"},"duration_s":0.5,
        "params":{"frame_size_bytes":9018,"line_rate_bps":100000000,"resolution_pct":5,"probe_rate_pps":100}})";
    const QString plan = writePlan(u"jumbo"_s, test);
    {
        const QString db = m_dir.filePath(u"jumbo1500.sqlite"_s);
        QVERIFY(QFile::copy(m_db, db));
        const Counters before = counters(1, u"data0"_s);
        const Outcome run = runPlan(db, plan);
        QCOMPARE(run.exitCode, 1);
        const QString expected = u"frame_size_bytes 9018 does not fit the test's path: NIC h1/data0 has MTU 1500 (as "
                                 "its agent reports), which carries frames up to 1518 bytes"_s;
        QVERIFY2((run.out + run.err).contains(expected), qPrintable(run.out + run.err));
        const QList<wb::StoredRun> stored = runs(db);
        QCOMPARE(stored.size(), 1);
        QCOMPARE(stored.first().status, wb::RunStatus::Failed);
        QVERIFY2(stored.first().error.contains(expected), qPrintable(stored.first().error));
        // Nothing of the test went out: the agents never started a trial.
        QVERIFY(counters(1, u"data0"_s).tx - before.tx < 20000);
    }
    QVERIFY(setDataMtu(9000));
    auto restore = qScopeGuard([this] { setDataMtu(1500); });
    {
        const QString db = m_dir.filePath(u"jumbo9000.sqlite"_s);
        QVERIFY(QFile::copy(m_db, db));
        const Counters bytes = counters(2, u"data0"_s), frames = counters(2, u"data0"_s, u"packets"_s);
        const Outcome run = runPlan(db, plan, 240000);
        QVERIFY2(run.exitCode == 0, qPrintable(run.out + run.err));
        const Counters bytesAfter = counters(2, u"data0"_s), framesAfter = counters(2, u"data0"_s, u"packets"_s);
        const QList<wb::StoredRun> stored = runs(db);
        QVERIFY(stored.size() >= 2); // the trials and the search's outcome
        const wb::ResultRecord &outcome = stored.last().record;
        QCOMPARE(outcome.kind, u"rfc2544"_s);
        QCOMPARE(outcome.params.value(u"frame_size_bytes"_s).toInt(), 9018);
        QCOMPARE(outcome.extra.value(u"ip_version"_s).toInt(), 6);
        QCOMPARE(outcome.extra.value(u"udp_payload_bytes"_s).toInt(), 9018 - 66);
        // 100 Mbit/s carries 1383 frames of 9018 bytes a second; a veth far more.
        QVERIFY2(outcome.metric(u"packets_per_s"_s, u"server"_s).value_or(0) > 1000,
                 qPrintable(QString::number(outcome.metric(u"packets_per_s"_s, u"server"_s).value_or(0))));
        // The frames arrived whole: on average far above a standard frame.
        const double perFrame = double(bytesAfter.rx - bytes.rx) / double(std::max<qint64>(1, framesAfter.rx - frames.rx));
        QVERIFY2(perFrame > 4000, qPrintable(u"%1 bytes a frame on h2's data0"_s.arg(perFrame)));
        // The trials sent the IPv6 payload of a 9018-byte frame.
        QCOMPARE(stored.first().record.params.value(u"message_size_bytes"_s).toInt(), 8952);
    }
    {
        // The inventory says the NICs have MTU 1500: refused by that, though the links carry 9000.
        const QString db = m_dir.filePath(u"jumboinv.sqlite"_s);
        QVERIFY(QFile::copy(m_db, db));
        QFile lf(m_dir.filePath(u"lab.json"_s));
        QVERIFY(lf.open(QIODevice::ReadOnly));
        QByteArray lab = lf.readAll();
        lf.close();
        lab.replace("\"interface\": \"data0\"", "\"interface\": \"data0\", \"mtu\": 1500");
        QVERIFY(lab.contains("\"mtu\": 1500"));
        const QString labPath = m_dir.filePath(u"lab-mtu.json"_s);
        QFile out(labPath);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(lab);
        out.close();
        const Outcome imported = cli({u"--db"_s, db, u"inventory"_s, u"import"_s, labPath});
        QVERIFY2(imported.exitCode == 0, qPrintable(imported.out + imported.err));
        const Outcome run = runPlan(db, plan);
        QCOMPARE(run.exitCode, 1);
        QVERIFY2((run.out + run.err).contains(u"NIC h1/data0 has MTU 1500 (in the inventory)"_s),
                 qPrintable(run.out + run.err));
    }
}

// Datagrams larger than the data path's MTU cross in fragments: the run
// still measures, and says so in the warnings stored with it; a datagram
// that fits says nothing.
void TstDataNetLab::fragmentedDatagramsAreAWarning()
{
    QVERIFY(setDataMtu(1280));
    auto restore = qScopeGuard([this] { setDataMtu(1500); });
    const QByteArray tests = R"({"name":"frag","kind":"udp_stream","client":{"host":"h1","nic":"data0"},
        "server":{"host":"h2","nic":"data0"},"duration_s":1,"params":{"message_size_bytes":[1472,1200],"rate_pps":2000}})";
    const QString plan = writePlan(u"fragments"_s, tests);
    const QString db = m_dir.filePath(u"fragments.sqlite"_s);
    QVERIFY(QFile::copy(m_db, db));
    const Counters frames = counters(2, u"data0"_s, u"packets"_s);
    const Outcome run = runPlan(db, plan);
    QVERIFY2(run.exitCode == 0, qPrintable(run.out + run.err));
    const QString expected = u"1500-byte IPv4 datagrams (1472 bytes of payload) exceed the 1280-byte MTU of NIC "
                             "h1/data0 (as its agent reports): the kernel fragments them"_s;
    QVERIFY2((run.out + run.err).contains(expected), qPrintable(run.out + run.err));
    const QList<wb::StoredRun> stored = runs(db);
    QCOMPARE(stored.size(), 2);
    QCOMPARE(stored.at(0).record.params.value(u"message_size_bytes"_s).toInt(), 1472);
    QVERIFY2(stored.at(0).warnings().join(u'\n').contains(expected), qPrintable(stored.at(0).warnings().join(u'\n')));
    QCOMPARE(stored.at(1).record.params.value(u"message_size_bytes"_s).toInt(), 1200);
    for (const QString &w : stored.at(1).warnings())
        QVERIFY2(!w.contains(u"fragments"_s), qPrintable(w));
    // The wire carried two frames for each 1472-byte datagram: more frames
    // arrived than both cases' datagrams together (each case ran 1 s, so its
    // datagrams number about its rate).
    const double datagrams = stored.at(0).record.metric(u"packets_per_s"_s, u"server"_s).value_or(0)
        + stored.at(1).record.metric(u"packets_per_s"_s, u"server"_s).value_or(0);
    QVERIFY(datagrams > 0);
    QVERIFY2(double(counters(2, u"data0"_s, u"packets"_s).rx - frames.rx) > 1.3 * datagrams,
             qPrintable(u"%1 frames for about %2 datagrams"_s.arg(counters(2, u"data0"_s, u"packets"_s).rx - frames.rx)
                            .arg(datagrams)));
}

// A receiving NIC whose MTU is below the frames the switch hands it drops
// them, as a misconfigured port would. The run says so in words, the way
// Results and `runs show` read it, and the drops are metrics of the side
// that counted them.
void TstDataNetLab::nicDropsAreARunWarning()
{
    QVERIFY(QProcess::execute(u"ip"_s, {u"-n"_s, ns(2), u"link"_s, u"set"_s, u"data0"_s, u"mtu"_s, u"1000"_s}) == 0);
    auto restore = qScopeGuard([this] { setDataMtu(1500); });
    const QByteArray tests = R"({"name":"drops","kind":"udp_stream","client":{"host":"h1","nic":"data0"},
        "server":{"host":"h2","nic":"data0"},"duration_s":1,"params":{"message_size_bytes":1400,"rate_pps":2000}})";
    const QString plan = writePlan(u"nicdrops"_s, tests);
    const QString db = m_dir.filePath(u"nicdrops.sqlite"_s);
    QVERIFY(QFile::copy(m_db, db));
    const Outcome run = runPlan(db, plan);
    QVERIFY2(run.exitCode == 0, qPrintable(run.out + run.err));
    const QList<wb::StoredRun> stored = runs(db);
    QCOMPARE(stored.size(), 1);
    const wb::StoredRun &r = stored.first();
    const double sent = r.record.metric(u"messages"_s, u"client"_s).value_or(0);
    const double dropped = r.record.metric(u"nic_rx_dropped"_s, u"server"_s).value_or(0);
    QVERIFY2(sent > 1000 && dropped >= 0.95 * sent, qPrintable(u"sent %1, server rx_dropped %2"_s.arg(sent).arg(dropped)));
    const QString expected = u"server h2 (data0): the NIC counted %1 receive drops"_s.arg(qint64(dropped));
    QVERIFY2(r.warnings().join(u'\n').contains(expected), qPrintable(r.warnings().join(u'\n')));
    QVERIFY2(r.warnings().join(u'\n').contains(u"frames were lost or damaged below the sockets"_s),
             qPrintable(r.warnings().join(u'\n')));
    const Outcome shown = cli({u"--db"_s, db, u"runs"_s, u"show"_s, QString::number(r.id)});
    QVERIFY2(shown.out.contains(expected), qPrintable(shown.out));
}

void TstDataNetLab::abExperimentFindsTheSlowerSwitch()
{
    // The seeds' question on two switches, sw-b shaped to 40 Mbit/s: the
    // experiment runs the same test over both, interleaved, and Compare
    // answers it by arm, within one condition, with a verdict.
    const QString db = m_dir.filePath(u"ab.sqlite"_s);
    QVERIFY(QFile::copy(m_db, db));
    const Outcome run = cli({u"--db"_s, db, u"experiment"_s, u"--question"_s, u"Is sw-b as good as sw-a?"_s,
                             u"--varies"_s, u"switch"_s, u"--arm"_s, u"sw-a=h1/data0>h2/data0"_s, u"--arm"_s,
                             u"sw-b=h1/data1>h2/data1"_s, u"--test"_s, u"tcp_stream"_s, u"--rounds"_s, u"3"_s,
                             u"--duration"_s, u"1.5"_s, u"--write"_s, m_dir.filePath(u"ab-plan.json"_s),
                             u"--accept-new-host-keys"_s, u"--known-hosts"_s, m_dir.filePath(u"known_hosts"_s)},
                            240000);
    QVERIFY2(run.exitCode == 0, qPrintable(run.out + run.err));
    // Interleaved: sw-a, sw-b, sw-a, ... in the order the runs were stored.
    const QList<wb::StoredRun> stored = runs(db);
    QCOMPARE(stored.size(), 6);
    for (int i = 0; i < stored.size(); ++i) {
        const QJsonObject e = stored[i].record.extra.value(u"experiment"_s).toObject();
        QCOMPARE(e.value(u"arm"_s).toString(), i % 2 == 0 ? u"sw-a"_s : u"sw-b"_s);
        QCOMPARE(e.value(u"varies"_s).toString(), u"switch"_s);
        QCOMPARE(e.value(u"round"_s).toInt(), i / 2 + 1);
    }
    static const QRegularExpression again(u"wirebench-cli compare --kind tcp_stream --experiment (\\S+)"_s);
    const auto m = again.match(run.out);
    QVERIFY2(m.hasMatch(), qPrintable(run.out));
    const Outcome compared = cli({u"--db"_s, db, u"--json"_s, u"compare"_s, u"--kind"_s, u"tcp_stream"_s,
                                  u"--experiment"_s, m.captured(1)});
    QVERIFY2(compared.exitCode == 0, qPrintable(compared.out + compared.err));
    // JSON lines: the comparison with its notes, then one line per row.
    QJsonObject answer;
    QJsonArray rows;
    for (const QString &line : compared.out.split(u'\n', Qt::SkipEmptyParts)) {
        const QJsonObject o = QJsonDocument::fromJson(line.toUtf8()).object();
        if (o.contains(u"comparison"_s))
            answer = o.value(u"comparison"_s).toObject();
        else if (o.contains(u"cell"_s))
            rows.append(o);
    }
    QCOMPARE(answer.value(u"group_by"_s).toString(), u"experiment arm"_s);
    QVERIFY(!answer.value(u"conditions"_s).toArray().isEmpty());
    // The receiver's condition (shown) and the sender's: each one cell per
    // arm, no baselines.
    QJsonArray shown;
    for (const QJsonValue &v : std::as_const(rows))
        if (v.toObject().value(u"shown"_s).toBool())
            shown.append(v);
    rows = shown;
    QCOMPARE(rows.size(), 2);
    QJsonObject a, b;
    for (const QJsonValue &v : rows)
        (v.toObject().value(u"group"_s).toString() == u"sw-a"_s ? a : b) = v.toObject();
    QCOMPARE(b.value(u"group"_s).toString(), u"sw-b"_s);
    QCOMPARE(a.value(u"n"_s).toInt(), 3);
    QCOMPARE(b.value(u"n"_s).toInt(), 3);
    const double meanA = a.value(u"mean"_s).toDouble(), meanB = b.value(u"mean"_s).toDouble();
    const QString figures = u"sw-a %1, sw-b %2 %3"_s.arg(meanA).arg(meanB).arg(a.value(u"unit"_s).toString());
    qInfo("%s", qPrintable(figures));
    // sw-b is held to 40 Mbit/s; TCP's goodput over it is below that and far
    // below the unshaped bridge.
    QVERIFY2(meanB < 40 && meanB > 20 && meanA > 3 * meanB, qPrintable(figures));
    // The verdict says so, within the one condition, with a test behind it.
    const QJsonObject other = a.value(u"reference"_s).toBool() ? b : a;
    const bool otherIsSlow = other.value(u"group"_s).toString() == u"sw-b"_s;
    QVERIFY2(other.value(u"comparable"_s).toBool(), qPrintable(other.value(u"verdict"_s).toString()));
    QVERIFY2(other.value(u"verdict"_s).toString().contains(otherIsSlow ? u"slower"_s : u"faster"_s),
             qPrintable(other.value(u"verdict"_s).toString()));
    QVERIFY2(other.value(u"p_value"_s).toDouble(1) < 0.01, qPrintable(other.value(u"verdict"_s).toString()));
    // The switch each arm ran over comes from the inventory path, and the
    // notes say what the experiment asked and what else the arms differ in.
    const QStringList notes = [&] {
        QStringList n;
        for (const QJsonValue &v : answer.value(u"notes"_s).toArray())
            n << v.toString();
        return n;
    }();
    const QString all = notes.join(u" | "_s);
    QVERIFY2(all.contains(u"Experiment: Is sw-b as good as sw-a? The arms vary the switch; 3 round(s), interleaved."_s),
             qPrintable(all));
    QVERIFY2(!all.contains(u"do not differ in the switch"_s) && !all.contains(u"does not say which switch"_s), qPrintable(all));
    QVERIFY2(all.contains(u"Besides the switch, the arms differ in the NIC"_s), qPrintable(all));
}

QTEST_GUILESS_MAIN(TstDataNetLab)
#include "tst_datanetlab.moc"
