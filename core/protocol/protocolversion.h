// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The agent protocol's version, declared once for both programs: the
// controller (core/protocol) and wirebench-agent (agents/, plain C++ without
// Qt) include this header. docs/agent-protocol.md says when it changes.

namespace wb {

inline constexpr int kAgentProtocolVersion = 1;

} // namespace wb
