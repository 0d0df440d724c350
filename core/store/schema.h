// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The database schema as a list of migration steps: step N turns a version
// N-1 database into version N. A new database runs every step from 1, so the
// steps are exercised on each creation; tests/data/store/ keeps the SQL of
// each released version to prove old files migrate with their data.

#include <QStringList>

namespace wb {

class Schema
{
public:
    static constexpr int kVersion = 2;
    // PRAGMA application_id: "WBNC". Tells our files from other SQLite files.
    static constexpr int kApplicationId = 0x57424e43;

    // The statements of step `version` (1..kVersion), without transaction
    // control and without the user_version bump.
    static QStringList step(int version);
};

} // namespace wb
