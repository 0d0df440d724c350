// SPDX-License-Identifier: GPL-3.0-or-later
#include "testendpoint.h"

#include "clock.h"
#include "cpuaffinity.h"
#include "hoststats.h"
#include "localaddress.h"
#include "socketknobs.h"

#include <cerrno>
#include <cstdlib>
#include <net/if.h>
#include <algorithm>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <vector>

namespace wb::agent {

bool ServingEndpoint::open(const std::string &bind, int port, bool udp, std::string *error)
{
    SockAddr addr;
    if (!parseAddress(bind, port, addr)) {
        *error = "'" + bind + "' is not a numeric IPv4 or IPv6 address";
        return false;
    }
    m_listen = listenTcp(addr, error);
    if (!m_listen.valid())
        return false;
    if (udp) {
        SockAddr u = addr;
        u.setPort(localAddress(m_listen.get()).port()); // same number when free
        m_udp = bindUdp(u, error);
        if (!m_udp.valid()) {
            u.setPort(0);
            m_udp = bindUdp(u, error);
            if (!m_udp.valid())
                return false;
        }
    }
    return true;
}

bool resolveServeBinding(const std::string &bind, int family, const std::string &interface, bool device,
                         DataBinding &out, std::string *error)
{
    out = {};
    if (device)
        out.device = interface;
    if (!interface.empty() && !interfaceExists(interface)) {
        *error = "this host has no interface '" + interface + "'";
        return false;
    }
    if (!bind.empty()) {
        if (!parseAddress(bind, 0, out.address)) {
            *error = "'" + bind + "' is not a numeric IPv4 or IPv6 address";
            return false;
        }
        if ((family == AF_INET || family == AF_INET6) && out.address.family() != family) {
            *error = "the bind address " + bind + " is not of the family asked for";
            return false;
        }
        if (out.address.isLinkLocal6() && out.address.scopeId() == 0) {
            if (interface.empty()) {
                *error = "the bind address " + bind + " is link-local: give its zone (" + bind
                    + "%eth0) or params.interface";
                return false;
            }
            out.address.setScopeId(::if_nametoindex(interface.c_str()));
        }
        // The wildcard means every address of this host, and no interface.
        static const std::string any4 = "0.0.0.0", any6 = "::";
        if (bind == any4 || bind == any6) {
            if (!interface.empty()) {
                *error = "a wildcard bind address does not stay on interface '" + interface + "'; name no address";
                return false;
            }
            out.wildcard = true;
            return true;
        }
        if (!isOwnAddress(out.address, interface)) {
            *error = bind + " is not an address of " + (interface.empty() ? "this host" : "interface " + interface)
                + "; the agent binds only its own addresses";
            return false;
        }
        return true;
    }
    if (!interface.empty())
        return interfaceAddress(interface, family, out.address, error);
    parseAddress(family == AF_INET6 ? "::" : "0.0.0.0", 0, out.address);
    out.wildcard = true;
    return true;
}

bool resolveClientBinding(const std::string &bind, const SockAddr &to, const std::string &interface, bool device,
                          DataBinding &out, bool *bound, std::string *error)
{
    out = {};
    *bound = false;
    if (device)
        out.device = interface;
    if (!bind.empty()) {
        if (!parseAddress(bind, 0, out.address) || out.address.family() != to.family()) {
            *error = "the source address " + bind + " is not a numeric address of the server's family";
            return false;
        }
        if (!isOwnAddress(out.address, interface)) {
            *error = bind + " is not an address of " + (interface.empty() ? "this host" : "interface " + interface)
                + "; the agent sends only from its own addresses";
            return false;
        }
        *bound = true;
        return true;
    }
    if (interface.empty())
        return true;
    // A link-local server is reached through the zone the interface gives
    // it; the kernel picks that interface's own link-local source.
    if (to.isLinkLocal6())
        return true;
    // The named NIC's address of the server's family: traffic leaves by it.
    if (!interfaceAddress(interface, to.family(), out.address, error))
        return false;
    *bound = true;
    return true;
}

bool ServingEndpoint::open(const DataBinding &b, int port, int portMin, int portMax, bool udp, std::string *error)
{
    const bool range = portMin > 0 && port == 0;
    const int first = range ? portMin : port;
    const int last = range ? portMax : port;
    for (int p = first; p <= last; ++p) {
        SockAddr addr = b.address;
        addr.setPort(p);
        int bindErr = 0;
        m_listen = listenTcp(addr, error, b.device, &bindErr);
        if (!m_listen.valid()) {
            if (range && bindErr == EADDRINUSE)
                continue;
            return false;
        }
        if (!udp)
            return true;
        SockAddr u = addr;
        u.setPort(localAddress(m_listen.get()).port()); // the same number
        m_udp = bindUdp(u, error, b.device, &bindErr);
        if (m_udp.valid())
            return true;
        if (!range) {
            // No range: any free UDP port will do.
            if (bindErr != EADDRINUSE)
                return false;
            u.setPort(0);
            m_udp = bindUdp(u, error, b.device);
            if (!m_udp.valid())
                m_listen.reset();
            return m_udp.valid();
        }
        m_listen.reset();
        if (bindErr != EADDRINUSE)
            return false;
    }
    *error = "every port from " + std::to_string(portMin) + " to " + std::to_string(portMax) + " on "
        + b.address.host() + " is in use (the host's data port range)";
    return false;
}

std::string ServingEndpoint::address() const
{
    return m_listen.valid() ? localAddress(m_listen.get()).host() : std::string();
}

int ServingEndpoint::port() const
{
    return m_listen.valid() ? localAddress(m_listen.get()).port() : 0;
}

int ServingEndpoint::udpPort() const
{
    return m_udp.valid() ? localAddress(m_udp.get()).port() : 0;
}

void ServingEndpoint::close()
{
    m_listen.reset();
    m_udp.reset();
    m_pending.clear();
}

void ServingEndpoint::stopListening()
{
    if (m_keepListening)
        return;
    m_listen.reset(); // the listener exists only until its test's connections arrive
    m_rejected += static_cast<int>(m_pending.size());
    m_pending.clear();
}

Outcome ServingEndpoint::acceptClient(const std::string &token, double idleTimeoutS, const std::atomic<bool> &stop,
                                      Fd &conn)
{
    // Every connection that has not yet shown the token waits here side by
    // side with its own deadline, so a few silent ones cannot hold the port
    // while the real client queues behind them.
    std::vector<Pending> &pending = m_pending;
    if (!m_listen.valid())
        return Outcome::fail("internal_error", "the test's listener is already closed");
    const int64_t deadline = nowNs() + static_cast<int64_t>(idleTimeoutS * 1e9);
    for (;;) {
        const int64_t now = nowNs();
        if (stop)
            return Outcome::fail("cancelled", "stopped before a client connected");
        if (now >= deadline)
            return Outcome::fail("idle_timeout", "no client presented the test token within "
                                                     + std::to_string(idleTimeoutS) + " s");
        for (auto it = pending.begin(); it != pending.end();) {
            if (now >= it->deadlineNs) {
                ++m_rejected; // silent too long
                it = pending.erase(it);
            } else {
                ++it;
            }
        }
        std::vector<pollfd> fds;
        fds.push_back({m_listen.get(), POLLIN, 0});
        int64_t wake = std::min<int64_t>(deadline, now + 100000000); // stop flag every 100 ms
        for (const auto &p : pending) {
            fds.push_back({p.fd.get(), POLLIN, 0});
            wake = std::min(wake, p.deadlineNs);
        }
        const int r = ::poll(fds.data(), fds.size(), static_cast<int>(std::max<int64_t>(0, (wake - now) / 1000000)));
        if (r < 0 && errno != EINTR)
            return Outcome::fail("socket_error", "waiting for clients failed: " + errnoText(errno));
        if (r <= 0)
            continue;
        // Connections first: index 0 is the listener and may add to `pending`.
        for (size_t i = fds.size(); i-- > 1;) {
            if (!fds[i].revents)
                continue;
            Pending &p = pending[i - 1];
            char buf[kTokenLineBytes];
            const ssize_t n = ::recv(p.fd.get(), buf, kTokenLineBytes - p.got.size(), MSG_DONTWAIT);
            if (n < 0 && (errno == EAGAIN || errno == EINTR))
                continue;
            if (n > 0)
                p.got.append(buf, static_cast<size_t>(n));
            if (n > 0 && p.got.size() < kTokenLineBytes)
                continue;
            if (n <= 0 || !tokenLineMatches(p.got, token)) {
                ++m_rejected; // dropped unread beyond the token
                pending.erase(pending.begin() + static_cast<std::ptrdiff_t>(i - 1));
                continue;
            }
            conn = std::move(p.fd);
            pending.erase(pending.begin() + static_cast<std::ptrdiff_t>(i - 1));
            return {};
        }
        if (fds[0].revents & POLLIN) {
            Fd c(::accept4(m_listen.get(), nullptr, nullptr, SOCK_CLOEXEC));
            if (!c.valid())
                continue;
            if (pending.size() >= kMaxPendingConnections) {
                ++m_rejected; // the oldest gives way: it has had the longest to speak
                pending.erase(pending.begin());
            }
            pending.push_back({std::move(c), nowNs() + static_cast<int64_t>(kTokenTimeoutMs) * 1000000, {}});
        }
    }
}

Outcome serveTest(TestRun &run, const std::string &expectedKind, const json::Value &overrides, Fd &conn, Fd &udp,
                  std::string *kindOut, const ServePolicy &policy, ServingEndpoint *endpoint, const std::string &token)
{
    // The listener is kept only while the header is read (bounded) and, for
    // a test with flows of its own, until they are in; never past the test.
    struct Closer
    {
        ServingEndpoint *e;
        ~Closer()
        {
            if (e)
                e->stopListening();
        }
    } closer{endpoint};
    ControlChannel chan(conn.get(), run.stopFlag());
    std::string err;
    auto header = chan.readLine(kConnectTimeoutMs, &err);
    auto refuse = [&](std::string code, std::string msg) {
        json::Value r;
        r["ok"] = false;
        r["error"] = msg;
        std::string ignored;
        chan.sendLine(r, &ignored);
        return Outcome::fail(std::move(code), std::move(msg));
    };
    if (!header)
        return Outcome::fail("peer_failed", "no test header from the client: " + err);
    if (kindOut)
        *kindOut = (*header)["kind"].asString();
    PeerHeader peer;
    std::string code, why;
    if (!interpretPeerHeader(*header, expectedKind, overrides, policy.standalone, &peer, &code, &why))
        return refuse(code, why);
    const std::string &kind = peer.kind;
    auto impl = makeTestKind(kind);
    if (!impl)
        return refuse("invalid_message", "unknown test kind '" + kind + "'");
    if (expectedKind.empty())
        run.setKind(kind);
    const TestParams &params = peer.params;
    run.setParams(params);
    // Pinned before any socket or thread of the test exists (cpuaffinity.h).
    json::Value affinity;
    if (!applyCpuAffinity(params, false, &affinity, &err))
        return refuse("invalid_message", err);
    if (affinity.isObject())
        run.extra()["cpu_affinity"] = affinity;

    ServerEnv env{chan, udp};
    if (endpoint && impl->acceptsDataConnections(params)) {
        env.endpoint = endpoint;
        env.token = token;
    } else if (endpoint) {
        endpoint->stopListening();
    }
    env.header = *header;
    env.standalone = policy.standalone;
    env.privateDir = policy.privateDir;
    env.privateDirError = policy.privateDirError;
    const auto key = randomKey(&err);
    if (!key)
        return refuse("internal_error", err);
    env.key = *key;
    const SockAddr local = localAddress(conn.get());
    env.bindHost = local.host();
    env.interface = params.has("interface") ? params.text("interface") : interfaceForAddress(env.bindHost);
    if (impl->usesUdp()) {
        if (!udp.valid()) {
            SockAddr u = local;
            u.setPort(0);
            udp = bindUdp(u, &err);
            if (!udp.valid())
                return refuse("socket_error", err);
        }
        const int64_t p = (*header)["udp_port"].asInt(-1);
        if (p <= 0 || p > 65535)
            return refuse("invalid_message", "the client's header has no valid udp_port");
        env.clientUdp = peerAddress(conn.get());
        env.clientUdp.setPort(static_cast<int>(p));
    }
    if (impl->opensConnections()) {
        if (policy.listener < 0)
            return refuse("internal_error", "kind '" + kind + "' needs its listener, and it is closed");
        env.listener = policy.listener; // the kind sets the knobs on each connection
    } else {
        // The data socket's knobs, as the client asked in its header.
        const bool tcp = !impl->usesUdp();
        const int dataFd = tcp ? conn.get() : udp.get();
        if (!applySocketKnobs(dataFd, params, tcp, &err))
            return refuse("invalid_message", err);
        run.extra()["socket_options"] = appliedSocketKnobs(dataFd, tcp);
    }
    Outcome out = impl->serve(run, env);
    if (!out.ok()) {
        json::Value r;
        if (!env.okSent)
            r["ok"] = false;
        r["error"] = out.message;
        std::string ignored;
        chan.sendLine(r, &ignored);
    }
    return out;
}

Outcome runClientTest(TestRun &run, const std::string &to, int port, const std::string &token,
                      const DataBinding *source)
{
    SockAddr server;
    if (!parseAddress(to, port, server) || to.empty())
        return Outcome::fail("invalid_message", "'" + to + "' is not a numeric IPv4 or IPv6 address");
    auto impl = makeTestKind(run.kind());
    if (!impl)
        return Outcome::fail("invalid_message", "unknown test kind '" + run.kind() + "'");
    json::Value header;
    header["kind"] = run.kind();
    header["params"] = run.params().values();
    header["version"] = 1;
    Outcome prep = impl->prepareClient(run, header);
    if (!prep.ok())
        return prep;
    std::string err;
    json::Value affinity;
    if (!applyCpuAffinity(run.params(), true, &affinity, &err))
        return Outcome::fail("invalid_message", err);
    if (affinity.isObject())
        run.extra()["cpu_affinity"] = affinity;
    Fd udp;
    const std::string device = source ? source->device : std::string();
    if (impl->usesUdp()) {
        SockAddr any;
        parseAddress(server.family() == AF_INET6 ? "::" : "0.0.0.0", 0, any);
        udp = bindUdp(source ? source->address : any, &err, device);
        if (!udp.valid())
            return Outcome::fail("socket_error", err);
        header["udp_port"] = localAddress(udp.get()).port();
        if (!applySocketKnobs(udp.get(), run.params(), false, &err))
            return Outcome::fail("invalid_message", err);
        run.extra()["socket_options"] = appliedSocketKnobs(udp.get(), false);
    }
    // A kind whose data goes on this connection has its knobs set before it
    // connects, so an MSS is in the SYN; tcp_crr sets them per connection.
    const bool knobsHere = !impl->usesUdp() && !impl->opensConnections();
    bool knobsRefused = false;
    auto prepare = [&](int fd, std::string *error) {
        knobsRefused = !applySocketKnobs(fd, run.params(), true, error);
        return !knobsRefused;
    };
    Fd conn = connectTcp(server, kConnectTimeoutMs, run.stopFlag(), &err, source ? &source->address : nullptr, device,
                         knobsHere ? std::function<bool(int, std::string *)>(prepare) : nullptr);
    if (!conn.valid())
        return Outcome::fail(run.stopped() ? "cancelled" : knobsRefused ? "invalid_message" : "connect_failed", err);
    if (knobsHere)
        run.extra()["socket_options"] = appliedSocketKnobs(conn.get(), true);
    ControlChannel chan(conn.get(), run.stopFlag());
    if (!chan.sendRaw(token + "\n" + json::serialize(header) + "\n", &err))
        return Outcome::fail("peer_lost", "cannot send the test header: " + err);
    auto reply = chan.readLine(10000, &err);
    if (!reply)
        return Outcome::fail("peer_lost", "the serving agent did not accept the test (wrong token, or it is gone): "
                                              + err);
    if (!(*reply)["ok"].asBool())
        return Outcome::fail("peer_failed", "the serving agent refused the test: " + (*reply)["error"].asString());
    ClientEnv env{chan, udp};
    env.server = server;
    env.token = token;
    env.source = source;
    env.okReply = *reply;
    env.key = std::strtoull((*reply)["key"].asString().c_str(), nullptr, 16);
    if (impl->usesUdp()) {
        env.serverUdp = server;
        env.serverUdp.setPort(static_cast<int>((*reply)["udp_port"].asInt(0)));
        if (::connect(udp.get(), env.serverUdp.get(), env.serverUdp.length) != 0)
            return Outcome::fail("socket_error", "cannot address the server's UDP port: " + errnoText(errno));
    }
    env.interface = run.params().has("interface") ? run.params().text("interface")
                                                  : interfaceForAddress(localAddress(conn.get()).host());
    Outcome out = impl->run(run, env);
    if (run.extra().contains("cpu_affinity"))
        noteCurrentCpu(run.extra()["cpu_affinity"]);
    if (!out.ok()) {
        // Reset rather than close: a plain FIN would look to the serving end
        // like the normal end of a TCP test, and it would report success.
        linger l{1, 0};
        ::setsockopt(conn.get(), SOL_SOCKET, SO_LINGER, &l, sizeof l);
    }
    return out;
}

} // namespace wb::agent
