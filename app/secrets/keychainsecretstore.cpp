// SPDX-License-Identifier: GPL-3.0-or-later
#include "keychainsecretstore.h"

#include <qt6keychain/keychain.h>

using namespace Qt::StringLiterals;

namespace wb {

namespace {
    template<typename JobT> JobT *makeJob(const QString &service, const QString &account, QObject *context)
    {
        auto *job = new JobT(service, context);
        job->setKey(account);
        job->setAutoDelete(true);
        // qtkeychain would otherwise be allowed to keep the secret in a
        // plain-text settings file when no keychain is there.
        job->setInsecureFallback(false);
        return job;
    }
} // namespace

KeychainSecretStore::KeychainSecretStore(QObject *context) : m_context(context) { }

void KeychainSecretStore::readSecret(const QString &service, const QString &account, ReadReply reply)
{
    auto *job = makeJob<QKeychain::ReadPasswordJob>(service, account, m_context);
    QObject::connect(job, &QKeychain::Job::finished, job, [job, reply = std::move(reply)](QKeychain::Job *) {
        if (job->error() == QKeychain::NoError) {
            QByteArray secret = job->binaryData();
            reply(std::move(secret), QString());
        } else if (job->error() == QKeychain::EntryNotFound) {
            reply(std::nullopt, QString());
        } else {
            reply(std::nullopt, job->errorString());
        }
    });
    job->start();
}

void KeychainSecretStore::writeSecret(
    const QString &service, const QString &account, const QByteArray &secret, Reply reply)
{
    auto *job = makeJob<QKeychain::WritePasswordJob>(service, account, m_context);
    job->setBinaryData(secret);
    QObject::connect(job, &QKeychain::Job::finished, job, [job, reply = std::move(reply)](QKeychain::Job *) {
        reply(job->error() == QKeychain::NoError ? QString() : job->errorString());
    });
    job->start();
}

void KeychainSecretStore::removeSecret(const QString &service, const QString &account, Reply reply)
{
    auto *job = makeJob<QKeychain::DeletePasswordJob>(service, account, m_context);
    QObject::connect(job, &QKeychain::Job::finished, job, [job, reply = std::move(reply)](QKeychain::Job *) {
        const auto e = job->error();
        reply(e == QKeychain::NoError || e == QKeychain::EntryNotFound ? QString() : job->errorString());
    });
    job->start();
}

QString KeychainSecretStore::displayName() const
{
    return u"the system keychain"_s;
}

} // namespace wb
