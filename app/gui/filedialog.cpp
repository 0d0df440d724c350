// SPDX-License-Identifier: GPL-3.0-or-later
#include "filedialog.h"

#include <QFileDialog>

#include <optional>

namespace wb::gui {

namespace {
std::optional<QString> g_nextPath; // GUI thread only
} // namespace

void FileDialog::setNextPath(const QString &path) { g_nextPath = path; }

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
        return path;
    return QFileDialog::getOpenFileName(parent, caption, dir, filter);
}

QString FileDialog::saveFile(QWidget *parent, const QString &caption, const QString &dir, const QString &filter,
                             QString *selectedFilter)
{
    QString path;
    if (takePath(&path))
        return path;
    return QFileDialog::getSaveFileName(parent, caption, dir, filter, selectedFilter);
}

} // namespace wb::gui
