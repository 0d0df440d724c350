// SPDX-License-Identifier: GPL-3.0-or-later
#include "resultimport.h"

#include "baselineset.h"
#include "importer.h"
#include "inventory/inventory.h"
#include "store/baselinestore.h"
#include "store/inventorystore.h"
#include "store/resultstore.h"
#include "store/runstore.h"
#include "store/sqltransaction.h"

#include <QCryptographicHash>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QJsonObject>
#include <QSet>
#include <QUuid>

using namespace Qt::StringLiterals;

namespace wb {

namespace {

// A fixed namespace for the name-based ids of imported records.
const QUuid kImportNamespace(u"6c0f3b1e-2f51-4d55-9a57-3b2d0e5b7a11"_s);

QByteArray contentsHash(const QByteArray &contents)
{
    return QCryptographicHash::hash(contents, QCryptographicHash::Sha256).toHex();
}

} // namespace

StoreResult<StoredImport> importRunsFile(ResultStore &store, const QString &path)
{
    const ImportResult result = Importer::importFile(path);
    if (!result.ok())
        return StoreError{StoreError::Kind::Invalid,
                          u"%1 (nothing imported from this file)"_s.arg(result.error->toString())};
    QFile f(path);
    const QByteArray contents = f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    return storeImportedRuns(store, path, contents, result);
}

StoreResult<StoredImport> storeImportedRuns(ResultStore &store, const QString &file, const QByteArray &contents,
                                            const ImportResult &result)
{
    const QByteArray hash = contentsHash(contents);
    StoredImport summary;
    QList<StoredRun> runs;
    for (qsizetype i = 0; i < result.records.size(); ++i) {
        StoredRun r;
        r.uuid = QUuid::createUuidV5(kImportNamespace, hash + '/' + QByteArray::number(i)).toString(QUuid::WithoutBraces);
        if (store.runs().runByUuid(r.uuid, false)) {
            ++summary.alreadyStored;
            continue;
        }
        r.plan = u"imported"_s;
        r.testCase = QFileInfo(file).fileName();
        r.status = RunStatus::Finished;
        r.record = result.records[i];
        r.record.extra.insert(u"source_file"_s, QFileInfo(file).fileName());
        r.record.extra.insert(u"source_format"_s, result.format);
        r.record.extra.insert(u"source_sha256"_s, QString::fromLatin1(hash));
        runs.append(r);
    }
    if (!runs.isEmpty()) {
        auto ids = store.runs().saveRuns(runs); // one transaction: all or nothing
        if (!ids)
            return ids.error();
        summary.added = int(ids->size());
    }
    return summary;
}

StoreResult<StoredImport> storeImportedBaselines(ResultStore &store, const QString &file, const QByteArray &contents,
                                                 const ImportResult &result, const QString &citation)
{
    const QByteArray hash = contentsHash(contents);
    QList<Baseline> baselines;
    for (qsizetype i = 0; i < result.records.size(); ++i) {
        Baseline b;
        b.key = u"import/%1/%2"_s.arg(QString::fromLatin1(hash.left(16))).arg(i);
        b.citation.title = citation;
        b.citation.sourceFile = QFileInfo(file).fileName();
        b.record = result.records[i];
        b.record.extra.insert(u"source_format"_s, result.format);
        baselines.append(b);
    }
    auto sum = store.baselines().importBaselines(baselines);
    if (!sum)
        return sum.error();
    return StoredImport{sum->added, sum->updated + sum->unchanged};
}

StoreResult<int> ensureBuiltinBaselines(ResultStore &store)
{
    const BaselineSet set = BaselineSet::loadBuiltin();
    if (!set.isValid())
        return StoreError{StoreError::Kind::Invalid, u"the shipped baselines are damaged: "_s + set.error()};
    auto stored = store.baselines().baselines();
    if (!stored)
        return stored.error();
    QSet<QString> keys;
    QHash<QString, QJsonObject> storedHardware;
    for (const Baseline &b : *stored) {
        keys.insert(b.key);
        storedHardware.insert(b.key, b.hardware);
    }
    QList<Baseline> missing = set.missingFrom(keys);
    // A newer set may describe the hardware of a known figure better (set
    // version 2 added each figure's link and structured environment): the
    // figure keeps its key, its description is brought up to date.
    for (const Baseline &b : set.baselines())
        if (keys.contains(b.key) && storedHardware.value(b.key) != b.hardware)
            missing.append(b);
    if (missing.isEmpty())
        return 0;
    auto sum = store.baselines().importBaselines(missing);
    if (!sum)
        return sum.error();
    return sum->added;
}

StoreResult<int> ensureExampleLabs(ResultStore &store)
{
    auto hosts = store.inventory().hosts();
    if (!hosts)
        return hosts.error();
    if (!hosts->isEmpty())
        return 0;
    int added = 0;
    for (const auto &file : {u":/labs/local-lab.json"_s}) {
        QString error;
        const auto lab = Inventory::fromFile(file, &error);
        if (!lab)
            return StoreError{StoreError::Kind::Invalid, error};
        auto sum = store.inventory().importInventory(*lab);
        if (!sum)
            return sum.error();
        added += sum->added;
    }
    return added;
}

} // namespace wb
