// SPDX-License-Identifier: GPL-3.0-or-later
#include "passworddialog.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace wb::gui {

PasswordDialog::PasswordDialog(QWidget *parent)
    : QDialog(parent)
    , m_warning(new QLabel)
    , m_prompt(new QLabel)
    , m_password(new QLineEdit)
    , m_remember(new QCheckBox)
{
    setWindowTitle(tr("Password"));
    m_warning->setObjectName(u"warning"_s);
    m_warning->setWordWrap(true);
    m_warning->setVisible(false);
    QFont bold = m_warning->font();
    bold.setBold(true);
    m_warning->setFont(bold);
    m_prompt->setWordWrap(true);
    m_password->setObjectName(u"password"_s);
    m_password->setEchoMode(QLineEdit::Password);
    m_remember->setObjectName(u"remember"_s);
    m_remember->setVisible(false);
    m_remember->setChecked(false);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_warning);
    layout->addWidget(m_prompt);
    layout->addWidget(m_password);
    layout->addWidget(m_remember);
    layout->addWidget(buttons);
    m_password->setFocus();
}

void PasswordDialog::setPrompt(const QString &text)
{
    m_prompt->setText(text);
}

void PasswordDialog::setWarning(const QString &text)
{
    m_warning->setText(text);
    m_warning->setVisible(!text.isEmpty());
}

void PasswordDialog::setRememberOffer(const QString &storeName)
{
    m_remember->setText(tr("Remember in %1").arg(storeName));
    m_remember->setToolTip(tr("Stored there only after the host accepted it, and removed again if the host "
                              "refuses it later. Wirebench itself never saves the password."));
    m_remember->setVisible(!storeName.isEmpty());
    if (storeName.isEmpty())
        m_remember->setChecked(false);
}

QByteArray PasswordDialog::password() const
{
    return m_password->text().toUtf8();
}

bool PasswordDialog::remember() const
{
    return !m_remember->isHidden() && m_remember->isChecked();
}

} // namespace wb::gui
