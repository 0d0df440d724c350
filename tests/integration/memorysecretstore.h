// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A SecretStore in memory for tests of the logic around a keychain: what is
// read, written and removed, and a store that cannot be reached. The real
// keychain (qtkeychain over D-Bus) is tested in tst_clipassword.

#include "config/secretstore.h"

#include <QHash>
#include <QStringList>

namespace wbtest {

class MemorySecretStore : public wb::SecretStore
{
public:
    void readSecret(const QString &service, const QString &account, ReadReply reply) override
    {
        log << QStringLiteral("read ") + service + u' ' + account;
        if (!unavailable.isEmpty()) {
            reply(std::nullopt, unavailable);
            return;
        }
        const auto it = secrets.constFind(service + u'\n' + account);
        if (it == secrets.cend())
            reply(std::nullopt, QString());
        else
            reply(*it, QString());
    }
    void writeSecret(
        const QString &service, const QString &account, const QByteArray &secret, Reply reply) override
    {
        log << QStringLiteral("write ") + service + u' ' + account;
        if (!unavailable.isEmpty()) {
            reply(unavailable);
            return;
        }
        secrets.insert(service + u'\n' + account, secret);
        reply(QString());
    }
    void removeSecret(const QString &service, const QString &account, Reply reply) override
    {
        log << QStringLiteral("remove ") + service + u' ' + account;
        secrets.remove(service + u'\n' + account);
        reply(QString());
    }
    QString displayName() const override { return QStringLiteral("the test keychain"); }

    QHash<QString, QByteArray> secrets; // "service\naccount" -> secret
    QStringList log;
    QString unavailable; // non-empty: every call fails with this message
};

} // namespace wbtest
