// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Opening the results database for a CLI command: --db or the desktop
// program's default; a damaged or foreign file is reported with its name
// and what to do, never overwritten.

#include "clicommand.h"

#include "config/settings.h"
#include "exchange/resultimport.h"
#include "store/databaseurl.h"
#include "store/resultstore.h"
#include "store/storearchive.h"
#include "terminalcredentials.h"

#include <QRegularExpression>

#include <memory>
#include <optional>

namespace wb::cli {

// Opens `location` (a file or a postgresql:// URL). A shared database that
// wants a password not found in ~/.pgpass or PGPASSWORD gets one typed on
// the terminal (kept in memory for this process only).
inline StoreResult<std::unique_ptr<ResultStore>> openLocation(const QString &location, const StoreOpenOptions &options)
{
    auto store = ResultStore::open(location, options);
    if (store || store.error().kind != StoreError::Kind::NeedsPassword)
        return store;
    const auto url = DatabaseUrl::parse(location);
    std::optional<QByteArray> answer;
    CredentialRequest request;
    request.kind = CredentialRequest::Kind::Password;
    request.host = url ? url->host() : QString();
    request.prompt = QStringLiteral("Password for %1").arg(DatabaseUrl::redacted(location));
    TerminalCredentials().provide(request, [&answer](CredentialAnswer a) { answer = std::move(a.secret); });
    if (!answer || answer->isEmpty())
        return store;
    DatabaseUrl::rememberPassword(location, QString::fromUtf8(*answer));
    return ResultStore::open(location, options);
}

inline std::unique_ptr<ResultStore> openStore(CliContext &ctx, bool mustExist = false)
{
    const QString path = ctx.databasePath.isEmpty() ? Settings::defaultDatabasePath() : ctx.databasePath;
    StoreOpenOptions options;
    options.createIfMissing = !mustExist;
    auto store = openLocation(path, options);
    if (!store) {
        ctx.err << wb::cli::commandName(ctx) << ": " << store.message() << '\n';
        if (store.error().isFileProblem())
            ctx.err << wb::cli::commandName(ctx) << ": use --db PATH to open another database, or --db NEW_FILE to create a "
                       "new one\n";
        return nullptr;
    }
    // Every database holds the historical baselines this program ships.
    if (auto added = ensureBuiltinBaselines(**store); !added)
        ctx.err << wb::cli::commandName(ctx) << ": warning: " << added.message() << '\n';
    return std::move(*store);
}

// Takes "--name value" or "--name=value" out of args; empty when absent.
inline bool takeOption(QStringList &args, const QString &name, QString *value, QString *error)
{
    for (qsizetype i = 0; i < args.size(); ++i) {
        if (args[i] == name) {
            if (i + 1 >= args.size()) {
                *error = name + QStringLiteral(" needs a value");
                return false;
            }
            *value = args[i + 1];
            args.remove(i, 2);
            return true;
        }
        if (args[i].startsWith(name + u'=')) {
            *value = args[i].mid(name.size() + 1);
            args.remove(i);
            return true;
        }
    }
    return true;
}

// A run id as typed: decimal digits only, 1 to 2^63-1. Not "1e300", "0x10",
// "+5" or " 5" (QString::toLongLong takes some of those), and a number too
// big for an id is refused, never wrapped or rounded.
inline std::optional<qint64> parseRunId(const QString &text)
{
    if (text.isEmpty() || text.size() > 19)
        return std::nullopt;
    for (const QChar c : text)
        if (c < u'0' || c > u'9')
            return std::nullopt;
    bool ok = false;
    const qint64 id = text.toLongLong(&ok);
    if (!ok || id <= 0)
        return std::nullopt;
    return id;
}

// Whether text is written like a number (then it must be a valid id, not a UUID).
inline bool looksNumeric(const QString &text)
{
    static const QRegularExpression re(QStringLiteral("^[-+]?[0-9.]+([eE][-+]?[0-9]+)?$"));
    return re.match(text.trimmed()).hasMatch();
}

// What merging an archive added (`db import`, `db copy`): a sentence that
// starts with `verb` and ends with `tail`, or with --json one line of `type`.
inline void printArchiveSummary(CliContext &ctx, const QString &type, const QString &verb,
                                const ArchiveImportSummary &sum, const QString &tail, QJsonObject json = {})
{
    if (ctx.json) {
        json.insert(QStringLiteral("runs_added"), sum.runsAdded);
        json.insert(QStringLiteral("runs_already_present"), sum.runsSkipped);
        json.insert(QStringLiteral("measurements_added"), sum.measurementsAdded);
        json.insert(QStringLiteral("baselines_added"), sum.baselinesAdded);
        json.insert(QStringLiteral("baselines_updated"), sum.baselinesUpdated);
        json.insert(QStringLiteral("inventory_added"), sum.inventoryAdded);
        json.insert(QStringLiteral("notices_added"), sum.noticesAdded);
        printJsonLine(ctx, type, json);
        return;
    }
    ctx.out << verb << ' ' << sum.runsAdded << " runs (" << sum.runsSkipped << " already present), "
            << sum.measurementsAdded << " measurements, " << sum.baselinesAdded << " new and " << sum.baselinesUpdated
            << " updated baselines, " << sum.inventoryAdded << " inventory objects, " << sum.noticesAdded
            << " run notices" << tail << ".\n";
}

inline bool takeFlag(QStringList &args, const QString &name)
{
    return args.removeAll(name) > 0;
}

} // namespace wb::cli
