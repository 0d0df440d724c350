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
    QString agentPath;        // remote agent path; empty = deploy the default
};

struct Endpoint
{
    QString host;             // a PlanHost name
    QString nic;              // interface name on that host, may be empty
    QString address;          // data address override; empty = the host's
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
    // forwarding: the device under test between client and server, with the
    // NIC traffic leaves by (nic) and the one it arrives on (dutIngress).
    std::optional<Endpoint> dut;
    QString dutIngress;
};

struct Plan
{
    QString name;
    QString description;
    QList<PlanHost> hosts;
    QList<TestCase> cases;    // expanded
    QJsonObject source;       // the plan as written, kept with every run

    const PlanHost *host(const QString &name) const;

    // Parses and expands a plan. Errors name the JSON path of the problem
    // ("tests[1].params.message_size_bytes[2]: ...") and, for files, the file.
    static std::optional<Plan> fromJson(const QJsonObject &json, QString *error);
    static std::optional<Plan> load(const QString &path, QString *error);
};


} // namespace wb
