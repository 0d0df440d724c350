// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Where the Compare page and the CLI get their ComparisonData: a list of
// named datasets and the data for one. The seed baselines implement it in
// code today; a store-backed provider replaces it without touching charts.

#include "comparisondata.h"

#include <QString>
#include <QStringList>

#include <optional>

namespace wb {

class ComparisonProvider
{
public:
    virtual ~ComparisonProvider() = default;
    // A short label for where the data comes from, shown on the page.
    virtual QString origin() const = 0;
    virtual QStringList datasetNames() const = 0;
    // The dataset, or nullopt with a message naming what is wrong.
    virtual std::optional<ComparisonData> dataset(const QString &name, QString *error) const = 0;
};

} // namespace wb
