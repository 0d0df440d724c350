// SPDX-License-Identifier: GPL-3.0-or-later
#include "baselinestore.h"

#include "inventorystore.h"
#include "resultstore.h"
#include "sqlstatement.h"
#include "sqltransaction.h"
#include "tagname.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>

#include <cmath>

using namespace Qt::StringLiterals;

namespace wb {

namespace {

QString compact(const QJsonObject &o)
{
    return QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact));
}

QString compact(const QJsonArray &a)
{
    return QString::fromUtf8(QJsonDocument(a).toJson(QJsonDocument::Compact));
}

QJsonArray samplesJson(const QList<Sample> &samples)
{
    QJsonArray a;
    for (const Sample &s : samples)
        a.append(QJsonObject{{u"t"_s, s.t}, {u"side"_s, s.side}, {u"name"_s, s.name}, {u"value"_s, s.value}});
    return a;
}

// Whether the stored baseline already says the same (ignores ids and times).
bool sameContent(const Baseline &a, const Baseline &b)
{
    auto sortedMetrics = [](QList<Metric> m) {
        std::sort(m.begin(), m.end(), [](const Metric &x, const Metric &y) {
            return std::tie(x.name, x.side) < std::tie(y.name, y.side);
        });
        return m;
    };
    ResultRecord ra = a.record, rb = b.record;
    ra.metrics = sortedMetrics(ra.metrics);
    rb.metrics = sortedMetrics(rb.metrics);
    QList<BaselineObject> oa = a.objects, ob = b.objects;
    auto byKey = [](const BaselineObject &x, const BaselineObject &y) {
        return std::tie(x.type, x.key) < std::tie(y.type, y.key);
    };
    std::sort(oa.begin(), oa.end(), byKey);
    std::sort(ob.begin(), ob.end(), byKey);
    return a.key == b.key && a.citation == b.citation && a.hardwareText == b.hardwareText &&
           a.hardware == b.hardware && oa == ob && ra == rb;
}

} // namespace

BaselineStore::BaselineStore(ResultStore &store) : m_store(store) {}

StoreResult<BaselineImportSummary> BaselineStore::importBaselines(const QList<Baseline> &baselines)
{
    SqlTransaction tx(m_store);
    if (StoreStatus s = tx.begin(); !s)
        return s.error();
    auto sum = importBaselinesNoTransaction(baselines);
    if (!sum)
        return sum;
    if (StoreStatus s = tx.commit(); !s)
        return s.error();
    return sum;
}

StoreResult<BaselineImportSummary> BaselineStore::importBaselinesNoTransaction(const QList<Baseline> &baselines)
{
    QSqlDatabase db = m_store.database();
    InventoryStore &inv = m_store.inventory();
    BaselineImportSummary sum;
    QSet<QString> keys;
    SqlStatement upsert(m_store, u"INSERT INTO baselines (key, title, author, date, source_file, hardware_text, hardware, "
                            "kind, params, tool, tool_version, samples, extra, created_ms, changed_ms) "
                            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
                            "ON CONFLICT (key) DO UPDATE SET title = excluded.title, author = excluded.author, "
                            "date = excluded.date, source_file = excluded.source_file, "
                            "hardware_text = excluded.hardware_text, hardware = excluded.hardware, "
                            "kind = excluded.kind, params = excluded.params, tool = excluded.tool, "
                            "tool_version = excluded.tool_version, samples = excluded.samples, "
                            "extra = excluded.extra, changed_ms = excluded.changed_ms"_s);
    SqlStatement idOf(m_store, u"SELECT id FROM baselines WHERE key = ?"_s);
    SqlStatement clearMetrics(m_store, u"DELETE FROM baseline_metrics WHERE baseline_id = ?"_s);
    SqlStatement clearObjects(m_store, u"DELETE FROM baseline_objects WHERE baseline_id = ?"_s);
    SqlStatement metric(m_store, u"INSERT INTO baseline_metrics (baseline_id, name, side, value, unit) "
                            "VALUES (?, ?, ?, ?, ?)"_s);
    SqlStatement object(m_store, u"INSERT INTO baseline_objects (baseline_id, object_type, object_key, object_id) "
                            "VALUES (?, ?, ?, ?)"_s);
    for (const Baseline &b : baselines) {
        if (b.key.isEmpty())
            return StoreError{StoreError::Kind::Invalid, u"a baseline needs a key"_s};
        if (b.record.kind.isEmpty())
            return StoreError{StoreError::Kind::Invalid, u"baseline '%1' needs a kind"_s.arg(b.key)};
        if (keys.contains(b.key))
            return StoreError{StoreError::Kind::Invalid, u"baseline key '%1' appears twice in the set"_s.arg(b.key)};
        keys.insert(b.key);
        QSet<QPair<QString, QString>> names;
        for (const Metric &m : b.record.metrics) {
            if (m.name.isEmpty() || !std::isfinite(m.value) || names.contains({m.name, m.side}))
                return StoreError{StoreError::Kind::Invalid,
                                  u"baseline '%1': metric '%2' side '%3' is unnamed, repeated or not finite"_s.arg(
                                      b.key, m.name, m.side)};
            names.insert({m.name, m.side});
        }
        auto existing = baseline(b.key);
        if (existing && sameContent(*existing, b)) {
            ++sum.unchanged;
            continue;
        }
        if (!existing && existing.error().kind != StoreError::Kind::NotFound)
            return existing.error();
        const QVariant now = toDbTime(QDateTime::currentDateTimeUtc());
        upsert.bindText(b.key).bindText(b.citation.title).bindText(b.citation.author).bindText(b.citation.date);
        upsert.bindText(b.citation.sourceFile).bindText(b.hardwareText).bindText(compact(b.hardware));
        upsert.bindText(b.record.kind).bindText(compact(b.record.params)).bindText(b.record.tool);
        upsert.bindText(b.record.toolVersion).bindText(compact(samplesJson(b.record.samples)));
        upsert.bindText(compact(b.record.extra)).bind(toDbTime(b.created.isValid() ? b.created : QDateTime::currentDateTimeUtc()));
        upsert.bind(now);
        if (!upsert.exec())
            return upsert.error(u"saving baseline '%1'"_s.arg(b.key));
        idOf.bind(b.key);
        if (!idOf.exec() || !idOf.next())
            return idOf.error(u"saving baseline '%1'"_s.arg(b.key));
        const qint64 id = idOf.integer(0);
        idOf.finish();
        clearMetrics.bind(id);
        clearObjects.bind(id);
        if (!clearMetrics.exec() || !clearObjects.exec())
            return clearMetrics.error(u"replacing baseline '%1'"_s.arg(b.key));
        for (const Metric &m : b.record.metrics) {
            metric.bind(id).bindText(m.name).bindText(m.side).bind(m.value).bindText(m.unit);
            if (!metric.exec())
                return metric.error(u"saving baseline '%1' metric '%2'"_s.arg(b.key, m.name));
        }
        for (const BaselineObject &o : b.objects) {
            qint64 objectId = 0;
            if (o.type == u"host"_s) {
                if (auto x = inv.hostByName(o.key))
                    objectId = x->id;
            } else if (o.type == u"nic"_s) {
                if (auto x = inv.nicByKey(o.key))
                    objectId = x->id;
            } else if (o.type == u"switch"_s) {
                if (auto x = inv.switchByName(o.key))
                    objectId = x->id;
            } else if (o.type == u"cable"_s) {
                if (auto x = inv.cableByLabel(o.key))
                    objectId = x->id;
            }
            object.bind(id).bindText(o.type).bindText(o.key);
            object.bind(objectId > 0 ? QVariant(objectId) : QVariant(QMetaType::fromType<qint64>()));
            if (!object.exec())
                return object.error(u"saving baseline '%1' object '%2'"_s.arg(b.key, o.key));
        }
        if (existing)
            ++sum.updated;
        else
            ++sum.added;
    }
    return sum;
}

StoreResult<QList<Baseline>> BaselineStore::read(const QString &where, const QVariantList &binds)
{
    QSqlDatabase db = m_store.database();
    SqlStatement q(m_store, u"SELECT id, key, title, author, date, source_file, hardware_text, hardware, kind, params, "
                       "tool, tool_version, samples, extra, created_ms, changed_ms, notes FROM baselines"_s +
                           where + u" ORDER BY key"_s);
    for (const QVariant &b : binds)
        q.bind(b);
    if (!q.exec())
        return q.error(u"reading baselines"_s);
    QList<Baseline> out;
    while (q.next()) {
        Baseline b;
        b.id = q.integer(0);
        b.key = q.text(1);
        b.citation = Citation{q.text(2), q.text(3), q.text(4), q.text(5)};
        b.hardwareText = q.text(6);
        b.hardware = QJsonDocument::fromJson(q.text(7).toUtf8()).object();
        b.record.kind = q.text(8);
        b.record.params = QJsonDocument::fromJson(q.text(9).toUtf8()).object();
        b.record.tool = q.text(10);
        b.record.toolVersion = q.text(11);
        const QJsonArray samples = QJsonDocument::fromJson(q.text(12).toUtf8()).array();
        for (const QJsonValue &v : samples) {
            const QJsonObject s = v.toObject();
            b.record.samples.append(Sample{s.value(u"t"_s).toDouble(), s.value(u"side"_s).toString(),
                                           s.value(u"name"_s).toString(), s.value(u"value"_s).toDouble()});
        }
        b.record.extra = QJsonDocument::fromJson(q.text(13).toUtf8()).object();
        b.created = fromDbTime(q.value(14));
        b.changed = fromDbTime(q.value(15));
        b.notes = q.text(16);
        out.append(b);
    }
    q.finish();
    SqlStatement m(m_store, u"SELECT name, side, value, unit FROM baseline_metrics WHERE baseline_id = ? "
                       "ORDER BY name, side"_s);
    SqlStatement o(m_store, u"SELECT object_type, object_key FROM baseline_objects WHERE baseline_id = ? "
                       "ORDER BY object_type, object_key"_s);
    SqlStatement t(m_store, u"SELECT tag FROM baseline_tags WHERE baseline_id = ?"_s);
    for (Baseline &b : out) {
        t.bind(b.id);
        if (!t.exec())
            return t.error(u"reading the tags of baseline '%1'"_s.arg(b.key));
        while (t.next())
            b.tags.append(t.text(0));
        TagName::sort(b.tags);
        m.bind(b.id);
        if (!m.exec())
            return m.error(u"reading baseline '%1'"_s.arg(b.key));
        while (m.next())
            b.record.metrics.append(Metric{m.text(0), m.text(1), m.real(2), m.text(3)});
        o.bind(b.id);
        if (!o.exec())
            return o.error(u"reading baseline '%1'"_s.arg(b.key));
        while (o.next())
            b.objects.append(BaselineObject{o.text(0), o.text(1)});
    }
    return out;
}

StoreResult<QList<Baseline>> BaselineStore::baselines(const QString &kind)
{
    if (kind.isEmpty())
        return read(QString(), {});
    return read(u" WHERE kind = ?"_s, {kind});
}

StoreResult<Baseline> BaselineStore::baseline(const QString &key)
{
    auto list = read(u" WHERE key = ?"_s, {key});
    if (!list)
        return list.error();
    if (list->isEmpty())
        return StoreError{StoreError::Kind::NotFound, u"baseline '%1' does not exist"_s.arg(key)};
    return list->first();
}

StoreStatus BaselineStore::deleteBaseline(const QString &key)
{
    SqlStatement q(m_store, u"DELETE FROM baselines WHERE key = ?"_s);
    q.bind(key);
    if (!q.exec())
        return q.error(u"deleting baseline '%1'"_s.arg(key));
    if (q.rowsAffected() == 0)
        return StoreError{StoreError::Kind::NotFound, u"baseline '%1' does not exist"_s.arg(key)};
    return {};
}

} // namespace wb
