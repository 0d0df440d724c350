// SPDX-License-Identifier: GPL-3.0-or-later
#include "histogram.h"

#include <algorithm>
#include <bit>
#include <cmath>

namespace wb::agent {

namespace {
constexpr int kHalfBits = LatencyHistogram::kSubBucketBits - 1;
constexpr int64_t kHalfCount = int64_t{1} << kHalfBits;
constexpr int64_t kSubCount = int64_t{1} << LatencyHistogram::kSubBucketBits;
// Bucket b (b >= 1) holds [kSubCount << (b-1), kSubCount << b) in kHalfCount
// steps of width 1 << b; bucket 0 holds [0, kSubCount) exactly.
constexpr int kBuckets = 64 - std::countl_zero(static_cast<uint64_t>(LatencyHistogram::kMaxValue))
                         - LatencyHistogram::kSubBucketBits + 1;
constexpr size_t kSlots = static_cast<size_t>(kSubCount + (kBuckets - 1) * kHalfCount);
} // namespace

LatencyHistogram::LatencyHistogram() : m_counts(kSlots, 0) {}

size_t LatencyHistogram::indexFor(int64_t value)
{
    if (value < kSubCount)
        return static_cast<size_t>(value);
    const int bucket = (63 - std::countl_zero(static_cast<uint64_t>(value))) - LatencyHistogram::kSubBucketBits + 1;
    const int64_t sub = value >> bucket; // in [kHalfCount, kSubCount)
    return static_cast<size_t>(kSubCount + (bucket - 1) * kHalfCount + (sub - kHalfCount));
}

int64_t LatencyHistogram::lowestEquivalent(size_t index)
{
    if (index < static_cast<size_t>(kSubCount))
        return static_cast<int64_t>(index);
    const int64_t rest = static_cast<int64_t>(index) - kSubCount;
    const int bucket = static_cast<int>(rest / kHalfCount) + 1;
    const int64_t sub = rest % kHalfCount + kHalfCount;
    return sub << bucket;
}

int64_t LatencyHistogram::bucketWidth(size_t index)
{
    if (index < static_cast<size_t>(kSubCount))
        return 1;
    const int bucket = static_cast<int>((static_cast<int64_t>(index) - kSubCount) / kHalfCount) + 1;
    return int64_t{1} << bucket;
}

void LatencyHistogram::record(int64_t valueNs)
{
    if (valueNs < 0)
        valueNs = 0;
    if (valueNs > kMaxValue) {
        valueNs = kMaxValue;
        ++m_clamped;
    }
    ++m_counts[indexFor(valueNs)];
    if (m_count == 0 || valueNs < m_min)
        m_min = valueNs;
    if (m_count == 0 || valueNs > m_max)
        m_max = valueNs;
    ++m_count;
    const double v = static_cast<double>(valueNs);
    m_sum += v;
    m_sumSquares += v * v;
}

void LatencyHistogram::merge(const LatencyHistogram &other)
{
    if (other.m_count == 0)
        return;
    for (size_t i = 0; i < m_counts.size(); ++i)
        m_counts[i] += other.m_counts[i];
    m_min = m_count ? std::min(m_min, other.m_min) : other.m_min;
    m_max = m_count ? std::max(m_max, other.m_max) : other.m_max;
    m_count += other.m_count;
    m_clamped += other.m_clamped;
    m_sum += other.m_sum;
    m_sumSquares += other.m_sumSquares;
}

void LatencyHistogram::reset()
{
    std::fill(m_counts.begin(), m_counts.end(), 0);
    m_count = m_clamped = 0;
    m_min = m_max = 0;
    m_sum = m_sumSquares = 0;
}

double LatencyHistogram::mean() const
{
    return m_count ? m_sum / static_cast<double>(m_count) : 0.0;
}

double LatencyHistogram::stddev() const
{
    if (m_count < 2)
        return 0.0;
    const double n = static_cast<double>(m_count);
    const double var = (m_sumSquares - m_sum * m_sum / n) / n;
    return var > 0 ? std::sqrt(var) : 0.0;
}

int64_t LatencyHistogram::valueAtPercentile(double percentile) const
{
    if (m_count == 0)
        return 0;
    percentile = std::clamp(percentile, 0.0, 100.0);
    uint64_t wanted = static_cast<uint64_t>(std::ceil(percentile / 100.0 * static_cast<double>(m_count) - 1e-9));
    wanted = std::clamp<uint64_t>(wanted, 1, m_count);
    uint64_t seen = 0;
    for (size_t i = 0; i < m_counts.size(); ++i) {
        seen += m_counts[i];
        if (seen >= wanted) {
            const int64_t mid = lowestEquivalent(i) + bucketWidth(i) / 2;
            return std::clamp(mid, m_min, m_max);
        }
    }
    return m_max;
}

} // namespace wb::agent
