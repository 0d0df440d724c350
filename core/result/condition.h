// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The condition a figure was measured under: its test kind, the metric and
// the side it is read from, and the kind's defining parameters (message,
// request, response, frame and file sizes, sink, fsync, direction, socket
// buffers, rate, streams). Two figures compare only when their conditions
// are equal; repetitions of one condition are the only figures ever pooled
// (docs/comparisons.md).
//
// Every value is in one vocabulary whoever produced the record: our agent,
// an importer or a shipped baseline ("sink: file|devnull", "direction:
// forward|reverse|bidirectional", socket buffers as asked for, "default"
// when the system chose). A defining parameter a source does not state
// takes the agent's default and is marked assumed wherever it is shown.

#include "resultrecord.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace wb {

// One defining parameter of a test kind, as the catalog lists it.
struct ConditionParameterInfo
{
    QString key;          // canonical name, e.g. "message_size_bytes"
    QString label;        // "message size"
    QString defaultValue; // the agent's default, in the vocabulary
    // The value a record states, in the vocabulary; nullopt when it does
    // not state one.
    std::optional<QString> (*read)(const QJsonObject &params) = nullptr;
    // How a value shows: "1472 B", "12 MiB", "devnull".
    QString (*show)(const QString &value) = nullptr;
};

// The defining parameters of a kind, in the order they are shown; empty for
// a kind that has none (a rated latency, a driver's cost).
const QList<ConditionParameterInfo> &definingParameters(const QString &kind);
// The catalog entry of one defining parameter of a kind, or nullptr.
const ConditionParameterInfo *findDefiningParameter(const QString &kind, const QString &key);
// The defining parameter a display label names ("message size"), or nullptr.
const ConditionParameterInfo *definingParameterByLabel(const QString &kind, const QString &label);

struct ConditionParameter
{
    QString key;
    QString value;        // in the vocabulary
    bool assumed = false; // the source did not state it: the agent's default

    bool operator==(const ConditionParameter &) const = default;
};

// A comparison's dimension ("message size", "host pair") in the program's
// language, for display; the English name stays what is grouped by.
QString dimensionDisplay(const QString &dimension);

// The side a figure is read from. Streams and file transfers are read at
// the receiver (what got through), request/response at the client.
enum class FigureSide { Receiver, Sender, Client, Whole };
QString figureSideName(FigureSide side); // "receiver", "sender", "client", "whole test"

struct Condition
{
    QString kind;
    QString metric;
    FigureSide side = FigureSide::Whole;
    bool sideAssumed = false; // the source gave the figure without a side
    QList<ConditionParameter> parameters; // definingParameters(kind) order

    // Equal conditions compare; assumed values compare by their value.
    bool sameAs(const Condition &other) const { return key() == other.key(); }
    // A stable text of everything that defines the condition.
    QString key() const;
    // The same without one parameter (a sweep along it).
    QString keyWithout(const QString &parameterKey) const;
    // "1472 B message · socket buffers default/default · receiver", with
    // "(assumed)" after every assumed value; `without` is left out.
    QString label(const QString &without = QString()) const;
    // label() in the program's language: parameter and side names are
    // translated where a translation is loaded (the desktop program); the
    // values stay as they are. For display only, never parsed back; without
    // a translation it equals label().
    QString displayLabel(const QString &without = QString()) const;
    const ConditionParameter *parameter(const QString &key) const;
    // What differs from another condition, one phrase per parameter:
    // "sink (file vs devnull)", the parameter named in the program's
    // language (dimensionDisplay()). Empty when they are the same.
    QStringList differences(const Condition &other) const;
};

// The sides a record has the metric on, for its kind: the receiver first
// for streams, then the sender; the client for request/response.
QList<FigureSide> sidesWithMetric(const ResultRecord &record, const QString &metric);
// The value of the metric at a side of the record (a figure given without a
// side counts as the kind's default side).
std::optional<double> valueAtSide(const ResultRecord &record, const QString &metric, FigureSide side);
// The condition of a record's metric read at a side.
Condition conditionOf(const ResultRecord &record, const QString &metric, FigureSide side);

// The direction of a record in the vocabulary (forward when not stated).
QString directionOf(const QJsonObject &params);

// The record's parameters with what the run found out about its own
// condition (the IP version the data used): what the defining parameters
// are read from.
QJsonObject conditionFacts(const ResultRecord &record);

} // namespace wb
