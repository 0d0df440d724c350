// SPDX-License-Identifier: GPL-3.0-or-later
#include "testkind.h"

#include "filetransfertest.h"
#include "packetratetest.h"
#include "requestresponsetest.h"
#include "tcpstreamtest.h"
#include "udpstreamtest.h"

#include <cstring>

namespace wb::agent {

bool ServerEnv::sendOk(const json::Value &extra, std::string *error)
{
    json::Value reply = extra.isObject() ? extra : json::Value(json::Object{});
    reply["ok"] = true;
    char key[17];
    std::snprintf(key, sizeof key, "%016llx", static_cast<unsigned long long>(this->key));
    reply["key"] = std::string(key);
    if (udp.valid())
        reply["udp_port"] = localAddress(udp.get()).port();
    okSent = chan.sendLine(reply, error);
    return okSent;
}

Outcome TestKind::prepareClient(TestRun &, json::Value &)
{
    return {};
}

Outcome TestKind::sendStats(TestRun &run, ServerEnv &env, json::Value extraFields)
{
    json::Value stats = extraFields.isObject() ? extraFields : json::Value(json::Object{});
    stats["metrics"] = run.metrics();
    json::Value line;
    line["stats"] = stats;
    std::string err;
    if (!env.chan.sendLine(line, &err))
        return Outcome::fail("peer_lost", "could not send the results to the client: " + err);
    return {};
}

Outcome TestKind::readStats(TestRun &run, ClientEnv &env, json::Value *stats, int timeoutMs)
{
    std::string err;
    auto line = env.chan.readLine(timeoutMs, &err);
    if (!line)
        return Outcome::fail("peer_lost", "no results from the serving agent: " + err);
    if ((*line)["error"].isString())
        return Outcome::fail("peer_failed", "the serving agent failed: " + (*line)["error"].asString());
    if (!(*line)["stats"].isObject())
        return Outcome::fail("peer_failed", "the serving agent sent no statistics");
    *stats = (*line)["stats"];
    run.addPeerMetrics((*stats)["metrics"]);
    return {};
}

namespace {
using T = ParamSpec::Type;
const json::Value kNull;

std::vector<ParamSpec> common(double defaultDuration)
{
    return {
        {"duration_s", T::Number, 0.05, 86400, defaultDuration},
        {"interval_s", T::Number, 0, 3600, 1.0},
        {"watchdog_margin_s", T::Number, 0.5, 3600, 10.0},
        {"idle_timeout_s", T::Number, 0.1, 86400, 60.0},
        {"interface", T::String, 0, 0, kNull},
        {"send_socket_bytes", T::Int, 0, 1 << 30, 0},
        {"recv_socket_bytes", T::Int, 0, 1 << 30, 0},
    };
}

std::vector<ParamSpec> with(std::vector<ParamSpec> base, std::initializer_list<ParamSpec> more)
{
    base.insert(base.end(), more);
    return base;
}

struct KindEntry
{
    const char *name;
    std::vector<ParamSpec> params;
};

const std::vector<KindEntry> &kinds()
{
    static const std::vector<KindEntry> k = {
        {"udp_stream", with(common(10), {{"message_size_bytes", T::Int, 1, 65507, 1472},
                                         {"messages", T::Int, 0, 1e15, 0},
                                         {"rate_pps", T::Number, 0, 1e9, 0},
                                         {"batch", T::Int, 1, 1024, 32}})},
        {"tcp_stream", with(common(10), {{"message_size_bytes", T::Int, 1, 16 << 20, 131072}})},
        {"tcp_rr", with(common(10), {{"request_size_bytes", T::Int, 1, 16 << 20, 1},
                                     {"response_size_bytes", T::Int, 1, 16 << 20, 1},
                                     {"transactions", T::Int, 0, 1e15, 0},
                                     {"busy_poll", T::Bool, 0, 0, false}})},
        {"udp_rr", with(common(10), {{"request_size_bytes", T::Int, 1, 65507, 1},
                                     {"response_size_bytes", T::Int, 1, 65507, 1},
                                     {"transactions", T::Int, 0, 1e15, 0},
                                     {"busy_poll", T::Bool, 0, 0, false},
                                     {"timeout_ms", T::Int, 1, 60000, 100}})},
        {"file_transfer", with(common(3600), {{"path", T::String, 0, 0, kNull},
                                              {"file_size_bytes", T::Int, 0, 1e13, 64 << 20},
                                              {"message_size_bytes", T::Int, 512, 16 << 20, 131072},
                                              {"sink", T::String, 0, 0, "file", {"file", "devnull"}},
                                              {"dest_path", T::String, 0, 0, kNull},
                                              {"keep_file", T::Bool, 0, 0, false},
                                              {"fsync", T::Bool, 0, 0, false}})},
        {"packet_rate", with(common(10), {{"message_size_bytes", T::Int, 1, 65507, 18},
                                          {"rate_pps", T::Number, 0, 1e9, 0},
                                          {"batch", T::Int, 1, 1024, 64},
                                          {"probe_rate_pps", T::Number, 0, 100000, 0},
                                          {"probe_size_bytes", T::Int, 32, 1472, 64}})},
    };
    return k;
}
} // namespace

std::unique_ptr<TestKind> makeTestKind(std::string_view kind)
{
    if (kind == "udp_stream")
        return std::make_unique<UdpStreamTest>();
    if (kind == "tcp_stream")
        return std::make_unique<TcpStreamTest>();
    if (kind == "tcp_rr")
        return std::make_unique<RequestResponseTest>(false);
    if (kind == "udp_rr")
        return std::make_unique<RequestResponseTest>(true);
    if (kind == "file_transfer")
        return std::make_unique<FileTransferTest>();
    if (kind == "packet_rate")
        return std::make_unique<PacketRateTest>();
    return nullptr;
}

const std::vector<ParamSpec> *kindParams(std::string_view kind)
{
    for (const auto &k : kinds())
        if (kind == k.name)
            return &k.params;
    return nullptr;
}

std::vector<std::string> kindNames()
{
    std::vector<std::string> names;
    for (const auto &k : kinds())
        names.emplace_back(k.name);
    return names;
}

void writeDatagramHeader(char *buf, size_t size, uint64_t key, uint64_t seq)
{
    char h[16];
    std::memcpy(h, &key, 8);
    std::memcpy(h + 8, &seq, 8);
    std::memcpy(buf, h, size < 16 ? size : 16);
}

bool datagramKeyMatches(const char *buf, size_t size, uint64_t key)
{
    return std::memcmp(buf, &key, size < 8 ? size : 8) == 0;
}

} // namespace wb::agent
