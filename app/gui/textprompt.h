// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Every one-line text question of the desktop program (a shared database
// URL, its password) goes through here, so tests can answer them like
// MessageBox and FileDialog: setNextAnswer() makes the next call return that
// answer at once (std::nullopt is "cancelled") instead of showing a dialog.

#include <QString>

#include <optional>

class QWidget;

namespace wb::gui {

class TextPrompt
{
public:
    // `secret`: the typed text is not shown (passwords).
    static std::optional<QString> ask(QWidget *parent, const QString &title, const QString &label,
                                      const QString &text = {}, bool secret = false);

    static void setNextAnswer(std::optional<QString> answer);
    // The label of the last question asked or answered, for tests.
    static QString lastLabel();

private:
    static bool takeAnswer(std::optional<QString> *answer, const QString &label);
};

} // namespace wb::gui
