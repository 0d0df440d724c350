// SPDX-License-Identifier: GPL-3.0-or-later
#include "samplecodec.h"

#include <QtEndian>

#include <cstring>

namespace wb {

namespace {

void appendDouble(QByteArray &out, double v)
{
    quint64 bits;
    std::memcpy(&bits, &v, sizeof bits);
    bits = qToLittleEndian(bits);
    out.append(reinterpret_cast<const char *>(&bits), sizeof bits);
}

double readDouble(const char *p)
{
    quint64 bits;
    std::memcpy(&bits, p, sizeof bits);
    bits = qFromLittleEndian(bits);
    double v;
    std::memcpy(&v, &bits, sizeof v);
    return v;
}

} // namespace

void SampleCodec::append(QByteArray &blob, double t, double value)
{
    appendDouble(blob, t);
    appendDouble(blob, value);
}

double SampleCodec::timeAt(const QByteArray &blob, qsizetype i)
{
    return readDouble(blob.constData() + i * kBytesPerSample);
}

bool SampleCodec::decode(const QByteArray &blob, qint64 count, const QString &side, const QString &name,
                         QList<Sample> *out)
{
    if (blob.size() != count * kBytesPerSample)
        return false;
    out->reserve(out->size() + count);
    for (qint64 i = 0; i < count; ++i) {
        const char *p = blob.constData() + i * kBytesPerSample;
        out->append(Sample{readDouble(p), side, name, readDouble(p + 8)});
    }
    return true;
}

} // namespace wb
