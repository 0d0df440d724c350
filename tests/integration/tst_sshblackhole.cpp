// SPDX-License-Identifier: GPL-3.0-or-later
// A black-holed host: sshd runs inside a network namespace this test creates,
// reached over a veth pair; once the agent is up the namespace's end of the
// link goes down, so every packet vanishes without an error. Only the
// socket's keepalive + TCP_USER_TIMEOUT (driven by SSH keepalives) can notice:
// the transport must report the loss within 15 s. Needs root; skipped
// otherwise.

#include "remote/agentclient.h"
#include "remote/sshtransport.h"
#include "sshnamespace.h"

#include <QElapsedTimer>
#include <QFile>
#include <QSignalSpy>
#include <QTest>
#include <unistd.h>

using namespace Qt::StringLiterals;

class TstSshBlackhole : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void cleanupTestCase();
    void blackHoledHostReportedLost();

private:
    // TEST-NET-3, a /30 chosen by PID.
    wbtest::SshNamespace m_host{u"wbbh"_s, u"203.0.113"_s};
};

void TstSshBlackhole::initTestCase()
{
    if (geteuid() != 0)
        QSKIP("network namespaces need root");
    if (wbtest::sshdDir().isEmpty())
        QFAIL("WB_SSHD_DIR is not set (run through ctest)");
    const QString problem = m_host.setUp();
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
}

void TstSshBlackhole::cleanupTestCase()
{
    m_host.tearDown();
}

void TstSshBlackhole::blackHoledHostReportedLost()
{
    wbtest::ClientSetup setup;
    setup.endpoint.host = m_host.address();
    setup.endpoint.port = 22;
    {
        QFile known(setup.options.userKnownHostsFile);
        QVERIFY(known.open(QIODevice::WriteOnly));
        known.write(m_host.knownHostsLine());
    }
    setup.options.keepaliveIntervalMs = 2000;
    setup.options.tcpUserTimeoutMs = 6000;
    auto *transport = new wb::SshTransport(setup.endpoint, setup.options);
    wb::AgentClient client(transport);
    QSignalSpy ready(&client, &wb::AgentClient::ready);
    QSignalSpy transient(&client, &wb::AgentClient::transientError);
    QSignalSpy persistent(&client, &wb::AgentClient::persistentError);
    QSignalSpy closed(&client, &wb::AgentClient::closed);
    client.start();
    QTRY_VERIFY_WITH_TIMEOUT(!ready.isEmpty() || !persistent.isEmpty() || !closed.isEmpty(), 20000);
    QVERIFY2(!ready.isEmpty(),
        qPrintable(persistent.value(0).value(0).toString() + transient.value(0).value(0).toString()));

    QElapsedTimer t;
    t.start();
    QString out;
    QVERIFY2(m_host.setLinkUp(false, &out), qPrintable(out));
    QTRY_VERIFY_WITH_TIMEOUT(!closed.isEmpty(), 20000);
    const qint64 ms = t.elapsed();
    QVERIFY2(ms < 15000, qPrintable(QString::number(ms)));
    QVERIFY(!transient.isEmpty());
    const QString msg = transient.last().at(0).toString();
    QVERIFY2(msg.contains(u"lost the connection"_s), qPrintable(msg));
    QVERIFY(!transport->isOpen());
    qInfo("black-holed host reported lost after %lld ms: %s", ms, qPrintable(msg));
}

QTEST_GUILESS_MAIN(TstSshBlackhole)
#include "tst_sshblackhole.moc"
