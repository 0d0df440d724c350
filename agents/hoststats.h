// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Host-wide figures a test samples at its start and end: CPU time of the
// whole host from /proc/stat, the agent's own CPU time, and one NIC's
// counters from /sys/class/net/IF/statistics and from its driver (ethtool).

#include "json.h"

#include <cstdint>
#include <iterator>
#include <string>
#include <utility>
#include <vector>

namespace wb::agent {

struct CpuTimes
{
    uint64_t busy = 0;  // jiffies in user, nice, system, irq, softirq, steal
    uint64_t total = 0; // busy + idle + iowait
    bool valid = false;
};

// Reads the aggregate "cpu" line of /proc/stat.
CpuTimes readCpuTimes();

// One CPU's times from its "cpuN" line of /proc/stat, with softirq apart:
// a router saturating one core in softirq is hidden in the host average.
struct CoreTimes
{
    int cpu = -1;
    CpuTimes times;
    uint64_t softirq = 0;
};
// Every "cpuN" line of a /proc/stat text (parsed apart for tests).
std::vector<CoreTimes> parseCoreTimes(const std::string &procStat);
std::vector<CoreTimes> readCoreTimes();

struct CoreLoad
{
    bool valid = false;
    int busiestCpu = -1;
    double busiestPct = 0;  // utilisation of the busiest core, 0..100
    double softirqPct = 0;  // softirq share of all CPU time, 0..100
    json::Value perCore;    // [{cpu, util_pct, softirq_pct}]
};
// The load of each core between two readings (cores in both, by number).
CoreLoad coreLoad(const std::vector<CoreTimes> &before, const std::vector<CoreTimes> &after);
// Whole-host utilisation between two readings, 0..100.
double cpuUtilPct(const CpuTimes &before, const CpuTimes &after);
int onlineCpus();
// CPU seconds (user + system) used by this process so far.
double processCpuSeconds();

// netperf's service demand: CPU microseconds of the whole host (utilisation
// times CPU count times elapsed) per KB (1024 bytes) or per transaction.
double serviceDemandUs(double cpuUtilPct, int cpus, double elapsedS, double units);

// The counters of /sys/class/net/IF/statistics a test keeps, by their
// file names: traffic, then every way the NIC or its driver lost or
// damaged a frame (what `ifconfig` calls errors, dropped, overruns, frame,
// carrier and collisions).
inline constexpr const char *kNicCounterNames[] = {
    "rx_packets",       "tx_packets",      "rx_bytes",        "tx_bytes",
    "rx_errors",        "tx_errors",       "rx_dropped",      "tx_dropped",
    "rx_fifo_errors",   "tx_fifo_errors",  "rx_missed_errors", "rx_crc_errors",
    "rx_frame_errors",  "rx_over_errors",  "tx_carrier_errors", "collisions",
};
inline constexpr size_t kNicCounterCount = std::size(kNicCounterNames);
// From this index on, the counters of frames lost or damaged: each is also
// a metric of its own, named "nic_" + the counter's name.
inline constexpr size_t kNicFaultCountersFrom = 4;

struct NicCounters
{
    std::string interface;
    bool valid = false;                      // rx_packets and tx_packets were read
    uint64_t value[kNicCounterCount] = {};   // by kNicCounterNames
    bool present[kNicCounterCount] = {};     // the driver has this counter

    json::Value toJson() const;
};

NicCounters readNicCounters(const std::string &interface);
// {"rx_packets": after - before, ...} for the counters both readings have.
json::Value nicCounterDelta(const NicCounters &before, const NicCounters &after);

// The driver's own counters, as `ethtool -S` shows them (the SIOCETHTOOL
// ioctl: ETHTOOL_GSSET_INFO, ETHTOOL_GSTRINGS, ETHTOOL_GSTATS). Names are
// the driver's; a driver without them (loopback) gives none, silently.
struct EthtoolStats
{
    std::string interface;
    bool valid = false;
    std::vector<std::pair<std::string, uint64_t>> counters; // in the driver's order
};
// More than any driver reports (a 128-queue NIC has a few thousand); a
// count above it is taken as nonsense, not as a size to allocate.
inline constexpr uint32_t kMaxEthtoolStats = 8192;
inline constexpr size_t kEthtoolNameBytes = 32; // ETH_GSTRING_LEN
// The counters from the ioctls' raw replies: `count` names of
// kEthtoolNameBytes each in `names` (`namesBytes` long) and `valueCount`
// values. Counts that disagree or exceed the buffers or kMaxEthtoolStats
// give invalid stats; a name is cut at its NUL or its 32 bytes, bytes other
// than printable ASCII become '_', an empty one is skipped and a repeated
// one gets "#2", "#3", ... so each stays a distinct JSON key.
EthtoolStats parseEthtoolStats(const std::string &interface, uint32_t count, const char *names, size_t namesBytes,
                               const uint64_t *values, size_t valueCount);
EthtoolStats readEthtoolStats(const std::string &interface);
// {"interface": IF, "counters": {name: after - before}} over the names both
// readings have (signed: a counter reset shows as negative), or null when
// either reading is invalid or they are of different interfaces.
json::Value ethtoolStatsDelta(const EthtoolStats &before, const EthtoolStats &after);

// The interface that owns a local IPv4/IPv6 address given as text, or ""
// when none does (wildcard addresses have none).
std::string interfaceForAddress(const std::string &address);
bool validInterfaceName(const std::string &name);

} // namespace wb::agent
