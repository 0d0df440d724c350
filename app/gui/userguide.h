// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Help > User guide (F1): docs/user-guide.md where the package installs it
// (share/doc/wirebench beside the program's prefix, then /usr/share/doc),
// else the source tree's when run from a build. Opening goes through one
// seam so tests see the file that would open instead of a browser starting.

#include <QString>
#include <QStringList>
#include <QUrl>

#include <functional>

namespace wb::gui {

class UserGuide
{
public:
    // Where the guide is looked for, in order.
    static QStringList candidates();
    // The first candidate that exists; empty when none does.
    static QString path();
    // Opens the guide (the desktop's handler for .md files); false when no
    // guide is found or nothing opens it.
    static bool open();
    // Tests: what open() hands the URL to instead of QDesktopServices.
    static void setOpener(std::function<bool(const QUrl &)> opener);
};

} // namespace wb::gui
