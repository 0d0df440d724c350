// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A whole comparison as one document, HTML or PDF: the chart, the ratio
// table, and sections describing what was compared (the runs with their
// inventory path, both ends' environment, the baselines' citations). The
// CLI's `compare --report` writes it; the same code serves the desktop.
//
// The chart stays vector in both: SVG inside the HTML, drawn as paths and
// text into the PDF. The PDF is paged on the chosen paper (A4 or Letter;
// by default the user's: PAPERSIZE, /etc/papersize, then LC_PAPER) and
// numbers its pages.

#include "analysis/comparisonreport.h"
#include "chartkind.h"

#include <QList>
#include <QPageSize>
#include <QString>

#include <optional>

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
    // sections come from comparisonReportSections(). `paper` sizes a PDF's pages.
    static bool write(const ComparisonData &data, const ChartOptions &options, const QList<ReportSection> &sections,
                      const QString &path, QString *error, QPageSize::PageSizeId paper = defaultPaper());

    // The paper a report is printed on unless told: the PAPERSIZE variable,
    // then /etc/papersize (both as libpaper names them), then the locale's
    // LC_PAPER; A4 when none says.
    static QPageSize::PageSizeId defaultPaper();
    // "a4", "letter", "legal", "a3", "a5" (any case); nothing for others.
    static std::optional<QPageSize::PageSizeId> paperFromName(const QString &name);
    static QStringList paperNames();
};

} // namespace wb::charts
