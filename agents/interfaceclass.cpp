// SPDX-License-Identifier: GPL-3.0-or-later
#include "interfaceclass.h"

#include <fstream>
#include <sys/stat.h>

namespace wb::agent {

namespace {

bool exists(const std::string &path)
{
    struct stat st {};
    return ::stat(path.c_str(), &st) == 0;
}

std::string firstLine(const std::string &path)
{
    std::ifstream in(path);
    std::string s;
    std::getline(in, s);
    return s;
}

// DEVTYPE=... from the interface's uevent file ("bridge", "vlan", "bond", "wlan").
std::string devType(const std::string &dir)
{
    std::ifstream in(dir + "uevent");
    std::string line;
    while (std::getline(in, line))
        if (line.rfind("DEVTYPE=", 0) == 0)
            return line.substr(8);
    return {};
}

bool startsWith(const std::string &s, const char *prefix)
{
    return s.rfind(prefix, 0) == 0;
}

} // namespace

InterfaceClass classifyInterface(const std::string &netDir, const std::string &name)
{
    const std::string dir = netDir + "/" + name + "/";
    InterfaceClass c;
    // ARPHRD_LOOPBACK is 772; "lo" is the loopback whatever its type says.
    if (name == "lo" || firstLine(dir + "type") == "772") {
        c.isVirtual = true;
        c.kind = "loopback";
        return c;
    }
    const std::string type = devType(dir);
    // Kinds the kernel marks itself, checked before the device link: a
    // bridge or bond is virtual even when a driver exposes a device for it.
    if (exists(dir + "bridge") || type == "bridge")
        c.kind = name.rfind("virbr", 0) == 0 ? "virbr" : startsWith(name, "docker") ? "docker" : "bridge";
    else if (exists(dir + "tun_flags"))
        c.kind = "tun";
    else if (exists(dir + "bonding") || type == "bond")
        c.kind = "bond";
    else if (type == "vlan")
        c.kind = "vlan";
    if (!c.kind.empty()) {
        c.isVirtual = true;
        return c;
    }
    // A NIC has a device (PCI, USB, virtio, platform) behind it; a software
    // interface lives under /sys/devices/virtual and has none.
    if (exists(dir + "device"))
        return c;
    c.isVirtual = true;
    static const char *const kPrefixes[] = {"veth", "ifb", "docker", "virbr", "br-", "dummy", "tap", "tun",
                                            "vxlan", "wg", "gre", "sit", "ip6tnl", "tunl", "erspan", "macvlan",
                                            "macvtap", "ipvlan", "vrf", "team", "nlmon", "bond"};
    for (const char *p : kPrefixes) {
        if (startsWith(name, p)) {
            c.kind = p;
            if (c.kind == "br-")
                c.kind = "bridge";
            return c;
        }
    }
    c.kind = "software";
    return c;
}

} // namespace wb::agent
