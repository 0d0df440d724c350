// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The desktop program's answers to the SSH layer's questions: an unknown
// host key (HostKeyPolicy) and a key passphrase or password
// (CredentialProvider, with "remember in the system keychain" for passwords
// when the SSH layer has a keychain). Window-modal dialogs over the run monitor, opened
// with open() (no nested event loop), that call the SSH layer back when the
// user answers. Called on the GUI thread, where the SSH transports live.

#include "config/credentialprovider.h"
#include "config/hostkeypolicy.h"

#include <QPointer>
#include <QWidget>

namespace wb::gui {

class DialogPrompter : public HostKeyPolicy, public CredentialProvider
{
public:
    explicit DialogPrompter(QWidget *parent);

    void decide(const HostKeyQuestion &question, std::function<void(HostKeyDecision)> reply) override;
    void provide(const CredentialRequest &request, std::function<void(CredentialAnswer)> reply) override;

private:
    QPointer<QWidget> m_parent;
};

} // namespace wb::gui
