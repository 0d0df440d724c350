// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Which stored baselines a listing shows: by test kind (done in SQL by
// BaselineStore), by source (words of the citation or the key) and by the
// hardware the source describes. Empty fields match everything.

#include "baseline.h"

#include <QList>
#include <QString>

namespace wb {

struct BaselineFilter
{
    QString kind;     // a test kind, exactly
    QString source;   // part of the key, citation title, author, date or source file (any case)
    QString hardware; // part of the hardware as the source describes it, or of its structured form (any case)

    bool matches(const Baseline &baseline) const;
    QList<Baseline> apply(const QList<Baseline> &baselines) const;
};

} // namespace wb
