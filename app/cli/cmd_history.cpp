// SPDX-License-Identifier: GPL-3.0-or-later
// `history`: one condition's runs over time on one host pair, NIC, switch
// or cable, with the environment changes between them and the change
// points in them (core/analysis/history.h), as a table, JSON rows
// (--json, each with a "type") or the History chart (--chart).
// `regressions`: the change points for the worse across the whole database
// (core/analysis/regressionscan.h). This file only parses and prints.

#include "clichartfiles.h"
#include "clicommand.h"
#include "clifilter.h"
#include "cliio.h"
#include "clistore.h"

#include "analysis/comparisonengine.h"
#include "analysis/history.h"
#include "analysis/regressionscan.h"
#include "result/metriccatalog.h"

#ifdef WB_CLI_CHARTS
#include "historychart.h"
#endif

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>

using namespace Qt::StringLiterals;

namespace {

void printJson(QTextStream &out, const QJsonObject &o)
{
    out << QJsonDocument(o).toJson(QJsonDocument::Compact) << '\n';
}

wb::stats::MeanEstimate scaled(wb::stats::MeanEstimate e, double s)
{
    e.mean *= s;
    e.low *= s;
    e.high *= s;
    return e;
}

QString utc(const QDateTime &t)
{
    return t.toUTC().toString(Qt::ISODate);
}

QJsonArray ids(const QList<qint64> &list)
{
    QJsonArray a;
    for (qint64 id : list)
        a.append(id);
    return a;
}

QJsonObject changeJson(const wb::HistoryChangePoint &c, double scale)
{
    QJsonObject o{{u"time"_s, utc(c.at)},
                  {u"point"_s, c.point},
                  {u"mean_before"_s, c.meanBefore * scale},
                  {u"mean_after"_s, c.meanAfter * scale},
                  {u"relative_change_pct"_s, c.relativeChangePct},
                  {u"p_value"_s, c.pValue},
                  {u"worse"_s, c.worse},
                  {u"sentence"_s, c.sentence}};
    return o;
}

// Which element: exactly one of the four selectors.
bool takeElement(QStringList &args, wb::HistoryElement *element, QString *error)
{
    QString pair, nic, sw, cable;
    if (!wb::cli::takeOption(args, u"--host-pair"_s, &pair, error) || !wb::cli::takeOption(args, u"--nic"_s, &nic, error)
        || !wb::cli::takeOption(args, u"--switch"_s, &sw, error) || !wb::cli::takeOption(args, u"--cable"_s, &cable, error))
        return false;
    const int given = int(!pair.isEmpty()) + int(!nic.isEmpty()) + int(!sw.isEmpty()) + int(!cable.isEmpty());
    if (given != 1) {
        *error = u"name one element: --host-pair CLIENT,SERVER, --nic HOST/IF, --switch NAME or --cable LABEL"_s;
        return false;
    }
    using Type = wb::HistoryElement::Type;
    if (!pair.isEmpty()) {
        const QStringList hosts = pair.split(u',');
        if (hosts.size() != 2 || hosts[0].trimmed().isEmpty() || hosts[1].trimmed().isEmpty()) {
            *error = u"--host-pair takes CLIENT,SERVER, not '%1'"_s.arg(pair);
            return false;
        }
        *element = {Type::HostPair, hosts[0].trimmed(), hosts[1].trimmed()};
    } else if (!nic.isEmpty()) {
        *element = {Type::Nic, nic, {}};
    } else if (!sw.isEmpty()) {
        *element = {Type::Switch, sw, {}};
    } else {
        *element = {Type::Cable, cable, {}};
    }
    return true;
}

bool takeSide(QStringList &args, std::optional<wb::FigureSide> *side, QString *error)
{
    QString v;
    if (!wb::cli::takeOption(args, u"--side"_s, &v, error))
        return false;
    if (v.isEmpty())
        return true;
    for (wb::FigureSide s : {wb::FigureSide::Receiver, wb::FigureSide::Sender, wb::FigureSide::Client, wb::FigureSide::Whole})
        if (wb::figureSideName(s) == v || (s == wb::FigureSide::Whole && v == u"whole"_s)) {
            *side = s;
            return true;
        }
    *error = u"--side must be receiver, sender, client or whole"_s;
    return false;
}

// A point's tags and notes: "cable re-crimped, fw-4.2; re-crimped C65".
QString remarks(const wb::HistoryPoint &p)
{
    QStringList parts{p.tags.join(u", "_s), p.notes};
    parts.removeAll(QString());
    return parts.join(u"; "_s);
}

void printHistoryText(QTextStream &out, const wb::History &h)
{
    out << "history: " << h.kind << ' ' << h.metricLabel << " (" << h.unit << "), " << h.element.label() << "\n\n";
    out << "conditions (one is shown; pick another with --condition N):\n";
    for (int i = 0; i < h.conditions.size(); ++i)
        out << (i == h.shownCondition ? "* " : "  ") << i + 1 << ". " << h.conditions[i].label << " — "
            << h.conditions[i].points << " point(s)\n";
    out << '\n'
        << QString(u"%1  %2  %3  %4  %5"_s)
               .arg(u"started (UTC)"_s, -20)
               .arg(u"runs"_s, -16)
               .arg(u"n"_s, 3)
               .arg(u"mean [CI]"_s, -34)
               .arg(u"tags; notes"_s)
        << '\n';
    for (const wb::HistoryPoint &p : h.points) {
        QStringList runIds;
        for (qint64 id : p.runIds)
            runIds << QString::number(id);
        out << QString(u"%1  %2  %3  %4  %5"_s)
                   .arg(utc(p.at), -20)
                   .arg(runIds.join(u','), -16)
                   .arg(p.estimate.n, 3)
                   .arg(wb::meanText(scaled(p.estimate, h.displayScale)), -34)
                   .arg(remarks(p))
                   .trimmed()
            << '\n';
    }
    out << "\nenvironment changes:";
    if (h.environmentChanges.isEmpty())
        out << " none recorded";
    out << '\n';
    for (const wb::HistoryEnvironmentChange &e : h.environmentChanges)
        out << "  " << utc(e.at) << ": " << e.describe() << '\n';
    out << "\nchange points (E-Divisive means, alpha " << h.detector.alpha << "):";
    if (h.changePoints.isEmpty())
        out << " none";
    out << '\n';
    for (const wb::HistoryChangePoint &c : h.changePoints)
        out << "  " << c.sentence << "\n    " << wb::comparisonNumber(c.meanBefore * h.displayScale) << " → "
            << wb::comparisonNumber(c.meanAfter * h.displayScale) << ' ' << h.unit << (c.worse ? " (worse)" : "")
            << '\n';
}

void printHistoryJson(QTextStream &out, const wb::History &h)
{
    QJsonArray conditions;
    for (int i = 0; i < h.conditions.size(); ++i)
        conditions.append(QJsonObject{{u"number"_s, i + 1},
                                      {u"label"_s, h.conditions[i].label},
                                      {u"points"_s, h.conditions[i].points},
                                      {u"shown"_s, i == h.shownCondition}});
    printJson(out, QJsonObject{{u"type"_s, u"history"_s},
                               {u"kind"_s, h.kind},
                               {u"metric"_s, h.metric},
                               {u"unit"_s, h.unit},
                               {u"element"_s, h.element.label()},
                               {u"condition"_s, h.shownCondition >= 0 ? h.condition.label() : QString()},
                               {u"conditions"_s, conditions},
                               {u"points"_s, int(h.points.size())},
                               {u"confidence"_s, h.confidence},
                               {u"alpha"_s, h.detector.alpha}});
    for (const wb::HistoryPoint &p : h.points) {
        const wb::stats::MeanEstimate e = scaled(p.estimate, h.displayScale);
        QJsonObject o{{u"type"_s, u"point"_s},   {u"time"_s, utc(p.at)}, {u"run_id"_s, p.runIds.first()},
                      {u"run_ids"_s, ids(p.runIds)}, {u"n"_s, e.n},       {u"mean"_s, e.mean}};
        if (e.hasInterval() && std::isfinite(e.low)) {
            o.insert(u"ci_low"_s, e.low);
            o.insert(u"ci_high"_s, e.high);
        }
        if (!p.measurementUuid.isEmpty())
            o.insert(u"measurement"_s, p.measurementUuid);
        if (!p.notes.isEmpty())
            o.insert(u"notes"_s, p.notes);
        if (!p.tags.isEmpty())
            o.insert(u"tags"_s, QJsonArray::fromStringList(p.tags));
        printJson(out, o);
    }
    for (const wb::HistoryEnvironmentChange &e : h.environmentChanges) {
        QJsonArray fields;
        for (const wb::EnvironmentFieldDiff &f : e.fields)
            fields.append(QJsonObject{{u"field"_s, f.field}, {u"before"_s, f.first}, {u"after"_s, f.second}});
        printJson(out, QJsonObject{{u"type"_s, u"environment_change"_s},
                                   {u"time"_s, utc(e.at)},
                                   {u"point"_s, e.point},
                                   {u"fields"_s, fields},
                                   {u"text"_s, e.describe()}});
    }
    for (const wb::HistoryChangePoint &c : h.changePoints) {
        QJsonObject o = changeJson(c, h.displayScale);
        o.insert(u"type"_s, u"change_point"_s);
        if (c.environmentChange >= 0)
            o.insert(u"environment_change"_s, h.environmentChanges[c.environmentChange].describe());
        printJson(out, o);
    }
}

int historyCommand(wb::cli::CliContext &ctx)
{
    QStringList args = ctx.args;
    wb::HistoryQuery q;
    QString condition, chart, csv, alpha, error;
    if (!takeElement(args, &q.element, &error) || !wb::cli::takeOption(args, u"--kind"_s, &q.kind, &error)
        || !wb::cli::takeOption(args, u"--metric"_s, &q.metric, &error) || !takeSide(args, &q.side, &error)
        || !wb::cli::takeOption(args, u"--condition"_s, &condition, &error)
        || !wb::cli::takeOption(args, u"--chart"_s, &chart, &error) || !wb::cli::takeOption(args, u"--csv"_s, &csv, &error)
        || !wb::cli::takeOption(args, u"--alpha"_s, &alpha, &error) || !wb::cli::takeParams(args, &q.params, &error)
        || !wb::cli::takeDate(args, u"--since"_s, &q.since, &error) || !wb::cli::takeDate(args, u"--until"_s, &q.until, &error)) {
        return wb::cli::usageError(ctx, error);
    }
    if (!args.isEmpty()) {
        return wb::cli::usageError(ctx, u"unexpected argument \'%1\'"_s.arg(args.first()));
    }
    if (wb::cli::isStandardStream(chart)) {
        return wb::cli::usageError(ctx, u"--chart needs a file (.png, .svg, .pdf or .csv); --csv - puts the points on "
                                        "standard output"_s);
    }
    if (!wb::testKinds().contains(q.kind)) {
        return wb::cli::usageError(ctx, u"--kind must be one of %1"_s.arg(wb::testKinds().join(u", "_s)));
    }
    if (!q.metric.isEmpty() && !wb::findMetric(q.metric)) {
        return wb::cli::usageError(ctx, u"'%1' is not a metric; 'wirebench-cli runs show ID' lists the "
                                        "metrics a run recorded"_s.arg(q.metric));
    }
    if (!alpha.isEmpty()) {
        bool ok = false;
        q.detector.alpha = alpha.toDouble(&ok);
        if (!ok || !(q.detector.alpha > 0 && q.detector.alpha < 1)) {
            return wb::cli::usageError(ctx, u"--alpha takes a probability between 0 and 1"_s);
        }
    }
    auto store = wb::cli::openStore(ctx, true);
    if (!store)
        return wb::cli::kExitFailure;
    auto h = wb::loadHistory(*store, q);
    if (h && !condition.isEmpty()) {
        bool ok = false;
        const int n = condition.toInt(&ok);
        if (!ok || n < 1 || n > h->conditions.size()) {
            QStringList labels;
            for (const auto &c : std::as_const(h->conditions))
                labels << c.label;
            return wb::cli::conditionNumberError(ctx, labels);
        }
        q.conditionKey = h->conditions[n - 1].key;
        h = wb::loadHistory(*store, q);
    }
    if (!h) {
        ctx.err << wb::cli::commandName(ctx) << ": " << h.error().message << '\n';
        return wb::cli::kExitFailure;
    }
    if (h->points.isEmpty()) {
        ctx.err << wb::cli::commandName(ctx) << ": no finished " << q.kind << " runs with " << h->metric << " on "
                << q.element.label() << '\n';
        return wb::cli::kExitFailure;
    }
    // --csv -: the CSV rows are all that goes to standard output.
    const bool csvToStdout = wb::cli::isStandardStream(csv);
    if (csvToStdout) {
    } else if (ctx.json) {
        printHistoryJson(ctx.out, *h);
    } else {
        printHistoryText(ctx.out, *h);
    }
    if (!chart.isEmpty() || !csv.isEmpty()) {
#ifdef WB_CLI_CHARTS
        const QString title = u"History: %1 %2, %3"_s.arg(h->kind, h->metricLabel, h->element.label());
        const int files = wb::cli::writeChartFiles(
            ctx, chart, csv, u".png, .svg, .pdf or .csv"_s, ctx.json || csvToStdout,
            [&](wb::charts::ExportFormat format, const QString &path, QString *e) {
                return wb::charts::HistoryChart::exportChart(*h, title, format, path, {}, e);
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

int regressionsCommand(wb::cli::CliContext &ctx)
{
    QStringList args = ctx.args;
    wb::RegressionScanOptions options;
    QString error;
    if (!wb::cli::takeDate(args, u"--since"_s, &options.since, &error)) {
        return wb::cli::usageError(ctx, error);
    }
    options.includeImprovements = wb::cli::takeFlag(args, u"--all"_s);
    if (!args.isEmpty()) {
        return wb::cli::usageError(ctx, u"unexpected argument \'%1\'"_s.arg(args.first()));
    }
    auto store = wb::cli::openStore(ctx, true);
    if (!store)
        return wb::cli::kExitFailure;
    const auto scan = wb::scanRegressions(*store, options);
    if (!scan) {
        ctx.err << wb::cli::commandName(ctx) << ": " << scan.error().message << '\n';
        return wb::cli::kExitFailure;
    }
    for (const wb::FoundRegression &f : scan->found) {
        if (ctx.json) {
            QJsonObject o = changeJson(f.change, f.displayScale);
            o.insert(u"type"_s, f.change.worse ? u"regression"_s : u"improvement"_s);
            o.insert(u"kind"_s, f.kind);
            o.insert(u"metric"_s, f.metric);
            o.insert(u"unit"_s, f.unit);
            o.insert(u"element"_s, f.element.label());
            o.insert(u"condition"_s, f.conditionLabel);
            o.insert(u"history_points"_s, f.points);
            o.insert(u"run_ids_after"_s, ids(f.runIdsAfter));
            printJson(ctx.out, o);
        } else {
            ctx.out << utc(f.change.at) << "  " << f.element.label() << "  " << f.change.sentence << "\n    "
                    << f.conditionLabel << "; " << wb::comparisonNumber(f.change.meanBefore * f.displayScale) << " → "
                    << wb::comparisonNumber(f.change.meanAfter * f.displayScale) << ' ' << f.unit << "; first run after: "
                    << f.runIdsAfter.first() << '\n';
        }
    }
    if (ctx.json)
        printJson(ctx.out, QJsonObject{{u"type"_s, u"summary"_s},
                                       {u"histories"_s, scan->histories},
                                       {u"runs"_s, scan->runs},
                                       {u"found"_s, int(scan->found.size())}});
    else
        ctx.out << (scan->found.isEmpty() ? u"no regressions: "_s : u"\n"_s) << scan->found.size() << " change(s) in "
                << scan->histories << " histories of " << scan->runs << " runs"
                << (options.since.isValid() ? u" since "_s + utc(options.since) : QString()) << '\n';
    return wb::cli::kExitOk;
}

} // namespace

const QList<wb::cli::Option> kHistoryOptions{
    {u"--host-pair"_s, u"CLIENT,SERVER"_s, u"the element: runs between these hosts"_s},
    {u"--nic"_s, u"HOST/IF"_s, u"the element: runs through this NIC"_s},
    {u"--switch"_s, u"NAME"_s, u"the element: runs through this switch"_s},
    {u"--cable"_s, u"LABEL"_s, u"the element: runs over this cable"_s},
    {u"--kind"_s, u"K"_s, u"the test kind (required)"_s},
    {u"--metric"_s, u"M"_s, u"the metric (default: the kind's key metric)"_s},
    {u"--side"_s, u"receiver|sender|client|whole"_s, u"which end's figure: the receiver's, the sender's, the client's or the whole run's"_s},
    {u"--param"_s, u"NAME=VALUE"_s, u"only runs with this parameter; repeatable"_s},
    {u"--condition"_s, u"N"_s, u"show condition N of those listed"_s},
    {u"--since"_s, u"DATE"_s, u"only runs started at or after DATE (YYYY-MM-DD or ISO 8601)"_s},
    {u"--until"_s, u"DATE"_s, u"only runs started before DATE"_s},
    {u"--alpha"_s, u"P"_s, u"the change point test's significance level (default 0.05)"_s},
    {u"--chart"_s, u"FILE"_s, u"write the History chart (.png, .svg, .pdf) or its points (.csv)"_s},
    {u"--csv"_s, u"FILE"_s, u"write the History's points as CSV (-: to standard output, instead of the listing)"_s},
    wb::cli::jsonOption()};
WB_CLI_COMMAND(u"history"_s,
               u"(--host-pair CLIENT,SERVER | --nic HOST/IF | --switch NAME | --cable LABEL) --kind K [--metric M] "
               "[--side receiver|sender|client|whole] [--param NAME=VALUE]... [--condition N] [--since DATE] "
               "[--until DATE] [--alpha P] [--chart FILE.png|svg|pdf|csv] [--csv FILE] [--json]"_s,
               u"one condition's runs over time on one element, with the environment changes and the change points "
               "(E-Divisive means) in them"_s,
               kHistoryOptions, historyCommand);

const QList<wb::cli::Option> kRegressionsOptions{
    {u"--since"_s, u"DATE"_s, u"only changes at or after DATE (YYYY-MM-DD or ISO 8601)"_s},
    {u"--all"_s, {}, u"also list the improvements"_s},
    wb::cli::jsonOption()};
WB_CLI_COMMAND(u"regressions"_s, u"[--since DATE] [--all] [--json]"_s,
               u"every change for the worse in every history of the database (each kind's key metric per host pair "
               "and condition); --all adds the improvements"_s,
               kRegressionsOptions, regressionsCommand);
