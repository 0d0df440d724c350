// SPDX-License-Identifier: GPL-3.0-or-later
#include "plottedtable.h"

namespace wb::charts {

namespace {

QString csvField(const QString &f)
{
    if (!f.contains(u',') && !f.contains(u'"') && !f.contains(u'\n') && !f.contains(u'\r'))
        return f;
    QString q = f;
    q.replace(QStringLiteral("\""), QStringLiteral("\"\""));
    return u'"' + q + u'"';
}

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
