// SPDX-License-Identifier: GPL-3.0-or-later
#include "importer.h"

#include "csvresultparser.h"
#include "flentparser.h"
#include "iperf3parser.h"
#include "netperfparser.h"
#include "pktgenparser.h"
#include "sockperfparser.h"

#include <QFile>

#include <cmath>

using namespace Qt::StringLiterals;

namespace wb {

ImportResult Importer::importFile(const QString &path, ImportFormat format)
{
    const QString &name = path;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return ImportResult::failure(name, 0, u"cannot open the file: %1"_s.arg(f.errorString()));
    if (f.size() > kMaxFileBytes)
        return ImportResult::failure(name, 0, u"the file is %1 bytes; importers read at most %2"_s.arg(f.size()).arg(kMaxFileBytes));
    const QByteArray data = f.read(kMaxFileBytes + 1);
    if (f.error() != QFileDevice::NoError)
        return ImportResult::failure(name, 0, u"cannot read the file: %1"_s.arg(f.errorString()));
    return importData(data, name, format);
}

namespace {

// Logs redirected on Windows (PowerShell) are UTF-16 with a byte order mark;
// editors add a UTF-8 one. The parsers all read UTF-8 without a mark.
QByteArray normalizedEncoding(const QByteArray &data)
{
    if (data.startsWith("\xEF\xBB\xBF"))
        return data.mid(3);
    const bool le = data.startsWith("\xFF\xFE");
    const bool be = data.startsWith("\xFE\xFF");
    if (!le && !be)
        return data;
    QString text;
    text.reserve((data.size() - 2) / 2);
    for (qsizetype i = 2; i + 1 < data.size(); i += 2) {
        const uchar a = uchar(data.at(i));
        const uchar b = uchar(data.at(i + 1));
        text.append(QChar(le ? char16_t(a | (b << 8)) : char16_t((a << 8) | b)));
    }
    return text.toUtf8();
}

} // namespace

ImportResult Importer::importData(const QByteArray &raw, const QString &fileName, ImportFormat format)
{
    if (raw.size() > kMaxFileBytes)
        return ImportResult::failure(fileName, 0, u"the input is larger than %1 bytes"_s.arg(kMaxFileBytes));
    const QByteArray data = normalizedEncoding(raw);
    if (format == ImportFormat::Auto) {
        const std::optional<ImportFormat> detected = detect(data, fileName);
        if (!detected)
            return ImportResult::failure(
                fileName, 0,
                u"cannot tell the format: expected netperf or iperf3 output, a .flent.gz file, sockperf or pktgen "
                "output, or a Wirebench CSV (give --format to choose)"_s);
        format = *detected;
    }
    ImportResult r;
    switch (format) {
    case ImportFormat::Netperf:
        r = NetperfParser::parse(data, fileName);
        break;
    case ImportFormat::Iperf3:
        r = Iperf3Parser::parse(data, fileName);
        break;
    case ImportFormat::Flent:
        r = FlentParser::parse(data, fileName);
        break;
    case ImportFormat::Sockperf:
        r = SockperfParser::parse(data, fileName);
        break;
    case ImportFormat::Pktgen:
        r = PktgenParser::parse(data, fileName);
        break;
    case ImportFormat::Csv:
        r = CsvResultParser::parse(data, fileName);
        break;
    case ImportFormat::Auto:
        break;
    }
    r.format = formatName(format);
    // A value that overflowed in a unit conversion is damaged input too; the
    // message names the line the record starts on, as every other error does.
    for (qsizetype i = 0; i < r.records.size() && !r.error; ++i) {
        const int line = int(r.recordLines.value(i, 0));
        for (const Metric &m : std::as_const(r.records.at(i).metrics))
            if (!std::isfinite(m.value)) {
                r.error = ImportError{fileName, line,
                                      u"result %1 (starting here): metric %2 is out of range"_s.arg(i + 1).arg(m.name)};
                break;
            }
        for (const Sample &s : std::as_const(r.records.at(i).samples))
            if (!r.error && (!std::isfinite(s.value) || !std::isfinite(s.t))) {
                r.error = ImportError{fileName, line,
                                      u"result %1 (starting here): a %2 sample is out of range"_s.arg(i + 1).arg(s.name)};
                break;
            }
    }
    if (r.error)
        r.records.clear(); // all of a file or nothing
    return r;
}

std::optional<ImportFormat> Importer::detect(const QByteArray &data, const QString &fileName)
{
    if (fileName.endsWith(u".flent.gz"_s) || fileName.endsWith(u".flent"_s) || FlentParser::recognises(data))
        return ImportFormat::Flent;
    if (CsvResultParser::recognises(data))
        return ImportFormat::Csv;
    if (Iperf3Parser::recognises(data))
        return ImportFormat::Iperf3;
    if (SockperfParser::recognises(data))
        return ImportFormat::Sockperf;
    if (PktgenParser::recognises(data))
        return ImportFormat::Pktgen;
    if (NetperfParser::recognises(data))
        return ImportFormat::Netperf;
    return std::nullopt;
}

std::optional<ImportFormat> Importer::formatFromName(const QString &name)
{
    static const QList<std::pair<QString, ImportFormat>> kNames{
        {u"auto"_s, ImportFormat::Auto},         {u"netperf"_s, ImportFormat::Netperf},
        {u"iperf3"_s, ImportFormat::Iperf3},     {u"flent"_s, ImportFormat::Flent},
        {u"sockperf"_s, ImportFormat::Sockperf}, {u"pktgen"_s, ImportFormat::Pktgen},
        {u"csv"_s, ImportFormat::Csv}};
    for (const auto &[n, f] : kNames)
        if (n == name)
            return f;
    return std::nullopt;
}

QString Importer::formatName(ImportFormat format)
{
    switch (format) {
    case ImportFormat::Auto:
        return u"auto"_s;
    case ImportFormat::Netperf:
        return u"netperf"_s;
    case ImportFormat::Iperf3:
        return u"iperf3"_s;
    case ImportFormat::Flent:
        return u"flent"_s;
    case ImportFormat::Sockperf:
        return u"sockperf"_s;
    case ImportFormat::Pktgen:
        return u"pktgen"_s;
    case ImportFormat::Csv:
        return u"csv"_s;
    }
    return QString();
}

QStringList Importer::formatNames()
{
    return {u"auto"_s, u"netperf"_s, u"iperf3"_s, u"flent"_s, u"sockperf"_s, u"pktgen"_s, u"csv"_s};
}

} // namespace wb
