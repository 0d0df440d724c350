// SPDX-License-Identifier: GPL-3.0-or-later
// The shipped baselines against the seed lab reports they come from
// (tests/data/seeds/ holds copies): counts per source, spot values, hardware,
// and the line-rate ceilings against core/analysis/ethernetceiling.h.

#include "exchange/baselineset.h"
#include "inventory/inventory.h"
#include "analysis/ethernetceiling.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace Qt::StringLiterals;
using namespace wb;

class TestBaselineSet : public QObject
{
    Q_OBJECT

private:
    BaselineSet m_set = BaselineSet::loadBuiltin();

    const Baseline &get(const QString &key)
    {
        const Baseline *b = m_set.find(key);
        if (!b)
            qFatal("baseline %s is missing", qPrintable(key));
        return *b;
    }

private slots:
    void loadsBuiltin()
    {
        QVERIFY2(m_set.isValid(), qPrintable(m_set.error()));
        QVERIFY(m_set.setVersion() >= 1);
        for (const Baseline &b : m_set.baselines()) {
            QVERIFY2(!b.record.metrics.isEmpty(), qPrintable(b.key));
            QVERIFY2(!b.hardware.isEmpty(), qPrintable(b.key));
            // Every record survives the canonical JSON round trip the store uses.
            QString error;
            const auto again = ResultRecord::fromJson(b.record.toJson(), &error);
            QVERIFY2(again && *again == b.record, qPrintable(b.key + u": "_s + error));
        }
    }

    void countsPerSource_data()
    {
        QTest::addColumn<QString>("source");
        QTest::addColumn<int>("count");
        // 2 rated latencies, 5 UDP_STREAM, 3 TCP_RR (one quoted in prose).
        QTest::newRow("brown 1999 FS108") << u"000_f12b096113c81937.txt"_s << 10;
        // 4 driver transmit costs, the m_copy reference, 2 forwarding estimates.
        QTest::newRow("rizzo 1998 tx cost") << u"001_4016f48cd033e7e6.txt"_s << 7;
        // user-space TCP, pktgen 60 B (new skb, reused skb, tulip), 1514 B both directions.
        QTest::newRow("greear tg3 pktgen") << u"002_0078964b54e8fdcf.txt"_s << 6;
        QTest::newRow("olsson 2000 tulip") << u"003_52e9f5265d9e5705.txt"_s << 3;
        // 8 host pairs x (file, /dev/null) + the routed 10 Mbit/s sessions.
        QTest::newRow("rodichev 1997 ftp") << u"004_d8c5564e03197e76.txt"_s << 17;
        QTest::newRow("ceilings") << QString() << 21;
    }

    void countsPerSource()
    {
        QFETCH(QString, source);
        QFETCH(int, count);
        QCOMPARE(m_set.fromSource(source).size(), count);
        if (!source.isEmpty()) {
            QVERIFY2(QFile::exists(QStringLiteral(WB_TEST_DATA_DIR) + u"/seeds/"_s + source), qPrintable(source));
            for (const Baseline &b : m_set.fromSource(source))
                QVERIFY(!b.citation.title.isEmpty() && !b.citation.author.isEmpty());
        }
    }

    void spotValues_data()
    {
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("metric");
        QTest::addColumn<QString>("side");
        QTest::addColumn<double>("value");
        auto row = [](const char *k, const char *m, const char *s, double v) {
            QTest::newRow((QByteArray(k) + ' ' + m + ' ' + s).constData())
                << QString::fromLatin1(k) << QString::fromLatin1(m) << QString::fromLatin1(s) << v;
        };
        row("brown1999/rated-latency/fs108", "rated_latency_us", "", 15);
        row("brown1999/rated-latency/fs508", "rated_latency_us", "", 11);
        row("brown1999/udp_stream/fs108/adam-eve/1472B", "throughput_bps", "client", 95.07e6);
        row("brown1999/udp_stream/fs108/adam-eve/1472B", "messages", "server", 80727);
        row("brown1999/udp_stream/fs108/adam-eve/1B", "messages", "client", 985963);
        row("brown1999/udp_stream/fs108/adam-eve/1B", "messages", "server", 8356);
        row("brown1999/udp_stream/fs108/eve-adam/1B", "elapsed_s", "client", 10.31);
        row("brown1999/udp_stream/fs108/eve-adam/1B", "throughput_bps", "server", 0.02e6);
        row("brown1999/udp_stream/cat5000/b2-b10/1B", "messages", "server", 341481);
        row("brown1999/udp_stream/cat5000/ganesh-b10/1B", "throughput_bps", "server", 0.35e6);
        row("brown1999/udp_stream/cat5000/ganesh-b10/1B", "loss_ratio", "", (452337.0 - 436887.0) / 452337.0);
        row("brown1999/tcp_rr/fs108/eve-adam", "transactions_per_s", "", 1325.41);
        row("brown1999/tcp_rr/cat5000/ganesh-b10", "transactions_per_s", "", 4749.19);
        row("brown1999/tcp_rr/cat5000/eepro-eepro", "transactions_per_s", "", 5664);
        row("rizzo1998/tx-cost/ed/1024B", "tx_cost_ticks", "", 25000);
        row("rizzo1998/tx-cost/ed/1024B", "tx_cost_us_per_packet", "", 25000 / 90.0);
        row("rizzo1998/tx-cost/ed/512B", "tx_cost_ticks", "", 15000);
        row("rizzo1998/tx-cost/lnc/1024B", "tx_cost_us_per_packet", "", 5000 / 90.0);
        row("rizzo1998/tx-cost/de/1024B", "tx_cost_us_per_packet", "", 1000 / 90.0);
        row("rizzo1998/cpu-cost/m_copy/1024B", "cpu_cost_ticks", "", 700);
        row("rizzo1998/forwarding-estimate/de", "forwarded_packets_per_s", "", 30000);
        row("greear/pktgen/tg3/60B", "packets_per_s", "client", 122000);
        row("greear/pktgen/tg3/60B", "latency_us_mean", "", 22);
        row("greear/pktgen/tg3/60B", "drops", "", 0);
        row("greear/pktgen/tg3/60B/skb-reuse", "packets_per_s", "client", 170000);
        row("greear/pktgen/tulip/60B", "packets_per_s", "client", 140000);
        row("greear/pktgen/tg3/1514B", "packets_per_s", "client", 25800);
        row("greear/pktgen/tg3/1514B", "throughput_bps", "client", 310e6);
        row("greear/pktgen/tg3/1514B", "latency_us_mean", "", 17000);
        row("greear/pktgen/tg3/1514B", "drops", "", 2000);
        row("greear/pktgen/tg3/1514B/probe", "latency_us_mean", "", 127);
        row("greear/tcp-userspace/tg3", "throughput_bps", "", 112e6);
        row("olsson2000/forwarding/tulip/normal-path", "forwarded_packets_per_s", "", 40000);
        row("olsson2000/forwarding/tulip/fast-switching", "forwarded_packets_per_s", "", 147000);
        row("rodichev1997/ftp/zeus-torus/file", "throughput_bps", "", 810.0 * 1024 * 8);
        row("rodichev1997/ftp/zeus-torus/devnull", "throughput_bps", "", 4.2 * 1048576 * 8);
        row("rodichev1997/ftp/torus-zeus/file", "throughput_bps", "", 6.1 * 1048576 * 8);
        row("rodichev1997/ftp/net3-zeus/devnull", "throughput_bps", "", 8.6 * 1048576 * 8);
        row("rodichev1997/ftp/zeus-star/devnull", "throughput_bps", "", 8.5 * 1048576 * 8);
        row("rodichev1997/ftp/star-zeus/file", "throughput_bps", "", 7.3 * 1048576 * 8);
        row("ceiling/ethernet/100M/64B", "packets_per_s", "", 100e6 / (84 * 8));
        row("ceiling/ethernet/1G/1518B", "throughput_bps", "", 1e9 / (1538 * 8) * 1472 * 8);
    }

    void spotValues()
    {
        QFETCH(QString, key);
        QFETCH(QString, metric);
        QFETCH(QString, side);
        QFETCH(double, value);
        const std::optional<double> got = get(key).record.metric(metric, side);
        QVERIFY2(got.has_value(), qPrintable(key + u' ' + metric));
        QVERIFY2(std::abs(*got - value) <= 1e-3 * std::max(1.0, std::abs(value)),
                 qPrintable(u"%1 %2: %3 != %4"_s.arg(key, metric).arg(*got).arg(value)));
    }

    // Every figure of the seeds appears, as printed, in the seed text.
    void reportedFiguresAreInTheSeeds()
    {
        int checked = 0;
        for (const Baseline &b : m_set.baselines()) {
            const QString reported = b.record.extra.value(u"reported"_s).toString();
            if (reported.isEmpty() || b.citation.sourceFile.isEmpty())
                continue;
            QFile f(QStringLiteral(WB_TEST_DATA_DIR) + u"/seeds/"_s + b.citation.sourceFile);
            QVERIFY(f.open(QIODevice::ReadOnly));
            const QString text = QString::fromUtf8(f.readAll()).simplified();
            // The FTP table prints "810 Kbytes/sec"; the figure itself must be there.
            const QString figure = reported.section(u' ', 0, 0);
            QVERIFY2(text.contains(figure), qPrintable(b.key + u": "_s + figure));
            ++checked;
        }
        QVERIFY(checked >= 20);
    }

    void ftpTableIsComplete()
    {
        const QStringList others{u"torus"_s, u"net3"_s, u"mira"_s, u"star"_s};
        const QMap<QString, int> cable{{u"Zeus"_s, 1}, {u"Torus"_s, 65}, {u"Net3"_s, 65}, {u"Mira"_s, 38}, {u"Star"_s, 1}};
        for (const QString &o : others) {
            for (const QString &dir : {u"zeus-"_s + o, o + u"-zeus"_s}) {
                for (const QString &sink : {u"file"_s, u"devnull"_s}) {
                    const Baseline &b = get(u"rodichev1997/ftp/%1/%2"_s.arg(dir, sink));
                    QCOMPARE(b.record.kind, u"file_transfer"_s);
                    QCOMPARE(b.record.params.value(u"sink"_s).toString(), sink == u"file"_s ? u"file"_s : u"/dev/null"_s);
                    QVERIFY(b.record.params.value(u"unit_assumption"_s).toString().contains(u"2^20"_s));
                    const QJsonArray hosts = b.hardware.value(u"hosts"_s).toArray();
                    QCOMPARE(hosts.size(), 2);
                    for (const QJsonValue &h : hosts) {
                        const QJsonObject host = h.toObject();
                        QCOMPARE(host.value(u"cable_to_hub_m"_s).toInt(), cable.value(host.value(u"name"_s).toString()));
                        QVERIFY(!host.value(u"kernel"_s).toString().isEmpty());
                        QVERIFY(!host.value(u"nics"_s).toArray().first().toObject().value(u"driver_version"_s).toString().isEmpty());
                    }
                    QCOMPARE(b.hardware.value(u"hub"_s).toObject().value(u"kind"_s).toString(), u"hub"_s);
                }
            }
        }
    }

    void ceilingsMatchTheFormula()
    {
        int n = 0;
        for (const Baseline &b : m_set.baselines()) {
            if (b.record.kind != u"ceiling"_s)
                continue;
            const double link = b.record.params.value(u"link_bps"_s).toDouble();
            const int frame = b.record.params.value(u"frame_size_bytes"_s).toInt();
            QVERIFY(std::abs(*b.record.metric(u"packets_per_s"_s) - wb::ethernet::maxFrameRate(link, frame)) < 1e-5);
            QVERIFY(std::abs(*b.record.metric(u"throughput_bps"_s) - wb::ethernet::udpGoodputBps(link, frame)) < 1e-3);
            ++n;
        }
        QCOMPARE(n, 21);
        QCOMPARE(wb::ethernet::frameForUdpPayload(1472), 1518);
        QCOMPARE(wb::ethernet::frameForUdpPayload(1), 64);
        // Olsson's 147 kpps fast switching is 98.8 % of the 100 Mbit/s wire for 64 B frames.
        QVERIFY(147000 < wb::ethernet::maxFrameRate(100e6, 64));
        QVERIFY(147000 > 0.98 * wb::ethernet::maxFrameRate(100e6, 64));
    }

    void upgradeInsertsOnlyMissingKeys()
    {
        QSet<QString> stored;
        for (const Baseline &b : m_set.fromSource(u"000_f12b096113c81937.txt"_s))
            stored.insert(b.key);
        stored.insert(u"someone/else/old-key"_s);
        const QList<Baseline> missing = m_set.missingFrom(stored);
        QCOMPARE(missing.size(), m_set.baselines().size() - 10);
        for (const Baseline &b : missing)
            QVERIFY(!stored.contains(b.key));
        QVERIFY(m_set.missingFrom({}).size() == m_set.baselines().size());
    }

    void damagedSetNamesTheField()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        auto write = [&](const QString &name, const QByteArray &data) {
            QFile f(dir.filePath(name));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(data);
        };
        write(u"index.json"_s, R"({"format":"wirebench-baselines-index","set_version":1,"files":["a.json"]})");
        write(u"a.json"_s, R"({"format":"wirebench-baselines","format_version":1,
            "citation":{"title":"T","author":"A"},"hardware":{},
            "baselines":[{"key":"k","hardware":{"x":1},"record":{"kind":"udp_stream","metrics":[
              {"name":"throughput_bps","side":"client","value":1,"unit":"Mbit/s"}]}}]})");
        const BaselineSet bad = BaselineSet::loadDirectory(dir.path());
        QVERIFY(!bad.isValid());
        QVERIFY(bad.baselines().isEmpty());
        QVERIFY2(bad.error().contains(u"a.json"_s) && bad.error().contains(u"baselines[0]"_s)
                     && bad.error().contains(u"bit/s"_s),
                 qPrintable(bad.error()));
    }

    // Every figure says the link it ran over, as its source gives it (or
    // infers it from its own figures, marked so), and "not stated" otherwise.
    void linkOfEveryBaseline()
    {
        QCOMPARE(m_set.baselines().size(), 64);
        QMap<QString, int> bySpeed;
        for (const Baseline &b : m_set.baselines()) {
            const QJsonObject link = b.hardware.value(u"link"_s).toObject();
            QVERIFY2(!link.isEmpty(), qPrintable(b.key));
            const QJsonValue speed = link.value(u"speed_bps"_s);
            QVERIFY2(speed.isDouble() || speed.toString() == u"not stated"_s, qPrintable(b.key));
            QVERIFY2(!link.value(u"duplex"_s).toString().isEmpty(), qPrintable(b.key));
            if (speed.isDouble())
                QVERIFY2(!link.value(u"basis"_s).toString().isEmpty(), qPrintable(b.key));
            bySpeed[speed.isDouble() ? QString::number(qint64(speed.toDouble())) : u"-"_s] += 1;
        }
        auto link = [&](const char *key) { return m_set.find(QString::fromLatin1(key))->hardware.value(u"link"_s).toObject(); };
        // 1997: "five Linux boxes connected via Fast Ethernet hub".
        QCOMPARE(link("rodichev1997/ftp/zeus-torus/file").value(u"speed_bps"_s).toDouble(), 100e6);
        QCOMPARE(link("rodichev1997/ftp/zeus-torus/file").value(u"duplex"_s).toString(), u"half"_s);
        QCOMPARE(link("rodichev1997/ftp/10mbit-via-net3/parallel").value(u"speed_bps"_s).toDouble(), 10e6);
        // 1998: only the de card's speed is given ("DE21140-PCI 100Mbit").
        QCOMPARE(link("rizzo1998/tx-cost/de/1024B").value(u"speed_bps"_s).toDouble(), 100e6);
        QCOMPARE(link("rizzo1998/tx-cost/ed/1024B").value(u"speed_bps"_s).toString(), u"not stated"_s);
        // 1999: 95.07 Mbit/s through the FS108 is Fast Ethernet; the Catalyst runs do not say.
        QCOMPARE(link("brown1999/udp_stream/fs108/adam-eve/1B").value(u"speed_bps"_s).toDouble(), 100e6);
        QVERIFY(link("brown1999/udp_stream/fs108/adam-eve/1B").value(u"inferred"_s).toBool());
        QCOMPARE(link("brown1999/udp_stream/cat5000/b2-b10/1B").value(u"speed_bps"_s).toString(), u"not stated"_s);
        QCOMPARE(link("brown1999/udp_stream/cat5000/b2-b10/1B").value(u"duplex"_s).toString(), u"not stated"_s);
        // 2000: genuine fast ethernet tulips, 64-byte frames.
        QCOMPARE(link("olsson2000/forwarding/tulip/fast-switching").value(u"speed_bps"_s).toDouble(), 100e6);
        QCOMPARE(link("olsson2000/forwarding/tulip/fast-switching").value(u"frame_bytes"_s).toInt(), 64);
        QCOMPARE(link("olsson2000/forwarding/production-peak").value(u"speed_bps"_s).toString(), u"not stated"_s);
        // tg3: 310 Mbit/s in one direction is more than Fast Ethernet carries.
        QCOMPARE(link("greear/pktgen/tg3/1514B").value(u"speed_bps"_s).toDouble(), 1e9);
        QCOMPARE(link("greear/pktgen/tg3/1514B").value(u"frame_bytes"_s).toInt(), 1518);
        QCOMPARE(link("greear/pktgen/tulip/60B").value(u"speed_bps"_s).toDouble(), 100e6);
        QCOMPARE(link("ceiling/ethernet/10M/64B").value(u"speed_bps"_s).toDouble(), 10e6);
        // Not stated: 1998's ed (2), lnc, m_copy and lnc estimate; 1999's two
        // rated latencies and four Catalyst 5000 runs; 2000's production peak.
        QCOMPARE(bySpeed.value(u"-"_s), 5 + 6 + 1);
        QCOMPARE(bySpeed.value(u"100000000"_s), 16 + 2 + 4 + 2 + 1 + 7); // FTP, de, FS108, tulip router, tulip, ceilings
    }

    // The structured environment names each end where the source does.
    void environmentOfTheFtpTable()
    {
        const Baseline *b = m_set.find(u"rodichev1997/ftp/mira-zeus/devnull"_s);
        QVERIFY(b);
        const QJsonObject env = b->hardware.value(u"environment"_s).toObject();
        const QJsonObject client = env.value(u"client"_s).toObject();
        QCOMPARE(client.value(u"host"_s).toString(), u"Mira"_s);
        QCOMPARE(client.value(u"cpu"_s).toString(), u"Pentium 133 MHz"_s);
        QCOMPARE(client.value(u"kernel"_s).toString(), u"2.0.27"_s);
        QCOMPARE(client.value(u"driver_version"_s).toString(), u"tulip.c:v0.10+0.72+0.01"_s);
        QCOMPARE(client.value(u"cable_m"_s).toDouble(), 38.0);
        QCOMPARE(env.value(u"server"_s).toObject().value(u"host"_s).toString(), u"Zeus"_s);
        QCOMPARE(env.value(u"switch"_s).toObject().value(u"kind"_s).toString(), u"hub"_s);
        // The citation's free text stays.
        QVERIFY(b->hardware.contains(u"hosts"_s));
    }

    void badLinkNamesTheField_data()
    {
        QTest::addColumn<QByteArray>("link");
        QTest::addColumn<QString>("expected");
        QTest::newRow("missing") << QByteArray() << u"link is missing"_s;
        QTest::newRow("speed") << QByteArray(R"(,"link":{"speed_bps":"fast","duplex":"full"})") << u"link.speed_bps"_s;
        QTest::newRow("duplex") << QByteArray(R"(,"link":{"speed_bps":1e8,"duplex":"both"})") << u"link.duplex"_s;
    }

    void badLinkNamesTheField()
    {
        QFETCH(QByteArray, link);
        QFETCH(QString, expected);
        QTemporaryDir dir;
        auto write = [&](const QString &name, const QByteArray &data) {
            QFile f(dir.filePath(name));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(data);
        };
        write(u"index.json"_s, R"({"format":"wirebench-baselines-index","set_version":2,"files":["a.json"]})");
        write(u"a.json"_s, R"({"format":"wirebench-baselines","format_version":1,
            "citation":{"title":"T","author":"A"},"hardware":{},
            "baselines":[{"key":"k","hardware":{"x":1},"record":{"kind":"udp_stream","metrics":[
              {"name":"throughput_bps","side":"client","value":1,"unit":"bit/s"}]})" + link + "}]}");
        const BaselineSet bad = BaselineSet::loadDirectory(dir.path());
        QVERIFY(!bad.isValid());
        QVERIFY2(bad.error().contains(u"a.json"_s) && bad.error().contains(u"baselines[0] (k)"_s)
                     && bad.error().contains(expected),
                 qPrintable(bad.error()));
    }

    void exampleLabIsConsistent()
    {
        // The 1997 lab is a lab file like any other (docs/lab-format.md):
        // the inventory's own parser reads it, links and all.
        QString error;
        const auto lab = wb::Inventory::fromFile(u":/labs/1997-sai-msu-fast-ethernet.json"_s, &error);
        QVERIFY2(lab, qPrintable(error));
        QCOMPARE(lab->hosts.size(), 5);
        QCOMPARE(lab->links.size(), 5);
        QCOMPARE(lab->switches.size(), 1);
        QCOMPARE(lab->switches.first().kind, wb::SwitchKind::Hub);
        // The report's cable lengths: 65 m to Torus and Net3, 38 m to Mira, 1 m to Zeus and Star.
        QMap<QString, double> len;
        for (const wb::Cable &c : lab->cables)
            len.insert(c.label, c.lengthM.value_or(-1));
        QCOMPARE(len.value(u"cable-torus"_s), 65.0);
        QCOMPARE(len.value(u"cable-net3"_s), 65.0);
        QCOMPARE(len.value(u"cable-mira"_s), 38.0);
        QCOMPARE(len.value(u"cable-zeus"_s), 1.0);
        QCOMPARE(len.value(u"cable-star"_s), 1.0);
        const wb::Nic *zeus = lab->nic(u"Zeus/eth0"_s);
        QVERIFY(zeus);
        QCOMPARE(zeus->driver, u"tulip"_s);
        QCOMPARE(zeus->maxSpeedBps, qint64(100000000));
    }
};

QTEST_GUILESS_MAIN(TestBaselineSet)
#include "tst_baselineset.moc"
