// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// "-" for standard input or output where a command reads or writes a file
// (import, inventory import, inventory path --lab, db import, db export -o,
// compare --csv and --points-csv, drops --csv, history --csv, run PLAN, experiment --hosts
// and --write), and reading a JSON object with the line of an error.

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QString>
#include <QTemporaryDir>

#include <cstdio>
#include <functional>
#include <optional>

namespace wb::cli {

inline bool isStandardStream(const QString &path)
{
    return path == QStringLiteral("-");
}

// How a message names the input: the file, or standard input for "-".
inline QString inputName(const QString &path)
{
    return isStandardStream(path) ? QStringLiteral("(standard input)") : path;
}

// The whole of a file, or of standard input for "-", at most maxBytes.
inline std::optional<QByteArray> readInput(const QString &path, qint64 maxBytes, QString *error)
{
    QFile f;
    if (isStandardStream(path) ? !f.open(stdin, QIODevice::ReadOnly) : (f.setFileName(path), !f.open(QIODevice::ReadOnly))) {
        *error = QStringLiteral("%1: cannot read: %2").arg(inputName(path), f.errorString());
        return std::nullopt;
    }
    // A pipe hands its bytes over in pieces: read to the end.
    QByteArray data;
    for (QByteArray chunk; data.size() <= maxBytes && !(chunk = f.read(1 << 16)).isEmpty();)
        data += chunk;
    if (f.error() != QFileDevice::NoError) {
        *error = QStringLiteral("%1: cannot read: %2").arg(inputName(path), f.errorString());
        return std::nullopt;
    }
    if (data.size() > maxBytes) {
        *error = QStringLiteral("%1: more than %2 bytes; not read").arg(inputName(path)).arg(maxBytes);
        return std::nullopt;
    }
    return data;
}

// A file (or standard input) holding one JSON object; the error names the
// line where the JSON goes wrong.
inline std::optional<QJsonObject> readJsonObject(const QString &path, QString *error)
{
    constexpr qint64 kMaxJsonBytes = 1024LL * 1024 * 1024;
    const std::optional<QByteArray> data = readInput(path, kMaxJsonBytes, error);
    if (!data)
        return std::nullopt;
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(*data, &pe);
    if (pe.error != QJsonParseError::NoError) {
        *error = QStringLiteral("%1:%2: not valid JSON: %3")
                     .arg(inputName(path))
                     .arg(data->left(pe.offset).count('\n') + 1)
                     .arg(pe.errorString());
        return std::nullopt;
    }
    if (!doc.isObject()) {
        *error = QStringLiteral("%1: the top level must be a JSON object").arg(inputName(path));
        return std::nullopt;
    }
    return doc.object();
}

// Writes with `write` (a writer that takes a file name, as the chart and
// CSV exporters do) to `path`, or for "-" to a private temporary file whose
// bytes then go to standard output, whole or not at all.
inline bool writeOutput(const QString &path, const std::function<bool(const QString &, QString *)> &write, QString *error)
{
    if (!isStandardStream(path))
        return write(path, error);
    QTemporaryDir dir;
    if (!dir.isValid()) {
        *error = QStringLiteral("(standard output): cannot make a temporary directory: %1").arg(dir.errorString());
        return false;
    }
    const QString file = dir.filePath(QStringLiteral("output"));
    if (!write(file, error))
        return false;
    QFile in(file);
    QFile out;
    if (!in.open(QIODevice::ReadOnly) || !out.open(stdout, QIODevice::WriteOnly)) {
        *error = QStringLiteral("(standard output): cannot copy the output: %1").arg(in.errorString());
        return false;
    }
    const QByteArray bytes = in.readAll();
    if (out.write(bytes) != bytes.size() || !out.flush()) {
        *error = QStringLiteral("(standard output): cannot write: %1").arg(out.errorString());
        return false;
    }
    return true;
}

} // namespace wb::cli
