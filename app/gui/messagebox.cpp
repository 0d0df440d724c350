// SPDX-License-Identifier: GPL-3.0-or-later
#include "messagebox.h"

#include <QPushButton>

#include <optional>

namespace wb::gui {

namespace {
// GUI thread only, like the dialogs themselves.
std::optional<int> g_nextAnswer;
QString g_lastText;
int g_count = 0;
} // namespace

void MessageBox::setNextAnswer(int answer) { g_nextAnswer = answer; }
QString MessageBox::lastText() { return g_lastText; }
int MessageBox::dialogCount() { return g_count; }

bool MessageBox::takeAnswer(int *answer, const QString &text)
{
    g_lastText = text;
    ++g_count;
    if (!g_nextAnswer)
        return false;
    *answer = *g_nextAnswer;
    g_nextAnswer.reset();
    return true;
}

void MessageBox::critical(QWidget *parent, const QString &title, const QString &text)
{
    int answer = 0;
    if (!takeAnswer(&answer, text))
        QMessageBox::critical(parent, title, text);
}

void MessageBox::warning(QWidget *parent, const QString &title, const QString &text)
{
    int answer = 0;
    if (!takeAnswer(&answer, text))
        QMessageBox::warning(parent, title, text);
}

QMessageBox::StandardButton MessageBox::question(QWidget *parent, const QString &title, const QString &text,
                                                 QMessageBox::StandardButtons buttons,
                                                 QMessageBox::StandardButton defaultButton)
{
    int answer = 0;
    if (takeAnswer(&answer, text))
        return static_cast<QMessageBox::StandardButton>(answer);
    return QMessageBox::question(parent, title, text, buttons, defaultButton);
}

int MessageBox::choose(QWidget *parent, const QString &title, const QString &text, const QStringList &choices,
                       QMessageBox::Icon icon)
{
    int answer = -1;
    if (takeAnswer(&answer, text))
        return answer;
    QMessageBox box(icon, title, text, QMessageBox::NoButton, parent);
    QList<QAbstractButton *> buttons;
    for (const QString &c : choices)
        buttons.append(box.addButton(c, QMessageBox::AcceptRole));
    box.addButton(QMessageBox::Cancel);
    box.exec();
    return int(buttons.indexOf(box.clickedButton()));
}

} // namespace wb::gui
