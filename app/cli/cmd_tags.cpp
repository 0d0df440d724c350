// SPDX-License-Identifier: GPL-3.0-or-later
// `runs tag|untag|note` and `baselines tag|untag|note`: what a person says
// about a result ("after firmware 4.2"), kept beside it in the database.
// The store normalises tags and names a bad one; this only reads the
// arguments and prints the outcome.

#include "clicommand.h"
#include "clistore.h"

#include "store/annotationstore.h"
#include "store/runstore.h"

#include <QJsonArray>
#include <QJsonObject>

#include <limits>

using namespace Qt::StringLiterals;

namespace {

// The run an argument names: an id, or a run UUID.
std::optional<qint64> findRun(wb::cli::CliContext &ctx, wb::ResultStore &store, const QString &command,
                              const QString &which)
{
    if (const std::optional<qint64> id = wb::cli::parseRunId(which))
        return id;
    if (wb::cli::looksNumeric(which)) {
        ctx.err << "wirebench-cli " << command << ": '" << which << "' is not a run id (a whole number from 1 to "
                << std::numeric_limits<qint64>::max() << ") or a run UUID\n";
        return std::nullopt;
    }
    auto run = store.runs().runByUuid(which, false);
    if (!run) {
        ctx.err << wb::cli::commandName(ctx) << ": " << run.message() << '\n';
        return std::nullopt;
    }
    return run->id;
}

// `what` names the run or baseline in text; `which` is {"run": id} or
// {"baseline": key} for the --json line.
int printTags(wb::cli::CliContext &ctx, const QString &what, QJsonObject which, const wb::StoreResult<QStringList> &tags)
{
    if (!tags) {
        ctx.err << wb::cli::commandName(ctx) << ": " << tags.message() << '\n';
        return tags.error().kind == wb::StoreError::Kind::Invalid ? wb::cli::kExitUsage : wb::cli::kExitFailure;
    }
    if (ctx.json) {
        which.insert(u"tags"_s, QJsonArray::fromStringList(*tags));
        wb::cli::printJsonLine(ctx, u"tags"_s, which);
    } else {
        ctx.out << what << " tags: " << (tags->isEmpty() ? u"(none)"_s : tags->join(u", "_s)) << '\n';
    }
    return wb::cli::kExitOk;
}

// A note saved or cleared: said in text, or as a --json line of type "note".
int printNote(wb::cli::CliContext &ctx, const QString &what, QJsonObject which, const QString &note)
{
    if (ctx.json) {
        which.insert(u"notes"_s, note);
        wb::cli::printJsonLine(ctx, u"note"_s, which);
    } else {
        ctx.out << what << (note.isEmpty() ? " note cleared\n" : " note saved\n");
    }
    return wb::cli::kExitOk;
}

int runTags(wb::cli::CliContext &ctx, bool add)
{
    const QString command = add ? u"runs tag"_s : u"runs untag"_s;
    if (ctx.args.size() < 2) {
        return wb::cli::usageError(ctx, u"give a run (id or UUID) and one or more tags"_s);
    }
    auto store = wb::cli::openStore(ctx, true);
    if (!store)
        return wb::cli::kExitFailure;
    const std::optional<qint64> id = findRun(ctx, *store, command, ctx.args.first());
    if (!id)
        return wb::cli::kExitFailure;
    const QStringList tags = ctx.args.mid(1);
    return printTags(ctx, u"run %1"_s.arg(*id), QJsonObject{{u"run"_s, double(*id)}},
                     add ? store->annotations().addRunTags(*id, tags) : store->annotations().removeRunTags(*id, tags));
}

int runsTag(wb::cli::CliContext &ctx)
{
    return runTags(ctx, true);
}

int runsUntag(wb::cli::CliContext &ctx)
{
    return runTags(ctx, false);
}

int runsNote(wb::cli::CliContext &ctx)
{
    if (ctx.args.size() != 2) {
        return wb::cli::usageError(ctx, u"give a run (id or UUID) and the note as one argument (\"\" clears it)"_s);
    }
    auto store = wb::cli::openStore(ctx, true);
    if (!store)
        return wb::cli::kExitFailure;
    const std::optional<qint64> id = findRun(ctx, *store, u"runs note"_s, ctx.args.first());
    if (!id)
        return wb::cli::kExitFailure;
    if (wb::StoreStatus s = store->runs().setRunNotes(*id, ctx.args.at(1).trimmed()); !s) {
        ctx.err << wb::cli::commandName(ctx) << ": " << s.message() << '\n';
        return wb::cli::kExitFailure;
    }
    return printNote(ctx, u"run %1"_s.arg(*id), QJsonObject{{u"run"_s, double(*id)}}, ctx.args.at(1).trimmed());
}

int baselineTags(wb::cli::CliContext &ctx, bool add)
{
    if (ctx.args.size() < 2) {
        return wb::cli::usageError(
            ctx, u"give a baseline key (see Baselines or `db export`) and one or more tags"_s);
    }
    auto store = wb::cli::openStore(ctx, true);
    if (!store)
        return wb::cli::kExitFailure;
    const QString key = ctx.args.first();
    const QStringList tags = ctx.args.mid(1);
    return printTags(ctx, u"baseline '%1'"_s.arg(key), QJsonObject{{u"baseline"_s, key}},
                     add ? store->annotations().addBaselineTags(key, tags)
                         : store->annotations().removeBaselineTags(key, tags));
}

int baselinesTag(wb::cli::CliContext &ctx)
{
    return baselineTags(ctx, true);
}

int baselinesUntag(wb::cli::CliContext &ctx)
{
    return baselineTags(ctx, false);
}

int baselinesNote(wb::cli::CliContext &ctx)
{
    if (ctx.args.size() != 2) {
        return wb::cli::usageError(ctx, u"give a baseline key and the note as one argument (\"\" clears it)"_s);
    }
    auto store = wb::cli::openStore(ctx, true);
    if (!store)
        return wb::cli::kExitFailure;
    if (wb::StoreStatus s = store->annotations().setBaselineNotes(ctx.args.first(), ctx.args.at(1).trimmed()); !s) {
        ctx.err << wb::cli::commandName(ctx) << ": " << s.message() << '\n';
        return wb::cli::kExitFailure;
    }
    return printNote(ctx, u"baseline '%1'"_s.arg(ctx.args.first()), QJsonObject{{u"baseline"_s, ctx.args.first()}},
                     ctx.args.at(1).trimmed());
}

} // namespace

WB_CLI_COMMAND(u"runs tag"_s, u"RUN TAG..."_s, u"add tags to a run (id or UUID); prints the run's tags"_s,
               {wb::cli::jsonOption()}, runsTag);
WB_CLI_COMMAND(u"runs untag"_s, u"RUN TAG..."_s, u"remove tags from a run; prints the run's tags"_s,
               {wb::cli::jsonOption()}, runsUntag);
WB_CLI_COMMAND(u"runs note"_s, u"RUN TEXT"_s, u"set a run's note (\"\" clears it)"_s,
               {wb::cli::jsonOption()}, runsNote);
WB_CLI_COMMAND(u"baselines tag"_s, u"KEY TAG..."_s, u"add tags to a baseline"_s,
               {wb::cli::jsonOption()}, baselinesTag);
WB_CLI_COMMAND(u"baselines untag"_s, u"KEY TAG..."_s, u"remove tags from a baseline"_s,
               {wb::cli::jsonOption()}, baselinesUntag);
WB_CLI_COMMAND(u"baselines note"_s, u"KEY TEXT"_s, u"set a baseline's note (\"\" clears it)"_s,
               {wb::cli::jsonOption()}, baselinesNote);
