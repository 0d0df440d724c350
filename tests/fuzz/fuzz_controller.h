// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Shared by the controller's fuzz targets (docs/fuzzing.md, "Controller
// parsers"): a broken promise aborts, so libFuzzer keeps the input.

#include <QByteArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QString>

#include <cstdint>
#include <cstdio>
#include <cstdlib>

namespace wb::fuzz {

inline QByteArray bytes(const uint8_t *data, size_t size)
{
    return QByteArray(reinterpret_cast<const char *>(data), qsizetype(size));
}

[[noreturn]] inline void broken(const char *promise, const QString &detail = {})
{
    std::fprintf(stderr, "fuzz: broken promise: %s %s\n", promise, qPrintable(detail));
    std::abort();
}

inline void require(bool ok, const char *promise, const QString &detail = {})
{
    if (!ok)
        broken(promise, detail);
}

// A parser's answer: either a value or a message saying why not.
template<typename T>
void requireAnswer(const T &value, const QString &error, const char *what)
{
    if (!value && error.isEmpty())
        broken(what, QStringLiteral("refused the input without a message"));
}

inline QByteArray compact(const QJsonObject &o)
{
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

} // namespace wb::fuzz
