// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The agent-to-agent control conversation on a test's TCP connection: the
// token line, one JSON header each way, and the closing statistics. Lines are
// strictly request/response, so the small read buffer never swallows test
// data that follows on the same socket.

#include "json.h"

#include <atomic>
#include <optional>
#include <string>

namespace wb::agent {

class ControlChannel
{
public:
    static constexpr size_t kMaxLine = 256 * 1024;

    ControlChannel(int fd, const std::atomic<bool> &stop) : m_fd(fd), m_stop(stop) {}

    int fd() const { return m_fd; }
    bool sendLine(const json::Value &message, std::string *error);
    bool sendRaw(const std::string &text, std::string *error);
    // Reads one JSON object line within timeoutMs.
    std::optional<json::Value> readLine(int timeoutMs, std::string *error);
    // True when a whole line or EOF is waiting (non-blocking check).
    bool lineReady();
    bool bufferEmpty() const { return m_buffer.empty(); }

private:
    int m_fd;
    const std::atomic<bool> &m_stop;
    std::string m_buffer;
};

} // namespace wb::agent
