// SPDX-License-Identifier: GPL-3.0-or-later
// Plan parsing and expansion: sweeps, host matrices, repetition rules, stable
// case keys, and errors that name the JSON path of the problem.

#include "run/plan.h"
#include "run/planhosts.h"
#include "result/metriccatalog.h"
#include "result/resultrecord.h"

#include <QJsonDocument>
#include <QSet>
#include <QTemporaryDir>
#include <QDir>
#include <QFileInfo>
#include <QTest>

using namespace Qt::StringLiterals;

class TstPlan : public QObject
{
    Q_OBJECT
private slots:
    void localDemoExpands();
    void matrixExpandsToOrderedPairs();
    void keysAreStable();
    void errors_data();
    void errors();
    void goodAddressesAndUsers();
    void fileErrorsNameFileAndLine();
    void soakDefaults();
    void deviceUnderTest();
    void connectionRateIsTcpCrrKeyMetric();
    void rrulDefaults();
    void packetRateDirections();
    void resolvesAgainstTheInventory();
    void unknownHostsNameTheirPath();
    void warnsOfFragmentedDatagrams();
    void everyPlanFileLoads();
};

static std::optional<wb::Plan> parse(const QByteArray &json, QString *error)
{
    return wb::Plan::fromJson(QJsonDocument::fromJson(json).object(), error);
}

void TstPlan::localDemoExpands()
{
    QString error;
    auto plan = wb::Plan::load(QStringLiteral(WB_SOURCE_DIR "/resources/plans/local-demo.json"), &error);
    QVERIFY2(plan, qPrintable(error));
    QCOMPARE(plan->hosts.size(), 2);
    QCOMPARE(plan->host(u"local-a"_s)->transport, u"local"_s);
    // 3 UDP sizes + 1 TCP_RR + 2 FTP sinks
    QCOMPARE(plan->cases.size(), 6);
    QStringList sizes;
    for (const wb::TestCase &c : plan->cases) {
        QCOMPARE(c.durationS, 2.0);
        QCOMPARE(c.repetitions.maxIterations, 3); // three repetitions: intervals, not single points
        if (c.kind == u"udp_stream"_s) {
            sizes << QString::number(c.params.value(u"message_size_bytes"_s).toInt());
            QCOMPARE(c.params.value(u"send_socket_bytes"_s).toInt(), 65535);
            QVERIFY(c.name.contains(u"message_size_bytes="_s));
        }
    }
    QCOMPARE(sizes, (QStringList{u"1"_s, u"64"_s, u"1472"_s}));
    QCOMPARE(plan->cases[3].repetitions.metric, u"transactions_per_s"_s);
    QCOMPARE(plan->cases[4].params.value(u"sink"_s).toString(), u"file"_s);
    QCOMPARE(plan->cases[5].params.value(u"sink"_s).toString(), u"devnull"_s);
}

void TstPlan::matrixExpandsToOrderedPairs()
{
    QString error;
    auto plan = wb::Plan::load(QStringLiteral(WB_TEST_DATA_DIR "/plans/ftp-matrix.json"), &error);
    QVERIFY2(plan, qPrintable(error));
    QCOMPARE(plan->cases.size(), 3 * 2 * 2); // ordered pairs x sinks
    QSet<QString> pairs;
    for (const wb::TestCase &c : plan->cases) {
        QVERIFY(c.client.host != c.server.host);
        pairs.insert(c.client.host + u'>' + c.server.host);
        QCOMPARE(c.repetitions.minIterations, 3);
        QCOMPARE(c.repetitions.maxIterations, 10);
        QCOMPARE(c.repetitions.confidenceLevelPct, 99.0);
        QCOMPARE(c.durationS, 30.0);
        if (c.server.host == u"net3"_s)
            QCOMPARE(c.server.nic, u"eth0"_s);
    }
    QCOMPARE(pairs.size(), 6);
    QVERIFY(pairs.contains(u"zeus>torus"_s) && pairs.contains(u"torus>zeus"_s));
}

void TstPlan::keysAreStable()
{
    QString error;
    auto a = wb::Plan::load(QStringLiteral(WB_TEST_DATA_DIR "/plans/ftp-matrix.json"), &error);
    auto b = wb::Plan::load(QStringLiteral(WB_TEST_DATA_DIR "/plans/ftp-matrix.json"), &error);
    QVERIFY(a && b);
    QSet<QString> keys;
    for (qsizetype i = 0; i < a->cases.size(); ++i) {
        QCOMPARE(a->cases[i].key, b->cases[i].key);
        keys.insert(a->cases[i].key);
    }
    QCOMPARE(keys.size(), a->cases.size()); // all distinct
}

void TstPlan::errors_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("expected");
    const QByteArray hosts = R"("hosts":{"a":{"transport":"local"},"b":{"transport":"local"}})";
    auto plan = [&](const QByteArray &tests) { return "{\"name\":\"p\"," + hosts + ",\"tests\":[" + tests + "]}"; };
    QTest::newRow("no name") << QByteArray(R"({"hosts":{},"tests":[]})") << u"name: a plan needs a name"_s;
    QTest::newRow("hosts not an object") << QByteArray(R"({"name":"x","hosts":[],"tests":[]})")
                                         << u"hosts: must be an object"_s;
    QTest::newRow("no tests") << QByteArray("{\"name\":\"p\"," + hosts + "}") << u"tests: must be a non-empty"_s;
    QTest::newRow("bad kind") << plan(R"({"kind":"sctp_rr","client":"a","server":"b"})")
                              << u"tests[0].kind: 'sctp_rr' is not a test kind"_s;
    QTest::newRow("bad ip_version") << plan(R"({"kind":"tcp_rr","client":"a","server":"b","ip_version":5})")
                                    << u"tests[0].ip_version: must be 4 or 6"_s;
    QTest::newRow("bind_device without nic") << plan(R"({"kind":"tcp_rr","client":{"host":"a","bind_device":true},"server":"b"})")
                                             << u"tests[0].client.bind_device: needs the \"nic\""_s;
    QTest::newRow("message too big") << plan(R"({"kind":"udp_stream","client":"a","server":"b","params":{"message_size_bytes":[1,70000]}})")
                                     << u"tests[0].params.message_size_bytes[1]: must be an integer from 1 to 65507"_s;
    QTest::newRow("too many streams") << plan(R"({"kind":"tcp_stream","client":"a","server":"b","params":{"streams":[1,4,200]}})")
                                      << u"tests[0].params.streams[2]: must be an integer from 1 to 128"_s;
    QTest::newRow("bad direction") << plan(R"({"kind":"udp_stream","client":"a","server":"b","params":{"direction":"upload"}})")
                                   << u"tests[0].params.direction: must be one of forward, reverse, bidirectional"_s;
    QTest::newRow("headroom not a flag") << plan(R"({"kind":"forwarding","client":"a","server":"b","dut":{"host":"c","headroom":"yes"}})")
                                         << u"tests[0].dut.headroom: must be true or false"_s;
    QTest::newRow("zero message") << plan(R"({"kind":"udp_stream","client":"a","server":"b","params":{"message_size_bytes":0}})")
                                  << u"tests[0].params.message_size_bytes: must be an integer"_s;
    QTest::newRow("fractional size") << plan(R"({"kind":"tcp_rr","client":"a","server":"b","params":{"request_size_bytes":1.5}})")
                                     << u"request_size_bytes: must be an integer"_s;
    QTest::newRow("empty sweep") << plan(R"({"kind":"tcp_rr","client":"a","server":"b","params":{"request_size_bytes":[]}})")
                                 << u"a sweep needs at least one value"_s;
    QTest::newRow("hostile nic") << plan(R"({"kind":"tcp_rr","client":{"host":"a","nic":"eth0; rm -rf /"},"server":"b"})")
                                 << u"tests[0].client.nic: 'eth0; rm -rf /' is not a valid interface name"_s;
    QTest::newRow("dash nic") << plan(R"({"kind":"tcp_rr","client":{"host":"a","nic":"-x"},"server":"b"})")
                              << u"is not a valid interface name"_s;
    QTest::newRow("direct_io to devnull")
        << plan(R"({"kind":"file_transfer","client":"a","server":"b","params":{"sink":["file","devnull"],"direct_io":true}})")
        << u"tests[0].params.direct_io: works only with sink 'file', not 'devnull'"_s;
    QTest::newRow("fsync inside the clock")
        << plan(R"({"kind":"file_transfer","client":"a","server":"b","params":{"fsync":true}})")
        << u"tests[0].params.fsync: is no longer taken"_s;
    QTest::newRow("matrix of one") << plan(R"({"kind":"file_transfer","matrix":{"hosts":["a"]}})")
                                   << u"tests[0].matrix.hosts: a matrix needs at least two hosts"_s;
    QTest::newRow("bad repetitions") << plan(R"({"kind":"tcp_rr","client":"a","server":"b","repetitions":{"min":5,"max":2}})")
                                     << u"tests[0].repetitions.max: must be at least min"_s;
    QTest::newRow("bad confidence") << plan(R"({"kind":"tcp_rr","client":"a","server":"b","repetitions":{"confidence_pct":97}})")
                                    << u"confidence_pct: must be 90, 95 or 99"_s;
    QTest::newRow("tcp_rr direction") << plan(R"({"kind":"tcp_rr","client":"a","server":"b","params":{"direction":"reverse"}})")
                                      << u"tests[0].params.direction: tcp_rr takes no direction: a request/response test runs both ways by nature"_s;
    QTest::newRow("udp_rr direction") << plan(R"({"kind":"udp_rr","client":"a","server":"b","params":{"direction":["forward","reverse"]}})")
                                      << u"tests[0].params.direction: udp_rr takes no direction"_s;
    QTest::newRow("tcp_crr direction") << plan(R"({"kind":"tcp_crr","client":"a","server":"b","params":{"direction":"bidirectional"}})")
                                       << u"tests[0].params.direction: tcp_crr takes no direction"_s;
    QTest::newRow("reverse file from a path")
        << plan(R"({"kind":"file_transfer","client":"a","server":"b","params":{"direction":["forward","reverse"],"path":"/etc/hostname"}})")
        << u"tests[0].params.path: names the client's file to send; with direction 'reverse' the server sends a file it creates"_s;
    QTest::newRow("bidirectional file to a dest_path")
        << plan(R"({"kind":"file_transfer","client":"a","server":"b","params":{"direction":"bidirectional","dest_path":"/tmp/x"}})")
        << u"tests[0].params.dest_path: cannot be used with direction 'bidirectional'"_s;
    QTest::newRow("packet_rate probe in reverse")
        << plan(R"({"kind":"packet_rate","client":"a","server":"b","params":{"direction":["forward","reverse"],"probe_rate_pps":1000}})")
        << u"tests[0].params.probe_rate_pps: works only with direction 'forward', not 'reverse'"_s;
    QTest::newRow("packet_rate probe both ways")
        << plan(R"({"kind":"packet_rate","client":"a","server":"b","params":{"direction":"bidirectional","probe_rate_pps":[0,500]}})")
        << u"tests[0].params.probe_rate_pps: works only with direction 'forward', not 'bidirectional'"_s;
    QTest::newRow("rrul direction") << plan(R"({"kind":"rrul","client":"a","server":"b","params":{"direction":"reverse"}})")
                                    << u"tests[0].params.direction: rrul takes no direction"_s;
    QTest::newRow("rrul tos") << plan(R"({"kind":"rrul","client":"a","server":"b","params":{"tos":256}})")
                              << u"tests[0].params.tos: must be an integer from 0 to 255"_s;
    QTest::newRow("rrul idle") << plan(R"({"kind":"rrul","client":"a","server":"b","params":{"idle_s":0}})")
                               << u"tests[0].params.idle_s: must be a number from 0.1 to 3600"_s;
    QTest::newRow("rrul probe interval") << plan(R"({"kind":"rrul","client":"a","server":"b","params":{"probe_interval_ms":[10,0.5]}})")
                                         << u"tests[0].params.probe_interval_ms[1]: must be an integer from 1 to 10000"_s;
    QTest::newRow("negative duration") << plan(R"({"kind":"tcp_rr","client":"a","server":"b","duration_s":-1})")
                                       << u"tests[0].duration_s: must be above 0"_s;
    QTest::newRow("bad port") << QByteArray(R"({"name":"p","hosts":{"a":{"port":70000}},"tests":[{}]})")
                              << u"hosts.a.port: must be an integer from 1 to 65535"_s;
    QTest::newRow("bad host name") << QByteArray(R"({"name":"p","hosts":{"a b":{}},"tests":[{}]})")
                                   << u"hosts.a b: host names may use"_s;
    // Values that reach ssh and the agents' command lines.
    auto host = [](const QByteArray &fields) {
        return R"({"name":"p","hosts":{"a":{)" + fields + R"(}},"tests":[{}]})";
    };
    QTest::newRow("ssh_address option") << host(R"("ssh_address":"-oProxyCommand=touch /tmp/x")")
                                        << u"hosts.a.ssh_address: '-oProxyCommand=touch /tmp/x' is not a host name"_s;
    QTest::newRow("ssh_address shell") << host(R"("ssh_address":"h;id")") << u"hosts.a.ssh_address: 'h;id' is not"_s;
    QTest::newRow("ssh_address space") << host(R"("ssh_address":"lab host")") << u"hosts.a.ssh_address:"_s;
    QTest::newRow("ssh_address number") << host(R"("ssh_address":10)") << u"hosts.a.ssh_address: must be a string"_s;
    QTest::newRow("ssh_address too long") << host("\"ssh_address\":\"" + QByteArray(254, 'a') + "\"")
                                          << u"hosts.a.ssh_address:"_s;
    QTest::newRow("address newline") << host(R"("address":"h\nid")") << u"hosts.a.address:"_s;
    QTest::newRow("address dollar") << host(R"x("address":"$(id)")x") << u"hosts.a.address: '$(id)' is not"_s;
    QTest::newRow("jump host option") << host(R"("jump_host":"-oProxyCommand=x")") << u"hosts.a.jump_host: '-oProxyCommand=x' is not"_s;
    QTest::newRow("jump host url") << host(R"("jump_host":"ssh://root@j")") << u"hosts.a.jump_host:"_s;
    QTest::newRow("jump host two hops") << host(R"("jump_host":"j1,j2")") << u"hosts.a.jump_host:"_s;
    QTest::newRow("port range half") << host(R"("data_port_min":5000)") << u"hosts.a.data_port_min: must be given with data_port_max"_s;
    QTest::newRow("port range reversed") << host(R"("data_port_min":6000,"data_port_max":5000)") << u"hosts.a.data_port_min:"_s;
    QTest::newRow("port range zero") << host(R"("data_port_min":0,"data_port_max":5000)") << u"hosts.a.data_port_min: must be an integer"_s;
    QTest::newRow("user option") << host(R"("user":"-oProxyCommand=x")") << u"hosts.a.user: '-oProxyCommand=x' is not a user name"_s;
    QTest::newRow("user at") << host(R"("user":"ann@evil")") << u"hosts.a.user:"_s;
    QTest::newRow("user quote") << host(R"("user":"ann'")") << u"hosts.a.user:"_s;
    QTest::newRow("user array") << host(R"("user":["root"])") << u"hosts.a.user: must be a string"_s;
    QTest::newRow("endpoint address") << plan(R"({"kind":"tcp_rr","client":{"host":"a","address":"1.2.3.4 -x"},"server":"b"})")
                                      << u"tests[0].client.address: '1.2.3.4 -x' is not"_s;
    QTest::newRow("too many cases")
        << plan(R"({"kind":"udp_stream","client":"a","server":"b","params":{"message_size_bytes":[)"
                + [] {
                      QByteArray v;
                      for (int i = 1; i <= 400; ++i)
                          v += (i > 1 ? "," : "") + QByteArray::number(i);
                      return v;
                  }()
                + R"(],"send_socket_bytes":[)"
                + [] {
                      QByteArray v;
                      for (int i = 1; i <= 400; ++i)
                          v += (i > 1 ? "," : "") + QByteArray::number(i * 1024);
                      return v;
                  }()
                + "]}}")
        << u"expands to more than 100000 test cases"_s;
}

void TstPlan::errors()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, expected);
    QString error;
    QVERIFY(!parse(json, &error));
    QVERIFY2(error.contains(expected), qPrintable(u"got: "_s + error));
}

void TstPlan::goodAddressesAndUsers()
{
    // What labs use must keep loading: names, IPv4, IPv6 with a zone, users
    // with dots, dashes and underscores.
    const QByteArray json = R"({"name":"p","hosts":{
        "a":{"ssh_address":"lab-a.example.org","address":"198.51.100.1","user":"ann.b-c_d"},
        "b":{"ssh_address":"fe80::1%eth0","address":"2001:db8::2","user":"_svc"},
        "c":{"transport":"local"}},
        "tests":[{"kind":"tcp_rr","client":{"host":"a","address":"198.51.100.7"},"server":"b"}]})";
    QString error;
    const auto p = parse(json, &error);
    QVERIFY2(p, qPrintable(error));
    QCOMPARE(p->host(u"a"_s)->sshAddress, u"lab-a.example.org"_s);
    QCOMPARE(p->host(u"a"_s)->sshUser, u"ann.b-c_d"_s);
    QCOMPARE(p->host(u"b"_s)->sshAddress, u"fe80::1%eth0"_s);
    QCOMPARE(p->host(u"b"_s)->address, u"2001:db8::2"_s);
    QCOMPARE(p->host(u"c"_s)->address, u"127.0.0.1"_s);
}

void TstPlan::fileErrorsNameFileAndLine()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(u"broken.json"_s);
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("{\n  \"name\": \"x\",\n  \"hosts\": {\n    \"a\": {},\n  }\n}\n");
    f.close();
    QString error;
    QVERIFY(!wb::Plan::load(path, &error));
    QVERIFY2(error.startsWith(path + u":5: not valid JSON"_s), qPrintable(error));
    QVERIFY(!wb::Plan::load(dir.filePath(u"missing.json"_s), &error));
    QVERIFY2(error.contains(u"missing.json: cannot read the plan"_s), qPrintable(error));
}

void TstPlan::soakDefaults()
{
    // The seeds' back-to-back run: 64-byte frames flat out, 1 kpps back, drops
    // per 1 s interval, ten minutes unless the plan says otherwise.
    QString error;
    auto plan = parse(R"({"name":"s","hosts":{"a":{"transport":"local"},"b":{"transport":"local"}},
        "tests":[{"name":"soak","kind":"soak","client":"a","server":"b"},
                 {"name":"short","kind":"soak","client":"a","server":"b","duration_s":10,
                  "params":{"probe_rate_pps":500,"loss_samples":false}}]})", &error);
    QVERIFY2(plan, qPrintable(error));
    QCOMPARE(plan->cases.size(), 2);
    const wb::TestCase &c = plan->cases[0];
    QCOMPARE(c.durationS, 600.0);
    QCOMPARE(c.params.value(u"message_size_bytes"_s).toInt(), 18);
    QCOMPARE(c.params.value(u"probe_rate_pps"_s).toInt(), 1000);
    QCOMPARE(c.params.value(u"interval_s"_s).toInt(), 1);
    QCOMPARE(c.params.value(u"loss_samples"_s).toBool(), true);
    QCOMPARE(c.repetitions.metric, u"packets_per_s"_s);
    const wb::TestCase &d = plan->cases[1];
    QCOMPARE(d.durationS, 10.0);
    QCOMPARE(d.params.value(u"probe_rate_pps"_s).toInt(), 500);
    QCOMPARE(d.params.value(u"loss_samples"_s).toBool(), true); // a soak always counts its drops
    // A plan-wide default duration applies to soaks too.
    plan = parse(R"({"name":"s","hosts":{"a":{"transport":"local"},"b":{"transport":"local"}},"defaults":{"duration_s":30},
        "tests":[{"name":"soak","kind":"soak","client":"a","server":"b"}]})", &error);
    QVERIFY2(plan, qPrintable(error));
    QCOMPARE(plan->cases[0].durationS, 30.0);
}

// The device under test of a forwarding test, and of a zero-loss search
// through a router: its headroom loops when asked, in the case's key.
void TstPlan::deviceUnderTest()
{
    QString error;
    const auto plan = parse(R"({"name":"d","hosts":{"a":{"transport":"local"},"b":{"transport":"local"},"r":{"transport":"local"}},
        "tests":[{"name":"fwd","kind":"forwarding","client":"a","server":"b","dut":{"host":"r","nic":"lab1"}},
                 {"name":"fwd-h","kind":"forwarding","client":"a","server":"b","dut":{"host":"r","nic":"lab1","headroom":true}},
                 {"name":"rfc","kind":"rfc2544","client":"a","server":"b","dut":{"host":"r","ingress":"lab0"},
                  "params":{"frame_size_bytes":[64]}},
                 {"name":"rfc-direct","kind":"rfc2544","client":"a","server":"b","params":{"frame_size_bytes":[64]}}]})",
                            &error);
    QVERIFY2(plan, qPrintable(error));
    QCOMPARE(plan->cases.size(), 4);
    const wb::TestCase &fwd = plan->cases[0], &headroom = plan->cases[1], &rfc = plan->cases[2], &direct = plan->cases[3];
    QVERIFY(fwd.dut && !fwd.dutHeadroom);
    QCOMPARE(fwd.params.value(u"message_size_bytes"_s).toInt(), 18);
    QVERIFY(headroom.dutHeadroom);
    QVERIFY(fwd.key != headroom.key);
    QVERIFY(rfc.dut);
    QCOMPARE(rfc.dut->host, u"r"_s);
    QCOMPARE(rfc.dutIngress, u"lab0"_s);
    QVERIFY(!rfc.params.contains(u"message_size_bytes"_s)); // the search sizes its own frames
    QVERIFY(!direct.dut);
}

// TCP_CRR measures whole connections, not transactions on one connection:
// its own kind with its own key metric, so the two never compare.
void TstPlan::connectionRateIsTcpCrrKeyMetric()
{
    QVERIFY(wb::testKinds().contains(u"tcp_crr"_s));
    QCOMPARE(wb::keyMetricForKind(u"tcp_crr"_s), u"connections_per_s"_s);
    QCOMPARE(wb::canonicalUnit(u"connections_per_s"_s), u"1/s"_s);
    QCOMPARE(wb::keyMetricForKind(u"tcp_rr"_s), u"transactions_per_s"_s);
}

// packet_rate turns round without its probe, and probes forward only: the
// sweep's forward case keeps its probe.
void TstPlan::packetRateDirections()
{
    QString error;
    const auto plan = parse(R"({"name":"p","hosts":{"a":{},"b":{}},"tests":[
        {"kind":"packet_rate","client":"a","server":"b","params":{"direction":["forward","reverse","bidirectional"]}},
        {"kind":"packet_rate","client":"a","server":"b","params":{"direction":"forward","probe_rate_pps":1000}}]})",
                            &error);
    QVERIFY2(plan, qPrintable(error));
    QCOMPARE(plan->cases.size(), 4);
    QCOMPARE(plan->cases.at(3).params.value(u"probe_rate_pps"_s).toInt(), 1000);
}

// Latency under load: flent's 60 s of load unless the plan says otherwise,
// the loaded UDP probe's p99 as its key metric.
void TstPlan::rrulDefaults()
{
    QString error;
    auto plan = parse(R"({"name":"r","hosts":{"a":{"transport":"local"},"b":{"transport":"local"}},
        "tests":[{"kind":"rrul","client":"a","server":"b","params":{"streams":[2,8],"idle_s":2}},
                 {"kind":"rrul","client":"a","server":"b","duration_s":20}]})", &error);
    QVERIFY2(plan, qPrintable(error));
    QCOMPARE(plan->cases.size(), 3);
    QCOMPARE(plan->cases[0].durationS, 60.0);
    QCOMPARE(plan->cases[1].params.value(u"streams"_s).toInt(), 8);
    QCOMPARE(plan->cases[2].durationS, 20.0);
    QCOMPARE(plan->cases[0].repetitions.metric, u"loaded_udp_latency_us_p99"_s);
    QVERIFY(plan->cases[0].key != plan->cases[1].key);
    plan = parse(R"({"name":"r","hosts":{"a":{"transport":"local"},"b":{"transport":"local"}},"defaults":{"duration_s":15},
        "tests":[{"kind":"rrul","client":"a","server":"b"}]})", &error);
    QVERIFY2(plan, qPrintable(error));
    QCOMPARE(plan->cases[0].durationS, 15.0);
}

static wb::Inventory twoHostLab()
{
    wb::Inventory lab;
    wb::Host h1;
    h1.name = u"h1"_s;
    h1.address = u"198.51.100.11"_s;
    h1.sshAddress = u"198.51.100.131"_s;
    h1.sshUser = u"root"_s;
    h1.sshKeyPath = u"/keys/lab"_s;
    h1.jumpHost = u"ops@bastion:2222"_s;
    wb::Host h2 = h1;
    h2.name = u"h2"_s;
    h2.address = u"198.51.100.12"_s;
    h2.sshAddress.clear();
    h2.dataPortMin = 5301;
    h2.dataPortMax = 5310;
    lab.hosts = {h1, h2};
    for (const QString &host : {u"h1"_s, u"h2"_s})
        for (const QString &nic : {u"data0"_s, u"mgmt0"_s}) {
            wb::Nic n;
            n.hostName = host;
            n.interfaceName = nic;
            lab.nics.append(n);
        }
    return lab;
}

void TstPlan::resolvesAgainstTheInventory()
{
    QString error;
    auto plan = parse(R"({"name":"p","hosts":{"h2":{"user":"lab","address":"198.51.100.12"},"h3":{"transport":"local"}},
        "tests":[{"kind":"tcp_rr","client":{"host":"h1","nic":"data0"},"server":{"host":"h2","nic":"data0"}},
                 {"kind":"tcp_rr","client":"h3","server":"h1"}]})", &error);
    QVERIFY2(plan, qPrintable(error));
    QCOMPARE(plan->references.size(), 4);
    QCOMPARE(plan->references.at(1).path, u"tests[0].server"_s);
    auto resolved = wb::PlanHosts::resolve(*plan, twoHostLab(), &error);
    QVERIFY2(resolved, qPrintable(error));
    QCOMPARE(resolved->hosts().size(), 3);
    const wb::ResolvedHost *h1 = resolved->find(u"h1"_s);
    QVERIFY(h1);
    QCOMPARE(h1->origin, wb::ResolvedHost::Origin::Inventory);
    QCOMPARE(h1->host.transport, u"ssh"_s);
    QCOMPARE(h1->host.address, u"198.51.100.11"_s);    // data
    QCOMPARE(h1->host.sshAddress, u"198.51.100.131"_s); // management
    QCOMPARE(h1->host.identityFile, u"/keys/lab"_s);
    QCOMPARE(h1->host.jumpHost, u"ops@bastion:2222"_s);
    QCOMPARE(h1->host.sshPort, 0); // 22: ~/.ssh/config may say otherwise
    // Both name h2: the plan's user wins; its address repeats the inventory's.
    const wb::ResolvedHost *h2 = resolved->find(u"h2"_s);
    QVERIFY(h2);
    QCOMPARE(h2->origin, wb::ResolvedHost::Origin::PlanOverridesInventory);
    QCOMPARE(h2->host.sshUser, u"lab"_s);
    QCOMPARE(h2->host.sshAddress, u"198.51.100.12"_s); // the inventory's rule: SSH to the address
    QCOMPARE(h2->host.dataPortMin, 5301);
    QCOMPARE(h2->overriddenFields, QStringList{u"user"_s});
    QCOMPARE(resolved->notes(),
             QStringList{u"h2: the plan's \"hosts\" entry overrides the inventory's user for this plan"_s});
    const wb::ResolvedHost *h3 = resolved->find(u"h3"_s);
    QVERIFY(h3);
    QCOMPARE(h3->origin, wb::ResolvedHost::Origin::PlanOnly);
    QCOMPARE(h3->host.transport, u"local"_s);
    // The resolved plan is what the orchestrator runs: every host in it.
    QVERIFY(resolved->plan().host(u"h1"_s) && resolved->plan().host(u"h2"_s) && resolved->plan().host(u"h3"_s));
    QVERIFY(!resolved->plan().firstUnknownHost());
    // Importing the plan offers the host the inventory lacks, as it is reached.
    const QList<wb::Host> missing = wb::PlanHosts::hostsMissingFromInventory(*plan, twoHostLab());
    QCOMPARE(missing.size(), 1);
    QCOMPARE(missing.first().name, u"h3"_s);
    QVERIFY(missing.first().address.isEmpty()); // local: this machine
}

void TstPlan::unknownHostsNameTheirPath()
{
    QString error;
    // A plan with no "hosts" at all parses; the inventory supplies them.
    auto plan = parse(R"({"name":"p","tests":[{"kind":"tcp_rr","client":"h1","server":"h1"},
        {"kind":"tcp_rr","client":{"host":"h1","nic":"data0"},"server":{"host":"h9","nic":"data0"}}]})", &error);
    QVERIFY2(plan, qPrintable(error));
    QVERIFY(plan->hosts.isEmpty());
    QCOMPARE(plan->firstUnknownHost()->host, u"h1"_s);
    QVERIFY(!wb::PlanHosts::resolve(*plan, twoHostLab(), &error));
    QVERIFY2(error.startsWith(u"tests[1].server.host: unknown host 'h9': it is neither under the plan's \"hosts\" "
                              "nor in the inventory"_s), qPrintable(error));
    QVERIFY(!wb::PlanHosts::resolve(*plan, wb::Inventory(), &error));
    QVERIFY2(error.startsWith(u"tests[0].client.host: unknown host 'h1'"_s), qPrintable(error));
    // A NIC the inventory does not list for its host.
    plan = parse(R"({"name":"p","tests":[{"kind":"tcp_rr","client":{"host":"h1","nic":"eth7"},"server":"h2"}]})", &error);
    QVERIFY(plan);
    QVERIFY(!wb::PlanHosts::resolve(*plan, twoHostLab(), &error));
    QVERIFY2(error.startsWith(u"tests[0].client.nic: host 'h1' has no NIC 'eth7' in the inventory (it has data0, mgmt0)"_s),
             qPrintable(error));
}

// A datagram larger than the narrowest MTU on the case's path is fragmented
// by the kernel: the plan says so for each case, before it runs, naming the
// NIC and its MTU (the agent's default sizes count too).
void TstPlan::warnsOfFragmentedDatagrams()
{
    wb::Inventory lab = twoHostLab();
    for (wb::Nic &n : lab.nics)
        n.mtu = n.hostName == u"h2"_s ? 1280 : 9000;
    QString error;
    auto plan = parse(R"({"name":"p","tests":[
        {"kind":"udp_stream","client":{"host":"h1","nic":"data0"},"server":{"host":"h2","nic":"data0"},
         "params":{"message_size_bytes":[1200,1472]}},
        {"kind":"udp_stream","client":{"host":"h1","nic":"data0"},"server":{"host":"h2","nic":"data0"},"ip_version":6},
        {"kind":"packet_rate","client":{"host":"h1","nic":"data0"},"server":{"host":"h2","nic":"data0"}},
        {"kind":"tcp_stream","client":{"host":"h1","nic":"data0"},"server":{"host":"h2","nic":"data0"},
         "params":{"message_size_bytes":60000}}]})", &error);
    QVERIFY2(plan, qPrintable(error));
    auto resolved = wb::PlanHosts::resolve(*plan, lab, &error);
    QVERIFY2(resolved, qPrintable(error));
    const QStringList notes = resolved->notes();
    // 1472 B over IPv4 and the default 1472 B over IPv6; not 1200 B (1228
    // bytes fit 1280), not packet_rate's 18 B, not TCP (segments, not datagrams).
    QCOMPARE(notes.size(), 2);
    QVERIFY2(notes.at(0).contains(u"1500-byte IPv4 datagrams (1472 bytes of payload) exceed the 1280-byte MTU of NIC "
                                  "h2/data0 (in the inventory)"_s),
             qPrintable(notes.at(0)));
    QVERIFY(notes.at(0).contains(u"use message_size_bytes 1252 or less"_s));
    QVERIFY2(notes.at(1).contains(u"1520-byte IPv6 datagrams"_s), qPrintable(notes.at(1)));
    QVERIFY(notes.at(1).contains(u"use message_size_bytes 1232 or less"_s));
    QVERIFY(notes.at(0).startsWith(resolved->plan().cases.at(1).name + u": "_s));
    // With MTUs that carry them, nothing to say.
    for (wb::Nic &n : lab.nics)
        n.mtu = 9000;
    resolved = wb::PlanHosts::resolve(*plan, lab, &error);
    QVERIFY2(resolved, qPrintable(error));
    QVERIFY2(resolved->notes().isEmpty(), qPrintable(resolved->notes().join(u'\n')));
}

// Every plan the project ships or seeds its fuzzers with is a valid plan
// (a seed that does not parse teaches the fuzzer nothing of the plan).
void TstPlan::everyPlanFileLoads()
{
    int checked = 0;
    for (const QString &folder : {QStringLiteral(WB_TEST_DATA_DIR "/plans"), QStringLiteral(WB_SOURCE_DIR "/resources/plans")})
        for (const QFileInfo &f : QDir(folder).entryInfoList({u"*.json"_s}, QDir::Files)) {
            QString error;
            const auto plan = wb::Plan::load(f.filePath(), &error);
            QVERIFY2(plan, qPrintable(error));
            QVERIFY2(!plan->cases.isEmpty(), qPrintable(f.filePath()));
            ++checked;
        }
    QVERIFY(checked >= 6);
    QString error;
    const auto rrul = wb::Plan::load(QStringLiteral(WB_TEST_DATA_DIR "/plans/rrul.json"), &error);
    QVERIFY2(rrul, qPrintable(error));
    QCOMPARE(rrul->cases.size(), 3); // two stream counts, then the IPv6 case
    QCOMPARE(rrul->cases.at(2).ipVersion, 6);
}

QTEST_GUILESS_MAIN(TstPlan)
#include "tst_plan.moc"
