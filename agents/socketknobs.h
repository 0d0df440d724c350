// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The TCP and IP knobs a test may set on its data sockets: congestion_control
// (TCP_CONGESTION), mss_bytes (TCP_MAXSEG), nodelay (TCP_NODELAY) and tos
// (IP_TOS, or IPV6_TCLASS on an IPv6 socket), and what the kernel reports it
// applied, so a record says cubic or bbr rather than what was asked for.
// Both ends set them; the serving end has them from the client's header. An
// MSS goes into the SYN, so the running end sets the knobs before connect():
// set later it changes nothing, and the recorded value shows that.

#include "json.h"
#include "testparams.h"

#include <string>

namespace wb::agent {

// Sets on `fd` each knob `params` has. `tcp` false (a datagram socket): only
// tos. A congestion control the kernel refuses is an error that names the
// field and lists the host's available ones.
bool applySocketKnobs(int fd, const TestParams &params, bool tcp, std::string *error);

// The knobs as getsockopt reports them: congestion_control, mss_bytes,
// nodelay and tos (a datagram socket: tos only).
json::Value appliedSocketKnobs(int fd, bool tcp);

// /proc/sys/net/ipv4/tcp_available_congestion_control, as the kernel writes
// it (space separated), or empty when it cannot be read.
std::string availableCongestionControls();

// Whether this host can set congestion control `name`, tried on a scratch
// socket (as root the kernel may load a module for it); false with the same
// error as applySocketKnobs.
bool checkCongestionControl(const std::string &name, std::string *error);

} // namespace wb::agent
