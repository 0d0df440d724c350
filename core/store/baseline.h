// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A historical baseline: a published figure with its citation and the
// hardware it was measured on, held as a ResultRecord with the same metric
// names as runs so one query compares both. `key` is stable across releases
// of the baseline set, so importing a larger set upgrades an older one.

#include "result/resultrecord.h"

#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QString>

namespace wb {

struct Citation
{
    QString title;
    QString author;
    QString date; // as the source gives it: "1997-03", "2003"
    QString sourceFile;

    bool operator==(const Citation &) const = default;
};

// An inventory object a baseline corresponds to, by natural key.
struct BaselineObject
{
    QString type; // "host", "nic", "switch", "cable"
    QString key;  // host name, "host/interface", switch name, cable label

    bool operator==(const BaselineObject &) const = default;
};

struct Baseline
{
    qint64 id = 0;
    QString key; // stable, e.g. "seed-001/udp-stream-fs108-1472"
    Citation citation;
    QString hardwareText;  // as the source describes it
    QJsonObject hardware;  // structured: {"switch": {...}, "nic": {...}}
    QList<BaselineObject> objects;
    ResultRecord record;
    QDateTime created;
    QDateTime changed;
    // The user's, not the source's (schema 9): importing a baseline set
    // never changes them; an archive adds its tags and, when none are
    // written yet, its notes.
    QStringList tags;
    QString notes;

    // What the figure ran on, in a line: the source's own description when
    // it gives one, else one made from the structured hardware (hosts with
    // CPU and NIC, the switch or hub, the link); "not stated" values are left
    // out. Empty when the source says nothing.
    QString hardwareSummary() const;
    // "Evgeny Rodichev, “Fast Ethernet and Linux Technical Details”, 1997-07-21":
    // who, what and when (without the e-mail address).
    QString citationText() const;

    QJsonObject toJson() const;
    static std::optional<Baseline> fromJson(const QJsonObject &json, const QString &where, QString *error);
};

} // namespace wb
