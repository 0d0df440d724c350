// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The sections of a comparison report that say what was compared: the
// inventory the runs went over (hosts, NICs, switches, cables), each run
// with its path and the environment both ends reported (kernel, CPU, NIC
// driver, link), and the citations of the baselines. Reads the runs from
// the results database through its own connection, so the desktop calls it
// off the GUI thread; without a database it lists the sources only.

#include "comparisonreport.h"

#include <QJsonObject>
#include <QList>
#include <QString>

namespace wb {
struct ComparisonData;
}

namespace wb::charts {

class ReportSources
{
public:
    static QList<ReportSection> sections(const QString &databasePath, const ComparisonData &data);
    // One end's environment as HTML lines (kernel, CPU, every NIC but lo).
    static QString environmentHtml(const QJsonObject &environment);
};

} // namespace wb::charts
