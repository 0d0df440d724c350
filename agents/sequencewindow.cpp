// SPDX-License-Identifier: GPL-3.0-or-later
#include "sequencewindow.h"

namespace wb::agent {

SequenceWindow::SequenceWindow(uint64_t window) : m_bits((window + 63) / 64, 0), m_window(m_bits.size() * 64) {}

bool SequenceWindow::seen(uint64_t seq) const
{
    const uint64_t slot = seq % m_window;
    return (m_bits[slot / 64] >> (slot % 64)) & 1;
}

void SequenceWindow::mark(uint64_t seq, bool value)
{
    const uint64_t slot = seq % m_window;
    if (value)
        m_bits[slot / 64] |= uint64_t(1) << (slot % 64);
    else
        m_bits[slot / 64] &= ~(uint64_t(1) << (slot % 64));
}

SequenceWindow::Arrival SequenceWindow::add(uint64_t seq)
{
    if (seq >= m_next) {
        // Slots the window slides over are cleared: they now stand for the
        // numbers up to seq, none of which has arrived yet.
        const uint64_t gap = seq - m_next;
        if (gap >= m_window) {
            std::fill(m_bits.begin(), m_bits.end(), 0);
        } else {
            for (uint64_t s = m_next; s < seq; ++s)
                mark(s, false);
        }
        mark(seq, true);
        m_next = seq + 1;
        ++m_unique;
        return Arrival::New;
    }
    if (m_next - seq > m_window) {
        ++m_tooOld;
        return Arrival::TooOld;
    }
    if (seen(seq)) {
        ++m_duplicates;
        return Arrival::Duplicate;
    }
    mark(seq, true);
    ++m_unique;
    ++m_reordered;
    return Arrival::Reordered;
}

} // namespace wb::agent
