// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// How core/run reaches one host's agent: a local agent process, or SSH with
// the lab's host-key policy, credentials and keychain. The plan's
// orchestrator and the host probe open their transports here, so a host is
// reached the same way whichever use case asks. Internal to core/run: the
// front ends never hold a transport.

#include "hostprobe.h"

namespace wb {

class AgentTransport;
struct PlanHost;

// A new transport for the target; the caller owns it (an AgentClient takes it).
AgentTransport *openLabTransport(const ProbeTarget &target, const LabAccess &access);
// A plan's host as a target: its SSH settings, or "local".
ProbeTarget probeTargetOf(const PlanHost &host);

} // namespace wb
