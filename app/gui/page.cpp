// SPDX-License-Identifier: GPL-3.0-or-later
#include "page.h"

#include <QLabel>
#include <QVBoxLayout>

namespace wb::gui {

Page::Page(const QString &title, const QString &subtitle, QWidget *parent)
    : QWidget(parent), m_title(title), m_body(new QVBoxLayout)
{
    auto *layout = new QVBoxLayout(this);
    auto *heading = new QLabel(title, this);
    QFont f = heading->font();
    f.setPointSizeF(f.pointSizeF() * 1.5);
    f.setBold(true);
    heading->setFont(f);
    heading->setObjectName(QStringLiteral("pageHeading"));
    auto *sub = new QLabel(subtitle, this);
    sub->setWordWrap(true);
    sub->setForegroundRole(QPalette::PlaceholderText);
    layout->addWidget(heading);
    layout->addWidget(sub);
    layout->addSpacing(6);
    layout->addLayout(m_body, 1);
}

QLabel *Page::addEmptyState(const QString &text)
{
    auto *label = new QLabel(text, this);
    label->setAlignment(Qt::AlignCenter);
    label->setWordWrap(true);
    label->setForegroundRole(QPalette::PlaceholderText);
    label->setObjectName(QStringLiteral("emptyState"));
    m_body->addStretch(1);
    m_body->addWidget(label);
    m_body->addStretch(2);
    return label;
}

} // namespace wb::gui
