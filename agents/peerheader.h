// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What a peer agent's opening of a test connection may ask for: the token
// line, then one JSON header naming the kind and its params. Kept apart from
// the sockets so it can be fuzzed on its own (tests/fuzz/fuzz_agentheader.cpp):
// nothing in a header may choose a path, keep or replace a file.

#include "json.h"
#include "testparams.h"

#include <string>
#include <string_view>

namespace wb::agent {

// Parameters a peer's header may never set: where files are read and
// written is the serving agent's business alone (its controller's request,
// or the standalone listener's private directory), so anyone holding a
// test's token still cannot name a path, replace a file or keep one.
inline constexpr const char *kServingOnlyParams[] = {"path", "dest_path", "sink", "keep_file", "overwrite"};
bool isServingOnlyParam(std::string_view name);

inline constexpr size_t kTokenLineBytes = 33; // 32 hex digits and a newline
// True when `line` (what arrived first, at least kTokenLineBytes) is `token`
// and a newline; compares in constant time.
bool tokenLineMatches(std::string_view line, const std::string &token);

struct PeerHeader
{
    std::string kind;
    TestParams params;
};

// Checks a client's header against the serving end: the kind must be known
// (and `expectedKind` unless that is empty, as on the standalone
// listener), the peer's params lose kServingOnlyParams (a standalone peer
// keeps `sink`: devnull or a file in the listener's own directory names no
// path), `overrides` (the serving end's own params) win, and the result
// must validate. On failure *code and *message say why.
bool interpretPeerHeader(const json::Value &header, const std::string &expectedKind, const json::Value &overrides,
                         bool standalone, PeerHeader *out, std::string *code, std::string *message);

} // namespace wb::agent
