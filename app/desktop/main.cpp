// SPDX-License-Identifier: GPL-3.0-or-later
// wirebench: the desktop workbench.

#include "appcomposition.h"
#include "apppalette.h"
#include "mainwindow.h"
#include "run/hostprobe.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QTimer>

#include <cstdio>

using namespace Qt::StringLiterals;

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(u"wirebench"_s);
    QApplication::setApplicationDisplayName(u"Wirebench"_s);
    QApplication::setOrganizationName(u"Wirebench"_s);
    QApplication::setApplicationVersion(QStringLiteral(WIREBENCH_VERSION));
    QApplication::setDesktopFileName(u"org.wirebench.Wirebench"_s);
    QApplication::setWindowIcon(QIcon::fromTheme(u"org.wirebench.Wirebench"_s));

    QCommandLineParser parser;
    parser.setApplicationDescription(u"Network lab workbench: NIC, switch and cable benchmarks."_s);
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption selfTest(
        u"self-test"_s, u"Start, wait for the local agent's handshake, print it and exit (0 = ok)."_s);
    parser.addOption(selfTest);
    const QCommandLineOption palette(
        u"palette"_s, u"Colours: dark, light (both with the Fusion style) or system (default; also WIREBENCH_PALETTE)."_s,
        u"name"_s);
    parser.addOption(palette);
    parser.process(app);
    const QString paletteName = parser.isSet(palette) ? parser.value(palette) : qEnvironmentVariable("WIREBENCH_PALETTE");
    if (QString error; !wb::gui::AppPalette::apply(paletteName, &error)) {
        std::fprintf(stderr, "wirebench: %s\n", qPrintable(error));
        return 2;
    }

    wb::AppComposition composition;
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
    composition.start();
    return QApplication::exec();
}
