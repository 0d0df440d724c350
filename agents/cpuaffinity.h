// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// CPU affinity per end of a test (netperf -T): `client_cpu` on the running
// end, `server_cpu` on the serving end. The test's worker thread is pinned
// with sched_setaffinity before it opens its sockets, so every thread it
// starts afterwards (the flows of a multi-stream test, the interval
// sampler) inherits the same single CPU. What the kernel then reports is
// recorded in extra.cpu_affinity, so a record says where it ran.

#include "json.h"
#include "testparams.h"

#include <string>

namespace wb::agent {

// The field of this end: "client_cpu" or "server_cpu".
const char *affinityField(bool client);

// Whether this host has CPU `cpu` and lets the agent run on it; the error
// names the field and says how many CPUs the host has.
bool checkAffinityCpu(const char *field, int64_t cpu, std::string *error);

// Pins the calling thread to the CPU `params` names for this end (nothing
// when it names none). On success `applied` is
// {"field":..,"cpu":n,"allowed":[..]} as sched_getaffinity reports it.
bool applyCpuAffinity(const TestParams &params, bool client, json::Value *applied, std::string *error);

// Adds "ran_on_cpu" (sched_getcpu of the calling thread) to `applied`.
void noteCurrentCpu(json::Value &applied);

} // namespace wb::agent
