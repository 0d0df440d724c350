// SPDX-License-Identifier: GPL-3.0-or-later
#include "testkind.h"

#include "cpuaffinity.h"
#include "filetransfertest.h"
#include "packetratetest.h"
#include "requestresponsetest.h"
#include "rrultest.h"
#include "tcpconnectratetest.h"
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
    if (run.extra().contains("socket_options"))
        stats["socket_options"] = run.extra()["socket_options"];
    if (run.extra().contains("cpu_affinity")) {
        noteCurrentCpu(run.extra()["cpu_affinity"]); // the test's own thread, at its end
        stats["cpu_affinity"] = run.extra()["cpu_affinity"];
    }
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
    if ((*stats)["socket_options"].isObject())
        run.extra()["server_socket_options"] = (*stats)["socket_options"];
    if ((*stats)["cpu_affinity"].isObject())
        run.extra()["server_cpu_affinity"] = (*stats)["cpu_affinity"];
    return {};
}


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
    if (kind == "tcp_crr")
        return std::make_unique<TcpConnectRateTest>();
    if (kind == "file_transfer")
        return std::make_unique<FileTransferTest>();
    if (kind == "packet_rate")
        return std::make_unique<PacketRateTest>();
    if (kind == "rrul")
        return std::make_unique<RrulTest>();
    return nullptr;
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
