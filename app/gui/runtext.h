// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// How the Results page words a run for a reader: its test parameters
// ("message 1472 B", "sink /dev/null", "send buffer 64 KiB"). Plain text,
// no widgets, so the model, the detail view and their tests share it.

#include <QJsonObject>
#include <QList>
#include <QString>

namespace wb::gui {

struct RunParameter
{
    QString key;   // "message_size_bytes"
    QString label; // "message"
    QString text;  // "1472 B"
    QString sortKey; // orders numbers as numbers
    // How the agent runs rather than what it measures (sample interval,
    // watchdog, idle timeout, interface): left out of a run's summary.
    bool housekeeping = false;
};

// Every parameter of a record of `kind`, in reading order: sizes first
// (message, request, response, file, frame), then sink, fsync, direction,
// buffers, rate, streams and duration, then any other, alphabetically.
QList<RunParameter> runParameters(const QJsonObject &params, const QString &kind = QString());
// "message 1472 B · sink /dev/null", housekeeping too unless `measuredOnly`.
QString joinParameters(const QList<RunParameter> &parameters, bool measuredOnly = false);

// A test case name without the "[message_size_bytes=1472, sink=file]" a
// plan appends for each swept value (the parameters say it better).
QString testCaseTitle(const QString &testCase);

// A number for a table: integers with digit grouping, others with four
// significant digits but never in exponent notation.
QString tableNumber(double value);

} // namespace wb::gui
