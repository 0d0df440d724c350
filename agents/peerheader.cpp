// SPDX-License-Identifier: GPL-3.0-or-later
#include "peerheader.h"

#include "netutil.h"

namespace wb::agent {

bool isServingOnlyParam(std::string_view name)
{
    for (const char *n : kServingOnlyParams)
        if (name == n)
            return true;
    return false;
}

bool tokenLineMatches(std::string_view line, const std::string &token)
{
    if (line.size() < kTokenLineBytes || token.size() != kTokenLineBytes - 1)
        return false;
    return tokensEqual(std::string(line.substr(0, 32)), token) && line[32] == '\n';
}

bool interpretPeerHeader(const json::Value &header, const std::string &expectedKind, const json::Value &overrides,
                         bool standalone, PeerHeader *out, std::string *code, std::string *message)
{
    auto fail = [&](const char *c, std::string m) {
        *code = c;
        *message = std::move(m);
        return false;
    };
    if (!header.isObject())
        return fail("invalid_message", "the client's header is not a JSON object");
    if (!header["kind"].isString())
        return fail("invalid_message", "the client's header names no kind");
    const std::string kind = header["kind"].asString();
    if (!expectedKind.empty() && kind != expectedKind)
        return fail("peer_failed", "the client asked for '" + kind.substr(0, 64) + "' but this end serves '"
                                       + expectedKind + "'");
    const auto *specs = kindParams(kind);
    if (!specs)
        return fail("invalid_message", "unknown test kind '" + kind.substr(0, 64) + "'");
    if (!header["params"].isNull() && !header["params"].isObject())
        return fail("invalid_message", "the client's params are not an object");
    json::Value merged = json::Object{};
    for (const auto &[k, v] : header["params"].asObject()) {
        if (isServingOnlyParam(k) && !(k == "sink" && standalone))
            continue;
        merged[k] = v;
    }
    for (const auto &[k, v] : overrides.asObject())
        merged[k] = v;
    std::string err;
    if (!TestParams::validate(*specs, merged, out->params, &err))
        return fail("invalid_message", err);
    out->kind = kind;
    return true;
}

} // namespace wb::agent
