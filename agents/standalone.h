// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The agent without a controller, like netserver and netperf:
// `wirebench-agent listen` serves tests one after another on a fixed port,
// `wirebench-agent run KIND --to HOST[:PORT]` runs one and prints a table
// (or the JSON record). Same test code, same record as under the protocol.

#include <string>

namespace wb::agent {

int standaloneListen(int argc, char **argv); // argv[0] is "listen"
int standaloneRun(int argc, char **argv);    // argv[0] is "run"
void printStandaloneUsage(const char *to);

inline constexpr int kDefaultStandalonePort = 12866;
// Where both ends find the token when no --token-file is given. Never argv:
// every user of a host can read every process's command line.
inline constexpr const char *kTokenEnvironment = "WIREBENCH_TOKEN";

// Reads a token from the first line of `path` (surrounding blanks dropped).
bool readTokenFile(const std::string &path, std::string *token, std::string *error);
// A token both ends may use: 32 lower-case hex digits, not all zero (the
// old built-in default, which anyone could present).
bool acceptableToken(const std::string &token, std::string *error);

} // namespace wb::agent
