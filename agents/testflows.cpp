// SPDX-License-Identifier: GPL-3.0-or-later
#include "testflows.h"

#include "clock.h"
#include "socketknobs.h"
#include "testendpoint.h"

#include <algorithm>
#include <chrono>
#include <cerrno>
#include <cstdio>
#include <linux/tcp.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <thread>

namespace wb::agent {

const char *directionName(FlowDirection d)
{
    switch (d) {
    case FlowDirection::Forward:
        return "forward";
    case FlowDirection::Reverse:
        return "reverse";
    case FlowDirection::Probe:
        return "probe";
    }
    return "forward";
}

namespace {
// Every flow of a layout in the order both ends make them: stream by
// stream, each stream's directions, then the probe connection.
std::vector<std::pair<int, FlowDirection>> flowOrder(const FlowLayout &layout)
{
    std::vector<std::pair<int, FlowDirection>> order;
    for (int s = 0; s < layout.streams; ++s)
        for (FlowDirection d : layout.directions())
            order.emplace_back(s, d);
    if (layout.probe)
        order.emplace_back(0, FlowDirection::Probe);
    return order;
}
} // namespace

std::vector<FlowDirection> FlowLayout::directions() const
{
    std::vector<FlowDirection> d;
    if (forward)
        d.push_back(FlowDirection::Forward);
    if (reverse)
        d.push_back(FlowDirection::Reverse);
    return d;
}

std::string FlowLayout::metricName(FlowDirection d, const std::string &base) const
{
    return bidirectional() && d == FlowDirection::Reverse ? "reverse_" + base : base;
}

FlowLayout flowLayout(const TestParams &params)
{
    FlowLayout l;
    l.streams = static_cast<int>(params.integer("streams", 1));
    const std::string direction = params.has("direction") ? params.text("direction") : std::string("forward");
    l.forward = direction != "reverse";
    l.reverse = direction != "forward";
    return l;
}

namespace {

std::string keyText(uint64_t key)
{
    char k[17];
    std::snprintf(k, sizeof k, "%016llx", static_cast<unsigned long long>(key));
    return k;
}

int64_t remainingMs(int64_t deadlineNs)
{
    return std::max<int64_t>(0, (deadlineNs - nowNs()) / 1000000);
}

// The knobs as the kernel holds them on the first data flow: with flows the
// control connection carries no data, so it is not what the record shows.
void reportFlowKnobs(TestRun &run, const std::vector<DataFlow> &flows, bool udp)
{
    for (const DataFlow &f : flows) {
        if (f.direction == FlowDirection::Probe)
            continue;
        run.extra()["socket_options"] = appliedSocketKnobs(udp ? f.udp.get() : f.tcp.get(), !udp);
        return;
    }
}

} // namespace

Outcome acceptFlows(TestRun &run, ServerEnv &env, bool udp, std::vector<DataFlow> &flows)
{
    return acceptFlows(run, env, udp, flowLayout(run.params()), flows);
}

Outcome acceptFlows(TestRun &run, ServerEnv &env, bool udp, const FlowLayout &layout, std::vector<DataFlow> &flows)
{
    if (!env.endpoint)
        return Outcome::fail("internal_error", "this end cannot accept the test's data connections");
    const int64_t deadline = nowNs() + static_cast<int64_t>(kFlowSetupTimeoutS * 1e9);
    const std::string key = keyText(env.key);
    flows.clear();
    for (const auto &[s, d] : flowOrder(layout)) {
        DataFlow f;
        f.stream = s;
        f.direction = d;
        const double left = static_cast<double>(remainingMs(deadline)) / 1000.0;
        Outcome o = env.endpoint->acceptClient(env.token, std::max(left, 0.001), run.stopFlag(), f.tcp);
        if (!o.ok()) {
            if (o.code == "idle_timeout")
                return Outcome::fail("peer_failed", "the client did not open stream " + std::to_string(s) + " ("
                                                        + directionName(d) + ") within "
                                                        + std::to_string(static_cast<int>(kFlowSetupTimeoutS)) + " s");
            return o;
        }
        ControlChannel chan(f.tcp.get(), run.stopFlag());
        std::string err;
        // Each flow carries the test's socket knobs (tos, congestion control,
        // MSS, nodelay), as a single flow's connection does.
        if (!udp && !applySocketKnobs(f.tcp.get(), run.params(), true, &err))
            return Outcome::fail("invalid_message", err);
        auto hello = chan.readLine(static_cast<int>(std::min<int64_t>(remainingMs(deadline), kConnectTimeoutMs)), &err);
        if (!hello)
            return Outcome::fail("peer_failed", "no greeting on the client's stream " + std::to_string(s) + ": " + err);
        std::string why;
        if ((*hello)["key"].asString() != key)
            why = "does not carry this test's key";
        else if ((*hello)["stream"].asInt(-1) != s || (*hello)["direction"].asString() != directionName(d))
            why = "is not stream " + std::to_string(s) + " " + directionName(d) + ", the one expected next";
        int64_t peerPort = 0;
        if (why.empty() && udp) {
            peerPort = (*hello)["udp_port"].asInt(-1);
            if (peerPort <= 0 || peerPort > 65535)
                why = "has no valid udp_port";
        }
        json::Value reply;
        if (why.empty() && udp) {
            SockAddr local = localAddress(env.chan.fd());
            local.setPort(0);
            f.udp = bindUdp(local, &err);
            if (!f.udp.valid())
                return Outcome::fail("socket_error", err);
            if (!applySocketKnobs(f.udp.get(), run.params(), false, &err))
                return Outcome::fail("invalid_message", err);
            f.peerUdp = peerAddress(f.tcp.get());
            f.peerUdp.setPort(static_cast<int>(peerPort));
            if (::connect(f.udp.get(), f.peerUdp.get(), f.peerUdp.length) != 0)
                return Outcome::fail("socket_error", "cannot address the client's UDP port: " + errnoText(errno));
            reply["udp_port"] = localAddress(f.udp.get()).port();
        }
        if (!why.empty()) {
            reply["ok"] = false;
            reply["error"] = "a data connection " + why;
            chan.sendLine(reply, &err);
            return Outcome::fail("peer_failed", "a data connection of the client " + why);
        }
        reply["ok"] = true;
        if (!chan.sendLine(reply, &err))
            return Outcome::fail("peer_lost", "cannot answer the client's stream " + std::to_string(s) + ": " + err);
        flows.push_back(std::move(f));
    }
    reportFlowKnobs(run, flows, udp);
    env.endpoint->stopListening(); // every flow is here: nothing more may connect
    // Nothing is sent on a flow before the client has read every answer, so
    // no data can follow an answer into the client's line buffer.
    std::string err;
    auto start = env.chan.readLine(kConnectTimeoutMs, &err);
    if (!start)
        return Outcome::fail("peer_lost", "the client did not start its streams: " + err);
    if (!(*start)["start"].asBool())
        return Outcome::fail("peer_failed", "the client sent something else than the start of its streams");
    return {};
}

Outcome connectFlows(TestRun &run, ClientEnv &env, bool udp, std::vector<DataFlow> &flows)
{
    return connectFlows(run, env, udp, flowLayout(run.params()), flows);
}

Outcome connectFlows(TestRun &run, ClientEnv &env, bool udp, const FlowLayout &layout, std::vector<DataFlow> &flows)
{
    const std::string key = keyText(env.key);
    const std::string device = env.source ? env.source->device : std::string();
    flows.clear();
    for (const auto &[s, d] : flowOrder(layout)) {
        DataFlow f;
        f.stream = s;
        f.direction = d;
        std::string err;
        json::Value hello;
        hello["key"] = key;
        hello["stream"] = s;
        hello["direction"] = directionName(d);
        if (udp) {
            SockAddr any;
            parseAddress(env.server.family() == AF_INET6 ? "::" : "0.0.0.0", 0, any);
            f.udp = bindUdp(env.source ? env.source->address : any, &err, device);
            if (!f.udp.valid())
                return Outcome::fail("socket_error", err);
            if (!applySocketKnobs(f.udp.get(), run.params(), false, &err))
                return Outcome::fail("invalid_message", err);
            hello["udp_port"] = localAddress(f.udp.get()).port();
        }
        // A TCP flow's knobs are set before it connects, so an MSS is in the SYN.
        bool knobsRefused = false;
        auto prepare = [&](int fd, std::string *error) {
            knobsRefused = !applySocketKnobs(fd, run.params(), true, error);
            return !knobsRefused;
        };
        f.tcp = connectTcp(env.server, kConnectTimeoutMs, run.stopFlag(), &err,
                           env.source ? &env.source->address : nullptr, device,
                           udp ? std::function<bool(int, std::string *)>() : prepare);
        if (!f.tcp.valid())
            return Outcome::fail(run.stopped()    ? "cancelled"
                                 : knobsRefused ? "invalid_message"
                                                : "connect_failed",
                                 "stream " + std::to_string(s) + ": " + err);
        ControlChannel chan(f.tcp.get(), run.stopFlag());
        if (!chan.sendRaw(env.token + "\n" + json::serialize(hello) + "\n", &err))
            return Outcome::fail("peer_lost", "cannot open stream " + std::to_string(s) + ": " + err);
        auto reply = chan.readLine(kConnectTimeoutMs, &err);
        if (!reply)
            return Outcome::fail("peer_lost", "the serving agent did not accept stream " + std::to_string(s) + ": " + err);
        if (!(*reply)["ok"].asBool())
            return Outcome::fail("peer_failed", "the serving agent refused stream " + std::to_string(s) + ": "
                                                    + (*reply)["error"].asString());
        if (udp) {
            const int64_t port = (*reply)["udp_port"].asInt(0);
            if (port <= 0 || port > 65535)
                return Outcome::fail("peer_failed", "the serving agent gave stream " + std::to_string(s)
                                                        + " no valid udp_port");
            f.peerUdp = env.server;
            f.peerUdp.setPort(static_cast<int>(port));
            if (::connect(f.udp.get(), f.peerUdp.get(), f.peerUdp.length) != 0)
                return Outcome::fail("socket_error", "cannot address the server's UDP port: " + errnoText(errno));
        }
        flows.push_back(std::move(f));
    }
    reportFlowKnobs(run, flows, udp);
    json::Value start;
    start["start"] = true;
    std::string err;
    if (!env.chan.sendLine(start, &err))
        return Outcome::fail("peer_lost", "cannot start the streams: " + err);
    return {};
}

Outcome runFlows(TestRun &run, std::vector<DataFlow> &flows, const std::function<Outcome(DataFlow &)> &body)
{
    std::vector<std::thread> threads;
    threads.reserve(flows.size());
    for (DataFlow &f : flows) {
        threads.emplace_back([&run, &body, &f] {
            Outcome o = body(f);
            if (!o.ok())
                run.abort(o.code, o.message); // the first reason is the one kept
        });
    }
    for (auto &t : threads)
        t.join();
    std::string code, message;
    if (run.aborted(&code, &message))
        return Outcome::fail(code, message);
    return {};
}

void resetFlows(std::vector<DataFlow> &flows)
{
    for (DataFlow &f : flows) {
        if (!f.tcp.valid())
            continue;
        linger l{1, 0};
        ::setsockopt(f.tcp.get(), SOL_SOCKET, SO_LINGER, &l, sizeof l);
    }
}

json::Value mergeStreamEntries(const std::vector<DataFlow> &flows, const json::Value &peerEntries)
{
    json::Array all;
    for (const DataFlow &f : flows)
        all.push_back(f.entry);
    for (const json::Value &e : peerEntries.asArray())
        if (e.isObject())
            all.push_back(e);
    std::stable_sort(all.begin(), all.end(), [](const json::Value &a, const json::Value &b) {
        if (a["stream"].asInt() != b["stream"].asInt())
            return a["stream"].asInt() < b["stream"].asInt();
        return a["direction"].asString() < b["direction"].asString();
    });
    return all;
}

void waitAllAcked(int fd, int timeoutMs, const std::atomic<bool> &stop)
{
    const int64_t deadline = nowNs() + static_cast<int64_t>(timeoutMs) * 1000000;
    while (!stop && nowNs() < deadline) {
        tcp_info info{};
        socklen_t len = sizeof info;
        if (::getsockopt(fd, IPPROTO_TCP, TCP_INFO, &info, &len) != 0
            || len < offsetof(tcp_info, tcpi_notsent_bytes) + sizeof info.tcpi_notsent_bytes)
            return;
        if (info.tcpi_unacked == 0 && info.tcpi_notsent_bytes == 0)
            return;
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
}

bool tcpSocketBytes(int fd, uint64_t *acked, uint64_t *received)
{
    tcp_info info{};
    socklen_t len = sizeof info;
    if (::getsockopt(fd, IPPROTO_TCP, TCP_INFO, &info, &len) != 0
        || len < offsetof(tcp_info, tcpi_bytes_received) + sizeof info.tcpi_bytes_received)
        return false;
    *acked = info.tcpi_bytes_acked;
    *received = info.tcpi_bytes_received;
    return true;
}

} // namespace wb::agent
