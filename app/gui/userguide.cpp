// SPDX-License-Identifier: GPL-3.0-or-later
#include "userguide.h"

#include <QCoreApplication>
#include <QDesktopServices>
#include <QDir>
#include <QFileInfo>

using namespace Qt::StringLiterals;

namespace wb::gui {

namespace {
std::function<bool(const QUrl &)> g_opener; // GUI thread only
} // namespace

QStringList UserGuide::candidates()
{
    const QString bin = QCoreApplication::applicationDirPath();
    QStringList paths{QDir::cleanPath(bin + u"/../share/doc/wirebench/user-guide.md"_s),
                      u"/usr/share/doc/wirebench/user-guide.md"_s};
#ifdef WB_SOURCE_DIR
    paths << QStringLiteral(WB_SOURCE_DIR) + u"/docs/user-guide.md"_s; // a build run from the source tree
#endif
    paths.removeDuplicates();
    return paths;
}

QString UserGuide::path()
{
    for (const QString &p : candidates())
        if (QFileInfo(p).isFile())
            return p;
    return {};
}

bool UserGuide::open()
{
    const QString p = path();
    if (p.isEmpty())
        return false;
    const QUrl url = QUrl::fromLocalFile(p);
    return g_opener ? g_opener(url) : QDesktopServices::openUrl(url);
}

void UserGuide::setOpener(std::function<bool(const QUrl &)> opener) { g_opener = std::move(opener); }

} // namespace wb::gui
