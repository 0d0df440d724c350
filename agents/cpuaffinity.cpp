// SPDX-License-Identifier: GPL-3.0-or-later
#include "cpuaffinity.h"

#include "netutil.h"

#include <cerrno>
#include <sched.h>
#include <unistd.h>

namespace wb::agent {

namespace {

std::string cpuList(const cpu_set_t &set)
{
    std::string s;
    for (int i = 0; i < CPU_SETSIZE; ++i)
        if (CPU_ISSET(i, &set))
            s += (s.empty() ? "" : ",") + std::to_string(i);
    return s;
}

} // namespace

const char *affinityField(bool client)
{
    return client ? "client_cpu" : "server_cpu";
}

bool checkAffinityCpu(const char *field, int64_t cpu, std::string *error)
{
    const long configured = ::sysconf(_SC_NPROCESSORS_CONF);
    const std::string where = std::string("params.") + field;
    if (configured > 0 && cpu >= configured) {
        *error = where + ": this host has no CPU " + std::to_string(cpu) + " (it has " + std::to_string(configured)
                 + (configured == 1 ? " CPU, 0" : " CPUs, 0 to " + std::to_string(configured - 1)) + ")";
        return false;
    }
    cpu_set_t allowed;
    CPU_ZERO(&allowed);
    if (::sched_getaffinity(0, sizeof allowed, &allowed) == 0 && cpu < CPU_SETSIZE && !CPU_ISSET(cpu, &allowed)) {
        *error = where + ": CPU " + std::to_string(cpu) + " is offline or not allowed to the agent (of this host's "
                 + std::to_string(configured) + " CPUs it may use " + cpuList(allowed) + ")";
        return false;
    }
    return true;
}

bool applyCpuAffinity(const TestParams &params, bool client, json::Value *applied, std::string *error)
{
    const char *field = affinityField(client);
    if (!params.has(field))
        return true;
    const int64_t cpu = params.integer(field);
    if (!checkAffinityCpu(field, cpu, error))
        return false;
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(static_cast<int>(cpu), &set);
    if (::sched_setaffinity(0, sizeof set, &set) != 0) { // 0: the calling thread
        *error = std::string("cannot pin the test to CPU ") + std::to_string(cpu) + " (params." + field
                 + "): " + errnoText(errno);
        return false;
    }
    json::Value a;
    a["field"] = std::string(field);
    a["cpu"] = cpu;
    json::Value &list = a["allowed"];
    list.mutableArray();
    cpu_set_t now;
    CPU_ZERO(&now);
    if (::sched_getaffinity(0, sizeof now, &now) == 0)
        for (int i = 0; i < CPU_SETSIZE; ++i)
            if (CPU_ISSET(i, &now))
                list.mutableArray().emplace_back(static_cast<int64_t>(i));
    *applied = a;
    return true;
}

void noteCurrentCpu(json::Value &applied)
{
    if (applied.isObject())
        applied["ran_on_cpu"] = ::sched_getcpu();
}

} // namespace wb::agent
