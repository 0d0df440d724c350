// SPDX-License-Identifier: GPL-3.0-or-later
#include "storearchive.h"

#include "annotationstore.h"
#include "baselinestore.h"
#include "csvfield.h"
#include "inventorystore.h"
#include "noticestore.h"
#include "resultstore.h"
#include "runstore.h"
#include "schema.h"
#include "sqlstatement.h"
#include "sqltransaction.h"
#include "tagname.h"

#include <QHash>
#include <QJsonDocument>
#include <QSet>

using namespace Qt::StringLiterals;

namespace wb {

namespace {

const auto kFormat = u"wirebench-archive"_s;

QJsonValue timeJson(const QDateTime &t)
{
    return t.isValid() ? QJsonValue(t.toUTC().toString(Qt::ISODateWithMs)) : QJsonValue();
}

QDateTime timeFromJson(const QJsonValue &v)
{
    return v.isString() ? QDateTime::fromString(v.toString(), Qt::ISODateWithMs) : QDateTime();
}

QJsonObject runJson(const StoredRun &r)
{
    return QJsonObject{{u"uuid"_s, r.uuid},
                       {u"plan"_s, r.plan},
                       {u"test_case"_s, r.testCase},
                       {u"status"_s, runStatusName(r.status)},
                       {u"started_at"_s, timeJson(r.startedAt)},
                       {u"ended_at"_s, timeJson(r.endedAt)},
                       {u"error"_s, r.error},
                       {u"client_endpoint"_s, r.clientEndpoint},
                       {u"server_endpoint"_s, r.serverEndpoint},
                       {u"measurement"_s, r.measurementUuid},
                       {u"repetition"_s, r.repetition},
                       {u"client_environment"_s, r.clientEnvironment},
                       {u"server_environment"_s, r.serverEnvironment},
                       {u"inventory_path"_s, r.inventoryPath},
                       {u"created_at"_s, timeJson(r.created)},
                       {u"notes"_s, r.notes},
                       {u"tags"_s, QJsonArray::fromStringList(r.tags)},
                       {u"record"_s, r.record.toJson()}};
}

std::optional<StoredRun> runFromJson(const QJsonObject &o, const QString &where, QString *error)
{
    StoredRun r;
    r.uuid = o.value(u"uuid"_s).toString();
    if (r.uuid.isEmpty()) {
        *error = where + u".uuid is missing"_s;
        return std::nullopt;
    }
    const auto status = runStatusFromName(o.value(u"status"_s).toString());
    if (!status) {
        *error = where + u".status must be running, finished, failed or cancelled"_s;
        return std::nullopt;
    }
    r.status = *status;
    r.plan = o.value(u"plan"_s).toString();
    r.testCase = o.value(u"test_case"_s).toString();
    r.startedAt = timeFromJson(o.value(u"started_at"_s));
    if (!r.startedAt.isValid()) {
        *error = where + u".started_at must be an ISO 8601 time"_s;
        return std::nullopt;
    }
    r.endedAt = timeFromJson(o.value(u"ended_at"_s));
    r.error = o.value(u"error"_s).toString();
    r.clientEndpoint = o.value(u"client_endpoint"_s).toString();
    r.serverEndpoint = o.value(u"server_endpoint"_s).toString();
    r.measurementUuid = o.value(u"measurement"_s).toString();
    r.repetition = o.value(u"repetition"_s).toInt();
    r.clientEnvironment = o.value(u"client_environment"_s).toObject();
    r.serverEnvironment = o.value(u"server_environment"_s).toObject();
    r.inventoryPath = o.value(u"inventory_path"_s).toArray();
    r.created = timeFromJson(o.value(u"created_at"_s));
    r.notes = o.value(u"notes"_s).toString();
    const QJsonValue tags = o.value(u"tags"_s);
    if (!tags.isUndefined() && !tags.isArray()) {
        *error = where + u".tags must be a list of strings"_s;
        return std::nullopt;
    }
    QStringList tagList;
    for (qsizetype i = 0; i < tags.toArray().size(); ++i) {
        const QJsonValue t = tags.toArray().at(i);
        if (!t.isString()) {
            *error = where + u".tags[%1] must be a string"_s.arg(i);
            return std::nullopt;
        }
        tagList.append(t.toString());
    }
    auto normal = TagName::normaliseAll(tagList);
    if (!normal) {
        *error = where + u".tags: "_s + normal.message();
        return std::nullopt;
    }
    r.tags = *normal;
    QString recordError;
    auto rec = ResultRecord::fromJson(o.value(u"record"_s).toObject(), &recordError);
    if (!rec) {
        *error = where + u".record: "_s + recordError;
        return std::nullopt;
    }
    r.record = *rec;
    return r;
}

QJsonObject noticeJson(const RunNotice &n)
{
    return QJsonObject{{u"run"_s, n.runUuid},
                       {u"kind"_s, runNoticeKindName(n.kind)},
                       {u"text"_s, n.text},
                       {u"created_at"_s, timeJson(n.created)},
                       {u"seen"_s, n.seen}};
}

// A notice of the archive; `runUuid` is kept in n.runUuid and must name one
// of the archive's runs.
std::optional<RunNotice> noticeFromJson(const QJsonValue &v, const QString &where, const QSet<QString> &runUuids,
                                        QString *error)
{
    if (!v.isObject()) {
        *error = where + u" must be an object"_s;
        return std::nullopt;
    }
    const QJsonObject o = v.toObject();
    RunNotice n;
    n.runUuid = o.value(u"run"_s).toString();
    if (!runUuids.contains(n.runUuid)) {
        *error = where + u".run must be the uuid of one of the archive's runs"_s;
        return std::nullopt;
    }
    const auto kind = runNoticeKindFromName(o.value(u"kind"_s).toString());
    if (!kind) {
        *error = where + u".kind must be failed_test or regression"_s;
        return std::nullopt;
    }
    n.kind = *kind;
    n.text = o.value(u"text"_s).toString().trimmed();
    if (n.text.isEmpty()) {
        *error = where + u".text must be a text that is not empty"_s;
        return std::nullopt;
    }
    n.created = timeFromJson(o.value(u"created_at"_s));
    if (!n.created.isValid()) {
        *error = where + u".created_at must be an ISO 8601 time"_s;
        return std::nullopt;
    }
    const QJsonValue seen = o.value(u"seen"_s);
    if (!seen.isBool()) {
        *error = where + u".seen must be true or false"_s;
        return std::nullopt;
    }
    n.seen = seen.toBool();
    return n;
}

QByteArray csvRow(const QStringList &fields)
{
    QByteArray line;
    for (qsizetype i = 0; i < fields.size(); ++i) {
        if (i)
            line += ',';
        line += csvField(fields[i]).toUtf8();
    }
    return line + '\n';
}

QString number(double v)
{
    return QString::number(v, 'g', 17);
}

StoreStatus writeAll(QIODevice &out, const QByteArray &data)
{
    if (out.write(data) != data.size())
        return StoreError{StoreError::Kind::Failed, u"cannot write the export: %1"_s.arg(out.errorString())};
    return {};
}

} // namespace

StoreArchive::StoreArchive(ResultStore &store) : m_store(store) {}

StoreResult<QJsonArray> StoreArchive::exportRunsJson(const RunFilter &filter, bool withSamples)
{
    RunFilter f = filter;
    f.withMetrics = true;
    auto runs = m_store.runs().listRuns(f);
    if (!runs)
        return runs.error();
    QJsonArray out;
    for (StoredRun &r : *runs) {
        if (withSamples) {
            auto s = m_store.runs().samples(r.id);
            if (!s)
                return s.error();
            r.record.samples = *s;
        }
        out.append(runJson(r));
    }
    return out;
}

StoreResult<QJsonObject> StoreArchive::exportArchive()
{
    QJsonObject a;
    a.insert(u"format"_s, kFormat);
    a.insert(u"version"_s, kFormatVersion);
    a.insert(u"schema_version"_s, Schema::kVersion);
    a.insert(u"exported_at"_s, timeJson(QDateTime::currentDateTimeUtc()));
    auto inv = m_store.inventory().load();
    if (!inv)
        return inv.error();
    a.insert(u"inventory"_s, inv->toJson());
    auto ms = m_store.runs().measurements();
    if (!ms)
        return ms.error();
    QJsonArray measurements;
    for (const Measurement &m : *ms)
        measurements.append(QJsonObject{{u"uuid"_s, m.uuid},
                                        {u"kind"_s, m.kind},
                                        {u"params"_s, m.params},
                                        {u"label"_s, m.label},
                                        {u"iterations"_s, m.iterations},
                                        {u"ci_level_pct"_s, m.ciLevelPct ? QJsonValue(*m.ciLevelPct) : QJsonValue()},
                                        {u"ci_width_pct"_s, m.ciWidthPct ? QJsonValue(*m.ciWidthPct) : QJsonValue()},
                                        {u"confidence"_s, m.confidence},
                                        {u"created_at"_s, timeJson(m.created)}});
    a.insert(u"measurements"_s, measurements);
    RunFilter all;
    all.newestFirst = false;
    auto runs = exportRunsJson(all, true);
    if (!runs)
        return runs.error();
    a.insert(u"runs"_s, *runs);
    auto bases = m_store.baselines().baselines();
    if (!bases)
        return bases.error();
    QJsonArray baselines;
    for (const Baseline &b : *bases)
        baselines.append(b.toJson());
    a.insert(u"baselines"_s, baselines);
    auto notices = m_store.notices().allNotices();
    if (!notices)
        return notices.error();
    QJsonArray noticeArray;
    for (const RunNotice &n : std::as_const(*notices))
        noticeArray.append(noticeJson(n));
    a.insert(u"notices"_s, noticeArray);
    return a;
}

StoreResult<ArchiveImportSummary> StoreArchive::importArchive(const QJsonObject &archive, const QString &source)
{
    const QString p = source.isEmpty() ? QString() : source + u": "_s;
    auto invalid = [&](const QString &m) { return StoreError{StoreError::Kind::Invalid, p + m}; };
    if (archive.value(u"format"_s).toString() != kFormat)
        return invalid(u"not a Wirebench archive (field 'format' must be \"%1\")"_s.arg(kFormat));
    if (archive.value(u"version"_s).toInt() > kFormatVersion)
        return invalid(u"archive format %1 is newer than this program understands (%2); update Wirebench"_s.arg(
                           archive.value(u"version"_s).toInt())
                           .arg(kFormatVersion));
    // Parse everything before writing anything.
    QString error;
    // An archive without inventory (e.g. results from another tool) is fine.
    QJsonObject invJson = archive.value(u"inventory"_s).toObject();
    if (invJson.isEmpty())
        invJson = Inventory().toJson();
    auto inv = Inventory::fromJson(invJson, QString(), &error);
    if (!inv)
        return invalid(u"inventory: "_s + error);
    QList<Measurement> measurements;
    const QJsonArray ma = archive.value(u"measurements"_s).toArray();
    for (qsizetype i = 0; i < ma.size(); ++i) {
        const QJsonObject o = ma.at(i).toObject();
        Measurement m;
        m.uuid = o.value(u"uuid"_s).toString();
        m.kind = o.value(u"kind"_s).toString();
        if (m.uuid.isEmpty() || m.kind.isEmpty())
            return invalid(u"measurements[%1] needs uuid and kind"_s.arg(i));
        m.params = o.value(u"params"_s).toObject();
        m.label = o.value(u"label"_s).toString();
        m.iterations = o.value(u"iterations"_s).toInt();
        if (o.value(u"ci_level_pct"_s).isDouble())
            m.ciLevelPct = o.value(u"ci_level_pct"_s).toDouble();
        if (o.value(u"ci_width_pct"_s).isDouble())
            m.ciWidthPct = o.value(u"ci_width_pct"_s).toDouble();
        m.confidence = o.value(u"confidence"_s).toObject();
        m.created = timeFromJson(o.value(u"created_at"_s));
        measurements.append(m);
    }
    QList<StoredRun> runs;
    const QJsonArray ra = archive.value(u"runs"_s).toArray();
    for (qsizetype i = 0; i < ra.size(); ++i) {
        auto r = runFromJson(ra.at(i).toObject(), u"runs[%1]"_s.arg(i), &error);
        if (!r)
            return invalid(error);
        runs.append(*r);
    }
    // An archive written before notices were carried has no "notices": none to merge.
    QSet<QString> runUuids;
    for (const StoredRun &r : std::as_const(runs))
        runUuids.insert(r.uuid);
    const QJsonValue noticeValue = archive.value(u"notices"_s);
    if (!noticeValue.isUndefined() && !noticeValue.isArray())
        return invalid(u"notices must be a list of notices"_s);
    QList<RunNotice> notices;
    const QJsonArray na = noticeValue.toArray();
    for (qsizetype i = 0; i < na.size(); ++i) {
        auto n = noticeFromJson(na.at(i), u"notices[%1]"_s.arg(i), runUuids, &error);
        if (!n)
            return invalid(error);
        notices.append(*n);
    }
    QList<Baseline> baselines;
    const QJsonArray ba = archive.value(u"baselines"_s).toArray();
    for (qsizetype i = 0; i < ba.size(); ++i) {
        auto b = Baseline::fromJson(ba.at(i).toObject(), u"baselines[%1]"_s.arg(i), &error);
        if (!b)
            return invalid(error);
        auto tags = TagName::normaliseAll(b->tags);
        if (!tags)
            return invalid(u"baselines[%1].tags: "_s.arg(i) + tags.message());
        b->tags = *tags;
        baselines.append(*b);
    }

    ArchiveImportSummary sum;
    SqlTransaction tx(m_store);
    if (StoreStatus s = tx.begin(); !s)
        return s.error();
    auto invSum = m_store.inventory().importInventoryNoTransaction(*inv, InventoryMerge::KeepExisting);
    if (!invSum)
        return invSum.error();
    sum.inventoryAdded = invSum->added;
    for (const Measurement &m : std::as_const(measurements)) {
        if (m_store.runs().measurement(m.uuid))
            continue;
        auto id = m_store.runs().saveMeasurement(m);
        if (!id)
            return id.error();
        ++sum.measurementsAdded;
    }
    QHash<QString, qint64> runIds; // uuid in the archive -> id here
    for (const StoredRun &r : std::as_const(runs)) {
        auto existing = m_store.runs().runByUuid(r.uuid, false);
        if (existing) {
            runIds.insert(r.uuid, existing->id);
            // The run is there; what people said of it elsewhere joins it.
            if (StoreStatus s = m_store.annotations().mergeRunNoTransaction(existing->id, r.tags, r.notes); !s)
                return StoreError{s.error().kind, p + s.message()};
            ++sum.runsSkipped;
            continue;
        }
        if (existing.error().kind != StoreError::Kind::NotFound)
            return existing.error();
        auto id = m_store.runs().insertRun(r, false);
        if (!id)
            return StoreError{id.error().kind, p + u"run %1: "_s.arg(r.uuid) + id.message()};
        runIds.insert(r.uuid, *id);
        ++sum.runsAdded;
    }
    for (const RunNotice &n : std::as_const(notices)) {
        auto added = m_store.notices().mergeNoticeNoTransaction(runIds.value(n.runUuid), n);
        if (!added)
            return StoreError{added.error().kind, p + added.message()};
        if (*added)
            ++sum.noticesAdded;
    }
    auto bsum = m_store.baselines().importBaselinesNoTransaction(baselines);
    if (!bsum)
        return bsum.error();
    for (const Baseline &b : std::as_const(baselines)) {
        if (b.tags.isEmpty() && b.notes.isEmpty())
            continue;
        if (StoreStatus s = m_store.annotations().mergeBaselineNoTransaction(b.key, b.tags, b.notes); !s)
            return StoreError{s.error().kind, p + s.message()};
    }
    sum.baselinesAdded = bsum->added;
    sum.baselinesUpdated = bsum->updated;
    if (StoreStatus s = tx.commit(); !s)
        return s.error();
    return sum;
}

StoreStatus StoreArchive::writeRunsCsv(const RunFilter &filter, QIODevice &out)
{
    auto runs = m_store.runs().listRuns(filter);
    if (!runs)
        return runs.error();
    QByteArray data = csvRow({u"id"_s, u"uuid"_s, u"kind"_s, u"status"_s, u"started_at"_s, u"ended_at"_s,
                              u"plan"_s, u"test_case"_s, u"tool"_s, u"tool_version"_s, u"client_endpoint"_s,
                              u"server_endpoint"_s, u"params"_s, u"error"_s});
    for (const StoredRun &r : std::as_const(*runs))
        data += csvRow({QString::number(r.id), r.uuid, r.record.kind, runStatusName(r.status),
                        timeJson(r.startedAt).toString(), timeJson(r.endedAt).toString(), r.plan, r.testCase,
                        r.record.tool, r.record.toolVersion, r.clientEndpoint, r.serverEndpoint,
                        QString::fromUtf8(QJsonDocument(r.record.params).toJson(QJsonDocument::Compact)), r.error});
    return writeAll(out, data);
}

StoreStatus StoreArchive::writeMetricsCsv(const RunFilter &filter, QIODevice &out)
{
    auto runs = m_store.runs().listRuns(filter);
    if (!runs)
        return runs.error();
    if (StoreStatus s = writeAll(out, csvRow({u"run"_s, u"kind"_s, u"side"_s, u"name"_s, u"value"_s, u"unit"_s}));
        !s)
        return s;
    for (const StoredRun &r : std::as_const(*runs)) {
        auto ms = m_store.runs().metrics(r.id);
        if (!ms)
            return ms.error();
        QByteArray data;
        for (const Metric &m : std::as_const(*ms))
            data += csvRow({QString::number(r.id), r.record.kind, m.side, m.name, number(m.value), m.unit});
        if (StoreStatus s = writeAll(out, data); !s)
            return s;
    }
    return {};
}

StoreStatus StoreArchive::writeSamplesCsv(const RunFilter &filter, QIODevice &out)
{
    auto runs = m_store.runs().listRuns(filter);
    if (!runs)
        return runs.error();
    if (StoreStatus s = writeAll(out, csvRow({u"run"_s, u"t"_s, u"side"_s, u"name"_s, u"value"_s})); !s)
        return s;
    for (const StoredRun &r : std::as_const(*runs)) {
        auto ss = m_store.runs().samples(r.id);
        if (!ss)
            return ss.error();
        QByteArray data;
        for (const Sample &s : std::as_const(*ss))
            data += csvRow({QString::number(r.id), number(s.t), s.side, s.name, number(s.value)});
        if (StoreStatus st = writeAll(out, data); !st)
            return st;
    }
    return {};
}

} // namespace wb
