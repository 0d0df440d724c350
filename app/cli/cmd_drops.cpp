// SPDX-License-Identifier: GPL-3.0-or-later
// `drops RUN`: the drops-over-time report of a soak / back-to-back run (or
// any udp_stream / packet_rate run measured with loss_samples): per
// direction the totals, the worst interval and when drops started, the
// interval table, and the chart the desktop program draws (wirebench_charts).

#include "clichartfiles.h"
#include "clicommand.h"
#include "cliio.h"
#include "clistore.h"

#include "analysis/droptimeline.h"
#include "store/runstore.h"

#ifdef WB_CLI_CHARTS
#include "dropschart.h"
#endif

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>

using namespace Qt::StringLiterals;

namespace {

int dropsCommand(wb::cli::CliContext &ctx)
{
    QStringList args = ctx.args;
    QString chart, csv, error;
    if (!wb::cli::takeOption(args, u"--chart"_s, &chart, &error) || !wb::cli::takeOption(args, u"--csv"_s, &csv, &error)) {
        return wb::cli::usageError(ctx, error);
    }
    const std::optional<qint64> runId = args.size() == 1 ? wb::cli::parseRunId(args.first()) : std::nullopt;
    const qint64 id = runId.value_or(0);
    if (!runId) {
        return wb::cli::usageError(ctx, u"name one run id (see `wirebench-cli runs list --kind soak`)"_s);
    }
    auto store = wb::cli::openStore(ctx, true);
    if (!store)
        return wb::cli::kExitFailure;
    auto run = store->runs().run(id, true);
    if (!run) {
        ctx.err << wb::cli::commandName(ctx) << ": run " << id << ": " << run.error().message << '\n';
        return wb::cli::kExitFailure;
    }
    const wb::DropTimeline timeline = wb::DropTimeline::fromRecord(run->record);
    if (timeline.isEmpty()) {
        ctx.err << wb::cli::commandName(ctx) << ": run " << id << " (" << run->record.kind
                << ") has no per-interval loss samples; run a `soak` test, or udp_stream/packet_rate with "
                   "\"loss_samples\": true\n";
        return wb::cli::kExitFailure;
    }
    const QString title = u"Drops over time, run %1 (%2)"_s.arg(id).arg(run->testCase);
    if (wb::cli::isStandardStream(chart)) {
        return wb::cli::usageError(ctx, u"--chart needs a file (.png, .svg or .pdf); --csv - puts the points on standard "
                                         "output"_s);
    }
    // --csv -: the CSV rows are all that goes to standard output.
    const bool csvToStdout = wb::cli::isStandardStream(csv);
    if (csvToStdout) {
    } else if (ctx.json) {
        for (const wb::DirectionDrops &d : timeline.directions) {
            QJsonArray intervals;
            for (const wb::DropInterval &i : d.intervals)
                intervals.append(QJsonObject{{u"start_s"_s, i.start}, {u"end_s"_s, i.end}, {u"lost"_s, i.lost},
                                             {u"received"_s, i.received}, {u"received_per_s"_s, i.receivedPerS()}});
            QJsonObject o{{u"run"_s, double(id)},           {u"direction"_s, d.label},
                          {u"receiving_side"_s, d.side},     {u"total_lost"_s, d.totalLost},
                          {u"total_received"_s, d.totalReceived}, {u"intervals"_s, intervals}};
            if (d.worstInterval >= 0) {
                const wb::DropInterval &w = d.intervals.at(d.worstInterval);
                o.insert(u"worst_interval"_s, QJsonObject{{u"start_s"_s, w.start}, {u"end_s"_s, w.end}, {u"lost"_s, w.lost}});
                o.insert(u"drops_started_s"_s, d.dropsStartedS);
            }
            if (!std::isnan(d.reportedLost))
                o.insert(u"reported_lost"_s, d.reportedLost);
            wb::cli::printJsonLine(ctx, u"drops"_s, o);
        }
    } else {
        ctx.out << title << "\n\n";
        for (const QString &line : timeline.describe())
            ctx.out << line << '\n';
        for (const wb::DirectionDrops &d : timeline.directions) {
            ctx.out << '\n' << d.label << '\n'
                    << QString(u"%1  %2  %3  %4"_s).arg(u"interval (s)"_s, -14).arg(u"lost"_s, 10).arg(u"received"_s, 10)
                           .arg(u"received/s"_s, 12)
                    << '\n';
            for (const wb::DropInterval &i : d.intervals)
                ctx.out << QString(u"%1  %2  %3  %4"_s)
                               .arg(u"%1–%2"_s.arg(i.start, 0, 'f', 1).arg(i.end, 0, 'f', 1), -14)
                               .arg(i.lost, 10, 'f', 0)
                               .arg(i.received, 10, 'f', 0)
                               .arg(i.receivedPerS(), 12, 'f', 0)
                        << '\n';
        }
    }
    if (!chart.isEmpty() || !csv.isEmpty()) {
#ifdef WB_CLI_CHARTS
        const int files = wb::cli::writeChartFiles(
            ctx, chart, csv, u".png, .svg or .pdf"_s, ctx.json || csvToStdout,
            [&](wb::charts::ExportFormat format, const QString &path, QString *e) {
                return wb::charts::DropsChart::exportChart(timeline, title, format, path, {}, e);
            });
        if (files != wb::cli::kExitOk)
            return files;
        if (!ctx.json && !csvToStdout)
            ctx.out << '\n';
#else
        ctx.err << wb::cli::commandName(ctx) << ": this build has no charts (built without the GUI)\n";
        return wb::cli::kExitFailure;
#endif
    }
    return wb::cli::kExitOk;
}

} // namespace

const QList<wb::cli::Option> kDropsOptions{
    {u"--chart"_s, u"FILE"_s, u"write the drops chart (.png, .svg or .pdf)"_s},
    {u"--csv"_s, u"FILE"_s, u"write the drops per interval as CSV (-: to standard output, instead of the table)"_s},
    wb::cli::jsonOption()};
WB_CLI_COMMAND(u"drops"_s, u"RUN [--chart FILE.png|svg|pdf] [--csv FILE] [--json]"_s,
               u"drops over time of a soak run: per direction totals, worst interval, when drops started, chart"_s,
               kDropsOptions, dropsCommand);
