// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The environment of a run or of a historical baseline as comparable
// fields — each end's CPU, OS, kernel, NIC, driver and version, firmware,
// cable, and the link's speed, duplex and MTU, the offloads and the switch — so "what
// changed" can be listed field by field beside any comparison. A run's
// fields come from the agents' sysinfo and the inventory path it ran over,
// a baseline's from the structured `environment` and `link` of its record
// (docs/baselines-format.md). A field a side does not know is absent.

#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

namespace wb {

struct Baseline;
struct StoredRun;

// field ("client driver", "link speed", ...) -> value as text
using EnvironmentFacts = QMap<QString, QString>;

struct EnvironmentFieldDiff
{
    enum class State { Same, Differs, UnknownFirst, UnknownSecond };
    QString field;
    QString first;  // empty when unknown
    QString second;
    State state = State::Same;

    // "client driver: tulip → e1000e", "MTU: not known for the baseline".
    QString describe(const QString &firstName, const QString &secondName) const;
};

// Every field, in the order they are shown.
const QStringList &environmentFactFields();

EnvironmentFacts environmentFactsOfRun(const StoredRun &run);
EnvironmentFacts environmentFactsOfBaseline(const Baseline &baseline);

// Field by field, in environmentFactFields() order: equal or different
// where both know the field, and which side does not know it otherwise.
// Fields neither side knows are left out.
QList<EnvironmentFieldDiff> diffEnvironmentFacts(const EnvironmentFacts &first, const EnvironmentFacts &second);

// The link a run ran over: the client NIC's negotiated speed as its agent
// reported it (the server's when the client did not say); 0 when unknown.
double runLinkSpeedBps(const StoredRun &run);
// A baseline's link speed from its record's `link`; 0 when the source does not say.
double baselineLinkSpeedBps(const Baseline &baseline);

// What kind of link a figure crossed, as its environment shows it.
struct LinkInfo
{
    enum class Class { Unknown, Loopback, Virtual, Physical };
    Class linkClass = Class::Unknown;
    double speedBps = 0; // physical links: the negotiated speed, 0 when not known
    QString duplex;      // "full", "half" or empty
    QString detail;      // the interface or driver that decided it

    // "loopback, no wire", "virtual (veth)", "physical 1 Gbit/s full
    // duplex", "link not known".
    QString label() const;
    // Short, for a legend or a table cell: "loopback", "virtual", "1 Gbit/s".
    QString shortLabel() const;
    // % of ceiling is only shown over a physical link of known speed.
    bool ceilingApplies() const { return linkClass == Class::Physical && speedBps > 0; }
};
QString linkClassName(LinkInfo::Class c); // "loopback", "virtual", "physical", "unknown"

// A run's link, from the client NIC's interface (the server's when the
// client's is not known): "lo" or the loopback driver is loopback; veth,
// bridge, virtio, tun/tap, dummy, macvlan and vxlan are virtual; any other
// NIC is physical.
LinkInfo linkOfRun(const StoredRun &run);
// A baseline's link, from the `link` of its record: physical when the
// source states a speed or a medium, unknown otherwise.
LinkInfo linkOfBaseline(const Baseline &baseline);

// The theoretical ceiling of a figure of `metric` (canonical units) for a
// test of `kind` with these params over a link of `linkBps`: UDP goodput at
// the message size, TCP goodput, or the frame rate at the frame size. 0
// when there is none (request/response) or the size is not known.
// `frameBytes` overrides the frame size derived from the params; the IP
// version sets the header bytes each frame carries (20 or 40) and `mtuBytes`
// the largest frame (0: the standard 1500).
double theoreticalCeiling(const QString &metric, const QString &kind, const QJsonObject &params, double linkBps,
                          int frameBytes = 0, int ipVersion = 4, int mtuBytes = 0);
// The IP version a run's data used: what the orchestrator recorded, else
// the family of the addresses the ends bound; 4 when nothing says.
int ipVersionOfRun(const StoredRun &run);
// The MTU of the NIC the run's client (else server) sent from, as its agent
// reported it; 0 when not known.
int runMtu(const StoredRun &run);
// The same for a baseline: its link speed and, for packet rates, the frame
// size its `link` names.
double baselineCeiling(const Baseline &baseline, const QString &metric);

} // namespace wb
