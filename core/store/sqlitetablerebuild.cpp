// SPDX-License-Identifier: GPL-3.0-or-later
#include "sqlitetablerebuild.h"

#include "sqlstatement.h"

#include <QSqlError>
#include <QSqlQuery>

using namespace Qt::StringLiterals;

namespace wb {

StoreStatus SqliteTableRebuild::addAutoincrement(QSqlDatabase db, const QStringList &tables, const QString &path)
{
    QSqlQuery q(db);
    auto failed = [&](const QString &context) {
        return StoreStatus(storeErrorFromSql(q.lastError(), context, path));
    };
    QStringList views;
    if (!q.exec(u"SELECT name, sql FROM sqlite_master WHERE type = 'view' ORDER BY name"_s))
        return failed(u"reading the views"_s);
    QStringList viewNames;
    while (q.next()) {
        viewNames.append(q.value(0).toString());
        views.append(q.value(1).toString());
    }
    q.finish();
    for (const QString &view : std::as_const(viewNames)) {
        // Names come from sqlite_master, not from input.
        if (!q.exec(u"DROP VIEW \"%1\""_s.arg(view)))
            return failed(u"dropping view %1"_s.arg(view));
    }
    for (const QString &table : tables) {
        SqlStatement create(db, u"SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?"_s);
        create.bindText(table);
        if (!create.exec() || !create.next())
            return create.error(u"reading the definition of table %1"_s.arg(table));
        QString sql = create.text(0);
        create.query().finish();
        if (sql.contains(u"AUTOINCREMENT"_s))
            continue;
        const QString head = u"CREATE TABLE %1 ("_s.arg(table);
        const QString key = u" id INTEGER PRIMARY KEY,"_s;
        if (!sql.startsWith(head) || !sql.contains(key))
            return StoreError{StoreError::Kind::Failed,
                              u"%1: table %2 does not have the expected id column; it was left as it is"_s.arg(path, table)};
        const QString rebuilt = table + u"_rebuilt"_s;
        sql.replace(0, head.size(), u"CREATE TABLE %1 ("_s.arg(rebuilt));
        sql.replace(key, u" id INTEGER PRIMARY KEY AUTOINCREMENT,"_s);
        SqlStatement indexes(db, u"SELECT sql FROM sqlite_master WHERE type IN ('index', 'trigger') AND tbl_name = ? "
                                 "AND sql IS NOT NULL ORDER BY name"_s);
        indexes.bindText(table);
        if (!indexes.exec())
            return indexes.error(u"reading the indexes of table %1"_s.arg(table));
        QStringList recreate;
        while (indexes.next())
            recreate.append(indexes.text(0));
        indexes.query().finish();
        const QStringList steps{sql, u"INSERT INTO %1 SELECT * FROM %2"_s.arg(rebuilt, table),
                                u"DROP TABLE %1"_s.arg(table), u"ALTER TABLE %1 RENAME TO %2"_s.arg(rebuilt, table)};
        for (const QString &step : steps + recreate) {
            if (!q.exec(step))
                return failed(u"rebuilding table %1"_s.arg(table));
        }
    }
    for (const QString &view : std::as_const(views)) {
        if (!q.exec(view))
            return failed(u"creating a view again"_s);
    }
    return {};
}

} // namespace wb
