// SPDX-License-Identifier: GPL-3.0-or-later
// Connection retries against the fixture's real sshd on loopback, with the
// agent deployed over SSH. A host whose port refuses at first (nothing
// listens) and opens a moment later is reached on a retry and its case
// runs; a host that accepts TCP but never sends the SSH banner is retried,
// then given up: only its own cases fail, with the reason, and the other
// hosts' cases finish.

#include "sshfixture.h"

#include "remote/agentlocator.h"
#include "run/orchestrator.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTest>
#include <QTimer>

using namespace Qt::StringLiterals;

namespace {

// A loopback port nothing listens on (taken from the kernel, then freed).
quint16 freePort()
{
    QTcpServer probe;
    if (!probe.listen(QHostAddress::LocalHost, 0))
        return 0;
    return probe.serverPort();
}

// Listens on a given port and relays every connection to the fixture sshd,
// or (silent) accepts and never says a word.
class Relay : public QObject
{
public:
    Relay(quint16 port, quint16 target, bool silent) : m_port(port), m_target(target), m_silent(silent) {}
    bool listen() { return m_server.listen(QHostAddress::LocalHost, m_port); }
    int accepted() const { return m_accepted; }

    void start()
    {
        connect(&m_server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket *in = m_server.nextPendingConnection()) {
                ++m_accepted;
                in->setParent(this);
                if (m_silent)
                    continue;
                auto *out = new QTcpSocket(in);
                connect(in, &QTcpSocket::readyRead, out, [in, out] { out->write(in->readAll()); });
                connect(out, &QTcpSocket::readyRead, in, [in, out] { in->write(out->readAll()); });
                connect(out, &QTcpSocket::connected, in, [in, out] { out->write(in->readAll()); });
                connect(in, &QTcpSocket::disconnected, out, &QTcpSocket::disconnectFromHost);
                connect(out, &QTcpSocket::disconnected, in, &QTcpSocket::disconnectFromHost);
                connect(in, &QTcpSocket::disconnected, in, &QObject::deleteLater);
                out->connectToHost(QHostAddress::LocalHost, m_target);
            }
        });
    }

private:
    QTcpServer m_server;
    quint16 m_port;
    quint16 m_target;
    bool m_silent;
    int m_accepted = 0;
};

struct Run
{
    QList<wb::CaseResult> cases;
    QStringList log;
    bool done = false;

    void attach(wb::Orchestrator &o)
    {
        QObject::connect(&o, &wb::Orchestrator::caseFinished, &o, [this](const wb::CaseResult &m) { cases << m; });
        QObject::connect(&o, &wb::Orchestrator::logged, &o, [this](const QString &sev, const QString &host, const QString &t) {
            log << sev + u' ' + host + u": "_s + t;
        });
        QObject::connect(&o, &wb::Orchestrator::planFinished, &o, [this] { done = true; });
    }
    const wb::CaseResult *named(const QString &name) const
    {
        for (const auto &m : cases)
            if (m.testCase.name == name)
                return &m;
        return nullptr;
    }
};

wb::Plan planOf(const QJsonObject &hosts, const QByteArray &tests)
{
    QJsonObject json{{u"name"_s, u"retry"_s}, {u"hosts"_s, hosts}};
    json.insert(u"tests"_s, QJsonDocument::fromJson("[" + tests + "]").array());
    QString error;
    auto plan = wb::Plan::fromJson(json, &error);
    if (!plan)
        qFatal("bad test plan: %s", qPrintable(error));
    return *plan;
}

QJsonObject sshHost(quint16 port)
{
    return {{u"transport"_s, u"ssh"_s}, {u"ssh_address"_s, u"127.0.0.1"_s}, {u"port"_s, int(port)},
            {u"user"_s, wbtest::loginName()}, {u"identity_file"_s, wbtest::fixtureFile(u"client_ed25519"_s)},
            {u"address"_s, u"127.0.0.1"_s}};
}

} // namespace

class TstSshRetry : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void refusedThenListeningHostIsReachedOnARetry();
    void silentHostFailsOnlyItsCases();
};

void TstSshRetry::initTestCase()
{
    if (wbtest::sshdPort() == 0)
        QSKIP("the sshd fixture is not running (WB_SSHD_DIR)");
}

void TstSshRetry::refusedThenListeningHostIsReachedOnARetry()
{
    const quint16 port = freePort();
    QVERIFY(port != 0);
    wbtest::ClientSetup setup;
    setup.trustHostKey(port); // the relay's port shows the fixture's host key
    wb::SshOptions options = setup.options;
    options.localAgentPath = wb::locateAgent();
    const wb::Plan plan = planOf({{u"a"_s, QJsonObject{{u"transport"_s, u"local"_s}}}, {u"b"_s, sshHost(port)}},
                                 R"({"name":"ab","kind":"tcp_rr","client":"a","server":"b","duration_s":0.5})");
    wb::Orchestrator o(plan, wb::Orchestrator::labFactory(options, nullptr, nullptr));
    Run run;
    run.attach(o);
    // Nothing listens for the first attempt and the first retry (about
    // 1 s later); the relay opens at 1.6 s, before the second retry (about
    // 3 s).
    Relay relay(port, quint16(wbtest::sshdPort()), false);
    relay.start();
    bool listening = false;
    QTimer::singleShot(1600, &o, [&] { listening = relay.listen(); });
    QElapsedTimer clock;
    clock.start();
    o.start();
    QTRY_VERIFY_WITH_TIMEOUT(run.done, 60000);
    QVERIFY(listening);
    const wb::CaseResult *ab = run.named(u"ab"_s);
    QVERIFY(ab);
    QVERIFY2(ab->status == u"finished"_s, qPrintable(ab->error + u'\n' + run.log.join(u'\n')));
    QVERIFY(ab->summary.metric(u"transactions_per_s"_s, u"client"_s).value_or(0) > 0);
    const QStringList retries = run.log.filter(u"retrying in"_s);
    QVERIFY2(retries.size() >= 1 && retries.size() <= 3, qPrintable(run.log.join(u'\n')));
    QVERIFY2(retries.first().contains(u"cannot connect"_s), qPrintable(retries.first()));
    QVERIFY(relay.accepted() >= 1);
    QVERIFY2(clock.elapsed() < 30000, qPrintable(QString::number(clock.elapsed())));
}

void TstSshRetry::silentHostFailsOnlyItsCases()
{
    const quint16 port = freePort();
    QVERIFY(port != 0);
    Relay silent(port, 0, true);
    QVERIFY(silent.listen());
    silent.start();
    wbtest::ClientSetup setup;
    setup.trustHostKey(); // b: the fixture sshd itself
    wb::SshOptions options = setup.options;
    options.localAgentPath = wb::locateAgent();
    options.connectTimeoutMs = 1000; // the banner wait of each attempt
    const wb::Plan plan = planOf(
        {{u"a"_s, QJsonObject{{u"transport"_s, u"local"_s}}},
         {u"b"_s, sshHost(quint16(wbtest::sshdPort()))},
         {u"mute"_s, sshHost(port)}},
        R"({"name":"a-mute","kind":"tcp_rr","client":"a","server":"mute","duration_s":0.3},
           {"name":"a-b","kind":"tcp_rr","client":"a","server":"b","duration_s":0.3},
           {"name":"b-a","kind":"tcp_rr","client":"b","server":"a","duration_s":0.3})");
    wb::Orchestrator o(plan, wb::Orchestrator::labFactory(options, nullptr, nullptr));
    Run run;
    run.attach(o);
    QElapsedTimer clock;
    clock.start();
    o.start();
    QTRY_VERIFY_WITH_TIMEOUT(run.done, 90000);
    QCOMPARE(run.cases.size(), 3);
    const wb::CaseResult *mute = run.named(u"a-mute"_s);
    QVERIFY(mute);
    QCOMPARE(mute->status, u"failed"_s);
    QVERIFY2(mute->error.contains(u"gave up after 4 attempts"_s), qPrintable(mute->error));
    QVERIFY2(mute->error.contains(u"cannot connect"_s), qPrintable(mute->error));
    for (const QString &name : {u"a-b"_s, u"b-a"_s}) {
        const wb::CaseResult *m = run.named(name);
        QVERIFY(m);
        QVERIFY2(m->status == u"finished"_s, qPrintable(name + u": "_s + m->error));
    }
    // Four attempts, each reaching TCP and waiting for a banner in vain.
    QCOMPARE(silent.accepted(), 4);
    QCOMPARE(run.log.filter(u"retrying in"_s).size(), 3);
    // Four 1 s banner waits and at most 1.2 + 2.4 + 4.8 s between them.
    QVERIFY2(clock.elapsed() < 40000, qPrintable(QString::number(clock.elapsed())));
}

QTEST_GUILESS_MAIN(TstSshRetry)
#include "tst_sshretry.moc"
