// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A grouped comparison: one metric over the runs a filter selects, grouped
// by an inventory attribute as it was at run time, a parameter or a run
// field; per group mean, standard deviation, count and confidence interval.

#include "runfilter.h"

#include <QString>
#include <QVariant>

namespace wb {

struct ComparisonQuery
{
    RunFilter filter; // kind, dates, hosts...; status defaults to finished
    QString metric;   // e.g. "throughput_bps"
    QString side;     // "client", "server" or "" (whole-test)
    // What to group by:
    //   ""                        one group
    //   "param.NAME"              a test parameter, e.g. param.message_size_bytes
    //   "ROLE.ATTR"               an inventory attribute at run time; ROLE is one of
    //                             client_host, server_host, host (either end),
    //                             client_nic, server_nic, nic (either end), switch,
    //                             cable; ATTR a lab-file field (model, driver,
    //                             length_m, kind, ...). A run over two switches or
    //                             cables counts in each of their groups.
    //   "tool", "tool_version", "plan", "test_case", "day", "month"
    QString groupBy;
    double confidenceLevel = 0.95;
};

struct ComparisonGroup
{
    QVariant key; // the attribute value (null when the runs lack it)
    qint64 count = 0;
    double mean = 0;
    double stddev = 0; // sample standard deviation (n-1); 0 when count < 2
    double min = 0;
    double max = 0;
    double ciHalfWidth = 0; // Student t; 0 when count < 2
};

// The two-sided Student t quantile for `level` (e.g. 0.95) and `df` degrees of freedom.
double studentT(double level, int df);

} // namespace wb
