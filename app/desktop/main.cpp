// SPDX-License-Identifier: GPL-3.0-or-later
// wirebench: the desktop workbench.

#include "appcomposition.h"
#include "apppalette.h"
#include "config/qtwarningfilter.h"
#include "config/settings.h"
#include "mainwindow.h"
#include "run/hostprobe.h"
#include "translations.h"

#include <QApplication>
#include <QCoreApplication>
#include <QCommandLineParser>
#include <QSet>
#include <QTimer>

#include <cstdio>

using namespace Qt::StringLiterals;

namespace {

// The desktop program's command line, the same for --help (which needs no
// display) and for a normal start.
struct CommandLine
{
    QCommandLineParser parser;
    QCommandLineOption selfTest{u"self-test"_s,
                                u"Start, wait for the local agent's handshake, print it and exit (0 = ok)."_s};
    QCommandLineOption palette{
        u"palette"_s,
        u"Colours: dark, light (both with the Fusion style) or system (default; also WIREBENCH_PALETTE)."_s,
        u"name"_s};
    QCommandLineOption db{u"db"_s,
                          u"Open this results database (a file, or a postgresql:// URL) for this session; "
                          "without it WIREBENCH_DB, else the one last opened."_s,
                          u"file|url"_s};

    CommandLine()
    {
        parser.setApplicationDescription(u"Network lab workbench: NIC, switch and cable benchmarks."_s);
        parser.addHelpOption();
        parser.addVersionOption();
        parser.addOption(selfTest);
        parser.addOption(palette);
        parser.addOption(db);
        parser.addPositionalArgument(u"files"_s,
                                     u"Lab or plan files to open, or result files (.flent.gz, netperf, iperf3...) "
                                     "to import."_s,
                                     u"[FILE...]"_s);
    }
};

void setApplicationNames()
{
    QCoreApplication::setApplicationName(u"wirebench"_s);
    QCoreApplication::setOrganizationName(u"Wirebench"_s);
    QCoreApplication::setApplicationVersion(QStringLiteral(WIREBENCH_VERSION));
}

// --help and --version are answered before any display is opened, so they
// work over SSH and in scripts without DISPLAY or QT_QPA_PLATFORM.
bool answersWithoutDisplay(int argc, char **argv)
{
    for (int i = 1; i < argc; ++i) {
        const QByteArray a(argv[i]);
        if (a == "--")
            return false;
        if (a == "-h" || a == "--help" || a == "-?" || a == "--help-all" || a == "-v" || a == "--version")
            return true;
    }
    return false;
}

// The arguments without those QApplication takes for itself (-platform
// NAME, -style NAME, -reverse, ...; one dash or two), which it removes
// before the program's own parser sees them.
QStringList withoutQtOptions(int argc, char **argv)
{
    static const QSet<QString> withValue{u"platform"_s, u"platformpluginpath"_s, u"platformtheme"_s, u"plugin"_s,
                                         u"qwindowgeometry"_s, u"qwindowicon"_s, u"qwindowtitle"_s, u"display"_s,
                                         u"geometry"_s, u"style"_s, u"stylesheet"_s, u"session"_s, u"title"_s,
                                         u"name"_s, u"visual"_s};
    static const QSet<QString> flags{u"reverse"_s, u"widgetcount"_s, u"nograb"_s, u"dograb"_s, u"sync"_s};
    QStringList args;
    for (int i = 0; i < argc; ++i) {
        const QString a = QString::fromLocal8Bit(argv[i]);
        if (i > 0 && a.startsWith(u'-') && a != u"--"_s) {
            const QString name = a.mid(a.startsWith(u"--"_s) ? 2 : 1).section(u'=', 0, 0);
            if (flags.contains(name) || name.startsWith(u"qmljsdebugger"_s)
                || (withValue.contains(name) && a.contains(u'=')))
                continue;
            if (withValue.contains(name)) {
                ++i; // and its value
                continue;
            }
        }
        if (a == u"--"_s) {
            for (; i < argc; ++i)
                args << QString::fromLocal8Bit(argv[i]);
            break;
        }
        args << a;
    }
    return args;
}

} // namespace

int main(int argc, char **argv)
{
    wb::installQtWarningFilter();
    if (answersWithoutDisplay(argc, argv)) {
        QCoreApplication app(argc, argv);
        setApplicationNames();
        CommandLine commandLine;
        commandLine.parser.process(app); // prints and exits
        return 0;
    }
    {
        // A wrong option is said before a display is opened, with exit
        // status 2 (wirebench.1), not QCommandLineParser::process()'s 1.
        CommandLine check;
        if (!check.parser.parse(withoutQtOptions(argc, argv))) {
            std::fprintf(stderr, "wirebench: %s\nTry 'wirebench --help'.\n",
                         qPrintable(check.parser.errorText()));
            return 2;
        }
    }
    QApplication app(argc, argv);
    setApplicationNames();
    // The user's language (LANGUAGE, LC_ALL, LC_MESSAGES, LANG); --help
    // above stays English like the CLI.
    wb::setUpLanguage(app);
    QApplication::setApplicationDisplayName(u"Wirebench"_s);
    QApplication::setDesktopFileName(u"org.wirebench.Wirebench"_s);
    QApplication::setWindowIcon(QIcon::fromTheme(u"org.wirebench.Wirebench"_s));

    CommandLine commandLine;
    QCommandLineParser &parser = commandLine.parser;
    const QCommandLineOption &selfTest = commandLine.selfTest;
    const QCommandLineOption &palette = commandLine.palette;
    parser.process(app);
    const QString paletteName = parser.isSet(palette) ? parser.value(palette) : qEnvironmentVariable("WIREBENCH_PALETTE");
    if (QString error; !wb::gui::AppPalette::apply(paletteName, &error)) {
        std::fprintf(stderr, "wirebench: %s\n", qPrintable(error));
        return 2;
    }

    // --db, then WIREBENCH_DB, then the database the settings remember.
    wb::AppComposition composition(wb::Settings::sessionDatabase(parser.value(commandLine.db)));
    composition.mainWindow().show();
    if (parser.isSet(selfTest)) {
        // Checks an installation end to end: the window comes up and the
        // agent it carries answers.
        wb::HostProbe &agent = composition.localAgent();
        QObject::connect(&agent, &wb::HostProbe::finished, &app, [](const wb::ProbeReport &report) {
            std::printf("wirebench: ok, local agent %s (protocol %d)\n", qPrintable(report.hello.agentVersion),
                        report.hello.protocol);
            QApplication::exit(0);
        });
        QObject::connect(&agent, &wb::HostProbe::failed, &app, [](const QString &, const QString &m) {
            std::fprintf(stderr, "wirebench: local agent failed: %s\n", qPrintable(m));
            QApplication::exit(1);
        });
        QTimer::singleShot(30000, &app, [] {
            std::fprintf(stderr, "wirebench: no answer from the local agent within 30 s\n");
            QApplication::exit(1);
        });
    }
    composition.openFiles(parser.positionalArguments());
    composition.start();
    return QApplication::exec();
}
