// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Monotonic time in nanoseconds and seconds: the one clock every test
// measures with (vDSO, no system call on the hot paths).

#include <cstdint>
#include <ctime>

namespace wb::agent {

inline int64_t nowNs()
{
    timespec ts{};
    ::clock_gettime(CLOCK_MONOTONIC, &ts);
    return static_cast<int64_t>(ts.tv_sec) * 1000000000LL + ts.tv_nsec;
}

// CPU time the calling thread has used, user and system.
inline int64_t threadCpuNs()
{
    timespec ts{};
    ::clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<int64_t>(ts.tv_sec) * 1000000000LL + ts.tv_nsec;
}

inline double nsToS(int64_t ns)
{
    return static_cast<double>(ns) / 1e9;
}

} // namespace wb::agent
