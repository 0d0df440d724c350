// SPDX-License-Identifier: GPL-3.0-or-later
#include "apppalette.h"

#include <QApplication>
#include <QStyle>
#include <QStyleFactory>

using namespace Qt::StringLiterals;

namespace wb::gui {

QPalette AppPalette::dark()
{
    QPalette p;
    const QColor window(0x2d, 0x2f, 0x33);
    const QColor base(0x1e, 0x20, 0x23);
    const QColor text(0xe6, 0xe6, 0xe6);
    const QColor disabled(0x80, 0x80, 0x80);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, QColor(0x27, 0x29, 0x2d));
    p.setColor(QPalette::ToolTipBase, QColor(0x3a, 0x3d, 0x42));
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, QColor(0xa0, 0xa0, 0xa0));
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, QColor(0x36, 0x39, 0x3e));
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, QColor(0xff, 0x6b, 0x6b));
    p.setColor(QPalette::Light, QColor(0x4a, 0x4d, 0x52));
    p.setColor(QPalette::Midlight, QColor(0x3e, 0x41, 0x46));
    p.setColor(QPalette::Mid, QColor(0x26, 0x28, 0x2b));
    p.setColor(QPalette::Dark, QColor(0x18, 0x19, 0x1b));
    p.setColor(QPalette::Shadow, Qt::black);
    p.setColor(QPalette::Highlight, QColor(0x3d, 0x7a, 0xc6));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Link, QColor(0x6c, 0xb4, 0xff));
    p.setColor(QPalette::LinkVisited, QColor(0xb3, 0x9d, 0xf0));
    for (QPalette::ColorRole role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, disabled);
    p.setColor(QPalette::Disabled, QPalette::Base, window);
    return p;
}

QPalette AppPalette::light()
{
    QStyle *fusion = QStyleFactory::create(u"Fusion"_s);
    const QPalette p = fusion ? fusion->standardPalette() : QPalette(QColor(0xef, 0xef, 0xef));
    delete fusion;
    return p;
}

namespace {
bool isDark(const QPalette &p)
{
    return p.color(QPalette::Base).lightness() < 128;
}
} // namespace

QColor AppPalette::errorColour(const QPalette &palette)
{
    return isDark(palette) ? QColor(0xff, 0x7b, 0x72) : QColor(0xc0, 0x39, 0x2b);
}

QColor AppPalette::warningColour(const QPalette &palette)
{
    return isDark(palette) ? QColor(0xe3, 0xb3, 0x41) : QColor(0x9a, 0x7d, 0x0a);
}

QString AppPalette::noticeStyleSheet(const QPalette &palette)
{
    const auto sheet = u"QLabel { background: %1; color: %2; border: 1px solid %3; border-radius: 3px; padding: 3px 6px; }"_s;
    return isDark(palette) ? sheet.arg(u"#3b3321"_s, u"#f2dc9b"_s, u"#6b5a2e"_s)
                           : sheet.arg(u"#fff4ce"_s, u"#5c4400"_s, u"#e8d9a0"_s);
}

bool AppPalette::apply(const QString &name, QString *error)
{
    const QString n = name.trimmed().toLower();
    if (n.isEmpty() || n == u"system"_s)
        return true;
    if (n != u"dark"_s && n != u"light"_s) {
        if (error)
            *error = u"unknown palette '%1': use dark, light or system"_s.arg(name);
        return false;
    }
    QApplication::setStyle(u"Fusion"_s);
    QApplication::setPalette(n == u"dark"_s ? dark() : light());
    return true;
}

} // namespace wb::gui
