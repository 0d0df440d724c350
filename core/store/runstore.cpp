// SPDX-License-Identifier: GPL-3.0-or-later
#include "runstore.h"

#include "annotationstore.h"
#include "inventorystore.h"
#include "inventory/pathresolver.h"
#include "resultstore.h"
#include "runfiltersql.h"
#include "samplecodec.h"
#include "sqlstatement.h"
#include "sqltransaction.h"
#include "tagname.h"

#include <QHash>
#include <QJsonDocument>
#include <QSet>
#include <QUuid>

#include <cmath>

using namespace Qt::StringLiterals;

namespace wb {

namespace {

constexpr qsizetype kMaxChunkSamples = 65536;
// pg_advisory_xact_lock key for adding inventory snapshots ("WBNS").
constexpr qint64 kSnapshotLockKey = 0x57424e53;

// The run's tags in one column, joined by U+001F (TagName refuses control
// characters, so none holds it): one query lists runs with their tags.
const auto kTagSeparator = QChar(0x1f);
const auto kTagsSqlite = u"(SELECT group_concat(t.tag, char(31)) FROM run_tags t WHERE t.run_id = r.id)"_s;
const auto kTagsPostgres = u"(SELECT string_agg(t.tag, chr(31)) FROM run_tags t WHERE t.run_id = r.id)"_s;

QString runColumns(bool withDetails, SqlDialect dialect)
{
    const QString tags = dialect == SqlDialect::Postgres ? kTagsPostgres : kTagsSqlite;
    if (withDetails)
        return u"SELECT r.id, r.uuid, r.plan, r.test_case, r.kind, r.params, r.client_endpoint, r.server_endpoint, "
               "r.tool, r.tool_version, r.status, r.started_ms, r.ended_ms, r.error, m.uuid, r.repetition, "
               "d.inventory_path, d.env_client, d.env_server, d.extra, r.created_ms, r.notes, %1 FROM runs r "
               "LEFT JOIN measurements m ON m.id = r.measurement_id LEFT JOIN run_details d ON d.run_id = r.id"_s.arg(
                   tags);
    // The same columns without the big JSON of run_details (fast listings).
    return u"SELECT r.id, r.uuid, r.plan, r.test_case, r.kind, r.params, r.client_endpoint, r.server_endpoint, "
           "r.tool, r.tool_version, r.status, r.started_ms, r.ended_ms, r.error, m.uuid, r.repetition, '[]', "
           "'{}', '{}', '{}', r.created_ms, r.notes, %1 FROM runs r "
           "LEFT JOIN measurements m ON m.id = r.measurement_id"_s.arg(tags);
}

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

// The JSON of many runs repeats (the same hosts, kernels, parameters and
// path night after night): each distinct text is parsed once per read and
// the runs share the parsed object.
class JsonTexts
{
public:
    QJsonObject object(const QString &text) { return cached(m_objects, text, &jsonObject); }
    QJsonArray array(const QString &text) { return cached(m_arrays, text, &jsonArray); }

private:
    template<typename T>
    static T cached(QHash<QString, T> &cache, const QString &text, T (*parse)(const QString &))
    {
        if (const auto it = cache.constFind(text); it != cache.cend())
            return *it;
        if (cache.size() >= kMaxEntries)
            cache.clear();
        return *cache.insert(text, parse(text));
    }
    static constexpr qsizetype kMaxEntries = 4096;
    QHash<QString, QJsonObject> m_objects;
    QHash<QString, QJsonArray> m_arrays;
};

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

} // namespace

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
    // Both NICs known: the wire between them as the inventory resolves it,
    // across every switch and uplink on the way. Otherwise (or when the
    // inventory cannot tell one route) each NIC with its own cable and
    // switch, as far as that goes.
    // Only a path across uplinks needs the whole lab; on one switch or a
    // crossover each NIC's own wire is the path.
    auto acrossSwitches = [&]() -> StoreResult<bool> {
        auto cl = inv.linkOfNic(run.clientNicId);
        auto sl = inv.linkOfNic(run.serverNicId);
        if (!cl || !sl)
            return false;
        if (cl->isCrossover() || sl->isCrossover() || cl->switchId == sl->switchId)
            return false;
        SqlStatement any(m_store, u"SELECT 1 FROM uplinks LIMIT 1"_s);
        if (!any.exec())
            return any.error(u"reading the uplinks"_s);
        return any.next();
    };
    StoreResult<bool> resolve = run.clientNicId > 0 && run.serverNicId > 0 ? acrossSwitches() : false;
    if (!resolve)
        return resolve.error();
    if (*resolve) {
        auto lab = inv.load();
        if (!lab)
            return lab.error();
        auto client = inv.nic(run.clientNicId);
        auto server = inv.nic(run.serverNicId);
        if (!client || !server)
            return (client ? server : client).error();
        const ResolvedPath resolved = PathResolver(*lab).resolve(client->key(), server->key());
        if (resolved.status == ResolvedPath::Status::Ok) {
            for (const ResolvedPath::Hop &hop : resolved.hops) {
                if (hop.kind == ResolvedPath::Hop::Kind::Nic) {
                    const bool isClient = hop.key == client->key();
                    const Nic &n = isClient ? *client : *server;
                    QJsonObject attrs = n.toJson();
                    attrs.insert(u"host"_s, n.hostName);
                    add(isClient ? u"client_nic"_s : u"server_nic"_s, u"nic"_s, n.id, n.key(), attrs);
                } else if (hop.kind == ResolvedPath::Hop::Kind::Cable) {
                    const Cable *c = lab->cable(hop.key);
                    add(u"cable"_s, u"cable"_s, c ? c->id : 0, hop.key, c ? c->toJson() : QJsonObject{});
                } else {
                    const NetworkSwitch *sw = lab->networkSwitch(hop.key);
                    QJsonObject sattrs = sw ? sw->toJson() : QJsonObject{};
                    // The port towards the client end, as a single-switch snapshot had it.
                    sattrs.insert(u"port"_s, hop.inPort);
                    if (hop.outPort > 0)
                        sattrs.insert(u"peer_port"_s, hop.outPort);
                    add(u"switch"_s, u"switch"_s, sw ? sw->id : 0, hop.key, sattrs);
                }
            }
            if (serverHost > 0)
                if (StoreStatus s = addHost(u"server_host"_s, serverHost); !s)
                    return s.error();
            return path;
        }
    }
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
    auto tags = TagName::normaliseAll(run.tags);
    if (!tags)
        return tags.error();
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
    if (StoreStatus s = m_store.annotations().mergeRunNoTransaction(id, *tags, QString()); !s)
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
            series.last().data.reserve(samples.size() * SampleCodec::kBytesPerSample);
        }
        Series &x = series[*it];
        SampleCodec::append(x.data, s.t, s.value);
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
            const QByteArray part = c.series->data.mid(c.first * SampleCodec::kBytesPerSample,
                                                       c.n * SampleCodec::kBytesPerSample);
            sides.append(c.series->side);
            names.append(c.series->name);
            numbers.append(QString::number(c.chunk));
            counts.append(QString::number(c.n));
            firsts.append(QString::number(SampleCodec::timeAt(part, 0), 'g', 17));
            lasts.append(QString::number(SampleCodec::timeAt(part, c.n - 1), 'g', 17));
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
        const QByteArray part =
            c.series->data.mid(c.first * SampleCodec::kBytesPerSample, c.n * SampleCodec::kBytesPerSample);
        q.bind(runId).bindText(c.series->side).bindText(c.series->name).bind(c.chunk).bind(qint64(c.n));
        q.bind(SampleCodec::timeAt(part, 0)).bind(SampleCodec::timeAt(part, c.n - 1)).bind(part);
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

StoreResult<QList<StoredRun>> RunStore::readRuns(const QString &tail, const QVariantList &binds, bool withMetrics,
                                                 bool withSamples, bool withDetails)
{
    QSqlDatabase db = m_store.database();
    SqlStatement q(m_store, runColumns(withDetails, m_store.dialect()) + tail);
    for (const QVariant &b : binds)
        q.bind(b);
    if (!q.exec())
        return q.error(u"reading runs"_s);
    QList<StoredRun> out;
    JsonTexts json;
    while (q.next()) {
        StoredRun r;
        r.id = q.integer(0);
        r.uuid = q.text(1);
        r.plan = q.text(2);
        r.testCase = q.text(3);
        r.record.kind = q.text(4);
        r.record.params = json.object(q.text(5));
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
        r.inventoryPath = json.array(q.text(16));
        r.clientEnvironment = json.object(q.text(17));
        r.serverEnvironment = json.object(q.text(18));
        r.record.extra = json.object(q.text(19));
        r.created = fromDbTime(q.value(20));
        r.notes = q.text(21);
        if (const QString tags = q.text(22); !tags.isEmpty()) {
            r.tags = tags.split(kTagSeparator);
            TagName::sort(r.tags);
        }
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
        out.append(std::move(r));
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
    auto where = RunFilterSql::where(filter, &binds, m_store.dialect());
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

StoreResult<QList<StoredRun>> RunStore::runsWithMetric(const RunFilter &filter, const QString &metric)
{
    QVariantList binds;
    auto where = RunFilterSql::where(filter, &binds, m_store.dialect());
    if (!where)
        return where.error();
    const QString has = (where->isEmpty() ? u" WHERE "_s : u" AND "_s)
                        + u"EXISTS (SELECT 1 FROM metrics x WHERE x.run_id = r.id AND x.name = ?)"_s;
    QVariantList runBinds = binds;
    runBinds.append(metric);
    auto runs = readRuns(*where + has + u" ORDER BY r.started_ms, r.id"_s, runBinds, false, false, filter.withDetails);
    if (!runs)
        return runs.error();
    QHash<qint64, qsizetype> at;
    at.reserve(runs->size());
    for (qsizetype i = 0; i < runs->size(); ++i)
        at.insert((*runs)[i].id, i);
    SqlStatement q(m_store, u"SELECT x.run_id, x.side, x.value, x.unit FROM metrics x JOIN runs r ON r.id = x.run_id"_s
                                + (where->isEmpty() ? u" WHERE "_s : *where + u" AND "_s) + u"x.name = ?"_s);
    for (const QVariant &b : std::as_const(binds))
        q.bind(b);
    q.bind(metric);
    if (!q.exec())
        return q.error(u"reading the figures of a history"_s);
    while (q.next())
        if (const auto it = at.constFind(q.integer(0)); it != at.cend())
            (*runs)[*it].record.metrics.append({metric, q.text(1), q.value(2).toDouble(), q.text(3)});
    q.finish();
    return runs;
}

StoreResult<QStringList> RunStore::kindsOfRuns(RunStatus status)
{
    SqlStatement q(m_store, u"SELECT DISTINCT kind FROM runs WHERE status = ? ORDER BY kind"_s);
    q.bind(runStatusName(status));
    if (!q.exec())
        return q.error(u"listing the kinds of runs"_s);
    QStringList kinds;
    while (q.next())
        kinds << q.text(0);
    q.finish();
    return kinds;
}

StoreResult<qint64> RunStore::countRuns(const RunFilter &filter)
{
    QVariantList binds;
    auto where = RunFilterSql::where(filter, &binds, m_store.dialect());
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
        if (!SampleCodec::decode(data, count, side, name, &out))
            return StoreError{StoreError::Kind::Corrupt,
                              u"%1: samples '%2' of run %3 are damaged (%4 bytes for %5 samples)"_s.arg(
                                  m_store.path(), name)
                                  .arg(runId)
                                  .arg(data.size())
                                  .arg(count)};
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

StoreResult<QList<qint64>> RunStore::saveMeasurementRuns(const Measurement &measurement,
                                                         const QList<StoredRun> &runs)
{
    SqlTransaction tx(m_store);
    if (StoreStatus s = tx.begin(); !s)
        return s.error();
    if (auto id = saveMeasurement(measurement); !id)
        return id.error();
    auto ids = saveRuns(runs);
    if (!ids)
        return ids;
    if (StoreStatus s = tx.commit(); !s)
        return s.error();
    return ids;
}

StoreResult<QList<qint64>> RunStore::completeMeasurementRuns(const Measurement &measurement,
                                                             const QList<qint64> &keptIds,
                                                             const QList<qint64> &replacedIds,
                                                             const QList<StoredRun> &runs)
{
    SqlTransaction tx(m_store);
    if (StoreStatus s = tx.begin(); !s)
        return s.error();
    auto mid = saveMeasurement(measurement);
    if (!mid)
        return mid.error();
    auto changedMeanwhile = [&](qint64 runId) {
        return StoreError{StoreError::Kind::Refused,
                          u"run %1 is no longer a repetition of measurement %2; the plan run changed while it was "
                          "resumed: resume it again"_s.arg(runId)
                              .arg(measurement.uuid)};
    };
    SqlStatement drop(m_store, u"DELETE FROM runs WHERE id = ? AND measurement_id = ?"_s);
    for (qint64 id : replacedIds) {
        drop.bind(id).bind(*mid);
        if (!drop.exec())
            return drop.error(u"replacing run %1"_s.arg(id));
        if (drop.rowsAffected() != 1)
            return changedMeanwhile(id);
    }
    SqlStatement renumber(m_store, u"UPDATE runs SET repetition = ? WHERE id = ? AND measurement_id = ?"_s);
    for (qsizetype i = 0; i < keptIds.size(); ++i) {
        renumber.bind(int(i)).bind(keptIds[i]).bind(*mid);
        if (!renumber.exec())
            return renumber.error(u"numbering run %1"_s.arg(keptIds[i]));
        if (renumber.rowsAffected() != 1)
            return changedMeanwhile(keptIds[i]);
    }
    auto ids = saveRuns(runs);
    if (!ids)
        return ids;
    m_store.notifyChanged(u"runs"_s);
    if (StoreStatus s = tx.commit(); !s)
        return s.error();
    return ids;
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

} // namespace wb
