// SPDX-License-Identifier: GPL-3.0-or-later
// The typed protocol messages against the golden message files the agent's
// codec is tested against too: each type decodes its golden file and
// encodes it back to the same object, and refuses what is wrong by name.

#include "protocol/agentmessages.h"

#include <QFile>
#include <QJsonDocument>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {

wb::AgentMessage golden(const QString &name)
{
    QFile f(QStringLiteral(WB_TEST_DATA_DIR "/protocol/") + name);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot open golden file %s", qPrintable(f.fileName()));
    QString error;
    auto m = wb::AgentMessage::decode(f.readAll(), &error);
    if (!m)
        qFatal("golden file %s does not decode: %s", qPrintable(name), qPrintable(error));
    return *m;
}

wb::AgentMessage line(const char *json)
{
    QString error;
    auto m = wb::AgentMessage::decode(QByteArray(json), &error);
    if (!m)
        qFatal("test line does not decode: %s", qPrintable(error));
    return *m;
}

// A typed message encodes to exactly the golden object.
template <typename T>
bool roundTrips(const QString &file, QString *why)
{
    const wb::AgentMessage m = golden(file);
    QString error;
    const auto typed = T::fromMessage(m, &error);
    if (!typed) {
        *why = file + u": "_s + error;
        return false;
    }
    const wb::AgentMessage back = typed->toMessage(*m.id);
    if (back.body != m.body) {
        *why = file + u": encodes to "_s + QString::fromUtf8(back.encode());
        return false;
    }
    return true;
}

} // namespace

class TstAgentMessages : public QObject
{
    Q_OBJECT
private slots:
    void everyTypeRoundTripsItsGoldenFile()
    {
        QString why;
        QVERIFY2(roundTrips<wb::ServeRequest>(u"serve_request.json"_s, &why), qPrintable(why));
        QVERIFY2(roundTrips<wb::ListeningReply>(u"listening_reply.json"_s, &why), qPrintable(why));
        QVERIFY2(roundTrips<wb::RunRequest>(u"run_request.json"_s, &why), qPrintable(why));
        // The NIC, port range and device fields (capability "bind_nic").
        QVERIFY2(roundTrips<wb::ServeRequest>(u"serve_request_nic.json"_s, &why), qPrintable(why));
        QVERIFY2(roundTrips<wb::RunRequest>(u"run_request_nic.json"_s, &why), qPrintable(why));
        QVERIFY2(roundTrips<wb::SampleMessage>(u"sample_message.json"_s, &why), qPrintable(why));
        QVERIFY2(roundTrips<wb::CancelRequest>(u"cancel_request.json"_s, &why), qPrintable(why));
        QVERIFY2(roundTrips<wb::HeartbeatRequest>(u"heartbeat_request.json"_s, &why), qPrintable(why));
        QVERIFY2(roundTrips<wb::SysinfoReply>(u"sysinfo_reply.json"_s, &why), qPrintable(why));
        QVERIFY2(roundTrips<wb::SamplesBatch>(u"samples_message.json"_s, &why), qPrintable(why));
    }

    void nicFieldsAreChecked()
    {
        QString why;
        auto bad = [&](const char *json) {
            const auto m = wb::AgentMessage::decode(QByteArrayView(json), &why);
            return m && !wb::ServeRequest::fromMessage(*m, &why);
        };
        QVERIFY(bad(R"({"id":1,"kind":"tcp_rr","port":0,"token":"0123456789abcdef0123456789abcdef","type":"serve","family":"ipx"})"));
        QVERIFY(why.contains(u"family"_s));
        QVERIFY(bad(R"({"id":1,"kind":"tcp_rr","port":0,"token":"0123456789abcdef0123456789abcdef","type":"serve","port_min":6000,"port_max":5000})"));
        QVERIFY(why.contains(u"port_min"_s));
        QVERIFY(bad(R"({"id":1,"kind":"tcp_rr","port":0,"token":"0123456789abcdef0123456789abcdef","type":"serve","bind_device":"yes"})"));
        QVERIFY(why.contains(u"bind_device"_s));
    }

    void resultsCarryTheirRecord()
    {
        QString error;
        const auto r = wb::ResultMessage::fromMessage(golden(u"result_udp_stream.json"_s), &error);
        QVERIFY2(r, qPrintable(error));
        QCOMPARE(r->record.kind, u"udp_stream"_s);
        QVERIFY(r->record.metric(u"messages"_s, u"client"_s));
        QCOMPARE(r->samplesSent, 1); // its sample came ahead in a samples message
        const auto rr = wb::ResultMessage::fromMessage(golden(u"result_tcp_rr.json"_s), &error);
        QVERIFY2(rr, qPrintable(error));
        QVERIFY(rr->record.metric(u"transactions_per_s"_s, u"client"_s));
        // Encoded again, the record decodes to the same record.
        const auto again = wb::ResultMessage::fromMessage(rr->toMessage(20), &error);
        QVERIFY2(again, qPrintable(error));
        QCOMPARE(again->record, rr->record);
    }

    void samplesTakeTheRequestSideWhenTheyNameNone()
    {
        const auto s = wb::SampleMessage::fromMessage(line(R"({"id":3,"type":"sample","t":2,"metrics":{"throughput_bps":5,"note":"x"}})"), nullptr);
        QVERIFY(s);
        const QList<wb::Sample> samples = s->samples(u"server"_s);
        QCOMPARE(samples.size(), 1); // the string is not a figure
        QCOMPARE(samples.first().side, u"server"_s);
        QCOMPARE(samples.first().t, 2.0);
        QCOMPARE(samples.first().value, 5.0);
    }

    void finalMessages()
    {
        QVERIFY(wb::msg::isFinal(golden(u"result_tcp_rr.json"_s)));
        QVERIFY(wb::msg::isFinal(golden(u"error_test_cancelled.json"_s)));
        QVERIFY(wb::msg::isFinal(golden(u"sysinfo_reply.json"_s)));
        QVERIFY(!wb::msg::isFinal(golden(u"sample_message.json"_s)));
        QVERIFY(!wb::msg::isFinal(golden(u"listening_reply.json"_s)));
    }

    void refusesWhatIsWrong_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("expected");
        QTest::newRow("listening port out of range")
            << QByteArray(R"({"id":1,"type":"listening","port":70000})") << u"'port'"_s;
        QTest::newRow("listening port zero") << QByteArray(R"({"id":1,"type":"listening","port":0})") << u"not 0"_s;
        QTest::newRow("listening port text") << QByteArray(R"({"id":1,"type":"listening","port":"80"})") << u"'port'"_s;
        QTest::newRow("cancel target huge") << QByteArray(R"({"id":1,"type":"cancel","target":1e300})") << u"'target'"_s;
        QTest::newRow("cancel target fraction") << QByteArray(R"({"id":1,"type":"cancel","target":2.5})") << u"'target'"_s;
        QTest::newRow("serve token short")
            << QByteArray(R"({"id":1,"type":"serve","kind":"tcp_rr","bind":"127.0.0.1","port":0,"token":"abc"})")
            << u"'token'"_s;
        QTest::newRow("run without address")
            << QByteArray(R"({"id":1,"type":"run","kind":"tcp_rr","port":5,"token":"0123456789abcdef0123456789abcdef"})")
            << u"'to'"_s;
        QTest::newRow("sample side") << QByteArray(R"({"id":1,"type":"sample","t":1,"side":"dut","metrics":{}})")
                                     << u"'side'"_s;
        QTest::newRow("sample t not finite") << QByteArray(R"({"id":1,"type":"sample","t":"x","metrics":{}})") << u"'t'"_s;
        QTest::newRow("result record bad")
            << QByteArray(R"({"id":1,"type":"result","record":{"kind":"tcp_rr","metrics":[{"name":"latency_us_mean","value":1,"unit":"ms"}]}})")
            << u"metrics[0]"_s;
        QTest::newRow("result without record") << QByteArray(R"({"id":1,"type":"result"})") << u"'record'"_s;
        QTest::newRow("result samples_sent negative")
            << QByteArray(R"({"id":1,"type":"result","samples_sent":-1,"record":{"kind":"tcp_rr","metrics":[]}})")
            << u"'samples_sent'"_s;
        QTest::newRow("samples not an array") << QByteArray(R"({"id":1,"type":"samples","samples":{}})") << u"'samples'"_s;
        QTest::newRow("samples without name")
            << QByteArray(R"({"id":1,"type":"samples","samples":[{"t":1,"value":2}]})") << u"name"_s;
        QTest::newRow("wrong type") << QByteArray(R"({"id":1,"type":"pong"})") << u"'listening'"_s;
    }

    void refusesWhatIsWrong()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, expected);
        const wb::AgentMessage m = line(json.constData());
        QString error;
        bool refused = false;
        if (m.type == u"cancel"_s)
            refused = !wb::CancelRequest::fromMessage(m, &error);
        else if (m.type == u"serve"_s)
            refused = !wb::ServeRequest::fromMessage(m, &error);
        else if (m.type == u"run"_s)
            refused = !wb::RunRequest::fromMessage(m, &error);
        else if (m.type == u"sample"_s)
            refused = !wb::SampleMessage::fromMessage(m, &error);
        else if (m.type == u"result"_s)
            refused = !wb::ResultMessage::fromMessage(m, &error);
        else if (m.type == u"samples"_s)
            refused = !wb::SamplesBatch::fromMessage(m, &error);
        else
            refused = !wb::ListeningReply::fromMessage(m, &error);
        QVERIFY(refused);
        QVERIFY2(error.contains(expected), qPrintable(error));
    }
};

QTEST_GUILESS_MAIN(TstAgentMessages)
#include "tst_agentmessages.moc"
