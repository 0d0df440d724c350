// SPDX-License-Identifier: GPL-3.0-or-later
#include "connectretry.h"

#include <algorithm>
#include <cmath>

namespace wb {

int ConnectRetry::delayMs(int retry, double unit, int alreadyWaitedMs) const
{
    const double base = firstDelayMs * std::pow(2.0, std::max(0, retry - 1));
    const double spread = std::clamp(jitter, 0.0, 1.0) * (2 * std::clamp(unit, 0.0, 1.0) - 1);
    const int wanted = int(std::lround(base * (1 + spread)));
    return std::clamp(wanted, 0, std::max(0, maxTotalDelayMs - alreadyWaitedMs));
}

bool ConnectRetry::mayRetry(int attemptsMade, int waitedMs) const
{
    return attemptsMade <= retries && waitedMs < maxTotalDelayMs;
}

int ConnectRetry::worstTotalDelayMs() const
{
    int total = 0;
    for (int r = 1; r <= retries; ++r)
        total += delayMs(r, 1.0, total);
    return total;
}

} // namespace wb
