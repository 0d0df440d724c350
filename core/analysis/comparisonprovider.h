// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Where the Compare page and the CLI get their ComparisonData: a list of
// named datasets and the data for one. The seed baselines implement it in
// code today; a store-backed provider replaces it without touching charts.

#include "comparisondata.h"
#include "comparisonselection.h"

#include <QString>
#include <QStringList>

#include <atomic>
#include <functional>
#include <memory>
#include <optional>

namespace wb {

class StoreService;

class ComparisonProvider
{
public:
    virtual ~ComparisonProvider() = default;
    // A short label for where the data comes from, shown on the page.
    virtual QString origin() const = 0;
    virtual QStringList datasetNames() const = 0;
    // The dataset, or nullopt with a message naming what is wrong.
    virtual std::optional<ComparisonData> dataset(const QString &name, QString *error) const = 0;

    // Builds a comparison from a filter or a hand-picked selection. The
    // function owns what it needs (no reference to this provider), so it can
    // run on a worker thread after the provider is gone; it stops early when
    // `cancelled` turns true. Empty: this provider only has named datasets.
    using Builder = std::function<ComparisonBuild(const ComparisonSelection &, const std::atomic_bool *cancelled)>;
    virtual Builder builder() const { return {}; }
    // The results database behind the data, for reports that describe the
    // runs in full; null when there is none.
    virtual std::shared_ptr<StoreService> service() const { return {}; }
};

} // namespace wb
