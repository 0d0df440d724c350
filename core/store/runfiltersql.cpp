// SPDX-License-Identifier: GPL-3.0-or-later
#include "runfiltersql.h"

#include "tagname.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace wb {

namespace {

// A parameter as json_extract returns it, so SQLite compares like with like.
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

// A name that may go into a JSON path.
bool isPlainName(const QString &s)
{
    static const QRegularExpression re(u"^[A-Za-z0-9_]{1,64}$"_s);
    return re.match(s).hasMatch();
}

} // namespace

StoreResult<QString> RunFilterSql::where(const RunFilter &f, QVariantList *binds, SqlDialect dialect)
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
    if (!f.tag.trimmed().isEmpty()) {
        parts.append(u"r.id IN (SELECT run_id FROM run_tags WHERE tag_key = ?)"_s);
        binds->append(TagName::key(f.tag.trimmed()));
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
            binds->append(QString::fromUtf8(QJsonDocument(QJsonObject{{it.key(), it.value()}}).toJson(QJsonDocument::Compact)));
        } else {
            parts.append(u"json_extract(r.params, ?) = ?"_s);
            binds->append(u"$."_s + it.key());
            binds->append(paramValue(it.value()));
        }
    }
    return parts.isEmpty() ? QString() : u" WHERE "_s + parts.join(u" AND "_s);
}

} // namespace wb
