// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// How the Results page words a run for a reader: its test parameters
// ("message 1472 B", "sink /dev/null", "send buffer 64 KiB") and its
// metrics in their display units ("62.62 Mbit/s", "39.06 µs", "60.61 %")
// instead of stored SI values in scientific notation. Plain text, no
// widgets, so the model, the detail view and their tests share it.

#include "result/resultrecord.h"

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
// Equal send and receive buffers are one "buffers" parameter.
QList<RunParameter> runParameters(const QJsonObject &params, const QString &kind = QString());
// How a plan's parameter key reads beside a raw value typed in a plan:
// "message (bytes)" for message_size_bytes, "interval (s)" for interval_s;
// the words of runParameters, the unit from the key's suffix.
QString parameterLabel(const QString &key, const QString &kind = QString());
// "message 1472 B · sink /dev/null", housekeeping too unless `measuredOnly`.
QString joinParameters(const QList<RunParameter> &parameters, bool measuredOnly = false);

// A test case name without the "[message_size_bytes=1472, sink=file]" a
// plan appends for each swept value (the parameters say it better).
QString testCaseTitle(const QString &testCase);

struct MetricText
{
    QString label; // "throughput", or the name of a metric the catalog does not know
    QString value; // "62.62", "1,234,567"
    QString unit;  // "Mbit/s", "µs", "%", empty for counts
    double displayed = 0; // the value in `unit`, for sorting
};

// A metric in its display unit and scale (metriccatalog.h); ratios as
// percent, microseconds as µs, counts without a unit.
MetricText metricText(const Metric &metric);
// "heavy loss: 69 % did not arrive" for a record that lost at least 10 %
// of what was sent (loss_ratio, read at the receiver); empty otherwise. Heavy
// loss is said in words, never left to a bare percentage or a colour. When
// `figure`, the text shown beside it, already states the loss ("…, loss
// 17.16%"), the words are only "heavy loss".
QString heavyLossText(const ResultRecord &record, const QString &figure = QString());
// A number for a table: integers with digit grouping, others with four
// significant digits but never in exponent notation.
QString tableNumber(double value);

// A run's or test's stored status ("finished", "failed", "cancelled",
// "running", "skipped") as the window shows it, in the user's language;
// the stored word itself never changes. Anything else is shown as it is.
QString statusText(const QString &status);

} // namespace wb::gui
