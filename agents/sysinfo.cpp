// SPDX-License-Identifier: GPL-3.0-or-later
#include "sysinfo.h"

#include "hoststats.h"
#include "interfaceclass.h"
#include "netutil.h"
#include "session.h"

#include <arpa/inet.h>
#include <cstdlib>
#include <cstring>
#include <map>
#include <dirent.h>
#include <fstream>
#include <ifaddrs.h>
#include <linux/ethtool.h>
#include <linux/sockios.h>
#include <net/if.h>
#include <netinet/in.h>
#include <sys/ioctl.h>
#include <sys/utsname.h>
#include <unistd.h>

namespace wb::agent {

namespace {

std::string readLine(const std::string &path)
{
    std::ifstream in(path);
    std::string s;
    std::getline(in, s);
    return s;
}

std::string cpuModel()
{
    std::ifstream in("/proc/cpuinfo");
    std::string line;
    while (std::getline(in, line)) {
        if (line.rfind("model name", 0) == 0) {
            const auto colon = line.find(':');
            return colon == std::string::npos ? std::string() : line.substr(colon + 2);
        }
    }
    return {};
}

long long memTotalBytes()
{
    std::ifstream in("/proc/meminfo");
    std::string key;
    long long kb = 0;
    std::string unit;
    while (in >> key >> kb >> unit)
        if (key == "MemTotal:")
            return kb * 1024;
    return 0;
}

void ethtoolInfo(int sock, const std::string &name, json::Value &nic)
{
    ifreq ifr{};
    std::strncpy(ifr.ifr_name, name.c_str(), IFNAMSIZ - 1);
    ethtool_drvinfo info{};
    info.cmd = ETHTOOL_GDRVINFO;
    ifr.ifr_data = reinterpret_cast<char *>(&info);
    if (::ioctl(sock, SIOCETHTOOL, &ifr) == 0) {
        nic["driver"] = std::string(info.driver);
        nic["driver_version"] = std::string(info.version);
        nic["firmware"] = std::string(info.fw_version);
        nic["bus"] = std::string(info.bus_info);
    }
    struct Offload
    {
        const char *name;
        uint32_t cmd;
    };
    static const Offload kOffloads[] = {
        {"rx_checksum", ETHTOOL_GRXCSUM}, {"tx_checksum", ETHTOOL_GTXCSUM}, {"scatter_gather", ETHTOOL_GSG},
        {"tso", ETHTOOL_GTSO},           {"gso", ETHTOOL_GGSO},            {"gro", ETHTOOL_GGRO},
    };
    json::Value offloads = json::Object{};
    for (const auto &o : kOffloads) {
        ethtool_value v{};
        v.cmd = o.cmd;
        ifr.ifr_data = reinterpret_cast<char *>(&v);
        if (::ioctl(sock, SIOCETHTOOL, &ifr) == 0)
            offloads[o.name] = v.data != 0;
    }
    nic["offloads"] = offloads;
}

} // namespace

json::Value collectSysinfo()
{
    json::Value r;
    utsname u{};
    if (::uname(&u) == 0) {
        r["kernel"] = std::string(u.sysname) + " " + u.release;
        r["kernel_version"] = std::string(u.version);
        r["arch"] = std::string(u.machine);
    }
    r["host"] = hostName();
    r["cpu_model"] = cpuModel();
    r["cpus"] = onlineCpus();
    r["memory_bytes"] = memTotalBytes();

    std::map<std::string, json::Value> nics;
    if (DIR *d = ::opendir("/sys/class/net")) {
        while (dirent *e = ::readdir(d)) {
            const std::string name = e->d_name;
            if (name == "." || name == ".." || !validInterfaceName(name))
                continue;
            const std::string base = "/sys/class/net/" + name + "/";
            json::Value nic;
            nic["name"] = name;
            nic["mac"] = readLine(base + "address");
            nic["mtu"] = std::atoll(readLine(base + "mtu").c_str());
            nic["operstate"] = readLine(base + "operstate");
            const std::string speed = readLine(base + "speed");
            if (!speed.empty() && speed[0] != '-')
                nic["speed_mbps"] = std::atoll(speed.c_str());
            const std::string duplex = readLine(base + "duplex");
            if (!duplex.empty())
                nic["duplex"] = duplex;
            char link[512] = {};
            const ssize_t n = ::readlink((base + "device/driver").c_str(), link, sizeof link - 1);
            if (n > 0) {
                std::string target(link, static_cast<size_t>(n));
                nic["driver"] = target.substr(target.rfind('/') + 1);
            }
            const InterfaceClass cls = classifyInterface("/sys/class/net", name);
            nic["virtual"] = cls.isVirtual;
            if (cls.isVirtual)
                nic["virtual_kind"] = cls.kind;
            nic["addresses"] = json::Array{};
            nics[name] = nic;
        }
        ::closedir(d);
    }
    Fd sock(::socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0));
    for (auto &[name, nic] : nics) {
        if (sock.valid())
            ethtoolInfo(sock.get(), name, nic);
        // A software interface with no telling name: its driver says what it is (veth, ifb, ...).
        const json::Value &facts = nic; // const: reading must not insert members
        if (facts["virtual"].asBool() && facts["virtual_kind"].asString() == "software" &&
            !facts["driver"].asString().empty())
            nic["virtual_kind"] = facts["driver"].asString();
    }
    ifaddrs *list = nullptr;
    if (::getifaddrs(&list) == 0) {
        for (ifaddrs *i = list; i; i = i->ifa_next) {
            if (!i->ifa_addr || !nics.count(i->ifa_name))
                continue;
            char buf[INET6_ADDRSTRLEN] = {};
            if (i->ifa_addr->sa_family == AF_INET)
                ::inet_ntop(AF_INET, &reinterpret_cast<sockaddr_in *>(i->ifa_addr)->sin_addr, buf, sizeof buf);
            else if (i->ifa_addr->sa_family == AF_INET6)
                ::inet_ntop(AF_INET6, &reinterpret_cast<sockaddr_in6 *>(i->ifa_addr)->sin6_addr, buf, sizeof buf);
            else
                continue;
            nics[i->ifa_name]["addresses"].mutableArray().emplace_back(std::string(buf));
        }
        ::freeifaddrs(list);
    }
    json::Array arr;
    for (auto &[name, nic] : nics)
        arr.push_back(nic);
    r["interfaces"] = arr;
    return r;
}

} // namespace wb::agent
