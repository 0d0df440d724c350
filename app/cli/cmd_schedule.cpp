// SPDX-License-Identifier: GPL-3.0-or-later
// `schedule add|list|remove|run-now`: plans run by systemd user timers
// (core/run/schedule.h). `add` writes the two units and enables the timer
// when a user manager answers; otherwise it says so and prints the
// commands that do it. `list` reads the unit files and the last run each
// schedule stored; `run-now` runs the service's command here and now.

#include "clicommand.h"
#include "clistore.h"

#include "config/settings.h"
#include "run/plan.h"
#include "run/schedule.h"
#include "store/runfilter.h"
#include "store/runstore.h"
#include "store/storedrun.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>

using namespace Qt::StringLiterals;

namespace {

QString unitDirectory()
{
    return wb::userUnitDirectory();
}

// Runs a platform tool to its end: its exit code (-1 when it is missing or
// did not finish in time) and its merged output.
int runTool(const QString &program, const QStringList &args, int timeoutMs, QString *output)
{
    if (QStandardPaths::findExecutable(program).isEmpty()) {
        *output = u"%1 is not installed"_s.arg(program);
        return -1;
    }
    QProcess p;
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.start(program, args);
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished(1000);
        *output = u"%1 did not answer within %2 s"_s.arg(program).arg(timeoutMs / 1000);
        return -1;
    }
    *output = QString::fromUtf8(p.readAll()).trimmed();
    return p.exitCode();
}

int systemctl(const QStringList &args, QString *output)
{
    return runTool(u"systemctl"_s, QStringList{u"--user"_s} + args, 30000, output);
}

// Whether a systemd user manager answers here (none in a container without
// systemd as PID 1, or over SSH without lingering).
bool userManagerAnswers()
{
    QString state;
    systemctl({u"is-system-running"_s}, &state);
    return state == u"running"_s || state == u"degraded"_s || state == u"starting"_s;
}

// A calendar expression systemd itself accepts, when it can be asked.
QString checkCalendar(const QString &spec)
{
    QString out;
    const int code = runTool(u"systemd-analyze"_s, {u"calendar"_s, spec}, 10000, &out);
    if (code == 0 || code == -1) // accepted, or systemd cannot be asked here
        return {};
    return u"--on-calendar '%1': systemd does not read it as a calendar expression (%2)"_s.arg(
        spec, out.section(u'\n', 0, 0));
}

int scheduleAdd(wb::cli::CliContext &ctx)
{
    QStringList args = ctx.args;
    QString every, at, calendar, name, failIfWorse, error;
    for (const auto &[option, out] :
         {std::pair{u"--every"_s, &every}, std::pair{u"--at"_s, &at}, std::pair{u"--on-calendar"_s, &calendar},
          std::pair{u"--name"_s, &name}, std::pair{u"--fail-if-worse"_s, &failIfWorse}}) {
        if (!wb::cli::takeOption(args, option, out, &error)) {
            return wb::cli::usageError(ctx, error);
        }
    }
    const int whens = int(!every.isEmpty()) + int(!at.isEmpty()) + int(!calendar.isEmpty());
    if (args.size() != 1 || args.first().startsWith(u'-') || whens != 1) {
        return wb::cli::usageError(ctx, u"give one PLAN.json and one of --every, --at or --on-calendar"_s);
    }
    const QString planPath = QFileInfo(args.first()).absoluteFilePath();
    // The plan must load now: a timer that fails every night helps nobody.
    auto plan = wb::Plan::load(planPath, &error);
    if (!plan) {
        return wb::cli::usageError(ctx, error);
    }
    wb::Schedule s;
    s.planPath = planPath;
    s.name = name.isEmpty() ? QFileInfo(planPath).completeBaseName() : name;
    s.program = QFileInfo(QCoreApplication::applicationFilePath()).absoluteFilePath();
    if (!ctx.databasePath.isEmpty())
        s.databasePath = ctx.databasePath.contains(u"://"_s) ? ctx.databasePath
                                                            : QFileInfo(ctx.databasePath).absoluteFilePath();
    s.when = !every.isEmpty() ? wb::Schedule::When::Every
             : !at.isEmpty()  ? wb::Schedule::When::At
                              : wb::Schedule::When::Calendar;
    s.spec = !every.isEmpty() ? every : !at.isEmpty() ? at : calendar;
    s.failIfWorse = failIfWorse;
    if (QString why = s.validate(); why.isEmpty() && s.when == wb::Schedule::When::Calendar)
        error = checkCalendar(s.spec);
    else
        error = why;
    if (!error.isEmpty()) {
        return wb::cli::usageError(ctx, error);
    }
    const QString dir = unitDirectory();
    if (!wb::writeSchedule(dir, s, &error)) {
        ctx.err << wb::cli::commandName(ctx) << ": " << error << '\n';
        return wb::cli::kExitFailure;
    }
    // With --json, one line of type "schedule" once it is known whether the
    // timer runs; the words for a person go to standard error then.
    QTextStream &say = ctx.json ? ctx.err : ctx.out;
    const auto added = [&](bool enabled) {
        if (ctx.json)
            wb::cli::printJsonLine(ctx, u"schedule"_s,
                                   QJsonObject{{u"name"_s, s.name}, {u"when"_s, s.describe()}, {u"plan"_s, planPath},
                                               {u"database"_s, s.databasePath},
                                               {u"timer_unit"_s, QDir(dir).filePath(s.timerUnit())},
                                               {u"service_unit"_s, s.serviceUnit()}, {u"enabled"_s, enabled}});
    };
    say << "schedule " << s.name << ": " << s.describe() << ", plan " << planPath << '\n'
        << "wrote " << QDir(dir).filePath(s.timerUnit()) << " and " << s.serviceUnit() << '\n';
    if (userManagerAnswers()) {
        QString out;
        if (systemctl({u"daemon-reload"_s}, &out) == 0 && systemctl({u"enable"_s, u"--now"_s, s.timerUnit()}, &out) == 0) {
            say << "enabled " << s.timerUnit() << '\n';
            added(true);
            return wb::cli::kExitOk;
        }
        ctx.err << wb::cli::commandName(ctx) << ": " << "the user manager did not enable the timer: " << out << '\n';
        return wb::cli::kExitFailure;
    }
    added(false);
    say << "No systemd user manager answers here, so the timer is not enabled yet. Where one runs:\n"
        << "  systemctl --user daemon-reload\n"
        << "  systemctl --user enable --now " << s.timerUnit() << '\n'
        << "and, for the timer to run while you are logged out:\n"
        << "  loginctl enable-linger " << qEnvironmentVariable("USER", u"$USER"_s) << '\n';
    return wb::cli::kExitOk;
}

// The newest plan run a schedule stored: "2026-12-02 03:00: 6 finished (plan run 3bd6bed7)".
QString lastResult(wb::cli::CliContext &ctx, const wb::Schedule &s, QJsonObject *json)
{
    QString error;
    auto plan = wb::Plan::load(s.planPath, &error);
    if (!plan)
        return u"plan unreadable: %1"_s.arg(error);
    wb::cli::CliContext here{{}, s.databasePath.isEmpty() ? ctx.databasePath : s.databasePath, ctx.json, ctx.out,
                             ctx.err, ctx.command};
    const QString location = here.databasePath.isEmpty() ? wb::Settings::defaultDatabasePath() : here.databasePath;
    if (!location.contains(u"://"_s) && !QFileInfo::exists(location))
        return u"not run yet (%1 does not exist yet)"_s.arg(location);
    auto store = wb::cli::openStore(here, true);
    if (!store)
        return u"database unreadable"_s;
    wb::RunFilter f;
    f.plan = plan->name;
    f.limit = 500;
    auto runs = store->runs().listRuns(f);
    if (!runs)
        return runs.message();
    const wb::ScheduleLastRun last = wb::scheduleLastRun(*runs, s.name);
    if (!last.planRun.isEmpty()) {
        QJsonObject byStatus;
        for (auto it = last.runs.cbegin(); it != last.runs.cend(); ++it)
            byStatus.insert(it.key(), it.value());
        json->insert(u"last_plan_run"_s, last.planRun);
        json->insert(u"last_started"_s, last.started.toUTC().toString(Qt::ISODate));
        json->insert(u"last_runs"_s, byStatus);
    }
    return last.describe();
}

int scheduleList(wb::cli::CliContext &ctx)
{
    if (!ctx.args.isEmpty()) {
        return wb::cli::usageError(ctx, u"takes no arguments"_s);
    }
    QStringList problems;
    const QList<wb::Schedule> all = wb::listSchedules(unitDirectory(), &problems);
    for (const QString &p : problems)
        ctx.err << wb::cli::commandName(ctx) << ": " << p << '\n';
    if (!ctx.json && all.isEmpty())
        ctx.out << "no schedules in " << unitDirectory() << '\n';
    for (const wb::Schedule &s : all) {
        QJsonObject row{{u"name"_s, s.name}, {u"when"_s, s.describe()},
                        {u"plan"_s, s.planPath}, {u"database"_s, s.databasePath}};
        const QString last = lastResult(ctx, s, &row);
        if (ctx.json)
            wb::cli::printJsonLine(ctx, u"schedule"_s, row);
        else
            ctx.out << s.name << "  " << s.describe() << "  " << s.planPath << "  last: " << last << '\n';
    }
    return problems.isEmpty() ? wb::cli::kExitOk : wb::cli::kExitFailure;
}

std::optional<wb::Schedule> findSchedule(wb::cli::CliContext &ctx, const char *command)
{
    if (ctx.args.size() != 1 || ctx.args.first().startsWith(u'-')) {
        ctx.err << "wirebench-cli schedule " << command << ": name one schedule\n";
        return std::nullopt;
    }
    QStringList problems;
    for (const wb::Schedule &s : wb::listSchedules(unitDirectory(), &problems))
        if (s.name == ctx.args.first())
            return s;
    ctx.err << "wirebench-cli schedule " << command << ": no schedule named '" << ctx.args.first() << "' in "
            << unitDirectory() << '\n';
    return std::nullopt;
}

int scheduleRemove(wb::cli::CliContext &ctx)
{
    if (ctx.args.size() != 1 || ctx.args.first().startsWith(u'-')) {
        return wb::cli::usageError(ctx, u"name one schedule"_s);
    }
    wb::Schedule s;
    s.name = ctx.args.first();
    if (userManagerAnswers()) {
        QString out;
        systemctl({u"disable"_s, u"--now"_s, s.timerUnit()}, &out);
    }
    QString error;
    if (!wb::removeSchedule(unitDirectory(), s.name, &error)) {
        ctx.err << wb::cli::commandName(ctx) << ": " << error << '\n';
        return wb::cli::kExitFailure;
    }
    if (ctx.json)
        wb::cli::printJsonLine(ctx, u"schedule_removed"_s,
                               QJsonObject{{u"name"_s, s.name}, {u"timer_unit"_s, s.timerUnit()},
                                           {u"service_unit"_s, s.serviceUnit()}});
    else
        ctx.out << "removed " << s.timerUnit() << " and " << s.serviceUnit() << '\n';
    return wb::cli::kExitOk;
}

// The service's own command, run here: what the timer would start.
int scheduleRunNow(wb::cli::CliContext &ctx)
{
    const auto s = findSchedule(ctx, "run-now");
    if (!s)
        return wb::cli::kExitUsage;
    QStringList command = s->command();
    const QString program = command.takeFirst();
    if (ctx.json)
        command << u"--json"_s; // the run's own JSON lines
    QProcess p;
    p.setProcessChannelMode(QProcess::ForwardedChannels);
    p.start(program, command);
    if (!p.waitForStarted(10000)) {
        ctx.err << wb::cli::commandName(ctx) << ": cannot start " << program << ": " << p.errorString() << '\n';
        return wb::cli::kExitFailure;
    }
    p.waitForFinished(-1);
    return p.exitStatus() == QProcess::NormalExit ? p.exitCode() : wb::cli::kExitFailure;
}

} // namespace

const QList<wb::cli::Option> kScheduleAddOptions{
    {u"--every"_s, u"INTERVAL"_s, u"run every INTERVAL (6h, 30min, 1d)"_s},
    {u"--at"_s, u"HH:MM"_s, u"run every day at this time"_s},
    {u"--on-calendar"_s, u"SPEC"_s, u"run at a systemd calendar expression"_s},
    {u"--name"_s, u"NAME"_s, u"the schedule's name (default: the plan file's)"_s},
    {u"--fail-if-worse"_s, u"PCT"_s, u"gate each run against its history and leave a regression notice"_s},
    wb::cli::jsonOption()};
WB_CLI_COMMAND(u"schedule add"_s, u"PLAN.json --every 6h|--at HH:MM|--on-calendar SPEC [--name NAME] [--fail-if-worse PCT]"_s,
               u"run a plan on a schedule (a systemd user timer; the run never prompts)"_s,
               kScheduleAddOptions, scheduleAdd);
WB_CLI_COMMAND(u"schedule list"_s, u"[--json]"_s, u"the schedules, when they run and their last result"_s,
               {wb::cli::jsonOption()}, scheduleList);
WB_CLI_COMMAND(u"schedule remove"_s, u"NAME"_s, u"stop and delete a schedule's timer and service"_s,
               {wb::cli::jsonOption()}, scheduleRemove);
WB_CLI_COMMAND(u"schedule run-now"_s, u"NAME"_s, u"run a schedule's plan now, as its timer would"_s,
               {wb::cli::jsonOption()}, scheduleRunNow);
