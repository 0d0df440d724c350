// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// One CSV field as every Wirebench exporter writes it (RFC 4180 quoting),
// guarded against formula injection: a spreadsheet runs a cell that starts
// with = + - or @ (or a tab or CR before one) as a formula, so such a text
// cell (a test case name, an error message, a host alias from a plan) gets
// a leading single quote. Numbers ("-3.5", "+1e-05") are left alone: they
// are data, and a spreadsheet reads them as numbers. Header-only so the
// store's exports and the charts' plotted tables share it.

#include <QString>

namespace wb {

inline bool csvNeedsFormulaGuard(const QString &field)
{
    if (field.isEmpty())
        return false;
    const QChar c = field.front();
    if (c != u'=' && c != u'+' && c != u'-' && c != u'@' && c != u'\t' && c != u'\r')
        return false;
    bool number = false;
    field.toDouble(&number);
    return !number;
}

inline QString csvField(const QString &field)
{
    const QString f = csvNeedsFormulaGuard(field) ? u'\'' + field : field;
    if (!f.contains(u',') && !f.contains(u'"') && !f.contains(u'\n') && !f.contains(u'\r'))
        return f;
    QString q = f;
    q.replace(QStringLiteral("\""), QStringLiteral("\"\""));
    return u'"' + q + u'"';
}

} // namespace wb
