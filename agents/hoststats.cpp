// SPDX-License-Identifier: GPL-3.0-or-later
#include "hoststats.h"

#include "headroom.h"

#include <algorithm>
#include <arpa/inet.h>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <ifaddrs.h>
#include <net/if.h>
#include <netinet/in.h>
#include <sys/resource.h>
#include <unistd.h>

namespace wb::agent {

CpuTimes readCpuTimes()
{
    CpuTimes t;
    FILE *f = std::fopen("/proc/stat", "re");
    if (!f)
        return t;
    unsigned long long v[10] = {};
    const int n = std::fscanf(f, "cpu %llu %llu %llu %llu %llu %llu %llu %llu %llu %llu",
                              &v[0], &v[1], &v[2], &v[3], &v[4], &v[5], &v[6], &v[7], &v[8], &v[9]);
    std::fclose(f);
    if (n < 4)
        return t;
    // user nice system idle iowait irq softirq steal (guest is inside user)
    t.busy = v[0] + v[1] + v[2] + v[5] + v[6] + v[7];
    t.total = t.busy + v[3] + v[4];
    t.busy -= std::min(t.busy, probeTicks(-1)); // the headroom loops soak up idle time
    t.valid = true;
    return t;
}

std::vector<CoreTimes> parseCoreTimes(const std::string &procStat)
{
    std::vector<CoreTimes> cores;
    size_t pos = 0;
    while (pos < procStat.size()) {
        size_t eol = procStat.find('\n', pos);
        if (eol == std::string::npos)
            eol = procStat.size();
        const std::string line = procStat.substr(pos, eol - pos);
        pos = eol + 1;
        int cpu = -1;
        unsigned long long v[8] = {};
        if (line.size() < 4 || line.compare(0, 3, "cpu") != 0 || line[3] < '0' || line[3] > '9')
            continue; // not a core (the aggregate "cpu  ..." line has a space there)
        // "cpuN user nice system idle iowait irq softirq steal ..."; the aggregate "cpu " line has no N.
        if (std::sscanf(line.c_str(), "cpu%d %llu %llu %llu %llu %llu %llu %llu %llu", &cpu, &v[0], &v[1], &v[2],
                        &v[3], &v[4], &v[5], &v[6], &v[7]) < 5
            || cpu < 0)
            continue;
        CoreTimes c;
        c.cpu = cpu;
        c.times.busy = v[0] + v[1] + v[2] + v[5] + v[6] + v[7];
        c.times.total = c.times.busy + v[3] + v[4];
        c.times.valid = true;
        c.softirq = v[6];
        cores.push_back(c);
    }
    return cores;
}

std::vector<CoreTimes> readCoreTimes()
{
    std::ifstream in("/proc/stat");
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::vector<CoreTimes> cores = parseCoreTimes(text);
    for (CoreTimes &c : cores)
        c.times.busy -= std::min(c.times.busy, probeTicks(c.cpu));
    return cores;
}

CoreLoad coreLoad(const std::vector<CoreTimes> &before, const std::vector<CoreTimes> &after)
{
    CoreLoad load;
    load.perCore = json::Array{};
    uint64_t softirq = 0, total = 0;
    for (const CoreTimes &a : after) {
        for (const CoreTimes &b : before) {
            if (b.cpu != a.cpu || a.times.total <= b.times.total || a.softirq < b.softirq)
                continue;
            const double pct = cpuUtilPct(b.times, a.times);
            const uint64_t span = a.times.total - b.times.total;
            const double soft = 100.0 * static_cast<double>(a.softirq - b.softirq) / static_cast<double>(span);
            json::Value core;
            core["cpu"] = a.cpu;
            core["util_pct"] = pct;
            core["softirq_pct"] = soft > 100 ? 100.0 : soft;
            load.perCore.mutableArray().push_back(std::move(core));
            softirq += a.softirq - b.softirq;
            total += span;
            if (!load.valid || pct > load.busiestPct) {
                load.busiestPct = pct;
                load.busiestCpu = a.cpu;
            }
            load.valid = true;
        }
    }
    if (total > 0)
        load.softirqPct = std::min(100.0, 100.0 * static_cast<double>(softirq) / static_cast<double>(total));
    return load;
}

double cpuUtilPct(const CpuTimes &before, const CpuTimes &after)
{
    if (!before.valid || !after.valid || after.total <= before.total)
        return 0.0;
    const double busy = static_cast<double>(after.busy - before.busy);
    const double total = static_cast<double>(after.total - before.total);
    const double pct = 100.0 * busy / total;
    return pct < 0 ? 0 : (pct > 100 ? 100 : pct);
}

int onlineCpus()
{
    const long n = ::sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 ? static_cast<int>(n) : 1;
}

double processCpuSeconds()
{
    rusage ru{};
    if (::getrusage(RUSAGE_SELF, &ru) != 0)
        return 0.0;
    const double used = static_cast<double>(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec)
                        + static_cast<double>(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
    return std::max(0.0, used - probeCpuSeconds());
}

double serviceDemandUs(double utilPct, int cpus, double elapsedS, double units)
{
    if (units <= 0 || elapsedS <= 0)
        return 0.0;
    return utilPct / 100.0 * cpus * elapsedS * 1e6 / units;
}

json::Value NicCounters::toJson() const
{
    json::Value v;
    v["interface"] = interface;
    if (!valid)
        return v;
    for (size_t i = 0; i < kNicCounterCount; ++i)
        if (present[i])
            v[kNicCounterNames[i]] = value[i];
    return v;
}

bool validInterfaceName(const std::string &name)
{
    if (name.empty() || name.size() > 15 || name[0] == '-' || name == "." || name == "..")
        return false;
    for (char c : name) {
        const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                        || c == '_' || c == '.' || c == ':' || c == '@' || c == '-';
        if (!ok)
            return false;
    }
    return true;
}

namespace {
bool readCounter(const std::string &dir, const char *name, uint64_t &out)
{
    std::ifstream in(dir + name);
    unsigned long long v = 0;
    if (!(in >> v))
        return false;
    out = v;
    return true;
}
} // namespace

NicCounters readNicCounters(const std::string &interface)
{
    NicCounters c;
    c.interface = interface;
    if (!validInterfaceName(interface))
        return c;
    const std::string dir = "/sys/class/net/" + interface + "/statistics/";
    for (size_t i = 0; i < kNicCounterCount; ++i)
        c.present[i] = readCounter(dir, kNicCounterNames[i], c.value[i]);
    c.valid = c.present[0] && c.present[1];
    return c;
}

json::Value nicCounterDelta(const NicCounters &before, const NicCounters &after)
{
    json::Value v;
    v["interface"] = after.interface;
    if (!before.valid || !after.valid || before.interface != after.interface)
        return v;
    for (size_t i = 0; i < kNicCounterCount; ++i)
        if (before.present[i] && after.present[i])
            v[kNicCounterNames[i]] = static_cast<long long>(after.value[i] - before.value[i]);
    return v;
}

std::string interfaceForAddress(const std::string &address)
{
    in6_addr a6{};
    in_addr a4{};
    const bool is4 = ::inet_pton(AF_INET, address.c_str(), &a4) == 1;
    const bool is6 = !is4 && ::inet_pton(AF_INET6, address.c_str(), &a6) == 1;
    if (!is4 && !is6)
        return {};
    ifaddrs *list = nullptr;
    if (::getifaddrs(&list) != 0)
        return {};
    std::string found;
    for (ifaddrs *i = list; i && found.empty(); i = i->ifa_next) {
        if (!i->ifa_addr)
            continue;
        if (is4 && i->ifa_addr->sa_family == AF_INET) {
            const auto *s = reinterpret_cast<const sockaddr_in *>(i->ifa_addr);
            if (s->sin_addr.s_addr == a4.s_addr)
                found = i->ifa_name;
        } else if (is6 && i->ifa_addr->sa_family == AF_INET6) {
            const auto *s = reinterpret_cast<const sockaddr_in6 *>(i->ifa_addr);
            if (std::memcmp(&s->sin6_addr, &a6, sizeof a6) == 0)
                found = i->ifa_name;
        }
    }
    ::freeifaddrs(list);
    // Anything in 127/8 that is not configured explicitly still lives on lo.
    if (found.empty() && is4 && (ntohl(a4.s_addr) >> 24) == 127)
        found = "lo";
    return found;
}

} // namespace wb::agent
