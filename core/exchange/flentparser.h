// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Reads flent result files (.flent.gz, gzip-compressed JSON, data format
// versions 1-4; plain .flent JSON too): one record per data series with its
// summary statistics and every non-null point as a sample. Throughput series
// become stream records, ping series latency records.

#include "importresult.h"

#include <QByteArray>
#include <QString>

namespace wb {

class FlentParser
{
public:
    static constexpr qint64 kMaxInflatedBytes = 256LL * 1024 * 1024;

    static ImportResult parse(const QByteArray &data, const QString &fileName);
    static bool recognises(const QByteArray &data);
    // gunzip with a size limit; an error message on damaged data.
    static std::optional<QByteArray> gunzip(const QByteArray &data, QString *error);
};

} // namespace wb
