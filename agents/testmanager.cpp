// SPDX-License-Identifier: GPL-3.0-or-later
#include "testmanager.h"

#include "headroom.h"

#include "clock.h"
#include "hoststats.h"
#include "localaddress.h"
#include "netutil.h"
#include "requestcheck.h"
#include "testendpoint.h"
#include "testkind.h"

#include <chrono>

namespace wb::agent {

TestManager::TestManager(Session &session, Output &out) : m_session(session), m_out(out)
{
    session.addHandler("serve", [this](const json::Value &r, Output &o) { handleServe(r, o); });
    session.addHandler("run", [this](const json::Value &r, Output &o) { handleRun(r, o); });
    session.addHandler("cancel", [this](const json::Value &r, Output &o) { handleCancel(r, o); });
    session.addHandler("heartbeat", [this](const json::Value &r, Output &o) { handleHeartbeat(r, o); });
    session.addHandler("monitor", [this](const json::Value &r, Output &o) { handleMonitor(r, o); });
    // Data sockets on a named NIC's own address, checked binds, port
    // ranges and SO_BINDTODEVICE (serve/run fields bind, family, port_min,
    // port_max, bind_device): docs/agent-protocol.md.
    session.addCapability("bind_nic");
    m_watchdog = std::thread([this] { watchdogLoop(); });
}

TestManager::~TestManager()
{
    shutdown("agent_exiting", "the agent is shutting down");
    {
        std::lock_guard lock(m_mutex);
        m_quit = true;
    }
    m_wake.notify_all();
    if (m_watchdog.joinable())
        m_watchdog.join();
}

size_t TestManager::activeCount()
{
    std::lock_guard lock(m_mutex);
    size_t n = 0;
    for (const auto &[id, a] : m_active)
        n += a->finished ? 0 : 1;
    return n;
}

void TestManager::shutdown(const std::string &code, const std::string &message)
{
    std::map<int64_t, std::unique_ptr<Active>> all;
    {
        std::lock_guard lock(m_mutex);
        for (auto &[id, a] : m_active)
            a->run->abort(code, message);
        all.swap(m_active);
    }
    for (auto &[id, a] : all)
        if (a->thread.joinable())
            a->thread.join();
}

bool TestManager::validateTestRequest(const json::Value &request, Output &out, TestParams &params)
{
    const json::Value &id = request["id"];
    std::string err;
    if (!checkTestRequest(request, params, &err)) {
        out.send(Session::makeError(id, "invalid_message", err));
        return false;
    }
    return admit(id, out);
}

bool TestManager::admit(const json::Value &id, Output &out)
{
    std::lock_guard lock(m_mutex);
    if (auto it = m_active.find(id.asInt());
        it != m_active.end() && !it->second->finished && !it->second->run->finalized) {
        out.send(Session::makeError(id, "duplicate_id", "a test with id " + std::to_string(id.asInt())
                                                            + " is still running"));
        return false;
    }
    size_t running = 0;
    for (const auto &[i, a] : m_active)
        running += a->finished ? 0 : 1;
    if (running >= kMaxConcurrentTests) {
        out.send(Session::makeError(id, "busy", "already running " + std::to_string(running) + " tests"));
        return false;
    }
    return true;
}

void TestManager::start(int64_t id, std::shared_ptr<TestRun> run, std::function<void(TestRun &)> body)
{
    auto active = std::make_unique<Active>();
    active->run = run;
    Active *raw = active.get();
    std::lock_guard lock(m_mutex);
    // The watchdog reaps a finished entry with the same id first.
    auto old = m_active.find(id);
    if (old != m_active.end()) {
        if (old->second->thread.joinable())
            old->second->thread.join();
        m_active.erase(old);
    }
    active->thread = std::thread([raw, run, body = std::move(body)] {
        body(*run);
        raw->finished = true;
    });
    m_active.emplace(id, std::move(active));
}

size_t TestManager::sendSamples(TestRun &run)
{
    // A day of samples would make one line of hundreds of megabytes, past
    // what the controller reads as a line; bounded messages ahead of the
    // result carry them instead, and the result says how many there were.
    const size_t total = run.sampleCount();
    for (size_t from = 0; from < total; from += kSamplesPerMessage) {
        json::Value m = Session::makeReply(run.id(), "samples");
        m["samples"] = run.samples(from, kSamplesPerMessage);
        m_out.send(m);
    }
    return total;
}

void TestManager::finish(TestRun &run, const std::string &code, const std::string &message)
{
    run.end();
    // The outcome is fixed before the samples go out: sending a long test's
    // samples takes a while, and the watchdog must not turn a finished test
    // into a stopped one meanwhile (it leaves finalized runs alone).
    run.finalized = true;
    std::string abortCode, abortMessage;
    json::Value last;
    if (run.aborted(&abortCode, &abortMessage))
        last = Session::makeError(run.id(), abortCode, abortMessage);
    else if (!code.empty())
        last = Session::makeError(run.id(), code, message);
    else
        last = Session::makeReply(run.id(), "result");
    if (m_session.controllerTakesSamples()) {
        last["record"] = run.record(0);
        last["samples_sent"] = sendSamples(run);
    } else {
        last["record"] = run.record(kInlineSamples);
    }
    m_out.send(last);
}

void TestManager::handleServe(const json::Value &request, Output &out)
{
    TestParams params;
    if (!validateTestRequest(request, out, params))
        return;
    const json::Value &id = request["id"];
    const std::string kind = request["kind"].asString();
    auto impl = makeTestKind(kind);
    auto endpoint = std::make_shared<ServingEndpoint>();
    std::string err;
    int family = AF_UNSPEC;
    parseFamily(request["family"].asString(), &family); // checked by checkTestRequest
    const std::string interface = params.has("interface") ? params.text("interface") : std::string();
    DataBinding binding;
    if (!resolveServeBinding(request["bind"].asString(), family, interface, request["bind_device"].asBool(false),
                             binding, &err)
        || !endpoint->open(binding, static_cast<int>(request["port"].asInt(0)),
                           static_cast<int>(request["port_min"].asInt(0)),
                           static_cast<int>(request["port_max"].asInt(0)), impl->usesUdp(), &err)) {
        out.send(Session::makeError(id, "bind_failed", err));
        return;
    }
    json::Value listening = Session::makeReply(id, "listening");
    listening["address"] = endpoint->address();
    listening["port"] = endpoint->port();
    if (endpoint->udp().valid())
        listening["udp_port"] = endpoint->udpPort();
    out.send(listening);
    auto run = std::make_shared<TestRun>(id.asInt(), kind, "server", params, &m_out);
    run->extra()["bound_address"] = endpoint->address();
    run->extra()["bound_port"] = endpoint->port();
    if (!binding.device.empty())
        run->extra()["bound_device"] = binding.device;
    const std::string token = request["token"].asString();
    const json::Value overrides = request["params"];
    const double idle = params.number("idle_timeout_s", 60);
    // A kind with a connection per transaction accepts them on this
    // listener until the end of its test; the others close it once their
    // client has arrived.
    const bool ownConnections = impl->opensConnections();
    endpoint->setKeepListening(ownConnections);
    start(id.asInt(), run, [this, endpoint, token, overrides, idle, kind, ownConnections](TestRun &r) {
        Fd conn;
        Outcome o = endpoint->acceptClient(token, idle, r.stopFlag(), conn);
        ServePolicy policy;
        policy.listener = ownConnections ? endpoint->listenFd() : -1;
        if (o.ok())
            o = serveTest(r, kind, overrides, conn, endpoint->udp(), nullptr, policy, endpoint.get(), token);
        r.extra()["rejected_connections"] = endpoint->rejectedConnections();
        endpoint->close();
        finish(r, o.code, o.message);
    });
}

namespace {

// The reference speed of the headroom loops: their fastest, per second of
// CPU they had, in the test window or in short slices once the traffic has
// passed (where the caches are theirs again).
template<typename Sleep>
void addHeadroom(TestRun &r, HeadroomProbe &probe, const HeadroomProbe::Reading &first,
                 const HeadroomProbe::Reading &last, Sleep sleepUntil)
{
    constexpr int kSlices = 6;
    const double calibration = r.params().number("calibration_s", 0.6);
    std::vector<double> reference = HeadroomProbe::speeds(first, last);
    HeadroomProbe::Reading from = probe.read();
    for (int i = 0; i < kSlices && !r.stopped(); ++i) {
        sleepUntil(from.ns + static_cast<int64_t>(calibration / kSlices * 1e9));
        const HeadroomProbe::Reading to = probe.read();
        const std::vector<double> slice = HeadroomProbe::speeds(from, to);
        for (size_t c = 0; c < reference.size() && c < slice.size(); ++c)
            reference[c] = std::max(reference[c], slice[c]);
        from = to;
    }
    probe.stop();
    const HeadroomFigures f = headroomFigures(probe.cpus(), first, last, reference);
    if (!f.valid) {
        r.extra()["headroom_error"] = "the headroom loops never ran";
        return;
    }
    r.metric("dut_cpu_headroom_pct", f.hostPct);
    r.metric("dut_cpu_headroom_lowest_core_pct", f.lowestPct);
    json::Value h;
    h["per_cpu"] = f.perCpu;
    h["calibration_s"] = calibration;
    h["method"] = "SCHED_IDLE busy loop per CPU: loops in the test window against its loops per CPU second";
    r.extra()["headroom"] = h;
}

} // namespace

void TestManager::handleMonitor(const json::Value &request, Output &out)
{
    // A device under test (a router or bridge between two other agents)
    // reports its own CPU and NIC counters while traffic crosses it.
    static const std::vector<ParamSpec> kSpecs{
        {"duration_s", ParamSpec::Type::Number, 0.05, 86400, 10.0},
        {"interval_s", ParamSpec::Type::Number, 0, 3600, 1.0},
        {"watchdog_margin_s", ParamSpec::Type::Number, 0.5, 3600, 10.0},
        {"interface", ParamSpec::Type::String, 0, 0, json::Value()},
        {"ingress_interface", ParamSpec::Type::String, 0, 0, json::Value()},
        {"headroom", ParamSpec::Type::Bool, 0, 0, false},
        {"calibration_s", ParamSpec::Type::Number, 0.2, 10, 0.6},
    };
    const json::Value &id = request["id"];
    TestParams params;
    std::string err;
    if (!request["params"].isNull() && !request["params"].isObject()) {
        out.send(Session::makeError(id, "invalid_message", "field 'params' of 'monitor' must be an object"));
        return;
    }
    if (!TestParams::validate(kSpecs, request["params"].isNull() ? json::Value(json::Object{}) : request["params"],
                              params, &err)) {
        out.send(Session::makeError(id, "invalid_message", err));
        return;
    }
    for (const char *name : {"interface", "ingress_interface"}) {
        if (params.has(name) && !validInterfaceName(params.text(name))) {
            out.send(Session::makeError(id, "invalid_message",
                                        std::string("params.") + name + " is not a valid interface name"));
            return;
        }
    }
    if (!admit(id, out))
        return;
    auto run = std::make_shared<TestRun>(id.asInt(), "monitor", "", params, &m_out);
    start(id.asInt(), run, [this](TestRun &r) {
        const std::string egress = r.params().has("interface") ? r.params().text("interface") : std::string();
        const std::string ingress =
            r.params().has("ingress_interface") ? r.params().text("ingress_interface") : std::string();
        const NicCounters inBefore = readNicCounters(ingress);
        HeadroomProbe probe;
        std::string probeError;
        const bool headroom = r.params().flag("headroom", false) && probe.start(&probeError);
        const auto sleepUntil = [&r](int64_t until) {
            while (!r.stopped() && nowNs() < until)
                std::this_thread::sleep_for(
                    std::chrono::milliseconds(std::min<int64_t>(50, (until - nowNs()) / 1000000 + 1)));
        };
        r.begin(egress, 0);
        const HeadroomProbe::Reading first = probe.read();
        sleepUntil(r.beginNs() + static_cast<int64_t>(r.params().number("duration_s", 10) * 1e9));
        const HeadroomProbe::Reading last = probe.read();
        r.end();
        r.addHostMetrics(0, 0);
        if (!ingress.empty())
            r.extra()["ingress_counters_delta"] = nicCounterDelta(inBefore, readNicCounters(ingress));
        if (headroom && !r.stopped())
            addHeadroom(r, probe, first, last, sleepUntil);
        else if (r.params().flag("headroom", false))
            r.extra()["headroom_error"] = probeError.empty() ? std::string("the monitor was stopped early") : probeError;
        finish(r, {}, {});
    });
}

void TestManager::handleRun(const json::Value &request, Output &out)
{
    TestParams params;
    if (!validateTestRequest(request, out, params))
        return;
    const json::Value &id = request["id"];
    const json::Value &to = request["to"];
    auto run = std::make_shared<TestRun>(id.asInt(), request["kind"].asString(), "client", params, &m_out);
    std::string host = to.asString();
    const int port = static_cast<int>(request["port"].asInt());
    const std::string token = request["token"].asString();
    // The source: the named NIC's address of the server's family (or the
    // bind address asked for, if it is this host's); checked before the
    // test starts so a wrong NIC is an error, not a test over another path.
    SockAddr server;
    parseAddress(host, port, server); // checked by checkTestRequest
    if (server.isLinkLocal6() && server.scopeId() == 0) {
        // fe80::/10 exists on every link: which one is the test's NIC.
        if (!params.has("interface")) {
            out.send(Session::makeError(id, "invalid_message",
                                        "field 'to': " + host + " is link-local; give its zone (" + host
                                            + "%eth0) or params.interface"));
            return;
        }
        host += "%" + params.text("interface");
        if (!parseAddress(host, port, server)) {
            out.send(Session::makeError(id, "bind_failed", "this host has no interface '" + params.text("interface") + "'"));
            return;
        }
    }
    DataBinding source;
    bool bound = false;
    std::string err;
    if (!resolveClientBinding(request["bind"].asString(), server,
                              params.has("interface") ? params.text("interface") : std::string(),
                              request["bind_device"].asBool(false), source, &bound, &err)) {
        out.send(Session::makeError(id, "bind_failed", err));
        return;
    }
    if (bound)
        run->extra()["bound_address"] = source.address.host();
    if (!source.device.empty())
        run->extra()["bound_device"] = source.device;
    const bool useSource = bound || !source.device.empty();
    if (!bound) // a device alone: from whatever address it has of that family
        parseAddress(server.family() == AF_INET6 ? "::" : "0.0.0.0", 0, source.address);
    start(id.asInt(), run, [this, host, port, token, source, useSource](TestRun &r) {
        Outcome o = runClientTest(r, host, port, token, useSource ? &source : nullptr);
        finish(r, o.code, o.message);
    });
}

void TestManager::handleCancel(const json::Value &request, Output &out)
{
    const json::Value &id = request["id"];
    const json::Value &target = request["target"];
    if (!target.isInt()) {
        out.send(Session::makeError(id, "invalid_message", "field 'target' of 'cancel' must be a request id"));
        return;
    }
    std::shared_ptr<TestRun> run;
    {
        std::lock_guard lock(m_mutex);
        auto it = m_active.find(target.asInt());
        if (it != m_active.end() && !it->second->finished && !it->second->run->finalized)
            run = it->second->run;
    }
    if (!run) {
        out.send(Session::makeError(id, "unknown_target", "no running test has id " + std::to_string(target.asInt())));
        return;
    }
    run->abort("cancelled", "cancelled by the controller (request " + std::to_string(id.asInt()) + ")");
    json::Value reply = Session::makeReply(id, "cancelled");
    reply["target"] = target;
    out.send(reply);
}

void TestManager::handleHeartbeat(const json::Value &request, Output &out)
{
    const json::Value &id = request["id"];
    const json::Value &timeout = request["timeout_s"];
    if (!timeout.isNull() && (!timeout.isNumber() || timeout.asDouble() < 0.5 || timeout.asDouble() > 3600)) {
        out.send(Session::makeError(id, "invalid_message", "field 'timeout_s' must be a number from 0.5 to 3600"));
        return;
    }
    {
        std::lock_guard lock(m_mutex);
        m_heartbeatTimeoutNs = static_cast<int64_t>(timeout.asDouble(15.0) * 1e9);
        m_lastHeartbeatNs = nowNs();
    }
    json::Value reply = Session::makeReply(id, "heartbeat");
    out.send(reply);
}

void TestManager::watchdogLoop()
{
    std::unique_lock lock(m_mutex);
    while (!m_quit) {
        m_wake.wait_for(lock, std::chrono::milliseconds(100));
        if (m_quit)
            break;
        const int64_t now = nowNs();
        const bool heartbeatLost = m_heartbeatTimeoutNs > 0 && now - m_lastHeartbeatNs > m_heartbeatTimeoutNs;
        if (heartbeatLost) {
            // The controller is gone or cut off; nobody will read a result or
            // close our input (sshd can keep a dead session's channel for
            // hours), so after the tests end the agent leaves too.
            m_heartbeatTimeoutNs = 0;
            m_controllerLost = true;
        }
        for (auto it = m_active.begin(); it != m_active.end();) {
            Active &a = *it->second;
            if (a.finished) {
                if (a.thread.joinable())
                    a.thread.join();
                it = m_active.erase(it);
                continue;
            }
            if (a.run->finalized) {
                ++it; // over; only its last messages are still going out
                continue;
            }
            if (heartbeatLost)
                a.run->abort("heartbeat_lost", "the controller's heartbeat stopped; test stopped");
            const int64_t deadline = a.run->deadlineNs();
            if (deadline && now > deadline)
                a.run->abort("watchdog", "the test ran past its duration plus the watchdog margin and was stopped");
            ++it;
        }
    }
}

} // namespace wb::agent
