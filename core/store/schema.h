// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The database schema as a list of migration steps: step N turns a version
// N-1 database into version N. A new database runs every step from 1, so the
// steps are exercised on each creation; tests/data/store/ keeps the SQL of
// each released version to prove old files migrate with their data.

#include <QStringList>

#include "sqldialect.h"

namespace wb {

class Schema
{
public:
    static constexpr int kVersion = 9;
    // PRAGMA application_id: "WBNC". Tells our files from other SQLite files.
    static constexpr int kApplicationId = 0x57424e43;

    // The statements of step `version` (1..kVersion), without transaction
    // control and without the user_version bump.
    static QStringList step(int version);
    // The SQLite tables step `version` rebuilds so that their ids become
    // AUTOINCREMENT (SqliteTableRebuild), after its statements. PostgreSQL's
    // identity columns never give an id out twice, so it needs none.
    static QStringList sqliteAutoincrementTables(int version);
    // One schema for both back ends: the steps are written for SQLite and
    // this maps the few differences for PostgreSQL (identity columns,
    // BIGINT, DOUBLE PRECISION, BYTEA, no WITHOUT ROWID, INSERT OR IGNORE as
    // ON CONFLICT DO NOTHING). SQLite statements pass unchanged.
    static QString forDialect(const QString &sql, SqlDialect dialect);
};

} // namespace wb
