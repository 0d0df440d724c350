// SPDX-License-Identifier: GPL-3.0-or-later
#include "filedialog.h"

#include "config/settings.h"

#include <QFileDialog>
#include <QFileInfo>

#include <optional>

namespace wb::gui {

namespace {
std::optional<QString> g_nextPath; // GUI thread only
Settings *g_settings = nullptr;
} // namespace

void FileDialog::setNextPath(const QString &path) { g_nextPath = path; }

void FileDialog::setSettings(Settings *settings) { g_settings = settings; }

QString FileDialog::startFolder(const QString &dir)
{
    return dir.isEmpty() && g_settings ? g_settings->lastFolder() : dir;
}

QString FileDialog::remember(const QString &path)
{
    if (!path.isEmpty() && g_settings)
        g_settings->setLastFolder(QFileInfo(path).absolutePath());
    return path;
}

bool FileDialog::takePath(QString *path)
{
    if (!g_nextPath)
        return false;
    *path = *g_nextPath;
    g_nextPath.reset();
    return true;
}

QString FileDialog::openFile(QWidget *parent, const QString &caption, const QString &dir, const QString &filter)
{
    QString path;
    if (takePath(&path))
        return remember(path);
    return remember(QFileDialog::getOpenFileName(parent, caption, startFolder(dir), filter));
}

QStringList FileDialog::openFiles(QWidget *parent, const QString &caption, const QString &dir, const QString &filter)
{
    QString given;
    const QStringList paths = takePath(&given)
                                  ? given.split(u'\n', Qt::SkipEmptyParts)
                                  : QFileDialog::getOpenFileNames(parent, caption, startFolder(dir), filter);
    if (!paths.isEmpty())
        remember(paths.first());
    return paths;
}

QString FileDialog::saveFile(QWidget *parent, const QString &caption, const QString &dir, const QString &filter,
                             QString *selectedFilter)
{
    QString path;
    if (takePath(&path))
        return remember(path);
    return remember(QFileDialog::getSaveFileName(parent, caption, startFolder(dir), filter, selectedFilter));
}

} // namespace wb::gui
