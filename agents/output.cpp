// SPDX-License-Identifier: GPL-3.0-or-later
#include "output.h"

#include <cerrno>
#include <unistd.h>
#include <utility>

namespace wb::agent {

bool Output::send(const json::Value &message)
{
    std::string line = json::serialize(message);
    line += '\n';
    std::lock_guard lock(m_mutex);
    if (m_broken)
        return false;
    size_t done = 0;
    while (done < line.size()) {
        ssize_t n = ::write(m_fd, line.data() + done, line.size() - done);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            m_broken = true;
            return false;
        }
        done += static_cast<size_t>(n);
    }
    return true;
}

bool MemoryOutput::send(const json::Value &message)
{
    std::lock_guard lock(m_lock);
    m_lines.push_back(message);
    return true;
}

std::vector<json::Value> MemoryOutput::take()
{
    std::lock_guard lock(m_lock);
    return std::exchange(m_lines, {});
}

} // namespace wb::agent
