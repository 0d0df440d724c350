// SPDX-License-Identifier: GPL-3.0-or-later
// `runs list`, `runs show ID`, `runs delete ID...`: the results database
// from the command line.

#include "clicommand.h"
#include "clifilter.h"
#include "clistore.h"
#include "result/keyfigure.h"
#include "result/streamfigure.h"

#include "store/noticestore.h"
#include "store/runhardware.h"
#include "store/runstore.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>

#include <cstdio>
#include <limits>

using namespace Qt::StringLiterals;

namespace {

QString timeText(const QDateTime &t)
{
    return t.isValid() ? t.toUTC().toString(u"yyyy-MM-dd HH:mm:ss"_s) : u"-"_s;
}

QJsonObject runSummaryJson(const wb::StoredRun &r)
{
    QJsonObject o{{u"id"_s, double(r.id)},
                  {u"uuid"_s, r.uuid},
                  {u"kind"_s, r.record.kind},
                  {u"status"_s, wb::runStatusName(r.status)},
                  {u"started_at"_s, r.startedAt.toUTC().toString(Qt::ISODateWithMs)},
                  {u"plan"_s, r.plan},
                  {u"test_case"_s, r.testCase},
                  {u"tool"_s, r.record.tool},
                  {u"params"_s, r.record.params},
                  {u"tags"_s, QJsonArray::fromStringList(r.tags)},
                  {u"notes"_s, r.notes}};
    QJsonArray ms;
    for (const wb::Metric &m : r.record.metrics)
        ms.append(QJsonObject{{u"name"_s, m.name}, {u"side"_s, m.side}, {u"value"_s, m.value}, {u"unit"_s, m.unit}});
    o.insert(u"metrics"_s, ms);
    // The schedule that started it, for a scheduled run.
    if (const QString schedule = r.record.extra.value(u"schedule"_s).toString(); !schedule.isEmpty())
        o.insert(u"schedule"_s, schedule);
    return o;
}

// Parses the filter options shared by `runs list` and `db export`.
bool parseFilter(QStringList &args, wb::RunFilter *f, QString *error)
{
    QString v;
    if (!wb::cli::takeOption(args, u"--kind"_s, &f->kind, error) ||
        !wb::cli::takeOption(args, u"--host"_s, &f->hostName, error) ||
        !wb::cli::takeOption(args, u"--nic"_s, &f->nicKey, error) ||
        !wb::cli::takeOption(args, u"--switch"_s, &f->switchName, error) ||
        !wb::cli::takeOption(args, u"--cable"_s, &f->cableLabel, error) ||
        !wb::cli::takeOption(args, u"--plan"_s, &f->plan, error) ||
        !wb::cli::takeOption(args, u"--tag"_s, &f->tag, error))
        return false;
    v.clear();
    if (!wb::cli::takeOption(args, u"--status"_s, &v, error))
        return false;
    if (!v.isEmpty()) {
        f->status = wb::runStatusFromName(v);
        if (!f->status) {
            *error = u"--status must be running, finished, failed or cancelled"_s;
            return false;
        }
    }
    if (!wb::cli::takeDate(args, u"--since"_s, &f->since, error) || !wb::cli::takeDate(args, u"--until"_s, &f->until, error))
        return false;
    v.clear();
    if (!wb::cli::takeOption(args, u"--limit"_s, &v, error))
        return false;
    if (!v.isEmpty()) {
        bool ok = false;
        f->limit = v.toInt(&ok);
        if (!ok || f->limit < 0) {
            *error = u"--limit must be a whole number"_s;
            return false;
        }
    }
    if (!wb::cli::takeParams(args, &f->params, error))
        return false;
    return true;
}

int runsList(wb::cli::CliContext &ctx)
{
    QStringList args = ctx.args;
    wb::RunFilter f;
    f.limit = 100;
    f.withMetrics = ctx.json;
    f.withDetails = false; // the listing shows no paths or environments
    QString error;
    if (!parseFilter(args, &f, &error)) {
        return wb::cli::usageError(ctx, error);
    }
    if (!args.isEmpty()) {
        return wb::cli::usageError(ctx, u"unexpected argument \'%1\'"_s.arg(args.first()));
    }
    auto store = wb::cli::openStore(ctx);
    if (!store)
        return wb::cli::kExitFailure;
    auto runs = store->runs().listRuns(f);
    if (!runs) {
        ctx.err << wb::cli::commandName(ctx) << ": " << runs.message() << '\n';
        return wb::cli::kExitFailure;
    }
    if (ctx.json) {
        for (const wb::StoredRun &r : std::as_const(*runs))
            wb::cli::printJsonLine(ctx, u"run"_s, runSummaryJson(r));
        if (f.limit > 0 && runs->size() == f.limit)
            ctx.err << "(showing the newest " << f.limit << "; use --limit N or --limit 0 for all)\n";
        return wb::cli::kExitOk;
    }
    ctx.out << QString(u"%1  %2  %3  %4  %5"_s)
                   .arg(u"ID"_s, 6)
                   .arg(u"STARTED (UTC)"_s, -19)
                   .arg(u"KIND"_s, -13)
                   .arg(u"STATUS"_s, -9)
                   .arg(u"PLAN / CASE"_s)
            << '\n';
    for (const wb::StoredRun &r : std::as_const(*runs))
        ctx.out << QString(u"%1  %2  %3  %4  %5"_s)
                       .arg(r.id, 6)
                       .arg(timeText(r.startedAt), -19)
                       .arg(r.record.kind, -13)
                       .arg(wb::runStatusName(r.status), -9)
                       .arg(QStringList{r.plan, r.testCase}.join(u" / "_s)
                            + (r.tags.isEmpty() ? QString() : u"  ["_s + r.tags.join(u", "_s) + u']'))
                << '\n';
    if (f.limit > 0 && runs->size() == f.limit)
        ctx.err << "(showing the newest " << f.limit << "; use --limit N or --limit 0 for all)\n";
    return wb::cli::kExitOk;
}

int runsShow(wb::cli::CliContext &ctx)
{
    if (ctx.args.size() != 1) {
        return wb::cli::usageError(ctx, u"give one run id"_s);
    }
    const QString &which = ctx.args.first();
    const std::optional<qint64> id = wb::cli::parseRunId(which);
    if (!id && wb::cli::looksNumeric(which)) {
        return wb::cli::usageError(
            ctx, u"'%1' is not a run id (a whole number from 1 to %2) or a run UUID"_s.arg(
                     which, QString::number(std::numeric_limits<qint64>::max())));
    }
    auto store = wb::cli::openStore(ctx, true);
    if (!store)
        return wb::cli::kExitFailure;
    auto run = id ? store->runs().run(*id) : store->runs().runByUuid(which);
    if (!run) {
        ctx.err << wb::cli::commandName(ctx) << ": " << run.message() << '\n';
        return wb::cli::kExitFailure;
    }
    const wb::StoredRun &r = *run;
    auto runNotices = store->notices().notices(r.id);
    if (!runNotices) {
        ctx.err << wb::cli::commandName(ctx) << ": " << runNotices.message() << '\n';
        return wb::cli::kExitFailure;
    }
    if (ctx.json) {
        QJsonObject o = runSummaryJson(r);
        o.insert(u"record"_s, r.record.toJson());
        o.insert(u"inventory_path"_s, r.inventoryPath);
        o.insert(u"client_environment"_s, r.clientEnvironment);
        o.insert(u"server_environment"_s, r.serverEnvironment);
        o.insert(u"error"_s, r.error);
        QJsonArray notices;
        for (const wb::RunNotice &n : std::as_const(*runNotices))
            notices.append(QJsonObject{{u"kind"_s, wb::runNoticeKindName(n.kind)},
                                       {u"text"_s, n.text},
                                       {u"created_at"_s, n.created.toUTC().toString(Qt::ISODateWithMs)},
                                       {u"seen"_s, n.seen}});
        o.insert(u"notices"_s, notices);
        wb::cli::printJsonLine(ctx, u"run"_s, o);
        return wb::cli::kExitOk;
    }
    ctx.out << "run:       " << r.id << " (" << r.uuid << ")\n"
            << "kind:      " << r.record.kind << '\n'
            << "status:    " << wb::runStatusName(r.status) << (r.error.isEmpty() ? QString() : u": "_s + r.error)
            << '\n'
            << "started:   " << timeText(r.startedAt) << " UTC\n"
            << "ended:     " << timeText(r.endedAt) << " UTC\n"
            << "plan:      " << r.plan << " / " << r.testCase << '\n';
    if (const QString schedule = r.record.extra.value(u"schedule"_s).toString(); !schedule.isEmpty())
        ctx.out << "schedule:  " << schedule << '\n';
    ctx.out << "tool:      " << r.record.tool << ' ' << r.record.toolVersion << '\n'
            << "endpoints: " << r.clientEndpoint << " -> " << r.serverEndpoint << '\n'
            << "params:    " << QJsonDocument(r.record.params).toJson(QJsonDocument::Compact) << '\n'
            << "tags:      " << (r.tags.isEmpty() ? u"-"_s : r.tags.join(u", "_s)) << '\n'
            << "notes:     " << (r.notes.isEmpty() ? u"-"_s : r.notes) << '\n';
    for (const wb::RunNotice &n : std::as_const(*runNotices))
        ctx.out << "notice:    " << timeText(n.created) << " UTC " << wb::runNoticeKindName(n.kind) << ": " << n.text
                << (n.seen ? "" : " (not seen yet)") << '\n';
    // Schema 3 marks runs that an older importer stored with wrong numbers.
    if (const QString check = r.record.extra.value(u"import_check"_s).toString(); !check.isEmpty())
        ctx.out << "check:     " << check << '\n';
    const wb::RunHardware hw = wb::RunHardware::of(r);
    ctx.out << "path:      " << (hw.pathText.isEmpty() ? u"-"_s : hw.pathText)
            << (hw.pathStatus.isEmpty() || hw.pathStatus == u"ok"_s ? QString() : u" ("_s + hw.pathStatus + u')')
            << '\n';
    if (!hw.isEmpty() && hw.loopback)
        ctx.out << "hardware:  NICs " << (hw.clientNic.isEmpty() ? u"-"_s : hw.clientNic) << " → "
                << (hw.serverNic.isEmpty() ? u"-"_s : hw.serverNic) << "; loopback, no wire\n";
    else if (!hw.isEmpty())
        ctx.out << "hardware:  NICs " << (hw.clientNic.isEmpty() ? u"-"_s : hw.clientNic) << " → "
                << (hw.serverNic.isEmpty() ? u"-"_s : hw.serverNic) << "; switches "
                << (hw.switches.isEmpty() ? u"-"_s : hw.switches.join(u", "_s)) << "; cables "
                << (hw.cables.isEmpty() ? u"-"_s : hw.cables.join(u", "_s)) << '\n';
    for (const QString &w : hw.warnings + r.warnings())
        ctx.out << "warning:   " << w << '\n';
    if (const QJsonObject link = r.record.extra.value(u"link"_s).toObject(); !link.isEmpty())
        ctx.out << "link:      " << link.value(u"label"_s).toString() << " (from "
                << link.value(u"source"_s).toString(u"environment"_s) << ")\n";
    ctx.out << "metrics:\n";
    for (const wb::Metric &m : r.record.metrics)
        ctx.out << "  " << QString(u"%1 %2 %3 %4"_s)
                               .arg(m.name, -28)
                               .arg(m.side.isEmpty() ? u"-"_s : m.side, -7)
                               .arg(QString::number(m.value, 'g', 10), 16)
                               .arg(m.unit)
                << '\n';
    // Several streams or another direction: each stream as both ends saw it.
    if (const QList<wb::StreamFigure> streams = wb::streamFigures(r.record); !streams.isEmpty()) {
        ctx.out << "streams:   key figure " << wb::keyDirection(r.record) << " (" << wb::keyFigure(r.record).text
                << ")\n";
        ctx.out << "  " << QString(u"%1 %2 %3 %4 %5 %6"_s)
                               .arg(u"stream"_s, -6).arg(u"direction"_s, -9).arg(u"side"_s, -7).arg(u"role"_s, -8)
                               .arg(u"bytes"_s, 16).arg(u"throughput"_s, 16)
                << '\n';
        for (const wb::StreamFigure &f : streams)
            ctx.out << "  " << QString(u"%1 %2 %3 %4 %5 %6"_s)
                                   .arg(f.stream, -6).arg(f.direction, -9).arg(f.side, -7).arg(f.role, -8)
                                   .arg(QString::number(f.bytes, 'f', 0), 16)
                                   .arg(wb::formatBitRate(f.throughputBps), 16)
                    << '\n';
    }
    ctx.out << "samples:   " << r.record.samples.size() << '\n';
    return wb::cli::kExitOk;
}

int runsDelete(wb::cli::CliContext &ctx)
{
    QStringList args = ctx.args;
    const bool yes = wb::cli::takeFlag(args, u"--yes"_s); // or -y: main.cpp passes an option by its name
    if (args.isEmpty()) {
        return wb::cli::usageError(ctx, u"give one or more run ids"_s);
    }
    QList<qint64> ids;
    for (const QString &a : std::as_const(args)) {
        const std::optional<qint64> id = wb::cli::parseRunId(a);
        if (!id) {
            return wb::cli::usageError(ctx, u"'%1' is not a run id (a whole number from 1 to %2)"_s.arg(
                                                a, QString::number(std::numeric_limits<qint64>::max())));
        }
        ids.append(*id);
    }
    auto store = wb::cli::openStore(ctx, true);
    if (!store)
        return wb::cli::kExitFailure;
    for (qint64 id : std::as_const(ids)) {
        auto r = store->runs().run(id, false);
        if (!r) {
            ctx.err << wb::cli::commandName(ctx) << ": " << r.message() << '\n';
            return wb::cli::kExitFailure;
        }
    }
    if (!yes) {
        // With --json standard output holds only JSON lines: the question goes to standard error.
        QTextStream &ask = ctx.json ? ctx.err : ctx.out;
        ask << "Delete " << ids.size() << " run(s) with their metrics and samples? [y/N] ";
        ask.flush();
        char answer[16] = {};
        if (!std::fgets(answer, sizeof answer, stdin) || (answer[0] != 'y' && answer[0] != 'Y')) {
            ask << "Nothing deleted.\n";
            return wb::cli::kExitFailure;
        }
    }
    auto n = store->runs().deleteRuns(ids);
    if (!n) {
        ctx.err << wb::cli::commandName(ctx) << ": " << n.message() << '\n';
        return wb::cli::kExitFailure;
    }
    if (ctx.json) {
        QJsonArray deleted;
        for (qint64 id : std::as_const(ids))
            deleted.append(double(id));
        wb::cli::printJsonLine(ctx, u"deleted"_s, QJsonObject{{u"runs"_s, deleted}, {u"count"_s, *n}});
    } else {
        ctx.out << "Deleted " << *n << " run(s).\n";
    }
    return wb::cli::kExitOk;
}

} // namespace

namespace wb::cli {
// Shared with cmd_db.cpp.
bool parseRunFilter(QStringList &args, wb::RunFilter *f, QString *error)
{
    return parseFilter(args, f, error);
}

// The options parseFilter() reads. A function, not a global: db export's
// registration in another file reads it during static initialisation.
const QList<Option> &runFilterOptions()
{
    static const QList<Option> options{
        {u"--kind"_s, u"K"_s, u"only runs of this test kind"_s},
        {u"--host"_s, u"H"_s, u"only runs with this host at either end"_s},
        {u"--nic"_s, u"HOST/IF"_s, u"only runs through this NIC"_s},
        {u"--switch"_s, u"S"_s, u"only runs through this switch"_s},
        {u"--cable"_s, u"C"_s, u"only runs over this cable"_s},
        {u"--plan"_s, u"P"_s, u"only runs of this plan"_s},
        {u"--tag"_s, u"TAG"_s, u"only runs with this tag (any case)"_s},
        {u"--status"_s, u"running|finished|failed|cancelled"_s, u"only runs in this state"_s},
        {u"--since"_s, u"DATE"_s, u"only runs started at or after DATE (YYYY-MM-DD or ISO 8601)"_s},
        {u"--until"_s, u"DATE"_s, u"only runs started before DATE"_s},
        {u"--param"_s, u"NAME=VALUE"_s, u"only runs with this parameter; repeatable"_s},
        {u"--limit"_s, u"N"_s, u"at most N runs (default 100 for runs list; 0: all)"_s}};
    return options;
}
} // namespace wb::cli

const QList<wb::cli::Option> kRunsListOptions = wb::cli::runFilterOptions() + QList{wb::cli::jsonOption()};
WB_CLI_COMMAND(u"runs list"_s, u"[--kind K] [--host H] [--nic HOST/IF] [--switch S] [--cable C] [--plan P] "
                               "[--tag TAG] [--status S] [--since DATE] [--until DATE] "
                               "[--param NAME=VALUE]... [--limit N] [--json]"_s,
               u"list stored runs, newest first"_s, kRunsListOptions, runsList);
WB_CLI_COMMAND(u"runs show"_s, u"ID|UUID [--json]"_s, u"show one run with its metrics and inventory path"_s,
               {wb::cli::jsonOption()}, runsShow);
const QList<wb::cli::Option> kRunsDeleteOptions{
    {u"--yes"_s, {}, u"delete without asking"_s, u"-y"_s},
    wb::cli::jsonOption()};
WB_CLI_COMMAND(u"runs delete"_s, u"ID... [--yes]"_s, u"delete runs with their metrics and samples"_s,
               kRunsDeleteOptions, runsDelete);
