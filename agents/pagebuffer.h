// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Byte buffers for bulk socket data that start on a page boundary.
//
// The kernel copies socket data to and from user memory with one string
// copy, whose speed depends on the user address's alignment. glibc puts a
// large malloc (a std::vector<char> of 128 KiB or more) 16 bytes past a
// page boundary; measured on loopback (2-vCPU AMD EPYC, docs/perf/agent.md
// "Page-aligned buffers"), a tcp_stream receiver reading into such a
// buffer spent 0.40-0.60 CPU seconds per GB, 0.14-0.24 with the same
// buffer page-aligned, and bounded the test's rate. Every tcp_stream, file_transfer and udp_stream data
// buffer is one of these.

#include <cstddef>
#include <cstdlib>
#include <new>
#include <vector>

namespace wb::agent {

template <class T>
struct PageAllocator
{
    using value_type = T;
    static constexpr size_t kAlignment = 4096;

    PageAllocator() = default;
    template <class U>
    PageAllocator(const PageAllocator<U> &) noexcept
    {
    }

    T *allocate(size_t n)
    {
        const size_t bytes = (n * sizeof(T) + kAlignment - 1) / kAlignment * kAlignment;
        void *p = std::aligned_alloc(kAlignment, bytes == 0 ? kAlignment : bytes);
        if (!p)
            throw std::bad_alloc();
        return static_cast<T *>(p);
    }
    void deallocate(T *p, size_t) noexcept { std::free(p); }

    template <class U>
    bool operator==(const PageAllocator<U> &) const noexcept
    {
        return true;
    }
};

using PageBuffer = std::vector<char, PageAllocator<char>>;

// A stride for datagram slots packed in one buffer (udp_stream's batches):
// `bytes` rounded up to a cache line, so every slot starts aligned too.
inline size_t alignedStride(size_t bytes)
{
    return (bytes + 63) / 64 * 64;
}

} // namespace wb::agent
