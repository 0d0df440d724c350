// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What an importer hands back: the canonical records of one file, or the one
// error that made the whole file unusable. A file with an error yields no
// records at all, so a damaged log never half-lands in the store.

#include "result/resultrecord.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace wb {

struct ImportError
{
    QString file;
    int line = 0; // 1-based; 0 when the error is about the whole file
    QString message; // says what was expected and what was found

    QString toString() const
    {
        if (line > 0)
            return file + u':' + QString::number(line) + QStringLiteral(": ") + message;
        return file + QStringLiteral(": ") + message;
    }
};

struct ImportResult
{
    QList<ResultRecord> records;
    std::optional<ImportError> error;
    QStringList warnings; // things the importer skipped on purpose (omitted intervals, ...)
    QString format;       // the parser that read the file ("netperf", "iperf3", ...)
    // 1-based line where each record starts (parallel to records, may be
    // shorter): a check over the finished records can still name the line.
    QList<int> recordLines;

    bool ok() const { return !error.has_value(); }

    static ImportResult failure(const QString &file, int line, const QString &message)
    {
        ImportResult r;
        r.error = ImportError{file, line, message};
        return r;
    }
};

} // namespace wb
