// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A write transaction: BEGIN IMMEDIATE (a plain BEGIN that read first fails
// at once with "busy"), COMMIT on commit(), ROLLBACK when it goes out of
// scope uncommitted. Nested ones are savepoints: an inner one that fails
// undoes only its own part (PlanRecorder keeps a measurement and its
// runs in one transaction on top of saveRuns' own). Internal to
// core/store.

#include "storeerror.h"

namespace wb {

class ResultStore;

class SqlTransaction
{
public:
    explicit SqlTransaction(ResultStore &store);
    ~SqlTransaction();
    SqlTransaction(const SqlTransaction &) = delete;
    SqlTransaction &operator=(const SqlTransaction &) = delete;

    StoreStatus begin();
    StoreStatus commit();
    void rollback();

private:
    ResultStore &m_store;
    bool m_open = false;
    bool m_outermost = false;
};

} // namespace wb
