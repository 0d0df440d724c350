// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// One frame size of an RFC 2544 throughput test on real agents: turns the
// zero-loss search's next rate into a packet_rate trial for the agents,
// reads each trial's outcome back, and sums the whole search up as one
// rfc2544 record (zero-loss rate in packets/s and bit/s, % of line rate,
// latency measured at that rate, and the loss-vs-offered-load curve).
// Each frame carries a UDP datagram over IPv4 or IPv6: the payload is the
// frame less 46 or 66 bytes (core/analysis/ethernetceiling.h).
// Plan parameters: frame_size_bytes (64..9018, what the path's MTU allows:
// core/run/framepath.h), line_rate_bps (default: the
// client NIC's speed, else 1 Gbit/s), loss_tolerance_pct (0), resolution_pct
// (0.5 % of line rate), probe_rate_pps (latency probes in a last trial at the
// trial, 1000). The case's duration is the trial length; RFC 2544 asks for
// 60 s, shorter trials mark the result exploratory.

#include "plan.h"
#include "result/resultrecord.h"
#include "zerolosssearch.h"

#include <QJsonObject>

#include <optional>

namespace wb {

class Rfc2544Trials
{
public:
    // The orchestrator-side parameters this kind takes (never sent to agents).
    static const QStringList &parameterNames();

    // `ipVersion`: the family of the addresses the trials run between.
    Rfc2544Trials(const TestCase &testCase, const QJsonObject &clientEnvironment, int ipVersion = 4);

    // The search, then one more trial at the found rate that measures latency.
    bool finished() const { return m_search.finished() && !latencyTrialDue(); }
    // Agent kind and parameters of the next trial (for both ends).
    QString agentKind() const;
    QJsonObject trialParams() const;
    void recordTrial(const ResultRecord &trial);

    ResultRecord summary(const QList<ResultRecord> &trials) const;
    double lineRateBps() const { return m_lineRateBps; }
    int frameBytes() const { return m_frameBytes; }
    int ipVersion() const { return m_ipVersion; }

private:
    bool latencyTrialDue() const;
    void addDeviceFigures(ResultRecord &r, const QList<ResultRecord> &trials) const;

    TestCase m_case;
    int m_frameBytes = 64;
    int m_ipVersion = 4;
    double m_lineRateBps = 1e9;
    double m_probeRatePps = 1000;
    ZeroLossSearch m_search;
    std::optional<ResultRecord> m_latencyTrial;
};

} // namespace wb
