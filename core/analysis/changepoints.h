// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Change points in a history of measurements: E-Divisive means (Matteson
// and James, "A Nonparametric Approach for Multiple Change Point Analysis
// of Multivariate Data", JASA 2014), the method MongoDB's performance team
// used on noisy nightly figures (Daly et al., ICPE 2020; Apache Otava).
// Chosen because it assumes no distribution and no number of changes, is
// robust to the outliers a shared lab produces, and says how significant
// each change is through a permutation test rather than a threshold tuned
// by hand.
//
// The divergence of two adjacent segments X and Y is
//   Q = m·n/(m+n) · ( 2/(m·n) Σ|Xi−Yj| − Σ_{i<k}|Xi−Xk|/C(m,2) − Σ_{j<k}|Yj−Yk|/C(n,2) ),
// the series is split where Q is largest, and the split is kept when a
// permutation test (the segment's values shuffled) finds a Q as large in
// fewer than `alpha` of the shuffles; then each part is searched again.
//
// Cost: with |x − y| as the distance every sum above comes from the
// segment's sorted values (prefix sums for a value's distance to all
// others, a Fenwick tree over ranks for its distance to those before it),
// so one split search is O(n log n), not O(n²). A segment longer than 1000
// values gets proportionally fewer shuffles (at least 99), and a test stops
// as soon as enough shuffles beat the split for p to exceed alpha. A
// 10,000-value history takes well under a second (docs/perf/history.md).

#include <QList>

#include <cstdint>

namespace wb::stats {

struct ChangePointOptions
{
    double alpha = 0.05;      // largest p-value kept
    int permutations = 199;   // shuffles per test (p resolution 1/(N+1))
    int minSegment = 3;       // fewest values on either side of a change
    uint64_t seed = 1;        // the shuffles are reproducible
};

struct ChangePoint
{
    int index = 0;          // the first value after the change
    double meanBefore = 0;  // of the segment before (up to the previous change)
    double meanAfter = 0;   // of the segment after (up to the next change)
    double relativeChangePct = 0; // (after − before) / before × 100; 0 when before is 0
    double pValue = 1;
};

// The change points of `values` (in time order), by index.
QList<ChangePoint> eDivisiveChangePoints(const QList<double> &values, const ChangePointOptions &options = {});
// The change points of `values` when `known` were found in an earlier,
// shorter history: those stay as they are (their p-values too) and only the
// last segment, from the last known change to the end, is searched again.
// The means before and after are those of the new segments.
QList<ChangePoint> eDivisiveExtend(const QList<double> &values, const QList<ChangePoint> &known,
                                   const ChangePointOptions &options = {});

} // namespace wb::stats
