// SPDX-License-Identifier: GPL-3.0-or-later
#include "localaddress.h"

#include <arpa/inet.h>
#include <cerrno>
#include <cstring>
#include <ifaddrs.h>
#include <net/if.h>
#include <netinet/in.h>

namespace wb::agent {

namespace {

bool sameIp(const sockaddr *a, const SockAddr &b)
{
    if (a->sa_family != b.family())
        return false;
    if (a->sa_family == AF_INET)
        return reinterpret_cast<const sockaddr_in *>(a)->sin_addr.s_addr
            == reinterpret_cast<const sockaddr_in *>(b.get())->sin_addr.s_addr;
    if (a->sa_family == AF_INET6)
        return std::memcmp(&reinterpret_cast<const sockaddr_in6 *>(a)->sin6_addr,
                           &reinterpret_cast<const sockaddr_in6 *>(b.get())->sin6_addr, sizeof(in6_addr))
            == 0;
    return false;
}

bool isLoopback4(const SockAddr &a)
{
    return a.family() == AF_INET
        && (ntohl(reinterpret_cast<const sockaddr_in *>(a.get())->sin_addr.s_addr) >> 24) == 127;
}

} // namespace

bool isOwnAddress(const SockAddr &addr, const std::string &interface)
{
    ifaddrs *list = nullptr;
    if (::getifaddrs(&list) != 0)
        return false;
    bool found = false;
    for (ifaddrs *i = list; i && !found; i = i->ifa_next) {
        if (!i->ifa_addr || !i->ifa_name)
            continue;
        if (!interface.empty() && interface != i->ifa_name)
            continue;
        found = sameIp(i->ifa_addr, addr);
    }
    ::freeifaddrs(list);
    // Anything in 127/8 lives on lo without being configured one by one.
    if (!found && isLoopback4(addr) && (interface.empty() || interface == "lo"))
        found = true;
    return found;
}

bool interfaceExists(const std::string &interface)
{
    return !interface.empty() && interface.size() < IF_NAMESIZE && ::if_nametoindex(interface.c_str()) != 0;
}

bool interfaceAddress(const std::string &interface, int family, SockAddr &out, std::string *error)
{
    if (!interfaceExists(interface)) {
        *error = "this host has no interface '" + interface + "'";
        return false;
    }
    ifaddrs *list = nullptr;
    if (::getifaddrs(&list) != 0) {
        *error = "cannot list this host's addresses: " + errnoText(errno);
        return false;
    }
    bool found4 = false, found6 = false;
    SockAddr v4, v6;
    for (ifaddrs *i = list; i; i = i->ifa_next) {
        if (!i->ifa_addr || !i->ifa_name || interface != i->ifa_name)
            continue;
        if (i->ifa_addr->sa_family == AF_INET && !found4) {
            std::memcpy(&v4.storage, i->ifa_addr, sizeof(sockaddr_in));
            v4.length = sizeof(sockaddr_in);
            found4 = true;
        } else if (i->ifa_addr->sa_family == AF_INET6 && !found6) {
            const auto *s6 = reinterpret_cast<const sockaddr_in6 *>(i->ifa_addr);
            if (IN6_IS_ADDR_LINKLOCAL(&s6->sin6_addr))
                continue;
            std::memcpy(&v6.storage, i->ifa_addr, sizeof(sockaddr_in6));
            v6.length = sizeof(sockaddr_in6);
            reinterpret_cast<sockaddr_in6 *>(&v6.storage)->sin6_scope_id = 0;
            found6 = true;
        }
    }
    ::freeifaddrs(list);
    if (family == AF_INET ? found4 : family == AF_INET6 ? found6 : (found4 || found6)) {
        out = (family == AF_INET6 || (family == AF_UNSPEC && !found4)) ? v6 : v4;
        out.setPort(0);
        return true;
    }
    *error = "interface '" + interface + "' has no "
        + (family == AF_INET ? std::string("IPv4") : family == AF_INET6 ? std::string("IPv6 (other than link-local)")
                                                                        : std::string("IPv4 or IPv6"))
        + " address";
    return false;
}

bool parseFamily(const std::string &name, int *family)
{
    if (name.empty())
        *family = AF_UNSPEC;
    else if (name == "ipv4")
        *family = AF_INET;
    else if (name == "ipv6")
        *family = AF_INET6;
    else
        return false;
    return true;
}

} // namespace wb::agent
