// SPDX-License-Identifier: GPL-3.0-or-later
#include "sqltransaction.h"

#include "resultstore.h"
#include "sqlstatement.h"

#include <QSqlError>
#include <QSqlQuery>

using namespace Qt::StringLiterals;

namespace wb {

SqlTransaction::SqlTransaction(ResultStore &store) : m_store(store) {}

SqlTransaction::~SqlTransaction()
{
    rollback();
}

StoreStatus SqlTransaction::begin()
{
    ResultStore::TransactionState &state = m_store.transactionState();
    QSqlQuery q(m_store.database());
    if (state.depth == 0) {
        // SQLite: take the write lock now, not at the first write (no
        // deadlock between two readers that both start writing).
        const bool postgres = m_store.dialect() == SqlDialect::Postgres;
        if (!q.exec(postgres ? u"BEGIN"_s : u"BEGIN IMMEDIATE"_s))
            return storeErrorFromSql(q.lastError(), u"starting a write transaction"_s, m_store.path());
        m_outermost = true;
    } else if (!q.exec(u"SAVEPOINT wb_%1"_s.arg(state.depth))) {
        return storeErrorFromSql(q.lastError(), u"starting a nested transaction"_s, m_store.path());
    }
    ++state.depth;
    m_open = true;
    return {};
}

StoreStatus SqlTransaction::commit()
{
    if (!m_open)
        return StoreError{StoreError::Kind::Failed, u"commit without a transaction"_s};
    ResultStore::TransactionState &state = m_store.transactionState();
    QSqlQuery q(m_store.database());
    if (!m_outermost) {
        if (!q.exec(u"RELEASE wb_%1"_s.arg(state.depth - 1))) {
            StoreError e = storeErrorFromSql(q.lastError(), u"ending a nested transaction"_s, m_store.path());
            rollback();
            return e;
        }
        --state.depth;
        m_open = false;
        return {};
    }
    if (!q.exec(u"COMMIT"_s)) {
        StoreError e = storeErrorFromSql(q.lastError(), u"committing"_s, m_store.path());
        rollback();
        return e;
    }
    --state.depth;
    m_open = false;
    return {};
}

void SqlTransaction::rollback()
{
    if (!m_open)
        return;
    ResultStore::TransactionState &state = m_store.transactionState();
    --state.depth;
    m_open = false;
    QSqlQuery q(m_store.database());
    if (!m_outermost) {
        q.exec(u"ROLLBACK TO wb_%1"_s.arg(state.depth));
        q.exec(u"RELEASE wb_%1"_s.arg(state.depth));
        return;
    }
    q.exec(u"ROLLBACK"_s);
}

} // namespace wb
