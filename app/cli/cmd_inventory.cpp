// SPDX-License-Identifier: GPL-3.0-or-later
// `inventory export LAB.json`, `inventory import LAB.json`: the lab file
// format of docs/lab-format.md. `inventory path A B`: the wire between two
// NICs as the inventory has it.

#include "clicommand.h"
#include "cliio.h"
#include "clistore.h"

#include "inventory/pathresolver.h"
#include "store/inventorystore.h"

#include <QJsonDocument>
#include <QJsonObject>

using namespace Qt::StringLiterals;

namespace {

int inventoryExport(wb::cli::CliContext &ctx)
{
    if (ctx.args.size() > 1) {
        return wb::cli::usageError(ctx, u"give one output file (or none for standard output)"_s);
    }
    auto store = wb::cli::openStore(ctx, true);
    if (!store)
        return wb::cli::kExitFailure;
    auto lab = store->inventory().load();
    if (!lab) {
        ctx.err << wb::cli::commandName(ctx) << ": " << lab.message() << '\n';
        return wb::cli::kExitFailure;
    }
    if (ctx.args.isEmpty() || ctx.args.first() == u"-"_s) {
        ctx.out << QJsonDocument(lab->toJson()).toJson(QJsonDocument::Indented);
        return wb::cli::kExitOk;
    }
    QString error;
    if (!lab->saveToFile(ctx.args.first(), &error)) {
        ctx.err << wb::cli::commandName(ctx) << ": " << error << '\n';
        return wb::cli::kExitFailure;
    }
    ctx.out << "Wrote " << lab->hosts.size() << " hosts, " << lab->nics.size() << " NICs, " << lab->switches.size()
            << " switches, " << lab->cables.size() << " cables, " << lab->links.size() << " links, "
            << lab->uplinks.size() << " uplinks to "
            << ctx.args.first() << ".\n";
    return wb::cli::kExitOk;
}

int inventoryImport(wb::cli::CliContext &ctx)
{
    if (ctx.args.size() != 1) {
        return wb::cli::usageError(ctx, u"give one lab file"_s);
    }
    QString error;
    const QString &path = ctx.args.first(); // "-": standard input
    const QString file = wb::cli::inputName(path);
    const std::optional<QJsonObject> json = wb::cli::readJsonObject(path, &error);
    auto lab = json ? wb::Inventory::fromJson(*json, file, &error) : std::nullopt;
    if (!lab) {
        ctx.err << wb::cli::commandName(ctx) << ": " << error << '\n';
        return wb::cli::kExitFailure;
    }
    auto store = wb::cli::openStore(ctx);
    if (!store)
        return wb::cli::kExitFailure;
    auto sum = store->inventory().importInventory(*lab);
    if (!sum) {
        ctx.err << wb::cli::commandName(ctx) << ": " << file << ": " << sum.message() << " (nothing was imported)\n";
        return wb::cli::kExitFailure;
    }
    if (ctx.json)
        wb::cli::printJsonLine(ctx, u"inventory_import"_s,
                               QJsonObject{{u"file"_s, file}, {u"added"_s, sum->added},
                                           {u"updated"_s, sum->updated}, {u"unchanged"_s, sum->unchanged}});
    else
        ctx.out << "Imported " << file << ": " << sum->added << " added, " << sum->updated << " updated, "
                << sum->unchanged << " unchanged.\n";
    for (const QString &w : lab->warnings())
        ctx.err << wb::cli::commandName(ctx) << ": warning: " << file << ": " << w << '\n';
    return wb::cli::kExitOk;
}

int inventoryPath(wb::cli::CliContext &ctx)
{
    QStringList args = ctx.args;
    QString labFile;
    QString error;
    if (!wb::cli::takeOption(args, u"--lab"_s, &labFile, &error)) {
        return wb::cli::usageError(ctx, error);
    }
    if (args.size() != 2) {
        return wb::cli::usageError(ctx, u"give the two ends as HOST/NIC (or HOST when it has one NIC)"_s);
    }
    std::optional<wb::Inventory> lab;
    if (!labFile.isEmpty()) {
        const std::optional<QJsonObject> json = wb::cli::readJsonObject(labFile, &error);
        lab = json ? wb::Inventory::fromJson(*json, wb::cli::inputName(labFile), &error) : std::nullopt;
        if (!lab) {
            ctx.err << wb::cli::commandName(ctx) << ": " << error << '\n';
            return wb::cli::kExitFailure;
        }
    } else {
        auto store = wb::cli::openStore(ctx, true);
        if (!store)
            return wb::cli::kExitFailure;
        auto loaded = store->inventory().load();
        if (!loaded) {
            ctx.err << wb::cli::commandName(ctx) << ": " << loaded.message() << '\n';
            return wb::cli::kExitFailure;
        }
        lab = *loaded;
    }
    const wb::ResolvedPath path = wb::PathResolver(*lab).resolve(args.at(0), args.at(1));
    if (ctx.json) {
        wb::cli::printJsonLine(ctx, u"path"_s, path.toJson());
    } else {
        if (path.hasHops())
            ctx.out << path.text() << '\n';
        for (const QString &w : path.warnings())
            ctx.err << "warning: " << w << '\n';
    }
    return path.hasHops() ? wb::cli::kExitOk : wb::cli::kExitFailure;
}

} // namespace

const QList<wb::cli::Option> kInventoryPathOptions{
    {u"--lab"_s, u"LAB.json"_s,
     u"read the inventory from a lab file (- for standard input) instead of the database"_s},
    wb::cli::jsonOption()};
WB_CLI_COMMAND(u"inventory path"_s, u"HOST/NIC HOST/NIC [--lab LAB.json] [--json]"_s,
               u"the wire between two NICs: cables, switch ports and switches, with warnings"_s,
               kInventoryPathOptions, inventoryPath);
WB_CLI_COMMAND(u"inventory export"_s, u"[LAB.json]"_s, u"write the lab inventory as a lab file (none or -: standard output)"_s,
               {}, inventoryExport);
WB_CLI_COMMAND(u"inventory import"_s, u"LAB.json"_s, u"add or update the inventory from a lab file (- for standard input)"_s,
               {wb::cli::jsonOption()}, inventoryImport);
