// SPDX-License-Identifier: GPL-3.0-or-later
// `compare`: the Compare page without a display. Groups the database's runs
// of one kind (and the baselines of that kind) by an attribute, prints each
// group against a reference with Welch/Fieller confidence intervals and a
// verdict in words, and writes the same chart as the desktop program, made
// by the same code (wirebench_charts), as PNG, SVG or PDF, and the plotted
// points as CSV.

#include "clicommand.h"
#include "clistore.h"

#include "analysis/ethernetceiling.h"
#include "analysis/groupcomparison.h"
#include "analysis/latencyfloor.h"
#include "analysis/statistics.h"
#include "analysis/storecomparisonprovider.h"

#ifdef WB_CLI_CHARTS
#include "chartexporter.h"
#include "chartkind.h"
#include "comparisonreport.h"
#endif
#include "store/resultstore.h"
#include "store/runstore.h"


#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>

#include <cmath>
#include <limits>

using namespace Qt::StringLiterals;

namespace {

QString number(double v)
{
    if (!std::isfinite(v))
        return u"—"_s;
    return std::abs(v) >= 100 ? QString::number(v, 'f', 1) : QString::number(v, 'g', 4);
}

#ifdef WB_CLI_CHARTS
// What was compared, for the report: each run with the inventory path it
// went over and both ends' environment, and each baseline's citation.
QList<wb::charts::ReportSection> reportSections(const QString &db, const wb::ComparisonData &data)
{
    QList<wb::charts::ReportSection> sections;
    auto store = wb::ResultStore::open(db, {.createIfMissing = false, .readOnly = true});
    if (!store)
        return sections;
    QString runs = u"<table><tr><th>run</th><th>test case</th><th>client → server</th><th>inventory path</th>"
                   "<th>client environment</th><th>server environment</th></tr>"_s;
    QString baselines = u"<ul>"_s;
    QSet<QString> seen;
    auto env = [](const QJsonObject &e) {
        QStringList parts{e.value(u"kernel"_s).toString().toHtmlEscaped()};
        for (const QJsonValue &v : e.value(u"interfaces"_s).toArray()) {
            const QJsonObject i = v.toObject();
            if (i.value(u"name"_s).toString() == u"lo"_s)
                continue;
            QString line = u"%1: %2 %3"_s.arg(i.value(u"name"_s).toString(), i.value(u"driver"_s).toString(),
                                                i.value(u"driver_version"_s).toString());
            if (i.contains(u"speed_mbps"_s))
                line += u", %1 Mbit/s %2"_s.arg(i.value(u"speed_mbps"_s).toInt()).arg(i.value(u"duplex"_s).toString());
            parts << line.toHtmlEscaped();
        }
        return parts.join(u"<br>"_s);
    };
    for (const wb::Observation &o : data.observations) {
        if (seen.contains(o.source))
            continue;
        seen.insert(o.source);
        if (o.baseline) {
            baselines += u"<li>%1</li>"_s.arg(o.source.toHtmlEscaped());
            continue;
        }
        const qint64 id = o.source.section(u' ', 1).toLongLong();
        auto run = (*store)->runs().run(id, false);
        if (!run)
            continue;
        QStringList path;
        for (const QJsonValue &v : std::as_const(run->inventoryPath)) {
            const QJsonObject e = v.toObject();
            path << u"%1 %2"_s.arg(e.value(u"type"_s).toString(), e.value(u"key"_s).toString()).toHtmlEscaped();
        }
        runs += u"<tr><td>%1</td><td>%2</td><td>%3 → %4</td><td>%5</td><td>%6</td><td>%7</td></tr>"_s.arg(
            QString::number(id), run->testCase.toHtmlEscaped(), run->clientEndpoint.toHtmlEscaped(),
            run->serverEndpoint.toHtmlEscaped(), path.isEmpty() ? u"not in the inventory"_s : path.join(u" → "_s),
            env(run->clientEnvironment), env(run->serverEnvironment));
    }
    sections.append({u"Runs compared, with their hardware"_s, runs + u"</table>"_s});
    sections.append({u"Historical baselines"_s, baselines + u"</ul>"_s});
    return sections;
}
#endif

int compareCommand(wb::cli::CliContext &ctx)
{
    QStringList args = ctx.args;
    QString kind, groupBy, reference, confidence, chart, chartKind, csv, report, error;
    for (const auto &[name, out] :
         {std::pair{u"--kind"_s, &kind}, std::pair{u"--group-by"_s, &groupBy}, std::pair{u"--reference"_s, &reference},
          std::pair{u"--confidence"_s, &confidence}, std::pair{u"--chart"_s, &chart},
          std::pair{u"--chart-kind"_s, &chartKind}, std::pair{u"--csv"_s, &csv}, std::pair{u"--report"_s, &report}}) {
        if (!wb::cli::takeOption(args, name, out, &error)) {
            ctx.err << "wirebench-cli compare: " << error << '\n';
            return wb::cli::kExitUsage;
        }
    }
    if (!args.isEmpty()) {
        ctx.err << "wirebench-cli compare: unexpected argument '" << args.first() << "'\n";
        return wb::cli::kExitUsage;
    }
    const double level = confidence.isEmpty() ? 95 : confidence.toDouble();
    if (level != 90 && level != 95 && level != 99) {
        ctx.err << "wirebench-cli compare: --confidence must be 90, 95 or 99\n";
        return wb::cli::kExitUsage;
    }
    auto store = wb::cli::openStore(ctx, true);
    if (!store)
        return wb::cli::kExitFailure;
    const QString path = store->path();
    store.reset();

    wb::StoreComparisonProvider provider(path);
    const QStringList names = provider.datasetNames();
    QStringList kinds;
    QString datasetName;
    for (const QString &n : names) {
        kinds << wb::StoreComparisonProvider::kindOf(n);
        if (wb::StoreComparisonProvider::kindOf(n) == kind)
            datasetName = n;
    }
    if (datasetName.isEmpty()) {
        ctx.err << "wirebench-cli compare: "
                << (kind.isEmpty() ? u"name a test kind with --kind"_s : u"no runs or baselines of kind '%1'"_s.arg(kind))
                << "; this database has: " << kinds.join(u", "_s) << '\n';
        return wb::cli::kExitUsage;
    }
    auto data = provider.dataset(datasetName, &error);
    if (!data) {
        ctx.err << "wirebench-cli compare: " << error << '\n';
        return wb::cli::kExitFailure;
    }
    data->confidence = level / 100;
    if (groupBy.isEmpty())
        groupBy = data->defaultGroupBy;
    if (!data->dimensions.contains(groupBy)) {
        ctx.err << "wirebench-cli compare: cannot group by '" << groupBy << "'; use one of "
                << data->dimensions.join(u", "_s) << '\n';
        return wb::cli::kExitUsage;
    }

    const QList<wb::ComparisonCell> cells = data->cells(groupBy);
    const wb::ComparisonCell *ref = nullptr;
    for (const auto &c : cells)
        if (reference.isEmpty() ? !c.values.isEmpty() : c.label() == reference) {
            ref = &c;
            break;
        }
    if (!ref && !cells.isEmpty() && reference.isEmpty())
        ref = &cells.first();
    if (!ref) {
        ctx.err << "wirebench-cli compare: no group '" << reference << "'; groups are:";
        for (const auto &c : cells)
            ctx.err << "\n  " << c.label();
        ctx.err << '\n';
        return wb::cli::kExitUsage;
    }

    if (!ctx.json)
        ctx.out << data->title << " (" << data->unit << "), grouped by " << groupBy << ", reference: " << ref->label()
                << ", " << level << "% confidence\n\n"
                << QString(u"%1  %2  %3  %4  %5  %6"_s)
                       .arg(u"group"_s, -44)
                       .arg(u"n"_s, 3)
                       .arg(u"mean ± CI"_s, -22)
                       .arg(u"% ceiling"_s, -9)
                       .arg(u"ratio [CI]"_s, -22)
                       .arg(u"verdict"_s)
                << '\n';
    QString tableHtml = u"<table><tr><th>group</th><th>n</th><th>mean ± CI (%1)</th><th>% of ceiling</th>"
                        "<th>ratio [CI]</th><th>verdict</th></tr>"_s.arg(data->unit.toHtmlEscaped());
    for (const auto &c : cells) {
        const QList<double> values = c.comparableValues();
        const wb::stats::SampleSummary s = wb::stats::summarize(values, level / 100);
        const bool isRef = &c == ref;
        const wb::GroupComparison g =
            wb::compareGroups(ref->comparableValues(), values, level / 100, data->metric, ref->label(), c.label());
        const QString meanText = s.hasInterval() ? u"%1 ± %2"_s.arg(number(s.mean), number(s.ciHalfWidth)) : number(s.mean);
        const QString ratioText = isRef ? u"reference"_s
                                        : (std::isfinite(g.ratioLow) ? u"%1 [%2, %3]"_s.arg(number(g.ratio), number(g.ratioLow),
                                                                                            number(g.ratioHigh))
                                                                     : number(g.ratio));
        // Each figure against the theoretical ceiling of its own link (a
        // baseline's from the link speed its source states).
        const double ceiling = c.comparableCeiling();
        const double pctOfCeiling = ceiling > 0 && s.n > 0 ? 100.0 * s.mean / ceiling : std::numeric_limits<double>::quiet_NaN();
        const QString pctText = std::isfinite(pctOfCeiling) ? u"%1%"_s.arg(pctOfCeiling, 0, 'f', 1) : u"—"_s;
        tableHtml += u"<tr><td>%1%2</td><td>%3</td><td>%4</td><td>%5</td><td>%6</td><td>%7</td></tr>"_s.arg(
            c.label().toHtmlEscaped(), c.baselineOnly() ? u" <i>(baseline)</i>"_s : QString(), QString::number(s.n),
            meanText.toHtmlEscaped(),
            std::isfinite(pctOfCeiling) ? u"%1 (of %2)"_s.arg(pctText, number(ceiling)).toHtmlEscaped()
                                        : u"— (link speed not known)"_s,
            ratioText.toHtmlEscaped(), isRef ? QString() : g.verdict.toHtmlEscaped());
        if (ctx.json) {
            QJsonObject o{{u"group"_s, c.category},   {u"series"_s, c.series},      {u"baseline"_s, c.baselineOnly()},
                          {u"n"_s, s.n},              {u"mean"_s, s.mean},          {u"unit"_s, data->unit},
                          {u"reference"_s, isRef},    {u"sources"_s, c.comparableSources().join(u"; "_s)}};
            if (s.hasInterval())
                o.insert(u"ci_half_width"_s, s.ciHalfWidth);
            if (std::isfinite(pctOfCeiling)) {
                o.insert(u"ceiling"_s, ceiling);
                o.insert(u"pct_of_ceiling"_s, pctOfCeiling);
            }
            if (!isRef) {
                o.insert(u"ratio"_s, g.ratio);
                if (std::isfinite(g.ratioLow)) {
                    o.insert(u"ratio_low"_s, g.ratioLow);
                    o.insert(u"ratio_high"_s, g.ratioHigh);
                }
                if (std::isfinite(g.pValue))
                    o.insert(u"p_value"_s, g.pValue);
                o.insert(u"verdict"_s, g.verdict);
            }
            ctx.out << QJsonDocument(o).toJson(QJsonDocument::Compact) << '\n';
        } else {
            ctx.out << QString(u"%1  %2  %3  %4  %5  %6"_s)
                           .arg((c.label() + (c.baselineOnly() ? u" (baseline)"_s : QString())).left(44), -44)
                           .arg(s.n, 3)
                           .arg(meanText, -22)
                           .arg(pctText, -9)
                           .arg(ratioText, -22)
                           .arg(isRef ? QString() : g.verdict)
                    << '\n';
        }
    }

    tableHtml += u"</table>"_s;
    // Figures measured under other conditions than the reference's.
    const QStringList warnings = data->conditionWarnings(groupBy, *ref);
    if (!warnings.isEmpty()) {
        tableHtml += u"<h3>Conditions that differ</h3><ul>"_s;
        for (const QString &w : warnings) {
            tableHtml += u"<li>%1</li>"_s.arg(w.toHtmlEscaped());
            if (ctx.json)
                ctx.out << QJsonDocument(QJsonObject{{u"warning"_s, w}}).toJson(QJsonDocument::Compact) << '\n';
            else
                ctx.out << "warning: " << w << '\n';
        }
        tableHtml += u"</ul>"_s;
    }

    // What else differs between each group and the reference: kernel,
    // driver, link, MTU, offloads, NIC, switch, cable (a baseline's as its
    // source states them).
    const QList<wb::CellEnvironmentDiff> envDiffs = data->environmentDiffs(groupBy, *ref);
    if (!envDiffs.isEmpty()) {
        tableHtml += u"<h3>Environment against the reference (%1)</h3>"_s.arg(ref->label().toHtmlEscaped());
        if (!ctx.json)
            ctx.out << "\nenvironment against the reference (" << ref->label() << "):\n";
        for (const wb::CellEnvironmentDiff &e : envDiffs) {
            const QStringList lines = e.describe();
            tableHtml += u"<p><b>%1</b></p><ul>"_s.arg(e.cell.toHtmlEscaped());
            for (const QString &line : lines)
                tableHtml += u"<li>%1</li>"_s.arg(line.toHtmlEscaped());
            tableHtml += u"</ul>"_s;
            if (ctx.json) {
                QJsonArray fields;
                for (const wb::EnvironmentFieldDiff &f : e.fields) {
                    static const char *const kStates[] = {"same", "differs", "unknown_group", "unknown_reference"};
                    fields.append(QJsonObject{{u"field"_s, f.field},
                                              {u"group_value"_s, f.first},
                                              {u"reference_value"_s, f.second},
                                              {u"state"_s, QString::fromLatin1(kStates[int(f.state)])}});
                }
                ctx.out << QJsonDocument(QJsonObject{{u"environment"_s, QJsonObject{{u"group"_s, e.cell},
                                                                                    {u"reference"_s, e.reference},
                                                                                    {u"fields"_s, fields}}}})
                               .toJson(QJsonDocument::Compact)
                        << '\n';
            } else {
                ctx.out << "  " << e.cell << ":\n";
                for (const QString &line : lines)
                    ctx.out << "    " << line << '\n';
            }
        }
    }

    // Request/response: each measured group's latency beside the physical
    // floor of the path it ran over (cables, switches, serialisation).
    if (data->metric == u"transactions_per_s"_s) {
        auto rstore = wb::ResultStore::open(path, {.createIfMissing = false, .readOnly = true});
        QString floors;
        for (const auto &c : cells) {
            if (c.sources.isEmpty() || !rstore)
                continue;
            auto run = (*rstore)->runs().run(c.sources.first().section(u' ', 1).toLongLong(), false);
            if (!run)
                continue;
            const bool udp = run->record.kind == u"udp_rr"_s;
            auto frame = [udp](int payload) {
                return udp ? wb::ethernet::frameForUdpPayload(payload) : wb::ethernet::frameForTcpPayload(payload);
            };
            const int req = run->record.params.value(u"request_size_bytes"_s).toInt(1);
            const int resp = run->record.params.value(u"response_size_bytes"_s).toInt(1);
            const auto measured = run->record.metric(u"latency_us_mean"_s, u"client"_s);
            const auto lpath = wb::latencyPathFromSnapshot(run->inventoryPath, frame(req), frame(resp));
            QString line = u"%1: measured mean round trip %2"_s.arg(
                c.label(), measured ? u"%1 µs"_s.arg(*measured, 0, 'f', 1) : u"not reported"_s);
            if (lpath) {
                const wb::LatencyFloor f = wb::latencyFloor(*lpath);
                line += u"; physical floor of its path %1 µs (%2)"_s.arg(f.roundTripS * 1e6, 0, 'f', 2).arg(f.describe());
            } else {
                line += u"; no cables or switches are known for its path (wire it in the inventory for a floor)"_s;
            }
            floors += u"<li>%1</li>"_s.arg(line.toHtmlEscaped());
            if (ctx.json)
                ctx.out << QJsonDocument(QJsonObject{{u"latency"_s, line}}).toJson(QJsonDocument::Compact) << '\n';
            else
                ctx.out << "latency: " << line << '\n';
        }
        if (!floors.isEmpty())
            tableHtml += u"<h3>Latency against the physical floor</h3><ul>"_s + floors + u"</ul>"_s;
    }

    if (!chart.isEmpty() || !csv.isEmpty() || !report.isEmpty()) {
#ifdef WB_CLI_CHARTS
        wb::charts::ChartOptions options;
        options.groupBy = groupBy;
        if (!chartKind.isEmpty()) {
            const auto k = wb::charts::chartKindFromKey(chartKind);
            if (!k) {
                ctx.err << "wirebench-cli compare: --chart-kind must be bars, timeseries, cdf, sweep or heatmap\n";
                return wb::cli::kExitUsage;
            }
            options.kind = *k;
        }
        if (!wb::charts::chartKindAvailable(*data, options.kind)) {
            ctx.err << "wirebench-cli compare: this data has nothing to draw as '" << chartKind << "'\n";
            return wb::cli::kExitFailure;
        }
        for (const auto &[file, forced] : {std::pair{chart, false}, std::pair{csv, true}}) {
            if (file.isEmpty())
                continue;
            const auto format = forced ? std::optional(wb::charts::ExportFormat::Csv)
                                       : wb::charts::ChartExporter::formatFromPath(file);
            if (!format) {
                ctx.err << "wirebench-cli compare: " << file << ": the chart file must end in .png, .svg or .pdf\n";
                return wb::cli::kExitUsage;
            }
            if (!wb::charts::ChartExporter::exportChart(*data, options, *format, file, {}, &error)) {
                ctx.err << "wirebench-cli compare: " << error << '\n';
                return wb::cli::kExitFailure;
            }
            if (!ctx.json)
                ctx.out << "\nwrote " << file;
        }
        if (!report.isEmpty()) {
            if (!wb::charts::ComparisonReport::write(*data, options, tableHtml, reportSections(path, *data), report,
                                                     &error)) {
                ctx.err << "wirebench-cli compare: " << error << '\n';
                return wb::cli::kExitFailure;
            }
            if (!ctx.json)
                ctx.out << "\nwrote " << report;
        }
        if (!ctx.json)
            ctx.out << '\n';
#else
        ctx.err << "wirebench-cli compare: this build has no charts (built without the GUI)\n";
        return wb::cli::kExitFailure;
#endif
    }
    return wb::cli::kExitOk;
}

} // namespace

WB_CLI_COMMAND(u"compare"_s,
               u"--kind K [--group-by ATTR] [--reference GROUP] [--confidence 90|95|99] "
               "[--chart FILE.png|svg|pdf] [--chart-kind bars|timeseries|cdf|sweep|heatmap] [--csv FILE] "
               "[--report FILE.html|pdf] [--json]"_s,
               u"compare runs and baselines of one kind, with confidence intervals, a verdict and the chart"_s,
               compareCommand);
