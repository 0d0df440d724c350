// SPDX-License-Identifier: GPL-3.0-or-later
#include "databasekeychain.h"

#include "keychainsecretstore.h"
#include "store/databaseurl.h"

using namespace Qt::StringLiterals;

namespace wb {

namespace {
const auto kService = u"wirebench-database"_s;

// One entry per database, whatever form of its URL the caller holds: the
// URL as displayed, without a password.
QString account(const QString &url)
{
    const auto parsed = DatabaseUrl::parse(url);
    return parsed ? parsed->display() : url;
}
} // namespace

void DatabaseKeychain::read(const QString &url, QObject *context, std::function<void(std::optional<QString>)> done)
{
    KeychainSecretStore(context).readSecret(
        kService, account(url), [done = std::move(done)](std::optional<QByteArray> secret, const QString &) {
            if (!secret || secret->isEmpty())
                done(std::nullopt);
            else
                done(QString::fromUtf8(*secret));
        });
}

void DatabaseKeychain::write(const QString &url, const QString &password)
{
    KeychainSecretStore(nullptr).writeSecret(kService, account(url), password.toUtf8(), [](const QString &) {});
}

} // namespace wb
