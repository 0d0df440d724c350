// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The front door of the importers: reads a file, picks the parser (or
// detects it), and returns canonical records or one error naming the file,
// line and what was expected. Nothing is stored here; the caller hands the
// records to the results store, all of a file or none of it.

#include "importresult.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <optional>

namespace wb {

enum class ImportFormat { Auto, Netperf, Iperf3, Iperf2, Flent, Sockperf, Pktgen, Csv };

class Importer
{
public:
    // Files larger than this are refused instead of read (logs are small).
    static constexpr qint64 kMaxFileBytes = 256LL * 1024 * 1024;
    // A text log of several tools is read block by block; more switches
    // than this are not a log anyone wrote.
    static constexpr qsizetype kMaxToolBlocks = 256;

    static ImportResult importFile(const QString &path, ImportFormat format = ImportFormat::Auto);
    static ImportResult importData(const QByteArray &data, const QString &fileName,
                                   ImportFormat format = ImportFormat::Auto);
    // The parser that fits, judged from the name and the first bytes; nothing when none does.
    static std::optional<ImportFormat> detect(const QByteArray &data, const QString &fileName);

    static std::optional<ImportFormat> formatFromName(const QString &name);
    static QString formatName(ImportFormat format);
    static QStringList formatNames(); // for --help
};

} // namespace wb
