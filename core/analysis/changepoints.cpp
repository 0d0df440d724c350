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

// The best split of v[from, to) with at least minSegment values each side:
// O(n²) with running sums of the within- and between-part distances.
Split bestSplit(const std::vector<double> &v, int from, int to, int minSegment)
{
    Split best;
    const int n = to - from;
    if (n < 2 * minSegment)
        return best;
    // d[i][j] = |v_i − v_j| is summed over rows; for each split τ keep
    //   within(left) = Σ_{i<k<τ}, within(right) = Σ_{τ≤j<k}, between = Σ_{i<τ≤j}.
    std::vector<double> rowTotal(n, 0.0); // Σ_j |v_i − v_j| over the whole segment
    double total = 0;                      // Σ_{i<k} over the whole segment
    for (int i = 0; i < n; ++i)
        for (int k = i + 1; k < n; ++k) {
            const double d = std::abs(v[from + i] - v[from + k]);
            rowTotal[i] += d;
            rowTotal[k] += d;
            total += d;
        }
    double withinLeft = 0, between = 0;
    // Moving value t from the right part to the left one.
    for (int t = 0; t < n - 1; ++t) {
        double toLeft = 0; // Σ_{i<t} |v_t − v_i|
        for (int i = 0; i < t; ++i)
            toLeft += std::abs(v[from + t] - v[from + i]);
        const double toRight = rowTotal[t] - toLeft;
        withinLeft += toLeft;
        between += toRight - toLeft;
        const int m = t + 1, r = n - m;
        if (m < minSegment || r < minSegment)
            continue;
        const double withinRight = total - withinLeft - between;
        const double e = 2.0 * between / (double(m) * r) - withinLeft / (m * (m - 1) / 2.0)
                         - withinRight / (r * (r - 1) / 2.0);
        const double q = double(m) * r / n * e;
        if (best.at < 0 || q > best.q)
            best = {from + m, q};
    }
    return best;
}

double mean(const std::vector<double> &v, int from, int to)
{
    return to > from ? std::accumulate(v.begin() + from, v.begin() + to, 0.0) / (to - from) : 0.0;
}

} // namespace

QList<ChangePoint> eDivisiveChangePoints(const QList<double> &values, const ChangePointOptions &options)
{
    const std::vector<double> v(values.begin(), values.end());
    const int minSegment = std::max(2, options.minSegment);
    std::mt19937_64 rng(options.seed);
    std::vector<int> cuts{0, int(v.size())}; // segment bounds, sorted
    QList<ChangePoint> out;
    std::vector<std::pair<int, double>> accepted;
    for (;;) {
        // The strongest split over every current segment.
        Split best;
        int segFrom = 0, segTo = 0;
        for (size_t s = 0; s + 1 < cuts.size(); ++s) {
            const Split split = bestSplit(v, cuts[s], cuts[s + 1], minSegment);
            if (split.at >= 0 && (best.at < 0 || split.q > best.q)) {
                best = split;
                segFrom = cuts[s];
                segTo = cuts[s + 1];
            }
        }
        if (best.at < 0)
            break;
        // Permutation test within that segment.
        std::vector<double> shuffled(v.begin() + segFrom, v.begin() + segTo);
        int asLarge = 0;
        for (int p = 0; p < options.permutations; ++p) {
            std::shuffle(shuffled.begin(), shuffled.end(), rng);
            const Split s = bestSplit(shuffled, 0, int(shuffled.size()), minSegment);
            asLarge += s.at >= 0 && s.q >= best.q ? 1 : 0;
        }
        const double pValue = (asLarge + 1.0) / (options.permutations + 1.0);
        if (pValue > options.alpha)
            break;
        accepted.push_back({best.at, pValue});
        cuts.insert(std::upper_bound(cuts.begin(), cuts.end(), best.at), best.at);
    }
    std::sort(accepted.begin(), accepted.end());
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

} // namespace wb::stats
