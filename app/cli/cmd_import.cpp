// SPDX-License-Identifier: GPL-3.0-or-later
// `import FILE...`: read netperf, iperf3, iperf2, flent, sockperf, pktgen or
// Wirebench CSV results into canonical records. --dry-run prints them
// (--json: one JSON record per line) without storing anything.

#include "clicommand.h"
#include "cliio.h"
#include "clistore.h"

#include "exchange/importer.h"
#include "exchange/resultimport.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>

using namespace Qt::StringLiterals;

namespace {

QString describe(const wb::ResultRecord &r)
{
    QStringList parts;
    for (const wb::Metric &m : r.metrics)
        parts.append(u"%1%2=%3 %4"_s.arg(m.name, m.side.isEmpty() ? QString() : u"["_s + m.side + u"]"_s)
                         .arg(m.value, 0, 'g', 10)
                         .arg(m.unit));
    return u"%1 (%2%3): %4"_s.arg(r.kind, r.tool, r.toolVersion.isEmpty() ? QString() : u" "_s + r.toolVersion,
                                  parts.join(u", "_s));
}

int importCommand(wb::cli::CliContext &ctx)
{
    QStringList files;
    wb::ImportFormat format = wb::ImportFormat::Auto;
    bool dryRun = false;
    bool asBaseline = false;
    QString citation;
    for (qsizetype i = 0; i < ctx.args.size(); ++i) {
        const QString &a = ctx.args.at(i);
        if (a == u"--dry-run"_s) {
            dryRun = true;
        } else if (a == u"--as-baseline"_s) {
            asBaseline = true;
        } else if (a == u"--format"_s || a.startsWith(u"--format="_s) || a == u"--citation"_s
                   || a.startsWith(u"--citation="_s)) {
            const bool inlineValue = a.contains(u'=');
            if (!inlineValue && i + 1 >= ctx.args.size()) {
                return wb::cli::usageError(ctx, u"%1 needs a value"_s.arg(a));
            }
            const QString value = inlineValue ? a.section(u'=', 1) : ctx.args.at(++i);
            if (a.startsWith(u"--citation"_s)) {
                citation = value;
                continue;
            }
            const auto f = wb::Importer::formatFromName(value);
            if (!f) {
                return wb::cli::usageError(ctx, u"unknown format '%1'; expected one of %2"_s.arg(
                                                    value, wb::Importer::formatNames().join(u", "_s)));
            }
            format = *f;
        } else {
            files.append(a);
        }
    }
    if (files.isEmpty()) {
        return wb::cli::usageError(ctx, u"give at least one FILE"_s);
    }
    if (files.count(u"-"_s) > 1)
        return wb::cli::usageError(ctx, u"standard input (-) can be read once"_s);
    if (asBaseline && citation.trimmed().isEmpty()) {
        return wb::cli::usageError(ctx, u"--as-baseline needs --citation TEXT (who measured it, where, when)"_s);
    }
    std::unique_ptr<wb::ResultStore> store;
    if (!dryRun) {
        store = wb::cli::openStore(ctx);
        if (!store)
            return wb::cli::kExitFailure;
    }
    int rc = wb::cli::kExitOk;
    for (const QString &path : std::as_const(files)) {
        // "-": standard input, read once, its format told from its content.
        const QString file = wb::cli::inputName(path);
        QByteArray contents;
        wb::ImportResult result;
        if (wb::cli::isStandardStream(path)) {
            QString error;
            const std::optional<QByteArray> data = wb::cli::readInput(path, wb::Importer::kMaxFileBytes, &error);
            if (!data) {
                ctx.err << wb::cli::commandName(ctx) << ": " << error << " (nothing imported from it)\n";
                rc = wb::cli::kExitFailure;
                continue;
            }
            contents = *data;
            result = wb::Importer::importData(contents, file, format);
        } else {
            result = wb::Importer::importFile(path, format);
            QFile f(path);
            if (store && f.open(QIODevice::ReadOnly))
                contents = f.readAll();
        }
        if (!result.ok()) {
            ctx.err << wb::cli::commandName(ctx) << ": " << result.error->toString() << " (nothing imported from this file)\n";
            rc = wb::cli::kExitFailure;
            continue;
        }
        for (const QString &w : result.warnings)
            ctx.err << wb::cli::commandName(ctx) << ": note: " << w << '\n';
        if (!ctx.json)
            ctx.out << file << ": " << result.records.size() << " record(s) as " << result.format << '\n';
        if (store) {
            const auto stored = asBaseline ? wb::storeImportedBaselines(*store, file, contents, result, citation)
                                           : wb::storeImportedRuns(*store, file, contents, result);
            if (!stored) {
                ctx.err << wb::cli::commandName(ctx) << ": " << file << ": " << stored.message()
                        << " (nothing imported from this file)\n";
                rc = wb::cli::kExitFailure;
                continue;
            }
            if (ctx.json) {
                wb::cli::printJsonLine(ctx, u"stored"_s,
                                       QJsonObject{{u"source_file"_s, file},
                                                   {asBaseline ? u"baselines_added"_s : u"runs_added"_s, stored->added},
                                                   {u"already_stored"_s, stored->alreadyStored}});
            } else {
                ctx.out << file << ": stored " << stored->added << (asBaseline ? " baseline(s)" : " run(s)");
                if (stored->alreadyStored > 0)
                    ctx.out << ", " << stored->alreadyStored << " already in the database";
                ctx.out << '\n';
            }
        }
        for (const wb::ResultRecord &r : result.records) {
            if (ctx.json) {
                QJsonObject o = r.toJson();
                o.insert(u"source_file"_s, file);
                o.insert(u"source_format"_s, result.format);
                if (asBaseline)
                    o.insert(u"baseline"_s, QJsonObject{{u"citation"_s, citation}});
                wb::cli::printJsonLine(ctx, u"record"_s, o);
            } else {
                ctx.out << "  " << describe(r) << '\n';
            }
        }
    }
    return rc;
}

} // namespace

const QList<wb::cli::Option> kImportOptions{
    {u"--format"_s, u"auto|netperf|iperf3|iperf2|flent|sockperf|pktgen|csv"_s, u"the files' format (default: auto)"_s},
    {u"--as-baseline"_s, {}, u"store the results as historical baselines (needs --citation)"_s},
    {u"--citation"_s, u"TEXT"_s, u"who measured the baselines, where and when"_s},
    {u"--dry-run"_s, {}, u"store nothing; with --json print the canonical records"_s},
    wb::cli::jsonOption()};
WB_CLI_COMMAND(u"import"_s, u"FILE... [--format FMT] [--as-baseline --citation TEXT] [--dry-run]"_s,
               u"read results of other tools (FMT: auto netperf iperf3 iperf2 flent sockperf pktgen csv; "
               "FILE -: standard input); --dry-run --json prints the canonical records"_s,
               kImportOptions, importCommand);
