// SPDX-License-Identifier: GPL-3.0-or-later
// The agent's small safeguards, one by one: a passed deadline never waits
// forever, no random numbers means no token (not a clock-seeded one), the
// JSON writer emits only valid UTF-8, and the sequence window that keeps
// loss exact when datagrams are duplicated or reordered.

#include "json.h"
#include "netutil.h"
#include "safefile.h"
#include "localaddress.h"
#include "requestcheck.h"
#include "testendpoint.h"
#include "sequencewindow.h"
#include "pagebuffer.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QScopeGuard>
#include <QTemporaryDir>
#include <QTest>

#include <atomic>
#include <cerrno>
#include <future>
#include <fcntl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace Qt::StringLiterals;
using wb::agent::SequenceWindow;

namespace {
ssize_t failingGetrandom(void *, size_t, unsigned)
{
    errno = ENOSYS;
    return -1;
}
} // namespace

class TstAgentSafeguards : public QObject
{
    Q_OBJECT
private slots:
    void passedDeadlineDoesNotBlock_data();
    void passedDeadlineDoesNotBlock();
    void noRandomnessNoToken();
    void writerEmitsValidUtf8_data();
    void writerEmitsValidUtf8();
    void parserRefusesInvalidUtf8();
    void sequenceWindowCountsCopiesAndLatecomers();
    void sequenceWindowSlides();
    void bulkBuffersStartOnAPage();
    void filesOpenWithoutLinksOrBlocking_data();
    void filesOpenWithoutLinksOrBlocking();
    void hostileBindFieldsAreRefused_data();
    void hostileBindFieldsAreRefused();
    void bindsOnlyItsOwnAddresses();
    void portRangeIsKeptAndBounded();
};

void TstAgentSafeguards::passedDeadlineDoesNotBlock_data()
{
    QTest::addColumn<int>("timeoutMs");
    QTest::newRow("zero") << 0;
    QTest::newRow("already passed") << -5;
    QTest::newRow("long past") << -100000;
}

// A peer that sends nothing: with no time left, reading must give up at
// once. (poll with a negative timeout waits forever; the agent must never
// hand it one.)
void TstAgentSafeguards::passedDeadlineDoesNotBlock()
{
    QFETCH(int, timeoutMs);
    int sv[2];
    QCOMPARE(::socketpair(AF_UNIX, SOCK_STREAM, 0, sv), 0);
    std::atomic<bool> stop{false};
    auto reading = std::async(std::launch::async, [&] {
        char buf[4];
        std::string err;
        return wb::agent::readExact(sv[0], buf, sizeof buf, timeoutMs, stop, &err);
    });
    const bool finished = reading.wait_for(std::chrono::milliseconds(1000)) == std::future_status::ready;
    if (!finished) {
        // Let the stuck reader go so the test can end, then fail.
        (void)::write(sv[1], "abcd", 4);
        reading.wait();
    }
    QVERIFY2(finished, "readExact with no time left must not block");
    QCOMPARE(reading.get(), false);
    QCOMPARE(wb::agent::waitFd(sv[0], false, timeoutMs, stop), 0);
    ::close(sv[0]);
    ::close(sv[1]);
}

void TstAgentSafeguards::noRandomnessNoToken()
{
    wb::agent::setGetrandomForTest(failingGetrandom);
    std::string err;
    unsigned char buf[16];
    const bool got = wb::agent::randomBytes(buf, sizeof buf, &err);
    const auto token = wb::agent::randomToken(&err);
    const auto key = wb::agent::randomKey(&err);
    wb::agent::setGetrandomForTest(nullptr);
    QVERIFY(!got);
    QVERIFY(!token);
    QVERIFY(!key);
    QVERIFY2(err.find("getrandom") != std::string::npos, err.c_str());
    // And with the kernel's source back, tokens are 32 hex digits and differ.
    const auto a = wb::agent::randomToken(&err), b = wb::agent::randomToken(&err);
    QVERIFY(a && b);
    QVERIFY(wb::agent::isHexToken(*a));
    QVERIFY(*a != *b);
}

void TstAgentSafeguards::writerEmitsValidUtf8_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<QByteArray>("written");
    const QByteArray r = "\xEF\xBF\xBD"; // U+FFFD
    QTest::newRow("ascii") << QByteArray("eth0") << QByteArray("\"eth0\"");
    QTest::newRow("valid multibyte") << QByteArray("caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80")
                                     << QByteArray("\"caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80\"");
    QTest::newRow("lone continuation") << QByteArray("a\x80z") << "\"a" + r + "z\"";
    QTest::newRow("latin-1 host name") << QByteArray("h\xF6st") << "\"h" + r + "st\"";
    QTest::newRow("truncated at end") << QByteArray("ab\xE2\x82") << "\"ab" + r + r + "\"";
    QTest::newRow("overlong slash") << QByteArray("\xC0\xAF") << "\"" + r + r + "\"";
    QTest::newRow("surrogate") << QByteArray("\xED\xA0\x80") << "\"" + r + r + r + "\"";
    QTest::newRow("beyond U+10FFFF") << QByteArray("\xF4\x90\x80\x80") << "\"" + r + r + r + r + "\"";
    QTest::newRow("0xFF") << QByteArray("\xFF") << "\"" + r + "\"";
}

void TstAgentSafeguards::writerEmitsValidUtf8()
{
    QFETCH(QByteArray, input);
    QFETCH(QByteArray, written);
    const std::string out = wb::json::serialize(wb::json::Value(input.toStdString()));
    QCOMPARE(QByteArray::fromStdString(out), written);
    // Whatever went in, what comes out parses (the parser refuses invalid UTF-8).
    QVERIFY(wb::json::parse(out));
}

void TstAgentSafeguards::parserRefusesInvalidUtf8()
{
    wb::json::ParseError err;
    QVERIFY(!wb::json::parse("{\"host\":\"a\xFF\"}", &err));
    QVERIFY2(err.message.find("UTF-8") != std::string::npos, err.message.c_str());
    QVERIFY(wb::json::parse("{\"host\":\"caf\xC3\xA9\"}"));
}

void TstAgentSafeguards::sequenceWindowCountsCopiesAndLatecomers()
{
    SequenceWindow w;
    // 0 1 3 2 (2 late) 3 (copy) 5 (4 lost) 5 (copy) 1 (copy)
    using A = SequenceWindow::Arrival;
    QCOMPARE(w.add(0), A::New);
    QCOMPARE(w.add(1), A::New);
    QCOMPARE(w.add(3), A::New);
    QCOMPARE(w.add(2), A::Reordered);
    QCOMPARE(w.add(3), A::Duplicate);
    QCOMPARE(w.add(5), A::New);
    QCOMPARE(w.add(5), A::Duplicate);
    QCOMPARE(w.add(1), A::Duplicate);
    QCOMPARE(w.expected(), 6u);
    QCOMPARE(w.received(), 5u);
    QCOMPARE(w.duplicates(), 3u);
    QCOMPARE(w.reordered(), 1u);
    QCOMPARE(w.expected() - w.received(), 1u); // exactly the one lost (4)
    QVERIFY(w.contains(2) && !w.contains(4));
}

void TstAgentSafeguards::sequenceWindowSlides()
{
    SequenceWindow w(128);
    for (uint64_t s = 0; s < 1000; s += 2)
        w.add(s);
    // The odd ones arrive late, the recent ones in the window count...
    QCOMPARE(w.add(997), SequenceWindow::Arrival::Reordered);
    QCOMPARE(w.add(998), SequenceWindow::Arrival::Duplicate);
    // ...one far older than the window cannot be told from a copy: not received.
    QCOMPARE(w.add(1), SequenceWindow::Arrival::TooOld);
    QCOMPARE(w.received(), 501u);
    // A jump far ahead forgets everything behind it.
    QCOMPARE(w.add(100000), SequenceWindow::Arrival::New);
    QCOMPARE(w.add(99999), SequenceWindow::Arrival::Reordered);
    QCOMPARE(w.add(99999), SequenceWindow::Arrival::Duplicate);
}

// The kernel's copy to user memory was three times slower into a buffer
// 16 bytes past a page (where a large malloc lands), so bulk buffers are
// page-aligned at every size, after copies and growth too.
void TstAgentSafeguards::bulkBuffersStartOnAPage()
{
    for (const size_t size : {size_t{1}, size_t{1472}, size_t{65536}, size_t{131072}, size_t{524288}, size_t{4 << 20}}) {
        wb::agent::PageBuffer buf(size, 'x');
        QCOMPARE(reinterpret_cast<uintptr_t>(buf.data()) % 4096, uintptr_t{0});
        QCOMPARE(buf.size(), size);
        QCOMPARE(buf.back(), 'x');
        wb::agent::PageBuffer copy = buf;
        QCOMPARE(reinterpret_cast<uintptr_t>(copy.data()) % 4096, uintptr_t{0});
        copy.resize(size * 3 + 5);
        QCOMPARE(reinterpret_cast<uintptr_t>(copy.data()) % 4096, uintptr_t{0});
    }
    // Datagram slots: every slot of a batch starts on a cache line.
    QCOMPARE(wb::agent::alignedStride(1473), size_t{1536});
    QCOMPARE(wb::agent::alignedStride(65), size_t{128});
    QCOMPARE(wb::agent::alignedStride(64), size_t{64});
    QCOMPARE(wb::agent::alignedStride(65536), size_t{65536});
}

void TstAgentSafeguards::filesOpenWithoutLinksOrBlocking_data()
{
    QTest::addColumn<bool>("openat2");
    QTest::addColumn<bool>("withDir");
    QTest::newRow("openat2") << true << false;
    QTest::newRow("openat2, keeping the directory") << true << true;
    QTest::newRow("per component (older kernels)") << false << false;
    QTest::newRow("per component, keeping the directory") << false << true;
}

// Both ways of opening refuse a link in any component and anything but a
// regular file, without blocking on a FIFO.
void TstAgentSafeguards::filesOpenWithoutLinksOrBlocking()
{
    QFETCH(bool, openat2);
    QFETCH(bool, withDir);
    QTemporaryDir tmp;
    const QString d = tmp.path();
    QVERIFY(QDir(d).mkdir(u"real"_s));
    {
        QFile f(d + u"/real/file"_s);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("x");
    }
    QVERIFY(QFile::link(d + u"/real"_s, d + u"/dirlink"_s));
    QVERIFY(QFile::link(d + u"/real/file"_s, d + u"/filelink"_s));
    QCOMPARE(::mkfifo(QFile::encodeName(d + u"/fifo"_s).constData(), 0600), 0);
    wb::agent::useOpenat2ForTest(openat2);
    auto cleanup = qScopeGuard([] { wb::agent::useOpenat2ForTest(true); });
    auto open = [&](const QString &path, int flags, std::string *err) {
        wb::agent::Fd dir;
        std::string name;
        return wb::agent::openRegularNoFollow(path.toStdString(), flags, 0600, err, withDir ? &dir : nullptr,
                                              withDir ? &name : nullptr);
    };
    std::string err;
    QVERIFY(open(d + u"/real/file"_s, O_RDONLY, &err).valid());
    QVERIFY(!open(d + u"/dirlink/file"_s, O_RDONLY, &err).valid());
    QVERIFY2(err.find("symbolic link") != std::string::npos, err.c_str());
    QVERIFY(!open(d + u"/filelink"_s, O_RDONLY, &err).valid());
    QVERIFY2(err.find("symbolic link") != std::string::npos, err.c_str());
    QVERIFY(!open(d + u"/dirlink/new"_s, O_WRONLY | O_CREAT | O_EXCL, &err).valid());
    QVERIFY(!QFile::exists(d + u"/real/new"_s));
    QElapsedTimer t;
    t.start();
    QVERIFY(!open(d + u"/fifo"_s, O_RDONLY, &err).valid()); // no writer: would block without O_NONBLOCK
    QVERIFY2(err.find("not a regular file") != std::string::npos, err.c_str());
    QVERIFY(!open(d + u"/fifo"_s, O_WRONLY, &err).valid());
    QVERIFY(t.elapsed() < 1000);
    QVERIFY(!open(d + u"/real"_s, O_RDONLY, &err).valid()); // a directory
    QVERIFY(open(d + u"/real/created"_s, O_WRONLY | O_CREAT | O_EXCL, &err).valid());
    QVERIFY(!open(d + u"/real/created"_s, O_WRONLY | O_CREAT | O_EXCL, &err).valid());
    QVERIFY2(err.find("overwrite") != std::string::npos, err.c_str());
}

void TstAgentSafeguards::hostileBindFieldsAreRefused_data()
{
    QTest::addColumn<QByteArray>("fields");
    QTest::addColumn<QString>("expected");
    QTest::newRow("bind name") << QByteArray(R"("bind":"evil.example")") << u"field 'bind'"_s;
    QTest::newRow("bind number") << QByteArray(R"("bind":7)") << u"field 'bind'"_s;
    QTest::newRow("family") << QByteArray(R"("family":"ipx")") << u"field 'family'"_s;
    QTest::newRow("half range") << QByteArray(R"("port_min":5000)") << u"'port_min' and 'port_max'"_s;
    QTest::newRow("reversed range") << QByteArray(R"("port_min":6000,"port_max":5000)") << u"'port_min' and 'port_max'"_s;
    QTest::newRow("range past 65535") << QByteArray(R"("port_min":1,"port_max":70000)") << u"'port_min' and 'port_max'"_s;
    QTest::newRow("port outside range") << QByteArray(R"("port":80,"port_min":5000,"port_max":5001)") << u"field 'port'"_s;
    QTest::newRow("device not bool") << QByteArray(R"("bind_device":"lo")") << u"field 'bind_device'"_s;
    QTest::newRow("device without interface") << QByteArray(R"("bind_device":true)") << u"needs params.interface"_s;
}

void TstAgentSafeguards::hostileBindFieldsAreRefused()
{
    QFETCH(QByteArray, fields);
    QFETCH(QString, expected);
    const std::string line = R"({"id":1,"type":"serve","kind":"tcp_rr","token":"0123456789abcdef0123456789abcdef",)"
        + fields.toStdString() + "}";
    auto request = wb::json::parse(line, nullptr);
    QVERIFY(request);
    wb::agent::TestParams params;
    std::string error;
    QVERIFY(!wb::agent::checkTestRequest(*request, params, &error));
    QVERIFY2(QString::fromStdString(error).contains(expected), error.c_str());
}

void TstAgentSafeguards::bindsOnlyItsOwnAddresses()
{
    wb::agent::DataBinding b;
    std::string error;
    // An address of another host (TEST-NET-3), even on lo, is refused.
    QVERIFY(!wb::agent::resolveServeBinding("203.0.113.9", AF_UNSPEC, "", false, b, &error));
    QVERIFY2(error.find("not an address of this host") != std::string::npos, error.c_str());
    QVERIFY(!wb::agent::resolveServeBinding("127.0.0.1", AF_UNSPEC, "no-such-nic0", false, b, &error));
    QVERIFY2(error.find("no interface 'no-such-nic0'") != std::string::npos, error.c_str());
    // The NIC's own address is found by name.
    QVERIFY2(wb::agent::resolveServeBinding("", AF_INET, "lo", false, b, &error), error.c_str());
    QCOMPARE(QString::fromStdString(b.address.host()), u"127.0.0.1"_s);
    QVERIFY(!wb::agent::resolveServeBinding("127.0.0.1", AF_INET6, "lo", false, b, &error));
    // The client sends only from its own addresses, of the server's family.
    wb::agent::SockAddr to;
    QVERIFY(wb::agent::parseAddress("127.0.0.1", 9, to));
    bool bound = true;
    QVERIFY(!wb::agent::resolveClientBinding("203.0.113.9", to, "", false, b, &bound, &error));
    QVERIFY(wb::agent::resolveClientBinding("", to, "lo", false, b, &bound, &error));
    QVERIFY(bound);
    QCOMPARE(QString::fromStdString(b.address.host()), u"127.0.0.1"_s);
    QVERIFY(wb::agent::resolveClientBinding("", to, "", false, b, &bound, &error));
    QVERIFY(!bound); // no NIC named: the kernel chooses
}

void TstAgentSafeguards::portRangeIsKeptAndBounded()
{
    wb::agent::DataBinding b;
    std::string error;
    QVERIFY(wb::agent::resolveServeBinding("127.0.0.1", AF_UNSPEC, "", false, b, &error));
    // A free range of three ports on loopback: take them all, then one more fails.
    int base = 0;
    for (int start = 20000 + (::getpid() % 20000); start < 65000 && base == 0; start += 7) {
        wb::agent::ServingEndpoint probe[3];
        bool free = true;
        for (int i = 0; i < 3 && free; ++i)
            free = probe[i].open(b, start + i, 0, 0, true, &error);
        if (free)
            base = start;
    }
    QVERIFY(base > 0);
    wb::agent::ServingEndpoint e[4];
    for (int i = 0; i < 3; ++i) {
        QVERIFY2(e[i].open(b, 0, base, base + 2, true, &error), error.c_str());
        QVERIFY(e[i].port() >= base && e[i].port() <= base + 2);
        QCOMPARE(e[i].udpPort(), e[i].port());
    }
    QVERIFY(!e[3].open(b, 0, base, base + 2, true, &error));
    QCOMPARE(QString::fromStdString(error), u"every port from %1 to %2 on 127.0.0.1 is in use (the host's data port range)"_s
                                                .arg(base).arg(base + 2));
}

QTEST_GUILESS_MAIN(TstAgentSafeguards)
#include "tst_agentsafeguards.moc"
