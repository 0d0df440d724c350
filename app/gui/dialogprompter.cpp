// SPDX-License-Identifier: GPL-3.0-or-later
#include "dialogprompter.h"

#include "passworddialog.h"

#include <QInputDialog>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>

namespace wb::gui {

DialogPrompter::DialogPrompter(QWidget *parent) : m_parent(parent) {}

void DialogPrompter::decide(const HostKeyQuestion &question, std::function<void(HostKeyDecision)> reply)
{
    auto *box = new QMessageBox(
        QMessageBox::Question, QObject::tr("Unknown host key"),
        QObject::tr("The SSH server of %1 (%2) is not known yet. Its %3 key has the fingerprint\n\n%4\n\n"
                    "Compare it with the host's own (ssh-keygen -lf on its host key) before you trust it.")
            .arg(question.host, question.knownHostsName, question.keyType, question.sha256Fingerprint),
        QMessageBox::NoButton, m_parent);
    QPushButton *always = box->addButton(QObject::tr("Trust and remember"), QMessageBox::AcceptRole);
    QPushButton *once = box->addButton(QObject::tr("Trust this time"), QMessageBox::AcceptRole);
    box->addButton(QObject::tr("Refuse"), QMessageBox::RejectRole);
    box->setAttribute(Qt::WA_DeleteOnClose);
    QObject::connect(box, &QMessageBox::finished, box, [box, always, once, reply = std::move(reply)] {
        const QAbstractButton *clicked = box->clickedButton();
        reply(clicked == always ? HostKeyDecision::TrustAlways
              : clicked == once ? HostKeyDecision::TrustOnce
                                : HostKeyDecision::Refuse);
    });
    box->open();
}

void DialogPrompter::provide(const CredentialRequest &request, std::function<void(CredentialAnswer)> reply)
{
    if (request.kind == CredentialRequest::Kind::Password) {
        auto *dialog = new PasswordDialog(m_parent);
        dialog->setPrompt(request.prompt.isEmpty() ? QObject::tr("Password for %1:").arg(request.host)
                                                   : request.prompt + u':');
        if (request.storedPasswordRefused)
            dialog->setWarning(QObject::tr("%1 refused the password stored in %2; it has been removed.")
                                   .arg(request.account, request.offerRememberIn));
        dialog->setRememberOffer(request.offerRemember ? request.offerRememberIn : QString());
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        QObject::connect(dialog, &QDialog::finished, dialog, [dialog, reply = std::move(reply)](int result) {
            if (result == QDialog::Accepted)
                reply(CredentialAnswer(dialog->password(), dialog->remember()));
            else
                reply(std::nullopt);
        });
        dialog->open();
        return;
    }
    auto *dialog = new QInputDialog(m_parent);
    dialog->setWindowTitle(request.kind == CredentialRequest::Kind::Password ? QObject::tr("Password")
                                                                             : QObject::tr("Key passphrase"));
    dialog->setLabelText(request.prompt.isEmpty() ? QObject::tr("Secret for %1:").arg(request.host) : request.prompt);
    dialog->setTextEchoMode(QLineEdit::Password);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    QObject::connect(dialog, &QInputDialog::finished, dialog, [dialog, reply = std::move(reply)](int result) {
        if (result == QDialog::Accepted)
            reply(dialog->textValue().toUtf8());
        else
            reply(std::nullopt);
    });
    dialog->open();
}

} // namespace wb::gui
