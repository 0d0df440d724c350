// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Validation of the controller's test requests ("serve", "run") as a pure
// function: every field checked, the params filled with defaults, nothing
// opened or started. The agent's handlers and the fuzz target share it.

#include "json.h"
#include "testparams.h"

#include <string>

namespace wb::agent {

// Returns false with a message naming the offending field.
bool checkTestRequest(const json::Value &request, TestParams &params, std::string *error);

} // namespace wb::agent
