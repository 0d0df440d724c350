// SPDX-License-Identifier: GPL-3.0-or-later
#include "rfc2544trials.h"

#include "analysis/ethernetceiling.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace wb {

namespace {

double linkSpeedOf(const QJsonObject &env, const QString &nic)
{
    for (const QJsonValue &v : env.value(u"interfaces"_s).toArray()) {
        const QJsonObject i = v.toObject();
        if (i.value(u"name"_s).toString() == nic && i.value(u"speed_mbps"_s).toDouble() > 0)
            return i.value(u"speed_mbps"_s).toDouble() * 1e6;
    }
    return 0;
}

ZeroLossSearch::Config searchConfig(const TestCase &c, int frame, double lineRate)
{
    ZeroLossSearch::Config cfg;
    cfg.maxPps = ethernet::maxFrameRate(lineRate, frame);
    cfg.lossTolerance = c.params.value(u"loss_tolerance_pct"_s).toDouble(0) / 100.0;
    cfg.resolutionPps = cfg.maxPps * c.params.value(u"resolution_pct"_s).toDouble(0.5) / 100.0;
    return cfg;
}

int frameOf(const TestCase &c)
{
    return std::clamp(c.params.value(u"frame_size_bytes"_s).toInt(64), ethernet::kMinFrameBytes,
                      ethernet::kMaxJumboFrameBytes);
}

double lineRateOf(const TestCase &c, const QJsonObject &env)
{
    if (c.params.value(u"line_rate_bps"_s).toDouble() > 0)
        return c.params.value(u"line_rate_bps"_s).toDouble();
    const double nic = linkSpeedOf(env, c.client.nic);
    return nic > 0 ? nic : 1e9;
}

} // namespace

const QStringList &Rfc2544Trials::parameterNames()
{
    static const QStringList names{u"frame_size_bytes"_s, u"line_rate_bps"_s, u"loss_tolerance_pct"_s,
                                   u"resolution_pct"_s, u"probe_rate_pps"_s};
    return names;
}

Rfc2544Trials::Rfc2544Trials(const TestCase &testCase, const QJsonObject &clientEnvironment, int ipVersion)
    : m_case(testCase),
      m_frameBytes(frameOf(testCase)),
      m_ipVersion(ipVersion == 6 ? 6 : 4),
      m_lineRateBps(lineRateOf(testCase, clientEnvironment)),
      m_probeRatePps(testCase.params.value(u"probe_rate_pps"_s).toDouble(1000)),
      m_search(searchConfig(testCase, frameOf(testCase), lineRateOf(testCase, clientEnvironment)))
{
}

QString Rfc2544Trials::agentKind() const
{
    return u"packet_rate"_s;
}

bool Rfc2544Trials::latencyTrialDue() const
{
    return !m_latencyTrial && m_probeRatePps > 0 && m_search.zeroLossPps() > 0;
}

QJsonObject Rfc2544Trials::trialParams() const
{
    const bool latency = m_search.finished();
    QJsonObject p;
    p.insert(u"message_size_bytes"_s, std::max(1, ethernet::udpPayloadForFrame(m_frameBytes, m_ipVersion)));
    p.insert(u"rate_pps"_s, latency ? m_search.zeroLossPps() : m_search.nextRate().value_or(0));
    p.insert(u"duration_s"_s, m_case.durationS);
    // A deep receive buffer: a sink that the scheduler holds back for a few
    // milliseconds must not turn into loss the device under test never caused.
    p.insert(u"recv_socket_bytes"_s, m_case.params.value(u"recv_socket_bytes"_s).toInt(8 << 20));
    if (m_case.params.contains(u"send_socket_bytes"_s))
        p.insert(u"send_socket_bytes"_s, m_case.params.value(u"send_socket_bytes"_s));
    if (latency)
        p.insert(u"probe_rate_pps"_s, m_probeRatePps);
    return p;
}

void Rfc2544Trials::recordTrial(const ResultRecord &trial)
{
    if (m_search.finished()) {
        m_latencyTrial = trial;
        return;
    }
    TrialOutcome t;
    t.offeredPps = m_search.nextRate().value_or(0);
    t.sentPps = trial.metric(u"packets_per_s"_s, u"client"_s).value_or(0);
    t.receivedPps = trial.metric(u"packets_per_s"_s, u"server"_s).value_or(0);
    if (auto loss = trial.metric(u"loss_ratio"_s, QString()))
        t.lossRatio = *loss;
    else
        t.lossRatio = t.sentPps > 0 ? std::max(0.0, (t.sentPps - t.receivedPps) / t.sentPps) : 1;
    m_search.record(t);
}

void Rfc2544Trials::addDeviceFigures(ResultRecord &r, const QList<ResultRecord> &trials) const
{
    // Through a device under test: what it forwarded, and the CPU it used
    // and had left, at the zero-loss rate (the fastest trial that passed).
    const QList<TrialOutcome> &outcomes = m_search.trials();
    qsizetype best = -1;
    for (qsizetype i = 0; i < outcomes.size() && i < trials.size(); ++i)
        if (outcomes.at(i).passed && (best < 0 || outcomes.at(i).offeredPps > outcomes.at(best).offeredPps))
            best = i;
    if (best < 0 || !trials.at(best).extra.contains(u"dut"_s))
        return;
    const ResultRecord &at = trials.at(best);
    for (const QString &name : {u"forwarded_packets_per_s"_s, u"dut_cpu_util_pct"_s, u"dut_cpu_headroom_pct"_s,
                                u"dut_cpu_headroom_lowest_core_pct"_s})
        if (auto v = at.metric(name, QString()))
            r.addMetric(name, QString(), *v);
    r.extra.insert(u"dut"_s, at.extra.value(u"dut"_s));
}

ResultRecord Rfc2544Trials::summary(const QList<ResultRecord> &trials) const
{
    ResultRecord r;
    r.kind = u"rfc2544"_s;
    r.params = m_case.params;
    r.params.insert(u"frame_size_bytes"_s, m_frameBytes);
    r.params.insert(u"line_rate_bps"_s, m_lineRateBps);
    r.params.insert(u"duration_s"_s, m_case.durationS);
    r.tool = trials.isEmpty() ? u"wirebench-agent"_s : trials.first().tool;
    r.toolVersion = trials.isEmpty() ? QString() : trials.first().toolVersion;
    const double pps = m_search.zeroLossPps();
    const int payload = ethernet::udpPayloadForFrame(m_frameBytes, m_ipVersion);
    r.addMetric(u"packets_per_s"_s, u"server"_s, pps);
    r.addMetric(u"throughput_bps"_s, u"server"_s, pps * payload * 8);
    r.addMetric(u"line_rate_pct"_s, QString(), 100.0 * pps / ethernet::maxFrameRate(m_lineRateBps, m_frameBytes));
    r.addMetric(u"iterations"_s, QString(), double(m_search.trials().size()));
    // Latency at the zero-loss rate, from the probes of the last trial.
    r.extra.insert(u"latency_trial"_s, m_latencyTrial.has_value());
    // The frame's payload depends on the IP header the trials carried.
    r.extra.insert(u"ip_version"_s, m_ipVersion);
    r.extra.insert(u"udp_payload_bytes"_s, payload);
    if (m_latencyTrial) {
        // The serving end sends the probes against the flood and times them.
        const QJsonObject serverExtra = m_latencyTrial->extra.value(u"server"_s).toObject();
        r.extra.insert(u"latency_probes_answered"_s,
                       serverExtra.value(u"probes_answered"_s)
                           .toDouble(m_latencyTrial->extra.value(u"probes_answered"_s).toDouble()));
        for (const auto &name : {u"latency_us_mean"_s, u"latency_us_min"_s, u"latency_us_p50"_s, u"latency_us_p99"_s,
                                 u"latency_us_max"_s})
            for (const auto &side : {u"server"_s, u"client"_s, QString()})
                if (auto v = m_latencyTrial->metric(name, side)) {
                    r.addMetric(name, side, *v);
                    break;
                }
    }
    QJsonArray curve;
    const QList<TrialOutcome> &outcomes = m_search.trials();
    for (qsizetype i = 0; i < outcomes.size(); ++i) {
        const TrialOutcome &t = outcomes.at(i);
        QJsonObject point{{u"offered_pps"_s, t.offeredPps},
                          {u"sent_pps"_s, t.sentPps},
                          {u"received_pps"_s, t.receivedPps},
                          {u"loss_ratio"_s, t.lossRatio},
                          {u"validation"_s, t.validation},
                          {u"passed"_s, t.passed}};
        if (i < trials.size())
            if (auto fwd = trials.at(i).metric(u"forwarded_packets_per_s"_s, QString()))
                point.insert(u"forwarded_pps"_s, *fwd);
        curve.append(point);
    }
    addDeviceFigures(r, trials);
    r.extra.insert(u"trials"_s, curve);
    r.extra.insert(u"converged"_s, m_search.converged());
    r.extra.insert(u"exploratory"_s, m_case.durationS < 60);
    // Samples: the loss curve, offered rate as "t", for plotting.
    for (const TrialOutcome &t : m_search.trials())
        r.samples.append(Sample{t.offeredPps, QString(), u"loss_ratio"_s, t.lossRatio});
    return r;
}

} // namespace wb
