// SPDX-License-Identifier: GPL-3.0-or-later
#include "baseline.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace wb {

namespace {

// A value the source gives; "not stated…" and empty values say nothing.
QString stated(const QJsonValue &v)
{
    const QString text = v.isDouble() ? QString::number(v.toDouble()) : v.toString().trimmed();
    return text.startsWith(u"not stated"_s) ? QString() : text;
}

QString hostText(const QJsonObject &host)
{
    QStringList parts;
    if (const QString cpu = stated(host.value(u"cpu"_s)); !cpu.isEmpty())
        parts << cpu;
    for (const QJsonValue &n : host.value(u"nics"_s).toArray()) {
        const QJsonObject nic = n.toObject();
        QString card = stated(nic.value(u"model"_s));
        if (card.isEmpty())
            card = stated(nic.value(u"chip"_s));
        const QString driver = stated(nic.value(u"driver"_s));
        if (!card.isEmpty() || !driver.isEmpty())
            parts << (card.isEmpty() ? driver : driver.isEmpty() ? card : u"%1 (%2)"_s.arg(card, driver));
    }
    const QString name = stated(host.value(u"name"_s));
    if (parts.isEmpty())
        return name;
    return name.isEmpty() ? parts.join(u", "_s) : u"%1: %2"_s.arg(name, parts.join(u", "_s));
}

} // namespace

QString Baseline::hardwareSummary() const
{
    if (!hardwareText.trimmed().isEmpty())
        return hardwareText;
    QStringList parts;
    for (const QJsonValue &h : hardware.value(u"hosts"_s).toArray())
        if (const QString text = hostText(h.toObject()); !text.isEmpty())
            parts << text;
    for (const QString &device : {u"switch"_s, u"hub"_s}) {
        const QJsonObject d = hardware.value(device).toObject();
        const QString model = stated(d.value(u"model"_s));
        if (!model.isEmpty())
            parts << (model.contains(device, Qt::CaseInsensitive) ? model : u"%1 %2"_s.arg(device, model));
        else if (!d.isEmpty())
            parts << device;
    }
    // The link: a line of its own, or the medium of the link the figure ran over.
    const QJsonValue link = hardware.value(u"link"_s);
    if (const QString text = link.isObject() ? stated(link.toObject().value(u"medium"_s)) : stated(link); !text.isEmpty())
        parts << text;
    return parts.join(u"; "_s);
}

QString Baseline::citationText() const
{
    QStringList parts;
    if (const QString author = citation.author.section(u'<', 0, 0).trimmed(); !author.isEmpty())
        parts << author;
    if (!citation.title.isEmpty())
        parts << u"“%1”"_s.arg(citation.title);
    if (!citation.date.isEmpty())
        parts << citation.date;
    return parts.join(u", "_s);
}

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
