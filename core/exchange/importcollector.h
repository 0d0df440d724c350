// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What a log reader gathers while it reads one file: the records with the
// line each starts on, the warnings, and the first error. The text readers
// (iperf 2, iperf3, netperf) derive from it so each says only how it reads.

#include "importresult.h"

namespace wb {

class ImportCollector
{
public:
    explicit ImportCollector(const QString &file)
        : m_file(file)
    {
    }

    // Keeps the first error only (a later one is a consequence); returns
    // false so a reader can `return fail(...)`.
    bool fail(int line, const QString &message);
    // "FILE:LINE: message" among the result's warnings.
    void warn(int line, const QString &message);
    void addRecord(const ResultRecord &record, int line);
    bool failed() const { return m_error.has_value(); }
    // The error alone when there is one; the failure noneFound (about the
    // whole file) when no record was read; else the records, their lines
    // and the warnings.
    ImportResult result(const QString &noneFound) const;

protected:
    const QString m_file;

private:
    std::optional<ImportError> m_error;
    QList<ResultRecord> m_records;
    QList<int> m_recordLines;
    QStringList m_warnings;
};

} // namespace wb
