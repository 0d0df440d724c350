// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The "sysinfo" request: what the host is and what its NICs are (kernel,
// CPU, memory; per interface driver, firmware, bus address, link, MTU, MAC,
// addresses and offloads), read from /proc, /sys and the ethtool ioctl,
// without root where the kernel allows it.

#include "json.h"

namespace wb::agent {

json::Value collectSysinfo();

} // namespace wb::agent
