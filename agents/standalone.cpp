// SPDX-License-Identifier: GPL-3.0-or-later
#include "standalone.h"

#include "netutil.h"
#include "testendpoint.h"
#include "testkind.h"
#include "testrun.h"

#include <atomic>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

namespace wb::agent {

namespace {

bool needValue(int &i, int argc, char **argv, std::string *value)
{
    if (i + 1 >= argc) {
        std::fprintf(stderr, "wirebench-agent: option %s needs a value\n", argv[i]);
        return false;
    }
    *value = argv[++i];
    return true;
}

// A command-line value as JSON: numbers and true/false as such, else a string.
json::Value cliValue(const std::string &text)
{
    if (text == "true")
        return true;
    if (text == "false")
        return false;
    char *end = nullptr;
    const double d = std::strtod(text.c_str(), &end);
    if (!text.empty() && end && *end == '\0' && std::isfinite(d)) {
        if (d == std::floor(d) && std::fabs(d) < 9e15)
            return static_cast<long long>(d);
        return d;
    }
    return text;
}

std::string formatValue(double v)
{
    char buf[64];
    if (v != 0 && (std::fabs(v) >= 1e9 || std::fabs(v) < 1e-3))
        std::snprintf(buf, sizeof buf, "%.4g", v);
    else if (v == std::floor(v))
        std::snprintf(buf, sizeof buf, "%.0f", v);
    else
        std::snprintf(buf, sizeof buf, "%.3f", v);
    return buf;
}

void printTable(const json::Value &record, const std::string &to)
{
    std::printf("WIREBENCH %s to %s", record["kind"].asString().c_str(), to.c_str());
    for (const auto &[k, v] : record["params"].asObject())
        std::printf(" %s=%s", k.c_str(), json::serialize(v).c_str());
    std::printf("\n\n%-28s %16s %16s %16s  %s\n", "metric", "client", "server", "test", "unit");
    std::vector<std::string> names;
    for (const auto &m : record["metrics"].asArray()) {
        const std::string &n = m["name"].asString();
        bool seen = false;
        for (const auto &x : names)
            seen = seen || x == n;
        if (!seen)
            names.push_back(n);
    }
    for (const auto &name : names) {
        std::string cells[3] = {"", "", ""};
        std::string unit;
        for (const auto &m : record["metrics"].asArray()) {
            if (m["name"].asString() != name)
                continue;
            const std::string &side = m["side"].asString();
            double v = m["value"].asDouble();
            unit = m["unit"].asString();
            if (name == "throughput_bps") {
                v /= 1e6; // netperf's 10^6 bits/sec
                unit = "10^6bit/s";
            }
            cells[side == "client" ? 0 : side == "server" ? 1 : 2] = formatValue(v);
        }
        std::printf("%-28s %16s %16s %16s  %s\n", name.c_str(), cells[0].c_str(), cells[1].c_str(), cells[2].c_str(),
                    unit.c_str());
    }
}

bool splitHostPort(const std::string &text, std::string *host, int *port)
{
    // [v6]:port, v4:port, or a bare address.
    if (!text.empty() && text[0] == '[') {
        const auto close = text.find(']');
        if (close == std::string::npos)
            return false;
        *host = text.substr(1, close - 1);
        if (close + 1 < text.size()) {
            if (text[close + 1] != ':')
                return false;
            *port = std::atoi(text.c_str() + close + 2);
        }
        return true;
    }
    const auto colon = text.find(':');
    if (colon != std::string::npos && text.find(':', colon + 1) == std::string::npos) {
        *host = text.substr(0, colon);
        *port = std::atoi(text.c_str() + colon + 1);
        return true;
    }
    *host = text;
    return true;
}

} // namespace

void printStandaloneUsage(const char *to)
{
    std::fprintf(to == std::string_view("stdout") ? stdout : stderr,
                 "Standalone (without the workbench, like netserver/netperf):\n"
                 "  wirebench-agent listen [--port N] [--bind ADDR] [--token HEX] [--once] [--json]\n"
                 "      serve tests one after another (default port %d, all addresses)\n"
                 "  wirebench-agent run KIND --to HOST[:PORT] [options] [--json]\n"
                 "      KIND: udp_stream tcp_stream tcp_rr udp_rr file_transfer packet_rate\n"
                 "      -l SECONDS          duration_s\n"
                 "      -m BYTES            message_size_bytes\n"
                 "      -r REQ,RESP         request_size_bytes,response_size_bytes\n"
                 "      -s BYTES, -S BYTES  send_socket_bytes, recv_socket_bytes\n"
                 "      --rate PPS          rate_pps\n"
                 "      --busy-poll         busy_poll (RR kinds)\n"
                 "      --gso               gso: the kernel cuts each batch into datagrams (udp_stream)\n"
                 "      --file PATH         path (file_transfer source)\n"
                 "      --set NAME=VALUE    any parameter of docs/agent-protocol.md\n"
                 "      --token HEX         must match the listener's --token\n"
                 "      --json              print the result record as JSON instead of a table\n",
                 kDefaultStandalonePort);
}

int standaloneListen(int argc, char **argv)
{
    std::string bind = "0.0.0.0";
    std::string token = kDefaultStandaloneToken;
    int port = kDefaultStandalonePort;
    bool once = false, asJson = false;
    for (int i = 1; i < argc; ++i) {
        const std::string_view a = argv[i];
        std::string v;
        if (a == "--port" || a == "-p") {
            if (!needValue(i, argc, argv, &v))
                return 2;
            port = std::atoi(v.c_str());
        } else if (a == "--bind") {
            if (!needValue(i, argc, argv, &bind))
                return 2;
        } else if (a == "--token") {
            if (!needValue(i, argc, argv, &token))
                return 2;
        } else if (a == "--once") {
            once = true;
        } else if (a == "--json") {
            asJson = true;
        } else {
            std::fprintf(stderr, "wirebench-agent listen: unknown option '%s'\n", argv[i]);
            return 2;
        }
    }
    if (!isHexToken(token)) {
        std::fprintf(stderr, "wirebench-agent listen: --token must be 32 lower-case hex digits\n");
        return 2;
    }
    if (port < 0 || port > 65535 || !validIpLiteral(bind)) {
        std::fprintf(stderr, "wirebench-agent listen: --bind must be a numeric address and --port 0..65535\n");
        return 2;
    }
    ServingEndpoint endpoint;
    endpoint.setKeepListening(true);
    std::string err;
    if (!endpoint.open(bind, port, false, &err)) {
        std::fprintf(stderr, "wirebench-agent listen: %s\n", err.c_str());
        return 1;
    }
    std::printf("wirebench-agent listening on %s port %d\n", bind.c_str(), endpoint.port());
    std::fflush(stdout);
    std::atomic<bool> never{false};
    for (int64_t id = 1;; ++id) {
        Fd conn;
        Outcome o = endpoint.acceptClient(token, 1e9, never, conn);
        if (!o.ok())
            continue;
        const std::string peer = peerAddress(conn.get()).host();
        TestRun run(id, "", "server", TestParams(), nullptr);
        Fd udp;
        std::string kind;
        o = serveTest(run, "", json::Object{}, conn, udp, &kind);
        run.end();
        if (asJson)
            std::printf("%s\n", json::serialize(run.record()).c_str());
        else if (o.ok())
            std::printf("%s from %s: done\n", kind.c_str(), peer.c_str());
        else
            std::printf("%s from %s: %s (%s)\n", kind.c_str(), peer.c_str(), o.message.c_str(), o.code.c_str());
        std::fflush(stdout);
        if (once)
            return o.ok() ? 0 : 1;
    }
}

int standaloneRun(int argc, char **argv)
{
    if (argc < 2) {
        printStandaloneUsage("stderr");
        return 2;
    }
    const std::string kind = argv[1];
    const auto *specs = kindParams(kind);
    if (!specs) {
        std::fprintf(stderr, "wirebench-agent run: unknown test kind '%s'\n", kind.c_str());
        return 2;
    }
    std::string to, token = kDefaultStandaloneToken;
    bool asJson = false;
    json::Value given = json::Object{};
    for (int i = 2; i < argc; ++i) {
        const std::string_view a = argv[i];
        std::string v;
        auto set = [&](const char *name) {
            if (!needValue(i, argc, argv, &v))
                return false;
            given[name] = cliValue(v);
            return true;
        };
        bool ok = true;
        if (a == "--to") {
            ok = needValue(i, argc, argv, &to);
        } else if (a == "--token") {
            ok = needValue(i, argc, argv, &token);
        } else if (a == "--json") {
            asJson = true;
        } else if (a == "-l") {
            ok = set("duration_s");
        } else if (a == "-m") {
            ok = set("message_size_bytes");
        } else if (a == "-s") {
            ok = set("send_socket_bytes");
        } else if (a == "-S") {
            ok = set("recv_socket_bytes");
        } else if (a == "--rate") {
            ok = set("rate_pps");
        } else if (a == "--file") {
            ok = set("path");
        } else if (a == "--busy-poll") {
            given["busy_poll"] = true;
        } else if (a == "--gso") {
            given["gso"] = true;
        } else if (a == "-r") {
            ok = needValue(i, argc, argv, &v);
            const auto comma = v.find(',');
            given["request_size_bytes"] = cliValue(v.substr(0, comma));
            given["response_size_bytes"] = cliValue(comma == std::string::npos ? v : v.substr(comma + 1));
        } else if (a == "--set") {
            ok = needValue(i, argc, argv, &v);
            const auto eq = v.find('=');
            if (ok && eq == std::string::npos) {
                std::fprintf(stderr, "wirebench-agent run: --set wants NAME=VALUE, not '%s'\n", v.c_str());
                return 2;
            }
            if (ok)
                given[v.substr(0, eq)] = cliValue(v.substr(eq + 1));
        } else {
            std::fprintf(stderr, "wirebench-agent run: unknown option '%s'\n", argv[i]);
            return 2;
        }
        if (!ok)
            return 2;
    }
    std::string host;
    int port = kDefaultStandalonePort;
    if (to.empty() || !splitHostPort(to, &host, &port) || !validIpLiteral(host) || port <= 0 || port > 65535) {
        std::fprintf(stderr, "wirebench-agent run: --to needs a numeric address with an optional :PORT\n");
        return 2;
    }
    if (!isHexToken(token)) {
        std::fprintf(stderr, "wirebench-agent run: --token must be 32 lower-case hex digits\n");
        return 2;
    }
    TestParams params;
    std::string err;
    if (!TestParams::validate(*specs, given, params, &err)) {
        std::fprintf(stderr, "wirebench-agent run: %s\n", err.c_str());
        return 2;
    }
    TestRun run(1, kind, "client", params, nullptr);
    const Outcome o = runClientTest(run, host, port, token);
    run.end();
    if (asJson) {
        json::Value out;
        out["type"] = o.ok() ? "result" : "error";
        if (!o.ok()) {
            out["code"] = o.code;
            out["message"] = o.message;
        }
        out["record"] = run.record();
        std::printf("%s\n", json::serialize(out).c_str());
    } else if (o.ok()) {
        printTable(run.record(), host + ":" + std::to_string(port));
    }
    if (!o.ok()) {
        std::fprintf(stderr, "wirebench-agent run: %s (%s)\n", o.message.c_str(), o.code.c_str());
        return 1;
    }
    return 0;
}

} // namespace wb::agent
