// SPDX-License-Identifier: GPL-3.0-or-later
// The agent's own JSON codec and session against the golden protocol files
// (the same files the controller's codec is tested against).

#include "json.h"
#include "output.h"
#include "session.h"

#include <QDir>
#include <QFile>
#include <QTest>

#include <thread>
#include <unistd.h>

using namespace Qt::StringLiterals;
using wb::json::Value;

namespace {

std::string readFile(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot open %s", qPrintable(path));
    return f.readAll().toStdString();
}

// A "*" string in the expectation matches any value.
bool matches(const Value &expected, const Value &actual, std::string *why)
{
    if (expected.isString() && expected.asString() == "*")
        return true;
    if (expected.isObject()) {
        if (!actual.isObject()) {
            *why = "expected an object";
            return false;
        }
        if (expected.asObject().size() != actual.asObject().size()) {
            *why = "different member count: " + wb::json::serialize(actual);
            return false;
        }
        for (const auto &[k, v] : expected.asObject()) {
            if (!actual.contains(k)) {
                *why = "missing member " + k;
                return false;
            }
            if (!matches(v, actual[k], why)) {
                *why = k + ": " + *why;
                return false;
            }
        }
        return true;
    }
    if (!(expected == actual)) {
        *why = "expected " + wb::json::serialize(expected) + " got " + wb::json::serialize(actual);
        return false;
    }
    return true;
}

} // namespace

class TstAgentCodec : public QObject
{
    Q_OBJECT
private slots:
    void goldenRoundTrip_data();
    void goldenRoundTrip();
    void parserRejects_data();
    void parserRejects();
    void parserLimits();
    void numbersAndEscapes();
    void conversation();
    void oversizedLineIsSkipped();
    void writerIsStable_data();
    void writerIsStable();
};

void TstAgentCodec::goldenRoundTrip_data()
{
    QTest::addColumn<QString>("file");
    const QDir dir(QStringLiteral(WB_TEST_DATA_DIR "/protocol"));
    const QStringList files = dir.entryList({u"*.json"_s}, QDir::Files, QDir::Name);
    QVERIFY(files.size() >= 8);
    for (const QString &f : files)
        QTest::newRow(qPrintable(f)) << dir.filePath(f);
}

void TstAgentCodec::goldenRoundTrip()
{
    QFETCH(QString, file);
    std::string golden = readFile(file);
    QVERIFY(!golden.empty() && golden.back() == '\n');
    golden.pop_back();
    wb::json::ParseError err;
    auto v = wb::json::parse(golden, &err);
    QVERIFY2(v, err.message.c_str());
    QVERIFY(v->isObject());
    QVERIFY((*v)["type"].isString());
    QCOMPARE(wb::json::serialize(*v), golden);
}

void TstAgentCodec::parserRejects_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<int>("offset");
    QTest::newRow("empty") << QByteArray("") << 0;
    QTest::newRow("bare word") << QByteArray("hello") << 0;
    QTest::newRow("trailing comma") << QByteArray(R"({"a":1,})") << 7;
    QTest::newRow("unterminated string") << QByteArray(R"({"a":"x)") << 7;
    QTest::newRow("trailing text") << QByteArray(R"({} x)") << 3;
    QTest::newRow("leading zero") << QByteArray("01") << 1;
    QTest::newRow("bad escape") << QByteArray(R"("\q")") << 3;
    QTest::newRow("lone surrogate") << QByteArray(R"("\udc00")") << 7;
    QTest::newRow("control char") << QByteArray("\"a\x01\"") << 2;
    QTest::newRow("nan") << QByteArray("NaN") << 0;
    QTest::newRow("huge exponent") << QByteArray("1e999") << 5;
}

void TstAgentCodec::parserRejects()
{
    QFETCH(QByteArray, text);
    QFETCH(int, offset);
    wb::json::ParseError err;
    QVERIFY(!wb::json::parse(std::string_view(text.constData(), size_t(text.size())), &err));
    QVERIFY(!err.message.empty());
    QCOMPARE(int(err.offset), offset);
}

void TstAgentCodec::parserLimits()
{
    std::string deep(100, '[');
    deep += std::string(100, ']');
    wb::json::ParseError err;
    QVERIFY(!wb::json::parse(deep, &err));
    QVERIFY(err.message.find("nesting") != std::string::npos);
    std::string big = "\"" + std::string(2000, 'x') + "\"";
    QVERIFY(!wb::json::parse(big, &err, {1000, 32}));
    QVERIFY(err.message.find("larger") != std::string::npos);
    QVERIFY(wb::json::parse(big, &err, {4000, 32}));
}

void TstAgentCodec::numbersAndEscapes()
{
    auto v = wb::json::parse(R"({"i":-42,"big":123456789012345678,"d":0.1,"e":1.5e3,"s":"a\u00e9\ud83d\ude00\n"})");
    QVERIFY(v);
    QCOMPARE((*v)["i"].asInt(), -42);
    QVERIFY((*v)["i"].isInt());
    QCOMPARE((*v)["big"].asInt(), 123456789012345678LL);
    QCOMPARE((*v)["d"].asDouble(), 0.1);
    QCOMPARE((*v)["e"].asDouble(), 1500.0);
    QCOMPARE(QString::fromStdString((*v)["s"].asString()), QString::fromUtf8("a\u00e9\U0001F600\n"));
    QCOMPARE(wb::json::serialize(*v),
             std::string(R"({"big":123456789012345678,"d":0.1,"e":1500,"i":-42,"s":"aé😀\n"})"));
}

void TstAgentCodec::conversation()
{
    const std::string text = readFile(QStringLiteral(WB_TEST_DATA_DIR "/protocol/conversation_handshake.txt"));
    wb::agent::MemoryOutput out;
    wb::agent::Session session(out);
    std::vector<Value> pending;
    int checked = 0;
    size_t pos = 0;
    int lineNo = 0;
    while (pos < text.size()) {
        size_t nl = text.find('\n', pos);
        std::string line = text.substr(pos, nl == std::string::npos ? std::string::npos : nl - pos);
        pos = nl == std::string::npos ? text.size() : nl + 1;
        ++lineNo;
        if (line.rfind("> ", 0) == 0) {
            session.handleLine(line.substr(2));
            for (auto &v : out.take())
                pending.push_back(std::move(v));
        } else if (line.rfind("< ", 0) == 0) {
            auto expected = wb::json::parse(line.substr(2));
            QVERIFY2(expected, qPrintable(u"bad expectation at line %1"_s.arg(lineNo)));
            QVERIFY2(!pending.empty(), qPrintable(u"no reply for line %1"_s.arg(lineNo)));
            std::string why;
            QVERIFY2(matches(*expected, pending.front(), &why),
                     qPrintable(u"line %1: %2"_s.arg(lineNo).arg(QString::fromStdString(why))));
            pending.erase(pending.begin());
            ++checked;
        }
    }
    QVERIFY(pending.empty());
    QCOMPARE(checked, 10);
    QVERIFY(session.handshakeDone());
}

void TstAgentCodec::oversizedLineIsSkipped()
{
    int fds[2];
    QVERIFY(::pipe(fds) == 0);
    wb::agent::MemoryOutput out;
    wb::agent::Session session(out);
    // Written from a thread: the pipe buffer is smaller than the oversized line.
    std::string input = R"({"id":1,"type":"hello","protocol":1})" "\n";
    input += "{\"id\":2,\"type\":\"ping\",\"pad\":\"" + std::string(wb::agent::kMaxLineBytes + 10, 'x') + "\"}\n";
    input += R"({"id":3,"type":"ping"})" "\n";
    std::thread writer([&] {
        size_t done = 0;
        while (done < input.size()) {
            ssize_t n = ::write(fds[1], input.data() + done, input.size() - done);
            if (n <= 0)
                break;
            done += size_t(n);
        }
        ::close(fds[1]);
    });
    QCOMPARE(wb::agent::serveStream(session, out, fds[0]), 0);
    writer.join();
    ::close(fds[0]);
    auto replies = out.take();
    QCOMPARE(replies.size(), size_t(3));
    QCOMPARE(replies[0]["type"].asString(), std::string("hello"));
    QCOMPARE(replies[1]["code"].asString(), std::string("too_large"));
    QCOMPARE(replies[2]["type"].asString(), std::string("pong"));
    QCOMPARE(replies[2]["id"].asInt(), 3);
}

// What the writer produces reads back to the same value and the same text
// (the fuzz target checks this for any input; these are its findings).
void TstAgentCodec::writerIsStable_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QByteArray>("written");
    QTest::newRow("negative zero exponent") << QByteArray("-0e20") << QByteArray("0");
    QTest::newRow("negative zero") << QByteArray("-0.0") << QByteArray("0");
    QTest::newRow("integral double") << QByteArray("5.0") << QByteArray("5");
    QTest::newRow("big integer") << QByteArray("123456789012345678901") << QByteArray("1.2345678901234568e+20");
}

void TstAgentCodec::writerIsStable()
{
    QFETCH(QByteArray, text);
    QFETCH(QByteArray, written);
    auto v = wb::json::parse(text.toStdString());
    QVERIFY(v);
    const std::string once = wb::json::serialize(*v);
    QCOMPARE(QByteArray::fromStdString(once), written);
    auto again = wb::json::parse(once);
    QVERIFY(again);
    QCOMPARE(wb::json::serialize(*again), once);
}

QTEST_GUILESS_MAIN(TstAgentCodec)
#include "tst_agentcodec.moc"
