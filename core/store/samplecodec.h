// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// How a series of interval samples is packed into one sample_chunks blob:
// 16 bytes a sample, its time then its value, each a little-endian IEEE
// double, so a file written on one machine reads the same on any other
// (docs/perf/store.md says why blobs and not a row per sample).

#include "result/resultrecord.h"

#include <QByteArray>
#include <QList>
#include <QString>

namespace wb {

class SampleCodec
{
public:
    static constexpr qsizetype kBytesPerSample = 16;

    static void append(QByteArray &blob, double t, double value);
    // The time of sample `i` of `blob` (the caller checks the size).
    static double timeAt(const QByteArray &blob, qsizetype i);
    // Every sample of `blob` as samples of series (side, name); false when
    // the blob does not hold exactly `count` samples.
    static bool decode(const QByteArray &blob, qint64 count, const QString &side, const QString &name,
                       QList<Sample> *out);
};

} // namespace wb
