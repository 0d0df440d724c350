// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The system keychain (Secret Service / GNOME Keyring / KWallet through
// qtkeychain) as Wirebench's SecretStore. Used by the desktop program and the
// CLI only for secrets the user opted into keeping. Never falls back to a
// plain file: when no keychain service runs (a headless machine) every call
// fails with qtkeychain's message and nothing is stored.

#include "config/secretstore.h"

#include <QObject>

namespace wb {

class KeychainSecretStore : public SecretStore
{
public:
    // Jobs are parented to `context`: replies stop when it is destroyed.
    explicit KeychainSecretStore(QObject *context = nullptr);

    void readSecret(const QString &service, const QString &account, ReadReply reply) override;
    void writeSecret(
        const QString &service, const QString &account, const QByteArray &secret, Reply reply) override;
    void removeSecret(const QString &service, const QString &account, Reply reply) override;
    QString displayName() const override;

private:
    QObject *m_context;
};

} // namespace wb
