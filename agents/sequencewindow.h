// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Which sequence numbers of a datagram stream have arrived, over a sliding
// window: so a copy of a datagram already counted is a duplicate (and never
// makes up for a lost one), and one that arrives after a later one is
// reordered (and counted as received, not as lost). Loss is then exact:
// highest sequence + 1 minus the distinct datagrams that arrived.

#include <algorithm>
#include <cstdint>
#include <vector>

namespace wb::agent {

class SequenceWindow
{
public:
    enum class Arrival { New, Reordered, Duplicate, TooOld };

    // `window` sequence numbers behind the highest are remembered.
    explicit SequenceWindow(uint64_t window = kDefaultWindow);

    Arrival add(uint64_t seq);
    // Whether seq has arrived (false once it is older than the window).
    bool contains(uint64_t seq) const { return seq < m_next && m_next - seq <= m_window && seen(seq); }

    uint64_t expected() const { return m_next; }  // highest sequence seen + 1
    uint64_t received() const { return m_unique; } // distinct datagrams
    uint64_t duplicates() const { return m_duplicates; }
    uint64_t reordered() const { return m_reordered; }
    // Older than the window: cannot be told from a duplicate, so not counted
    // as received (it shows as loss, the safe side).
    uint64_t tooOld() const { return m_tooOld; }

    static constexpr uint64_t kDefaultWindow = 1 << 16;

private:
    bool seen(uint64_t seq) const;
    void mark(uint64_t seq, bool value);

    std::vector<uint64_t> m_bits;
    uint64_t m_window;
    uint64_t m_next = 0;
    uint64_t m_unique = 0;
    uint64_t m_duplicates = 0;
    uint64_t m_reordered = 0;
    uint64_t m_tooOld = 0;
};

} // namespace wb::agent
