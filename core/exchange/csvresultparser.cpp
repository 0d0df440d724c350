// SPDX-License-Identifier: GPL-3.0-or-later
#include "logparsers.h"

#include "result/metriccatalog.h"
#include "importtext.h"

#include <QMap>
#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace wb {

namespace {

const QStringList &requiredColumns()
{
    static const QStringList k{u"record"_s, u"kind"_s,  u"tool"_s,  u"tool_version"_s,
                               u"metric"_s, u"side"_s,  u"value"_s, u"unit"_s};
    return k;
}

} // namespace

std::optional<double> CsvResultParser::unitFactor(const QString &metric, const QString &unit)
{
    const QString canonical = canonicalUnit(metric);
    if (canonical.isEmpty() || unit == canonical || unit.isEmpty())
        return 1.0;
    static const QMap<QString, QMap<QString, double>> kConversions{
        {u"bit/s"_s,
         {{u"kbit/s"_s, 1e3}, {u"Mbit/s"_s, 1e6}, {u"Gbit/s"_s, 1e9}, {u"B/s"_s, 8.0}, {u"KiB/s"_s, 8.0 * 1024},
          {u"MiB/s"_s, 8.0 * 1024 * 1024}, {u"kB/s"_s, 8e3}, {u"MB/s"_s, 8e6}}},
        {u"us"_s, {{u"ns"_s, 1e-3}, {u"ms"_s, 1e3}, {u"s"_s, 1e6}}},
        {u"ms"_s, {{u"us"_s, 1e-3}, {u"s"_s, 1e3}}},
        {u"s"_s, {{u"ms"_s, 1e-3}, {u"us"_s, 1e-6}, {u"min"_s, 60.0}}},
        {u"ratio"_s, {{u"%"_s, 0.01}}},
        {u"B"_s, {{u"KiB"_s, 1024.0}, {u"MiB"_s, 1024.0 * 1024}, {u"GiB"_s, 1024.0 * 1024 * 1024}, {u"kB"_s, 1e3},
                  {u"MB"_s, 1e6}, {u"GB"_s, 1e9}}},
        {u"1/s"_s, {{u"k/s"_s, 1e3}, {u"M/s"_s, 1e6}}},
    };
    const auto it = kConversions.constFind(canonical);
    if (it == kConversions.cend() || !it->contains(unit))
        return std::nullopt;
    return it->value(unit);
}

ImportResult CsvResultParser::parse(const QByteArray &data, const QString &fileName)
{
    const ImportText text(data, 0);
    QStringList header;
    int headerLine = 0;
    QMap<QString, qsizetype> indexOf; // record id -> position in records
    QList<ResultRecord> records;
    QList<int> firstLines;
    static const QRegularExpression kName(uR"(^[a-z][a-z0-9_]{0,63}$)"_s);
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QString raw = text.line(i);
        const QString t = raw.trimmed();
        const int line = ImportText::number(i);
        if (t.isEmpty() || t.startsWith(u'#'))
            continue;
        const std::optional<QStringList> fields = splitCsvFields(raw);
        if (!fields)
            return ImportResult::failure(fileName, line, u"expected a closing quote before the end of the line"_s);
        if (header.isEmpty()) {
            header = *fields;
            headerLine = line;
            if (header.mid(0, requiredColumns().size()) != requiredColumns())
                return ImportResult::failure(fileName, line, u"expected the header '%1' (then optional param.NAME and extra.NAME columns)"_s.arg(
                                                                 requiredColumns().join(u',')));
            for (qsizetype k = requiredColumns().size(); k < header.size(); ++k) {
                const QString &h = header.at(k);
                const bool ok = (h.startsWith(u"param."_s) && kName.match(h.mid(6)).hasMatch())
                                || (h.startsWith(u"extra."_s) && kName.match(h.mid(6)).hasMatch());
                if (!ok)
                    return ImportResult::failure(fileName, line, u"column %1: expected 'param.NAME' or 'extra.NAME' (lower case), found '%2'"_s.arg(k + 1).arg(h.left(60)));
            }
            continue;
        }
        if (fields->size() != header.size())
            return ImportResult::failure(fileName, line, u"expected %1 fields as in the header on line %2, found %3"_s.arg(header.size())
                                                             .arg(headerLine)
                                                             .arg(fields->size()));
        const QString id = fields->at(0);
        const QString kind = fields->at(1);
        const QString metric = fields->at(4);
        const QString side = fields->at(5);
        const QString unit = fields->at(7);
        if (id.isEmpty())
            return ImportResult::failure(fileName, line, u"field 'record': expected a record id"_s);
        if (!testKinds().contains(kind))
            return ImportResult::failure(fileName, line, u"field 'kind': expected one of %1, found '%2'"_s.arg(testKinds().join(u", "_s), kind.left(40)));
        if (!kName.match(metric).hasMatch())
            return ImportResult::failure(fileName, line, u"field 'metric': expected a metric name such as throughput_bps, found '%1'"_s.arg(metric.left(40)));
        if (!side.isEmpty() && side != u"client"_s && side != u"server"_s)
            return ImportResult::failure(fileName, line, u"field 'side': expected client, server or empty, found '%1'"_s.arg(side.left(40)));
        const std::optional<double> value = ImportText::toNumber(fields->at(6));
        if (!value)
            return ImportResult::failure(fileName, line, u"field 'value': expected a number, found '%1'"_s.arg(fields->at(6).left(40)));
        const std::optional<double> factor = unitFactor(metric, unit);
        if (!factor)
            return ImportResult::failure(fileName, line, u"field 'unit': '%1' cannot be converted to %2's unit '%3'"_s.arg(unit.left(20), metric, canonicalUnit(metric)));
        ResultRecord *r = nullptr;
        if (const auto it = indexOf.constFind(id); it != indexOf.cend()) {
            r = &records[*it];
            if (r->kind != kind || (!fields->at(2).isEmpty() && r->tool != fields->at(2)))
                return ImportResult::failure(fileName, line, u"record '%1' was kind '%2' tool '%3' on line %4; this row disagrees"_s.arg(
                                                                 id, r->kind, r->tool)
                                                                 .arg(firstLines.at(*it)));
        } else {
            indexOf.insert(id, records.size());
            records.append(ResultRecord{});
            firstLines.append(line);
            r = &records.last();
            r->kind = kind;
            r->tool = fields->at(2).isEmpty() ? u"csv"_s : fields->at(2);
            r->toolVersion = fields->at(3);
        }
        for (qsizetype k = requiredColumns().size(); k < header.size(); ++k) {
            const QString &cell = fields->at(k);
            if (cell.isEmpty())
                continue;
            const QString name = header.at(k).mid(6);
            QJsonObject &target = header.at(k).startsWith(u"param."_s) ? r->params : r->extra;
            const std::optional<double> n = ImportText::toNumber(cell);
            const QJsonValue v = n ? QJsonValue(*n) : QJsonValue(cell);
            if (target.contains(name) && target.value(name) != v)
                return ImportResult::failure(fileName, line, u"column '%1': record '%2' already has a different value"_s.arg(header.at(k), id));
            target.insert(name, v);
        }
        const QString canonical = canonicalUnit(metric);
        r->metrics.append(Metric{metric, side, ImportText::scaled(*value, *factor),
                                 canonical.isEmpty() ? (unit.isEmpty() ? u"count"_s : unit) : canonical});
    }
    if (header.isEmpty())
        return ImportResult::failure(fileName, 0, u"expected the header '%1'; the file is empty"_s.arg(requiredColumns().join(u',')));
    if (records.isEmpty())
        return ImportResult::failure(fileName, headerLine, u"expected at least one row after the header"_s);
    ImportResult res;
    res.records = records;
    res.recordLines = firstLines;
    return res;
}

bool CsvResultParser::recognises(const QByteArray &data)
{
    const ImportText text(data.left(65536));
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QString t = text.line(i).trimmed();
        if (t.isEmpty() || t.startsWith(u'#'))
            continue;
        return t.startsWith(u"record,kind,tool,tool_version,metric,side,value,unit"_s);
    }
    return false;
}

} // namespace wb
