// SPDX-License-Identifier: GPL-3.0-or-later
// rrul (latency under load) between two real agents on loopback: the probes'
// percentiles idle and loaded, bulk flows each way carrying bytes, the
// samples a chart is drawn from, and the parameters it refuses. Loopback has
// no bottleneck queue, so whether the load raises the latency is not asserted
// here; tst_datanetlab does that behind a shaped veth.

#include <QJsonArray>
#include <QJsonObject>
#include <QSet>
#include <QTest>

#include "agentprocess.h"
#include "result/keyfigure.h"
#include "result/metriccatalog.h"
#include "result/resultrecord.h"

using namespace Qt::StringLiterals;

namespace {

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

QList<QJsonObject> samplesNamed(const QJsonObject &record, const QString &name)
{
    QList<QJsonObject> out;
    for (const QJsonValue &v : record.value(u"samples"_s).toArray())
        if (v.toObject().value(u"name"_s).toString() == name)
            out.append(v.toObject());
    return out;
}

// Empty when both ends report `streams` bulk flows each way, every one
// carrying bytes; otherwise which end and direction do not.
QString bulkFlowsProblem(const QJsonObject &record, int streams)
{
    for (const QString &side : {u"client"_s, u"server"_s})
        for (const QString &dir : {u"forward"_s, u"reverse"_s}) {
            const QList<QJsonObject> e = streamEntries(record, side, dir);
            if (e.size() != streams)
                return u"%1 %2: %3 flows, not %4"_s.arg(side, dir).arg(e.size()).arg(streams);
            for (const QJsonObject &s : e)
                if (s.value(u"bytes"_s).toDouble() <= 1e5)
                    return u"%1 %2: a flow carried %3 bytes"_s.arg(side, dir).arg(s.value(u"bytes"_s).toDouble());
        }
    return {};
}

} // namespace

class TstAgentRrul : public QObject
{
    Q_OBJECT

private slots:
    void loopback();
    void overIpv6();
    void refusedParams_data();
    void refusedParams();
};

void TstAgentRrul::loopback()
{
    const double idle = 1.0, duration = 2.0;
    const int intervalMs = 20;
    const auto r = runPair(u"rrul"_s, {{u"duration_s"_s, duration}, {u"idle_s"_s, idle}, {u"streams"_s, 2},
                                       {u"probe_interval_ms"_s, intervalMs}, {u"interval_s"_s, 0.2}});
    QVERIFY2(r.client.value(u"type"_s).toString() == u"result"_s, qPrintable(describe(r.client)));
    QVERIFY2(r.server.value(u"type"_s).toString() == u"result"_s, qPrintable(describe(r.server)));
    const QJsonObject rec = r.clientRecord();
    const QJsonObject extra = rec.value(u"extra"_s).toObject();
    // A canonical record: every metric in the catalog; the key figure is the loaded UDP p99.
    QString error;
    const auto parsed = wb::ResultRecord::fromJson(rec, &error);
    QVERIFY2(parsed, qPrintable(error));
    for (const auto &m : parsed->metrics)
        QVERIFY2(!wb::canonicalUnit(m.name).isEmpty(), qPrintable(u"non-canonical metric "_s + m.name));
    const wb::KeyFigure key = wb::keyFigure(*parsed);
    QVERIFY(key.valid);
    QCOMPARE(key.value, recordMetric(rec, u"loaded_udp_latency_us_p99"_s, u"client"_s));

    // Percentiles of both probes in both phases, in order.
    for (const QString &probe : {u"udp"_s, u"tcp"_s}) {
        for (const QString &phase : {u"idle"_s, u"loaded"_s}) {
            bool f50 = false, f90 = false, f99 = false;
            const QString base = phase + u'_' + probe + u"_latency_us_p"_s;
            const double p50 = recordMetric(rec, base + u"50"_s, u"client"_s, &f50);
            const double p90 = recordMetric(rec, base + u"90"_s, u"client"_s, &f90);
            const double p99 = recordMetric(rec, base + u"99"_s, u"client"_s, &f99);
            QVERIFY2(f50 && f90 && f99, qPrintable(base));
            QVERIFY2(p50 > 0 && p50 <= p90 && p90 <= p99, qPrintable(u"%1: %2 %3 %4"_s.arg(base).arg(p50).arg(p90).arg(p99)));
            QVERIFY2(p99 < 1e6, qPrintable(base)); // a loopback round trip of a second is no measurement
            // Probes go out on a fixed schedule: about one per interval in each phase.
            const QJsonObject counts = extra.value(u"probes"_s).toObject().value(probe).toObject().value(phase).toObject();
            const double expected = (phase == u"idle"_s ? idle : duration) * 1000 / intervalMs;
            const double sent = counts.value(u"sent"_s).toDouble();
            QVERIFY2(sent >= expected * 0.5 && sent <= expected + 2,
                     qPrintable(u"%1 %2: %3 probes sent, %4 expected"_s.arg(probe, phase).arg(sent).arg(expected)));
            QVERIFY2(counts.value(u"answered"_s).toDouble() >= sent * 0.9, qPrintable(probe + u' ' + phase));
        }
    }
    const QJsonObject probes = extra.value(u"probes"_s).toObject();
    // Every TCP probe was echoed by the server, and only those.
    const double tcpAnswered = probes.value(u"tcp"_s).toObject().value(u"idle"_s).toObject().value(u"answered"_s).toDouble()
                               + probes.value(u"tcp"_s).toObject().value(u"loaded"_s).toObject().value(u"answered"_s).toDouble();
    QCOMPARE(probes.value(u"server"_s).toObject().value(u"tcp_echoed"_s).toDouble(), tcpAnswered);
    QCOMPARE(extra.value(u"load_start_s"_s).toDouble(), idle);
    // The threads' CPU time, the probes' apart from the flows', at both ends:
    // the bulk flows on loopback use far more than probes every 20 ms.
    const QJsonObject threadCpu = extra.value(u"thread_cpu_s"_s).toObject();
    for (const QJsonObject &end : {threadCpu, threadCpu.value(u"server"_s).toObject()}) {
        const double flows = end.value(u"flows"_s).toDouble(), probeCpu = end.value(u"probes"_s).toDouble(-1);
        QVERIFY2(probeCpu >= 0 && flows > probeCpu && flows <= 2 * (idle + duration) + 1,
                 qPrintable(QString::fromUtf8(QJsonDocument(threadCpu).toJson(QJsonDocument::Compact))));
    }

    // Two bulk flows each way, every one carrying bytes; the sums are the metrics.
    QVERIFY2(bulkFlowsProblem(rec, 2).isEmpty(), qPrintable(bulkFlowsProblem(rec, 2)));
    QVERIFY(streamEntries(rec, u"client"_s, u"probe"_s).isEmpty()); // the probe is no stream
    const double up = recordMetric(rec, u"bytes"_s, u"server"_s);
    const double down = recordMetric(rec, u"reverse_bytes"_s, u"client"_s);
    QCOMPARE(up, sumOf(streamEntries(rec, u"server"_s, u"forward"_s), u"bytes"_s));
    QCOMPARE(down, sumOf(streamEntries(rec, u"client"_s, u"reverse"_s), u"bytes"_s));
    // Probe bytes count toward nothing: what the client sent is what the server got.
    QCOMPARE(recordMetric(rec, u"bytes"_s, u"client"_s), up);
    QVERIFY(recordMetric(rec, u"throughput_bps"_s, u"server"_s) > 1e6);
    QVERIFY(recordMetric(rec, u"reverse_throughput_bps"_s, u"client"_s) > 1e6);

    // Samples: one per answered probe, at its send time within the test.
    for (const QString &probe : {u"udp"_s, u"tcp"_s}) {
        const QList<QJsonObject> s = samplesNamed(rec, probe + u"_probe_latency_us"_s);
        const QJsonObject c = probes.value(probe).toObject();
        QCOMPARE(double(s.size()), c.value(u"idle"_s).toObject().value(u"answered"_s).toDouble()
                                       + c.value(u"loaded"_s).toObject().value(u"answered"_s).toDouble());
        for (const QJsonObject &o : s) {
            QVERIFY(o.value(u"t"_s).toDouble() >= 0 && o.value(u"t"_s).toDouble() < idle + duration);
            QVERIFY(o.value(u"value"_s).toDouble() > 0);
        }
    }
    // Each flow's throughput over time: nothing during the idle phase, bytes under load.
    QSet<QString> flowSeries;
    for (int i = 0; i < 2; ++i)
        for (const QString &dir : {u"forward"_s, u"reverse"_s}) {
            const QString name = u"stream_%1_%2_throughput_bps"_s.arg(i).arg(dir);
            const QList<QJsonObject> s = samplesNamed(rec, name);
            QVERIFY2(s.size() >= 10, qPrintable(name));
            double loaded = 0;
            for (const QJsonObject &o : s) {
                const double t = o.value(u"t"_s).toDouble();
                if (t < idle - 0.1)
                    QVERIFY2(o.value(u"value"_s).toDouble() == 0, qPrintable(u"%1 at %2 s"_s.arg(name).arg(t)));
                if (t > idle + 0.3 && t < idle + duration - 0.1)
                    loaded = std::max(loaded, o.value(u"value"_s).toDouble());
            }
            QVERIFY2(loaded > 1e6, qPrintable(name));
            flowSeries.insert(name);
        }
    QCOMPARE(flowSeries.size(), 4);
}

// The same test over ::1: the bulk flows go both ways over IPv6, and both
// probes' percentiles come back in both phases.
void TstAgentRrul::overIpv6()
{
    const auto r = runPair(u"rrul"_s, {{u"duration_s"_s, 1.0}, {u"idle_s"_s, 0.5}, {u"streams"_s, 2},
                                       {u"probe_interval_ms"_s, 20}},
                           {}, {}, 30000, u"::1"_s);
    if (r.serverListening.value(u"code"_s).toString() == u"bind_failed"_s)
        QSKIP("no IPv6 loopback here");
    QVERIFY2(r.client.value(u"type"_s).toString() == u"result"_s, qPrintable(describe(r.client)));
    QVERIFY2(r.server.value(u"type"_s).toString() == u"result"_s, qPrintable(describe(r.server)));
    QCOMPARE(r.serverListening.value(u"address"_s).toString(), u"::1"_s);
    QCOMPARE(r.serverRecord().value(u"extra"_s).toObject().value(u"bound_address"_s).toString(), u"::1"_s);
    const QJsonObject rec = r.clientRecord();
    QVERIFY2(bulkFlowsProblem(rec, 2).isEmpty(), qPrintable(bulkFlowsProblem(rec, 2)));
    QVERIFY(recordMetric(rec, u"throughput_bps"_s, u"server"_s) > 1e6);
    QVERIFY(recordMetric(rec, u"reverse_throughput_bps"_s, u"client"_s) > 1e6);
    for (const QString &probe : {u"udp"_s, u"tcp"_s})
        for (const QString &phase : {u"idle"_s, u"loaded"_s}) {
            bool f50 = false, f99 = false;
            const QString base = phase + u'_' + probe + u"_latency_us_p"_s;
            const double p50 = recordMetric(rec, base + u"50"_s, u"client"_s, &f50);
            const double p99 = recordMetric(rec, base + u"99"_s, u"client"_s, &f99);
            QVERIFY2(f50 && f99, qPrintable(base));
            QVERIFY2(p50 > 0 && p50 <= p99 && p99 < 1e6, qPrintable(u"%1: %2 %3"_s.arg(base).arg(p50).arg(p99)));
        }
}

void TstAgentRrul::refusedParams_data()
{
    QTest::addColumn<QJsonObject>("params");
    QTest::addColumn<QString>("field");
    QTest::newRow("tos 256") << QJsonObject{{u"tos"_s, 256}} << u"params.tos"_s;
    QTest::newRow("streams 0") << QJsonObject{{u"streams"_s, 0}} << u"params.streams"_s;
    QTest::newRow("streams 129") << QJsonObject{{u"streams"_s, 129}} << u"params.streams"_s;
    QTest::newRow("idle_s 0") << QJsonObject{{u"idle_s"_s, 0}} << u"params.idle_s"_s;
    QTest::newRow("probe interval 0") << QJsonObject{{u"probe_interval_ms"_s, 0}} << u"params.probe_interval_ms"_s;
    QTest::newRow("direction") << QJsonObject{{u"direction"_s, u"reverse"_s}} << u"params.direction"_s;
}

void TstAgentRrul::refusedParams()
{
    QFETCH(QJsonObject, params);
    QFETCH(QString, field);
    AgentProcess agent;
    QVERIFY(agent.start());
    agent.send(serveRequest(10, u"rrul"_s, AgentProcess::newToken(), params));
    const QJsonObject reply = agent.waitFor(10, 5000);
    QCOMPARE(reply.value(u"type"_s).toString(), u"error"_s);
    QVERIFY2(reply.value(u"message"_s).toString().contains(field), qPrintable(describe(reply)));
}

QTEST_GUILESS_MAIN(TstAgentRrul)
#include "tst_agentrrul.moc"
