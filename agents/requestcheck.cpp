// SPDX-License-Identifier: GPL-3.0-or-later
#include "requestcheck.h"

#include "cpuaffinity.h"
#include "hoststats.h"
#include "localaddress.h"
#include "netutil.h"
#include "socketknobs.h"

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
    // Where the data sockets go: a numeric address of this host (checked
    // against its own addresses when the test opens them), or none: the
    // address of params.interface, or the wildcard.
    const json::Value &bind = request["bind"];
    if (!bind.isNull() && (!bind.isString() || !validIpLiteral(bind.asString())))
        return bad("field 'bind' must be a numeric IP address of this host, or empty");
    const json::Value &device = request["bind_device"];
    if (!device.isNull() && !device.isBool())
        return bad("field 'bind_device' must be true or false");
    if (type == "serve") {
        const json::Value &family = request["family"];
        int f = 0;
        if (!family.isNull() && (!family.isString() || !parseFamily(family.asString(), &f)))
            return bad("field 'family' must be \"ipv4\" or \"ipv6\"");
        const json::Value &low = request["port_min"];
        const json::Value &high = request["port_max"];
        if (!low.isNull() || !high.isNull()) {
            if (!low.isInt() || !high.isInt() || low.asInt() < 1 || high.asInt() > 65535 || low.asInt() > high.asInt())
                return bad("fields 'port_min' and 'port_max' must be given together, 1 <= port_min <= port_max <= 65535");
            if (port.asInt(0) != 0 && (port.asInt() < low.asInt() || port.asInt() > high.asInt()))
                return bad("field 'port' must be 0 or inside port_min..port_max");
        }
    } else {
        const json::Value &to = request["to"];
        if (!to.isString() || !validIpLiteral(to.asString()) || to.asString().empty())
            return bad("field 'to' must be a numeric IP address");
        if (port.asInt(0) <= 0)
            return bad("field 'port' must be the serving agent's port (1-65535)");
    }
    if (!TestParams::validate(*specs, request["params"], params, error))
        return false;
    if (params.has("interface") && !validInterfaceName(params.text("interface")))
        return bad("params.interface is not a valid interface name");
    // Refused here, before any socket of the test exists, with the host's list.
    if (params.has("congestion_control") && !checkCongestionControl(params.text("congestion_control"), error))
        return false;
    // The CPU of this end only: the other end's is checked on its own host.
    const char *cpuField = affinityField(type == "run");
    if (params.has(cpuField) && !checkAffinityCpu(cpuField, params.integer(cpuField), error))
        return false;
    if (device.asBool(false) && !params.has("interface"))
        return bad("field 'bind_device' needs params.interface (the device to bind to)");
    return true;
}

} // namespace wb::agent
