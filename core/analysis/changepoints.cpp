// SPDX-License-Identifier: GPL-3.0-or-later
#include "changepoints.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>
#include <vector>

namespace wb::stats {

namespace {

struct Split
{
    int at = -1;     // index of the first value of the right part
    double q = 0;
};

// One segment's values, sorted once: every sum of |v_i − v_j| the split
// search needs comes from ranks and prefix sums of the sorted values, and a
// shuffle of the segment is a shuffle of its ranks.
class Segment
{
public:
    Segment(const std::vector<double> &v, int from, int to) : m_n(to - from), m_sorted(v.begin() + from, v.begin() + to)
    {
        std::vector<int> order(m_n);
        std::iota(order.begin(), order.end(), 0);
        std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return v[from + a] < v[from + b]; });
        m_ranks.resize(m_n);
        for (int r = 0; r < m_n; ++r) {
            m_ranks[order[r]] = r;
            m_sorted[r] = v[from + order[r]];
        }
        std::vector<double> prefix(m_n + 1, 0.0);
        for (int r = 0; r < m_n; ++r)
            prefix[r + 1] = prefix[r] + m_sorted[r];
        // Σ_j |x_r − x_j| for the value of rank r, and Σ_{i<k} over all.
        m_rowTotal.resize(m_n);
        for (int r = 0; r < m_n; ++r) {
            const double x = m_sorted[r];
            m_rowTotal[r] = x * r - prefix[r] + (prefix[m_n] - prefix[r + 1]) - x * (m_n - r - 1);
            m_total += x * (2.0 * r - m_n + 1);
        }
        m_count.assign(m_n + 1, 0);
        m_sum.assign(m_n + 1, 0.0);
    }

    int size() const { return m_n; }
    const std::vector<int> &ranks() const { return m_ranks; }

    // The best split of the values in the order `ranks` gives, with at
    // least minSegment values on each side: O(n log n), a Fenwick tree over
    // the ranks giving each value's distance to those before it.
    Split best(const std::vector<int> &ranks, int minSegment)
    {
        Split best;
        const int n = m_n;
        if (n < 2 * minSegment)
            return best;
        std::fill(m_count.begin(), m_count.end(), 0);
        std::fill(m_sum.begin(), m_sum.end(), 0.0);
        double withinLeft = 0, between = 0, leftSum = 0;
        for (int t = 0; t < n - 1; ++t) {
            const int r = ranks[t];
            const double x = m_sorted[r];
            int below = 0;
            double belowSum = 0;
            for (int i = r; i > 0; i -= i & -i) { // ranks < r inserted so far
                below += m_count[i];
                belowSum += m_sum[i];
            }
            const double toLeft = x * below - belowSum + (leftSum - belowSum) - x * (t - below);
            for (int i = r + 1; i <= n; i += i & -i) {
                ++m_count[i];
                m_sum[i] += x;
            }
            leftSum += x;
            withinLeft += toLeft;
            between += m_rowTotal[r] - 2 * toLeft;
            const int m = t + 1, rest = n - m;
            if (m < minSegment || rest < minSegment)
                continue;
            const double withinRight = m_total - withinLeft - between;
            const double e = 2.0 * between / (double(m) * rest) - withinLeft / (m * (m - 1) / 2.0)
                             - withinRight / (rest * (rest - 1) / 2.0);
            const double q = double(m) * rest / n * e;
            if (best.at < 0 || q > best.q)
                best = {m, q};
        }
        return best;
    }

private:
    int m_n = 0;
    std::vector<double> m_sorted;
    std::vector<int> m_ranks;     // rank of each value, in segment order
    std::vector<double> m_rowTotal;
    double m_total = 0;
    std::vector<int> m_count;     // Fenwick trees over ranks (1-based)
    std::vector<double> m_sum;
};

double mean(const std::vector<double> &v, int from, int to)
{
    return to > from ? std::accumulate(v.begin() + from, v.begin() + to, 0.0) / (to - from) : 0.0;
}

// How many shuffles a segment of n values gets: all of them up to
// kLongSegment values, then fewer (never below kFewestPermutations, which
// still resolves p to 0.01), so a long quiet history costs about as much as
// a short one.
constexpr int kLongSegment = 1000;
constexpr int kFewestPermutations = 99;

int permutationsFor(int n, const ChangePointOptions &options)
{
    if (n <= kLongSegment || options.permutations <= kFewestPermutations)
        return options.permutations;
    return std::max(kFewestPermutations, int(double(options.permutations) * kLongSegment / n));
}

// The permutation test of a split: shuffles until the answer is known. It
// stops early once as many shuffles beat the split as make p exceed alpha
// (the decision cannot change after that).
double permutationPValue(Segment &segment, double q, int minSegment, const ChangePointOptions &options,
                         std::mt19937_64 &rng)
{
    std::vector<int> ranks = segment.ranks();
    const int permutations = permutationsFor(segment.size(), options);
    const double give = options.alpha * (permutations + 1.0); // asLarge + 1 above this: not significant
    int asLarge = 0, done = 0;
    while (done < permutations) {
        std::shuffle(ranks.begin(), ranks.end(), rng);
        const Split s = segment.best(ranks, minSegment);
        ++done;
        asLarge += s.at >= 0 && s.q >= q ? 1 : 0;
        if (asLarge + 1.0 > give)
            return (asLarge + 1.0) / (done + 1.0);
    }
    return (asLarge + 1.0) / (permutations + 1.0);
}

// E-Divisive over v: `known` change points (by index, with p-values) stay;
// only the segments from `searchFrom` on are searched.
QList<ChangePoint> detect(const std::vector<double> &v, std::vector<std::pair<int, double>> accepted, int searchFrom,
                          const ChangePointOptions &options)
{
    const int minSegment = std::max(2, options.minSegment);
    std::mt19937_64 rng(options.seed);
    std::vector<int> cuts{0, int(v.size())}; // segment bounds, sorted
    for (const auto &[at, p] : accepted)
        cuts.insert(std::upper_bound(cuts.begin(), cuts.end(), at), at);
    // Each searchable segment's best split, kept until the segment is cut.
    struct Candidate
    {
        int from, to;
        Split split;
    };
    std::vector<Candidate> candidates;
    auto search = [&](int from, int to) {
        Segment segment(v, from, to);
        std::vector<int> ranks = segment.ranks();
        Split s = segment.best(ranks, minSegment);
        if (s.at >= 0)
            s.at += from;
        candidates.push_back({from, to, s});
    };
    for (size_t s = 0; s + 1 < cuts.size(); ++s)
        if (cuts[s] >= searchFrom)
            search(cuts[s], cuts[s + 1]);
    for (;;) {
        auto best = candidates.end();
        for (auto it = candidates.begin(); it != candidates.end(); ++it)
            if (it->split.at >= 0 && (best == candidates.end() || it->split.q > best->split.q))
                best = it;
        if (best == candidates.end())
            break;
        const Candidate chosen = *best;
        Segment segment(v, chosen.from, chosen.to);
        const double pValue = permutationPValue(segment, chosen.split.q, minSegment, options, rng);
        if (pValue > options.alpha)
            break;
        accepted.push_back({chosen.split.at, pValue});
        cuts.insert(std::upper_bound(cuts.begin(), cuts.end(), chosen.split.at), chosen.split.at);
        candidates.erase(best);
        search(chosen.from, chosen.split.at);
        search(chosen.split.at, chosen.to);
    }
    std::sort(accepted.begin(), accepted.end());
    QList<ChangePoint> out;
    for (const auto &[at, p] : accepted) {
        const auto it = std::lower_bound(cuts.begin(), cuts.end(), at);
        const int before = *(it - 1), after = *(it + 1);
        ChangePoint c;
        c.index = at;
        c.meanBefore = mean(v, before, at);
        c.meanAfter = mean(v, at, after);
        c.relativeChangePct = c.meanBefore != 0 ? (c.meanAfter - c.meanBefore) / std::abs(c.meanBefore) * 100.0 : 0.0;
        c.pValue = p;
        out.append(c);
    }
    return out;
}

} // namespace

QList<ChangePoint> eDivisiveChangePoints(const QList<double> &values, const ChangePointOptions &options)
{
    return detect(std::vector<double>(values.begin(), values.end()), {}, 0, options);
}

QList<ChangePoint> eDivisiveExtend(const QList<double> &values, const QList<ChangePoint> &known,
                                   const ChangePointOptions &options)
{
    std::vector<std::pair<int, double>> accepted;
    int last = 0;
    for (const ChangePoint &c : known)
        if (c.index > 0 && c.index < values.size()) {
            accepted.push_back({c.index, c.pValue});
            last = std::max(last, c.index);
        }
    return detect(std::vector<double>(values.begin(), values.end()), accepted, last, options);
}

} // namespace wb::stats
