// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The one catalog of what Wirebench measures: every canonical metric with
// its SI unit, how it is displayed (unit and scale), its label and
// description, and every test kind with its key metric. Charts, tables, the
// CLI, the importers and the store all read names, units and labels from
// here; the agent's own table is checked against the same golden file
// (tests/data/metric-catalog.json) by the agent's and the core's tests.

#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace wb {

struct ResultRecord;

struct MetricInfo
{
    QString name;         // canonical name, e.g. "throughput_bps"
    QString unit;         // SI unit the value is stored in, e.g. "bit/s"
    QString displayUnit;  // what tables and charts show, e.g. "Mbit/s"
    double displayScale = 1; // stored value × displayScale = displayed value
    QString label;        // a short noun phrase for axes and legends
    QString description;  // one sentence for tooltips and docs
};

// Every canonical metric, in a stable order.
const QList<MetricInfo> &metricCatalog();
// The catalog entry of a metric, or nullptr when the name is not canonical.
const MetricInfo *findMetric(const QString &name);
// The unit of a canonical metric, or an empty string when the name is unknown.
QString canonicalUnit(const QString &metricName);

struct TestKindInfo
{
    QString name;       // "udp_stream"
    QString label;      // "UDP stream"
    QString keyMetric;  // the one figure an engineer reads first
};

// Every canonical test kind, in a stable order.
const QList<TestKindInfo> &testKindCatalog();
// The names of the test kinds.
const QStringList &testKinds();
// The key metric of a kind; throughput_bps for a kind the catalog does not know.
QString keyMetricForKind(const QString &kind);
// How a kind is named on screen ("UDP stream" for udp_stream), in the
// program's language (the desktop program translates it; the CLI has no
// translator and prints English); a kind the catalog does not know shows in
// its own name. TestKindInfo::label stays English.
QString testKindLabel(const QString &kind);

// How a metric of a kind is displayed: the catalog entry, with the
// kind-specific label where one reads better (a file transfer's throughput
// is its "file transfer rate"), label and description in the program's
// language as testKindLabel(). Unknown metrics show in their own name.
// metricCatalog() itself stays English: what is stored or parsed uses it.
MetricInfo metricDisplay(const QString &metric, const QString &kind = QString());

// The sides to read a kind's figures from, in that order: the receiving
// side for streams (what arrived, not what was sent), the client for RR.
QStringList figureSides(const QString &kind);
// The sides to read `metric` of `record` from: as figureSides(kind), except
// that data the server sent (params.direction reverse, or a bidirectional
// test's reverse_ metrics) is read where it arrived, at the client first.
QStringList figureSides(const ResultRecord &record, const QString &metric);
// A metric of a record read from the first side figureSides(record, metric) names that has it.
std::optional<double> sidedMetricValue(const ResultRecord &record, const QString &metric);

} // namespace wb
