// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The points a chart actually plotted, as rows, for CSV export: what you see
// is what you get in the spreadsheet.

#include <QList>
#include <QStringList>

namespace wb::charts {

struct PlottedTable
{
    QStringList header;
    QList<QStringList> rows;

    // RFC 4180 CSV: fields with commas, quotes or line breaks are quoted;
    // text a spreadsheet would run as a formula is guarded (store/csvfield.h).
    QString toCsv() const;
};

} // namespace wb::charts
