// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// This host's own addresses, from the kernel (getifaddrs). The controller
// names a NIC; the agent finds its address here and binds only what is its
// own: a bind address a peer sends must be one of these (or the wildcard),
// so no request can make the agent bind or send from an address that is not
// this host's.

#include "netutil.h"

#include <string>

namespace wb::agent {

// Whether `addr` is an address of this host (127/8 counts as lo's), and,
// when `interface` is given, an address of that interface.
bool isOwnAddress(const SockAddr &addr, const std::string &interface);
// Whether this host has an interface of that name.
bool interfaceExists(const std::string &interface);
// The first address of `interface` of `family` (AF_INET, AF_INET6, or
// AF_UNSPEC: IPv4 when it has one, else IPv6). IPv6 link-local addresses
// are skipped (they need a scope the peer cannot know). Port 0.
bool interfaceAddress(const std::string &interface, int family, SockAddr &out, std::string *error);
// "ipv4" / "ipv6" / "" as AF_INET / AF_INET6 / AF_UNSPEC; false for anything else.
bool parseFamily(const std::string &name, int *family);

} // namespace wb::agent
