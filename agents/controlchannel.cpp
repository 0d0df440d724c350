// SPDX-License-Identifier: GPL-3.0-or-later
#include "controlchannel.h"

#include "clock.h"
#include "netutil.h"

#include <cerrno>
#include <poll.h>
#include <sys/socket.h>

namespace wb::agent {

bool ControlChannel::sendLine(const json::Value &message, std::string *error)
{
    return sendRaw(json::serialize(message) + "\n", error);
}

bool ControlChannel::sendRaw(const std::string &text, std::string *error)
{
    return writeAll(m_fd, text.data(), text.size(), 10000, m_stop, error);
}

bool ControlChannel::lineReady()
{
    if (m_buffer.find('\n') != std::string::npos)
        return true;
    pollfd p{m_fd, POLLIN, 0};
    return ::poll(&p, 1, 0) > 0;
}

std::optional<json::Value> ControlChannel::readLine(int timeoutMs, std::string *error)
{
    const int64_t deadline = nowNs() + static_cast<int64_t>(timeoutMs) * 1000000;
    for (;;) {
        const size_t nl = m_buffer.find('\n');
        if (nl != std::string::npos) {
            std::string line = m_buffer.substr(0, nl);
            m_buffer.erase(0, nl + 1);
            json::ParseError perr;
            auto v = json::parse(line, &perr, {kMaxLine, 16});
            if (!v || !v->isObject()) {
                *error = "the peer agent sent a malformed control line (" + (v ? std::string("not an object")
                                                                                : perr.message) + ")";
                return std::nullopt;
            }
            return v;
        }
        if (m_buffer.size() > kMaxLine) {
            *error = "the peer agent sent an over-long control line";
            return std::nullopt;
        }
        const int left = static_cast<int>((deadline - nowNs()) / 1000000);
        if (waitFd(m_fd, false, left, m_stop) <= 0) {
            *error = m_stop ? "stopped" : "timed out waiting for the peer agent";
            return std::nullopt;
        }
        // Read only up to what a line can be; the peer sends nothing after a line
        // until we answer, so this never takes test data.
        char chunk[4096];
        const ssize_t n = ::recv(m_fd, chunk, sizeof chunk, MSG_DONTWAIT);
        if (n == 0) {
            *error = "the peer agent closed the connection";
            return std::nullopt;
        }
        if (n < 0) {
            if (errno == EAGAIN || errno == EINTR)
                continue;
            *error = "control connection failed: " + errnoText(errno);
            return std::nullopt;
        }
        m_buffer.append(chunk, static_cast<size_t>(n));
    }
}

} // namespace wb::agent
