// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The agent without a controller, like netserver and netperf:
// `wirebench-agent listen` serves tests one after another on a fixed port,
// `wirebench-agent run KIND --to HOST[:PORT]` runs one and prints a table
// (or the JSON record). Same test code, same record as under the protocol.

namespace wb::agent {

int standaloneListen(int argc, char **argv); // argv[0] is "listen"
int standaloneRun(int argc, char **argv);    // argv[0] is "run"
void printStandaloneUsage(const char *to);

inline constexpr int kDefaultStandalonePort = 12866;
// Both ends use this token unless --token is given: a standalone listener is
// as open as netserver to whoever can reach its port.
inline constexpr const char *kDefaultStandaloneToken = "00000000000000000000000000000000";

} // namespace wb::agent
