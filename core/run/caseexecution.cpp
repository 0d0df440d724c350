// SPDX-License-Identifier: GPL-3.0-or-later
#include "caseexecution.h"

#include "environmentdiff.h"
#include "framepath.h"
#include "hostsession.h"
#include "orchestrator.h"
#include "protocol/agentmessages.h"

#include <QHostAddress>
#include <QHostInfo>
#include <QJsonArray>
#include <QPointer>
#include <QRandomGenerator>

#include <cmath>

using namespace Qt::StringLiterals;

namespace wb {

namespace {

constexpr int kListenTimeoutMs = 15000;
constexpr int kResultMarginMs = 30000;
constexpr int kCancelGraceMs = 5000;
constexpr int kSysinfoTimeoutMs = 10000;

QString randomToken()
{
    quint32 words[4];
    QRandomGenerator::system()->fillRange(words);
    return QString::fromLatin1(QByteArray(reinterpret_cast<const char *>(words), sizeof words).toHex());
}

} // namespace

CaseExecution::CaseExecution(Orchestrator *owner, TestCase testCase, HostSession *client, HostSession *server,
                             HostSession *dut)
    : QObject(owner), m_owner(owner), m_client(client), m_server(server), m_dut(dut)
{
    m_m.testCase = std::move(testCase);
    m_timer.setSingleShot(true);
    connect(&m_timer, &QTimer::timeout, this, [this] { handleTimeout(); });
}

double CaseExecution::fraction() const
{
    const double iters = std::max(1, m_m.testCase.repetitions.minIterations);
    double within = 0;
    if (m_phase == Phase::Running && m_iterationClock.isValid())
        within = std::min(1.0, m_iterationClock.elapsed() / 1000.0 / std::max(0.1, m_m.testCase.durationS));
    return std::min(1.0, (m_m.iterations.size() + within) / iters);
}

void CaseExecution::setKeptIterations(const QList<ResultRecord> &kept)
{
    if (m_m.testCase.kind == u"rfc2544"_s)
        return;
    m_m.iterations = kept;
    m_m.keptIterations = int(kept.size());
}

void CaseExecution::start()
{
    m_m.started = QDateTime::currentDateTimeUtc();
    for (HostSession *s : {m_client, m_server, m_dut}) {
        if (!s)
            continue;
        if (s->isLost()) {
            complete(u"failed"_s, s->lostReason());
            return;
        }
        connect(s, &HostSession::ready, this, &CaseExecution::handleSessionReady);
        connect(s, &HostSession::lost, this, [this](const QString &why) {
            if (m_phase != Phase::Done)
                complete(m_cancelRequested ? u"cancelled"_s : u"failed"_s, why);
        });
        s->ensureConnected();
    }
    m_phase = Phase::Connecting;
    m_timer.start(kListenTimeoutMs + 15000);
    resolveServerAddress();
}

void CaseExecution::cancel()
{
    if (m_phase == Phase::Done || m_cancelRequested)
        return;
    m_cancelRequested = true;
    bool waiting = false;
    if (m_serveId >= 0 && !m_serverDone) {
        m_server->send(CancelRequest{m_serveId}, [](const AgentMessage &) {});
        waiting = true;
    }
    if (m_runId >= 0 && !m_clientDone) {
        m_client->send(CancelRequest{m_runId}, [](const AgentMessage &) {});
        waiting = true;
    }
    if (m_dut && m_monitorId >= 0 && !m_dutDone)
        m_dut->send(CancelRequest{m_monitorId}, [](const AgentMessage &) {});
    if (!waiting) {
        complete(u"cancelled"_s, u"cancelled before the test started"_s);
        return;
    }
    // The agents answer the cancelled requests with an error; give them a moment.
    m_timer.start(kCancelGraceMs);
}

void CaseExecution::log(const QString &severity, const QString &host, const QString &text)
{
    emit m_owner->logged(severity, host, text);
}

void CaseExecution::resolveServerAddress()
{
    const Endpoint &e = m_m.testCase.server;
    const PlanHost &h = m_server->host();
    if (!e.nic.isEmpty() && e.address.isEmpty()) {
        // The plan names the server's NIC: its address comes from that
        // host (its agent, or its sysinfo report), not from a name lookup.
        m_serverByNic = true;
        handleSessionReady();
        return;
    }
    const QString address = e.address.isEmpty() ? h.address : e.address;
    if (const QHostAddress literal(address); literal.isLinkLocal() && literal.scopeId().isEmpty()
                                             && m_m.testCase.client.nic.isEmpty()) {
        // fe80::/10 is on every link: the client must know which of its own.
        complete(u"failed"_s, u"the data address %1 of %2 is link-local: write it with the client's interface as "
                              "its zone (%1%eth0) or name the client's NIC (client.nic)"_s.arg(address, e.host));
        return;
    }
    if (!QHostAddress(address).isNull()) {
        m_serverAddress = address;
        handleSessionReady();
        return;
    }
    QPointer<CaseExecution> self(this);
    QHostInfo::lookupHost(address, this, [self, address](const QHostInfo &info) {
        if (!self || self->m_phase == Phase::Done)
            return;
        for (const QHostAddress &a : info.addresses()) {
            if (a.protocol() == QAbstractSocket::IPv4Protocol || a.protocol() == QAbstractSocket::IPv6Protocol) {
                self->m_serverAddress = a.toString();
                break;
            }
        }
        if (self->m_serverAddress.isEmpty()) {
            self->complete(u"failed"_s, u"cannot resolve the data address '%1' of %2: %3"_s.arg(
                                            address, self->m_m.testCase.server.host, info.errorString()));
            return;
        }
        self->handleSessionReady();
    });
}

void CaseExecution::handleSessionReady()
{
    if (m_phase != Phase::Connecting || !m_client->isReady() || !m_server->isReady()
        || (m_serverAddress.isEmpty() && !m_serverByNic) || (m_dut && !m_dut->isReady()))
        return;
    m_timer.stop();
    captureEnvironment(true);
}

void CaseExecution::captureEnvironment(bool before)
{
    m_phase = before ? Phase::EnvBefore : Phase::EnvAfter;
    m_envPending = 0;
    for (HostSession *s : {m_client, m_server}) {
        if (!s->hasCapability(msg::kSysinfo))
            continue;
        const bool isClient = s == m_client;
        if (!isClient && m_server == m_client)
            break; // one host at both ends: one snapshot serves both
        ++m_envPending;
        QPointer<CaseExecution> self(this);
        s->request(msg::kSysinfo, {}, [self, isClient, before](const AgentMessage &m) {
            if (!self || self->m_phase == Phase::Done)
                return;
            const auto reply = SysinfoReply::fromMessage(m, nullptr);
            const QJsonObject env = reply ? reply->info : QJsonObject();
            QJsonObject &slot = isClient ? (before ? self->m_m.clientEnvBefore : self->m_m.clientEnvAfter)
                                         : (before ? self->m_m.serverEnvBefore : self->m_m.serverEnvAfter);
            slot = env;
            if (self->m_server == self->m_client)
                (before ? self->m_m.serverEnvBefore : self->m_m.serverEnvAfter) = env;
            if (--self->m_envPending == 0)
                self->environmentCaptured(before);
        });
    }
    if (m_envPending == 0) {
        environmentCaptured(before);
        return;
    }
    m_timer.start(kSysinfoTimeoutMs);
}

void CaseExecution::environmentCaptured(bool before)
{
    m_timer.stop();
    if (before) {
        if (const QString problem = useNicAddress(); !problem.isEmpty()) {
            complete(u"failed"_s, problem);
            return;
        }
        if (m_m.testCase.kind == u"rfc2544"_s) {
            if (const QString problem = frameSizeProblem(); !problem.isEmpty()) {
                complete(u"failed"_s, problem);
                return;
            }
            m_rfc.emplace(m_m.testCase, m_m.clientEnvBefore, dataIpVersion());
        }
        warnOfFragmentation();
        // A resumed case whose kept repetitions already meet its rule (it
        // failed after the last one) has nothing left to measure.
        if (!m_rfc && repetitionsComplete(m_m.iterations, m_m.testCase.repetitions))
            captureEnvironment(false);
        else
            beginIteration();
        return;
    }
    checkEnvironmentChanges();
    complete(u"finished"_s, QString());
}

QString CaseExecution::useNicAddress()
{
    const TestCase &c = m_m.testCase;
    const bool serverKnowsNics = m_server->hasCapability(msg::kBindNic);
    const PlanHost &sh = m_server->host();
    // What only an agent that binds its NIC's address itself can do; an
    // older agent would quietly listen elsewhere, so it is refused instead.
    if (!serverKnowsNics && (sh.dataPortMin > 0 || c.server.bindDevice))
        return u"%1: its agent cannot %2; let Wirebench deploy the current agent (wirebench-cli hosts check "
               "--redeploy)"_s.arg(c.server.host, sh.dataPortMin > 0 ? u"keep to a data port range"_s
                                                                      : u"bind to a device"_s);
    if (!m_client->hasCapability(msg::kBindNic) && c.client.bindDevice)
        return u"%1: its agent cannot bind to a device; let Wirebench deploy the current agent "
               "(wirebench-cli hosts check --redeploy)"_s.arg(c.client.host);
    if (!m_serverByNic || serverKnowsNics)
        return {}; // an address from the plan, or the agent finds its NIC's
    const auto wanted = c.ipVersion == 6 ? QAbstractSocket::IPv6Protocol : QAbstractSocket::IPv4Protocol;
    for (const QJsonValue &i : m_m.serverEnvBefore.value(u"interfaces"_s).toArray()) {
        const QJsonObject nic = i.toObject();
        if (nic.value(u"name"_s).toString() != c.server.nic)
            continue;
        for (const QJsonValue &a : nic.value(u"addresses"_s).toArray()) {
            const QHostAddress addr(a.toString().section(u'/', 0, 0));
            if (addr.protocol() == wanted && !addr.isLoopback() && !addr.isLinkLocal()) {
                m_serverAddress = addr.toString();
                return {};
            }
        }
    }
    return u"%1: NIC %2 has no IPv%3 address in the host's report"_s.arg(c.server.host, c.server.nic)
        .arg(c.ipVersion == 6 ? 6 : 4);
}

int CaseExecution::dataIpVersion() const
{
    if (const int v = ipVersionOfAddress(m_serverAddress))
        return v;
    const TestCase &c = m_m.testCase;
    if (c.ipVersion != 0)
        return c.ipVersion;
    bool has6 = false;
    for (const QJsonValue &i : m_m.serverEnvBefore.value(u"interfaces"_s).toArray()) {
        const QJsonObject nic = i.toObject();
        if (nic.value(u"name"_s).toString() != c.server.nic)
            continue;
        for (const QJsonValue &a : nic.value(u"addresses"_s).toArray()) {
            const QHostAddress addr(a.toString().section(u'/', 0, 0));
            if (addr.protocol() == QAbstractSocket::IPv4Protocol)
                return 4;
            has6 = has6 || (addr.protocol() == QAbstractSocket::IPv6Protocol && !addr.isLinkLocal());
        }
    }
    return has6 ? 6 : 4;
}

FramePath CaseExecution::dataPath() const
{
    const TestCase &c = m_m.testCase;
    FramePath path(dataIpVersion());
    // What each end's agent reports for its test NIC now (the server's: the
    // one holding the address when no NIC is named), and what the
    // inventory recorded for it.
    for (const auto &[e, env, address] : {std::tuple{&c.client, &m_m.clientEnvBefore, QString()},
                                          std::tuple{&c.server, &m_m.serverEnvBefore, m_serverAddress}}) {
        path.add(reportedNic(e->host, *env, e->nic, address));
        path.add(PathNic{e->host, e->nic, e->inventoryMtu, u"the inventory"_s});
    }
    return path;
}

QString CaseExecution::frameSizeProblem() const
{
    const TestCase &c = m_m.testCase;
    const QString problem = dataPath().refusal(c.params.value(u"frame_size_bytes"_s).toInt(64));
    return problem.isEmpty() ? QString() : c.name + u": "_s + problem;
}

void CaseExecution::warnOfFragmentation()
{
    const TestCase &c = m_m.testCase;
    const int payload = FramePath::datagramPayloadBytes(c.kind, c.params);
    if (const QString warning = dataPath().fragmentation(payload); !warning.isEmpty()) {
        m_m.warnings.append(warning);
        log(u"warning"_s, c.client.host, c.name + u": "_s + warning);
    }
}

void CaseExecution::checkEnvironmentChanges()
{
    const struct
    {
        const QJsonObject &a;
        const QJsonObject &b;
        const Endpoint &e;
    } ends[] = {{m_m.clientEnvBefore, m_m.clientEnvAfter, m_m.testCase.client},
                {m_m.serverEnvBefore, m_m.serverEnvAfter, m_m.testCase.server}};
    for (const auto &end : ends) {
        if (end.a.isEmpty() || end.b.isEmpty())
            continue;
        for (const EnvironmentChange &c : diffEnvironment(end.a, end.b, end.e.nic)) {
            const QString text = u"%1: %2 during the test"_s.arg(end.e.host, c.describe());
            m_m.warnings.append(text);
            log(isLinkChange(c) ? u"warning"_s : u"info"_s, end.e.host, text);
        }
    }
}

QString CaseExecution::agentKind() const
{
    if (m_rfc)
        return m_rfc->agentKind();
    // Forwarding: the generator floods the sink through the device under
    // test. Soak: a long packet_rate with its probe as the 1 kpps way back.
    return m_dut || m_m.testCase.kind == u"soak"_s ? u"packet_rate"_s : m_m.testCase.kind;
}

QJsonObject CaseExecution::paramsFor(const Endpoint &e) const
{
    QJsonObject p = m_rfc ? m_rfc->trialParams() : m_m.testCase.params;
    p.insert(u"duration_s"_s, m_m.testCase.durationS);
    if (!e.nic.isEmpty())
        p.insert(u"interface"_s, e.nic);
    return p;
}

void CaseExecution::beginIteration()
{
    const int iteration = int(m_m.iterations.size());
    emit m_owner->caseStarted(m_m.testCase, iteration);
    if (m_phase == Phase::Done)
        return; // a handler cancelled the plan: nothing was asked of the agents yet
    m_phase = Phase::Serving;
    m_clientDone = m_serverDone = false;
    m_dutDone = !m_dut;
    m_clientRecord = m_serverRecord = m_dutRecord = ResultRecord();
    m_clientSamples.clear();
    m_serverSamples.clear();
    m_dutSamples.clear();
    m_runId = -1;
    m_token = randomToken();
    ServeRequest req;
    req.kind = agentKind();
    req.params = paramsFor(m_m.testCase.server);
    req.bind = m_serverAddress;
    req.token = m_token;
    if (m_server->hasCapability(msg::kBindNic)) {
        req.family = m_m.testCase.ipVersion == 6 ? u"ipv6"_s : m_m.testCase.ipVersion == 4 ? u"ipv4"_s : QString();
        req.portMin = m_server->host().dataPortMin;
        req.portMax = m_server->host().dataPortMax;
        req.bindDevice = m_m.testCase.server.bindDevice;
    }
    QPointer<CaseExecution> self(this);
    m_serveId = m_server->send(req, [self](const AgentMessage &m) {
        if (self)
            self->handleServerMessage(m);
    });
    if (m_serveId < 0) {
        complete(u"failed"_s, u"%1: the agent is not connected"_s.arg(m_m.testCase.server.host));
        return;
    }
    m_timer.start(kListenTimeoutMs);
}

void CaseExecution::handleServerMessage(const AgentMessage &m)
{
    if (m_phase == Phase::Done)
        return;
    if (m.type == msg::kListening) {
        QString error;
        const auto listening = ListeningReply::fromMessage(m, &error);
        if (!listening) {
            complete(u"failed"_s, u"%1: %2"_s.arg(m_m.testCase.server.host, error));
            return;
        }
        if (m_serverByNic && m_server->hasCapability(msg::kBindNic)) {
            // The address the server's agent bound on its NIC: the client
            // connects to exactly that.
            if (listening->address.isEmpty()) {
                complete(u"failed"_s, u"%1: the agent did not say which address it listens on"_s.arg(
                                          m_m.testCase.server.host));
                return;
            }
            m_serverAddress = listening->address;
        }
        startRun(listening->port);
        return;
    }
    if (m.type == msg::kSample) {
        forwardSample(m, u"server"_s);
        return;
    }
    if (m.type == msg::kSamples) {
        collectSamples(m, &m_serverSamples, m_m.testCase.server.host);
        return;
    }
    m_serverDone = true;
    if (m.type == msg::kResult) {
        if (!parseRecord(m, &m_serverRecord, m_m.testCase.server.host, m_serverSamples))
            return;
    } else {
        failFromError(m, m_m.testCase.server.host);
        return;
    }
    maybeFinishIteration();
}

void CaseExecution::startRun(int port)
{
    if (m_phase != Phase::Serving)
        return;
    m_phase = Phase::Running;
    m_iterationClock.start();
    RunRequest req;
    req.kind = agentKind();
    req.params = paramsFor(m_m.testCase.client);
    req.to = m_serverAddress;
    req.port = port;
    req.token = m_token;
    req.bindDevice = m_m.testCase.client.bindDevice;
    QPointer<CaseExecution> self(this);
    m_runId = m_client->send(req, [self](const AgentMessage &m) {
        if (self)
            self->handleClientMessage(m);
    });
    if (m_runId < 0) {
        complete(u"failed"_s, u"%1: the agent is not connected"_s.arg(m_m.testCase.client.host));
        return;
    }
    if (m_dut)
        startMonitor();
    // The agents stop a test at its duration (for a file transfer: its
    // time limit; rrul: its idle phase, agent default 5 s, before it) plus
    // their watchdog margin; wait a little longer. An omitted start
    // (omit_s, iperf3 -O) runs before the measured duration too.
    const double idleS = m_m.testCase.params.value(u"idle_s"_s).toDouble(m_m.testCase.kind == u"rrul"_s ? 5 : 0);
    const double omitS = m_m.testCase.params.value(u"omit_s"_s).toDouble(0);
    m_timer.start(int((m_m.testCase.durationS + idleS + omitS) * 1000) + kResultMarginMs);
}

void CaseExecution::startMonitor()
{
    QJsonObject params{{u"duration_s"_s, m_m.testCase.durationS + m_m.testCase.params.value(u"omit_s"_s).toDouble(0) + 0.2}};
    if (!m_m.testCase.dut->nic.isEmpty())
        params.insert(u"interface"_s, m_m.testCase.dut->nic);
    if (!m_m.testCase.dutIngress.isEmpty())
        params.insert(u"ingress_interface"_s, m_m.testCase.dutIngress);
    if (m_m.testCase.dutHeadroom)
        params.insert(u"headroom"_s, true);
    QPointer<CaseExecution> self(this);
    m_monitorId = m_dut->send(MonitorRequest{params}, [self](const AgentMessage &m) {
        if (!self || self->m_phase == Phase::Done || m.type == msg::kSample)
            return;
        if (m.type == msg::kSamples) {
            self->collectSamples(m, &self->m_dutSamples, self->m_m.testCase.dut->host);
            return;
        }
        self->m_dutDone = true;
        if (m.type == msg::kResult) {
            if (self->parseRecord(m, &self->m_dutRecord, self->m_m.testCase.dut->host, self->m_dutSamples))
                self->maybeFinishIteration();
        } else {
            self->failFromError(m, self->m_m.testCase.dut->host);
        }
    });
    if (m_monitorId < 0)
        complete(u"failed"_s, u"%1: the agent is not connected"_s.arg(m_m.testCase.dut->host));
}

void CaseExecution::handleClientMessage(const AgentMessage &m)
{
    if (m_phase == Phase::Done)
        return;
    if (m.type == msg::kSample) {
        forwardSample(m, u"client"_s);
        return;
    }
    if (m.type == msg::kSamples) {
        collectSamples(m, &m_clientSamples, m_m.testCase.client.host);
        return;
    }
    m_clientDone = true;
    if (m.type == msg::kResult) {
        if (!parseRecord(m, &m_clientRecord, m_m.testCase.client.host, m_clientSamples))
            return;
    } else {
        failFromError(m, m_m.testCase.client.host);
        return;
    }
    maybeFinishIteration();
}

void CaseExecution::forwardSample(const AgentMessage &m, const QString &defaultSide)
{
    // A malformed interim sample is dropped: the final record decides.
    const auto sample = SampleMessage::fromMessage(m, nullptr);
    if (!sample)
        return;
    for (const Sample &s : sample->samples(defaultSide))
        emit m_owner->sampleReceived(m_m.testCase.key, s);
}

void CaseExecution::collectSamples(const AgentMessage &m, QList<Sample> *into, const QString &host)
{
    QString error;
    const auto batch = SamplesBatch::fromMessage(m, &error);
    if (!batch) {
        complete(u"failed"_s, u"%1: the agent sent malformed samples: %2"_s.arg(host, error));
        return;
    }
    into->append(batch->samples);
    // They come after that end's test is over, so while they keep
    // arriving the result is on its way: the wait starts again.
    m_timer.start(kResultMarginMs);
}

bool CaseExecution::parseRecord(const AgentMessage &m, ResultRecord *out, const QString &host, const QList<Sample> &samples)
{
    QString error;
    auto r = ResultMessage::fromMessage(m, &error);
    if (!r) {
        complete(u"failed"_s, u"%1: the agent's result is not usable: %2"_s.arg(host, error));
        return false;
    }
    if (r->samplesSent >= 0 && r->samplesSent != samples.size()) {
        complete(u"failed"_s, u"%1: the agent sent %2 samples but %3 arrived; the result is incomplete"_s
                                  .arg(host)
                                  .arg(r->samplesSent)
                                  .arg(samples.size()));
        return false;
    }
    r->record.samples = samples + r->record.samples;
    *out = r->record;
    return true;
}

void CaseExecution::failFromError(const AgentMessage &m, const QString &host)
{
    const AgentError e = AgentError::fromMessage(m).value_or(
        AgentError{m.id, m.body.value(u"code"_s).toString(), m.body.value(u"message"_s).toString()});
    const QString code = e.code;
    const QString text = e.message;
    if (m_cancelRequested || code == u"cancelled"_s) {
        // Wait for the other end's answer to its cancel, bounded by the timer.
        if ((m_clientDone || m_runId < 0) && m_serverDone)
            complete(u"cancelled"_s, u"cancelled"_s);
        return;
    }
    // A lost host's reason already starts with its name.
    const QString reason = text.startsWith(host + u": "_s) ? u"%1 (%2)"_s.arg(text, code)
                                                          : u"%1: %2 (%3)"_s.arg(host, text, code);
    // The other end vanishing (its host lost, its agent killed) reaches this
    // end as a reset connection, often before that host's own session says
    // it is gone: wait a moment for the cause before naming the witness.
    if (code == u"peer_lost"_s && m_peerLostWitness.isEmpty()) {
        m_peerLostWitness = reason;
        QTimer::singleShot(kPeerLostGraceMs, this, [this] { complete(u"failed"_s, m_peerLostWitness); });
        return;
    }
    if (!m_peerLostWitness.isEmpty() && code != u"peer_lost"_s)
        complete(u"failed"_s, u"%1; before that %2"_s.arg(reason, m_peerLostWitness));
    else
        complete(u"failed"_s, m_peerLostWitness.isEmpty() ? reason : m_peerLostWitness);
}

void CaseExecution::maybeFinishIteration()
{
    if (!m_clientDone || !m_serverDone || !m_dutDone)
        return;
    m_timer.stop();
    // The client's record carries both ends where the agents exchanged
    // their figures; add whatever only the server reported.
    ResultRecord merged = m_clientRecord;
    for (const Metric &sm : std::as_const(m_serverRecord.metrics)) {
        Metric x = sm;
        if (x.side.isEmpty())
            x.side = u"server"_s;
        if (!merged.metric(x.name, x.side))
            merged.metrics.append(x);
    }
    for (const Sample &s : std::as_const(m_serverRecord.samples))
        merged.samples.append(s);
    if (!m_serverRecord.extra.isEmpty())
        merged.extra.insert(u"server"_s, m_serverRecord.extra);
    if (m_dut)
        addDutFigures(merged);
    if (m_m.testCase.kind == u"soak"_s)
        merged.kind = m_m.testCase.kind;
    // Goodput and frame arithmetic depend on the IP header the data carried.
    merged.extra.insert(u"ip_version"_s, dataIpVersion());
    m_m.iterations.append(merged);
    m_owner->emitProgress();

    if (m_rfc) {
        // The search decides what comes next, not the repetition rule.
        m_rfc->recordTrial(merged);
        if (m_rfc->finished())
            captureEnvironment(false);
        else
            beginIteration();
        return;
    }

    if (repetitionsComplete(m_m.iterations, m_m.testCase.repetitions))
        captureEnvironment(false);
    else
        beginIteration();
}

void CaseExecution::addDutFigures(ResultRecord &merged)
{
    if (!m_rfc) // a search's trials keep the kind they ran as
        merged.kind = m_m.testCase.kind;
    // The router's own CPU figures under dut_ names: the average, its
    // busiest core (one saturated core is hidden in the average) and the
    // softirq share, where packets are forwarded.
    for (const QString &name : {u"cpu_util_pct"_s, u"cpu_busiest_core_pct"_s, u"cpu_softirq_pct"_s})
        if (auto cpu = m_dutRecord.metric(name, QString()))
            merged.addMetric(u"dut_"_s + name, QString(), *cpu);
    for (const QString &name : {u"dut_cpu_headroom_pct"_s, u"dut_cpu_headroom_lowest_core_pct"_s})
        if (auto headroom = m_dutRecord.metric(name, QString()))
            merged.addMetric(name, QString(), *headroom);
    const QJsonObject delta = m_dutRecord.extra.value(u"nic_counters_delta"_s).toObject();
    // The monitor's window spans the whole stream, so every forwarded
    // packet is counted; the stream's own duration gives the rate.
    const double elapsed = merged.metric(u"elapsed_s"_s, u"client"_s)
                               .value_or(m_dutRecord.metric(u"elapsed_s"_s, QString()).value_or(0));
    if (delta.contains(u"tx_packets"_s) && elapsed > 0)
        merged.addMetric(u"forwarded_packets_per_s"_s, QString(), delta.value(u"tx_packets"_s).toDouble() / elapsed);
    QJsonObject dut = m_dutRecord.extra;
    dut.insert(u"host"_s, m_m.testCase.dut->host);
    merged.extra.insert(u"dut"_s, dut);
    for (const Sample &s : std::as_const(m_dutRecord.samples))
        if (s.name == u"cpu_util_pct"_s)
            merged.samples.append(Sample{s.t, QString(), u"dut_cpu_util_pct"_s, s.value});
}

void CaseExecution::handleTimeout()
{
    if (m_cancelRequested) {
        complete(u"cancelled"_s, u"cancelled (an agent did not confirm within %1 s)"_s.arg(kCancelGraceMs / 1000));
        return;
    }
    if (m_phase == Phase::Connecting) {
        // A session still waiting its turn, attempting or backing off ends
        // by itself (ready or lost, its retries bounded); only a wait for
        // something else (the server's address) times out here.
        for (HostSession *s : {m_client, m_server, m_dut}) {
            if (s && s->isConnecting()) {
                m_timer.start(kListenTimeoutMs + 15000);
                return;
            }
        }
    }
    QString what;
    switch (m_phase) {
    case Phase::Connecting:
        what = u"connecting to the agents"_s;
        break;
    case Phase::EnvBefore:
    case Phase::EnvAfter:
        what = u"the agents' sysinfo"_s;
        break;
    case Phase::Serving:
        what = u"%1 to listen"_s.arg(m_m.testCase.server.host);
        break;
    case Phase::Running:
        what = u"the result from %1"_s.arg(!m_clientDone ? m_m.testCase.client.host : m_m.testCase.server.host);
        break;
    case Phase::Done:
        return;
    }
    // Stop whatever still runs on the agents before giving up.
    if (m_serveId >= 0 && !m_serverDone && !m_server->isLost())
        m_server->send(CancelRequest{m_serveId}, [](const AgentMessage &) {});
    if (m_runId >= 0 && !m_clientDone && !m_client->isLost())
        m_client->send(CancelRequest{m_runId}, [](const AgentMessage &) {});
    complete(u"failed"_s, u"timed out waiting for %1"_s.arg(what));
}

void CaseExecution::complete(const QString &status, const QString &error)
{
    if (m_phase == Phase::Done)
        return;
    m_phase = Phase::Done;
    m_timer.stop();
    if (m_serveId >= 0)
        m_server->forget(m_serveId);
    if (m_runId >= 0)
        m_client->forget(m_runId);
    if (m_dut && m_monitorId >= 0)
        m_dut->forget(m_monitorId);
    m_m.status = status;
    m_m.error = error;
    if (status == u"failed"_s) {
        // An end that stopped answering is named first, whichever end's
        // timer ran out: a client's watchdog may fire before the silent
        // server's liveness timeout, and then only this says which host it was.
        QStringList silent;
        QList<HostSession *> sessions{m_client};
        for (HostSession *s : {m_server, m_dut})
            if (s && !sessions.contains(s))
                sessions.append(s);
        for (HostSession *s : std::as_const(sessions))
            if (s->isSilent())
                silent.append(u"%1: no answer from the agent for %2 s"_s.arg(s->host().name)
                                  .arg(s->silentForMs() / 1000.0, 0, 'f', 1));
        if (!silent.isEmpty())
            m_m.error = silent.join(u"; "_s) + u" — "_s + error;
    }
    m_m.finished = QDateTime::currentDateTimeUtc();
    if (m_rfc && !m_m.iterations.isEmpty()) {
        m_m.summary = m_rfc->summary(m_m.iterations);
        m_m.confidenceReached = m_m.summary.extra.value(u"converged"_s).toBool();
        if (m_m.summary.extra.value(u"exploratory"_s).toBool())
            m_m.warnings.append(u"trials of %1 s are exploratory (RFC 2544 asks for 60 s)"_s.arg(m_m.testCase.durationS));
    } else if (!m_m.iterations.isEmpty()) {
        m_m.summary = summarizeIterations(m_m.iterations, m_m.testCase.repetitions, &m_m.confidenceReached,
                                          &m_m.achievedHalfWidthPct);
        if (status == u"finished"_s && !m_m.confidenceReached)
            m_m.warnings.append(u"the confidence interval did not reach ±%1% at %2% after %3 iterations "
                                "(achieved ±%4%)"_s.arg(m_m.testCase.repetitions.intervalWidthPct / 2)
                                    .arg(m_m.testCase.repetitions.confidenceLevelPct)
                                    .arg(m_m.iterations.size())
                                    .arg(m_m.achievedHalfWidthPct, 0, 'f', 2));
    }
    if (m_m.testCase.dutHeadroom && status == u"finished"_s) {
        for (const ResultRecord &r : std::as_const(m_m.iterations)) {
            const QString why = r.extra.value(u"dut"_s).toObject().value(u"headroom_error"_s).toString();
            if (!why.isEmpty() || !r.metric(u"dut_cpu_headroom_pct"_s)) {
                const QString w = u"%1: the CPU headroom was asked for but not measured: %2"_s.arg(
                    m_m.testCase.dut->host, why.isEmpty() ? u"the agent did not report it"_s : why);
                m_m.warnings.append(w);
                log(u"warning"_s, QString(), w);
                break;
            }
        }
    }
    // Rodichev's "ifconfig shows RX errors and dropped packets", without reading JSON.
    for (const QString &w : nicCounterWarnings(m_m)) {
        m_m.warnings.append(w);
        log(u"warning"_s, QString(), w);
    }
    // Hand out the result after this call returns: handlers may delete us.
    QPointer<CaseExecution> self(this);
    QTimer::singleShot(0, m_owner, [self] {
        if (self)
            self->m_owner->handleCaseDone(self, self->m_m);
    });
}

} // namespace wb
