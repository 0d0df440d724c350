// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Every file chooser of the desktop program goes through here, so tests can
// answer them like MessageBox: setNextPath() makes the next call return that
// path at once (an empty path is "cancelled") instead of showing a dialog.

#include <QString>

class QWidget;

namespace wb::gui {

class FileDialog
{
public:
    static QString openFile(QWidget *parent, const QString &caption, const QString &dir, const QString &filter);
    // The native dialog asks before replacing an existing file.
    static QString saveFile(QWidget *parent, const QString &caption, const QString &dir, const QString &filter,
                            QString *selectedFilter = nullptr);

    static void setNextPath(const QString &path);

private:
    static bool takePath(QString *path);
};

} // namespace wb::gui
