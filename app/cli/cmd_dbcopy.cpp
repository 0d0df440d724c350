// SPDX-License-Identifier: GPL-3.0-or-later
// `db copy --from A --to B`: moves a whole results database into another one
// (a local file into the shared PostgreSQL database, or back). It is the
// archive merge: runs by uuid, measurements by uuid, baselines by key and
// inventory by name, so copying again adds nothing.

#include "clicommand.h"
#include "clistore.h"

#include "store/storearchive.h"

using namespace Qt::StringLiterals;

namespace {

int dbCopy(wb::cli::CliContext &ctx)
{
    QStringList args = ctx.args;
    QString from, to, error;
    if (!wb::cli::takeOption(args, u"--from"_s, &from, &error) || !wb::cli::takeOption(args, u"--to"_s, &to, &error)) {
        return wb::cli::usageError(ctx, error);
    }
    if (from.isEmpty() || to.isEmpty() || !args.isEmpty()) {
        return wb::cli::usageError(ctx, u"give --from DATABASE and --to DATABASE (files or postgresql:// URLs)"_s);
    }
    wb::StoreOpenOptions sourceOptions;
    sourceOptions.createIfMissing = false;
    auto source = wb::cli::openLocation(from, sourceOptions);
    if (!source) {
        ctx.err << wb::cli::commandName(ctx) << ": " << source.message() << '\n';
        return wb::cli::kExitFailure;
    }
    auto target = wb::cli::openLocation(to, {});
    if (!target) {
        ctx.err << wb::cli::commandName(ctx) << ": " << target.message() << '\n';
        return wb::cli::kExitFailure;
    }
    if ((*source)->path() == (*target)->path()) {
        return wb::cli::usageError(ctx, u"--from and --to are the same database"_s);
    }
    auto archive = (*source)->archive().exportArchive();
    if (!archive) {
        ctx.err << wb::cli::commandName(ctx) << ": " << archive.message() << '\n';
        return wb::cli::kExitFailure;
    }
    // One transaction on the target: an error leaves it as it was.
    auto sum = (*target)->archive().importArchive(*archive, (*source)->path());
    if (!sum) {
        ctx.err << wb::cli::commandName(ctx) << ": " << sum.message() << " (nothing was copied)\n";
        return wb::cli::kExitFailure;
    }
    wb::cli::printArchiveSummary(ctx, u"copy"_s, u"Copied"_s, *sum,
                                 u" from %1 to %2"_s.arg((*source)->path(), (*target)->path()),
                                 QJsonObject{{u"from"_s, (*source)->path()}, {u"to"_s, (*target)->path()}});
    return wb::cli::kExitOk;
}

} // namespace

const QList<wb::cli::Option> kDbCopyOptions{
    {u"--from"_s, u"DATABASE"_s, u"the database to copy (a file or a postgresql:// URL)"_s},
    {u"--to"_s, u"DATABASE"_s, u"the database to copy into (created when missing)"_s},
    wb::cli::jsonOption()};
WB_CLI_COMMAND(u"db copy"_s, u"--from DATABASE --to DATABASE"_s,
               u"copy a whole database into another (file or postgresql:// URL; no duplicates)"_s,
               kDbCopyOptions, dbCopy);
