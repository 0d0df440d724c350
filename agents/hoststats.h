// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Host-wide figures a test samples at its start and end: CPU time of the
// whole host from /proc/stat, the agent's own CPU time, and one NIC's
// counters from /sys/class/net/IF/statistics.

#include "json.h"

#include <cstdint>
#include <string>

namespace wb::agent {

struct CpuTimes
{
    uint64_t busy = 0;  // jiffies in user, nice, system, irq, softirq, steal
    uint64_t total = 0; // busy + idle + iowait
    bool valid = false;
};

// Reads the aggregate "cpu" line of /proc/stat.
CpuTimes readCpuTimes();
// Whole-host utilisation between two readings, 0..100.
double cpuUtilPct(const CpuTimes &before, const CpuTimes &after);
int onlineCpus();
// CPU seconds (user + system) used by this process so far.
double processCpuSeconds();

// netperf's service demand: CPU microseconds of the whole host (utilisation
// times CPU count times elapsed) per KB (1024 bytes) or per transaction.
double serviceDemandUs(double cpuUtilPct, int cpus, double elapsedS, double units);

struct NicCounters
{
    std::string interface;
    bool valid = false;
    uint64_t rxPackets = 0, txPackets = 0, rxBytes = 0, txBytes = 0;
    uint64_t rxErrors = 0, txErrors = 0, rxDropped = 0, txDropped = 0;

    json::Value toJson() const;
};

NicCounters readNicCounters(const std::string &interface);
// {"rx_packets": after - before, ...} for the counters both readings have.
json::Value nicCounterDelta(const NicCounters &before, const NicCounters &after);

// The interface that owns a local IPv4/IPv6 address given as text, or ""
// when none does (wildcard addresses have none).
std::string interfaceForAddress(const std::string &address);
bool validInterfaceName(const std::string &name);

} // namespace wb::agent
