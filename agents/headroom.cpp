// SPDX-License-Identifier: GPL-3.0-or-later
#include "headroom.h"

#include "clock.h"

#include <algorithm>
#include <map>
#include <mutex>

#include <pthread.h>
#include <sched.h>
#include <time.h>
#include <unistd.h>

namespace wb::agent {

namespace {

// The loops' CPU time: the clocks of the loops that run, and what the
// loops that ended had used (so the figure never goes back).
struct ProbeLedger
{
    std::mutex mutex;
    std::multimap<int, clockid_t> live;   // cpu -> thread CPU clock
    std::map<int, uint64_t> retiredNs;    // cpu -> CPU ns of ended loops
};

ProbeLedger &ledger()
{
    static ProbeLedger l;
    return l;
}

uint64_t clockNs(clockid_t clock)
{
    timespec ts{};
    if (::clock_gettime(clock, &ts) != 0)
        return 0;
    return static_cast<uint64_t>(ts.tv_sec) * 1000000000ULL + static_cast<uint64_t>(ts.tv_nsec);
}

uint64_t probeNs(int cpu)
{
    ProbeLedger &l = ledger();
    std::lock_guard lock(l.mutex);
    uint64_t ns = 0;
    for (const auto &[c, used] : l.retiredNs)
        if (cpu < 0 || c == cpu)
            ns += used;
    for (const auto &[c, clock] : l.live)
        if (cpu < 0 || c == cpu)
            ns += clockNs(clock);
    return ns;
}

// A fixed unit of work the compiler cannot drop.
inline uint64_t spin(uint64_t x)
{
    for (int i = 0; i < 256; ++i)
        x = x * 6364136223846793005ULL + 1442695040888963407ULL;
    return x;
}

} // namespace

uint64_t probeTicks(int cpu)
{
    static const long hz = ::sysconf(_SC_CLK_TCK);
    return probeNs(cpu) * static_cast<uint64_t>(hz > 0 ? hz : 100) / 1000000000ULL;
}

double probeCpuSeconds()
{
    return static_cast<double>(probeNs(-1)) / 1e9;
}

HeadroomProbe::~HeadroomProbe()
{
    stop();
}

bool HeadroomProbe::start(std::string *error)
{
    cpu_set_t allowed;
    CPU_ZERO(&allowed);
    if (::sched_getaffinity(0, sizeof(allowed), &allowed) != 0) {
        *error = "cannot read the CPUs this agent may use";
        return false;
    }
    m_quit = false;
    for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu) {
        if (!CPU_ISSET(cpu, &allowed))
            continue;
        auto loop = std::make_unique<Loop>();
        loop->cpu = cpu;
        Loop *self = loop.get();
        loop->thread = std::thread([this, self] {
            cpu_set_t one;
            CPU_ZERO(&one);
            CPU_SET(self->cpu, &one);
            if (::pthread_setaffinity_np(::pthread_self(), sizeof(one), &one) != 0)
                return; // no loop on this CPU: its rate stays 0 and it is left out
            sched_param idle{};
            ::pthread_setschedparam(::pthread_self(), SCHED_IDLE, &idle);
            clockid_t clock{};
            const bool clocked = ::pthread_getcpuclockid(::pthread_self(), &clock) == 0;
            ProbeLedger &l = ledger();
            std::multimap<int, clockid_t>::iterator entry;
            if (clocked) {
                std::lock_guard lock(l.mutex);
                entry = l.live.emplace(self->cpu, clock);
                self->clock = clock;
                self->clocked.store(true, std::memory_order_release);
            }
            uint64_t x = static_cast<uint64_t>(self->cpu) + 1;
            while (!m_quit.load(std::memory_order_relaxed)) {
                x = spin(x);
                self->count.fetch_add(1, std::memory_order_relaxed);
            }
            if (clocked) {
                std::lock_guard lock(l.mutex);
                l.retiredNs[self->cpu] += clockNs(clock);
                l.live.erase(entry);
            }
            asm volatile("" : : "r"(x));
        });
        m_cpus.push_back(cpu);
        m_loops.push_back(std::move(loop));
    }
    if (m_loops.empty()) {
        *error = "no CPU to run the headroom loops on";
        return false;
    }
    return true;
}

void HeadroomProbe::stop()
{
    m_quit = true;
    for (auto &loop : m_loops)
        if (loop->thread.joinable())
            loop->thread.join();
}

HeadroomProbe::Reading HeadroomProbe::read() const
{
    Reading r;
    r.ns = nowNs();
    for (const auto &loop : m_loops) {
        r.loops.push_back(loop->count.load(std::memory_order_relaxed));
        r.cpuNs.push_back(loop->clocked.load(std::memory_order_acquire) ? clockNs(loop->clock) : 0);
    }
    return r;
}

std::vector<double> HeadroomProbe::speeds(const Reading &from, const Reading &to)
{
    constexpr uint64_t kMinCpuNs = 2000000; // less than 2 ms of CPU is no speed
    std::vector<double> out;
    for (size_t i = 0; i < to.loops.size() && i < from.loops.size(); ++i) {
        const uint64_t cpu = to.cpuNs[i] > from.cpuNs[i] ? to.cpuNs[i] - from.cpuNs[i] : 0;
        out.push_back(cpu >= kMinCpuNs ? static_cast<double>(to.loops[i] - from.loops[i]) * 1e9 / static_cast<double>(cpu)
                                       : 0.0);
    }
    return out;
}

HeadroomFigures headroomFigures(const std::vector<int> &cpus, const HeadroomProbe::Reading &from,
                                const HeadroomProbe::Reading &to, const std::vector<double> &referenceSpeeds)
{
    HeadroomFigures f;
    f.perCpu = json::Array{};
    const double wallS = static_cast<double>(to.ns - from.ns) / 1e9;
    double sum = 0;
    size_t n = 0;
    for (size_t i = 0; i < cpus.size() && i < to.loops.size() && i < from.loops.size() && i < referenceSpeeds.size();
         ++i) {
        if (referenceSpeeds[i] <= 0 || wallS <= 0)
            continue; // the loop never had this CPU: no reference for it
        const double loops = static_cast<double>(to.loops[i] - from.loops[i]);
        const double pct = std::clamp(100.0 * loops / (referenceSpeeds[i] * wallS), 0.0, 100.0);
        json::Value c;
        c["cpu"] = cpus[i];
        c["headroom_pct"] = pct;
        c["loops"] = loops;
        c["loops_per_cpu_s"] = referenceSpeeds[i];
        f.perCpu.mutableArray().push_back(std::move(c));
        f.lowestPct = n == 0 ? pct : std::min(f.lowestPct, pct);
        sum += pct;
        ++n;
    }
    if (n > 0) {
        f.valid = true;
        f.hostPct = sum / static_cast<double>(n);
    }
    return f;
}

} // namespace wb::agent
