// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Asks for an account password (SSH, later the database) without echo and,
// when a keychain is there, offers "Remember in the system keychain" (off
// unless the user ticks it). Opened window-modal with open(); the caller
// reads password() and remember() when it is accepted.

#include <QDialog>

class QCheckBox;
class QLabel;
class QLineEdit;

namespace wb::gui {

class PasswordDialog : public QDialog
{
    Q_OBJECT
public:
    explicit PasswordDialog(QWidget *parent = nullptr);

    void setPrompt(const QString &text);
    // Shown first, in bold, when a stored password was refused.
    void setWarning(const QString &text);
    // Empty: no keychain, no check box.
    void setRememberOffer(const QString &storeName);

    QByteArray password() const;
    bool remember() const;

private:
    QLabel *m_warning;
    QLabel *m_prompt;
    QLineEdit *m_password;
    QCheckBox *m_remember;
};

} // namespace wb::gui
