// SPDX-License-Identifier: GPL-3.0-or-later
#include "baselineset.h"
#include "result/metriccatalog.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace wb {

namespace {

QJsonObject readJsonObject(const QString &path, QString *error)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        *error = u"%1: cannot open: %2"_s.arg(path, f.errorString());
        return {};
    }
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(f.readAll(), &pe);
    if (pe.error != QJsonParseError::NoError) {
        *error = u"%1: offset %2: %3"_s.arg(path).arg(pe.offset).arg(pe.errorString());
        return {};
    }
    if (!doc.isObject())
        *error = u"%1: expected a JSON object at the top"_s.arg(path);
    return doc.object();
}

} // namespace

BaselineSet BaselineSet::loadBuiltin()
{
    return load(u":/baselines"_s);
}

BaselineSet BaselineSet::loadDirectory(const QString &dir)
{
    return load(dir);
}

BaselineSet BaselineSet::load(const QString &dir)
{
    BaselineSet set;
    const QString indexPath = dir + u"/index.json"_s;
    const QJsonObject index = readJsonObject(indexPath, &set.m_error);
    if (!set.m_error.isEmpty())
        return set;
    if (index.value(u"format"_s).toString() != u"wirebench-baselines-index"_s) {
        set.m_error = u"%1: field 'format' must be 'wirebench-baselines-index'"_s.arg(indexPath);
        return set;
    }
    set.m_setVersion = index.value(u"set_version"_s).toInt();
    if (set.m_setVersion < 1) {
        set.m_error = u"%1: field 'set_version' must be a positive integer"_s.arg(indexPath);
        return set;
    }
    const QJsonArray files = index.value(u"files"_s).toArray();
    if (files.isEmpty()) {
        set.m_error = u"%1: field 'files' must list the baseline files"_s.arg(indexPath);
        return set;
    }
    for (const QJsonValue &f : files) {
        if (!set.loadFile(dir + u'/' + f.toString())) {
            set.m_baselines.clear();
            return set;
        }
    }
    QSet<QString> keys;
    for (const Baseline &b : std::as_const(set.m_baselines)) {
        if (keys.contains(b.key)) {
            set.m_error = u"baseline key '%1' appears twice"_s.arg(b.key);
            set.m_baselines.clear();
            return set;
        }
        keys.insert(b.key);
    }
    return set;
}

bool BaselineSet::loadFile(const QString &path)
{
    const QJsonObject doc = readJsonObject(path, &m_error);
    if (!m_error.isEmpty())
        return false;
    auto fail = [&](const QString &what) {
        m_error = path + u": "_s + what;
        return false;
    };
    if (doc.value(u"format"_s).toString() != u"wirebench-baselines"_s)
        return fail(u"field 'format' must be 'wirebench-baselines'"_s);
    if (doc.value(u"format_version"_s).toInt() != 1)
        return fail(u"field 'format_version' must be 1"_s);
    const QJsonObject c = doc.value(u"citation"_s).toObject();
    const Citation citation{c.value(u"title"_s).toString(), c.value(u"author"_s).toString(),
                            c.value(u"date"_s).toString(), c.value(u"source_file"_s).toString()};
    const QString citationNote = c.value(u"note"_s).toString();
    if (citation.title.isEmpty() || citation.author.isEmpty())
        return fail(u"citation.title and citation.author are required"_s);
    const QJsonObject hardware = doc.value(u"hardware"_s).toObject();
    const QJsonArray list = doc.value(u"baselines"_s).toArray();
    for (qsizetype i = 0; i < list.size(); ++i) {
        const QJsonObject o = list.at(i).toObject();
        const QString where = u"baselines[%1]"_s.arg(i);
        Baseline b;
        b.key = o.value(u"key"_s).toString();
        if (b.key.isEmpty())
            return fail(where + u".key is missing"_s);
        b.citation = citation;
        const QString note = o.value(u"note"_s).toString();
        const QJsonValue hw = o.value(u"hardware"_s);
        if (hw.isString()) {
            if (!hardware.contains(hw.toString()))
                return fail(u"%1 (%2).hardware names '%3', which the file's 'hardware' does not define"_s.arg(
                    where, b.key, hw.toString()));
            b.hardware = hardware.value(hw.toString()).toObject();
            b.hardware.insert(u"id"_s, hw.toString());
        } else {
            b.hardware = hw.toObject();
        }
        b.hardwareText = b.hardware.value(u"description"_s).toString();
        QString recordError;
        const std::optional<ResultRecord> r = ResultRecord::fromJson(o.value(u"record"_s).toObject(), &recordError);
        if (!r)
            return fail(u"%1 (%2).record: %3"_s.arg(where, b.key, recordError));
        b.record = *r;
        if (!note.isEmpty())
            b.record.extra.insert(u"note"_s, note);
        if (!citationNote.isEmpty())
            b.record.extra.insert(u"citation_note"_s, citationNote);
        if (!testKinds().contains(b.record.kind))
            return fail(u"%1 (%2).record.kind '%3' is not a known test kind"_s.arg(where, b.key, b.record.kind));
        for (const Metric &m : std::as_const(b.record.metrics)) {
            if (canonicalUnit(m.name).isEmpty())
                return fail(u"%1 (%2): metric '%3' is not in the metric catalog"_s.arg(where, b.key, m.name));
        }
        // The link it ran over and the structured environment travel with the
        // hardware object (no store schema change): "link" is required.
        const QJsonValue link = o.value(u"link"_s);
        if (!link.isObject())
            return fail(u"%1 (%2).link is missing: every baseline states its link speed, or \"not stated\""_s.arg(
                where, b.key));
        const QJsonValue speed = link.toObject().value(u"speed_bps"_s);
        if (!(speed.isDouble() && speed.toDouble() > 0) && speed.toString() != u"not stated"_s)
            return fail(u"%1 (%2).link.speed_bps must be a positive number of bit/s or \"not stated\""_s.arg(where, b.key));
        const QString duplex = link.toObject().value(u"duplex"_s).toString();
        if (duplex != u"half"_s && duplex != u"full"_s && duplex != u"not stated"_s)
            return fail(u"%1 (%2).link.duplex must be \"half\", \"full\" or \"not stated\""_s.arg(where, b.key));
        b.hardware.insert(u"link"_s, link);
        const QJsonValue environment = o.value(u"environment"_s);
        if (!environment.isUndefined() && !environment.isObject())
            return fail(u"%1 (%2).environment must be an object"_s.arg(where, b.key));
        if (environment.isObject())
            b.hardware.insert(u"environment"_s, environment);
        m_baselines.append(b);
    }
    return true;
}

QList<Baseline> BaselineSet::fromSource(const QString &sourceFile) const
{
    QList<Baseline> out;
    for (const Baseline &b : m_baselines)
        if (b.citation.sourceFile == sourceFile)
            out.append(b);
    return out;
}

QList<Baseline> BaselineSet::missingFrom(const QSet<QString> &storedKeys) const
{
    QList<Baseline> out;
    for (const Baseline &b : m_baselines)
        if (!storedKeys.contains(b.key))
            out.append(b);
    return out;
}

const Baseline *BaselineSet::find(const QString &key) const
{
    for (const Baseline &b : m_baselines)
        if (b.key == key)
            return &b;
    return nullptr;
}

} // namespace wb
