// SPDX-License-Identifier: GPL-3.0-or-later
// wirebench-cli experiment: writes an A/B experiment plan from the command
// line (arms, tests, rounds), runs it and prints the comparison grouped by
// arm, one section per test. The plan format is docs/plan-format.md
// ("experiment"); the expansion into interleaved cases is core/run/experiment.

#include "clicommand.h"
#include "cliio.h"
#include "clirun.h"
#include "clistore.h"

#include "run/experiment.h"
#include "run/plan.h"
#include "run/planpresets.h"
#include "result/metriccatalog.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QSaveFile>

using namespace Qt::StringLiterals;

namespace {

// Every value of a repeatable option, in order.
bool takeAll(QStringList &args, const QString &name, QStringList *values, QString *error)
{
    for (;;) {
        QString v;
        const qsizetype before = args.size();
        if (!wb::cli::takeOption(args, name, &v, error))
            return false;
        if (args.size() == before)
            return true;
        values->append(v);
    }
}

// HOST[/NIC][@ADDRESS] as a plan endpoint; the plan's own checks (names,
// addresses) run when the written plan is loaded.
QJsonValue endpointOf(const QString &text)
{
    QString rest = text;
    QString address;
    if (const qsizetype at = rest.indexOf(u'@'); at >= 0) {
        address = rest.mid(at + 1);
        rest = rest.left(at);
    }
    const QString host = rest.section(u'/', 0, 0);
    const QString nic = rest.section(u'/', 1);
    if (nic.isEmpty() && address.isEmpty())
        return host;
    QJsonObject e{{u"host"_s, host}};
    if (!nic.isEmpty())
        e.insert(u"nic"_s, nic);
    if (!address.isEmpty())
        e.insert(u"address"_s, address);
    return e;
}

// NAME=CLIENT>SERVER
bool parseArm(const QString &text, QJsonObject *arm, QString *error)
{
    static const QRegularExpression re(u"^([^=]+)=([^>]+)>(.+)$"_s);
    const auto m = re.match(text);
    if (!m.hasMatch()) {
        *error = u"--arm '%1': write NAME=CLIENT>SERVER, each end HOST[/NIC][@ADDRESS] (e.g. FS108=star/eth0>zeus/eth0)"_s.arg(text);
        return false;
    }
    *arm = QJsonObject{{u"name"_s, m.captured(1).trimmed()},
                       {u"client"_s, endpointOf(m.captured(2).trimmed())},
                       {u"server"_s, endpointOf(m.captured(3).trimmed())}};
    return true;
}

// KIND[:key=value,key=value]: a test of the plan. Values are numbers when
// they read as one, else text.
bool parseTest(const QString &text, QJsonObject *test, QString *error)
{
    const QString kind = text.section(u':', 0, 0);
    if (!wb::testKinds().contains(kind)) {
        *error = u"--test '%1': '%2' is not a test kind; use one of %3"_s.arg(text, kind, wb::testKinds().join(u", "_s));
        return false;
    }
    QJsonObject params;
    const QString list = text.section(u':', 1);
    for (const QString &pair : list.split(u',', Qt::SkipEmptyParts)) {
        const QString key = pair.section(u'=', 0, 0).trimmed();
        const QString value = pair.section(u'=', 1).trimmed();
        if (key.isEmpty() || !pair.contains(u'=')) {
            *error = u"--test '%1': parameters are key=value, separated by commas"_s.arg(text);
            return false;
        }
        bool number = false;
        const double d = value.toDouble(&number);
        params.insert(key, number ? QJsonValue(d) : QJsonValue(value));
    }
    *test = QJsonObject{{u"name"_s, text}, {u"kind"_s, kind}};
    if (!params.isEmpty())
        test->insert(u"params"_s, params);
    return true;
}

// `planOut`: where the plan goes for --write - (standard output; `ctx`
// then says everything else on standard error).
int experimentBody(wb::cli::CliContext &ctx, QTextStream *planOut)
{
    QStringList args = ctx.args;
    QString question, varies, rounds, duration, hostsFile, name, write, error;
    QStringList arms, tests, presets;
    wb::cli::PlanRunOptions run;
    for (const auto &[option, out] :
         {std::pair{u"--question"_s, &question}, std::pair{u"--varies"_s, &varies}, std::pair{u"--rounds"_s, &rounds},
          std::pair{u"--duration"_s, &duration}, std::pair{u"--hosts"_s, &hostsFile}, std::pair{u"--name"_s, &name},
          std::pair{u"--write"_s, &write}, std::pair{u"--known-hosts"_s, &run.knownHosts},
          std::pair{u"--ssh-dir"_s, &run.sshDir}}) {
        if (!wb::cli::takeOption(args, option, out, &error)) {
            return wb::cli::usageError(ctx, error);
        }
    }
    if (!takeAll(args, u"--arm"_s, &arms, &error) || !takeAll(args, u"--test"_s, &tests, &error)
        || !takeAll(args, u"--preset"_s, &presets, &error)) {
        return wb::cli::usageError(ctx, error);
    }
    const bool dryRun = wb::cli::takeFlag(args, u"--dry-run"_s);
    run.acceptNewHostKeys = wb::cli::takeFlag(args, u"--accept-new-host-keys"_s);
    run.noKeychain = wb::cli::takeFlag(args, u"--no-keychain"_s);
    if (!args.isEmpty()) {
        return wb::cli::usageError(ctx, u"unexpected argument \'%1\'"_s.arg(args.first()));
    }
    if (presets.contains(u"list"_s)) {
        for (const wb::PlanPreset &p : wb::planPresets())
            ctx.out << QString(u"%1  %2"_s).arg(p.key, -14).arg(p.name) << '\n';
        return wb::cli::kExitOk;
    }

    QJsonObject experiment{{u"question"_s, question}, {u"varies"_s, varies}};
    QJsonArray armList;
    for (const QString &a : std::as_const(arms)) {
        QJsonObject arm;
        if (!parseArm(a, &arm, &error)) {
            return wb::cli::usageError(ctx, error);
        }
        armList.append(arm);
    }
    experiment.insert(u"arms"_s, armList);
    if (!rounds.isEmpty())
        experiment.insert(u"rounds"_s, rounds.toDouble());
    QJsonArray testList;
    for (const QString &key : std::as_const(presets)) {
        const wb::PlanPreset *p = wb::findPlanPreset(key);
        if (!p) {
            QStringList keys;
            for (const wb::PlanPreset &q : wb::planPresets())
                keys << q.key;
            return wb::cli::usageError(ctx, u"--preset '%1' is not a preset; use one of %2 (--preset list describes them)"_s
                                                .arg(key, keys.join(u", "_s)));
        }
        testList.append(QJsonObject{{u"name"_s, p->name}, {u"kind"_s, p->kind}, {u"params"_s, p->params}});
    }
    for (const QString &t : std::as_const(tests)) {
        QJsonObject test;
        if (!parseTest(t, &test, &error)) {
            return wb::cli::usageError(ctx, error);
        }
        testList.append(test);
    }
    QJsonObject plan{{u"name"_s, name.isEmpty() ? u"Experiment: "_s + question : name},
                     {u"experiment"_s, experiment},
                     {u"tests"_s, testList}};
    if (!duration.isEmpty())
        plan.insert(u"defaults"_s, QJsonObject{{u"duration_s"_s, duration.toDouble()}});
    // The hosts of a lab without an inventory: the "hosts" object of a plan
    // or lab file.
    if (!hostsFile.isEmpty()) {
        const std::optional<QJsonObject> hosts = wb::cli::readJsonObject(hostsFile, &error); // "-": standard input
        if (!hosts)
            return wb::cli::usageError(ctx, error);
        if (!hosts->value(u"hosts"_s).isObject())
            return wb::cli::usageError(ctx, wb::cli::inputName(hostsFile)
                                                + u": needs a JSON object with a \"hosts\" object, as a plan has "
                                                  "(docs/plan-format.md)"_s);
        plan.insert(u"hosts"_s, hosts->value(u"hosts"_s));
    }
    plan.insert(u"format"_s, u"wirebench-plan"_s); // what tells a plan file from a lab file
    // The same checks as any plan: a bad arm, test or host is refused here.
    auto loaded = wb::Plan::fromJson(plan, &error);
    if (!loaded) {
        return wb::cli::usageError(ctx, error);
    }
    const QByteArray text = QJsonDocument(plan).toJson(QJsonDocument::Indented);
    if (planOut) {
        *planOut << QString::fromUtf8(text);
        planOut->flush();
        ctx.err << "wrote the experiment plan to standard output (" << loaded->cases.size() << " test cases)\n";
    } else if (!write.isEmpty()) {
        QSaveFile out(write);
        if (!out.open(QIODevice::WriteOnly) || out.write(text) != text.size() || !out.commit()) {
            ctx.err << wb::cli::commandName(ctx) << ": cannot write " << write << ": " << out.errorString() << '\n';
            return wb::cli::kExitFailure;
        }
        ctx.err << "wrote the experiment plan to " << write << " (" << loaded->cases.size() << " test cases)\n";
    }
    if (dryRun) {
        if (ctx.json)
            wb::cli::printJsonLine(ctx, u"plan"_s, QJsonObject{{u"plan"_s, plan}, {u"file"_s, write}});
        else if (write.isEmpty())
            ctx.out << text;
        for (const wb::TestCase &c : std::as_const(loaded->cases))
            ctx.err << "  " << c.name << '\n';
        return wb::cli::kExitOk;
    }
    run.planFile = write.isEmpty() || planOut ? u"EXPERIMENT.json (write it with --write)"_s : write;
    QString planRunId;
    const int status = wb::cli::executePlan(ctx, *loaded, run, &planRunId);
    if (planRunId.isEmpty())
        return status;

    // The question's answer: per test kind, the arms side by side within
    // each condition, nothing else in the selection.
    QStringList kinds;
    for (const wb::TestCase &c : std::as_const(loaded->cases))
        if (!kinds.contains(c.kind))
            kinds << c.kind;
    const wb::cli::Command *compare = wb::cli::findCommand(u"compare"_s);
    int compared = wb::cli::kExitOk;
    for (const QString &kind : std::as_const(kinds)) {
        if (!ctx.json)
            ctx.out << "\n";
        wb::cli::CliContext sub{{u"--kind"_s, kind, u"--experiment"_s, planRunId}, ctx.databasePath, ctx.json, ctx.out,
                                ctx.err, compare};
        if (compare)
            compared = std::max(compared, compare->run(sub));
    }
    QTextStream &say = ctx.json ? ctx.err : ctx.out; // standard output holds only JSON lines then
    say << '\n';
    for (const QString &kind : std::as_const(kinds))
        say << "see it again with: wirebench-cli compare --kind " << kind << " --experiment " << planRunId << '\n';
    return std::max(status, compared);
}

int experimentCommand(wb::cli::CliContext &ctx)
{
    bool planToStdout = false;
    for (int i = 0; i < ctx.args.size(); ++i)
        planToStdout |= ctx.args[i] == u"--write=-"_s
                        || (ctx.args[i] == u"--write"_s && i + 1 < ctx.args.size() && wb::cli::isStandardStream(ctx.args[i + 1]));
    if (!planToStdout)
        return experimentBody(ctx, nullptr);
    wb::cli::CliContext quiet{ctx.args, ctx.databasePath, ctx.json, ctx.err, ctx.err, ctx.command};
    return experimentBody(quiet, &ctx.out);
}

} // namespace

const QList<wb::cli::Option> kExperimentOptions = QList<wb::cli::Option>{
    {u"--question"_s, u"TEXT"_s, u"what the experiment asks (required)"_s},
    {u"--varies"_s, u"switch|nic|cable|host"_s, u"the one element the arms differ in"_s},
    {u"--arm"_s, u"NAME=CLIENT>SERVER"_s, u"one arm: its name and path (give two or more)"_s},
    {u"--preset"_s, u"KEY"_s, u"a test from a preset (--preset list lists them); repeatable"_s},
    {u"--test"_s, u"KIND[:key=value,...]"_s, u"a test of a kind with parameters; repeatable"_s},
    {u"--rounds"_s, u"N"_s, u"interleaved rounds"_s},
    {u"--duration"_s, u"S"_s, u"seconds per test"_s},
    {u"--hosts"_s, u"FILE"_s, u"the lab or plan file the arms' hosts are in (- for standard input)"_s},
    {u"--name"_s, u"NAME"_s, u"the plan's name"_s},
    {u"--write"_s, u"PLAN.json"_s, u"save the plan to a file (-: to standard output; all else then goes to standard error)"_s},
    {u"--dry-run"_s, {}, u"print the plan without running it"_s}}
    + wb::cli::sshTrustOptions() + QList{wb::cli::jsonOption()};
WB_CLI_COMMAND(u"experiment"_s,
               u"--question TEXT --varies switch|nic|cable|host --arm NAME=CLIENT>SERVER --arm ... "
               "(--preset KEY | --test KIND[:key=value,...])... [--rounds N] [--duration S] [--hosts FILE] "
               "[--name NAME] [--write PLAN.json] [--dry-run] [--accept-new-host-keys] [--known-hosts FILE] "
               "[--ssh-dir DIR] [--no-keychain]"_s,
               u"run an A/B experiment: the tests over two or more paths that differ in one element, interleaved, "
               "compared by arm"_s,
               kExperimentOptions, experimentCommand);
