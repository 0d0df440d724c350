// SPDX-License-Identifier: GPL-3.0-or-later
#include "annotationstore.h"

#include "resultstore.h"
#include "sqlstatement.h"
#include "sqltransaction.h"
#include "tagname.h"

using namespace Qt::StringLiterals;

namespace wb {

// Runs and baselines keep their tags alike: one table each, keyed by the
// object's id; `name` says which object in messages. Only these constant
// table and column names are ever put into the statements; values are bound.
struct AnnotationStore::Target
{
    qint64 id = 0;
    QString table;  // "run_tags" or "baseline_tags"
    QString column; // "run_id" or "baseline_id"
    QString name;   // "run 12", "baseline 'seed-000/fs108-1472'"
};

AnnotationStore::AnnotationStore(ResultStore &store) : m_store(store) {}

StoreResult<qint64> AnnotationStore::baselineId(const QString &key)
{
    SqlStatement q(m_store, u"SELECT id FROM baselines WHERE key = ?"_s);
    q.bindText(key);
    if (!q.exec())
        return q.error(u"looking up baseline '%1'"_s.arg(key));
    if (!q.next())
        return StoreError{StoreError::Kind::NotFound, u"baseline '%1' does not exist"_s.arg(key)};
    return q.integer(0);
}

StoreResult<QStringList> AnnotationStore::tagsOf(const Target &t)
{
    SqlStatement q(m_store, u"SELECT tag FROM %1 WHERE %2 = ?"_s.arg(t.table, t.column));
    q.bind(t.id);
    if (!q.exec())
        return q.error(u"reading the tags of %1"_s.arg(t.name));
    QStringList out;
    while (q.next())
        out.append(q.text(0));
    TagName::sort(out);
    return out;
}

StoreStatus AnnotationStore::insertTags(const Target &t, const QStringList &tags)
{
    SqlStatement q(m_store, u"INSERT INTO %1 (%2, tag_key, tag) VALUES (?, ?, ?) ON CONFLICT DO NOTHING"_s.arg(
                                t.table, t.column));
    for (const QString &tag : tags) {
        q.bind(t.id).bindText(TagName::key(tag)).bindText(tag);
        if (!q.exec())
            return q.error(u"tagging %1 '%2'"_s.arg(t.name, tag));
    }
    return {};
}

StoreResult<QStringList> AnnotationStore::change(const Target &t, const QStringList &tags, bool add)
{
    auto normal = TagName::normaliseAll(tags);
    if (!normal)
        return normal.error();
    if (normal->isEmpty())
        return StoreError{StoreError::Kind::Invalid, u"give at least one tag"_s};
    SqlTransaction tx(m_store);
    if (StoreStatus s = tx.begin(); !s)
        return s.error();
    if (add) {
        if (StoreStatus s = insertTags(t, *normal); !s)
            return s.error();
    } else {
        SqlStatement q(m_store, u"DELETE FROM %1 WHERE %2 = ? AND tag_key = ?"_s.arg(t.table, t.column));
        for (const QString &tag : std::as_const(*normal)) {
            q.bind(t.id).bindText(TagName::key(tag));
            if (!q.exec())
                return q.error(u"removing tag '%1' from %2"_s.arg(tag, t.name));
            if (q.rowsAffected() == 0)
                return StoreError{StoreError::Kind::NotFound,
                                  u"%1 has no tag '%2'; nothing was removed"_s.arg(t.name, tag)};
        }
    }
    auto now = tagsOf(t);
    if (!now)
        return now.error();
    m_store.notifyChanged(t.table == u"run_tags"_s ? u"runs"_s : u"baselines"_s);
    if (StoreStatus s = tx.commit(); !s)
        return s.error();
    return now;
}

namespace {

StoreStatus runExists(ResultStore &store, qint64 runId)
{
    SqlStatement q(store, u"SELECT 1 FROM runs WHERE id = ?"_s);
    q.bind(runId);
    if (!q.exec())
        return q.error(u"looking up run %1"_s.arg(runId));
    if (!q.next())
        return StoreError{StoreError::Kind::NotFound, u"run %1 does not exist"_s.arg(runId)};
    return {};
}

} // namespace

StoreResult<QStringList> AnnotationStore::addRunTags(qint64 runId, const QStringList &tags)
{
    if (StoreStatus s = runExists(m_store, runId); !s)
        return s.error();
    return change(Target{runId, u"run_tags"_s, u"run_id"_s, u"run %1"_s.arg(runId)}, tags, true);
}

StoreResult<QStringList> AnnotationStore::removeRunTags(qint64 runId, const QStringList &tags)
{
    if (StoreStatus s = runExists(m_store, runId); !s)
        return s.error();
    return change(Target{runId, u"run_tags"_s, u"run_id"_s, u"run %1"_s.arg(runId)}, tags, false);
}

StoreResult<QStringList> AnnotationStore::runTags(qint64 runId)
{
    if (StoreStatus s = runExists(m_store, runId); !s)
        return s.error();
    return tagsOf(Target{runId, u"run_tags"_s, u"run_id"_s, u"run %1"_s.arg(runId)});
}

StoreResult<QStringList> AnnotationStore::addBaselineTags(const QString &key, const QStringList &tags)
{
    auto id = baselineId(key);
    if (!id)
        return id.error();
    return change(Target{*id, u"baseline_tags"_s, u"baseline_id"_s, u"baseline '%1'"_s.arg(key)}, tags, true);
}

StoreResult<QStringList> AnnotationStore::removeBaselineTags(const QString &key, const QStringList &tags)
{
    auto id = baselineId(key);
    if (!id)
        return id.error();
    return change(Target{*id, u"baseline_tags"_s, u"baseline_id"_s, u"baseline '%1'"_s.arg(key)}, tags, false);
}

StoreStatus AnnotationStore::setBaselineNotes(const QString &key, const QString &notes)
{
    SqlStatement q(m_store, u"UPDATE baselines SET notes = ? WHERE key = ?"_s);
    q.bindText(notes).bindText(key);
    if (!q.exec())
        return q.error(u"changing the notes of baseline '%1'"_s.arg(key));
    if (q.rowsAffected() == 0)
        return StoreError{StoreError::Kind::NotFound, u"baseline '%1' does not exist"_s.arg(key)};
    m_store.notifyChanged(u"baselines"_s);
    return {};
}

StoreResult<QStringList> AnnotationStore::allTags()
{
    SqlStatement q(m_store, u"SELECT tag_key, min(tag) FROM (SELECT tag_key, tag FROM run_tags UNION ALL "
                            "SELECT tag_key, tag FROM baseline_tags) t GROUP BY tag_key ORDER BY tag_key"_s);
    if (!q.exec())
        return q.error(u"reading the tags in use"_s);
    QStringList out;
    while (q.next())
        out.append(q.text(1));
    return out;
}

StoreStatus AnnotationStore::mergeRunNoTransaction(qint64 runId, const QStringList &tags, const QString &notes)
{
    const Target t{runId, u"run_tags"_s, u"run_id"_s, u"run %1"_s.arg(runId)};
    if (StoreStatus s = insertTags(t, tags); !s)
        return s;
    if (notes.isEmpty())
        return {};
    SqlStatement q(m_store, u"UPDATE runs SET notes = ? WHERE id = ? AND notes = ''"_s);
    q.bindText(notes).bind(runId);
    if (!q.exec())
        return q.error(u"changing the notes of run %1"_s.arg(runId));
    return {};
}

StoreStatus AnnotationStore::mergeBaselineNoTransaction(const QString &key, const QStringList &tags,
                                                        const QString &notes)
{
    auto id = baselineId(key);
    if (!id)
        return id.error();
    if (StoreStatus s = insertTags(Target{*id, u"baseline_tags"_s, u"baseline_id"_s, u"baseline '%1'"_s.arg(key)},
                                   tags);
        !s)
        return s;
    if (notes.isEmpty())
        return {};
    SqlStatement q(m_store, u"UPDATE baselines SET notes = ? WHERE id = ? AND notes = ''"_s);
    q.bindText(notes).bind(*id);
    if (!q.exec())
        return q.error(u"changing the notes of baseline '%1'"_s.arg(key));
    return {};
}

} // namespace wb
