// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A fast 64-bit checksum of a byte stream that does not depend on how the
// stream was cut into chunks (the sender hashes file reads, the receiver
// socket reads). Four independent multiply-rotate lanes over 32-byte
// stripes, in the manner of xxHash64, so it keeps up with a 10 Gbit/s
// transfer on one core. Detects corruption; it is not a cryptographic MAC.

#include <cstddef>
#include <cstdint>
#include <string>

namespace wb::agent {

class StreamChecksum
{
public:
    void update(const void *data, size_t len);
    uint64_t value() const;
    std::string hex() const;
    uint64_t length() const { return m_length; }

private:
    void stripe(const unsigned char *p);

    uint64_t m_lane[4] = {0x9E3779B185EBCA87ULL, 0xC2B2AE3D27D4EB4FULL, 0x165667B19E3779F9ULL,
                          0x85EBCA77C2B2AE63ULL};
    unsigned char m_tail[32] = {};
    size_t m_tailLen = 0;
    uint64_t m_length = 0;
};

} // namespace wb::agent
