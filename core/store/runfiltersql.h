// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The WHERE clause that selects the runs of a RunFilter, built from fixed
// fragments with every value bound, for both SQL dialects. Kept apart from
// RunStore so the one place that turns user input into SQL is small enough
// to read whole.

#include "runfilter.h"
#include "sqldialect.h"
#include "storeerror.h"

#include <QVariantList>

namespace wb {

class RunFilterSql
{
public:
    // " WHERE ..." (empty when nothing filters), appending its values to
    // `binds` in order.
    static StoreResult<QString> where(const RunFilter &filter, QVariantList *binds, SqlDialect dialect);
};

} // namespace wb
