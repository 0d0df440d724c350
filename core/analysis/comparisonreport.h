// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What a comparison report says after its chart, the same for the desktop
// program and `wirebench-cli compare --report`: the conditions of the
// selection, the table of each cell against the reference (n, mean and
// interval, link, % of ceiling, ratio, p, verdict), the notes, the
// environment against the reference, the inventory the runs went over,
// each run with both ends' environment, the latency floor of
// request/response paths, and the baselines with their hardware and
// citation. Plain HTML fragments; the charts library puts them in a page.

#include "comparisonengine.h"

#include <QJsonObject>
#include <QList>
#include <QString>

namespace wb {

class ResultStore;
struct StoredRun;

struct ReportSection
{
    QString title;
    QString html; // already escaped
};

// The sections, in order. `store` gives each run's inventory path and
// environment and each baseline's hardware; without one (nullptr) those
// sections list the sources only. Call it on a reader of the store service.
QList<ReportSection> comparisonReportSections(const ComparisonView &view, const ComparisonData &data, ResultStore *store);
// The section titles comparisonReportSections() writes, in order, for
// checking that every front end's report has them all.
QStringList comparisonReportSectionTitles(const ComparisonView &view, bool withStore);
// A request/response run's mean round trip beside the physical floor of the
// inventory path it ran over, as one sentence.
QString latencyFloorLine(const StoredRun &run);
// One end's environment as HTML lines (kernel, CPU, every NIC but lo).
QString environmentHtml(const QJsonObject &environment);

} // namespace wb
