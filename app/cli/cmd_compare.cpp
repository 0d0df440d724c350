// SPDX-License-Identifier: GPL-3.0-or-later
// `compare`: the Compare page without a display. The comparison engine
// (core/analysis/comparisonengine.h) decides the conditions, the cells, the
// intervals and the verdicts; this command only prints them — as text, as
// JSON lines (--json) or as CSV rows (--csv) — and writes the same chart as
// the desktop program, made by the same code (wirebench_charts), and the
// same report.

#include "clichartfiles.h"
#include "clicommand.h"
#include "cliio.h"
#include "cligate.h"
#include "clistore.h"

#include "analysis/comparisonengine.h"
#include "analysis/regressiongate.h"
#include "analysis/comparisonreport.h"
#include "analysis/storecomparisonprovider.h"
#include "result/condition.h"
#include "store/csvfield.h"
#include "store/runstore.h"
#include "store/storeservice.h"

#ifdef WB_CLI_CHARTS
#include "chartexporter.h"
#include "chartkind.h"
#include "comparisonreport.h"
#endif

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>

#include <cmath>

using namespace Qt::StringLiterals;

namespace {

QJsonObject conditionJson(const wb::Condition &c)
{
    QJsonObject params;
    QJsonArray assumed;
    for (const wb::ConditionParameter &p : c.parameters) {
        params.insert(p.key, p.value);
        if (p.assumed)
            assumed.append(p.key);
    }
    if (c.sideAssumed)
        assumed.append(u"side"_s);
    return {{u"kind"_s, c.kind},   {u"metric"_s, c.metric},     {u"side"_s, wb::figureSideName(c.side)},
            {u"parameters"_s, params}, {u"assumed"_s, assumed}, {u"label"_s, c.label()}};
}

// One cell of the table as a JSON object: its condition, members and figures.
QJsonObject rowJson(const wb::ComparisonView &view, const wb::EngineRow &row)
{
    const wb::EngineCell &c = view.cells[row.cell];
    QJsonArray runIds;
    for (qint64 id : c.runIds)
        runIds.append(id);
    QJsonObject o{{u"cell"_s, c.label},
                  {u"group"_s, c.category},
                  {u"series"_s, c.series},
                  {u"baseline"_s, c.baseline},
                  {u"condition"_s, conditionJson(c.condition)},
                  {u"link"_s, wb::linkClassName(c.link.linkClass)},
                  {u"link_label"_s, c.link.label()},
                  {u"n"_s, c.estimate.n},
                  {u"mean"_s, c.estimate.mean},
                  {u"unit"_s, view.unit},
                  {u"reference"_s, row.reference},
                  {u"comparable"_s, row.comparable},
                  {u"run_ids"_s, runIds},
                  {u"sources"_s, QJsonArray::fromStringList(c.sources)},
                  {u"verdict"_s, row.verdict}};
    if (c.baseline)
        o.insert(u"baseline_key"_s, c.baselineKey);
    if (c.estimate.single())
        o.insert(u"single_measurement"_s, true);
    if (c.estimate.hasInterval()) {
        o.insert(u"ci_low"_s, c.estimate.low);
        o.insert(u"ci_high"_s, c.estimate.high);
        o.insert(u"interval"_s, c.estimate.logScale ? u"t interval of the logarithms"_s : u"t interval"_s);
    }
    if (std::isfinite(row.pctOfCeiling)) {
        o.insert(u"ceiling"_s, c.ceiling);
        o.insert(u"pct_of_ceiling"_s, row.pctOfCeiling);
        o.insert(u"above_ceiling"_s, row.aboveCeiling);
    }
    if (!row.comparable)
        o.insert(u"differences"_s, QJsonArray::fromStringList(row.differences));
    if (!row.reference && row.comparable && std::isfinite(row.comparison.ratio)) {
        o.insert(u"ratio"_s, row.comparison.ratio);
        if (std::isfinite(row.comparison.ratioLow)) {
            o.insert(u"ratio_low"_s, row.comparison.ratioLow);
            o.insert(u"ratio_high"_s, row.comparison.ratioHigh);
        }
        if (std::isfinite(row.comparison.pValue))
            o.insert(u"p_value"_s, row.comparison.pValue);
    }
    return o;
}

// The table as CSV rows to `path`, or to standard output for "-".
bool writeCsv(const wb::ComparisonView &view, const QString &path, QString *error)
{
    QSaveFile file(path);
    QFile standardOutput;
    const bool toStdout = wb::cli::isStandardStream(path);
    QIODevice &out = toStdout ? static_cast<QIODevice &>(standardOutput) : file;
    if (toStdout ? !standardOutput.open(stdout, QIODevice::WriteOnly) : !file.open(QIODevice::WriteOnly)) {
        *error = u"%1: cannot write: %2"_s.arg(path, out.errorString());
        return false;
    }
    auto cell = [](const QString &s) { return wb::csvField(s); };
    out.write("condition,cell,group,series,baseline,link,n,mean,ci_low,ci_high,unit,pct_of_ceiling,ratio,ratio_low,"
              "ratio_high,p_value,verdict,run_ids,sources\n");
    auto num = [](double v) { return std::isfinite(v) ? QString::number(v, 'g', 10) : QString(); };
    for (const wb::EngineRow &row : view.rows) {
        const wb::EngineCell &c = view.cells[row.cell];
        QStringList ids;
        for (qint64 id : c.runIds)
            ids << QString::number(id);
        const bool compared = !row.reference && row.comparable;
        const QStringList fields{cell(c.condition.label()),
                                 cell(c.label),
                                 cell(c.category),
                                 cell(c.series),
                                 c.baseline ? u"yes"_s : u"no"_s,
                                 cell(c.link.shortLabel()),
                                 QString::number(c.estimate.n),
                                 num(c.estimate.mean),
                                 num(c.estimate.low),
                                 num(c.estimate.high),
                                 cell(view.unit),
                                 num(row.pctOfCeiling),
                                 compared ? num(row.comparison.ratio) : QString(),
                                 compared ? num(row.comparison.ratioLow) : QString(),
                                 compared ? num(row.comparison.ratioHigh) : QString(),
                                 compared ? num(row.comparison.pValue) : QString(),
                                 cell(row.verdict),
                                 cell(ids.join(u' ')),
                                 cell(c.sources.join(u"; "_s))};
        out.write(fields.join(u',').toUtf8() + '\n');
    }
    if (toStdout ? !standardOutput.flush() : !file.commit()) {
        *error = u"%1: cannot write: %2"_s.arg(path, out.errorString());
        return false;
    }
    return true;
}

void printRows(QTextStream &out, const wb::ComparisonView &view);

void printText(QTextStream &out, const wb::ComparisonView &view)
{
    out << view.title << " (" << view.unit << "), grouped by " << view.groupBy << ", reference: "
        << view.cells[view.reference].label << ", " << view.confidence * 100 << "% confidence\n\n";
    out << "conditions (one is shown; pick another with --condition N):\n";
    for (int i = 0; i < view.conditions.size(); ++i) {
        const wb::ConditionEntry &c = view.conditions[i];
        out << (i == view.condition ? "* " : "  ") << i + 1 << ". " << c.label << " — " << c.runs << " run figure(s), "
            << c.baselines << " baseline(s)\n";
    }
    out << '\n';
    for (const QString &n : view.notes)
        out << "note: " << n << '\n';
    if (!view.notes.isEmpty())
        out << '\n';
    printRows(out, view);
}

void printRows(QTextStream &out, const wb::ComparisonView &view)
{
    out << QString(u"%1  %2  %3  %4  %5  %6  %7  %8"_s)
               .arg(u"cell"_s, -44)
               .arg(u"link"_s, -10)
               .arg(u"n"_s, 3)
               .arg(u"mean [CI]"_s, -30)
               .arg(u"% ceiling"_s, -9)
               .arg(u"ratio [CI]"_s, -22)
               .arg(u"p"_s, -7)
               .arg(u"verdict"_s)
        << '\n';
    for (const wb::EngineRow &row : view.rows) {
        const wb::EngineCell &c = view.cells[row.cell];
        out << QString(u"%1  %2  %3  %4  %5  %6  %7  %8"_s)
                   .arg((c.label + (c.baseline ? u" (baseline)"_s : QString())).left(44), -44)
                   .arg(c.link.shortLabel().left(10), -10)
                   .arg(c.estimate.n, 3)
                   .arg(wb::meanText(c.estimate), -30)
                   .arg(wb::ceilingText(row), -9)
                   .arg(wb::ratioText(row), -22)
                   .arg(wb::pValueText(row), -7)
                   .arg(row.verdict)
            << '\n';
    }
}

// A group-by dimension's identifier: its label in lower case, words joined
// by '_' ("host pair" -> host_pair, "message size" -> message_size).
QString groupIdentifier(const QString &label)
{
    QString id;
    for (const QChar c : label.toLower())
        id += c.isLetterOrNumber() ? c : u'_';
    return id;
}

// The dimension --group-by names: by its identifier, its label as the
// desktop program shows it ("message size"), or, for a defining parameter,
// its canonical key (message_size_bytes).
std::optional<QString> dimensionNamed(const wb::ComparisonData &data, const QString &kind, const QString &typed)
{
    for (const QString &d : data.dimensions)
        if (typed == groupIdentifier(d) || typed.compare(d, Qt::CaseInsensitive) == 0)
            return d;
    for (const wb::ConditionParameterInfo &p : wb::definingParameters(kind))
        if (typed == p.key && data.dimensions.contains(p.label))
            return p.label;
    return std::nullopt;
}

int compareCommand(wb::cli::CliContext &ctx)
{
    QStringList args = ctx.args;
    QString kind, groupBy, reference, confidence, condition, chart, chartKind, matrixSeries, csv, pointsCsv, report, experiment,
        failIfWorse, paper, error;
    for (const auto &[name, out] :
         {std::pair{u"--kind"_s, &kind}, std::pair{u"--group-by"_s, &groupBy}, std::pair{u"--reference"_s, &reference},
          std::pair{u"--confidence"_s, &confidence}, std::pair{u"--condition"_s, &condition},
          std::pair{u"--chart"_s, &chart}, std::pair{u"--chart-kind"_s, &chartKind},
          std::pair{u"--matrix-series"_s, &matrixSeries}, std::pair{u"--csv"_s, &csv},
          std::pair{u"--points-csv"_s, &pointsCsv}, std::pair{u"--report"_s, &report},
          std::pair{u"--experiment"_s, &experiment}, std::pair{u"--fail-if-worse"_s, &failIfWorse},
          std::pair{u"--paper"_s, &paper}}) {
        if (!wb::cli::takeOption(args, name, out, &error)) {
            return wb::cli::usageError(ctx, error);
        }
    }
    if (!args.isEmpty()) {
        return wb::cli::usageError(ctx, u"unexpected argument \'%1\'"_s.arg(args.first()));
    }
    const double level = confidence.isEmpty() ? 95 : confidence.toDouble();
    if (level != 90 && level != 95 && level != 99) {
        return wb::cli::usageError(ctx, u"--confidence must be 90, 95 or 99"_s);
    }
    if (!paper.isEmpty() && !report.endsWith(u".pdf"_s, Qt::CaseInsensitive))
        return wb::cli::usageError(ctx, u"--paper sizes a PDF report: give --report FILE.pdf"_s);
#ifdef WB_CLI_CHARTS
    QPageSize::PageSizeId paperSize = wb::charts::ComparisonReport::defaultPaper();
    if (!paper.isEmpty()) {
        const auto asked = wb::charts::ComparisonReport::paperFromName(paper);
        if (!asked)
            return wb::cli::usageError(ctx, u"--paper takes %1, not '%2'"_s.arg(
                                                wb::charts::ComparisonReport::paperNames().join(u", "_s), paper));
        paperSize = *asked;
    }
#endif
    std::optional<double> gatePct;
    if (!failIfWorse.isEmpty()) {
        bool ok = false;
        gatePct = failIfWorse.toDouble(&ok);
        if (!ok || !std::isfinite(*gatePct) || *gatePct < 0 || *gatePct > 1000) {
            return wb::cli::usageError(ctx, u"--fail-if-worse takes a percentage from 0 to 1000"_s);
        }
    }
    if (!wb::cli::openStore(ctx, true)) // checks the file, adds the shipped baselines
        return wb::cli::kExitFailure;
    const QString location = ctx.databasePath.isEmpty() ? wb::Settings::defaultDatabasePath() : ctx.databasePath;
    auto service = std::make_shared<wb::StoreService>(location, wb::StoreOpenOptions{.createIfMissing = false});
    service->start();

    wb::StoreComparisonProvider provider(service);
    const QStringList names = provider.datasetNames();
    QStringList kinds;
    QString datasetName;
    for (const QString &n : names) {
        kinds << wb::StoreComparisonProvider::kindOf(n);
        if (wb::StoreComparisonProvider::kindOf(n) == kind)
            datasetName = n;
    }
    if (datasetName.isEmpty()) {
        return wb::cli::usageError(
            ctx, (kind.isEmpty() ? u"name a test kind with --kind"_s : u"no runs or baselines of kind '%1'"_s.arg(kind))
                     + u"; this database has: "_s + kinds.join(u", "_s));
    }
    std::optional<wb::ComparisonData> data;
    if (experiment.isEmpty()) {
        data = provider.dataset(datasetName, &error);
    } else {
        // One experiment's runs, grouped by their arm; no baselines.
        wb::ComparisonSelection selection;
        selection.kind = kind;
        selection.experiment = experiment;
        wb::ComparisonBuild built = provider.builder()(selection, nullptr);
        data = std::move(built.data);
        error = built.error.isEmpty() ? u"plan run '%1' has no experiment runs of kind '%2'"_s.arg(experiment, kind)
                                      : built.error;
        if (data)
            data->title = datasetName + u" · experiment"_s;
    }
    if (!data) {
        ctx.err << wb::cli::commandName(ctx) << ": " << error << '\n';
        return wb::cli::kExitFailure;
    }
    data->confidence = level / 100;
    if (groupBy.isEmpty()) {
        groupBy = data->defaultGroupBy;
    } else if (const std::optional<QString> dimension = dimensionNamed(*data, kind, groupBy)) {
        groupBy = *dimension;
    } else {
        QStringList ids;
        for (const QString &d : std::as_const(data->dimensions))
            ids << (groupIdentifier(d) == d ? d : u"%1 (%2)"_s.arg(groupIdentifier(d), d));
        return wb::cli::usageError(ctx, u"cannot group by '%1'; use one of %2"_s.arg(groupBy, ids.join(u", "_s)));
    }

    wb::ComparisonRequest request{groupBy, QString(), reference, level / 100};
    wb::ComparisonView view = wb::buildComparisonView(*data, request);
    if (!condition.isEmpty()) {
        bool ok = false;
        const int n = condition.toInt(&ok);
        if (!ok || n < 1 || n > view.conditions.size()) {
            QStringList labels;
            for (const auto &c : std::as_const(view.conditions))
                labels << c.label;
            return wb::cli::conditionNumberError(ctx, labels);
        }
        request.conditionKey = view.conditions[n - 1].key;
        view = wb::buildComparisonView(*data, request);
    }
    if (view.cells.isEmpty()) {
        ctx.err << wb::cli::commandName(ctx) << ": nothing to compare\n";
        return wb::cli::kExitFailure;
    }
    if (!reference.isEmpty() && view.cells[view.reference].label != reference) {
        QStringList cells;
        for (const auto &c : std::as_const(view.cells))
            cells << c.label;
        return wb::cli::usageError(ctx, u"no cell '%1' in this condition; --reference takes one of these"_s.arg(reference),
                                   cells);
    }

    const QList<wb::CellEnvironmentDiff> envDiffs = view.environmentDiffs(*data);
    QStringList floors;
    if (view.metric == u"transactions_per_s"_s) {
        QList<qint64> ids;
        for (const wb::EngineCell &c : std::as_const(view.cells))
            ids += c.runIds;
        auto lines = service
                         ->read([ids](wb::ResultStore &store) -> wb::StoreResult<QStringList> {
                             QStringList out;
                             for (qint64 id : ids)
                                 if (auto run = store.runs().run(id, false))
                                     out << wb::latencyFloorLine(*run);
                             return out;
                         })
                         .result();
        if (lines)
            floors = *lines;
    }

    // --csv - or --points-csv -: the CSV rows are all that goes to standard output.
    if (wb::cli::isStandardStream(csv) && wb::cli::isStandardStream(pointsCsv)) {
        return wb::cli::usageError(ctx, u"only one of --csv and --points-csv can write to standard output"_s);
    }
    if (wb::cli::isStandardStream(chart) || wb::cli::isStandardStream(report)) {
        return wb::cli::usageError(ctx, u"--chart and --report need a file (.png, .svg, .pdf; .html, .pdf); --points-csv - "
                                         "puts the chart's points on standard output"_s);
    }
    const bool csvToStdout = wb::cli::isStandardStream(csv) || wb::cli::isStandardStream(pointsCsv);
    if (ctx.json && !csvToStdout) {
        QJsonArray conditions;
        for (int i = 0; i < view.conditions.size(); ++i)
            conditions.append(QJsonObject{{u"number"_s, i + 1},
                                          {u"label"_s, view.conditions[i].label},
                                          {u"shown"_s, i == view.condition},
                                          {u"runs"_s, view.conditions[i].runs},
                                          {u"baselines"_s, view.conditions[i].baselines}});
        wb::cli::printJsonLine(ctx, u"comparison"_s, QJsonObject{{u"comparison"_s, QJsonObject{{u"title"_s, view.title},
                                                                          {u"metric"_s, view.metric},
                                                                          {u"unit"_s, view.unit},
                                                                          {u"group_by"_s, view.groupBy},
                                                                          {u"sweep"_s, view.isSweep()},
                                                                          {u"confidence"_s, view.confidence},
                                                                          {u"conditions"_s, conditions},
                                                                          {u"notes"_s, QJsonArray::fromStringList(view.notes)}}}});
        // Every condition's rows (only the one asked for with --condition),
        // each row carrying its condition: one section per condition.
        QList<wb::ComparisonView> views{view};
        if (condition.isEmpty())
            views += wb::otherConditionViews(*data, view);
        for (const wb::ComparisonView &v : std::as_const(views))
            for (const wb::EngineRow &row : v.rows) {
                QJsonObject o = rowJson(v, row);
                o.insert(u"condition_number"_s, v.condition + 1);
                o.insert(u"shown"_s, v.condition == view.condition);
                wb::cli::printJsonLine(ctx, u"group"_s, o);
            }
        for (const wb::CellEnvironmentDiff &e : envDiffs) {
            QJsonArray fields;
            for (const wb::EnvironmentFieldDiff &f : e.fields) {
                static const char *const kStates[] = {"same", "differs", "unknown_group", "unknown_reference"};
                fields.append(QJsonObject{{u"field"_s, f.field},
                                          {u"group_value"_s, f.first},
                                          {u"reference_value"_s, f.second},
                                          {u"state"_s, QString::fromLatin1(kStates[int(f.state)])}});
            }
            wb::cli::printJsonLine(ctx, u"environment"_s,
                                   QJsonObject{{u"environment"_s, QJsonObject{{u"group"_s, e.cell},
                                                                             {u"reference"_s, e.reference},
                                                                             {u"fields"_s, fields}}}});
        }
        for (const QString &line : std::as_const(floors))
            wb::cli::printJsonLine(ctx, u"latency"_s, QJsonObject{{u"latency"_s, line}});
    } else if (!csvToStdout) {
        printText(ctx.out, view);
        if (condition.isEmpty())
            for (const wb::ComparisonView &other : wb::otherConditionViews(*data, view)) {
                ctx.out << "\ncondition " << other.condition + 1 << ": " << other.conditions[other.condition].label << '\n';
                printRows(ctx.out, other);
            }
        if (!envDiffs.isEmpty()) {
            ctx.out << "\nenvironment against the reference (" << view.cells[view.reference].label << "):\n";
            for (const wb::CellEnvironmentDiff &e : envDiffs) {
                ctx.out << "  " << e.cell << ":\n";
                for (const QString &line : e.describe())
                    ctx.out << "    " << line << '\n';
            }
        }
        for (const QString &line : std::as_const(floors))
            ctx.out << "latency: " << line << '\n';
    }

    if (!csv.isEmpty()) {
        ctx.out.flush(); // before the rows, should they go to the same standard output
        if (!writeCsv(view, csv, &error)) {
            ctx.err << wb::cli::commandName(ctx) << ": " << error << '\n';
            return wb::cli::kExitFailure;
        }
        if (!ctx.json && !csvToStdout)
            ctx.out << "\nwrote " << csv << '\n';
    }
    if (!chart.isEmpty() || !pointsCsv.isEmpty() || !report.isEmpty()) {
#ifdef WB_CLI_CHARTS
        wb::charts::ChartOptions options;
        options.groupBy = groupBy;
        options.matrixSeries = matrixSeries; // the heat map's origin: "measured …" or a baseline source
        if (!chartKind.isEmpty()) {
            const auto k = wb::charts::chartKindFromKey(chartKind);
            if (!k) {
                return wb::cli::usageError(ctx, u"--chart-kind must be bars, timeseries, cdf, sweep or heatmap"_s);
            }
            options.kind = *k;
        } else if (view.isSweep()) {
            options.kind = wb::charts::ChartKind::Sweep;
        }
        const wb::ComparisonData chartData = options.kind == wb::charts::ChartKind::HeatMap
            ? wb::heatMapChartData(*data, view, &options.matrixPanels)
            : view.chartData(*data);
        if (!wb::charts::chartKindAvailable(chartData, options.kind)) {
            ctx.err << wb::cli::commandName(ctx) << ": this data has nothing to draw as '" << chartKind << "'\n";
            return wb::cli::kExitFailure;
        }
        const int files = wb::cli::writeChartFiles(
            ctx, chart, pointsCsv, u".png, .svg or .pdf"_s, ctx.json || csvToStdout,
            [&](wb::charts::ExportFormat format, const QString &path, QString *e) {
                return wb::charts::ChartExporter::exportChart(chartData, options, format, path, {}, e);
            });
        if (files != wb::cli::kExitOk)
            return files;
        if (!report.isEmpty()) {
            auto sections = service
                                ->read([&view, &data](wb::ResultStore &store) -> wb::StoreResult<QList<wb::ReportSection>> {
                                    return wb::comparisonReportSections(view, *data, &store);
                                })
                                .result();
            if (!sections) {
                ctx.err << wb::cli::commandName(ctx) << ": " << sections.error().message << '\n';
                return wb::cli::kExitFailure;
            }
            if (!wb::charts::ComparisonReport::write(chartData, options, *sections, report, &error, paperSize)) {
                ctx.err << wb::cli::commandName(ctx) << ": " << error << '\n';
                return wb::cli::kExitFailure;
            }
            if (!ctx.json && !csvToStdout)
                ctx.out << "\nwrote " << report;
        }
        if (!ctx.json && !csvToStdout)
            ctx.out << '\n';
#else
        ctx.err << wb::cli::commandName(ctx) << ": this build has no charts (built without the GUI)\n";
        return wb::cli::kExitFailure;
#endif
    }
    if (gatePct) {
        QList<wb::ComparisonView> views{view};
        if (condition.isEmpty())
            views += wb::otherConditionViews(*data, view);
        return wb::cli::applyGate(ctx, u"compare"_s, wb::checkRegressions(views, *gatePct),
                                  u"no group has repetitions to test against its reference"_s);
    }
    return wb::cli::kExitOk;
}

} // namespace

const QList<wb::cli::Option> kCompareOptions{
    {u"--kind"_s, u"K"_s, u"the test kind to compare (required)"_s},
    {u"--group-by"_s, u"ATTR"_s, u"group by host_pair (default), nic, switch, cable, plan, date, origin, experiment_arm, or a defining parameter that varies (message_size, ...)"_s},
    {u"--condition"_s, u"N"_s, u"show condition N of those listed (conditions are never pooled)"_s},
    {u"--reference"_s, u"CELL"_s, u"the group the others are judged against"_s},
    {u"--confidence"_s, u"90|95|99"_s, u"the confidence level of intervals and verdicts (default 95)"_s},
    {u"--chart"_s, u"FILE"_s, u"write the chart (.png, .svg or .pdf)"_s},
    {u"--chart-kind"_s, u"bars|timeseries|cdf|sweep|heatmap"_s, u"the kind of chart (default: bars, or sweep)"_s},
    {u"--matrix-series"_s, u"ORIGIN"_s, u"the heat map's origin: \"measured\" or a baseline source"_s},
    {u"--csv"_s, u"FILE"_s, u"write the table as CSV rows (-: to standard output, instead of the table)"_s},
    {u"--points-csv"_s, u"FILE"_s, u"write the chart's points as CSV (-: to standard output, instead of the table)"_s},
    {u"--report"_s, u"FILE"_s, u"write the report (.html or .pdf)"_s},
    {u"--paper"_s, u"a4|letter|legal|a3|a5"_s, u"the PDF report's paper (default: PAPERSIZE, /etc/papersize, LC_PAPER, else A4)"_s},
    {u"--experiment"_s, u"PLAN_RUN"_s, u"only one experiment's runs, grouped by arm"_s},
    {u"--fail-if-worse"_s, u"PCT"_s, u"exit 3 when a group is significantly worse than the reference by more than PCT %"_s},
    wb::cli::jsonOption()};
WB_CLI_COMMAND(u"compare"_s,
               u"--kind K [--group-by ATTR] [--condition N] [--reference CELL] [--confidence 90|95|99] "
               "[--chart FILE.png|svg|pdf] [--chart-kind bars|timeseries|cdf|sweep|heatmap] [--matrix-series ORIGIN] [--csv FILE] "
               "[--points-csv FILE] [--report FILE.html|pdf] [--paper a4|letter] [--experiment PLAN_RUN] [--fail-if-worse PCT] [--json]"_s,
               u"compare runs and baselines of one kind, one condition at a time, with honest intervals, verdicts "
               "within a condition and the chart; --fail-if-worse exits 3 when a group is significantly worse than its "
               "reference by more than PCT %"_s,
               kCompareOptions, compareCommand);
