// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "config/credentialprovider.h"

#include <QString>
#include <fcntl.h>
#include <termios.h>
#include <unistd.h>

namespace wb::cli {

// Asks for a passphrase or password on the controlling terminal, without
// echo, and for a password whether to remember it in the system keychain
// (default no). No terminal (a script, CI): no answer, so the key or
// password is skipped.
class TerminalCredentials : public wb::CredentialProvider
{
public:
    void provide(
        const wb::CredentialRequest &request, std::function<void(wb::CredentialAnswer)> reply) override
    {
        const int fd = ::open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC);
        if (fd < 0) {
            reply(std::nullopt);
            return;
        }
        if (request.storedPasswordRefused)
            say(fd,
                QStringLiteral("The password stored in %1 for %2 was refused; it has been removed.\n")
                    .arg(request.offerRememberIn, request.account)
                    .toUtf8());
        // Echo goes off before the prompt appears: whatever is typed once it
        // shows is never echoed (nor discarded by the flush).
        termios saved {};
        const bool haveTermios = ::tcgetattr(fd, &saved) == 0;
        if (haveTermios) {
            termios quiet = saved;
            quiet.c_lflag &= ~static_cast<tcflag_t>(ECHO);
            ::tcsetattr(fd, TCSAFLUSH, &quiet);
        }
        say(fd, (request.prompt.isEmpty() ? QStringLiteral("Secret") : request.prompt).toUtf8() + ": ");
        QByteArray secret = readLine(fd);
        if (haveTermios)
            ::tcsetattr(fd, TCSANOW, &saved);
        say(fd, "\n");
        bool remember = false;
        if (request.offerRemember && !secret.isEmpty()) {
            say(fd,
                QStringLiteral("Remember the password for %1 in %2? [y/N] ")
                    .arg(request.account, request.offerRememberIn)
                    .toUtf8());
            const QByteArray yes = readLine(fd).trimmed().toLower();
            remember = yes == "y" || yes == "yes";
        }
        ::close(fd);
        reply(wb::CredentialAnswer(std::move(secret), remember));
    }

private:
    static void say(int fd, const QByteArray &text)
    {
        [[maybe_unused]] auto w = ::write(fd, text.constData(), static_cast<size_t>(text.size()));
    }
    static QByteArray readLine(int fd)
    {
        QByteArray line;
        char c = 0;
        while (::read(fd, &c, 1) == 1 && c != '\n' && line.size() < 4096)
            line.append(c);
        if (line.endsWith('\r'))
            line.chop(1);
        return line;
    }
};

} // namespace wb::cli
