// SPDX-License-Identifier: GPL-3.0-or-later
// `baselines list`, `baselines show KEY|ID`: the historical baselines the
// database holds (the shipped ones and any imported), with their citations,
// from the command line.

#include "clicommand.h"
#include "clistore.h"
#include "result/keyfigure.h"
#include "result/metriccatalog.h"
#include "store/baselinefilter.h"
#include "store/baselinestore.h"

#include <QJsonDocument>
#include <QJsonObject>

using namespace Qt::StringLiterals;

namespace {

QString citationText(const wb::Citation &c)
{
    QStringList parts;
    for (const QString &p : {c.author, c.title, c.date})
        if (!p.isEmpty())
            parts.append(p);
    return parts.isEmpty() ? c.sourceFile : parts.join(u", "_s);
}

QJsonObject baselineJson(const wb::Baseline &b)
{
    QJsonObject o = b.toJson();
    o.insert(u"type"_s, u"baseline"_s);
    o.insert(u"id"_s, double(b.id));
    o.insert(u"kind"_s, b.record.kind);
    if (const wb::KeyFigure f = wb::keyFigure(b.record); f.valid)
        o.insert(u"key_figure"_s, QJsonObject{{u"metric"_s, f.metric}, {u"side"_s, f.side}, {u"value"_s, f.value},
                                              {u"text"_s, f.text}});
    return o;
}

int baselinesList(wb::cli::CliContext &ctx)
{
    QStringList args = ctx.args;
    wb::BaselineFilter filter;
    QString error;
    if (!wb::cli::takeOption(args, u"--kind"_s, &filter.kind, &error)
        || !wb::cli::takeOption(args, u"--source"_s, &filter.source, &error)
        || !wb::cli::takeOption(args, u"--hardware"_s, &filter.hardware, &error)) {
        return wb::cli::usageError(ctx, error);
    }
    if (!args.isEmpty()) {
        return wb::cli::usageError(ctx, u"unexpected argument '%1'"_s.arg(args.first()));
    }
    auto store = wb::cli::openStore(ctx);
    if (!store)
        return wb::cli::kExitFailure;
    auto all = store->baselines().baselines(filter.kind);
    if (!all) {
        ctx.err << wb::cli::commandName(ctx) << ": " << all.message() << '\n';
        return wb::cli::kExitFailure;
    }
    const QList<wb::Baseline> shown = filter.apply(*all);
    if (ctx.json) {
        for (const wb::Baseline &b : shown)
            wb::cli::printJsonLine(ctx, u"baseline"_s, baselineJson(b));
        return wb::cli::kExitOk;
    }
    ctx.out << QString(u"%1  %2  %3  %4  %5"_s)
                   .arg(u"ID"_s, 5)
                   .arg(u"KEY"_s, -40)
                   .arg(u"KIND"_s, -13)
                   .arg(u"KEY FIGURE"_s, -26)
                   .arg(u"SOURCE"_s)
            << '\n';
    for (const wb::Baseline &b : shown)
        ctx.out << QString(u"%1  %2  %3  %4  %5"_s)
                       .arg(b.id, 5)
                       .arg(b.key, -40)
                       .arg(b.record.kind, -13)
                       .arg(wb::keyFigure(b.record).text, -26)
                       .arg(citationText(b.citation))
                << '\n';
    ctx.out << shown.size() << " of " << all->size() << " baseline(s)\n";
    return wb::cli::kExitOk;
}

int baselinesShow(wb::cli::CliContext &ctx)
{
    if (ctx.args.size() != 1 || ctx.args.first().startsWith(u'-')) {
        return wb::cli::usageError(ctx, u"give one baseline KEY or ID (see baselines list)"_s);
    }
    const QString which = ctx.args.first();
    const std::optional<qint64> id = wb::cli::parseRunId(which);
    if (!id && wb::cli::looksNumeric(which)) {
        return wb::cli::usageError(ctx, u"'%1' is not a baseline id (1, 2, ...)"_s.arg(which));
    }
    auto store = wb::cli::openStore(ctx, true);
    if (!store)
        return wb::cli::kExitFailure;
    std::optional<wb::Baseline> found;
    if (id) {
        auto all = store->baselines().baselines();
        if (!all) {
            ctx.err << wb::cli::commandName(ctx) << ": " << all.message() << '\n';
            return wb::cli::kExitFailure;
        }
        for (const wb::Baseline &b : *all)
            if (b.id == *id)
                found = b;
    } else if (auto b = store->baselines().baseline(which)) {
        found = *b;
    } else if (b.error().kind != wb::StoreError::Kind::NotFound) {
        ctx.err << wb::cli::commandName(ctx) << ": " << b.message() << '\n';
        return wb::cli::kExitFailure;
    }
    if (!found) {
        ctx.err << wb::cli::commandName(ctx) << ": no baseline " << which << " in this database (see baselines list)\n";
        return wb::cli::kExitFailure;
    }
    const wb::Baseline &b = *found;
    if (ctx.json) {
        wb::cli::printJsonLine(ctx, u"baseline"_s, baselineJson(b));
        return wb::cli::kExitOk;
    }
    ctx.out << "baseline:  " << b.id << " (" << b.key << ")\n"
            << "kind:      " << b.record.kind << '\n'
            << "source:    " << citationText(b.citation) << '\n';
    if (!b.citation.sourceFile.isEmpty())
        ctx.out << "file:      " << b.citation.sourceFile << '\n';
    if (!b.hardwareText.isEmpty())
        ctx.out << "hardware:  " << b.hardwareText << '\n';
    else if (!b.hardware.isEmpty())
        ctx.out << "hardware:  " << QJsonDocument(b.hardware).toJson(QJsonDocument::Compact) << '\n';
    else
        ctx.out << "hardware:  -\n";
    if (!b.record.tool.isEmpty())
        ctx.out << "tool:      " << b.record.tool << (b.record.toolVersion.isEmpty() ? QString() : u' ' + b.record.toolVersion)
                << '\n';
    if (!b.record.params.isEmpty())
        ctx.out << "params:    " << QJsonDocument(b.record.params).toJson(QJsonDocument::Compact) << '\n';
    ctx.out << "figure:    " << wb::keyFigure(b.record).text << '\n' << "metrics:\n";
    for (const wb::Metric &m : b.record.metrics)
        ctx.out << "  " << QString(u"%1 %2 %3 %4  %5"_s)
                               .arg(m.name, -28)
                               .arg(m.side.isEmpty() ? u"-"_s : m.side, -7)
                               .arg(QString::number(m.value, 'g', 10), 16)
                               .arg(m.unit, -6)
                               .arg(wb::metricDisplay(m.name, b.record.kind).label)
                << '\n';
    return wb::cli::kExitOk;
}

} // namespace

const QList<wb::cli::Option> kBaselinesListOptions{
    {u"--kind"_s, u"K"_s, u"only baselines of this test kind"_s},
    {u"--source"_s, u"TEXT"_s, u"only those whose key or citation contains TEXT (any case)"_s},
    {u"--hardware"_s, u"TEXT"_s, u"only those whose hardware description contains TEXT (any case)"_s},
    wb::cli::jsonOption()};
WB_CLI_COMMAND(u"baselines list"_s, u"[--kind K] [--source TEXT] [--hardware TEXT] [--json]"_s,
               u"list the historical baselines (source: part of the key or citation)"_s,
               kBaselinesListOptions, baselinesList);
WB_CLI_COMMAND(u"baselines show"_s, u"KEY|ID [--json]"_s, u"show one baseline with its citation and metrics"_s,
               {wb::cli::jsonOption()}, baselinesShow);
