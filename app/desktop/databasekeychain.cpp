// SPDX-License-Identifier: GPL-3.0-or-later
#include "databasekeychain.h"

#include "keychainsecretstore.h"

using namespace Qt::StringLiterals;

namespace wb {

namespace {
const auto kService = u"wirebench-database"_s;
} // namespace

void DatabaseKeychain::read(const QString &url, QObject *context, std::function<void(std::optional<QString>)> done)
{
    KeychainSecretStore(context).readSecret(
        kService, url, [done = std::move(done)](std::optional<QByteArray> secret, const QString &) {
            if (!secret || secret->isEmpty())
                done(std::nullopt);
            else
                done(QString::fromUtf8(*secret));
        });
}

void DatabaseKeychain::write(const QString &url, const QString &password)
{
    KeychainSecretStore(nullptr).writeSecret(kService, url, password.toUtf8(), [](const QString &) {});
}

} // namespace wb
