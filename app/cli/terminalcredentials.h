// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "remote/credentialprovider.h"

#include <QString>

#include <fcntl.h>
#include <termios.h>
#include <unistd.h>

namespace wb::cli {

// Asks for a passphrase or password on the controlling terminal, without
// echo. No terminal (a script, CI): no answer, so the key is skipped.
class TerminalCredentials : public wb::CredentialProvider
{
public:
    void provide(const wb::CredentialRequest &request,
                 std::function<void(std::optional<QByteArray>)> reply) override
    {
        const int fd = ::open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC);
        if (fd < 0) {
            reply(std::nullopt);
            return;
        }
        const QByteArray prompt = (request.prompt.isEmpty() ? QStringLiteral("Secret") : request.prompt).toUtf8() + ": ";
        [[maybe_unused]] auto w = ::write(fd, prompt.constData(), static_cast<size_t>(prompt.size()));
        termios saved{};
        const bool haveTermios = ::tcgetattr(fd, &saved) == 0;
        if (haveTermios) {
            termios quiet = saved;
            quiet.c_lflag &= ~static_cast<tcflag_t>(ECHO);
            ::tcsetattr(fd, TCSAFLUSH, &quiet);
        }
        QByteArray secret;
        char c = 0;
        while (::read(fd, &c, 1) == 1 && c != '\n' && secret.size() < 4096)
            secret.append(c);
        if (haveTermios)
            ::tcsetattr(fd, TCSAFLUSH, &saved);
        [[maybe_unused]] auto nl = ::write(fd, "\n", 1);
        ::close(fd);
        reply(std::move(secret));
    }
};

} // namespace wb::cli
