// SPDX-License-Identifier: GPL-3.0-or-later
// `db info`, `db export`, `db import`: the results database as a whole.

#include "clicommand.h"
#include "cliio.h"
#include "clistore.h"

#include "store/storearchive.h"

#include <QFile>
#include <QJsonDocument>
#include <QSaveFile>

using namespace Qt::StringLiterals;

namespace wb::cli {
bool parseRunFilter(QStringList &args, wb::RunFilter *f, QString *error);
const QList<Option> &runFilterOptions();
}

namespace {

int dbInfo(wb::cli::CliContext &ctx)
{
    QStringList args = ctx.args;
    const bool check = wb::cli::takeFlag(args, u"--check"_s);
    if (!args.isEmpty()) {
        return wb::cli::usageError(ctx, u"unexpected argument \'%1\'"_s.arg(args.first()));
    }
    auto store = wb::cli::openStore(ctx, true);
    if (!store)
        return wb::cli::kExitFailure;
    auto info = store->info();
    if (!info) {
        ctx.err << wb::cli::commandName(ctx) << ": " << info.message() << '\n';
        return wb::cli::kExitFailure;
    }
    wb::StoreStatus integrity;
    if (check)
        integrity = store->checkIntegrity();
    const wb::StoreInfo &i = *info;
    if (ctx.json) {
        QJsonObject o{{u"path"_s, i.path},
                      {u"schema_version"_s, i.schemaVersion},
                      {u"program_schema_version"_s, i.programSchemaVersion},
                      {u"file_bytes"_s, double(i.fileBytes)},
                      {u"journal_mode"_s, i.journalMode},
                      {u"sqlite_version"_s, i.sqliteVersion},
                      {u"backend"_s, i.backend},
                      {u"server_version"_s, i.serverVersion},
                      {u"hosts"_s, double(i.hosts)},
                      {u"nics"_s, double(i.nics)},
                      {u"switches"_s, double(i.switches)},
                      {u"cables"_s, double(i.cables)},
                      {u"links"_s, double(i.links)},
                      {u"runs"_s, double(i.runs)},
                      {u"metrics"_s, double(i.metrics)},
                      {u"samples"_s, double(i.samples)},
                      {u"measurements"_s, double(i.measurements)},
                      {u"baselines"_s, double(i.baselines)}};
        if (check)
            o.insert(u"integrity"_s, integrity.ok() ? u"ok"_s : integrity.message());
        wb::cli::printJsonLine(ctx, u"database"_s, o);
    } else {
        ctx.out << "database:     " << i.path << '\n'
                << "schema:       " << i.schemaVersion << " (this program: " << i.programSchemaVersion << ")\n";
        if (i.backend == u"postgresql"_s)
            ctx.out << "size:         " << i.fileBytes << " bytes, PostgreSQL " << i.serverVersion << '\n';
        else
            ctx.out << "size:         " << i.fileBytes << " bytes, journal " << i.journalMode << ", SQLite "
                    << i.sqliteVersion << '\n';
        ctx.out
                << "inventory:    " << i.hosts << " hosts, " << i.nics << " NICs, " << i.switches << " switches, "
                << i.cables << " cables, " << i.links << " links\n"
                << "results:      " << i.runs << " runs, " << i.metrics << " metrics, " << i.samples
                << " samples, " << i.measurements << " measurements\n"
                << "baselines:    " << i.baselines << '\n';
        if (check)
            ctx.out << "integrity:    " << (integrity.ok() ? u"ok"_s : integrity.message()) << '\n';
    }
    return integrity.ok() ? wb::cli::kExitOk : wb::cli::kExitFailure;
}

int dbExport(wb::cli::CliContext &ctx)
{
    QStringList args = ctx.args;
    QString what = u"archive"_s, format = u"json"_s, output, error;
    wb::RunFilter filter;
    filter.newestFirst = false;
    if (!wb::cli::takeOption(args, u"--what"_s, &what, &error) ||
        !wb::cli::takeOption(args, u"--format"_s, &format, &error) ||
        !wb::cli::takeOption(args, u"-o"_s, &output, &error) ||
        !wb::cli::parseRunFilter(args, &filter, &error)) {
        return wb::cli::usageError(ctx, error);
    }
    if (output.isEmpty() && args.size() == 1)
        output = args.takeFirst();
    if (!args.isEmpty()) {
        return wb::cli::usageError(ctx, u"unexpected argument \'%1\'"_s.arg(args.first()));
    }
    const QStringList whats{u"archive"_s, u"runs"_s, u"metrics"_s, u"samples"_s};
    if (!whats.contains(what) || (format != u"json"_s && format != u"csv"_s) ||
        (what == u"archive"_s && format != u"json"_s)) {
        return wb::cli::usageError(ctx, u"--what is archive, runs, metrics or samples; --format json or csv "
                                        "(the archive is JSON only)"_s);
    }
    auto store = wb::cli::openStore(ctx, true);
    if (!store)
        return wb::cli::kExitFailure;
    QSaveFile file(output);
    QFile stdoutFile;
    QIODevice *dev = nullptr;
    if (output.isEmpty() || output == u"-"_s) {
        ctx.out.flush();
        if (!stdoutFile.open(stdout, QIODevice::WriteOnly))
            return wb::cli::kExitFailure;
        dev = &stdoutFile;
    } else {
        if (!file.open(QIODevice::WriteOnly)) {
            ctx.err << wb::cli::commandName(ctx) << ": cannot write " << output << ": " << file.errorString() << '\n';
            return wb::cli::kExitFailure;
        }
        dev = &file;
    }
    wb::StoreStatus status;
    wb::StoreArchive &archive = store->archive();
    if (format == u"csv"_s) {
        if (what == u"runs"_s)
            status = archive.writeRunsCsv(filter, *dev);
        else if (what == u"metrics"_s)
            status = archive.writeMetricsCsv(filter, *dev);
        else
            status = archive.writeSamplesCsv(filter, *dev);
    } else if (what == u"archive"_s) {
        auto a = archive.exportArchive();
        if (a)
            dev->write(QJsonDocument(*a).toJson(QJsonDocument::Indented));
        else
            status = a.error();
    } else {
        auto a = archive.exportRunsJson(filter, what == u"samples"_s);
        if (a)
            dev->write(QJsonDocument(*a).toJson(QJsonDocument::Indented));
        else
            status = a.error();
    }
    if (!status) {
        ctx.err << wb::cli::commandName(ctx) << ": " << status.message() << '\n';
        file.cancelWriting();
        return wb::cli::kExitFailure;
    }
    if (dev == &file && !file.commit()) {
        ctx.err << wb::cli::commandName(ctx) << ": cannot write " << output << ": " << file.errorString() << '\n';
        return wb::cli::kExitFailure;
    }
    return wb::cli::kExitOk;
}

int dbImport(wb::cli::CliContext &ctx)
{
    if (ctx.args.size() != 1) {
        return wb::cli::usageError(ctx, u"give one archive file (from db export)"_s);
    }
    const QString path = ctx.args.first(); // "-": standard input
    QString error;
    const std::optional<QJsonObject> archive = wb::cli::readJsonObject(path, &error);
    if (!archive) {
        ctx.err << wb::cli::commandName(ctx) << ": " << error << " (not a JSON archive; nothing was imported)\n";
        return wb::cli::kExitFailure;
    }
    auto store = wb::cli::openStore(ctx);
    if (!store)
        return wb::cli::kExitFailure;
    auto sum = store->archive().importArchive(*archive, wb::cli::inputName(path));
    if (!sum) {
        ctx.err << wb::cli::commandName(ctx) << ": " << sum.message() << " (nothing was imported)\n";
        return wb::cli::kExitFailure;
    }
    wb::cli::printArchiveSummary(ctx, u"archive_import"_s, u"Imported"_s, *sum, QString(),
                                 QJsonObject{{u"archive"_s, path}});
    return wb::cli::kExitOk;
}

} // namespace

const QList<wb::cli::Option> kDbInfoOptions{
    {u"--check"_s, {}, u"also check the database's integrity"_s},
    wb::cli::jsonOption()};
WB_CLI_COMMAND(u"db info"_s, u"[--check] [--json]"_s, u"show the database file, schema and row counts"_s,
               kDbInfoOptions, dbInfo);
const QList<wb::cli::Option> kDbExportOptions = QList<wb::cli::Option>{
    {u"--what"_s, u"archive|runs|metrics|samples"_s, u"the whole database (archive, the default) or one table"_s},
    {u"--format"_s, u"json|csv"_s, u"the file format (the archive is JSON only)"_s},
    {u"-o"_s, u"FILE"_s, u"the file to write (- or none: standard output)"_s}} + wb::cli::runFilterOptions();
WB_CLI_COMMAND(u"db export"_s, u"[--what archive|runs|metrics|samples] [--format json|csv] [filters] [-o FILE]"_s,
               u"export the whole database (archive) or runs/metrics/samples"_s, kDbExportOptions, dbExport);
WB_CLI_COMMAND(u"db import"_s, u"ARCHIVE.json"_s, u"merge an archive (- for standard input) into the database (no duplicates)"_s,
               {wb::cli::jsonOption()}, dbImport);
