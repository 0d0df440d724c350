// SPDX-License-Identifier: GPL-3.0-or-later
#include "socketknobs.h"

#include "netutil.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <netinet/in.h>
#include <netinet/ip.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <unistd.h>

namespace wb::agent {

namespace {

constexpr size_t kCongestionNameMax = 16; // TCP_CA_NAME_MAX, with its NUL

std::string congestionError(const std::string &name, int err)
{
    std::string list = availableCongestionControls();
    std::string msg = "params.congestion_control: '" + name.substr(0, 64) + "' is not available on this host";
    if (err && err != ENOENT) // ENOENT is the kernel's "no such algorithm": said already
        msg += " (" + errnoText(err) + ")";
    return msg + "; it has: " + (list.empty() ? std::string("(cannot read tcp_available_congestion_control)") : list);
}

bool plausibleName(const std::string &name)
{
    if (name.empty() || name.size() >= kCongestionNameMax)
        return false;
    for (const char c : name)
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-'))
            return false;
    return true;
}

bool setInt(int fd, int level, int option, int value)
{
    return ::setsockopt(fd, level, option, &value, sizeof value) == 0;
}

int getInt(int fd, int level, int option)
{
    int v = -1;
    socklen_t len = sizeof v;
    if (::getsockopt(fd, level, option, &v, &len) != 0)
        return -1;
    return v;
}

bool isIpv6(int fd)
{
    return getInt(fd, SOL_SOCKET, SO_DOMAIN) == AF_INET6;
}

} // namespace

std::string availableCongestionControls()
{
    std::FILE *f = std::fopen("/proc/sys/net/ipv4/tcp_available_congestion_control", "re");
    if (!f)
        return {};
    char buf[512] = {};
    const size_t n = std::fread(buf, 1, sizeof buf - 1, f);
    std::fclose(f);
    std::string s(buf, n);
    while (!s.empty() && (s.back() == '\n' || s.back() == ' '))
        s.pop_back();
    return s;
}

bool checkCongestionControl(const std::string &name, std::string *error)
{
    if (!plausibleName(name)) {
        *error = congestionError(name, 0);
        return false;
    }
    Fd probe(::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0));
    if (!probe.valid())
        probe = Fd(::socket(AF_INET6, SOCK_STREAM | SOCK_CLOEXEC, 0));
    if (!probe.valid()) {
        *error = "cannot create a TCP socket to try params.congestion_control: " + errnoText(errno);
        return false;
    }
    if (::setsockopt(probe.get(), IPPROTO_TCP, TCP_CONGESTION, name.data(), static_cast<socklen_t>(name.size())) != 0) {
        *error = congestionError(name, errno);
        return false;
    }
    return true;
}

bool applySocketKnobs(int fd, const TestParams &p, bool tcp, std::string *error)
{
    if (p.has("tos")) {
        const int tos = static_cast<int>(p.integer("tos"));
        const bool v6 = isIpv6(fd);
        if (!setInt(fd, v6 ? IPPROTO_IPV6 : IPPROTO_IP, v6 ? IPV6_TCLASS : IP_TOS, tos)) {
            *error = "cannot set params.tos " + std::to_string(tos) + ": " + errnoText(errno);
            return false;
        }
    }
    if (!tcp)
        return true;
    if (p.has("congestion_control")) {
        const std::string &name = p.text("congestion_control");
        if (!plausibleName(name)) {
            *error = congestionError(name, 0);
            return false;
        }
        if (::setsockopt(fd, IPPROTO_TCP, TCP_CONGESTION, name.data(), static_cast<socklen_t>(name.size())) != 0) {
            *error = congestionError(name, errno);
            return false;
        }
    }
    if (p.has("mss_bytes") && !setInt(fd, IPPROTO_TCP, TCP_MAXSEG, static_cast<int>(p.integer("mss_bytes")))) {
        *error = "cannot set params.mss_bytes " + std::to_string(p.integer("mss_bytes")) + ": " + errnoText(errno);
        return false;
    }
    // A new socket has Nagle on, so only "on" needs a call.
    if (p.flag("nodelay") && !setInt(fd, IPPROTO_TCP, TCP_NODELAY, 1)) {
        *error = "cannot set params.nodelay: " + errnoText(errno);
        return false;
    }
    return true;
}

json::Value appliedSocketKnobs(int fd, bool tcp)
{
    json::Value v = json::Object{};
    const bool v6 = isIpv6(fd);
    v["tos"] = getInt(fd, v6 ? IPPROTO_IPV6 : IPPROTO_IP, v6 ? IPV6_TCLASS : IP_TOS);
    if (!tcp)
        return v;
    char name[kCongestionNameMax] = {};
    socklen_t len = sizeof name;
    if (::getsockopt(fd, IPPROTO_TCP, TCP_CONGESTION, name, &len) == 0)
        v["congestion_control"] = std::string(name, ::strnlen(name, len));
    v["mss_bytes"] = getInt(fd, IPPROTO_TCP, TCP_MAXSEG);
    v["nodelay"] = getInt(fd, IPPROTO_TCP, TCP_NODELAY) > 0;
    return v;
}

} // namespace wb::agent
