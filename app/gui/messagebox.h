// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Every error and question dialog of the desktop program goes through here,
// so tests can answer them without a person: setNextAnswer() makes the next
// call return that answer at once instead of showing a dialog (the idea of
// KeePassXC's MessageBox::setNextAnswer). Product code never calls
// QMessageBox directly.

#include <QMessageBox>
#include <QString>
#include <QStringList>

namespace wb::gui {

class MessageBox
{
public:
    // A warning or error the user acknowledges.
    static void critical(QWidget *parent, const QString &title, const QString &text);
    static void warning(QWidget *parent, const QString &title, const QString &text);
    // A yes/no style question; returns the button pressed.
    static QMessageBox::StandardButton question(QWidget *parent, const QString &title, const QString &text,
                                                QMessageBox::StandardButtons buttons = QMessageBox::Yes |
                                                                                       QMessageBox::No,
                                                QMessageBox::StandardButton defaultButton = QMessageBox::No);
    // A choice between named actions; returns the index pressed, or -1 when
    // the dialog was closed without choosing.
    static int choose(QWidget *parent, const QString &title, const QString &text, const QStringList &choices,
                      QMessageBox::Icon icon = QMessageBox::Warning);

    // For tests: the next dialog returns this at once (a StandardButton for
    // question(), an index for choose(); ignored by critical/warning, which
    // then just record their text).
    static void setNextAnswer(int answer);
    // The text of the last dialog that was shown or answered, for tests.
    static QString lastText();
    static int dialogCount();

private:
    static bool takeAnswer(int *answer, const QString &text);
};

} // namespace wb::gui
