// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Whether a network interface is a NIC a lab can cable up or a software
// interface of the kernel (loopback, veth, bridge, tun/tap, ifb, docker,
// bond, VLAN, dummy, ...), read from its /sys/class/net directory. This is
// the one place Wirebench decides it: the agent reports the verdict in its
// sysinfo and the controller's discovery only reads it. A paravirtual NIC
// of a virtual machine (virtio_net, vmxnet3) has a device and counts as a
// NIC: it is the machine's cable to the outside.

#include <string>

namespace wb::agent {

struct InterfaceClass
{
    bool isVirtual = false;
    std::string kind; // empty for a NIC; "loopback", "veth", "bridge", "tun", ...
};

// netDir: the /sys/class/net directory to read (tests pass a fake tree).
InterfaceClass classifyInterface(const std::string &netDir, const std::string &name);

} // namespace wb::agent
