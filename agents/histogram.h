// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A latency histogram in the HdrHistogram layout: log-linear buckets with
// 2048 linear sub-buckets per power of two, so every recorded value is kept
// to better than 0.1 % while memory stays fixed (about 280 KiB) however
// many transactions a test makes. Mean, standard deviation, min and max are
// exact; percentiles come from the buckets.

#include <cstddef>
#include <cstdint>
#include <vector>

namespace wb::agent {

class LatencyHistogram
{
public:
    // Values are nanoseconds; anything above kMaxValue is clamped to it and
    // counted in clampedCount().
    static constexpr int kSubBucketBits = 11; // 2048 sub-buckets
    static constexpr int64_t kMaxValue = (int64_t{1} << 40) - 1; // ~18 minutes

    LatencyHistogram();

    void record(int64_t valueNs);
    void merge(const LatencyHistogram &other);
    void reset();

    uint64_t count() const { return m_count; }
    uint64_t clampedCount() const { return m_clamped; }
    int64_t min() const { return m_count ? m_min : 0; }
    int64_t max() const { return m_count ? m_max : 0; }
    double mean() const;
    double stddev() const;
    // The value below which `percentile` % of the recorded values fall, as
    // the midpoint of its bucket, kept within [min, max].
    int64_t valueAtPercentile(double percentile) const;
    size_t memoryBytes() const { return m_counts.size() * sizeof(uint64_t); }

private:
    static size_t indexFor(int64_t value);
    static int64_t lowestEquivalent(size_t index);
    static int64_t bucketWidth(size_t index);

    std::vector<uint64_t> m_counts;
    uint64_t m_count = 0;
    uint64_t m_clamped = 0;
    int64_t m_min = 0;
    int64_t m_max = 0;
    double m_sum = 0;
    double m_sumSquares = 0;
};

} // namespace wb::agent
