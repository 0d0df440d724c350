// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A prepared statement with positional parameters and errors as StoreError
// values. Internal to core/store: the only code that holds SQL text.

#include "storeerror.h"

#include <QDateTime>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QVariant>

#include <optional>

namespace wb {

class ResultStore;

class SqlStatement
{
public:
    SqlStatement(const QSqlDatabase &db, const QString &sql);
    // Reuses the store's prepared statement for `sql` when it is free.
    SqlStatement(ResultStore &store, const QString &sql);
    ~SqlStatement();
    SqlStatement(const SqlStatement &) = delete;
    SqlStatement &operator=(const SqlStatement &) = delete;

    bool isPrepared() const { return m_prepared; }
    // Positional binding in order; reset() starts again at the first.
    SqlStatement &bind(const QVariant &value);
    SqlStatement &bindText(const QString &value); // never NULL: "" stays ""
    void reset();
    bool exec();
    bool next() { return m_query->next(); }
    QVariant value(int index) const { return m_query->value(index); }
    QString text(int index) const { return m_query->value(index).toString(); }
    qint64 integer(int index) const { return m_query->value(index).toLongLong(); }
    double real(int index) const { return m_query->value(index).toDouble(); }
    // The id of an `INSERT ... RETURNING id` (SQLite and PostgreSQL alike;
    // QPSQL has no lastInsertId for identity columns); 0 when no row came.
    qint64 insertedId() { return m_query->next() ? m_query->value(0).toLongLong() : 0; }
    int rowsAffected() const { return m_query->numRowsAffected(); }
    void finish() { m_query->finish(); }
    // The failure of the last prepare/exec, with `context` ("saving run 12").
    StoreError error(const QString &context) const;
    QSqlQuery &query() { return *m_query; }

private:
    std::optional<QSqlQuery> m_own;
    QSqlQuery *m_query = nullptr;
    ResultStore *m_store = nullptr; // set when m_query is the store's cached one
    QString m_sql;
    QString m_path;
    bool m_prepared = false;
    int m_next = 0;
};

// The SQLite error mapped to a StoreError kind; the message names `path`.
StoreError storeErrorFromSql(const QSqlError &error, const QString &context, const QString &path);

// Times are stored as integer milliseconds since the epoch (UTC).
QVariant toDbTime(const QDateTime &time);
QDateTime fromDbTime(const QVariant &value);

} // namespace wb
