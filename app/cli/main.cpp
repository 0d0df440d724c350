// SPDX-License-Identifier: GPL-3.0-or-later
// wirebench-cli: the workbench without a display, for scripts and CI.

#include "clicommand.h"

#include "config/qtwarningfilter.h"
#include "config/settings.h"

#include <QCoreApplication>
#ifdef WB_CLI_CHARTS
#include <QApplication>
#endif

#include <algorithm>
#include <memory>
#include <cstdio>

using namespace Qt::StringLiterals;

namespace wb::cli {

QList<Command> &commandTable()
{
    static QList<Command> table;
    return table;
}

} // namespace wb::cli

namespace {

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
           "  --json       machine-readable output where the command supports it\n"
           "  --version    print the version and exit\n"
           "  --help       show this help\n\n"
           "Commands:\n";
    QList<wb::cli::Command> cmds = wb::cli::commandTable();
    std::sort(cmds.begin(), cmds.end(), [](const auto &a, const auto &b) { return a.words < b.words; });
    for (const auto &c : cmds) {
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
        drawing |= a == "--chart" || a == "--csv" || a == "--report" || a.startsWith("--chart=")
                   || a.startsWith("--csv=") || a.startsWith("--report=");
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
                err << "wirebench-cli: --db needs a path\n";
                return wb::cli::kExitUsage;
            }
            db = args.takeFirst();
        } else if (a.startsWith(u"--db="_s)) {
            db = a.mid(5);
        } else {
            err << "wirebench-cli: unknown option '" << a << "'; see wirebench-cli --help\n";
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
        err << "wirebench-cli: unknown command '" << args.join(u' ') << "'; see wirebench-cli --help\n";
        return wb::cli::kExitUsage;
    }
    QStringList rest = args.mid(matchedWords);
    // Global options may also follow the command words.
    QStringList own;
    for (qsizetype i = 0; i < rest.size(); ++i) {
        if (rest[i] == u"--json"_s) {
            json = true;
        } else if (rest[i] == u"--db"_s && i + 1 < rest.size()) {
            db = rest[++i];
        } else if (rest[i] == u"--help"_s || rest[i] == u"-h"_s) {
            out << "Usage: wirebench-cli " << (match->words + u' ' + match->usage).trimmed() << "\n  "
                << match->summary << '\n';
            return wb::cli::kExitOk;
        } else {
            own.append(rest[i]);
        }
    }
    // --db first, then WIREBENCH_DB; empty: the default file (clistore.h).
    db = wb::Settings::sessionDatabase(db);
    wb::cli::CliContext ctx{own, db, json, out, err};
    const int rc = match->run(ctx);
    out.flush();
    err.flush();
    return rc;
}
