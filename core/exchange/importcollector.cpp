// SPDX-License-Identifier: GPL-3.0-or-later
#include "importcollector.h"

using namespace Qt::StringLiterals;

namespace wb {

bool ImportCollector::fail(int line, const QString &message)
{
    if (!m_error)
        m_error = ImportError{m_file, line, message};
    return false;
}

void ImportCollector::warn(int line, const QString &message)
{
    m_warnings.append(u"%1:%2: %3"_s.arg(m_file, QString::number(line), message));
}

void ImportCollector::addRecord(const ResultRecord &record, int line)
{
    m_records.append(record);
    m_recordLines.append(line);
}

ImportResult ImportCollector::result(const QString &noneFound) const
{
    ImportResult r;
    if (m_error) {
        r.error = m_error;
        return r;
    }
    if (m_records.isEmpty())
        return ImportResult::failure(m_file, 0, noneFound);
    r.records = m_records;
    r.recordLines = m_recordLines;
    r.warnings = m_warnings;
    return r;
}

} // namespace wb
