// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The CPU a device under test has left while traffic crosses it, measured
// the way Olsson timed a loop on his routers: one busy loop per CPU the
// agent may use, pinned to it at SCHED_IDLE priority, so it only runs when
// nothing else wants that CPU. Its loop count during the test against what
// it does with the CPU to itself is the share of the CPU that was left.
//
// The loops' own CPU time is not the device's load: while a probe runs,
// readCpuTimes(), readCoreTimes() and processCpuSeconds() leave it out.

#include "json.h"

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <thread>
#include <vector>

namespace wb::agent {

class HeadroomProbe
{
public:
    HeadroomProbe() = default;
    ~HeadroomProbe();
    HeadroomProbe(const HeadroomProbe &) = delete;
    HeadroomProbe &operator=(const HeadroomProbe &) = delete;

    // Starts the loops; false with the reason when the host refuses.
    bool start(std::string *error);
    void stop();

    // Loop counts per CPU at one moment, and the CPU time each loop had.
    struct Reading
    {
        int64_t ns = 0;
        std::vector<uint64_t> loops;
        std::vector<uint64_t> cpuNs;
    };
    Reading read() const;

    // Each loop's speed between two readings: loops per second of CPU time
    // it had (0 where it had almost none).
    static std::vector<double> speeds(const Reading &from, const Reading &to);

    // The CPU numbers the loops run on, in the order of Reading::loops.
    const std::vector<int> &cpus() const { return m_cpus; }

private:
    struct Loop
    {
        int cpu = -1;
        std::atomic<uint64_t> count{0};
        std::atomic<bool> clocked{false};
        clockid_t clock{};
        std::thread thread;
    };
    std::vector<int> m_cpus;
    std::vector<std::unique_ptr<Loop>> m_loops;
    std::atomic<bool> m_quit{false};
};

// The figures of one monitor. A loop's share of the test window is the
// loops it did there against what it does in a whole second of CPU (its
// fastest speed: in the window, or in the idle slices after it), so a CPU
// the loop had to itself reads 100 % and a saturated one near 0 %, and a
// loop slowed by the traffic's cache misses counts as less headroom too.
struct HeadroomFigures
{
    bool valid = false;
    double hostPct = 0;   // mean over the CPUs, 0..100
    double lowestPct = 0; // the CPU with the least left
    json::Value perCpu;   // [{cpu, headroom_pct, loops, loops_per_cpu_s}]
};
HeadroomFigures headroomFigures(const std::vector<int> &cpus, const HeadroomProbe::Reading &from,
                                const HeadroomProbe::Reading &to, const std::vector<double> &referenceSpeeds);

// CPU time, in clock ticks, that the running probes' loops have used on
// `cpu` (-1: on all CPUs); what the host's CPU readings leave out.
uint64_t probeTicks(int cpu);
// The same in seconds, for the agent's own CPU time.
double probeCpuSeconds();

} // namespace wb::agent
