// SPDX-License-Identifier: GPL-3.0-or-later
#include "databasekeychain.h"

#include <qt6keychain/keychain.h>

using namespace Qt::StringLiterals;

namespace wb {

namespace {
const auto kService = u"wirebench-database"_s;
} // namespace

void DatabaseKeychain::read(const QString &url, QObject *context, std::function<void(std::optional<QString>)> done)
{
    auto *job = new QKeychain::ReadPasswordJob(kService);
    job->setAutoDelete(true);
    job->setKey(url);
    QObject::connect(job, &QKeychain::Job::finished, context, [done = std::move(done)](QKeychain::Job *j) {
        auto *read = static_cast<QKeychain::ReadPasswordJob *>(j);
        if (read->error() != QKeychain::NoError || read->textData().isEmpty())
            done(std::nullopt);
        else
            done(read->textData());
    });
    job->start();
}

void DatabaseKeychain::write(const QString &url, const QString &password)
{
    auto *job = new QKeychain::WritePasswordJob(kService);
    job->setAutoDelete(true);
    job->setKey(url);
    job->setTextData(password);
    job->start();
}

} // namespace wb
