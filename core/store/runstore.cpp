// SPDX-License-Identifier: GPL-3.0-or-later
#include "runstore.h"

#include "inventorystore.h"
#include "resultstore.h"
#include "sqlstatement.h"
#include "sqltransaction.h"

#include <QHash>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QSet>
#include <QUuid>
#include <QtEndian>

#include <cmath>
#include <cstring>
#include <numbers>

using namespace Qt::StringLiterals;

namespace wb {

namespace {

constexpr qsizetype kMaxChunkSamples = 65536;
// pg_advisory_xact_lock key for adding inventory snapshots ("WBNS").
constexpr qint64 kSnapshotLockKey = 0x57424e53;

const auto kRunColumns =
    u"SELECT r.id, r.uuid, r.plan, r.test_case, r.kind, r.params, r.client_endpoint, r.server_endpoint, r.tool, "
    "r.tool_version, r.status, r.started_ms, r.ended_ms, r.error, m.uuid, r.repetition, d.inventory_path, "
    "d.env_client, d.env_server, d.extra, r.created_ms, r.notes FROM runs r "
    "LEFT JOIN measurements m ON m.id = r.measurement_id LEFT JOIN run_details d ON d.run_id = r.id"_s;
// The same columns without the big JSON of run_details (fast listings).
const auto kRunColumnsBrief =
    u"SELECT r.id, r.uuid, r.plan, r.test_case, r.kind, r.params, r.client_endpoint, r.server_endpoint, r.tool, "
    "r.tool_version, r.status, r.started_ms, r.ended_ms, r.error, m.uuid, r.repetition, '[]', "
    "'{}', '{}', '{}', r.created_ms, r.notes FROM runs r "
    "LEFT JOIN measurements m ON m.id = r.measurement_id"_s;

QString jsonText(const QJsonObject &o)
{
    return QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact));
}

QString jsonText(const QJsonArray &a)
{
    return QString::fromUtf8(QJsonDocument(a).toJson(QJsonDocument::Compact));
}

QJsonObject jsonObject(const QString &text)
{
    return QJsonDocument::fromJson(text.toUtf8()).object();
}

QJsonArray jsonArray(const QString &text)
{
    return QJsonDocument::fromJson(text.toUtf8()).array();
}

bool isPlainName(const QString &s)
{
    static const QRegularExpression re(u"^[A-Za-z0-9_]{1,64}$"_s);
    return re.match(s).hasMatch();
}

void appendDouble(QByteArray &out, double v)
{
    quint64 bits;
    std::memcpy(&bits, &v, sizeof bits);
    bits = qToLittleEndian(bits);
    out.append(reinterpret_cast<const char *>(&bits), sizeof bits);
}

double readDouble(const char *p)
{
    quint64 bits;
    std::memcpy(&bits, p, sizeof bits);
    bits = qFromLittleEndian(bits);
    double v;
    std::memcpy(&v, &bits, sizeof v);
    return v;
}

QVariant paramValue(const QJsonValue &v)
{
    switch (v.type()) {
    case QJsonValue::Double:
        return v.toDouble();
    case QJsonValue::String:
        return v.toString();
    case QJsonValue::Bool:
        return v.toBool() ? 1 : 0;
    default:
        return QVariant(QString::fromUtf8(QJsonDocument(QJsonArray{v}).toJson(QJsonDocument::Compact)));
    }
}

// A PostgreSQL array literal ({"a","b\\"c"}) to bind as one text parameter
// and cast (?::text[]); `quote` false for numbers.
QString pgArray(const QStringList &items, bool quote = true)
{
    QString out = u"{"_s;
    for (qsizetype i = 0; i < items.size(); ++i) {
        if (i > 0)
            out += u',';
        if (!quote) {
            out += items[i];
            continue;
        }
        QString item = items[i];
        item.replace(u'\\', u"\\\\"_s).replace(u'"', u"\\\""_s);
        out += u'"' + item + u'"';
    }
    return out + u'}';
}

// The WHERE clause of a RunFilter from fixed fragments; values are bound.
StoreResult<QString> filterWhere(const RunFilter &f, QVariantList *binds, bool defaultFinished,
                                 SqlDialect dialect)
{
    QStringList parts;
    if (!f.kind.isEmpty()) {
        parts.append(u"r.kind = ?"_s);
        binds->append(f.kind);
    }
    if (!f.plan.isEmpty()) {
        parts.append(u"r.plan = ?"_s);
        binds->append(f.plan);
    }
    if (f.status) {
        parts.append(u"r.status = ?"_s);
        binds->append(runStatusName(*f.status));
    } else if (defaultFinished) {
        parts.append(u"r.status = 'finished'"_s);
    }
    auto object = [&](const QString &type, qint64 id) {
        parts.append(u"r.id IN (SELECT run_id FROM run_objects WHERE object_type = ? AND object_id = ?)"_s);
        binds->append(type);
        binds->append(id);
    };
    // By the name at run time, so renamed objects and imported runs match.
    for (const auto &[type, key] : {std::pair{u"host"_s, f.hostName}, std::pair{u"nic"_s, f.nicKey},
                                    std::pair{u"switch"_s, f.switchName}, std::pair{u"cable"_s, f.cableLabel}}) {
        if (key.isEmpty())
            continue;
        parts.append(u"r.id IN (SELECT o.run_id FROM object_snapshots s JOIN run_objects o ON o.snapshot_id = s.id "
                     "WHERE s.object_type = ? AND s.object_key = ?)"_s);
        binds->append(type);
        binds->append(key);
    }
    if (f.hostId > 0)
        object(u"host"_s, f.hostId);
    if (f.nicId > 0)
        object(u"nic"_s, f.nicId);
    if (f.switchId > 0)
        object(u"switch"_s, f.switchId);
    if (f.cableId > 0)
        object(u"cable"_s, f.cableId);
    if (!f.measurementUuid.isEmpty()) {
        parts.append(u"r.measurement_id = (SELECT id FROM measurements WHERE uuid = ?)"_s);
        binds->append(f.measurementUuid);
    }
    if (f.since.isValid()) {
        parts.append(u"r.started_ms >= ?"_s);
        binds->append(f.since.toMSecsSinceEpoch());
    }
    if (f.until.isValid()) {
        parts.append(u"r.started_ms < ?"_s);
        binds->append(f.until.toMSecsSinceEpoch());
    }
    if (!f.text.isEmpty()) {
        QString pattern = f.text;
        pattern.replace(u'\\', u"\\\\"_s).replace(u'%', u"\\%"_s).replace(u'_', u"\\_"_s);
        pattern = u'%' + pattern + u'%';
        // SQLite's LIKE ignores ASCII case; PostgreSQL's ILIKE does the same.
        if (dialect == SqlDialect::Postgres)
            parts.append(u"(r.plan ILIKE ? ESCAPE '\\' OR r.test_case ILIKE ? ESCAPE '\\' OR r.client_endpoint "
                         "ILIKE ? ESCAPE '\\' OR r.server_endpoint ILIKE ? ESCAPE '\\')"_s);
        else
            parts.append(u"(r.plan LIKE ? ESCAPE '\\' OR r.test_case LIKE ? ESCAPE '\\' OR r.client_endpoint LIKE ? "
                         "ESCAPE '\\' OR r.server_endpoint LIKE ? ESCAPE '\\')"_s);
        for (int i = 0; i < 4; ++i)
            binds->append(pattern);
    }
    for (auto it = f.params.begin(); it != f.params.end(); ++it) {
        if (!isPlainName(it.key()))
            return StoreError{StoreError::Kind::Invalid,
                              u"parameter name '%1' may only hold letters, digits and _"_s.arg(it.key())};
        if (dialect == SqlDialect::Postgres) {
            // jsonb containment of {"name": value}: numbers compare by value
            // (100 = 100.0) like json_extract does in SQLite.
            parts.append(u"r.params::jsonb @> ?::jsonb"_s);
            binds->append(jsonText(QJsonObject{{it.key(), it.value()}}));
        } else {
            parts.append(u"json_extract(r.params, ?) = ?"_s);
            binds->append(u"$."_s + it.key());
            binds->append(paramValue(it.value()));
        }
    }
    return parts.isEmpty() ? QString() : u" WHERE "_s + parts.join(u" AND "_s);
}

// Inverse of the standard normal CDF (Acklam's rational approximation).
double normalQuantile(double p)
{
    static const double a[] = {-3.969683028665376e+01, 2.209460984245205e+02, -2.759285104469687e+02,
                               1.383577518672690e+02, -3.066479806614716e+01, 2.506628277459239e+00};
    static const double b[] = {-5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02,
                               6.680131188771972e+01, -1.328068155288572e+01};
    static const double c[] = {-7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00,
                               -2.549732539343734e+00, 4.374664141464968e+00, 2.938163982698783e+00};
    static const double d[] = {7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00,
                               3.754408661907416e+00};
    const double plow = 0.02425;
    if (p < plow) {
        const double q = std::sqrt(-2 * std::log(p));
        return (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
               ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
    }
    if (p > 1 - plow)
        return -normalQuantile(1 - p);
    const double q = p - 0.5;
    const double r = q * q;
    return (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q /
           (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
}

} // namespace

double studentT(double level, int df)
{
    if (df < 1 || level <= 0 || level >= 1)
        return 0;
    const double p = (1 + level) / 2;
    if (df == 1)
        return std::tan(std::numbers::pi * (p - 0.5));
    if (df == 2)
        return (2 * p - 1) * std::sqrt(2 / (4 * p * (1 - p)));
    // Cornish-Fisher expansion around the normal quantile; within 0.1% for df >= 3.
    const double z = normalQuantile(p);
    const double n = df;
    const double z2 = z * z, z3 = z2 * z, z5 = z3 * z2, z7 = z5 * z2, z9 = z7 * z2;
    return z + (z3 + z) / (4 * n) + (5 * z5 + 16 * z3 + 3 * z) / (96 * n * n) +
           (3 * z7 + 19 * z5 + 17 * z3 - 15 * z) / (384 * n * n * n) +
           (79 * z9 + 776 * z7 + 1482 * z5 - 1920 * z3 - 945 * z) / (92160 * n * n * n * n);
}

QString runStatusName(RunStatus status)
{
    switch (status) {
    case RunStatus::Running:
        return u"running"_s;
    case RunStatus::Failed:
        return u"failed"_s;
    case RunStatus::Cancelled:
        return u"cancelled"_s;
    case RunStatus::Finished:
        break;
    }
    return u"finished"_s;
}

std::optional<RunStatus> runStatusFromName(const QString &name)
{
    for (RunStatus s : {RunStatus::Running, RunStatus::Finished, RunStatus::Failed, RunStatus::Cancelled})
        if (runStatusName(s) == name)
            return s;
    return std::nullopt;
}

RunStore::RunStore(ResultStore &store) : m_store(store) {}

StoreResult<QJsonArray> RunStore::snapshot(const StoredRun &run)
{
    InventoryStore &inv = m_store.inventory();
    QJsonArray path;
    QSet<QString> seen; // "type:id" already on the path
    QHash<QString, int> positions;
    auto add = [&](const QString &role, const QString &type, qint64 id, const QString &key, const QJsonObject &attrs) {
        const QString tag = type + u':' + QString::number(id);
        if (seen.contains(tag) && type != u"host"_s && type != u"nic"_s)
            return;
        seen.insert(tag);
        const int position = positions.value(role, 0);
        positions[role] = position + 1;
        path.append(QJsonObject{{u"role"_s, role},
                                {u"position"_s, position},
                                {u"type"_s, type},
                                {u"id"_s, double(id)},
                                {u"key"_s, key},
                                {u"attrs"_s, attrs}});
    };
    auto addHost = [&](const QString &role, qint64 id) -> StoreStatus {
        auto h = inv.host(id);
        if (!h)
            return h.error();
        add(role, u"host"_s, id, h->name, h->toJson());
        return {};
    };
    auto addNicAndWire = [&](const QString &role, qint64 nicId, bool wireAfter) -> StoreStatus {
        auto n = inv.nic(nicId);
        if (!n)
            return n.error();
        QJsonObject attrs = n->toJson();
        attrs.insert(u"host"_s, n->hostName);
        auto link = inv.linkOfNic(nicId);
        if (!link && link.error().kind != StoreError::Kind::NotFound)
            return link.error();
        auto addWire = [&]() -> StoreStatus {
            if (!link)
                return {};
            auto c = inv.cable(link->cableId);
            if (!c)
                return c.error();
            QJsonObject cattrs = c->toJson();
            if (link->switchId > 0) {
                auto s = inv.networkSwitch(link->switchId);
                if (!s)
                    return s.error();
                QJsonObject sattrs = s->toJson();
                sattrs.insert(u"port"_s, link->switchPort);
                if (wireAfter) {
                    add(u"cable"_s, u"cable"_s, c->id, c->label, cattrs);
                    add(u"switch"_s, u"switch"_s, s->id, s->name, sattrs);
                } else {
                    add(u"switch"_s, u"switch"_s, s->id, s->name, sattrs);
                    add(u"cable"_s, u"cable"_s, c->id, c->label, cattrs);
                }
            } else {
                add(u"cable"_s, u"cable"_s, c->id, c->label, cattrs);
            }
            return {};
        };
        if (!wireAfter)
            if (StoreStatus s = addWire(); !s)
                return s;
        add(role, u"nic"_s, nicId, n->key(), attrs);
        if (wireAfter)
            if (StoreStatus s = addWire(); !s)
                return s;
        return {};
    };
    qint64 clientHost = run.clientHostId;
    qint64 serverHost = run.serverHostId;
    for (const auto &[hostId, nicId, end] : {std::tuple{clientHost, run.clientNicId, u"client"_s},
                                             std::tuple{serverHost, run.serverNicId, u"server"_s}}) {
        if (hostId <= 0 || nicId <= 0)
            continue;
        auto n = inv.nic(nicId);
        if (!n)
            return n.error();
        if (n->hostId != hostId)
            return StoreError{StoreError::Kind::Invalid,
                              u"the %1 NIC '%2' is not on the %1 host (id %3)"_s.arg(end, n->key()).arg(hostId)};
    }
    if (clientHost <= 0 && run.clientNicId > 0) {
        auto n = inv.nic(run.clientNicId);
        if (!n)
            return n.error();
        clientHost = n->hostId;
    }
    if (serverHost <= 0 && run.serverNicId > 0) {
        auto n = inv.nic(run.serverNicId);
        if (!n)
            return n.error();
        serverHost = n->hostId;
    }
    if (clientHost > 0)
        if (StoreStatus s = addHost(u"client_host"_s, clientHost); !s)
            return s.error();
    if (run.clientNicId > 0)
        if (StoreStatus s = addNicAndWire(u"client_nic"_s, run.clientNicId, true); !s)
            return s.error();
    if (run.serverNicId > 0)
        if (StoreStatus s = addNicAndWire(u"server_nic"_s, run.serverNicId, false); !s)
            return s.error();
    if (serverHost > 0)
        if (StoreStatus s = addHost(u"server_host"_s, serverHost); !s)
            return s.error();
    return path;
}

StoreResult<qint64> RunStore::measurementId(const QString &uuid)
{
    SqlStatement q(m_store, u"SELECT id FROM measurements WHERE uuid = ?"_s);
    q.bind(uuid);
    if (!q.exec())
        return q.error(u"finding measurement %1"_s.arg(uuid));
    if (!q.next())
        return StoreError{StoreError::Kind::NotFound, u"measurement %1 does not exist; save it first"_s.arg(uuid)};
    return q.integer(0);
}

StoreResult<qint64> RunStore::insertRun(const StoredRun &run, bool takeSnapshot)
{
    const ResultRecord &rec = run.record;
    if (rec.kind.isEmpty())
        return StoreError{StoreError::Kind::Invalid, u"a run needs a kind"_s};
    QSet<QPair<QString, QString>> names;
    for (const Metric &m : rec.metrics) {
        if (m.name.isEmpty())
            return StoreError{StoreError::Kind::Invalid, u"a metric of the run has no name"_s};
        if (!std::isfinite(m.value))
            return StoreError{StoreError::Kind::Invalid,
                              u"metric '%1' (%2) is not a finite number"_s.arg(m.name, m.side)};
        if (names.contains({m.name, m.side}))
            return StoreError{StoreError::Kind::Invalid,
                              u"metric '%1' side '%2' appears twice in the run"_s.arg(m.name, m.side)};
        names.insert({m.name, m.side});
    }
    QJsonArray path = run.inventoryPath;
    if (takeSnapshot) {
        auto snap = snapshot(run);
        if (!snap)
            return snap.error();
        path = *snap;
    }
    QVariant measurement(QMetaType::fromType<qint64>());
    if (!run.measurementUuid.isEmpty()) {
        auto mid = measurementId(run.measurementUuid);
        if (!mid)
            return mid.error();
        measurement = *mid;
    }
    const QDateTime now = QDateTime::currentDateTimeUtc();
    const QString uuid = run.uuid.isEmpty() ? QUuid::createUuid().toString(QUuid::WithoutBraces) : run.uuid;
    QSqlDatabase db = m_store.database();
    SqlStatement q(m_store, u"INSERT INTO runs (uuid, plan, test_case, kind, params, client_endpoint, server_endpoint, "
                       "tool, tool_version, status, started_ms, ended_ms, error, measurement_id, repetition, "
                       "created_ms, notes) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id"_s);
    q.bindText(uuid).bindText(run.plan).bindText(run.testCase).bindText(rec.kind).bindText(jsonText(rec.params));
    q.bindText(run.clientEndpoint).bindText(run.serverEndpoint).bindText(rec.tool).bindText(rec.toolVersion);
    q.bindText(runStatusName(run.status)).bind(toDbTime(run.startedAt.isValid() ? run.startedAt : now));
    q.bind(toDbTime(run.endedAt)).bindText(run.error).bind(measurement).bind(run.repetition);
    q.bind(toDbTime(run.created.isValid() ? run.created : now)).bindText(run.notes);
    if (!q.exec()) {
        StoreError e = q.error(u"saving a %1 run"_s.arg(rec.kind));
        if (e.kind == StoreError::Kind::Invalid)
            e.message = u"run %1 is already stored"_s.arg(uuid);
        return e;
    }
    const qint64 id = q.insertedId();
    q.finish();

    SqlStatement o(m_store, u"INSERT INTO run_objects (run_id, role, position, object_type, object_id, snapshot_id) "
                       "VALUES (?, ?, ?, ?, ?, ?)"_s);
    InventoryStore &inv = m_store.inventory();
    QJsonArray storedPath;
    for (const QJsonValue &v : std::as_const(path)) {
        const QJsonObject e = v.toObject();
        const QString type = e.value(u"type"_s).toString();
        const QString key = e.value(u"key"_s).toString();
        qint64 objectId = e.value(u"id"_s).toInteger(); // 0 for what no qint64 holds (imported 1e300)
        if (!takeSnapshot) {
            // Imported: the same object in this database is found by its key.
            objectId = 0;
            if (type == u"host"_s) {
                if (auto x = inv.hostByName(key))
                    objectId = x->id;
            } else if (type == u"nic"_s) {
                if (auto x = inv.nicByKey(key))
                    objectId = x->id;
            } else if (type == u"switch"_s) {
                if (auto x = inv.switchByName(key))
                    objectId = x->id;
            } else if (type == u"cable"_s) {
                if (auto x = inv.cableByLabel(key))
                    objectId = x->id;
            }
        }
        auto snapshotId = this->snapshotId(type, key, jsonText(e.value(u"attrs"_s).toObject()));
        if (!snapshotId)
            return snapshotId.error();
        o.bind(id).bindText(e.value(u"role"_s).toString()).bind(e.value(u"position"_s).toInt()).bindText(type);
        o.bind(objectId > 0 ? QVariant(objectId) : QVariant(QMetaType::fromType<qint64>())).bind(*snapshotId);
        if (!o.exec())
            return o.error(u"saving the inventory snapshot of run %1"_s.arg(id));
        // The stored path carries this database's ids (imports remap them;
        // 0 when the object is not in this inventory).
        QJsonObject local = e;
        local.insert(u"id"_s, double(std::max<qint64>(objectId, 0)));
        storedPath.append(local);
    }
    SqlStatement d(m_store, u"INSERT INTO run_details (run_id, inventory_path, env_client, env_server, extra) "
                            "VALUES (?, ?, ?, ?, ?)"_s);
    d.bind(id).bindText(jsonText(storedPath)).bindText(jsonText(run.clientEnvironment));
    d.bindText(jsonText(run.serverEnvironment)).bindText(jsonText(rec.extra));
    if (!d.exec())
        return d.error(u"saving the details of run %1"_s.arg(id));
    if (StoreStatus s = insertMetrics(id, rec.metrics); !s)
        return s.error();
    if (StoreStatus s = insertSamples(id, rec.samples); !s)
        return s.error();
    m_store.notifyChanged(u"runs"_s);
    return id;
}

StoreResult<qint64> RunStore::snapshotId(const QString &type, const QString &key, const QString &attrs)
{
    QSqlDatabase db = m_store.database();
    SqlStatement find(m_store, u"SELECT id FROM object_snapshots WHERE object_type = ? AND object_key = ? AND attrs = ?"_s);
    find.bindText(type).bindText(key).bindText(attrs);
    if (!find.exec())
        return find.error(u"looking up a snapshot of %1 '%2'"_s.arg(type, key));
    if (find.next())
        return find.integer(0);
    find.finish();
    if (m_store.isPostgres()) {
        // Writers that add snapshots take turns (until their commit): two
        // runs adding the same two snapshots in opposite order would
        // otherwise deadlock on the unique index. Existing snapshots, the
        // usual case, need no lock.
        SqlStatement lock(m_store, u"SELECT pg_advisory_xact_lock(?)"_s);
        lock.bind(kSnapshotLockKey);
        if (!lock.exec())
            return lock.error(u"waiting to save a snapshot of %1 '%2'"_s.arg(type, key));
    }
    // Another client of a shared database may add the same snapshot at the
    // same moment: take theirs rather than fail (PostgreSQL waits for their
    // commit, then does nothing, and the second look finds it).
    SqlStatement add(m_store, u"INSERT INTO object_snapshots (object_type, object_key, attrs) VALUES (?, ?, ?) "
                              "ON CONFLICT DO NOTHING RETURNING id"_s);
    add.bindText(type).bindText(key).bindText(attrs);
    if (!add.exec())
        return add.error(u"saving a snapshot of %1 '%2'"_s.arg(type, key));
    if (const qint64 id = add.insertedId(); id > 0)
        return id;
    add.finish();
    find.bindText(type).bindText(key).bindText(attrs);
    if (!find.exec())
        return find.error(u"looking up a snapshot of %1 '%2'"_s.arg(type, key));
    if (find.next())
        return find.integer(0);
    return StoreError{StoreError::Kind::Failed, u"%1: the snapshot of %2 '%3' vanished while saving"_s.arg(m_store.path(), type, key)};
}

StoreStatus RunStore::insertMetrics(qint64 runId, const QList<Metric> &metrics)
{
    if (metrics.isEmpty())
        return {};
    if (m_store.isPostgres()) {
        // One round trip for all metrics of the run (each exec is one).
        QStringList names, sides, values, units;
        for (const Metric &m : metrics) {
            names.append(m.name);
            sides.append(m.side);
            values.append(QString::number(m.value, 'g', 17));
            units.append(m.unit);
        }
        SqlStatement q(m_store, u"INSERT INTO metrics (run_id, name, side, value, unit) SELECT ?, * FROM "
                                "unnest(?::text[], ?::text[], ?::double precision[], ?::text[])"_s);
        q.bind(runId).bindText(pgArray(names)).bindText(pgArray(sides)).bindText(pgArray(values, false));
        q.bindText(pgArray(units));
        if (!q.exec())
            return q.error(u"saving the metrics of run %1"_s.arg(runId));
        return {};
    }
    SqlStatement q(m_store, u"INSERT INTO metrics (run_id, name, side, value, unit) VALUES (?, ?, ?, ?, ?)"_s);
    for (const Metric &m : metrics) {
        q.bind(runId).bindText(m.name).bindText(m.side).bind(m.value).bindText(m.unit);
        if (!q.exec())
            return q.error(u"saving metric '%1' of run %2"_s.arg(m.name).arg(runId));
    }
    return {};
}

StoreStatus RunStore::insertSamples(qint64 runId, const QList<Sample> &samples)
{
    if (samples.isEmpty())
        return {};
    // Group into series, keeping the order samples came in within each.
    struct Series
    {
        QString side, name;
        QByteArray data;
        qsizetype count = 0;
        double tFirst = 0, tLast = 0;
    };
    QList<Series> series;
    QHash<QPair<QString, QString>, qsizetype> index;
    for (const Sample &s : samples) {
        if (s.name.isEmpty())
            return StoreError{StoreError::Kind::Invalid, u"a sample of run %1 has no name"_s.arg(runId)};
        auto it = index.find({s.side, s.name});
        if (it == index.end()) {
            it = index.insert({s.side, s.name}, series.size());
            series.append(Series{s.side, s.name, {}, 0, s.t, s.t});
            series.last().data.reserve(samples.size() * 16);
        }
        Series &x = series[*it];
        appendDouble(x.data, s.t);
        appendDouble(x.data, s.value);
        ++x.count;
        x.tLast = s.t;
    }
    QSqlDatabase db = m_store.database();
    // The next chunk number of every series of the run, in one query.
    QHash<QPair<QString, QString>, qint64> nextChunk;
    {
        SqlStatement next(m_store, u"SELECT side, name, max(chunk) + 1 FROM sample_chunks WHERE run_id = ? "
                                   "GROUP BY side, name"_s);
        next.bind(runId);
        if (!next.exec())
            return next.error(u"appending samples to run %1"_s.arg(runId));
        while (next.next())
            nextChunk.insert({next.text(0), next.text(1)}, next.integer(2));
    }
    struct Chunk
    {
        const Series *series;
        qint64 chunk;
        qsizetype first, n;
    };
    QList<Chunk> chunks;
    for (const Series &s : std::as_const(series)) {
        qint64 chunk = nextChunk.value({s.side, s.name}, 0);
        for (qsizetype first = 0; first < s.count; first += kMaxChunkSamples)
            chunks.append(Chunk{&s, chunk++, first, std::min(kMaxChunkSamples, s.count - first)});
    }
    if (m_store.isPostgres()) {
        // All chunks of this batch in one statement: each exec is a round
        // trip to the server (docs/store.md).
        QStringList sides, names, numbers, counts, firsts, lasts, datas;
        for (const Chunk &c : std::as_const(chunks)) {
            const QByteArray part = c.series->data.mid(c.first * 16, c.n * 16);
            sides.append(c.series->side);
            names.append(c.series->name);
            numbers.append(QString::number(c.chunk));
            counts.append(QString::number(c.n));
            firsts.append(QString::number(readDouble(part.constData()), 'g', 17));
            lasts.append(QString::number(readDouble(part.constData() + (c.n - 1) * 16), 'g', 17));
            datas.append(u"\\x"_s + QString::fromLatin1(part.toHex()));
        }
        SqlStatement q(m_store, u"INSERT INTO sample_chunks (run_id, side, name, chunk, count, t_first, t_last, data) "
                                "SELECT ?, * FROM unnest(?::text[], ?::text[], ?::bigint[], ?::bigint[], "
                                "?::double precision[], ?::double precision[], ?::bytea[])"_s);
        q.bind(runId).bindText(pgArray(sides)).bindText(pgArray(names)).bindText(pgArray(numbers, false));
        q.bindText(pgArray(counts, false)).bindText(pgArray(firsts, false)).bindText(pgArray(lasts, false));
        q.bindText(pgArray(datas));
        if (!q.exec())
            return q.error(u"saving the samples of run %1"_s.arg(runId));
        return {};
    }
    SqlStatement q(m_store, u"INSERT INTO sample_chunks (run_id, side, name, chunk, count, t_first, t_last, data) "
                       "VALUES (?, ?, ?, ?, ?, ?, ?, ?)"_s);
    for (const Chunk &c : std::as_const(chunks)) {
        const QByteArray part = c.series->data.mid(c.first * 16, c.n * 16);
        q.bind(runId).bindText(c.series->side).bindText(c.series->name).bind(c.chunk).bind(qint64(c.n));
        q.bind(readDouble(part.constData())).bind(readDouble(part.constData() + (c.n - 1) * 16)).bind(part);
        if (!q.exec())
            return q.error(u"saving samples '%1' of run %2"_s.arg(c.series->name).arg(runId));
    }
    return {};
}

StoreResult<qint64> RunStore::saveRun(const StoredRun &run)
{
    SqlTransaction tx(m_store);
    if (StoreStatus s = tx.begin(); !s)
        return s.error();
    auto id = insertRun(run, true);
    if (!id)
        return id;
    if (StoreStatus s = tx.commit(); !s)
        return s.error();
    return id;
}

StoreResult<QList<qint64>> RunStore::saveRuns(const QList<StoredRun> &runs)
{
    SqlTransaction tx(m_store);
    if (StoreStatus s = tx.begin(); !s)
        return s.error();
    QList<qint64> ids;
    ids.reserve(runs.size());
    for (const StoredRun &r : runs) {
        auto id = insertRun(r, true);
        if (!id)
            return id.error();
        ids.append(*id);
    }
    if (StoreStatus s = tx.commit(); !s)
        return s.error();
    return ids;
}

StoreResult<qint64> RunStore::beginRun(const StoredRun &run)
{
    StoredRun r = run;
    r.status = RunStatus::Running;
    r.endedAt = QDateTime();
    r.record.metrics.clear();
    return saveRun(r);
}

StoreStatus RunStore::appendSamples(qint64 runId, const QList<Sample> &samples)
{
    SqlTransaction tx(m_store);
    if (StoreStatus s = tx.begin(); !s)
        return s;
    SqlStatement q(m_store, u"SELECT status FROM runs WHERE id = ?"_s);
    q.bind(runId);
    if (!q.exec())
        return q.error(u"finding run %1"_s.arg(runId));
    if (!q.next())
        return StoreError{StoreError::Kind::NotFound, u"run %1 does not exist"_s.arg(runId)};
    if (q.text(0) != u"running"_s)
        return StoreError{StoreError::Kind::Refused,
                          u"run %1 is %2; samples can only be added while it runs"_s.arg(runId).arg(q.text(0))};
    q.finish();
    if (StoreStatus s = insertSamples(runId, samples); !s)
        return s;
    return tx.commit();
}

StoreStatus RunStore::finishRun(qint64 runId, RunStatus status, const ResultRecord &record, const QString &error,
                                const QDateTime &endedAt)
{
    if (status == RunStatus::Running)
        return StoreError{StoreError::Kind::Invalid, u"finishing run %1 needs a final status"_s.arg(runId)};
    SqlTransaction tx(m_store);
    if (StoreStatus s = tx.begin(); !s)
        return s;
    QSqlDatabase db = m_store.database();
    SqlStatement q(m_store, u"SELECT status, kind FROM runs WHERE id = ?"_s);
    q.bind(runId);
    if (!q.exec())
        return q.error(u"finding run %1"_s.arg(runId));
    if (!q.next())
        return StoreError{StoreError::Kind::NotFound, u"run %1 does not exist"_s.arg(runId)};
    if (q.text(0) != u"running"_s)
        return StoreError{StoreError::Kind::Refused, u"run %1 is already %2"_s.arg(runId).arg(q.text(0))};
    const QString kind = record.kind.isEmpty() ? q.text(1) : record.kind;
    q.finish();
    SqlStatement u(m_store, u"UPDATE runs SET status = ?, ended_ms = ?, error = ?, kind = ?, params = ?, tool = ?, "
                       "tool_version = ? WHERE id = ?"_s);
    u.bindText(runStatusName(status))
        .bind(toDbTime(endedAt.isValid() ? endedAt : QDateTime::currentDateTimeUtc()))
        .bindText(error)
        .bindText(kind);
    u.bindText(jsonText(record.params)).bindText(record.tool).bindText(record.toolVersion);
    u.bind(runId);
    if (!u.exec())
        return u.error(u"finishing run %1"_s.arg(runId));
    SqlStatement x(m_store, u"UPDATE run_details SET extra = ? WHERE run_id = ?"_s);
    x.bindText(jsonText(record.extra)).bind(runId);
    if (!x.exec())
        return x.error(u"finishing run %1"_s.arg(runId));
    SqlStatement del(m_store, u"DELETE FROM metrics WHERE run_id = ?"_s);
    del.bind(runId);
    if (!del.exec())
        return del.error(u"finishing run %1"_s.arg(runId));
    QSet<QPair<QString, QString>> names;
    for (const Metric &m : record.metrics) {
        if (names.contains({m.name, m.side}) || !std::isfinite(m.value) || m.name.isEmpty())
            return StoreError{StoreError::Kind::Invalid,
                              u"metric '%1' side '%2' of run %3 is repeated, unnamed or not finite"_s.arg(m.name, m.side)
                                  .arg(runId)};
        names.insert({m.name, m.side});
    }
    if (StoreStatus s = insertMetrics(runId, record.metrics); !s)
        return s;
    if (StoreStatus s = insertSamples(runId, record.samples); !s)
        return s;
    m_store.notifyChanged(u"runs"_s);
    return tx.commit();
}

StoreResult<QList<StoredRun>> RunStore::readRuns(const QString &tail, const QVariantList &binds, bool withMetrics,
                                                 bool withSamples, bool withDetails)
{
    QSqlDatabase db = m_store.database();
    SqlStatement q(m_store, (withDetails ? kRunColumns : kRunColumnsBrief) + tail);
    for (const QVariant &b : binds)
        q.bind(b);
    if (!q.exec())
        return q.error(u"reading runs"_s);
    QList<StoredRun> out;
    while (q.next()) {
        StoredRun r;
        r.id = q.integer(0);
        r.uuid = q.text(1);
        r.plan = q.text(2);
        r.testCase = q.text(3);
        r.record.kind = q.text(4);
        r.record.params = jsonObject(q.text(5));
        r.clientEndpoint = q.text(6);
        r.serverEndpoint = q.text(7);
        r.record.tool = q.text(8);
        r.record.toolVersion = q.text(9);
        r.status = runStatusFromName(q.text(10)).value_or(RunStatus::Failed);
        r.startedAt = fromDbTime(q.value(11));
        r.endedAt = fromDbTime(q.value(12));
        r.error = q.text(13);
        r.measurementUuid = q.text(14);
        r.repetition = int(q.integer(15));
        r.inventoryPath = jsonArray(q.text(16));
        r.clientEnvironment = jsonObject(q.text(17));
        r.serverEnvironment = jsonObject(q.text(18));
        r.record.extra = jsonObject(q.text(19));
        r.created = fromDbTime(q.value(20));
        r.notes = q.text(21);
        for (const QJsonValue &v : std::as_const(r.inventoryPath)) {
            const QJsonObject e = v.toObject();
            const QString role = e.value(u"role"_s).toString();
            const qint64 id = e.value(u"id"_s).toInteger();
            if (role == u"client_host"_s)
                r.clientHostId = id;
            else if (role == u"server_host"_s)
                r.serverHostId = id;
            else if (role == u"client_nic"_s)
                r.clientNicId = id;
            else if (role == u"server_nic"_s)
                r.serverNicId = id;
        }
        out.append(r);
    }
    q.finish();
    for (StoredRun &r : out) {
        if (withMetrics) {
            auto m = metrics(r.id);
            if (!m)
                return m.error();
            r.record.metrics = *m;
        }
        if (withSamples) {
            auto s = samples(r.id);
            if (!s)
                return s.error();
            r.record.samples = *s;
        }
    }
    return out;
}

StoreResult<StoredRun> RunStore::run(qint64 id, bool withSamples)
{
    auto runs = readRuns(u" WHERE r.id = ?"_s, {id}, true, withSamples, true);
    if (!runs)
        return runs.error();
    if (runs->isEmpty())
        return StoreError{StoreError::Kind::NotFound, u"run %1 does not exist"_s.arg(id)};
    return runs->first();
}

StoreResult<StoredRun> RunStore::runByUuid(const QString &uuid, bool withSamples)
{
    auto runs = readRuns(u" WHERE r.uuid = ?"_s, {uuid}, true, withSamples, true);
    if (!runs)
        return runs.error();
    if (runs->isEmpty())
        return StoreError{StoreError::Kind::NotFound, u"run %1 does not exist"_s.arg(uuid)};
    return runs->first();
}

StoreResult<QList<StoredRun>> RunStore::listRuns(const RunFilter &filter)
{
    QVariantList binds;
    auto where = filterWhere(filter, &binds, false, m_store.dialect());
    if (!where)
        return where.error();
    QString tail = *where + (filter.newestFirst ? u" ORDER BY r.started_ms DESC, r.id DESC"_s
                                                : u" ORDER BY r.started_ms, r.id"_s);
    if (filter.limit > 0 || filter.offset > 0) {
        tail += u" LIMIT ? OFFSET ?"_s;
        binds.append(filter.limit > 0 ? filter.limit : -1);
        binds.append(filter.offset);
    }
    return readRuns(tail, binds, filter.withMetrics, false, filter.withDetails);
}

StoreResult<qint64> RunStore::countRuns(const RunFilter &filter)
{
    QVariantList binds;
    auto where = filterWhere(filter, &binds, false, m_store.dialect());
    if (!where)
        return where.error();
    SqlStatement q(m_store, u"SELECT count(*) FROM runs r"_s + *where);
    for (const QVariant &b : std::as_const(binds))
        q.bind(b);
    if (!q.exec() || !q.next())
        return q.error(u"counting runs"_s);
    return q.integer(0);
}

StoreResult<QList<Metric>> RunStore::metrics(qint64 runId)
{
    SqlStatement q(m_store,
                   u"SELECT name, side, value, unit FROM metrics WHERE run_id = ? ORDER BY name, side"_s);
    q.bind(runId);
    if (!q.exec())
        return q.error(u"reading the metrics of run %1"_s.arg(runId));
    QList<Metric> out;
    while (q.next())
        out.append(Metric{q.text(0), q.text(1), q.real(2), q.text(3)});
    return out;
}

StoreResult<QList<Sample>> RunStore::samples(qint64 runId)
{
    SqlStatement q(m_store, u"SELECT side, name, count, data FROM sample_chunks WHERE run_id = ? "
                                       "ORDER BY side, name, chunk"_s);
    q.bind(runId);
    if (!q.exec())
        return q.error(u"reading the samples of run %1"_s.arg(runId));
    QList<Sample> out;
    while (q.next()) {
        const QString side = q.text(0);
        const QString name = q.text(1);
        const qint64 count = q.integer(2);
        const QByteArray data = q.value(3).toByteArray();
        if (data.size() != count * 16)
            return StoreError{StoreError::Kind::Corrupt,
                              u"%1: samples '%2' of run %3 are damaged (%4 bytes for %5 samples)"_s.arg(
                                  m_store.path(), name)
                                  .arg(runId)
                                  .arg(data.size())
                                  .arg(count)};
        for (qint64 i = 0; i < count; ++i)
            out.append(Sample{readDouble(data.constData() + i * 16), side, name,
                              readDouble(data.constData() + i * 16 + 8)});
    }
    return out;
}

StoreResult<int> RunStore::markInterruptedRuns(const QDateTime &startedBefore)
{
    SqlStatement q(m_store, u"UPDATE runs SET status = 'failed', ended_ms = coalesce(ended_ms, ?), error = ? "
                            "WHERE status = 'running' AND started_ms < ?"_s);
    q.bind(toDbTime(QDateTime::currentDateTimeUtc()))
        .bindText(u"interrupted: the program stopped while the run was in progress"_s)
        .bind(toDbTime(startedBefore));
    if (!q.exec())
        return q.error(u"marking interrupted runs"_s);
    return q.rowsAffected();
}

StoreStatus RunStore::setRunNotes(qint64 runId, const QString &notes)
{
    SqlStatement q(m_store, u"UPDATE runs SET notes = ? WHERE id = ?"_s);
    q.bindText(notes).bind(runId);
    if (!q.exec())
        return q.error(u"changing the notes of run %1"_s.arg(runId));
    if (q.rowsAffected() == 0)
        return StoreError{StoreError::Kind::NotFound, u"run %1 does not exist"_s.arg(runId)};
    return {};
}

StoreResult<int> RunStore::deleteRuns(const QList<qint64> &ids)
{
    SqlTransaction tx(m_store);
    if (StoreStatus s = tx.begin(); !s)
        return s.error();
    SqlStatement q(m_store, u"DELETE FROM runs WHERE id = ?"_s);
    int deleted = 0;
    for (qint64 id : ids) {
        q.bind(id);
        if (!q.exec())
            return q.error(u"deleting run %1"_s.arg(id));
        deleted += q.rowsAffected();
    }
    m_store.notifyChanged(u"runs"_s);
    if (StoreStatus s = tx.commit(); !s)
        return s.error();
    return deleted;
}

StoreResult<qint64> RunStore::saveMeasurement(const Measurement &m)
{
    if (m.kind.isEmpty())
        return StoreError{StoreError::Kind::Invalid, u"a measurement needs a kind"_s};
    const QString uuid = m.uuid.isEmpty() ? QUuid::createUuid().toString(QUuid::WithoutBraces) : m.uuid;
    SqlTransaction tx(m_store);
    if (StoreStatus s = tx.begin(); !s)
        return s.error();
    auto optional = [](const std::optional<double> &v) {
        return v ? QVariant(*v) : QVariant(QMetaType::fromType<double>());
    };
    SqlStatement q(m_store,
                   u"INSERT INTO measurements (uuid, kind, params, label, iterations, ci_level_pct, ci_width_pct, "
                   "confidence, created_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) "
                   "ON CONFLICT (uuid) DO UPDATE SET kind = excluded.kind, params = excluded.params, "
                   "label = excluded.label, iterations = excluded.iterations, ci_level_pct = excluded.ci_level_pct, "
                   "ci_width_pct = excluded.ci_width_pct, confidence = excluded.confidence"_s);
    q.bindText(uuid).bindText(m.kind).bindText(jsonText(m.params)).bindText(m.label).bind(m.iterations);
    q.bind(optional(m.ciLevelPct)).bind(optional(m.ciWidthPct)).bindText(jsonText(m.confidence));
    q.bind(toDbTime(m.created.isValid() ? m.created : QDateTime::currentDateTimeUtc()));
    if (!q.exec())
        return q.error(u"saving measurement %1"_s.arg(uuid));
    auto id = measurementId(uuid);
    if (!id)
        return id;
    if (StoreStatus s = tx.commit(); !s)
        return s.error();
    return id;
}

static Measurement readMeasurement(const SqlStatement &q)
{
    Measurement m;
    m.id = q.integer(0);
    m.uuid = q.text(1);
    m.kind = q.text(2);
    m.params = jsonObject(q.text(3));
    m.label = q.text(4);
    m.iterations = int(q.integer(5));
    if (!q.value(6).isNull())
        m.ciLevelPct = q.real(6);
    if (!q.value(7).isNull())
        m.ciWidthPct = q.real(7);
    m.confidence = jsonObject(q.text(8));
    m.created = fromDbTime(q.value(9));
    return m;
}

StoreResult<Measurement> RunStore::measurement(const QString &uuid)
{
    SqlStatement q(m_store, u"SELECT id, uuid, kind, params, label, iterations, ci_level_pct, "
                                       "ci_width_pct, confidence, created_ms FROM measurements WHERE uuid = ?"_s);
    q.bind(uuid);
    if (!q.exec())
        return q.error(u"reading measurement %1"_s.arg(uuid));
    if (!q.next())
        return StoreError{StoreError::Kind::NotFound, u"measurement %1 does not exist"_s.arg(uuid)};
    return readMeasurement(q);
}

StoreResult<QList<Measurement>> RunStore::measurements()
{
    SqlStatement q(m_store, u"SELECT id, uuid, kind, params, label, iterations, ci_level_pct, "
                                       "ci_width_pct, confidence, created_ms FROM measurements ORDER BY id"_s);
    if (!q.exec())
        return q.error(u"reading measurements"_s);
    QList<Measurement> out;
    while (q.next())
        out.append(readMeasurement(q));
    return out;
}

StoreResult<QList<ComparisonGroup>> RunStore::compare(const ComparisonQuery &query)
{
    if (query.metric.isEmpty())
        return StoreError{StoreError::Kind::Invalid, u"a comparison needs a metric name"_s};
    const bool pg = m_store.isPostgres();
    // CROSS JOIN fixes SQLite's loop order (see below); PostgreSQL has no
    // CROSS JOIN ... ON and plans joins by its statistics.
    const QString crossJoin = pg ? u"JOIN"_s : u"CROSS JOIN"_s;
    const QHash<QString, QString> runFields{
        {u"tool"_s, u"r.tool"_s},
        {u"tool_version"_s, u"r.tool_version"_s},
        {u"plan"_s, u"r.plan"_s},
        {u"test_case"_s, u"r.test_case"_s},
        {u"kind"_s, u"r.kind"_s},
        {u"day"_s, pg ? u"to_char(to_timestamp(r.started_ms / 1000) AT TIME ZONE 'UTC', 'YYYY-MM-DD')"_s
                      : u"date(r.started_ms / 1000, 'unixepoch')"_s},
        {u"month"_s, pg ? u"to_char(to_timestamp(r.started_ms / 1000) AT TIME ZONE 'UTC', 'YYYY-MM')"_s
                        : u"strftime('%Y-%m', r.started_ms / 1000, 'unixepoch')"_s},
    };
    static const QHash<QString, QStringList> roles{
        {u"client_host"_s, {u"client_host"_s, u"client_host"_s}},
        {u"server_host"_s, {u"server_host"_s, u"server_host"_s}},
        {u"host"_s, {u"client_host"_s, u"server_host"_s}},
        {u"client_nic"_s, {u"client_nic"_s, u"client_nic"_s}},
        {u"server_nic"_s, {u"server_nic"_s, u"server_nic"_s}},
        {u"nic"_s, {u"client_nic"_s, u"server_nic"_s}},
        {u"switch"_s, {u"switch"_s, u"switch"_s}},
        {u"cable"_s, {u"cable"_s, u"cable"_s}},
    };
    // JSON attributes are not parsed per run: SQL groups by the JSON text
    // (params) or the snapshot id (inventory), and each distinct one is
    // parsed once here, merging groups that share the attribute value.
    enum class Source { None, Column, Params, Snapshot } source = Source::None;
    QString groupExpr = u"NULL"_s;
    QString join;
    QString attr;
    QVariantList joinBinds;
    const QString g = query.groupBy;
    if (runFields.contains(g)) {
        source = Source::Column;
        groupExpr = runFields.value(g);
    } else if (!g.isEmpty()) {
        const qsizetype dot = g.indexOf(u'.');
        const QString head = g.left(dot);
        attr = g.mid(dot + 1);
        if (dot <= 0 || !isPlainName(attr) || (head != u"param"_s && !roles.contains(head)))
            return StoreError{StoreError::Kind::Invalid,
                              u"cannot group by '%1': use param.NAME, ROLE.ATTRIBUTE (roles: client_host, "
                              "server_host, host, client_nic, server_nic, nic, switch, cable) or one of tool, "
                              "tool_version, plan, test_case, kind, day, month"_s.arg(g)};
        if (head == u"param"_s) {
            source = Source::Params;
            groupExpr = u"r.params"_s;
        } else {
            source = Source::Snapshot;
            groupExpr = u"o.snapshot_id"_s;
            join = u" "_s + crossJoin + u" run_objects o ON o.run_id = r.id AND o.role IN (?, ?)"_s;
            joinBinds = {roles.value(head).at(0), roles.value(head).at(1)};
        }
    }
    // CROSS JOIN fixes the loop order (SQLite never reorders it): runs
    // first, through runs_kind_status_started, then each run's metric and
    // snapshot by primary key. Without ANALYZE statistics the planner would
    // otherwise start from every run's metric of that name, of all kinds.
    // A null QString binds as SQL NULL, which equals nothing: whole-test
    // metrics have side ''.
    QVariantList binds{query.metric, query.side.isNull() ? QString(u""_s) : query.side};
    binds.append(joinBinds);
    auto where = filterWhere(query.filter, &binds, true, m_store.dialect());
    if (!where)
        return where.error();
    const QString sql = u"SELECT "_s + groupExpr +
                        u" AS g, count(*), sum(m.value), sum(m.value * m.value), min(m.value), max(m.value) "
                        "FROM runs r "_s + crossJoin + u" metrics m ON m.run_id = r.id AND m.name = ? AND m.side = ?"_s +
                        join + *where + u" GROUP BY g"_s;
    QSqlDatabase db = m_store.database();
    SqlStatement q(m_store, sql);
    for (const QVariant &b : std::as_const(binds))
        q.bind(b);
    if (!q.exec())
        return q.error(u"comparing '%1'"_s.arg(query.metric));
    struct Acc
    {
        QVariant key;
        qint64 count = 0;
        double sum = 0, sumSq = 0, min = 0, max = 0;
    };
    QList<Acc> partial;
    while (q.next())
        partial.append(Acc{q.value(0), q.integer(1), q.real(2), q.real(3), q.real(4), q.real(5)});
    q.finish();

    auto jsonKey = [](const QJsonValue &v) -> QVariant {
        switch (v.type()) {
        case QJsonValue::Double:
            return v.toDouble();
        case QJsonValue::String:
            return v.toString();
        case QJsonValue::Bool:
            return v.toBool();
        case QJsonValue::Null:
        case QJsonValue::Undefined:
            return QVariant();
        default:
            return QString::fromUtf8(QJsonDocument(QJsonArray{v}).toJson(QJsonDocument::Compact));
        }
    };
    if (source == Source::Params) {
        for (Acc &a : partial)
            a.key = jsonKey(jsonObject(a.key.toString()).value(attr));
    } else if (source == Source::Snapshot) {
        SqlStatement s(m_store, u"SELECT attrs FROM object_snapshots WHERE id = ?"_s);
        for (Acc &a : partial) {
            s.bind(a.key.toLongLong());
            if (!s.exec() || !s.next())
                return s.error(u"reading snapshot %1"_s.arg(a.key.toLongLong()));
            a.key = jsonKey(jsonObject(s.text(0)).value(attr));
            s.finish();
        }
    }
    // Merge partial groups with equal keys; order: none, numbers, text.
    auto less = [](const QVariant &x, const QVariant &y) {
        auto rank = [](const QVariant &v) {
            if (!v.isValid() || v.isNull())
                return 0;
            const int t = v.typeId();
            return (t == QMetaType::Double || t == QMetaType::LongLong || t == QMetaType::Int || t == QMetaType::Bool)
                       ? 1
                       : 2;
        };
        if (rank(x) != rank(y))
            return rank(x) < rank(y);
        if (rank(x) == 1)
            return x.toDouble() < y.toDouble();
        return x.toString() < y.toString();
    };
    std::sort(partial.begin(), partial.end(), [&](const Acc &a, const Acc &b) { return less(a.key, b.key); });
    QList<Acc> merged;
    for (const Acc &a : std::as_const(partial)) {
        if (!merged.isEmpty() && !less(merged.last().key, a.key) && !less(a.key, merged.last().key)) {
            Acc &m = merged.last();
            m.min = std::min(m.min, a.min);
            m.max = std::max(m.max, a.max);
            m.count += a.count;
            m.sum += a.sum;
            m.sumSq += a.sumSq;
        } else {
            merged.append(a);
        }
    }
    QList<ComparisonGroup> out;
    for (const Acc &a : std::as_const(merged)) {
        ComparisonGroup grp;
        grp.key = a.key;
        grp.count = a.count;
        grp.mean = a.sum / double(a.count);
        grp.min = a.min;
        grp.max = a.max;
        if (a.count >= 2) {
            const double n = double(a.count);
            const double var = std::max(0.0, (a.sumSq - n * grp.mean * grp.mean) / (n - 1));
            grp.stddev = std::sqrt(var);
            grp.ciHalfWidth = studentT(query.confidenceLevel, int(a.count - 1)) * grp.stddev / std::sqrt(n);
        }
        out.append(grp);
    }
    return out;
}

} // namespace wb
