// SPDX-License-Identifier: GPL-3.0-or-later
// wirebench: the desktop workbench.

#include "appcomposition.h"
#include "mainwindow.h"

#include <QApplication>

using namespace Qt::StringLiterals;

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(u"wirebench"_s);
    QApplication::setApplicationDisplayName(u"Wirebench"_s);
    QApplication::setOrganizationName(u"Wirebench"_s);
    QApplication::setApplicationVersion(QStringLiteral(WIREBENCH_VERSION));
    QApplication::setDesktopFileName(u"org.wirebench.Wirebench"_s);

    wb::AppComposition composition;
    composition.mainWindow().show();
    composition.start();
    return QApplication::exec();
}
