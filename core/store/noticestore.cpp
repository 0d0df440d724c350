// SPDX-License-Identifier: GPL-3.0-or-later
#include "noticestore.h"

#include "resultstore.h"
#include "sqlstatement.h"
#include "sqltransaction.h"

using namespace Qt::StringLiterals;

namespace wb {

QString runNoticeKindName(RunNoticeKind kind)
{
    return kind == RunNoticeKind::Regression ? u"regression"_s : u"failed_test"_s;
}

std::optional<RunNoticeKind> runNoticeKindFromName(const QString &name)
{
    for (RunNoticeKind k : {RunNoticeKind::FailedTest, RunNoticeKind::Regression})
        if (runNoticeKindName(k) == name)
            return k;
    return std::nullopt;
}

NoticeStore::NoticeStore(ResultStore &store) : m_store(store) {}

StoreResult<qint64> NoticeStore::addNotice(qint64 runId, RunNoticeKind kind, const QString &text)
{
    if (text.trimmed().isEmpty())
        return StoreError{StoreError::Kind::Invalid, u"a notice of run %1 needs a text"_s.arg(runId)};
    SqlStatement run(m_store, u"SELECT 1 FROM runs WHERE id = ?"_s);
    run.bind(runId);
    if (!run.exec())
        return run.error(u"looking up run %1"_s.arg(runId));
    if (!run.next())
        return StoreError{StoreError::Kind::NotFound, u"run %1 does not exist"_s.arg(runId)};
    run.finish();
    SqlStatement q(m_store, u"INSERT INTO run_notices (run_id, kind, text, created_ms, seen) VALUES (?, ?, ?, ?, 0) "
                            "RETURNING id"_s);
    q.bind(runId).bindText(runNoticeKindName(kind)).bindText(text.trimmed());
    q.bind(toDbTime(QDateTime::currentDateTimeUtc()));
    if (!q.exec())
        return q.error(u"saving a notice of run %1"_s.arg(runId));
    const qint64 id = q.insertedId();
    q.finish();
    m_store.notifyChanged(u"notices"_s);
    return id;
}

StoreResult<QList<RunNotice>> NoticeStore::read(const QString &where, const QVariantList &binds)
{
    SqlStatement q(m_store, u"SELECT n.id, n.run_id, n.kind, n.text, n.created_ms, n.seen, r.uuid, r.plan, "
                            "r.test_case FROM run_notices n JOIN runs r ON r.id = n.run_id"_s
                                + where + u" ORDER BY n.id"_s);
    for (const QVariant &b : binds)
        q.bind(b);
    if (!q.exec())
        return q.error(u"reading run notices"_s);
    QList<RunNotice> out;
    while (q.next()) {
        RunNotice n;
        n.id = q.integer(0);
        n.runId = q.integer(1);
        n.kind = runNoticeKindFromName(q.text(2)).value_or(RunNoticeKind::FailedTest);
        n.text = q.text(3);
        n.created = fromDbTime(q.value(4));
        n.seen = q.integer(5) != 0;
        n.runUuid = q.text(6);
        n.plan = q.text(7);
        n.testCase = q.text(8);
        out.append(n);
    }
    return out;
}

StoreResult<QList<RunNotice>> NoticeStore::notices(qint64 runId)
{
    return read(u" WHERE n.run_id = ?"_s, {runId});
}

StoreResult<QList<RunNotice>> NoticeStore::unseenNotices()
{
    return read(u" WHERE n.seen = 0"_s, {});
}

StoreResult<QList<RunNotice>> NoticeStore::allNotices()
{
    return read(QString(), {});
}

StoreResult<bool> NoticeStore::mergeNoticeNoTransaction(qint64 runId, const RunNotice &n)
{
    const QVariant created = toDbTime(n.created);
    SqlStatement same(m_store, u"SELECT id, seen FROM run_notices WHERE run_id = ? AND kind = ? AND text = ? AND "
                               "created_ms = ?"_s);
    same.bind(runId).bindText(runNoticeKindName(n.kind)).bindText(n.text).bind(created);
    if (!same.exec())
        return same.error(u"looking up the notices of run %1"_s.arg(runId));
    if (same.next()) {
        const qint64 id = same.integer(0);
        const bool seen = same.integer(1) != 0;
        same.finish();
        if (n.seen && !seen) {
            SqlStatement q(m_store, u"UPDATE run_notices SET seen = 1 WHERE id = ?"_s);
            q.bind(id);
            if (!q.exec())
                return q.error(u"marking notice %1 seen"_s.arg(id));
        }
        return false;
    }
    same.finish();
    SqlStatement q(m_store, u"INSERT INTO run_notices (run_id, kind, text, created_ms, seen) VALUES (?, ?, ?, ?, ?)"_s);
    q.bind(runId).bindText(runNoticeKindName(n.kind)).bindText(n.text).bind(created).bind(n.seen ? 1 : 0);
    if (!q.exec())
        return q.error(u"saving a notice of run %1"_s.arg(runId));
    m_store.notifyChanged(u"notices"_s);
    return true;
}

StoreStatus NoticeStore::markSeen(const QList<qint64> &ids)
{
    SqlTransaction tx(m_store);
    if (StoreStatus s = tx.begin(); !s)
        return s;
    SqlStatement q(m_store, u"UPDATE run_notices SET seen = 1 WHERE id = ?"_s);
    for (qint64 id : ids) {
        q.bind(id);
        if (!q.exec())
            return q.error(u"marking notice %1 seen"_s.arg(id));
    }
    return tx.commit();
}

} // namespace wb
