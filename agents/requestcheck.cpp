// SPDX-License-Identifier: GPL-3.0-or-later
#include "requestcheck.h"

#include "hoststats.h"
#include "netutil.h"

namespace wb::agent {

bool checkTestRequest(const json::Value &request, TestParams &params, std::string *error)
{
    auto bad = [&](std::string msg) {
        *error = std::move(msg);
        return false;
    };
    const std::string &type = request["type"].asString();
    if (type != "serve" && type != "run")
        return bad("'" + type + "' is not a test request");
    if (!request["kind"].isString())
        return bad("field 'kind' of '" + type + "' must be a string");
    const std::string &kind = request["kind"].asString();
    const auto *specs = kindParams(kind);
    if (!specs) {
        std::string list;
        for (const auto &k : kindNames())
            list += (list.empty() ? "" : ", ") + k;
        return bad("unknown test kind '" + kind.substr(0, 64) + "' (known: " + list + ")");
    }
    if (!request["token"].isString() || !isHexToken(request["token"].asString()))
        return bad("field 'token' must be 32 lower-case hex digits");
    const json::Value &port = request["port"];
    if (!port.isNull() && (!port.isInt() || port.asInt() < 0 || port.asInt() > 65535))
        return bad("field 'port' must be an integer from 0 to 65535");
    if (type == "serve") {
        const json::Value &bind = request["bind"];
        if (!bind.isString() || !validIpLiteral(bind.asString()))
            return bad("field 'bind' must be a numeric IP address");
    } else {
        const json::Value &to = request["to"];
        if (!to.isString() || !validIpLiteral(to.asString()))
            return bad("field 'to' must be a numeric IP address");
        if (port.asInt(0) <= 0)
            return bad("field 'port' must be the serving agent's port (1-65535)");
    }
    if (!TestParams::validate(*specs, request["params"], params, error))
        return false;
    if (params.has("interface") && !validInterfaceName(params.text("interface")))
        return bad("params.interface is not a valid interface name");
    return true;
}

} // namespace wb::agent
