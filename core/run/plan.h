// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A test plan as the user writes it (docs/plan-format.md) and its expansion
// into concrete test cases: parameter sweeps become one case per value
// combination, a host matrix one case per ordered host pair. Each case has a
// stable key so an interrupted plan can be resumed by re-running only the
// cases whose key has no finished measurement.

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace wb {

struct PlanHost
{
    QString name;
    QString address;          // where agents reach this host's data sockets
    QString transport;        // "local" or "ssh"
    QString sshAddress;       // where SSH reaches the host (a management
                              // network); empty: the name, via ~/.ssh/config
    int sshPort = 0;          // 0: ~/.ssh/config, else 22
    QString sshUser;
    QString identityFile;
    QString jumpHost;         // ProxyJump hop [user@]host[:port]; empty: none (or ~/.ssh/config)
    int dataPortMin = 0;      // the serving end listens on a port in this
    int dataPortMax = 0;      // range (lab firewalls); 0/0: any free port
    QString agentPath;        // remote agent path; empty = deploy the default
};

struct Endpoint
{
    QString host;             // a PlanHost name
    QString nic;              // interface name on that host, may be empty
    QString address;          // data address override; empty = the host's
    bool bindDevice = false;  // also SO_BINDTODEVICE the data sockets to nic
    int inventoryMtu = 0;     // the inventory's MTU of nic (PlanHosts::resolve); 0: not known
};

// Where a plan names a host (or a host's NIC): for errors that name the
// JSON path, since a plan may name hosts only the inventory knows.
struct HostReference
{
    QString host;
    QString nic;              // may be empty
    QString path;             // e.g. "tests[1].server"
};

struct RepetitionRule
{
    int minIterations = 1;    // netperf -i max,min: min
    int maxIterations = 1;    //                  : max
    double confidenceLevelPct = 99;  // netperf -I level,width: level
    double intervalWidthPct = 5;     // full interval width as % of the mean
    QString metric;           // the metric the rule watches; empty = the kind's key metric
};

struct TestCase
{
    QString key;              // stable across runs of the same plan
    QString name;             // user's test name plus the sweep values
    QString kind;
    Endpoint client;
    Endpoint server;
    QJsonObject params;       // scalar values only, after expansion
    double durationS = 10;
    RepetitionRule repetitions;
    bool allowSharedNic = false;
    int ipVersion = 0;        // 4 or 6: the family of the data NICs' addresses; 0: IPv4 if the NIC has one
    bool standardFrameSizes = false; // rfc2544 with the plan's default frame sizes (jumbo ones may join)
    // forwarding: the device under test between client and server, with the
    // NIC traffic leaves by (nic) and the one it arrives on (dutIngress).
    std::optional<Endpoint> dut;
    QString dutIngress;
    // Whether the device under test times idle-priority loops for its CPU
    // headroom (dut.headroom; dut_cpu_headroom_pct).
    bool dutHeadroom = false;
    // Part of an A/B experiment (core/run/experiment.h): {question, varies,
    // arm, test, round, rounds}; empty otherwise. Kept with every run.
    QJsonObject experiment;
};

struct Plan
{
    QString name;
    QString description;
    // The plan's own "hosts" (may be empty: the inventory has them). After
    // PlanHosts::resolve(), every host the tests name, as it is reached.
    QList<PlanHost> hosts;
    QList<TestCase> cases;    // expanded
    QList<HostReference> references; // every endpoint as written, in order
    QJsonObject source;       // the plan as written, kept with every run
    QString schedule;         // the schedule that started this run (run --schedule), or empty
    QJsonObject experiment;   // the plan's `experiment` as written; empty: none

    const PlanHost *host(const QString &name) const;
    // The first reference to each host the tests name that is not in
    // `hosts`, or null when there is none.
    const HostReference *firstUnknownHost() const;

    // Parses and expands a plan. Errors name the JSON path of the problem
    // ("tests[1].params.message_size_bytes[2]: ...") and, for files, the file.
    // Hosts the tests name need not be under "hosts": PlanHosts::resolve()
    // finds them in the inventory (or names the path of one that is nowhere).
    static std::optional<Plan> fromJson(const QJsonObject &json, QString *error);
    static std::optional<Plan> load(const QString &path, QString *error);

    // An rfc2544 case of a sweep over frame sizes at another frame size: its
    // name and key as the expansion would have given them.
    static TestCase withFrameSize(const TestCase &c, int frameBytes);
};


} // namespace wb
