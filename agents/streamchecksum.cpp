// SPDX-License-Identifier: GPL-3.0-or-later
#include "streamchecksum.h"

#include <algorithm>
#include <cstdio>
#include <cstring>

namespace wb::agent {

namespace {
constexpr uint64_t kP1 = 0x9E3779B185EBCA87ULL;
constexpr uint64_t kP2 = 0xC2B2AE3D27D4EB4FULL;

inline uint64_t rotl(uint64_t x, int r)
{
    return (x << r) | (x >> (64 - r));
}

inline uint64_t load64(const unsigned char *p)
{
    uint64_t v;
    std::memcpy(&v, p, 8);
    return v;
}

inline uint64_t round(uint64_t acc, uint64_t input)
{
    acc += input * kP2;
    acc = rotl(acc, 31);
    return acc * kP1;
}
} // namespace

void StreamChecksum::stripe(const unsigned char *p)
{
    m_lane[0] = round(m_lane[0], load64(p));
    m_lane[1] = round(m_lane[1], load64(p + 8));
    m_lane[2] = round(m_lane[2], load64(p + 16));
    m_lane[3] = round(m_lane[3], load64(p + 24));
}

void StreamChecksum::update(const void *data, size_t len)
{
    const auto *p = static_cast<const unsigned char *>(data);
    m_length += len;
    if (m_tailLen) {
        const size_t take = std::min(len, 32 - m_tailLen);
        std::memcpy(m_tail + m_tailLen, p, take);
        m_tailLen += take;
        p += take;
        len -= take;
        if (m_tailLen < 32)
            return;
        stripe(m_tail);
        m_tailLen = 0;
    }
    while (len >= 32) {
        stripe(p);
        p += 32;
        len -= 32;
    }
    std::memcpy(m_tail, p, len);
    m_tailLen = len;
}

uint64_t StreamChecksum::value() const
{
    uint64_t h = rotl(m_lane[0], 1) + rotl(m_lane[1], 7) + rotl(m_lane[2], 12) + rotl(m_lane[3], 18);
    h ^= m_length * kP1;
    for (size_t i = 0; i < m_tailLen; ++i)
        h = rotl(h ^ (m_tail[i] * kP2), 11) * kP1;
    h ^= h >> 33;
    h *= kP2;
    h ^= h >> 29;
    return h;
}

std::string StreamChecksum::hex() const
{
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(value()));
    return buf;
}

} // namespace wb::agent
