// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Comparison datasets from the results database: one per test kind that has
// runs or baselines, on the kind's key metric. Every finished run is an
// observation (grouped by message size, host pair, NIC, switch, cable, plan
// or date), every baseline of the kind a historical marker beside them; the
// newest runs' interval samples make the time series, RR percentiles the
// latency distribution, and mean throughput per message size the sweep.
// Reads through the store service, so build datasets off the GUI thread.
// build() does the same for a filter (date, text, status, size, metric) or
// a hand-picked set of runs, and lists what matched.

#include "comparisonprovider.h"

#include <memory>

namespace wb {

class ResultStore;
class StoreService;

class StoreComparisonProvider : public ComparisonProvider
{
public:
    explicit StoreComparisonProvider(std::shared_ptr<StoreService> service);

    QString origin() const override;
    QStringList datasetNames() const override;
    std::optional<ComparisonData> dataset(const QString &name, QString *error) const override;
    Builder builder() const override;
    std::shared_ptr<StoreService> service() const override { return m_service; }

    // The comparison a filter or hand-picked selection describes, with every
    // candidate it matched. Waits for a read of the store service: call it
    // off the GUI thread (builder() does), like datasetNames() and dataset().
    ComparisonBuild build(const ComparisonSelection &selection, const std::atomic_bool *cancelled = nullptr) const;
    // The same on a connection the caller holds.
    static ComparisonBuild buildFrom(ResultStore &store, const QString &location, const ComparisonSelection &selection,
                                     const std::atomic_bool *cancelled = nullptr);
    // The dataset names of every kind the store can compare.
    static QStringList kindNames(ResultStore &store);

    // The kind a dataset name stands for ("udp_stream" for "udp_stream: …").
    static QString kindOf(const QString &datasetName);

private:
    std::shared_ptr<StoreService> m_service;
};

} // namespace wb
