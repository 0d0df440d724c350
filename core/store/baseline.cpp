// SPDX-License-Identifier: GPL-3.0-or-later
#include "baseline.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace wb {

QJsonObject Baseline::toJson() const
{
    QJsonObject o;
    o.insert(u"key"_s, key);
    o.insert(u"citation"_s, QJsonObject{{u"title"_s, citation.title},
                                         {u"author"_s, citation.author},
                                         {u"date"_s, citation.date},
                                         {u"source_file"_s, citation.sourceFile}});
    o.insert(u"hardware_text"_s, hardwareText);
    o.insert(u"hardware"_s, hardware);
    QJsonArray objs;
    for (const BaselineObject &b : objects)
        objs.append(QJsonObject{{u"type"_s, b.type}, {u"key"_s, b.key}});
    o.insert(u"objects"_s, objs);
    o.insert(u"record"_s, record.toJson());
    if (!tags.isEmpty())
        o.insert(u"tags"_s, QJsonArray::fromStringList(tags));
    if (!notes.isEmpty())
        o.insert(u"notes"_s, notes);
    return o;
}

std::optional<Baseline> Baseline::fromJson(const QJsonObject &json, const QString &where, QString *error)
{
    auto fail = [&](const QString &m) -> std::optional<Baseline> {
        if (error)
            *error = where + m;
        return std::nullopt;
    };
    Baseline b;
    b.key = json.value(u"key"_s).toString();
    if (b.key.isEmpty())
        return fail(u".key is missing"_s);
    const QJsonObject c = json.value(u"citation"_s).toObject();
    b.citation = Citation{c.value(u"title"_s).toString(), c.value(u"author"_s).toString(),
                          c.value(u"date"_s).toString(), c.value(u"source_file"_s).toString()};
    b.hardwareText = json.value(u"hardware_text"_s).toString();
    b.hardware = json.value(u"hardware"_s).toObject();
    const QJsonArray objs = json.value(u"objects"_s).toArray();
    for (qsizetype i = 0; i < objs.size(); ++i) {
        const QJsonObject o = objs.at(i).toObject();
        BaselineObject bo{o.value(u"type"_s).toString(), o.value(u"key"_s).toString()};
        if (!QStringList{u"host"_s, u"nic"_s, u"switch"_s, u"cable"_s}.contains(bo.type) || bo.key.isEmpty())
            return fail(u".objects[%1] needs type host/nic/switch/cable and a key"_s.arg(i));
        b.objects.append(bo);
    }
    QString recordError;
    auto rec = ResultRecord::fromJson(json.value(u"record"_s).toObject(), &recordError);
    if (!rec)
        return fail(u".record: "_s + recordError);
    b.record = *rec;
    const QJsonValue tags = json.value(u"tags"_s);
    if (!tags.isUndefined() && !tags.isArray())
        return fail(u".tags must be a list of strings"_s);
    for (qsizetype i = 0; i < tags.toArray().size(); ++i) {
        const QJsonValue t = tags.toArray().at(i);
        if (!t.isString())
            return fail(u".tags[%1] must be a string"_s.arg(i));
        b.tags.append(t.toString());
    }
    b.notes = json.value(u"notes"_s).toString();
    return b;
}

} // namespace wb
