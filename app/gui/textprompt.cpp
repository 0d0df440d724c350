// SPDX-License-Identifier: GPL-3.0-or-later
#include "textprompt.h"

#include <QInputDialog>
#include <QLineEdit>

namespace wb::gui {

namespace {
bool s_haveAnswer = false;
std::optional<QString> s_answer;
QString s_lastLabel;
} // namespace

std::optional<QString> TextPrompt::ask(QWidget *parent, const QString &title, const QString &label,
                                       const QString &text, bool secret)
{
    std::optional<QString> answer;
    if (takeAnswer(&answer, label))
        return answer;
    bool ok = false;
    const QString typed = QInputDialog::getText(parent, title, label, secret ? QLineEdit::Password : QLineEdit::Normal,
                                                text, &ok);
    if (!ok)
        return std::nullopt;
    return typed;
}

void TextPrompt::setNextAnswer(std::optional<QString> answer)
{
    s_haveAnswer = true;
    s_answer = std::move(answer);
}

QString TextPrompt::lastLabel()
{
    return s_lastLabel;
}

bool TextPrompt::takeAnswer(std::optional<QString> *answer, const QString &label)
{
    s_lastLabel = label;
    if (!s_haveAnswer)
        return false;
    s_haveAnswer = false;
    *answer = std::move(s_answer);
    s_answer.reset();
    return true;
}

} // namespace wb::gui
