// SPDX-License-Identifier: GPL-3.0-or-later
#include "plottedtable.h"

#include "store/csvfield.h"

namespace wb::charts {

namespace {

QString csvLine(const QStringList &fields)
{
    QStringList out;
    out.reserve(fields.size());
    for (const QString &f : fields)
        out.append(csvField(f));
    return out.join(u',') + QStringLiteral("\r\n");
}

} // namespace

QString PlottedTable::toCsv() const
{
    QString csv = csvLine(header);
    for (const QStringList &r : rows)
        csv += csvLine(r);
    return csv;
}

} // namespace wb::charts
