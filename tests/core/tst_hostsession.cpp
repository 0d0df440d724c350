// SPDX-License-Identifier: GPL-3.0-or-later
// Connecting to a host's agent: the backoff schedule is bounded in count
// and total time; a transient failure (refused, hello timeout) is retried
// until the agent answers or the attempts run out, a persistent one
// (authentication refused) is not; the connection gate lets only so many
// attempts run at once. Over scripted in-memory transports.

#include "scriptedtransport.h"

#include "run/connectgate.h"
#include "run/connectretry.h"
#include "run/hostsession.h"

#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTest>

#include <memory>
#include <vector>

using namespace Qt::StringLiterals;
using wbtest::Attempt;

namespace {

wb::PlanHost hostNamed(const QString &name)
{
    wb::PlanHost h;
    h.name = name;
    h.transport = u"ssh"_s;
    return h;
}

wb::ConnectRetry fastRetry(int retries = 3)
{
    wb::ConnectRetry r;
    r.retries = retries;
    r.firstDelayMs = 40;
    r.jitter = 0;
    r.maxTotalDelayMs = 2000;
    return r;
}

} // namespace

class TstHostSession : public QObject
{
    Q_OBJECT
private slots:
    void backoffSchedule_data();
    void backoffSchedule();
    void backoffIsBounded();
    void gateAdmitsInTurn();
    void refusedIsRetriedUntilReady();
    void helloTimeoutIsRetried();
    void persistentFailureIsNotRetried();
    void retriesRunOut();
    void gateBoundsConcurrentAttempts();
};

void TstHostSession::backoffSchedule_data()
{
    QTest::addColumn<int>("retry");
    QTest::addColumn<double>("unit");
    QTest::addColumn<int>("expected");
    QTest::newRow("first, no jitter") << 1 << 0.5 << 1000;
    QTest::newRow("second doubles") << 2 << 0.5 << 2000;
    QTest::newRow("third doubles again") << 3 << 0.5 << 4000;
    QTest::newRow("shortest jitter") << 1 << 0.0 << 800;
    QTest::newRow("longest jitter") << 3 << 1.0 << 4800;
}

void TstHostSession::backoffSchedule()
{
    QFETCH(int, retry);
    QFETCH(double, unit);
    QFETCH(int, expected);
    const wb::ConnectRetry policy; // the defaults: 3 retries, 1 s doubling, 20 % jitter
    QCOMPARE(policy.delayMs(retry, unit), expected);
}

void TstHostSession::backoffIsBounded()
{
    const wb::ConnectRetry policy;
    // 1 + 2 + 4 s at most stretched by the jitter, and never beyond the cap.
    QCOMPARE(policy.worstTotalDelayMs(), 1200 + 2400 + 4800);
    QVERIFY(policy.worstTotalDelayMs() <= policy.maxTotalDelayMs);
    QVERIFY(policy.mayRetry(1, 0));
    QVERIFY(policy.mayRetry(3, 3000));
    QVERIFY(!policy.mayRetry(4, 3000)); // the first attempt and three retries
    QVERIFY(!policy.mayRetry(2, policy.maxTotalDelayMs));
    wb::ConnectRetry capped = policy;
    capped.maxTotalDelayMs = 2500;
    QCOMPARE(capped.delayMs(2, 0.5, 1000), 1500); // what the cap leaves
    QCOMPARE(capped.worstTotalDelayMs(), 2500);
}

void TstHostSession::gateAdmitsInTurn()
{
    wb::ConnectGate gate(2);
    std::vector<std::unique_ptr<QObject>> owners;
    QList<int> started;
    for (int i = 0; i < 4; ++i) {
        owners.push_back(std::make_unique<QObject>());
        gate.acquire(owners.back().get(), [&started, i] { started.append(i); });
    }
    QCOMPARE(started, (QList<int>{0, 1}));
    QCOMPARE(gate.waiting(), 2);
    gate.acquire(owners[0].get(), [&started] { started.append(99); }); // already holding: ignored
    gate.release(owners[3].get()); // leaves the queue without starting
    QCOMPARE(gate.waiting(), 1);
    gate.release(owners[0].get());
    QCOMPARE(started, (QList<int>{0, 1, 2}));
    QCOMPARE(gate.holding(), 2);
    gate.release(owners[1].get());
    gate.release(owners[2].get());
    QCOMPARE(gate.holding(), 0);
}

void TstHostSession::refusedIsRetriedUntilReady()
{
    wbtest::ScriptedFactory factory{u"h1"_s, {Attempt::Refused, Attempt::Refused, Attempt::Answered}};
    wb::HostSession s(hostNamed(u"h1"_s), wb::HostSession::TransportFactory(factory));
    s.setRetryPolicy(fastRetry());
    QSignalSpy ready(&s, &wb::HostSession::ready);
    QSignalSpy retrying(&s, &wb::HostSession::retrying);
    QSignalSpy lost(&s, &wb::HostSession::lost);
    QStringList log;
    connect(&s, &wb::HostSession::logged, this, [&](const QString &sev, const QString &t) { log << sev + u' ' + t; });
    s.ensureConnected();
    QVERIFY(s.isConnecting());
    QTRY_COMPARE_WITH_TIMEOUT(ready.count(), 1, 5000);
    QCOMPARE(lost.count(), 0);
    QCOMPARE(*factory.made, 3);
    QCOMPARE(s.attempts(), 3);
    QCOMPARE(retrying.count(), 2);
    QCOMPARE(retrying.at(0).at(1).toInt(), 40); // 40 ms, then doubled
    QCOMPARE(retrying.at(1).at(1).toInt(), 80);
    QVERIFY(retrying.at(0).at(2).toString().contains(u"Connection refused"_s));
    // Each retry is logged with its reason.
    QCOMPARE(log.filter(u"retrying in"_s).size(), 2);
    QVERIFY2(log.filter(u"retrying in"_s).first().contains(u"Connection refused; attempt 1 of 4"_s),
             qPrintable(log.join(u'\n')));
    QVERIFY(s.isReady());
    QVERIFY(!s.isConnecting());
    s.close();
}

void TstHostSession::helloTimeoutIsRetried()
{
    wbtest::ScriptedFactory factory{u"h1"_s, {Attempt::Silent, Attempt::Answered}};
    wb::HostSession s(hostNamed(u"h1"_s), wb::HostSession::TransportFactory(factory));
    s.setRetryPolicy(fastRetry());
    s.setHandshakeTimeout(150);
    QSignalSpy ready(&s, &wb::HostSession::ready);
    QSignalSpy retrying(&s, &wb::HostSession::retrying);
    s.ensureConnected();
    QTRY_COMPARE_WITH_TIMEOUT(ready.count(), 1, 5000);
    QCOMPARE(*factory.made, 2);
    QCOMPARE(retrying.count(), 1);
    QVERIFY2(retrying.at(0).at(2).toString().contains(u"did not answer the hello handshake"_s),
             qPrintable(retrying.at(0).at(2).toString()));
    s.close();
}

void TstHostSession::persistentFailureIsNotRetried()
{
    wbtest::ScriptedFactory factory{u"h1"_s, {Attempt::Denied, Attempt::Answered}};
    wb::HostSession s(hostNamed(u"h1"_s), wb::HostSession::TransportFactory(factory));
    s.setRetryPolicy(fastRetry());
    QSignalSpy lost(&s, &wb::HostSession::lost);
    QSignalSpy retrying(&s, &wb::HostSession::retrying);
    s.ensureConnected();
    QTRY_COMPARE_WITH_TIMEOUT(lost.count(), 1, 5000);
    QTest::qWait(300); // no retry comes later either
    QCOMPARE(*factory.made, 1);
    QCOMPARE(retrying.count(), 0);
    QVERIFY(s.isLost());
    QVERIFY(!s.isConnecting());
    QVERIFY2(s.lostReason().contains(u"authentication failed"_s), qPrintable(s.lostReason()));
}

void TstHostSession::retriesRunOut()
{
    wbtest::ScriptedFactory factory{u"h1"_s, {Attempt::Refused}};
    wb::HostSession s(hostNamed(u"h1"_s), wb::HostSession::TransportFactory(factory));
    s.setRetryPolicy(fastRetry(3));
    QSignalSpy lost(&s, &wb::HostSession::lost);
    QElapsedTimer clock;
    clock.start();
    s.ensureConnected();
    QTRY_COMPARE_WITH_TIMEOUT(lost.count(), 1, 5000);
    // 40 + 80 + 160 ms of waits: bounded in count and in time.
    QVERIFY2(clock.elapsed() >= 280 && clock.elapsed() < 3000, qPrintable(QString::number(clock.elapsed())));
    QTest::qWait(300);
    QCOMPARE(*factory.made, 4);
    QCOMPARE(lost.count(), 1);
    QVERIFY2(s.lostReason().contains(u"Connection refused (gave up after 4 attempts)"_s), qPrintable(s.lostReason()));
    // A session over one given transport cannot make another: no retry.
    wb::HostSession once(hostNamed(u"h2"_s), factory());
    once.setRetryPolicy(fastRetry(3));
    QSignalSpy onceLost(&once, &wb::HostSession::lost);
    once.ensureConnected();
    QTRY_COMPARE_WITH_TIMEOUT(onceLost.count(), 1, 5000);
    QCOMPARE(*factory.made, 5);
    QCOMPARE(once.attempts(), 1);
    QVERIFY2(once.lostReason().endsWith(u"Connection refused"_s), qPrintable(once.lostReason()));
}

void TstHostSession::gateBoundsConcurrentAttempts()
{
    wb::ConnectGate gate(2);
    wbtest::ScriptedFactory factory{u"h"_s, {Attempt::Silent}};
    int mostHolding = 0;
    int lost = 0;
    std::vector<std::unique_ptr<wb::HostSession>> sessions;
    for (int i = 0; i < 6; ++i) {
        auto s = std::make_unique<wb::HostSession>(hostNamed(u"h%1"_s.arg(i)), wb::HostSession::TransportFactory([&] {
            mostHolding = std::max(mostHolding, gate.holding());
            return factory();
        }));
        s->setRetryPolicy(fastRetry(0));
        s->setHandshakeTimeout(100);
        s->setConnectGate(&gate);
        connect(s.get(), &wb::HostSession::lost, this, [&lost] { ++lost; });
        sessions.push_back(std::move(s));
    }
    for (auto &s : sessions)
        s->ensureConnected();
    QCOMPARE(*factory.made, 2); // the others wait their turn
    QCOMPARE(gate.waiting(), 4);
    QVERIFY(sessions.back()->isConnecting());
    QTRY_COMPARE_WITH_TIMEOUT(lost, 6, 5000);
    QCOMPARE(*factory.made, 6);
    QCOMPARE(mostHolding, 2);
    QCOMPARE(gate.holding(), 0);
    QCOMPARE(gate.waiting(), 0);
}

QTEST_GUILESS_MAIN(TstHostSession)
#include "tst_hostsession.moc"
