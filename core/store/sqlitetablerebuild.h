// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// SQLite cannot add AUTOINCREMENT to a table in place; it has to rebuild it
// (https://sqlite.org/lang_altertable.html, "making other kinds of table
// schema changes"): create the new table, copy the rows, drop the old one,
// rename the new one, and create its indexes again. The new table is made
// from the stored CREATE statement, so columns added by earlier steps
// (ALTER TABLE ADD COLUMN) are kept whatever they are. Run inside a
// migration step's transaction with foreign keys off (the old table's DROP
// must not cascade), and check the references before committing.

#include "storeerror.h"

#include <QSqlDatabase>
#include <QStringList>

namespace wb {

class SqliteTableRebuild
{
public:
    // Rebuilds `tables` so that their `id INTEGER PRIMARY KEY` is
    // AUTOINCREMENT: ids of deleted rows are never given out again. Views
    // are dropped and created again around it (a view naming a table being
    // renamed stops ALTER TABLE). `path` names the file in errors.
    static StoreStatus addAutoincrement(QSqlDatabase db, const QStringList &tables, const QString &path);
};

} // namespace wb
