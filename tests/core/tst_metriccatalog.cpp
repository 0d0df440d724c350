// SPDX-License-Identifier: GPL-3.0-or-later
// The core's metric catalog against the golden catalog file the agent's
// tests read too: one list of names, units and kinds for both programs.

#include "analysis/groupcomparison.h"
#include "result/keyfigure.h"
#include "result/condition.h"
#include "result/metriccatalog.h"
#include "result/resultrecord.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QTest>

using namespace Qt::StringLiterals;

class TestMetricCatalog : public QObject
{
    Q_OBJECT

    QJsonObject m_golden;

private slots:
    void initTestCase()
    {
        QFile f(QStringLiteral(WB_TEST_DATA_DIR "/metric-catalog.json"));
        QVERIFY2(f.open(QIODevice::ReadOnly), qPrintable(f.fileName()));
        QJsonParseError err;
        m_golden = QJsonDocument::fromJson(f.readAll(), &err).object();
        QCOMPARE(err.error, QJsonParseError::NoError);
        QCOMPARE(m_golden.value(u"format"_s).toString(), u"wirebench-metric-catalog"_s);
    }

    void metricsMatchTheGoldenFile()
    {
        const QJsonArray metrics = m_golden.value(u"metrics"_s).toArray();
        QCOMPARE(metrics.size(), wb::metricCatalog().size());
        for (qsizetype i = 0; i < metrics.size(); ++i) {
            const QJsonObject m = metrics.at(i).toObject();
            const wb::MetricInfo &info = wb::metricCatalog().at(i);
            QCOMPARE(info.name, m.value(u"name"_s).toString());
            QCOMPARE(info.unit, m.value(u"unit"_s).toString());
            // Where the file states how a metric reads, the core says the same.
            if (m.contains(u"label"_s))
                QCOMPARE(info.label, m.value(u"label"_s).toString());
            if (m.contains(u"description"_s))
                QCOMPARE(info.description, m.value(u"description"_s).toString());
        }
    }

    void everyMetricIsDisplayable()
    {
        QSet<QString> names;
        for (const wb::MetricInfo &m : wb::metricCatalog()) {
            QVERIFY2(!names.contains(m.name), qPrintable(m.name));
            names.insert(m.name);
            QVERIFY2(!m.displayUnit.isEmpty(), qPrintable(m.name));
            QVERIFY2(m.displayScale > 0, qPrintable(m.name));
            QVERIFY2(!m.label.isEmpty() && !m.label.contains(u'_'), qPrintable(m.name));
            QVERIFY2(!m.description.isEmpty(), qPrintable(m.name));
            QCOMPARE(wb::findMetric(m.name), &m);
            QCOMPARE(wb::canonicalUnit(m.name), m.unit);
        }
        QVERIFY(!wb::findMetric(u"no_such_metric"_s));
        QVERIFY(wb::canonicalUnit(u"no_such_metric"_s).isEmpty());
    }

    void kindsMatchTheGoldenFile()
    {
        const QJsonArray kinds = m_golden.value(u"kinds"_s).toArray();
        QCOMPARE(kinds.size(), wb::testKinds().size());
        for (qsizetype i = 0; i < kinds.size(); ++i) {
            const QJsonObject k = kinds.at(i).toObject();
            QCOMPARE(wb::testKinds().at(i), k.value(u"name"_s).toString());
            QCOMPARE(wb::keyMetricForKind(k.value(u"name"_s).toString()), k.value(u"key_metric"_s).toString());
            QVERIFY2(wb::findMetric(k.value(u"key_metric"_s).toString()), qPrintable(k.value(u"name"_s).toString()));
        }
    }

    void kindsShowInTheirLabel()
    {
        QCOMPARE(wb::testKindLabel(u"udp_stream"_s), u"UDP stream"_s);
        QCOMPARE(wb::testKindLabel(u"tcp_rr"_s), u"TCP request/response"_s);
        QCOMPARE(wb::testKindLabel(u"no_such_kind"_s), u"no_such_kind"_s);
    }

    void definingParametersMatchTheGoldenFile()
    {
        // The golden file lists, per kind, what makes two measurements one
        // condition and the default an unstated value takes; the core's
        // table is exactly that, in that order.
        int kindsWithParameters = 0;
        for (const QJsonValue &v : m_golden.value(u"kinds"_s).toArray()) {
            const QJsonObject k = v.toObject();
            const QString kind = k.value(u"name"_s).toString();
            const QJsonArray golden = k.value(u"defining_parameters"_s).toArray();
            const QList<wb::ConditionParameterInfo> &core = wb::definingParameters(kind);
            QCOMPARE(core.size(), golden.size());
            kindsWithParameters += !golden.isEmpty();
            for (qsizetype i = 0; i < golden.size(); ++i) {
                const QJsonObject g = golden.at(i).toObject();
                const QString where = kind + u'.' + g.value(u"key"_s).toString();
                QVERIFY2(core.at(i).key == g.value(u"key"_s).toString(), qPrintable(where));
                QVERIFY2(core.at(i).label == g.value(u"label"_s).toString(), qPrintable(where));
                QVERIFY2(core.at(i).defaultValue == g.value(u"default"_s).toString(),
                         qPrintable(where + u": core "_s + core.at(i).defaultValue));
            }
        }
        QVERIFY(kindsWithParameters >= 9);
    }

    void displayFollowsTheCatalog_data()
    {
        QTest::addColumn<QString>("metric");
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("unit");
        QTest::addColumn<double>("scale");
        QTest::addColumn<QString>("label");
        QTest::newRow("stream throughput") << u"throughput_bps"_s << u"udp_stream"_s << u"Mbit/s"_s << 1e-6 << u"throughput"_s;
        QTest::newRow("file transfer") << u"throughput_bps"_s << u"file_transfer"_s << u"Mbit/s"_s << 1e-6
                                       << u"file transfer rate"_s;
        QTest::newRow("rr") << u"transactions_per_s"_s << u"tcp_rr"_s << u"tr/s"_s << 1.0 << u"transaction rate"_s;
        QTest::newRow("packets") << u"packets_per_s"_s << u"packet_rate"_s << u"kpps"_s << 1e-3 << u"packet rate"_s;
        QTest::newRow("per second unit") << u"forwarded_packets_per_s"_s << QString() << u"kpps"_s << 1e-3
                                         << u"forwarded packet rate"_s;
        QTest::newRow("latency") << u"latency_us_p99"_s << u"tcp_rr"_s << u"us"_s << 1.0 << u"p99 round-trip latency"_s;
        QTest::newRow("unknown") << u"vendor_figure"_s << QString() << QString() << 1.0 << u"vendor figure"_s;
    }

    void displayFollowsTheCatalog()
    {
        QFETCH(QString, metric);
        QFETCH(QString, kind);
        const wb::MetricInfo shown = wb::metricDisplay(metric, kind);
        QTEST(shown.displayUnit, "unit");
        QTEST(shown.displayScale, "scale");
        QTEST(shown.label, "label");
    }

    void sidesReadWhatArrived()
    {
        wb::ResultRecord stream;
        stream.kind = u"udp_stream"_s;
        stream.addMetric(u"throughput_bps"_s, u"client"_s, 100e6);
        stream.addMetric(u"throughput_bps"_s, u"server"_s, 90e6);
        QCOMPARE(wb::sidedMetricValue(stream, u"throughput_bps"_s).value_or(0), 90e6);
        QCOMPARE(wb::keyFigure(stream).side, u"server"_s);

        wb::ResultRecord rr;
        rr.kind = u"tcp_rr"_s;
        rr.addMetric(u"transactions_per_s"_s, u"server"_s, 10);
        rr.addMetric(u"transactions_per_s"_s, u"client"_s, 12);
        QCOMPARE(wb::sidedMetricValue(rr, u"transactions_per_s"_s).value_or(0), 12.0);
        QVERIFY(!wb::sidedMetricValue(rr, u"bytes"_s));

        // tcp_crr's key figure is the client's connection rate with its p99.
        wb::ResultRecord crr;
        crr.kind = u"tcp_crr"_s;
        crr.addMetric(u"connections_per_s"_s, u"server"_s, 9000);
        crr.addMetric(u"connections_per_s"_s, u"client"_s, 9001);
        crr.addMetric(u"latency_us_p99"_s, u"client"_s, 250);
        const wb::KeyFigure k = wb::keyFigure(crr);
        QCOMPARE(k.metric, u"connections_per_s"_s);
        QCOMPARE(k.side, u"client"_s);
        QCOMPARE(k.text, u"9001 conn/s, p99 250.0 µs"_s);
    }

    void rrulKeyFigureIsTheLoadedProbe()
    {
        // The loaded UDP probe's p99 at the client, with the idle one and both directions' load.
        wb::ResultRecord r;
        r.kind = u"rrul"_s;
        r.addMetric(u"loaded_udp_latency_us_p99"_s, u"client"_s, 48250);
        r.addMetric(u"idle_udp_latency_us_p99"_s, u"client"_s, 310);
        r.addMetric(u"throughput_bps"_s, u"server"_s, 9.4e6);
        r.addMetric(u"throughput_bps"_s, u"client"_s, 9.9e6);
        r.addMetric(u"reverse_throughput_bps"_s, u"client"_s, 9.3e6);
        const wb::KeyFigure k = wb::keyFigure(r);
        QCOMPARE(k.metric, u"loaded_udp_latency_us_p99"_s);
        QCOMPARE(k.side, u"client"_s);
        QCOMPARE(k.text, u"UDP p99 48.25 ms under load (0.31 ms idle), 9.40 Mbit/s up, 9.30 Mbit/s down"_s);
        QCOMPARE(wb::canonicalUnit(u"loaded_tcp_latency_us_p50"_s), u"us"_s);
        QCOMPARE(wb::metricDisplay(u"idle_udp_latency_us_p99"_s).label, u"idle UDP probe p99 latency"_s);
        QCOMPARE(wb::metricPolarity(u"loaded_udp_latency_us_p99"_s), wb::MetricPolarity::LowerIsBetter);
    }

    void reverseFiguresAreReadAtTheClient()
    {
        // direction reverse: the server sent, the client received.
        wb::ResultRecord reverse;
        reverse.kind = u"tcp_stream"_s;
        reverse.params.insert(u"direction"_s, u"reverse"_s);
        reverse.addMetric(u"throughput_bps"_s, u"server"_s, 100e6);
        reverse.addMetric(u"throughput_bps"_s, u"client"_s, 95e6);
        QCOMPARE(wb::sidedMetricValue(reverse, u"throughput_bps"_s).value_or(0), 95e6);
        const wb::KeyFigure k = wb::keyFigure(reverse);
        QCOMPARE(k.side, u"client"_s);
        QVERIFY2(k.text.contains(u"server→client"_s), qPrintable(k.text));

        // bidirectional: the plain names are forward, reverse_ the other way.
        wb::ResultRecord both;
        both.kind = u"udp_stream"_s;
        both.params.insert(u"direction"_s, u"bidirectional"_s);
        both.params.insert(u"streams"_s, 4);
        both.addMetric(u"throughput_bps"_s, u"client"_s, 100e6);
        both.addMetric(u"throughput_bps"_s, u"server"_s, 90e6);
        both.addMetric(u"reverse_throughput_bps"_s, u"server"_s, 50e6);
        both.addMetric(u"reverse_throughput_bps"_s, u"client"_s, 40e6);
        QCOMPARE(wb::sidedMetricValue(both, u"throughput_bps"_s).value_or(0), 90e6);
        QCOMPARE(wb::sidedMetricValue(both, u"reverse_throughput_bps"_s).value_or(0), 40e6);
        const wb::KeyFigure kb = wb::keyFigure(both);
        QCOMPARE(kb.value, 90e6);
        QVERIFY2(kb.text.contains(u"client→server"_s) && kb.text.contains(u"40.00 Mbit/s server→client"_s)
                     && kb.text.contains(u"4 streams"_s),
                 qPrintable(kb.text));
        QCOMPARE(wb::canonicalUnit(u"reverse_throughput_bps"_s), u"bit/s"_s);
    }

    // The socket knobs define the condition: a bbr run is not a cubic run,
    // nor one with another MSS or TOS; unset is the system's own, like 0.
    void socketKnobsDefineTheCondition()
    {
        auto stream = [](const QJsonObject &params) {
            wb::ResultRecord r;
            r.kind = u"tcp_stream"_s;
            r.params = params;
            r.addMetric(u"throughput_bps"_s, u"server"_s, 9e8);
            return wb::conditionOf(r, u"throughput_bps"_s, wb::FigureSide::Receiver);
        };
        const wb::Condition plain = stream({});
        const wb::Condition bbr = stream({{u"congestion_control"_s, u"bbr"_s}});
        const wb::Condition cubic = stream({{u"congestion_control"_s, u"CUBIC"_s}});
        QVERIFY(!bbr.sameAs(cubic));
        QVERIFY(!bbr.sameAs(plain));
        QCOMPARE(bbr.differences(cubic), QStringList{u"congestion control (bbr vs cubic)"_s});
        QVERIFY(!stream({{u"mss_bytes"_s, 1000}}).sameAs(plain));
        QVERIFY(!stream({{u"tos"_s, 184}}).sameAs(plain));
        QVERIFY(stream({{u"tos"_s, 0}}).sameAs(plain));
        QVERIFY(stream({{u"nodelay"_s, false}}).sameAs(plain)); // tcp_stream's default
        QVERIFY(!stream({{u"nodelay"_s, true}}).sameAs(plain));
    }

    // So do the stream and CPU knobs: a paced run, one with its start
    // omitted, zero-copy sends or pinned CPUs; at their defaults (what an
    // agent records when a plan left them alone) they are the plain run.
    void streamAndCpuKnobsDefineTheCondition()
    {
        auto run = [](const QString &kind, const QJsonObject &params) {
            wb::ResultRecord r;
            r.kind = kind;
            r.params = params;
            r.addMetric(u"throughput_bps"_s, u"server"_s, 9e8);
            return wb::conditionOf(r, u"throughput_bps"_s, wb::FigureSide::Receiver);
        };
        const wb::Condition plain = run(u"tcp_stream"_s, {});
        const wb::Condition paced = run(u"tcp_stream"_s, {{u"rate_bps"_s, 1e8}});
        QVERIFY(!paced.sameAs(plain));
        QCOMPARE(paced.differences(plain), QStringList{u"bit rate (100 Mbit/s vs unlimited (assumed))"_s});
        QVERIFY(run(u"tcp_stream"_s, {{u"rate_bps"_s, 0}}).sameAs(plain));
        QVERIFY(!run(u"tcp_stream"_s, {{u"omit_s"_s, 2}}).sameAs(plain));
        QVERIFY(run(u"tcp_stream"_s, {{u"omit_s"_s, 0}}).sameAs(plain));
        QVERIFY(!run(u"tcp_stream"_s, {{u"zerocopy"_s, true}}).sameAs(plain));
        QVERIFY(run(u"tcp_stream"_s, {{u"zerocopy"_s, false}}).sameAs(plain));
        const wb::Condition udp = run(u"udp_stream"_s, {});
        QVERIFY(!run(u"udp_stream"_s, {{u"omit_s"_s, 1.5}}).sameAs(udp));
        for (const QString &kind : {u"tcp_stream"_s, u"udp_stream"_s, u"tcp_rr"_s, u"tcp_crr"_s, u"packet_rate"_s}) {
            const wb::Condition base = run(kind, {});
            const wb::Condition pinned = run(kind, {{u"client_cpu"_s, 1}});
            QVERIFY2(!pinned.sameAs(base), qPrintable(kind));
            QVERIFY2(!run(kind, {{u"server_cpu"_s, 0}}).sameAs(base), qPrintable(kind));
            QVERIFY2(!pinned.sameAs(run(kind, {{u"client_cpu"_s, 0}})), qPrintable(kind));
        }
    }

    // A reverse file transfer or packet flood is never pooled with a forward
    // one, nor a bidirectional one with either; an unstated direction is
    // forward. The rr kinds have no direction to define them.
    void directionDefinesTheCondition()
    {
        auto condition = [](const QString &kind, const QString &metric, const QJsonObject &params) {
            wb::ResultRecord r;
            r.kind = kind;
            r.params = params;
            r.addMetric(metric, u"client"_s, 1e6);
            r.addMetric(metric, u"server"_s, 1e6);
            return wb::conditionOf(r, metric, wb::FigureSide::Receiver);
        };
        for (const auto &[kind, metric] : {std::pair{u"file_transfer"_s, u"throughput_bps"_s},
                                           std::pair{u"packet_rate"_s, u"packets_per_s"_s},
                                           std::pair{u"tcp_stream"_s, u"throughput_bps"_s}}) {
            const wb::Condition unstated = condition(kind, metric, {});
            const wb::Condition forward = condition(kind, metric, {{u"direction"_s, u"forward"_s}});
            const wb::Condition reverse = condition(kind, metric, {{u"direction"_s, u"reverse"_s}});
            const wb::Condition both = condition(kind, metric, {{u"direction"_s, u"bidirectional"_s}});
            QVERIFY2(forward.sameAs(unstated), qPrintable(kind));
            QVERIFY2(!reverse.sameAs(forward), qPrintable(kind));
            QVERIFY2(!both.sameAs(forward) && !both.sameAs(reverse), qPrintable(kind));
            QVERIFY2(reverse.differences(forward).join(u' ').contains(u"direction (reverse vs forward)"_s),
                     qPrintable(kind + u": "_s + reverse.differences(forward).join(u"; "_s)));
        }
        for (const QString &kind : {u"tcp_rr"_s, u"udp_rr"_s, u"tcp_crr"_s})
            QVERIFY2(!wb::findDefiningParameter(kind, u"direction"_s), qPrintable(kind));
    }

    // The IP version defines the condition of every measured kind: an IPv6
    // run is never pooled with an IPv4 one, whichever source states it
    // (our agent in extra.ip_version, netperf as the address family, iperf3
    // and the others through the addresses they connected).
    void ipVersionDefinesTheCondition()
    {
        auto run = [](const QString &kind, const QJsonObject &params, const QJsonObject &extra = {}) {
            wb::ResultRecord r;
            r.kind = kind;
            r.tool = u"wirebench-agent"_s;
            r.params = params;
            r.extra = extra;
            r.addMetric(u"throughput_bps"_s, u"server"_s, 9e8);
            return wb::conditionOf(r, u"throughput_bps"_s, wb::FigureSide::Receiver);
        };
        for (const QString &kind : {u"tcp_stream"_s, u"udp_stream"_s, u"tcp_rr"_s, u"udp_rr"_s, u"tcp_crr"_s,
                                    u"file_transfer"_s, u"packet_rate"_s, u"rrul"_s, u"rfc2544"_s, u"forwarding"_s}) {
            const wb::Condition v4 = run(kind, {}, {{u"ip_version"_s, 4}});
            const wb::Condition v6 = run(kind, {}, {{u"ip_version"_s, 6}});
            QVERIFY2(!v6.sameAs(v4), qPrintable(kind));
            QCOMPARE(v6.differences(v4), QStringList{u"IP version (IPv6 vs IPv4)"_s});
            // A record from before the IP version was kept ran over IPv4.
            QVERIFY2(run(kind, {}).sameAs(v4), qPrintable(kind));
        }
        const wb::Condition v4 = run(u"tcp_stream"_s, {}, {{u"ip_version"_s, 4}});
        const wb::Condition v6 = run(u"tcp_stream"_s, {}, {{u"ip_version"_s, 6}});
        QVERIFY(run(u"tcp_stream"_s, {{u"address_family"_s, u"AF_INET6"_s}}).sameAs(v6));
        QVERIFY(run(u"tcp_stream"_s, {{u"address_family"_s, u"AF_INET"_s}}).sameAs(v4));
        QVERIFY(run(u"tcp_stream"_s, {{u"server_address"_s, u"fd00::2"_s}}).sameAs(v6));
        QVERIFY(run(u"tcp_stream"_s, {{u"server_address"_s, u"[fe80::1%veth0]"_s}}).sameAs(v6));
        QVERIFY(run(u"tcp_stream"_s, {{u"server_address"_s, u"10.0.0.2"_s}}).sameAs(v4));
        // A dual-stack server's view of an IPv4 client is IPv4 on the wire.
        QVERIFY(run(u"tcp_stream"_s, {{u"server_address"_s, u"::ffff:127.0.0.1"_s}}).sameAs(v4));
        // What the run found beats an address it was given by name.
        QVERIFY(run(u"tcp_stream"_s, {{u"server_address"_s, u"lab-b"_s}}, {{u"ip_version"_s, 6}}).sameAs(v6));
    }

    void recordsTakeTheCatalogUnit()
    {
        wb::ResultRecord r;
        r.kind = u"tcp_rr"_s;
        r.addMetric(u"latency_us_mean"_s, u"client"_s, 12);
        QCOMPARE(r.metrics.first().unit, u"us"_s);
        QString error;
        QJsonObject json = r.toJson();
        QJsonArray metrics = json.value(u"metrics"_s).toArray();
        QJsonObject m = metrics.first().toObject();
        m.insert(u"unit"_s, u"ms"_s);
        metrics[0] = m;
        json.insert(u"metrics"_s, metrics);
        QVERIFY(!wb::ResultRecord::fromJson(json, &error));
        QVERIFY2(error.contains(u"metrics[0]"_s) && error.contains(u"'us'"_s), qPrintable(error));
    }
};

QTEST_GUILESS_MAIN(TestMetricCatalog)
#include "tst_metriccatalog.moc"
