// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The desktop program's answer to CredentialPrompter: window-modal dialogs
// over the run monitor, opened with open() (no nested event loop), that call
// the SSH layer back when the user answers. Must be called on the GUI thread;
// the SSH layer queues its requests there.

#include "remote/credentialprompter.h"

#include <QPointer>
#include <QWidget>

namespace wb::gui {

class DialogPrompter : public CredentialPrompter
{
public:
    explicit DialogPrompter(QWidget *parent);

    void askHostKey(const QString &host, int port, const QString &keyType, const QString &sha256Fingerprint,
                    std::function<void(HostKeyAnswer)> reply) override;
    void askPassphrase(const QString &host, const QString &keyFile,
                       std::function<void(std::optional<QString>)> reply) override;

private:
    QPointer<QWidget> m_parent;
};

} // namespace wb::gui
