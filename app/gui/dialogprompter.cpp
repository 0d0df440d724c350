// SPDX-License-Identifier: GPL-3.0-or-later
#include "dialogprompter.h"

#include <QInputDialog>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>

namespace wb::gui {

DialogPrompter::DialogPrompter(QWidget *parent) : m_parent(parent) {}

void DialogPrompter::askHostKey(const QString &host, int port, const QString &keyType,
                                const QString &sha256Fingerprint, std::function<void(HostKeyAnswer)> reply)
{
    auto *box = new QMessageBox(QMessageBox::Question, QObject::tr("Unknown host key"),
                                QObject::tr("The SSH server %1 (port %2) is not known yet. Its %3 key has the "
                                            "fingerprint\n\n%4\n\nCompare it with the fingerprint on the host "
                                            "(ssh-keygen -lf /etc/ssh/ssh_host_%5_key.pub) before you trust it.")
                                    .arg(host)
                                    .arg(port)
                                    .arg(keyType, sha256Fingerprint, keyType.toLower()),
                                QMessageBox::NoButton, m_parent);
    QPushButton *remember = box->addButton(QObject::tr("Trust and remember"), QMessageBox::AcceptRole);
    QPushButton *once = box->addButton(QObject::tr("Trust this time"), QMessageBox::AcceptRole);
    box->addButton(QObject::tr("Reject"), QMessageBox::RejectRole);
    box->setAttribute(Qt::WA_DeleteOnClose);
    QObject::connect(box, &QMessageBox::finished, box, [box, remember, once, reply = std::move(reply)] {
        const QAbstractButton *clicked = box->clickedButton();
        reply(clicked == remember ? HostKeyAnswer::AcceptAndRemember
              : clicked == once   ? HostKeyAnswer::AcceptOnce
                                  : HostKeyAnswer::Reject);
    });
    box->open();
}

void DialogPrompter::askPassphrase(const QString &host, const QString &keyFile,
                                   std::function<void(std::optional<QString>)> reply)
{
    auto *dialog = new QInputDialog(m_parent);
    dialog->setWindowTitle(QObject::tr("Key passphrase"));
    dialog->setLabelText(QObject::tr("Passphrase for %1 (to log in to %2):").arg(keyFile, host));
    dialog->setTextEchoMode(QLineEdit::Password);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    QObject::connect(dialog, &QInputDialog::finished, dialog, [dialog, reply = std::move(reply)](int result) {
        if (result == QDialog::Accepted)
            reply(dialog->textValue());
        else
            reply(std::nullopt);
    });
    dialog->open();
}

} // namespace wb::gui
