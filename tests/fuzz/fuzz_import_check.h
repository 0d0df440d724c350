// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What every importer must hold on any input, checked by the fuzz targets:
// no crash or hang (libFuzzer and the sanitizers see to those), an error
// means no records, and every record is canonical (survives the JSON round
// trip with finite values and catalog units).

#include "exchange/importer.h"

#include <QByteArray>
#include <QString>

#include <cmath>
#include <cstdint>
#include <cstdlib>

namespace wb::fuzz {

inline void checkImport(const uint8_t *data, size_t size, ImportFormat format)
{
    const QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    const ImportResult r = Importer::importData(bytes, QStringLiteral("fuzz-input"), format);
    if (!r.ok()) {
        if (!r.records.isEmpty() || r.error->message.isEmpty())
            std::abort();
        return;
    }
    if (r.records.isEmpty())
        std::abort();
    for (const ResultRecord &record : r.records) {
        QString error;
        const auto again = ResultRecord::fromJson(record.toJson(), &error);
        if (!again)
            std::abort();
        for (const Metric &m : record.metrics)
            if (!std::isfinite(m.value))
                std::abort();
    }
}

} // namespace wb::fuzz
