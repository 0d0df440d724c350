// SPDX-License-Identifier: GPL-3.0-or-later
#include "orchestrator.h"

#include "environmentdiff.h"
#include "hostsession.h"
#include "remote/agentlocator.h"
#include "remote/localtransport.h"
#include "remote/sshtransport.h"
#include "rfc2544trials.h"

#include <QHostAddress>
#include <QHostInfo>
#include <QJsonArray>
#include <QPointer>
#include <QRandomGenerator>
#include <QTimer>

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

// One test case from connecting to its last repetition. Lives on the
// orchestrator's thread; every wait is bounded by a timer.
class CaseExecution : public QObject
{
    Q_OBJECT
public:
    CaseExecution(Orchestrator *owner, TestCase testCase, HostSession *client, HostSession *server, HostSession *dut)
        : QObject(owner), m_owner(owner), m_client(client), m_server(server), m_dut(dut)
    {
        m_m.testCase = std::move(testCase);
        m_timer.setSingleShot(true);
        connect(&m_timer, &QTimer::timeout, this, [this] { handleTimeout(); });
    }

    const TestCase &testCase() const { return m_m.testCase; }

    // Share of this case done, for progress and time-left estimates.
    double fraction() const
    {
        const double iters = std::max(1, m_m.testCase.repetitions.minIterations);
        double within = 0;
        if (m_phase == Phase::Running && m_iterationClock.isValid())
            within = std::min(1.0, m_iterationClock.elapsed() / 1000.0 / std::max(0.1, m_m.testCase.durationS));
        return std::min(1.0, (m_m.iterations.size() + within) / iters);
    }

    void start()
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

    void cancel()
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

private:
    enum class Phase { Connecting, EnvBefore, Serving, Running, EnvAfter, Done };

    void log(const QString &severity, const QString &host, const QString &text)
    {
        emit m_owner->logged(severity, host, text);
    }

    void resolveServerAddress()
    {
        const Endpoint &e = m_m.testCase.server;
        const PlanHost &h = m_server->host();
        const QString address = e.address.isEmpty() ? h.address : e.address;
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

    void handleSessionReady()
    {
        if (m_phase != Phase::Connecting || !m_client->isReady() || !m_server->isReady() || m_serverAddress.isEmpty()
            || (m_dut && !m_dut->isReady()))
            return;
        m_timer.stop();
        captureEnvironment(true);
    }

    void captureEnvironment(bool before)
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

    void environmentCaptured(bool before)
    {
        m_timer.stop();
        if (before) {
            useNicAddress();
            if (m_m.testCase.kind == u"rfc2544"_s)
                m_rfc.emplace(m_m.testCase, m_m.clientEnvBefore);
            beginIteration();
            return;
        }
        checkEnvironmentChanges();
        complete(u"finished"_s, QString());
    }

    // A server NIC named without an address: test over that NIC's own
    // address, as its agent reported it, rather than the host's.
    void useNicAddress()
    {
        const Endpoint &e = m_m.testCase.server;
        if (e.nic.isEmpty() || !e.address.isEmpty())
            return;
        for (const QJsonValue &i : m_m.serverEnvBefore.value(u"interfaces"_s).toArray()) {
            const QJsonObject nic = i.toObject();
            if (nic.value(u"name"_s).toString() != e.nic)
                continue;
            for (const QJsonValue &a : nic.value(u"addresses"_s).toArray()) {
                const QHostAddress addr(a.toString());
                if (addr.protocol() == QAbstractSocket::IPv4Protocol && !addr.isLoopback()) {
                    m_serverAddress = addr.toString();
                    return;
                }
            }
        }
    }

    void checkEnvironmentChanges()
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

    QString agentKind() const
    {
        if (m_rfc)
            return m_rfc->agentKind();
        // Forwarding: the generator floods the sink through the device under
        // test. Soak: a long packet_rate with its probe as the 1 kpps way back.
        return m_dut || m_m.testCase.kind == u"soak"_s ? u"packet_rate"_s : m_m.testCase.kind;
    }

    QJsonObject paramsFor(const Endpoint &e) const
    {
        QJsonObject p = m_rfc ? m_rfc->trialParams() : m_m.testCase.params;
        p.insert(u"duration_s"_s, m_m.testCase.durationS);
        if (!e.nic.isEmpty())
            p.insert(u"interface"_s, e.nic);
        return p;
    }

    void beginIteration()
    {
        const int iteration = int(m_m.iterations.size());
        emit m_owner->caseStarted(m_m.testCase, iteration);
        m_phase = Phase::Serving;
        m_clientDone = m_serverDone = false;
        m_dutDone = !m_dut;
        m_clientRecord = m_serverRecord = m_dutRecord = ResultRecord();
        m_clientSamples.clear();
        m_serverSamples.clear();
        m_dutSamples.clear();
        m_runId = -1;
        m_token = randomToken();
        const ServeRequest req{agentKind(), paramsFor(m_m.testCase.server), m_serverAddress, 0, m_token};
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

    void handleServerMessage(const AgentMessage &m)
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

    void startRun(int port)
    {
        if (m_phase != Phase::Serving)
            return;
        m_phase = Phase::Running;
        m_iterationClock.start();
        const RunRequest req{agentKind(), paramsFor(m_m.testCase.client), m_serverAddress, port, m_token};
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
        // time limit) plus their watchdog margin; wait a little longer.
        m_timer.start(int(m_m.testCase.durationS * 1000) + kResultMarginMs);
    }

    // The device under test samples its CPU and NIC counters while the
    // generator's traffic crosses it.
    void startMonitor()
    {
        QJsonObject params{{u"duration_s"_s, m_m.testCase.durationS + 0.2}};
        if (!m_m.testCase.dut->nic.isEmpty())
            params.insert(u"interface"_s, m_m.testCase.dut->nic);
        if (!m_m.testCase.dutIngress.isEmpty())
            params.insert(u"ingress_interface"_s, m_m.testCase.dutIngress);
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

    void handleClientMessage(const AgentMessage &m)
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

    void forwardSample(const AgentMessage &m, const QString &defaultSide)
    {
        // A malformed interim sample is dropped: the final record decides.
        const auto sample = SampleMessage::fromMessage(m, nullptr);
        if (!sample)
            return;
        for (const Sample &s : sample->samples(defaultSide))
            emit m_owner->sampleReceived(m_m.testCase.key, s);
    }

    // A long test's samples come ahead of its result in bounded "samples"
    // messages (docs/agent-protocol.md); they are kept until the result.
    void collectSamples(const AgentMessage &m, QList<Sample> *into, const QString &host)
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

    bool parseRecord(const AgentMessage &m, ResultRecord *out, const QString &host, const QList<Sample> &samples)
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

    void failFromError(const AgentMessage &m, const QString &host)
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
        complete(u"failed"_s, u"%1: %2 (%3)"_s.arg(host, text, code));
    }

    void maybeFinishIteration()
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

        const RepetitionRule &rule = m_m.testCase.repetitions;
        const int n = int(m_m.iterations.size());
        bool reached = true;
        double width = 0;
        if (n >= rule.minIterations && n < rule.maxIterations) {
            summarizeIterations(m_m.iterations, rule, &reached, &width);
            if (n >= 2 && reached) {
                captureEnvironment(false);
                return;
            }
        }
        if (n >= rule.maxIterations) {
            captureEnvironment(false);
            return;
        }
        beginIteration();
    }

    // What the device under test reported: its CPU while forwarding, and
    // the packets it sent on through its egress NIC per second.
    void addDutFigures(ResultRecord &merged)
    {
        merged.kind = m_m.testCase.kind;
        if (auto cpu = m_dutRecord.metric(u"cpu_util_pct"_s, QString()))
            merged.addMetric(u"dut_cpu_util_pct"_s, QString(), *cpu);
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

    void handleTimeout()
    {
        if (m_cancelRequested) {
            complete(u"cancelled"_s, u"cancelled (an agent did not confirm within %1 s)"_s.arg(kCancelGraceMs / 1000));
            return;
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

    void complete(const QString &status, const QString &error)
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
        // Hand out the result after this call returns: handlers may delete us.
        QPointer<CaseExecution> self(this);
        QTimer::singleShot(0, m_owner, [self] {
            if (self)
                self->m_owner->handleCaseDone(self, self->m_m);
        });
    }

    Orchestrator *m_owner;
    HostSession *m_client;
    HostSession *m_server;
    HostSession *m_dut; // forwarding tests only
    CaseResult m_m;
    Phase m_phase = Phase::Connecting;
    QTimer m_timer;
    QElapsedTimer m_iterationClock;
    QString m_serverAddress;
    QString m_token;
    qint64 m_serveId = -1;
    qint64 m_runId = -1;
    bool m_clientDone = false;
    bool m_serverDone = false;
    bool m_dutDone = true;
    qint64 m_monitorId = -1;
    bool m_cancelRequested = false;
    int m_envPending = 0;
    ResultRecord m_clientRecord;
    ResultRecord m_serverRecord;
    ResultRecord m_dutRecord;
    QList<Sample> m_clientSamples;
    QList<Sample> m_serverSamples;
    QList<Sample> m_dutSamples;
    std::optional<Rfc2544Trials> m_rfc;
};

Orchestrator::Orchestrator(Plan plan, TransportFactory factory, QObject *parent)
    : QObject(parent), m_plan(std::move(plan)), m_factory(std::move(factory))
{
}

Orchestrator::~Orchestrator()
{
    for (HostSession *s : std::as_const(m_sessions))
        s->close();
}

Orchestrator::TransportFactory Orchestrator::localFactory()
{
    // SSH hosts still work when their keys are known; nothing is asked.
    SshOptions options;
    options.wirebenchKnownHostsFile = SshOptions::defaultWirebenchKnownHostsFile();
    return labFactory(options, nullptr, nullptr);
}

Orchestrator::TransportFactory Orchestrator::labFactory(const SshOptions &options, HostKeyPolicy *policy,
                                                       CredentialProvider *credentials, SecretStore *secrets)
{
    return [options, policy, credentials, secrets](const PlanHost &host) -> AgentTransport * {
        if (host.transport == u"local"_s)
            return new LocalTransport(locateAgent());
        SshEndpoint e;
        e.host = host.name;
        e.address = host.sshAddress;
        e.port = host.sshPort;
        e.user = host.sshUser;
        e.identityFile = host.identityFile;
        e.remoteAgentPath = host.agentPath;
        auto *t = new SshTransport(e, options);
        t->setHostKeyPolicy(policy);
        t->setCredentialProvider(credentials);
        t->setSecretStore(secrets);
        return t;
    };
}

HostSession *Orchestrator::session(const QString &hostName)
{
    if (HostSession *s = m_sessions.value(hostName))
        return s;
    const PlanHost *host = m_plan.host(hostName);
    Q_ASSERT(host);
    auto *s = new HostSession(*host, m_factory(*host), this);
    s->setLivenessTimeout(m_livenessMs);
    connect(s, &HostSession::logged, this,
            [this, hostName](const QString &severity, const QString &text) { emit logged(severity, hostName, text); });
    connect(s, &HostSession::lost, this, [this, hostName](const QString &why) {
        // Every case still waiting for this host fails now, with the reason.
        for (qsizetype i = m_pending.size() - 1; i >= 0; --i) {
            const TestCase &c = m_pending[i];
            if (c.client.host != hostName && c.server.host != hostName && (!c.dut || c.dut->host != hostName))
                continue;
            CaseResult m;
            m.testCase = m_pending.takeAt(i);
            m.status = u"failed"_s;
            m.error = why;
            m.started = m.finished = QDateTime::currentDateTimeUtc();
            ++m_failed;
            ++m_done;
            emit caseFinished(m);
        }
        emitProgress();
        QTimer::singleShot(0, this, [this] { finishIfDone(); });
    });
    m_sessions.insert(hostName, s);
    return s;
}

QStringList Orchestrator::resourcesOf(const TestCase &c) const
{
    // A NIC is host/nic; a test without a NIC holds the whole host's network.
    auto res = [](const Endpoint &e) { return e.host + u'/' + (e.nic.isEmpty() ? u"*"_s : e.nic); };
    QStringList r{res(c.client), res(c.server)};
    if (c.dut)
        r << c.dut->host + u"/*"_s; // the whole device under test
    return r;
}

bool Orchestrator::resourcesFree(const TestCase &c) const
{
    if (c.allowSharedNic)
        return true;
    for (const QString &r : resourcesOf(c)) {
        const QString host = r.section(u'/', 0, 0);
        const QString nic = r.section(u'/', 1);
        for (auto it = m_busy.begin(); it != m_busy.end(); ++it) {
            if (it.value() <= 0)
                continue;
            const QString bh = it.key().section(u'/', 0, 0);
            const QString bn = it.key().section(u'/', 1);
            if (bh == host && (bn == nic || bn == u"*"_s || nic == u"*"_s))
                return false;
        }
    }
    return true;
}

void Orchestrator::start()
{
    if (m_running)
        return;
    m_running = true;
    m_cancelling = false;
    m_clock.start();
    m_pending.clear();
    for (const TestCase &c : std::as_const(m_plan.cases))
        if (!m_skipped.contains(c.key))
            m_pending.append(c);
    m_total = int(m_pending.size());
    m_done = m_finished = m_failed = m_cancelledCount = 0;
    if (m_total < m_plan.cases.size())
        emit logged(u"info"_s, QString(),
                    u"resuming: %1 of %2 cases already finished"_s.arg(m_plan.cases.size() - m_total).arg(m_plan.cases.size()));
    emit planStarted(m_total);
    emitProgress();
    QTimer::singleShot(0, this, [this] {
        schedule();
        finishIfDone();
    });
}

void Orchestrator::cancel()
{
    if (!m_running || m_cancelling)
        return;
    m_cancelling = true;
    emit logged(u"warning"_s, QString(), u"cancelling the plan"_s);
    // Cases that never started leave nothing behind; a resume runs them.
    m_cancelledCount += int(m_pending.size());
    m_done += int(m_pending.size());
    m_pending.clear();
    const auto active = m_active;
    for (CaseExecution *run : active)
        run->cancel();
    QTimer::singleShot(0, this, [this] { finishIfDone(); });
}

void Orchestrator::schedule()
{
    if (m_cancelling)
        return;
    for (qsizetype i = 0; i < m_pending.size() && m_active.size() < m_maxParallel;) {
        const TestCase c = m_pending[i];
        HostSession *client = session(c.client.host);
        HostSession *server = session(c.server.host);
        HostSession *dut = c.dut ? session(c.dut->host) : nullptr;
        if (!resourcesFree(c)) {
            ++i;
            continue;
        }
        m_pending.removeAt(i);
        for (const QString &r : resourcesOf(c))
            ++m_busy[r];
        auto *run = new CaseExecution(this, c, client, server, dut);
        m_active.append(run);
        run->start();
    }
}

void Orchestrator::handleCaseDone(CaseExecution *run, const CaseResult &m)
{
    m_active.removeOne(run);
    for (const QString &r : resourcesOf(run->testCase()))
        --m_busy[r];
    run->deleteLater();
    ++m_done;
    if (m.status == u"finished"_s)
        ++m_finished;
    else if (m.status == u"cancelled"_s)
        ++m_cancelledCount;
    else
        ++m_failed;
    if (m.status == u"failed"_s)
        emit logged(u"error"_s, m.testCase.client.host, u"%1 failed: %2"_s.arg(m.testCase.name, m.error));
    emit caseFinished(m);
    emitProgress();
    schedule();
    finishIfDone();
}

void Orchestrator::emitProgress()
{
    double left = 0;
    for (const TestCase &c : std::as_const(m_pending))
        left += (c.durationS + 0.5) * std::max(1, c.repetitions.minIterations);
    for (CaseExecution *run : std::as_const(m_active)) {
        const TestCase &c = run->testCase();
        const double f = run->fraction();
        left += (1 - f) * (c.durationS + 0.5) * std::max(1, c.repetitions.minIterations);
    }
    const int parallel = std::max<int>(1, std::min<int>(m_maxParallel, int(m_active.size()) + 1));
    emit progressChanged(m_done, m_total, left / parallel);
}

void Orchestrator::finishIfDone()
{
    if (!m_running || !m_active.isEmpty() || !m_pending.isEmpty())
        return;
    m_running = false;
    for (HostSession *s : std::as_const(m_sessions))
        s->close();
    emit logged(u"info"_s, QString(),
                u"plan finished: %1 finished, %2 failed, %3 cancelled in %4 s"_s.arg(m_finished)
                    .arg(m_failed)
                    .arg(m_cancelledCount)
                    .arg(m_clock.elapsed() / 1000.0, 0, 'f', 1));
    emit planFinished(m_finished, m_failed, m_cancelledCount);
}

} // namespace wb

#include "orchestrator.moc"
