// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Comparison datasets from the results database: one per test kind that has
// runs or baselines, on the kind's key metric. Every finished run is an
// observation (grouped by message size, host pair, NIC, switch, cable, plan
// or day), every baseline of the kind a historical marker beside them; the
// newest runs' interval samples make the time series, RR percentiles the
// latency distribution, and mean throughput per message size the sweep.
// Reads through its own connection, so build datasets off the GUI thread.

#include "comparisonprovider.h"

namespace wb {

class StoreComparisonProvider : public ComparisonProvider
{
public:
    explicit StoreComparisonProvider(QString databasePath);

    QString origin() const override;
    QStringList datasetNames() const override;
    std::optional<ComparisonData> dataset(const QString &name, QString *error) const override;

    // The kind a dataset name stands for ("udp_stream" for "udp_stream: …").
    static QString kindOf(const QString &datasetName);

private:
    QString m_path;
};

} // namespace wb
