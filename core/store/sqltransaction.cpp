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
    if (state.depth == 0) {
        QSqlQuery q(m_store.database());
        if (!q.exec(u"BEGIN IMMEDIATE"_s))
            return storeErrorFromSql(q.lastError(), u"starting a write transaction"_s, m_store.path());
        state.rollbackOnly = false;
        m_outermost = true;
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
    if (!m_outermost) {
        --state.depth;
        m_open = false;
        return {};
    }
    if (state.rollbackOnly) {
        rollback();
        return StoreError{StoreError::Kind::Failed, u"%1: a part of the transaction failed; nothing was written"_s.arg(
                                                        m_store.path())};
    }
    QSqlQuery q(m_store.database());
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
    if (!m_outermost) {
        state.rollbackOnly = true;
        return;
    }
    QSqlQuery q(m_store.database());
    q.exec(u"ROLLBACK"_s);
    state.rollbackOnly = false;
}

} // namespace wb
