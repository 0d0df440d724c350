// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A chart and its points as files, for compare, drops and history: --chart
// FILE (its format from its ending) and a CSV option (FILE, or - for
// standard output), both written by one function of the charts library.

#ifdef WB_CLI_CHARTS

#include "chartexporter.h"
#include "clicommand.h"
#include "cliio.h"

#include <functional>
#include <optional>
#include <utility>

namespace wb::cli {

// Writes `chart` and `csv` (either may be empty) with `write`, each followed
// by "\nwrote FILE" on standard output unless `quiet`. `endings` names the
// chart endings for the message when one is not known. Returns kExitOk,
// kExitUsage or kExitFailure, the message said.
inline int writeChartFiles(CliContext &ctx, const QString &chart, const QString &csv, const QString &endings, bool quiet,
                           const std::function<bool(charts::ExportFormat, const QString &, QString *)> &write)
{
    for (const auto &[file, forced] : {std::pair{chart, false}, std::pair{csv, true}}) {
        if (file.isEmpty())
            continue;
        const auto format =
            forced ? std::optional(charts::ExportFormat::Csv) : charts::ChartExporter::formatFromPath(file);
        if (!format)
            return usageError(ctx, QStringLiteral("%1: the chart file must end in %2").arg(file, endings));
        ctx.out.flush(); // before the CSV bytes, when they go to standard output
        QString error;
        const bool written = writeOutput(file, [&](const QString &path, QString *e) {
            return write(*format, path, e);
        }, &error);
        if (!written) {
            ctx.err << commandName(ctx) << ": " << error << '\n';
            return kExitFailure;
        }
        if (!quiet)
            ctx.out << "\nwrote " << file;
    }
    return kExitOk;
}

} // namespace wb::cli

#endif
