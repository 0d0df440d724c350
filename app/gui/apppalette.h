// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The colour schemes the desktop program offers besides the system's: a
// Fusion dark and a Fusion light palette, chosen with `wirebench --palette`
// or WIREBENCH_PALETTE. Pages, charts and the topology view take their
// colours from the application palette, so they follow whichever is active.

#include <QColor>
#include <QPalette>
#include <QString>

namespace wb::gui {

class AppPalette
{
public:
    static QPalette dark();
    static QPalette light();
    // Applies "dark", "light" or "system" (the platform's, unchanged) to the
    // application, with the Fusion style for the first two. False with a
    // message for any other name.
    static bool apply(const QString &name, QString *error);
    // Text colours for errors and warnings that read well on the palette's
    // background: deep red and amber on light, lighter tones on dark.
    static QColor errorColour(const QPalette &palette);
    static QColor warningColour(const QPalette &palette);
    // A style sheet for a QLabel that is a notice banner (which database a
    // page reads): pale yellow on light, a dim amber with light text on dark.
    static QString noticeStyleSheet(const QPalette &palette);
};

} // namespace wb::gui
