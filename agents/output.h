// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Serialises protocol messages to the controller. Test threads stream samples
// while the main loop answers requests, so every line is written whole under
// one lock.

#include "json.h"

#include <mutex>
#include <string>

namespace wb::agent {

class Output
{
public:
    explicit Output(int fd) : m_fd(fd) {}
    virtual ~Output() = default;
    Output(const Output &) = delete;
    Output &operator=(const Output &) = delete;

    // Writes one JSON line. Returns false once the controller has gone away.
    virtual bool send(const json::Value &message);

private:
    std::mutex m_mutex;
    int m_fd;
    bool m_broken = false;
};

// Collects lines in memory; for tests and for the standalone mode.
class MemoryOutput : public Output
{
public:
    MemoryOutput() : Output(-1) {}
    bool send(const json::Value &message) override;
    std::vector<json::Value> take();

private:
    std::mutex m_lock;
    std::vector<json::Value> m_lines;
};

} // namespace wb::agent
