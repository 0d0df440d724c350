// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The order of categories along a chart axis. Labels that stand for numbers
// ("64 B", "1472 B", "12 MB file", "65 m") go in numeric order, so message
// sizes read small to large whichever run was stored first; other labels
// keep the order they came in. Also reads a size label back as bytes for the
// sweep chart's numeric axis.

#include <QString>
#include <QStringList>

#include <optional>

namespace wb::charts {

struct CategoryNumber
{
    double value = 0; // in bytes when `unit` is "B"
    QString unit;     // "B" for every byte size (B, KB, KiB, MB, …), else the label's first word after the number
};

// The number a label starts with and its unit: "12 MB file" → 12·2^20 B
// (binary multiples, as the providers write file sizes), "64 B" → 64 B,
// "1.5 m" → 1.5 m, "1472" → 1472 with no unit. Nothing for "Zeus → Torus",
// "2024-05-01" or a placeholder such as "—".
std::optional<CategoryNumber> categoryNumber(const QString &label);

// A byte size label as bytes ("64 B", "12 MB file"); a bare number counts as bytes.
std::optional<double> categoryBytes(const QString &label);

// Numeric order when every label but placeholders ("—", "-", empty) is a
// number of one unit, placeholders last; otherwise the labels as they are.
QStringList orderCategories(const QStringList &labels);

} // namespace wb::charts
