// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// One AgentClient over one SshTransport to the sshd fixture, with spies on
// everything it reports, for the SSH integration tests.

#include "remote/agentclient.h"
#include "remote/sshtransport.h"
#include "sshfixture.h"

#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTest>

namespace wbtest {

struct SshConnection
{
    wb::SshTransport *transport;
    wb::AgentClient client;
    QSignalSpy ready { &client, &wb::AgentClient::ready };
    QSignalSpy persistent { &client, &wb::AgentClient::persistentError };
    QSignalSpy transient { &client, &wb::AgentClient::transientError };
    QSignalSpy closed { &client, &wb::AgentClient::closed };
    QStringList progress;

    SshConnection(const ClientSetup &setup, wb::HostKeyPolicy *policy, wb::CredentialProvider *credentials = nullptr,
                  wb::SecretStore *store = nullptr)
        : transport(new wb::SshTransport(setup.endpoint, setup.options)), client(transport)
    {
        transport->setHostKeyPolicy(policy);
        transport->setCredentialProvider(credentials);
        transport->setSecretStore(store);
        QObject::connect(
            transport, &wb::SshTransport::progressed, &client, [this](const QString &m) { progress << m; });
    }
    // True once the handshake is done; false on any error or after timeout.
    bool waitReady(int ms = 20000)
    {
        QElapsedTimer t;
        t.start();
        while (ready.isEmpty() && persistent.isEmpty() && closed.isEmpty() && t.elapsed() < ms)
            QTest::qWait(20);
        return !ready.isEmpty();
    }
    bool waitClosed(int ms = 10000)
    {
        QElapsedTimer t;
        t.start();
        while (closed.isEmpty() && t.elapsed() < ms)
            QTest::qWait(20);
        return !closed.isEmpty();
    }
    QString errors() const
    {
        QStringList all;
        for (const auto &e : persistent)
            all << QStringLiteral("persistent: ") + e.at(0).toString();
        for (const auto &e : transient)
            all << QStringLiteral("transient: ") + e.at(0).toString();
        return all.join(u'\n');
    }
    // Every message the connection produced: progress and errors.
    QString everything() const
    {
        QStringList all = progress;
        all << errors();
        return all.join(u'\n');
    }
};

} // namespace wbtest
