// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A whole comparison as one document, HTML or PDF: the chart, the ratio
// table, and sections describing what was compared (the runs with their
// inventory path, both ends' environment, the baselines' citations). The
// CLI's `compare --report` writes it; the same code serves the desktop.

#include "analysis/comparisonreport.h"
#include "chartkind.h"

#include <QList>
#include <QString>

namespace wb {
struct ComparisonData;
}

namespace wb::charts {

using ReportSection = wb::ReportSection;

class ComparisonReport
{
public:
    // Writes `path` as HTML (.html, .htm) or PDF (.pdf); the error names the file.
    // The chart is drawn from `data` (a comparison view's chart data); the
    // sections come from comparisonReportSections().
    static bool write(const ComparisonData &data, const ChartOptions &options, const QList<ReportSection> &sections,
                      const QString &path, QString *error);
};

} // namespace wb::charts
