// SPDX-License-Identifier: GPL-3.0-or-later
// The controller's protocol codec against the golden message files that the
// agent's codec is tested against too.

#include "protocol/agentmessage.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QTest>

#include <limits>

using namespace Qt::StringLiterals;

class TstAgentMessage : public QObject
{
    Q_OBJECT
private slots:
    void goldenRoundTrip_data();
    void goldenRoundTrip();
    void helloReply();
    void helloRequestBuiltByCodecMatchesGolden();
    void errorViews();
    void rejectsBadLines_data();
    void rejectsBadLines();
    void largeIdsExact_data();
    void largeIdsExact();
};

static QByteArray readGolden(const QString &name)
{
    QFile f(QStringLiteral(WB_TEST_DATA_DIR "/protocol/") + name);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot open golden file %s", qPrintable(f.fileName()));
    return f.readAll();
}

void TstAgentMessage::goldenRoundTrip_data()
{
    QTest::addColumn<QString>("file");
    const QDir dir(QStringLiteral(WB_TEST_DATA_DIR "/protocol"));
    const QStringList files = dir.entryList({u"*.json"_s}, QDir::Files, QDir::Name);
    QVERIFY(files.size() >= 8);
    for (const QString &f : files)
        QTest::newRow(qPrintable(f)) << f;
}

void TstAgentMessage::goldenRoundTrip()
{
    QFETCH(QString, file);
    const QByteArray golden = readGolden(file);
    QString error;
    const auto m = wb::AgentMessage::decode(golden, &error);
    QVERIFY2(m, qPrintable(error));
    QVERIFY(!m->type.isEmpty());
    QCOMPARE(m->encode(), golden);
}

void TstAgentMessage::helloReply()
{
    QString error;
    const auto m = wb::AgentMessage::decode(readGolden(u"hello_reply.json"_s), &error);
    QVERIFY(m);
    const auto h = wb::HelloInfo::fromMessage(*m, &error);
    QVERIFY2(h, qPrintable(error));
    QCOMPARE(h->protocol, 1);
    QCOMPARE(h->agentVersion, u"0.1.0"_s);
    QCOMPARE(h->host, u"lab-a"_s);
    QCOMPARE(h->pid, 4242);
    QCOMPARE(h->capabilities, (QStringList{u"hello"_s, u"ping"_s}));
    QCOMPARE(h->toMessage(1).encode(), readGolden(u"hello_reply.json"_s));
}

void TstAgentMessage::helloRequestBuiltByCodecMatchesGolden()
{
    QJsonObject fields;
    fields.insert(u"protocol"_s, wb::kAgentProtocolVersion);
    fields.insert(u"controller_version"_s, u"0.1.0"_s);
    fields.insert(u"capabilities"_s, QJsonArray{u"samples"_s});
    QCOMPARE(wb::AgentMessage::request(u"hello"_s, 1, fields).encode(), readGolden(u"hello_request.json"_s));
}

void TstAgentMessage::errorViews()
{
    QString error;
    const auto m = wb::AgentMessage::decode(readGolden(u"error_malformed.json"_s), &error);
    QVERIFY(m);
    QVERIFY(!m->id.has_value());
    const auto e = wb::AgentError::fromMessage(*m);
    QVERIFY(e);
    QCOMPARE(e->code, u"malformed"_s);
    QCOMPARE(e->toMessage().encode(), readGolden(u"error_malformed.json"_s));
    QVERIFY(!wb::AgentError::fromMessage(*wb::AgentMessage::decode(readGolden(u"pong_reply.json"_s), &error)));
    QVERIFY(!wb::HelloInfo::fromMessage(*m, &error));
    QVERIFY(error.contains(u"expected a 'hello'"_s));
}

void TstAgentMessage::rejectsBadLines_data()
{
    QTest::addColumn<QByteArray>("line");
    QTest::addColumn<QString>("expected");
    QTest::newRow("not json") << QByteArray("hello") << u"not valid JSON"_s;
    QTest::newRow("array") << QByteArray("[1]") << u"JSON object"_s;
    QTest::newRow("no type") << QByteArray(R"({"id":1})") << u"'type'"_s;
    QTest::newRow("empty type") << QByteArray(R"({"id":1,"type":""})") << u"'type'"_s;
    QTest::newRow("negative id") << QByteArray(R"({"id":-1,"type":"x"})") << u"'id'"_s;
    QTest::newRow("fractional id") << QByteArray(R"({"id":1.5,"type":"x"})") << u"'id'"_s;
    QTest::newRow("string id") << QByteArray(R"({"id":"1","type":"x"})") << u"'id'"_s;
    QTest::newRow("truncated") << QByteArray(R"({"id":1,"type":"x")") << u"not valid JSON"_s;
    // Past what a qint64 holds: refused, never cast (undefined) or rounded.
    QTest::newRow("1e300") << QByteArray(R"({"id":1e300,"type":"x"})") << u"'id'"_s;
    QTest::newRow("2^63") << QByteArray(R"({"id":9223372036854775808,"type":"x"})") << u"'id'"_s;
    QTest::newRow("20 digits") << QByteArray(R"({"id":99999999999999999999,"type":"x"})") << u"'id'"_s;
    QTest::newRow("-1e300") << QByteArray(R"({"id":-1e300,"type":"x"})") << u"'id'"_s;
}

void TstAgentMessage::largeIdsExact_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<qint64>("id");
    QTest::newRow("19 digits") << QByteArray("1000000000000000001") << qint64(1000000000000000001);
    QTest::newRow("max") << QByteArray("9223372036854775807") << std::numeric_limits<qint64>::max();
    QTest::newRow("2^53+1") << QByteArray("9007199254740993") << qint64(9007199254740993);
    QTest::newRow("whole double") << QByteArray("12.0") << qint64(12);
}

void TstAgentMessage::largeIdsExact()
{
    // A 19-digit id is the id that was sent, not the nearest double: a
    // rounded id would answer another request.
    QFETCH(QByteArray, text);
    QFETCH(qint64, id);
    QString error;
    const auto m = wb::AgentMessage::decode(R"({"type":"result","id":)" + text + "}", &error);
    QVERIFY2(m, qPrintable(error));
    QVERIFY(m->id);
    QCOMPARE(*m->id, id);
    const auto again = wb::AgentMessage::decode(m->encode(), &error);
    QVERIFY2(again && again->id, qPrintable(error));
    QCOMPARE(*again->id, id);
}

void TstAgentMessage::rejectsBadLines()
{
    QFETCH(QByteArray, line);
    QFETCH(QString, expected);
    QString error;
    QVERIFY(!wb::AgentMessage::decode(line, &error));
    QVERIFY2(error.contains(expected), qPrintable(error));
}

QTEST_GUILESS_MAIN(TstAgentMessage)
#include "tst_agentmessage.moc"
