// SPDX-License-Identifier: GPL-3.0-or-later
#include "regressionscan.h"

#include "result/metriccatalog.h"
#include "store/resultstore.h"
#include "store/runstore.h"

#include <QHash>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace wb {

StoreResult<RegressionScan> scanRegressions(ResultStore &store, const RegressionScanOptions &options)
{
    RegressionScan scan;
    auto kinds = store.runs().kindsOfRuns(RunStatus::Finished);
    if (!kinds)
        return kinds.error();
    for (const QString &kind : std::as_const(*kinds)) {
        const QString metric = keyMetricForKind(kind);
        RunFilter filter;
        filter.kind = kind;
        filter.status = RunStatus::Finished;
        auto runs = store.runs().runsWithMetric(filter, metric);
        if (!runs)
            return runs.error();
        scan.runs += int(runs->size());
        // One history per host pair and condition.
        struct Series
        {
            HistoryElement element;
            FigureSide side = FigureSide::Whole;
            QString conditionKey;
            QList<const StoredRun *> runs;
        };
        QHash<QString, qsizetype> index;
        QList<Series> series;
        for (const StoredRun &r : std::as_const(*runs)) {
            const QList<FigureSide> sides = sidesWithMetric(r.record, metric);
            if (sides.isEmpty())
                continue;
            const HistoryElement pair = HistoryElement::hostPairOf(r);
            const QString condition = conditionOf(r.record, metric, sides.first()).key();
            const QString key = pair.first + u'\x1f' + pair.second + u'\x1f' + condition;
            auto it = index.constFind(key);
            if (it == index.cend()) {
                it = index.insert(key, series.size());
                series.append({pair, sides.first(), condition, {}});
            }
            series[*it].runs.append(&r);
        }
        for (const Series &s : std::as_const(series)) {
            HistoryQuery q;
            q.element = s.element;
            q.kind = kind;
            q.metric = metric;
            q.side = s.side;
            q.conditionKey = s.conditionKey;
            q.confidence = options.confidence;
            q.detector = options.detector;
            const History h = buildHistory(s.runs, q);
            ++scan.histories;
            for (const HistoryChangePoint &c : h.changePoints) {
                if ((!c.worse && !options.includeImprovements) || (options.since.isValid() && c.at < options.since))
                    continue;
                scan.found.append({kind, metric, h.unit, h.displayScale, h.element, h.condition.label(),
                                   int(h.points.size()), c, h.points[c.point].runIds});
            }
        }
    }
    std::stable_sort(scan.found.begin(), scan.found.end(),
                     [](const FoundRegression &a, const FoundRegression &b) { return a.change.at > b.change.at; });
    return scan;
}

} // namespace wb
