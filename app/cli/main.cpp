// SPDX-License-Identifier: GPL-3.0-or-later
// wirebench-cli: the workbench without a display, for scripts and CI.

#include "clicommand.h"

#include "config/qtwarningfilter.h"
#include "config/settings.h"

#include <QCoreApplication>
#include <QJsonDocument>
#ifdef WB_CLI_CHARTS
#include <QApplication>
#endif

#include <algorithm>
#include <memory>
#include <optional>
#include <cstdio>

using namespace Qt::StringLiterals;

namespace wb::cli {

QList<Command> &commandTable()
{
    static QList<Command> table;
    return table;
}

const Command *findCommand(const QString &words)
{
    for (const Command &c : commandTable())
        if (c.words == words)
            return &c;
    return nullptr;
}

} // namespace wb::cli

namespace wb::cli {

void printJsonLine(CliContext &ctx, const QString &type, QJsonObject object)
{
    object.insert(u"type"_s, type);
    ctx.out << QJsonDocument(object).toJson(QJsonDocument::Compact) << '\n';
}

QString commandName(const CliContext &ctx)
{
    return ctx.command ? u"wirebench-cli "_s + ctx.command->words : u"wirebench-cli"_s;
}

int usageError(CliContext &ctx, const QString &message)
{
    const QString who = commandName(ctx);
    ctx.err << who << ": " << message << " (see '" << who << " --help')\n";
    return kExitUsage;
}

int usageError(CliContext &ctx, const QString &message, const QStringList &choices)
{
    usageError(ctx, message);
    for (const QString &c : choices)
        ctx.err << "  " << c << '\n';
    return kExitUsage;
}

} // namespace wb::cli

namespace {

QList<wb::cli::Command> sortedCommands()
{
    QList<wb::cli::Command> cmds = wb::cli::commandTable();
    std::sort(cmds.begin(), cmds.end(), [](const auto &a, const auto &b) { return a.words < b.words; });
    return cmds;
}

void printHelp(QTextStream &out)
{
    out << "Usage: wirebench-cli [--db PATH] [--json] COMMAND [ARGS...]\n\n"
           "Wirebench without a display: run test plans on the lab, import results\n"
           "from netperf/iperf3, query and compare them, all in the same results\n"
           "database as the desktop program.\n\n"
           "Global options:\n"
           "  --db PATH    results database file, or a shared PostgreSQL database:\n"
           "               postgresql://USER@HOST:PORT/DBNAME[?sslmode=require...]\n"
           "               (password from ~/.pgpass, PGPASSWORD or a prompt).\n"
           "               Without --db: $WIREBENCH_DB, else the default file in the\n"
           "               user's data folder (~/.local/share/wirebench/wirebench.sqlite)\n"
           "  --json       JSON lines (one object with a \"type\" per line), for the\n"
           "               commands that take --json\n"
           "  --version    print the version and exit\n"
           "  --help       show this help; COMMAND --help shows a command's options\n\n"
           "Commands:\n";
    for (const auto &c : sortedCommands()) {
        if (!c.listed)
            continue;
        const QString synopsis = (c.words + u' ' + c.usage).trimmed();
        out << "  " << synopsis.leftJustified(34) << ' ' << c.summary << '\n';
    }
    out << "\nEnvironment:\n"
           "  WIREBENCH_DB     the results database when --db is not given\n"
           "  WIREBENCH_AGENT  the agent program to run and deploy (default: the one\n"
           "                   installed beside wirebench-cli)\n\n"
           "Exit status: 0 done; 1 the work ran and something failed; 2 the command\n"
           "line or an input file was wrong; 130 interrupted (SIGINT or SIGTERM).\n";
}

// `wirebench-cli COMMAND --help`: the synopsis, then every option of the
// command's table with its meaning.
void printCommandHelp(QTextStream &out, const wb::cli::Command &c)
{
    out << "Usage: wirebench-cli " << (c.words + u' ' + c.usage).trimmed() << "\n  " << c.summary << "\n\nOptions:\n";
    const auto line = [&out](const QString &left, const QString &meaning) {
        out << "  " << left.leftJustified(28) << "  " << meaning << '\n';
    };
    for (const wb::cli::Option &o : c.options) {
        QString left = o.alias.isEmpty() ? o.name : o.alias + u", "_s + o.name;
        if (!o.value.isEmpty())
            left += u' ' + o.value;
        line(left, o.meaning);
    }
    line(u"--db PATH"_s, u"the results database (see wirebench-cli --help)"_s);
    line(u"-h, --help"_s, u"show this help"_s);
}

// Checks a command's arguments against its option table before it runs:
// every option is one the command declares, a value option has its value,
// a flag has none. Global options (--db, --json) are taken out. Returns
// nothing when the command is to run, else the exit code to end with (help
// shown, or an error).
std::optional<int> checkArguments(wb::cli::CliContext &ctx, const QStringList &rest, QString *db, QStringList *own)
{
    const wb::cli::Command &cmd = *ctx.command;
    for (qsizetype i = 0; i < rest.size(); ++i) {
        const QString &a = rest[i];
        if (a == u"--help"_s || a == u"-h"_s) {
            printCommandHelp(ctx.out, cmd);
            return wb::cli::kExitOk;
        }
        if (a == u"--db"_s) {
            if (i + 1 >= rest.size())
                return wb::cli::usageError(ctx, u"--db needs a value"_s);
            *db = rest[++i];
            continue;
        }
        if (a.startsWith(u"--db="_s)) {
            *db = a.mid(5);
            continue;
        }
        // "-" alone names standard input or output, and "-2" is a number
        // (a wrong run id, say): both are arguments, not options.
        if (!a.startsWith(u'-') || a == u"-"_s || a.at(1).isDigit()) {
            own->append(a);
            continue;
        }
        const qsizetype eq = a.startsWith(u"--"_s) ? a.indexOf(u'=') : -1;
        const QString name = eq < 0 ? a : a.left(eq);
        const wb::cli::Option *o = cmd.option(name);
        if (!o)
            return wb::cli::usageError(ctx, u"unknown option "_s + name);
        if (o->name == u"--json"_s && eq < 0) {
            ctx.json = true;
            continue;
        }
        if (o->value.isEmpty() && eq >= 0)
            return wb::cli::usageError(ctx, name + u" takes no value"_s);
        // The command sees the option's name and its value as two
        // arguments, however they were typed ("-y", "--name=value").
        own->append(o->name);
        if (eq >= 0) {
            own->append(a.mid(eq + 1));
        } else if (!o->value.isEmpty()) {
            if (i + 1 >= rest.size())
                return wb::cli::usageError(ctx, name + u" needs a value ("_s + o->value + u')');
            own->append(rest[++i]);
        }
    }
    if (ctx.json && !cmd.option(u"--json"_s))
        return wb::cli::usageError(ctx, u"unknown option --json"_s);
    return std::nullopt;
}

} // namespace

namespace {

// Drawing a chart needs a QApplication (fonts, painting); every other command
// runs on a QCoreApplication and never touches a display.
std::unique_ptr<QCoreApplication> makeApplication(int &argc, char **argv)
{
#ifdef WB_CLI_CHARTS
    bool compare = false, drawing = false;
    for (int i = 1; i < argc; ++i) {
        const QByteArray a(argv[i]);
        compare |= a == "compare" || a == "drops" || a == "history";
        for (const char *option : {"--chart", "--csv", "--points-csv", "--report"})
            drawing |= a == option || a.startsWith(QByteArray(option) + '=');
    }
    if (compare && drawing) {
        if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
            qputenv("QT_QPA_PLATFORM", "offscreen"); // the chart is drawn off-screen in any case
        return std::make_unique<QApplication>(argc, argv);
    }
#endif
    return std::make_unique<QCoreApplication>(argc, argv);
}

} // namespace

int main(int argc, char **argv)
{
    wb::installQtWarningFilter();
    const auto application = makeApplication(argc, argv);
    QCoreApplication &app = *application;
    QCoreApplication::setApplicationName(u"wirebench-cli"_s);
    QCoreApplication::setOrganizationName(u"Wirebench"_s);
    QCoreApplication::setApplicationVersion(QStringLiteral(WIREBENCH_VERSION));

    QTextStream out(stdout);
    QTextStream err(stderr);
    QStringList args = app.arguments().mid(1);
    QString db;
    bool json = false;
    while (!args.isEmpty() && args.first().startsWith(u'-')) {
        const QString a = args.takeFirst();
        if (a == u"--version"_s) {
            out << "wirebench-cli " << WIREBENCH_VERSION << '\n';
            return wb::cli::kExitOk;
        }
        if (a == u"--help"_s || a == u"-h"_s) {
            printHelp(out);
            return wb::cli::kExitOk;
        }
        if (a == u"--json"_s) {
            json = true;
        } else if (a == u"--db"_s) {
            if (args.isEmpty()) {
                err << "wirebench-cli: --db needs a value (see 'wirebench-cli --help')\n";
                return wb::cli::kExitUsage;
            }
            db = args.takeFirst();
        } else if (a.startsWith(u"--db="_s)) {
            db = a.mid(5);
        } else {
            err << "wirebench-cli: unknown option " << a << " (see 'wirebench-cli --help')\n";
            return wb::cli::kExitUsage;
        }
    }
    if (args.isEmpty()) {
        printHelp(err);
        return wb::cli::kExitUsage;
    }
    // The longest command whose words start the argument list wins.
    const wb::cli::Command *match = nullptr;
    qsizetype matchedWords = 0;
    for (const auto &c : wb::cli::commandTable()) {
        const QStringList words = c.words.split(u' ');
        if (words.size() > args.size() || words.size() <= matchedWords)
            continue;
        if (args.mid(0, words.size()) == words) {
            match = &c;
            matchedWords = words.size();
        }
    }
    if (!match) {
        err << "wirebench-cli: unknown command '" << args.join(u' ') << "' (see 'wirebench-cli --help')\n";
        return wb::cli::kExitUsage;
    }
    wb::cli::CliContext ctx{{}, {}, json, out, err, match};
    QStringList own;
    if (const std::optional<int> rc = checkArguments(ctx, args.mid(matchedWords), &db, &own))
        return *rc;
    // --db first, then WIREBENCH_DB; empty: the default file (clistore.h).
    ctx.databasePath = wb::Settings::sessionDatabase(db);
    ctx.args = own;
    const int rc = match->run(ctx);
    out.flush();
    err.flush();
    return rc;
}
