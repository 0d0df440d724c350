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
#include <linux/ethtool.h>
#include <linux/sockios.h>
#include <net/if.h>
#include <netinet/in.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>
#include <unordered_map>
#include <unordered_set>

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

EthtoolStats parseEthtoolStats(const std::string &interface, uint32_t count, const char *names, size_t namesBytes,
                               const uint64_t *values, size_t valueCount)
{
    EthtoolStats st;
    st.interface = interface;
    if (count > kMaxEthtoolStats || count > valueCount || static_cast<size_t>(count) * kEthtoolNameBytes > namesBytes
        || (count > 0 && (!names || !values)))
        return st;
    st.counters.reserve(count);
    std::unordered_set<std::string> seen;
    for (uint32_t i = 0; i < count; ++i) {
        const char *raw = names + static_cast<size_t>(i) * kEthtoolNameBytes;
        std::string name;
        for (size_t k = 0; k < kEthtoolNameBytes && raw[k] != '\0'; ++k)
            name += raw[k] > ' ' && raw[k] < 0x7f ? raw[k] : '_';
        if (name.empty())
            continue;
        // Drivers repeat names (one per queue without the queue's number).
        const std::string base = name;
        for (int n = 2; seen.contains(name); ++n)
            name = base + "#" + std::to_string(n);
        seen.insert(name);
        st.counters.emplace_back(std::move(name), values[i]);
    }
    st.valid = true;
    return st;
}

EthtoolStats readEthtoolStats(const std::string &interface)
{
    EthtoolStats none;
    none.interface = interface;
    if (!validInterfaceName(interface))
        return none;
    const int fd = ::socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    if (fd < 0)
        return none;
    auto ethtool = [&](void *data) {
        ifreq ifr{};
        std::memcpy(ifr.ifr_name, interface.c_str(), interface.size()); // at most 15 bytes, checked above
        ifr.ifr_data = static_cast<char *>(data);
        return ::ioctl(fd, SIOCETHTOOL, &ifr) == 0;
    };
    // How many: a driver without ETH_SS_STATS clears its bit (loopback), an
    // old kernel refuses the command; either way there is nothing to read.
    uint64_t ssetBuf[3] = {}; // ethtool_sset_info and the one count asked for
    auto *sset = reinterpret_cast<ethtool_sset_info *>(ssetBuf);
    sset->cmd = ETHTOOL_GSSET_INFO;
    sset->sset_mask = 1ULL << ETH_SS_STATS;
    const bool counted = ethtool(sset) && (sset->sset_mask & (1ULL << ETH_SS_STATS));
    const uint32_t count = counted ? sset->data[0] : 0;
    if (count == 0 || count > kMaxEthtoolStats) {
        ::close(fd);
        return none;
    }
    // The kernel fills as many entries as the driver has at the moment of
    // each call, whatever length is asked for: both buffers hold the most
    // this reader accepts, and replies of different lengths are refused.
    std::vector<uint64_t> nameBuf((sizeof(ethtool_gstrings) + kMaxEthtoolStats * kEthtoolNameBytes) / 8 + 1);
    auto *gs = reinterpret_cast<ethtool_gstrings *>(nameBuf.data());
    gs->cmd = ETHTOOL_GSTRINGS;
    gs->string_set = ETH_SS_STATS;
    gs->len = count;
    std::vector<uint64_t> valueBuf(sizeof(ethtool_stats) / 8 + kMaxEthtoolStats + 1);
    auto *gv = reinterpret_cast<ethtool_stats *>(valueBuf.data());
    gv->cmd = ETHTOOL_GSTATS;
    gv->n_stats = count;
    const bool ok = ethtool(gs) && ethtool(gv);
    ::close(fd);
    if (!ok || gs->len != gv->n_stats)
        return none;
    return parseEthtoolStats(interface, gs->len, reinterpret_cast<const char *>(gs->data),
                             kMaxEthtoolStats * kEthtoolNameBytes, valueBuf.data() + sizeof(ethtool_stats) / 8,
                             kMaxEthtoolStats);
}

json::Value ethtoolStatsDelta(const EthtoolStats &before, const EthtoolStats &after)
{
    if (!before.valid || !after.valid || before.interface != after.interface)
        return {};
    std::unordered_map<std::string, uint64_t> was;
    for (const auto &[name, b] : before.counters)
        was.emplace(name, b);
    json::Value counters = json::Object{};
    for (const auto &[name, a] : after.counters)
        if (const auto it = was.find(name); it != was.end())
            counters[name] = static_cast<long long>(a - it->second);
    json::Value v;
    v["interface"] = after.interface;
    v["counters"] = std::move(counters);
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
