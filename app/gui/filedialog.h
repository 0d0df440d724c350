// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Every file chooser of the desktop program goes through here, so tests can
// answer them like MessageBox: setNextPath() makes the next call return that
// path at once (an empty path is "cancelled") instead of showing a dialog.
// With settings given (the composition root does), a chooser asked for no
// folder starts in the last one a file was chosen in, and every chosen
// file's folder is remembered there (Settings::lastFolder), across starts.

#include <QString>
#include <QStringList>

class QWidget;

namespace wb {
class Settings;
}

namespace wb::gui {

class FileDialog
{
public:
    static QString openFile(QWidget *parent, const QString &caption, const QString &dir, const QString &filter);
    // Several files at once (tests: setNextPath with the paths one a line).
    static QStringList openFiles(QWidget *parent, const QString &caption, const QString &dir, const QString &filter);
    // The native dialog asks before replacing an existing file.
    static QString saveFile(QWidget *parent, const QString &caption, const QString &dir, const QString &filter,
                            QString *selectedFilter = nullptr);

    static void setNextPath(const QString &path);
    // Not owned; must outlive every chooser (nullptr: folders not remembered).
    static void setSettings(Settings *settings);

private:
    static bool takePath(QString *path);
    static QString startFolder(const QString &dir);
    static QString remember(const QString &path);
};

} // namespace wb::gui
