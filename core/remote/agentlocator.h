// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Finds the agent program this controller runs locally and deploys to hosts:
// WIREBENCH_AGENT if set, else the installed copy under ../libexec/wirebench
// (the one the package ships with this version), else beside the running
// program (a build tree).

#include <QString>

namespace wb {

QString locateAgent();

} // namespace wb
