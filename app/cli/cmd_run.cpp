// SPDX-License-Identifier: GPL-3.0-or-later
// `run PLAN.json`: runs a test plan on the lab, storing every measurement as
// it finishes; progress on stderr, a summary table at the end, non-zero exit
// when a test failed. Ctrl-C (or SIGTERM) cancels the plan (the remote tests
// stop), keeps what finished and exits 130; `--resume ID` runs only what did not finish: the
// cases not done, and of a case cut between repetitions only the missing
// repetitions.

#include "clicommand.h"
#include "cliio.h"
#include "cligate.h"
#include "clirun.h"
#include "clistore.h"
#include "clilabaccess.h"


#include "analysis/historygate.h"
#include "result/keyfigure.h"
#include "run/planexecution.h"

#include <QCoreApplication>
#include <QJsonDocument>
#include <QSocketNotifier>
#include <QTimer>

#include <cmath>
#include <csignal>
#include <cstdio>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace {

int g_signalPipe[2] = {-1, -1};

void handleSigint(int)
{
    const char c = 1;
    [[maybe_unused]] ssize_t n = ::write(g_signalPipe[1], &c, 1);
}

QString bar(int done, int total, int width)
{
    const int filled = total > 0 ? done * width / total : width;
    return QString(filled, u'#') + QString(width - filled, u'.');
}

int runPlan(wb::cli::CliContext &ctx)
{
    QStringList args = ctx.args;
    QString resume, parallel, connecting, knownHosts, sshDir, schedule, failIfWorse, error;
    if (!wb::cli::takeOption(args, u"--resume"_s, &resume, &error)
        || !wb::cli::takeOption(args, u"--fail-if-worse"_s, &failIfWorse, &error)
        || !wb::cli::takeOption(args, u"--schedule"_s, &schedule, &error)
        || !wb::cli::takeOption(args, u"--parallel"_s, &parallel, &error)
        || !wb::cli::takeOption(args, u"--max-connecting"_s, &connecting, &error)
        || !wb::cli::takeOption(args, u"--known-hosts"_s, &knownHosts, &error)
        || !wb::cli::takeOption(args, u"--ssh-dir"_s, &sshDir, &error)) {
        return wb::cli::usageError(ctx, error);
    }
    // toInt() reads "1e300" or a 20-digit number as 0: say so instead.
    auto count = [&ctx](const QString &text, const char *option, int *out) {
        if (text.isEmpty())
            return true;
        bool ok = false;
        *out = text.toInt(&ok);
        if (ok && *out >= 1 && *out <= 1000)
            return true;
        wb::cli::usageError(ctx, QString::fromLatin1(option) + u" needs a whole number from 1 to 1000"_s);
        return false;
    };
    int maxParallel = 0;
    int maxConnecting = 0;
    if (!count(parallel, "--parallel", &maxParallel) || !count(connecting, "--max-connecting", &maxConnecting))
        return wb::cli::kExitUsage;
    wb::cli::PlanRunOptions options;
    if (!failIfWorse.isEmpty()) {
        bool ok = false;
        const double pct = failIfWorse.toDouble(&ok);
        if (!ok || !std::isfinite(pct) || pct < 0 || pct > 1000) {
            return wb::cli::usageError(ctx, u"--fail-if-worse takes a percentage from 0 to 1000"_s);
        }
        options.failIfWorsePct = pct;
    }
    options.acceptNewHostKeys = wb::cli::takeFlag(args, u"--accept-new-host-keys"_s);
    options.noKeychain = wb::cli::takeFlag(args, u"--no-keychain"_s);
    if (args.size() != 1 || (args.first().startsWith(u'-') && !wb::cli::isStandardStream(args.first()))) {
        return wb::cli::usageError(ctx, u"give exactly one PLAN.json, or - for standard input (see docs/plan-format.md)"_s);
    }
    std::optional<wb::Plan> plan;
    if (wb::cli::isStandardStream(args.first())) {
        const std::optional<QJsonObject> json = wb::cli::readJsonObject(args.first(), &error);
        if (json) {
            plan = wb::Plan::fromJson(*json, &error);
            if (!plan)
                error = wb::cli::inputName(args.first()) + u": "_s + error;
        }
    } else {
        plan = wb::Plan::load(args.first(), &error);
    }
    if (!plan) {
        ctx.err << wb::cli::commandName(ctx) << ": " << error << '\n';
        return wb::cli::kExitUsage;
    }
    // A scheduled run is an ordinary one that says which schedule started
    // it, and never waits for an answer nobody will give.
    plan->schedule = schedule;
    options.prompt = schedule.isEmpty();
    options.planFile = wb::cli::inputName(args.first());
    options.resume = resume;
    options.maxParallel = maxParallel;
    options.maxConnecting = maxConnecting;
    options.knownHosts = knownHosts;
    options.sshDir = sshDir;
    return wb::cli::executePlan(ctx, *plan, options);
}

} // namespace

int wb::cli::executePlan(CliContext &ctx, const Plan &loaded, const PlanRunOptions &runOptions, QString *planRunId)
{
    const std::optional<wb::Plan> plan = loaded;
    const QString &resume = runOptions.resume;
    const QString &knownHosts = runOptions.knownHosts;
    const QString &sshDir = runOptions.sshDir;
    const bool acceptNew = runOptions.acceptNewHostKeys;
    const bool noKeychain = runOptions.noKeychain;
    // Refuse to start when the database cannot take results: a plan whose
    // results would be dropped is not worth running.
    const QString dbPath = ctx.databasePath.isEmpty() ? wb::Settings::defaultDatabasePath() : ctx.databasePath;
    if (!wb::cli::openStore(ctx))
        return wb::cli::kExitFailure;

    wb::cli::CliLabAccess lab(knownHosts, sshDir, acceptNew, noKeychain, runOptions.prompt);
    wb::PlanExecution::Options options;
    options.databasePath = dbPath;
    options.resumeRunId = resume;
    options.maxParallel = runOptions.maxParallel;
    options.maxConnecting = runOptions.maxConnecting;
    wb::PlanExecution execution(*plan, lab.access, options);
    if (const QString problem = execution.prepare(); !problem.isEmpty()) {
        ctx.err << wb::cli::commandName(ctx) << ": " << runOptions.planFile << ": " << problem << '\n';
        return wb::cli::kExitUsage;
    }
    // A plan entry that overrides the inventory's host, and datagrams the
    // inventory's MTUs would fragment: the user hears them before it runs.
    for (const QString &note : execution.hostResolution()->notes())
        ctx.err << "note: " << note << '\n';
    const QString runId = execution.planRunId();
    if (planRunId)
        *planRunId = runId;
    const int skipped = execution.alreadyFinished();

    const bool tty = ::isatty(STDERR_FILENO);
    QTextStream &err = ctx.err;
    QList<wb::CaseResult> results;
    QObject::connect(&execution, &wb::PlanExecution::storeFailed, &execution, [&](const QString &, const QString &m) {
        err << (tty ? "\r\033[K" : "") << "error: " << m << '\n';
        err.flush();
    });
    QObject::connect(&execution, &wb::PlanExecution::planStarted, &execution, [&](int cases) {
        err << "plan '" << plan->name << "': " << cases << " test cases, run id " << runId;
        if (!resume.isEmpty())
            err << " (resuming: " << execution.resumed().describe() << ')';
        err << ", results in " << wb::DatabaseUrl::redacted(dbPath) << '\n';
        err.flush();
    });
    QObject::connect(&execution, &wb::PlanExecution::logged, &execution,
                     [&](const QString &severity, const QString &host, const QString &text) {
                         if (severity == u"info"_s && tty)
                             return;
                         err << (tty ? "\r\033[K" : "") << severity << ": " << (host.isEmpty() ? QString() : host + u": "_s)
                             << text << '\n';
                         err.flush();
                     });
    QObject::connect(&execution, &wb::PlanExecution::caseFinished, &execution, [&](const wb::CaseResult &r) {
        results.append(r);
        if (!tty) {
            err << '[' << results.size() << "] " << r.testCase.name << ": " << r.status;
            if (r.status == u"finished"_s)
                err << ", " << wb::keyFigure(r.summary).text;
            else if (!r.error.isEmpty())
                err << ": " << r.error;
            if (const QString kept = wb::keptRepetitionsText(r, runId); !kept.isEmpty())
                err << " (" << kept << ')';
            err << '\n';
            err.flush();
        }
    });
    QObject::connect(&execution, &wb::PlanExecution::progressChanged, &execution,
                     [&](int done, int total, double left) {
                         if (!tty)
                             return;
                         err << "\r\033[K[" << bar(done, total, 30) << "] " << done << '/' << total << "  ~"
                             << int(left + 0.5) << " s left";
                         err.flush();
                     });
    int exitCode = wb::cli::kExitOk;
    bool interrupted = false; // a signal cancelled the plan: exit 130 once what finished is stored
    int ok = 0, failed = 0, cancelled = 0;
    QObject::connect(&execution, &wb::PlanExecution::planFinished, &execution, [&](int f, int x, int c) {
        ok = f;
        failed = x;
        cancelled = c;
    });
    // The summary once every finished case is stored: a refused one counts.
    QObject::connect(&execution, &wb::PlanExecution::allStored, &execution, [&] {
        if (tty)
            err << "\r\033[K";
        err.flush();
        if (ctx.json) {
            for (const wb::CaseResult &r : std::as_const(results)) {
                QJsonObject o{{u"case"_s, r.testCase.name}, {u"case_key"_s, r.testCase.key}, {u"status"_s, r.status},
                              {u"error"_s, r.error}, {u"plan_run"_s, runId}};
                if (!r.iterations.isEmpty())
                    o.insert(u"record"_s, r.summary.toJson());
                o.insert(u"repetitions"_s, int(r.iterations.size()));
                if (r.keptIterations > 0)
                    o.insert(u"kept_repetitions"_s, r.keptIterations);
                wb::cli::printJsonLine(ctx, u"case"_s, o);
            }
        } else {
            ctx.out << QString(u"%1  %2  %3  %4"_s)
                           .arg(u"test case"_s, -44)
                           .arg(u"status"_s, -9)
                           .arg(u"iter"_s, 4)
                           .arg(u"result"_s)
                    << '\n';
            for (const wb::CaseResult &r : std::as_const(results)) {
                QString figure = r.iterations.isEmpty() ? r.error : wb::keyFigure(r.summary).text;
                if (const QString kept = wb::keptRepetitionsText(r, runId); !kept.isEmpty())
                    figure += u" ("_s + kept + u')';
                ctx.out << QString(u"%1  %2  %3  %4"_s)
                               .arg(r.testCase.name.left(44), -44)
                               .arg(r.status, -9)
                               .arg(r.iterations.size(), 4)
                               .arg(figure)
                        << '\n';
            }
            ctx.out << "\n" << ok << " finished, " << failed << " failed, " << cancelled << " cancelled";
            if (skipped > 0)
                ctx.out << " (and " << skipped << " finished before the resume)";
            ctx.out << "; run id " << runId;
            if (failed + cancelled > 0)
                ctx.out << " (resume with: wirebench-cli run " << runOptions.planFile << " --resume " << runId << ')';
            ctx.out << '\n';
        }
        ctx.out.flush();
        if (interrupted)
            exitCode = wb::cli::kExitInterrupted;
        else
            exitCode = (failed > 0 || cancelled > 0 || execution.storeFailures() > 0) ? wb::cli::kExitFailure
                                                                                        : wb::cli::kExitOk;
        QCoreApplication::exit(0);
    });

    // Ctrl-C: cancel once (remote tests stop, finished results stay); twice: quit now.
    if (::pipe(g_signalPipe) == 0) {
        auto *notifier = new QSocketNotifier(g_signalPipe[0], QSocketNotifier::Read, &execution);
        int presses = 0;
        QObject::connect(notifier, &QSocketNotifier::activated, &execution, [&, notifier] {
            char c;
            [[maybe_unused]] ssize_t n = ::read(g_signalPipe[0], &c, 1);
            if (++presses > 1) {
                err << "\ninterrupted again: quitting without waiting for the agents\n";
                err.flush();
                std::_Exit(wb::cli::kExitInterrupted);
            }
            err << (tty ? "\r\033[K" : "") << "interrupted: cancelling the plan (Ctrl-C again to quit at once)\n";
            err.flush();
            interrupted = true;
            execution.cancel();
            Q_UNUSED(notifier);
        });
        std::signal(SIGINT, handleSigint);
        std::signal(SIGTERM, handleSigint);
    }
    // A second early: started_ms is stored in milliseconds, the clock may step.
    const QDateTime startedAfter = QDateTime::currentDateTimeUtc().addSecs(-1);
    QTimer::singleShot(0, &execution, &wb::PlanExecution::start);
    QCoreApplication::exec();
    std::signal(SIGINT, SIG_DFL);
    std::signal(SIGTERM, SIG_DFL);
    if (runOptions.failIfWorsePct) {
        auto store = wb::cli::openStore(ctx, true);
        if (!store)
            return wb::cli::kExitFailure;
        auto gate = wb::checkPlanRunAgainstHistory(
            *store, {plan->name, runId, startedAfter, *runOptions.failIfWorsePct, 0.95});
        if (!gate) {
            ctx.err << wb::cli::commandName(ctx) << ": --fail-if-worse: " << gate.error().message << '\n';
            return wb::cli::kExitFailure;
        }
        if (!plan->schedule.isEmpty()) {
            // A scheduled run leaves its regressions on the runs, for the
            // desktop program's notifications, and in the service's log.
            auto noted = wb::recordRegressionNotices(*store, *gate);
            if (!noted)
                ctx.err << wb::cli::commandName(ctx) << ": the regression notices could not be stored: " << noted.error().message
                        << '\n';
            else
                for (const QString &text : std::as_const(*noted))
                    ctx.err << "warning: regression: " << text << '\n';
        }
        const int verdict = wb::cli::applyGate(ctx, u"run"_s, *gate,
                                               u"no case has a history of two points or more in its current segment"_s);
        // Worse beats failed: a CI pipeline wants the regression named.
        return verdict == wb::cli::kExitWorse ? verdict : std::max(verdict, exitCode);
    }
    return exitCode;
}

const QList<wb::cli::Option> kRunOptions = QList<wb::cli::Option>{
    {u"--resume"_s, u"RUN_ID"_s, u"run only what this cancelled or failed plan run did not finish"_s},
    {u"--parallel"_s, u"N"_s, u"the most host pairs run at once"_s},
    {u"--max-connecting"_s, u"N"_s, u"the most hosts connecting at once (default 8)"_s},
    {u"--schedule"_s, u"NAME"_s, u"run as that schedule: never prompt"_s},
    {u"--fail-if-worse"_s, u"PCT"_s, u"exit 3 when a case is significantly worse than its history by more than PCT %"_s}}
    + wb::cli::sshTrustOptions() + QList{wb::cli::jsonOption()};
WB_CLI_COMMAND(u"run"_s,
               u"PLAN.json [--resume RUN_ID] [--parallel N] [--max-connecting N] [--accept-new-host-keys] [--known-hosts FILE] "
               "[--ssh-dir DIR] [--no-keychain] [--schedule NAME] [--fail-if-worse PCT] [--json]"_s,
               u"run a test plan on the lab and store every result (--schedule: as that schedule, never prompting; "
               "--fail-if-worse: exit 3 when a case is significantly worse than the current segment of its history "
               "by more than PCT %)"_s,
               kRunOptions, runPlan);
