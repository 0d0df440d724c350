// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Puts what the importers read into the results database, and keeps the
// shipped historical baselines there. Every file goes in one transaction (all
// of its records or none), with ids made from the file's contents, so
// importing the same file again adds nothing.

#include "importresult.h"
#include "store/storeerror.h"

#include <QByteArray>
#include <QString>

namespace wb {

class ResultStore;

struct StoredImport
{
    int added = 0;
    int alreadyStored = 0;
};

// The file's records as finished runs of the plan "imported" (test case: the
// file's name), tool and version as the importer found them.
StoreResult<StoredImport> storeImportedRuns(ResultStore &store, const QString &file, const QByteArray &contents,
                                            const ImportResult &result);

// Reads `path` with the importer that recognises it and stores its records
// as runs (storeImportedRuns); an unreadable or unrecognised file stores
// nothing and is an Invalid error naming the file and the problem.
StoreResult<StoredImport> importRunsFile(ResultStore &store, const QString &path);

// The file's records as baselines citing `citation` (who measured it, where, when).
StoreResult<StoredImport> storeImportedBaselines(ResultStore &store, const QString &file, const QByteArray &contents,
                                                 const ImportResult &result, const QString &citation);

// Loads the baselines shipped with this program that the database lacks: all
// of them into a new database, the new ones when the set has grown. Returns
// how many were added.
StoreResult<int> ensureBuiltinBaselines(ResultStore &store);

// A first start's lab, when the inventory is still empty: this machine as
// a local lab of two agents (local-a, local-b), the lab the sample plan
// runs on. The seeds' 1997 lab is not put in: it is an example to open
// (":/labs/1997-sai-msu-fast-ethernet.json"), and mixed into the database
// it would sit beside hosts nobody can reach. Returns how many inventory
// objects were added.
StoreResult<int> ensureExampleLabs(ResultStore &store);

} // namespace wb
