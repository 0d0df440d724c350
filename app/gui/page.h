// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Base of every page in the main window's stack: a title for the navigation
// list and a heading, and a body each page fills with its own widgets.

#include <QIcon>
#include <QWidget>

class QLabel;
class QVBoxLayout;

namespace wb::gui {

class Page : public QWidget
{
    Q_OBJECT
public:
    Page(const QString &title, const QString &subtitle, QWidget *parent = nullptr);

    QString title() const { return m_title; }
    virtual QIcon icon() const = 0;

protected:
    // Pages add their content below the heading.
    QVBoxLayout *body() const { return m_body; }
    // A centred hint for a page that has nothing to show yet.
    QLabel *addEmptyState(const QString &text);

private:
    QString m_title;
    QVBoxLayout *m_body;
};

} // namespace wb::gui
