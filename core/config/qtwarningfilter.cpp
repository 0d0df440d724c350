// SPDX-License-Identifier: GPL-3.0-or-later
#include "qtwarningfilter.h"

#include <QString>
#include <QtGlobal>

#include <cstdio>

using namespace Qt::StringLiterals;

namespace wb {

namespace {

QtMessageHandler g_next = nullptr;

bool isUnactionable(QtMsgType type, const QString &message)
{
    return type == QtWarningMsg && message.startsWith(u"QStandardPaths: XDG_RUNTIME_DIR not set"_s);
}

void filterMessage(QtMsgType type, const QMessageLogContext &context, const QString &message)
{
    if (isUnactionable(type, message))
        return;
    if (g_next) {
        g_next(type, context, message);
        return;
    }
    std::fprintf(stderr, "%s\n", qPrintable(qFormatLogMessage(type, context, message)));
}

} // namespace

void installQtWarningFilter()
{
    if (g_next)
        return; // installed already: never chain the filter to itself
    // Qt hands back its default handler when none was installed before.
    g_next = qInstallMessageHandler(filterMessage);
}

} // namespace wb
