// SPDX-License-Identifier: GPL-3.0-or-later
#include "importer.h"

#include "logparsers.h"
#include "importtext.h"

#include <QFile>
#include <QRegularExpression>

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

struct FormatEntry
{
    QString name;
    ImportFormat format;
    ImportResult (*parse)(const QByteArray &data, const QString &fileName); // none for Auto
};

// Each format's name and parser, in the order --help lists them.
const QList<FormatEntry> &formatTable()
{
    static const QList<FormatEntry> kFormats{
        {u"auto"_s, ImportFormat::Auto, nullptr},
        {u"netperf"_s, ImportFormat::Netperf, &NetperfParser::parse},
        {u"iperf3"_s, ImportFormat::Iperf3, &Iperf3Parser::parse},
        {u"iperf2"_s, ImportFormat::Iperf2, &Iperf2Parser::parse},
        {u"flent"_s, ImportFormat::Flent, &FlentParser::parse},
        {u"sockperf"_s, ImportFormat::Sockperf, &SockperfParser::parse},
        {u"pktgen"_s, ImportFormat::Pktgen, &PktgenParser::parse},
        {u"csv"_s, ImportFormat::Csv, &CsvResultParser::parse}};
    return kFormats;
}

ImportResult parseAs(ImportFormat format, const QByteArray &data, const QString &fileName)
{
    for (const FormatEntry &f : formatTable())
        if (f.format == format && f.parse)
            return f.parse(data, fileName);
    return ImportResult::failure(fileName, 0, u"no parser chosen"_s);
}

// Which tool a line belongs to, when only that tool prints it: its banners
// and headers, or its own command line. Other lines belong to the block
// they are in.
enum class LineTool { None, Netperf, Iperf3, Iperf2, Sockperf, Pktgen, Other };

struct LineMark
{
    LineTool tool = LineTool::None;
    QString name; // for tools that are not imported
};

LineMark markOf(const QString &raw)
{
    const QString t = raw.trimmed();
    if (t.isEmpty())
        return {};
    static const QRegularExpression kCommand(uR"((?:^|[\s$#>/])(netperf|iperf3|iperf|sockperf|nuttcp|qperf|ttcp|ping)(?:\.exe)?\s+-)"_s);
    if (const auto m = kCommand.match(t); m.hasMatch()) {
        const QString tool = m.captured(1);
        if (tool == u"netperf"_s)
            return {LineTool::Netperf, {}};
        if (tool == u"iperf3"_s)
            return {LineTool::Iperf3, {}};
        if (tool == u"iperf"_s)
            return {LineTool::Iperf2, {}};
        if (tool == u"sockperf"_s)
            return {LineTool::Sockperf, {}};
        return {LineTool::Other, tool};
    }
    if (Iperf2Parser::isIperf2Line(t))
        return {LineTool::Iperf2, {}};
    static const QRegularExpression kIperf3(
        uR"(^(?:Connecting to host \S+, port \d+|Server listening on \d+|Accepted connection from \S+, port|iperf 3\.|iperf3: ))"_s);
    if (kIperf3.match(t).hasMatch())
        return {LineTool::Iperf3, {}};
    if (t.startsWith(u"sockperf:"_s) || t.startsWith(u"sockperf["_s))
        return {LineTool::Sockperf, {}};
    if (t.startsWith(u"Params: count"_s) || t.startsWith(u"Result: OK"_s))
        return {LineTool::Pktgen, {}};
    if (NetperfParser::isNetperfLine(t))
        return {LineTool::Netperf, {}};
    static const QRegularExpression kOther(uR"(^(nuttcp-[tr]:|ttcp-[tr]:|PING \S+ \())"_s);
    if (const auto m = kOther.match(t); m.hasMatch())
        return {LineTool::Other, m.captured(1).section(u'-', 0, 0).section(u' ', 0, 0).toLower()};
    return {};
}

std::optional<ImportFormat> formatOf(LineTool tool)
{
    switch (tool) {
    case LineTool::Netperf:
        return ImportFormat::Netperf;
    case LineTool::Iperf3:
        return ImportFormat::Iperf3;
    case LineTool::Iperf2:
        return ImportFormat::Iperf2;
    case LineTool::Sockperf:
        return ImportFormat::Sockperf;
    case LineTool::Pktgen:
        return ImportFormat::Pktgen;
    case LineTool::None:
    case LineTool::Other:
        break;
    }
    return std::nullopt;
}

struct Block
{
    LineTool tool = LineTool::None;
    QString name;
    qsizetype first = 0; // line indexes, end exclusive
    qsizetype end = 0;
};

// A text log of several tools (a lab notebook, a script's output) is cut
// where a line only another tool prints begins; lines in between go with the
// block above (text before the first mark with the first block). Nothing
// when the text holds one tool only: then the file is read as a whole.
QList<Block> toolBlocks(const ImportText &text)
{
    QList<Block> blocks;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const LineMark mark = markOf(text.line(i));
        if (mark.tool == LineTool::None)
            continue;
        if (!blocks.isEmpty() && blocks.last().tool == mark.tool && blocks.last().name == mark.name)
            continue;
        if (!blocks.isEmpty())
            blocks.last().end = i;
        blocks.append(Block{mark.tool, mark.name, blocks.isEmpty() ? 0 : i, text.size()});
    }
    if (!blocks.isEmpty())
        blocks.last().end = text.size();
    bool mixed = false;
    for (const Block &b : std::as_const(blocks))
        mixed |= b.tool != blocks.first().tool || b.name != blocks.first().name;
    return mixed ? blocks : QList<Block>();
}

ImportResult importBlocks(const QByteArray &data, const QList<Block> &blocks, const QString &fileName)
{
    // Each block goes to its parser with the lines above it left blank, so
    // every line number in errors and warnings is the file's.
    const QList<QByteArray> lines = data.split('\n');
    ImportResult all;
    QStringList formats;
    for (const Block &b : blocks) {
        const std::optional<ImportFormat> format = formatOf(b.tool);
        if (!format) {
            all.warnings.append(u"%1:%2-%3: %4 output skipped: Wirebench does not import %4"_s.arg(fileName)
                                    .arg(ImportText::number(b.first))
                                    .arg(ImportText::number(b.end - 1))
                                    .arg(b.name));
            continue;
        }
        QByteArray part(b.first, '\n');
        for (qsizetype k = b.first; k < b.end && k < lines.size(); ++k)
            part += lines.at(k) + '\n';
        ImportResult r = parseAs(*format, part, fileName);
        if (!r.ok() && r.error->line == 0) {
            // Nothing of that tool's results in the block (a command that
            // failed, a server waiting): nothing wrong was read either.
            all.warnings.append(u"%1:%2-%3: %4 lines without results skipped (%5)"_s.arg(fileName)
                                    .arg(ImportText::number(b.first))
                                    .arg(ImportText::number(b.end - 1))
                                    .arg(Importer::formatName(*format), r.error->message.left(120)));
            continue;
        }
        if (!r.ok()) {
            r.records.clear();
            r.format = Importer::formatName(*format);
            return r;
        }
        for (qsizetype k = 0; k < r.records.size(); ++k) {
            all.recordLines.append(r.recordLines.value(k, ImportText::number(b.first)));
            all.records.append(r.records.at(k));
        }
        all.warnings += r.warnings;
        const QString name = Importer::formatName(*format);
        if (!formats.contains(name))
            formats.append(name);
    }
    all.format = formats.join(u'+');
    if (all.records.isEmpty())
        return ImportResult::failure(fileName, 0, u"none of the tools' output in this file is one Wirebench imports"_s);
    return all;
}

} // namespace

ImportResult Importer::importData(const QByteArray &raw, const QString &fileName, ImportFormat format)
{
    if (raw.size() > kMaxFileBytes)
        return ImportResult::failure(fileName, 0, u"the input is larger than %1 bytes"_s.arg(kMaxFileBytes));
    const QByteArray data = normalizedEncoding(raw);
    std::optional<ImportResult> mixed;
    if (format == ImportFormat::Auto && !data.trimmed().startsWith('{') && !FlentParser::recognises(data)
        && !CsvResultParser::recognises(data)) {
        const QList<Block> blocks = toolBlocks(ImportText(data));
        if (blocks.size() > kMaxToolBlocks)
            return ImportResult::failure(fileName, 0, u"the file switches between tools %1 times; at most %2 blocks are read"_s
                                                          .arg(blocks.size())
                                                          .arg(kMaxToolBlocks));
        if (!blocks.isEmpty())
            mixed = importBlocks(data, blocks, fileName);
    }
    if (mixed) {
        // (checked below like any other result)
    } else if (format == ImportFormat::Auto) {
        const std::optional<ImportFormat> detected = detect(data, fileName);
        if (!detected)
            return ImportResult::failure(
                fileName, 0,
                u"cannot tell the format: expected netperf, iperf3 or iperf2 output, a .flent.gz file, sockperf or pktgen "
                "output, or a Wirebench CSV (give --format to choose)"_s);
        format = *detected;
    }
    ImportResult r;
    if (mixed) {
        r = *mixed;
    } else {
        r = parseAs(format, data, fileName);
        r.format = formatName(format);
    }
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
    // iperf 2 reports look like iperf3's ("[ ID] ... sec ... bits/sec"); its
    // headers and -y C lines are its own, so it is asked first.
    if (Iperf2Parser::recognises(data) && !data.trimmed().startsWith('{'))
        return ImportFormat::Iperf2;
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
    for (const FormatEntry &f : formatTable())
        if (f.name == name)
            return f.format;
    return std::nullopt;
}

QString Importer::formatName(ImportFormat format)
{
    for (const FormatEntry &f : formatTable())
        if (f.format == format)
            return f.name;
    return QString();
}

QStringList Importer::formatNames()
{
    QStringList names;
    for (const FormatEntry &f : formatTable())
        names.append(f.name);
    return names;
}

} // namespace wb
