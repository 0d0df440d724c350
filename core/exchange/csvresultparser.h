// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Reads the documented Wirebench results CSV (docs/importers.md): one row per
// metric, rows grouped into records by the "record" column, parameters in
// "param.NAME" columns. Units must be the canonical one or a listed
// convertible one (Mbit/s, ms, %, ...); values are converted to SI.

#include "importresult.h"

#include <QByteArray>
#include <QString>

namespace wb {

class CsvResultParser
{
public:
    static ImportResult parse(const QByteArray &data, const QString &fileName);
    static bool recognises(const QByteArray &data);
    // The factor that turns a value in `unit` into the metric's canonical
    // unit, or nothing when they are not convertible.
    static std::optional<double> unitFactor(const QString &metric, const QString &unit);
};

} // namespace wb
