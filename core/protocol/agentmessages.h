// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A type for every message of the agent protocol (docs/agent-protocol.md),
// decoded and encoded here and nowhere else: requests the controller sends
// (serve, run, monitor, sysinfo, cancel, heartbeat, ping) and what the agent
// answers (listening, sample, result, sysinfo, cancelled, pong, error).
// Each decoder checks the fields it reads and names the one that is wrong.
// tst_agentmessage runs every type against the golden message files.

#include "agentmessage.h"
#include "result/resultrecord.h"

#include <QJsonObject>
#include <QString>

#include <optional>

namespace wb {

namespace msg {
// The message type names, in one place.
inline const QString kHello = QStringLiteral("hello");
inline const QString kPing = QStringLiteral("ping");
inline const QString kPong = QStringLiteral("pong");
inline const QString kError = QStringLiteral("error");
inline const QString kServe = QStringLiteral("serve");
inline const QString kListening = QStringLiteral("listening");
inline const QString kRun = QStringLiteral("run");
inline const QString kMonitor = QStringLiteral("monitor");
inline const QString kSample = QStringLiteral("sample");
inline const QString kSamples = QStringLiteral("samples");
inline const QString kResult = QStringLiteral("result");
inline const QString kSysinfo = QStringLiteral("sysinfo");
inline const QString kCancel = QStringLiteral("cancel");
inline const QString kCancelled = QStringLiteral("cancelled");
inline const QString kHeartbeat = QStringLiteral("heartbeat");
// A capability, not a message: the agent binds its named NIC's own address,
// checks bind addresses, keeps to port ranges and binds to devices.
inline const QString kBindNic = QStringLiteral("bind_nic");

// Whether a message ends its request (no more messages with that id follow).
bool isFinal(const AgentMessage &message);
} // namespace msg

// serve: listen for one test's running end.
struct ServeRequest
{
    QString kind;
    QJsonObject params;
    // Numeric address of this host's test NIC; empty: the agent takes the
    // address of params.interface (of `family`), or the wildcard. An agent
    // binds only its own addresses (capability "bind_nic").
    QString bind;
    int port = 0;  // 0: any free port (in portMin..portMax when set)
    QString token; // 32 hex digits, shared with the running end
    QString family;        // "ipv4", "ipv6" or empty (IPv4 when the NIC has one)
    int portMin = 0;       // the host's data port range; 0: none
    int portMax = 0;
    bool bindDevice = false; // SO_BINDTODEVICE to params.interface

    AgentMessage toMessage(qint64 id) const;
    static std::optional<ServeRequest> fromMessage(const AgentMessage &m, QString *error);
};

// listening: the serving end's port, to pass to the running end.
struct ListeningReply
{
    int port = 0;
    int udpPort = 0; // 0 when the kind has no UDP socket
    QString address; // the address listened on; empty from older agents

    AgentMessage toMessage(qint64 id) const;
    static std::optional<ListeningReply> fromMessage(const AgentMessage &m, QString *error);
};

// run: connect to the serving end and drive the test.
struct RunRequest
{
    QString kind;
    QJsonObject params;
    QString to; // the serving end's address
    int port = 0;
    QString token;
    // Where to send from: empty: the address of params.interface of to's
    // family (none named: the kernel's choice); else one of this host's.
    QString bind;
    bool bindDevice = false; // SO_BINDTODEVICE to params.interface

    AgentMessage toMessage(qint64 id) const;
    static std::optional<RunRequest> fromMessage(const AgentMessage &m, QString *error);
};

// monitor: a device under test samples its CPU and NIC counters.
struct MonitorRequest
{
    QJsonObject params; // duration_s, interface, ingress_interface

    AgentMessage toMessage(qint64 id) const;
    static std::optional<MonitorRequest> fromMessage(const AgentMessage &m, QString *error);
};

// sample: what one end measured in the last interval, while a test runs.
struct SampleMessage
{
    double t = 0;
    QString side; // empty: the side of the request it answers
    QJsonObject metrics; // canonical metric name -> number

    AgentMessage toMessage(qint64 id) const;
    static std::optional<SampleMessage> fromMessage(const AgentMessage &m, QString *error);
    // The samples in canonical form; a metric that is not a number is left out.
    QList<Sample> samples(const QString &defaultSide) const;
};

// samples: a bounded batch of a finished test's interval samples, sent
// ahead of its result to a controller whose hello listed "samples".
struct SamplesBatch
{
    QList<Sample> samples;

    AgentMessage toMessage(qint64 id) const;
    static std::optional<SamplesBatch> fromMessage(const AgentMessage &m, QString *error);
};

// result: the final canonical record of one end (or of a monitor).
struct ResultMessage
{
    ResultRecord record;
    qint64 samplesSent = -1; // samples sent in batches ahead of it; -1: none announced

    AgentMessage toMessage(qint64 id) const;
    static std::optional<ResultMessage> fromMessage(const AgentMessage &m, QString *error);
};

// sysinfo: asked with no fields; answered with the host's facts.
struct SysinfoReply
{
    QJsonObject info; // everything the agent reported, without type and id

    AgentMessage toMessage(qint64 id) const;
    static std::optional<SysinfoReply> fromMessage(const AgentMessage &m, QString *error);
};

// cancel: stop the test a request started.
struct CancelRequest
{
    qint64 target = -1; // id of the serve/run/monitor request

    AgentMessage toMessage(qint64 id) const;
    static std::optional<CancelRequest> fromMessage(const AgentMessage &m, QString *error);
};

// heartbeat: the controller is alive; the agent ends its tests and exits
// when timeout_s passes without one.
struct HeartbeatRequest
{
    double timeoutS = 0;

    AgentMessage toMessage(qint64 id) const;
    static std::optional<HeartbeatRequest> fromMessage(const AgentMessage &m, QString *error);
};

} // namespace wb
