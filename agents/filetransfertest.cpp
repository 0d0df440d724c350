// SPDX-License-Identifier: GPL-3.0-or-later
#include "filetransfertest.h"

#include "clock.h"
#include "tcpstreamtest.h"
#include "testflows.h"

#include <sys/socket.h>

namespace wb::agent {

namespace {

using Names = std::function<std::string(const std::string &)>;

// The names of one direction's figures (FlowLayout::metricName).
Names namesOf(const FlowLayout &layout, FlowDirection d)
{
    return [layout, d](const std::string &base) { return layout.metricName(d, base); };
}

const Names kPlain = [](const std::string &base) { return base; };

SinkPlace placeOf(const ServerEnv &env)
{
    return {env.standalone, env.privateDir, env.privateDirError};
}

// The sender's figures over its own clock: from the start to its last byte.
void reportSent(TestRun &run, const FileSource::Sent &s, double elapsedS, const Names &name)
{
    run.metric(name("bytes"), static_cast<double>(s.bytes));
    run.metric(name("throughput_bps"), elapsedS > 0 ? static_cast<double>(s.bytes) * 8.0 / elapsedS : 0.0);
    run.extra()[name("checksum")] = s.checksum;
}

json::Value movedStats(uint64_t bytes, const std::string &checksum)
{
    json::Value v;
    v["bytes"] = bytes;
    v["checksum"] = checksum;
    return v;
}

// The client's check of one direction against the other end's count
// (`direction` names it in the message of a test with two).
Outcome checkMoved(const json::Value &theirs, uint64_t bytes, const std::string &checksum, bool weSent,
                   const char *direction)
{
    const std::string what = *direction ? std::string(direction) + ": " : std::string();
    if (static_cast<uint64_t>(theirs["bytes"].asInt(-1)) != bytes)
        return Outcome::fail("verify_failed", what + (weSent ? "the receiver got " : "the server sent ")
                                                  + json::serialize(theirs["bytes"]) + " bytes, "
                                                  + std::to_string(bytes) + (weSent ? " were sent" : " arrived"));
    if (theirs["checksum"].asString() != checksum)
        return Outcome::fail("verify_failed", what + "checksum mismatch: sent "
                                                  + (weSent ? checksum : theirs["checksum"].asString()) + ", received "
                                                  + (weSent ? theirs["checksum"].asString() : checksum));
    return {};
}

} // namespace

Outcome FileTransferTest::moveFiles(TestRun &run, const std::string &interface, std::vector<DataFlow> &flows, bool client,
                                    int64_t expected, FileSink::Received &got, FileSource::Sent &sent)
{
    const FlowLayout layout = flowLayout(run.params());
    prepareTcpFlowSockets(run.params(), flows, client);
    // This end receives the flows of the other end's direction.
    const FlowDirection receiving = client ? FlowDirection::Reverse : FlowDirection::Forward;
    run.begin(interface, TestRun::LiveBytes);
    Outcome o = wb::agent::runFlows(run, flows, [&](DataFlow &f) {
        // A bidirectional test's samples follow its forward direction.
        std::atomic<uint64_t> *live = layout.bidirectional() && f.direction == FlowDirection::Reverse ? nullptr : &run.bytes;
        if (f.direction == receiving)
            return m_sink.receive(run, f.tcp.get(), expected, live, got);
        return sendFlow(run, f, live, sent);
    });
    run.end();
    return o;
}

// One flow's file: sent, the connection's sending half closed, then (bounded)
// until the receiver has acknowledged it all, so this end's record (CPU,
// NIC counters) covers the whole file and not only what was handed to the
// kernel. The sender's rate stays the time to its last write.
Outcome FileTransferTest::sendFlow(TestRun &run, DataFlow &f, std::atomic<uint64_t> *live, FileSource::Sent &sent)
{
    Outcome o = m_source.sendTo(run, f.tcp.get(), live, sent);
    if (!o.ok())
        return o;
    ::shutdown(f.tcp.get(), SHUT_WR);
    waitAllAcked(f.tcp.get(), 2000, run.stopFlag());
    return {};
}

bool FileTransferTest::acceptsDataConnections(const TestParams &params) const
{
    return !flowLayout(params).single();
}

Outcome FileTransferTest::prepareClient(TestRun &run, json::Value &header)
{
    const FlowLayout layout = flowLayout(run.params());
    // The client's own sink of a download is open before anything connects,
    // so a bad dest_path is refused before the server prepares a file.
    if (layout.reverse) {
        Outcome o = m_sink.open(run, SinkPlace{});
        if (!o.ok())
            return o;
    }
    if (!layout.forward)
        return {};
    Outcome o = m_source.open(run, true);
    if (!o.ok())
        return o;
    header["file_size"] = m_source.size();
    return {};
}

Outcome FileTransferTest::run(TestRun &run, ClientEnv &env)
{
    if (!flowLayout(run.params()).single())
        return runFlows(run, env);
    const TestParams &p = run.params();
    const int fd = env.chan.fd();
    setSocketBuffers(fd, p.integer("send_socket_bytes"), 0);
    timeval tv{0, 100000};
    ::setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
    run.begin(env.interface, TestRun::LiveBytes);
    FileSource::Sent sent;
    Outcome o = m_source.sendTo(run, fd, &run.bytes, sent);
    if (!o.ok()) {
        // The receiver may have stopped with a reason: read it if it is there.
        json::Value stats;
        Outcome peer = sent.cutOff ? readStats(run, env, &stats, 1000) : Outcome{};
        return !peer.ok() && peer.code == "peer_failed" ? peer : o;
    }
    ::shutdown(fd, SHUT_WR);
    run.end();
    m_source.dropCache(run, "source_fadvise_dontneed");
    reportSent(run, sent, run.elapsedS(), kPlain);
    run.addHostMetrics(static_cast<double>(sent.bytes) / 1024.0, 0);
    json::Value stats;
    o = readStats(run, env, &stats, 120000);
    if (!o.ok())
        return o;
    run.extra()["server_path"] = stats["path"];
    o = checkMoved(stats, sent.bytes, sent.checksum, true, "");
    if (!o.ok())
        return o;
    run.extra()["verified"] = true;
    return {};
}

Outcome FileTransferTest::serve(TestRun &run, ServerEnv &env)
{
    if (!flowLayout(run.params()).single())
        return serveFlows(run, env);
    const TestParams &p = run.params();
    const int64_t expected = env.header["file_size"].asInt(-1);
    if (expected < 0)
        return Outcome::fail("invalid_message", "the client's header has no file_size");
    // Where the data goes is the serving agent's own choice (its
    // controller's request, or the standalone listener's private
    // directory), never the peer's: the endpoint drops path keys from the
    // client's header before they reach here.
    Outcome o = m_sink.open(run, placeOf(env));
    if (!o.ok())
        return o;
    const int fd = env.chan.fd();
    setSocketBuffers(fd, 0, p.integer("recv_socket_bytes"));
    setRecvTimeout(fd, 100);
    // The clock starts as the client is told to send, so the first bytes
    // cannot arrive before it.
    run.begin(env.interface, TestRun::LiveBytes);
    std::string err;
    if (!env.sendOk({}, &err))
        return m_sink.fail("the client went away: " + err);
    FileSink::Received got;
    o = m_sink.receive(run, fd, expected, &run.bytes, got);
    if (!o.ok())
        return o;
    run.end();
    o = m_sink.flush(got);
    if (!o.ok())
        return o;
    m_sink.report(run, got, kPlain);
    run.addHostMetrics(static_cast<double>(got.bytes) / 1024.0, 0);
    json::Value stats = movedStats(got.bytes, got.checksum);
    stats["path"] = m_sink.path();
    return sendStats(run, env, stats);
}

Outcome FileTransferTest::serveFlows(TestRun &run, ServerEnv &env)
{
    const FlowLayout layout = flowLayout(run.params());
    // A peer never makes a listener without a controller read a file.
    if (env.standalone)
        return Outcome::fail("file_error", "this listener does not send files (a peer never makes it read one); run "
                                           "file_transfer with direction 'forward'");
    // A failure before the last byte leaves no partial file behind.
    auto failed = [this](Outcome o) {
        m_sink.discard();
        return o;
    };
    int64_t expected = 0;
    if (layout.forward) {
        expected = env.header["file_size"].asInt(-1);
        if (expected < 0)
            return Outcome::fail("invalid_message", "the client's header has no file_size");
        Outcome o = m_sink.open(run, placeOf(env));
        if (!o.ok())
            return o;
    }
    // The server's file is always one it creates (params.path is the client's).
    Outcome o = m_source.open(run, false);
    if (!o.ok())
        return failed(o);
    json::Value okExtra;
    okExtra["file_size"] = m_source.size();
    std::string err;
    if (!env.sendOk(okExtra, &err))
        return failed(Outcome::fail("peer_lost", "the client went away: " + err));
    std::vector<DataFlow> flows;
    o = acceptFlows(run, env, false, flows);
    if (!o.ok())
        return failed(o);
    FileSink::Received got;
    FileSource::Sent sent;
    o = moveFiles(run, env.interface, flows, false, expected, got, sent);
    if (o.ok() && layout.forward)
        o = m_sink.flush(got);
    if (!o.ok()) {
        resetFlows(flows);
        return failed(o);
    }
    json::Value stats;
    if (layout.forward) {
        m_sink.report(run, got, namesOf(layout, FlowDirection::Forward));
        stats["forward"] = movedStats(got.bytes, got.checksum);
        stats["forward"]["path"] = m_sink.path();
    }
    reportSent(run, sent, nsToS(sent.lastNs - run.beginNs()), namesOf(layout, FlowDirection::Reverse));
    stats["reverse"] = movedStats(sent.bytes, sent.checksum);
    run.addHostMetrics(static_cast<double>(got.bytes + sent.bytes) / 1024.0, 0);
    run.extra()["key_direction"] = layout.forward ? "forward" : "reverse";
    return sendStats(run, env, stats);
}

Outcome FileTransferTest::runFlows(TestRun &run, ClientEnv &env)
{
    const FlowLayout layout = flowLayout(run.params());
    auto failed = [this](Outcome o) {
        m_sink.discard();
        return o;
    };
    const int64_t expected = env.okReply["file_size"].asInt(-1);
    if (expected < 0)
        return failed(Outcome::fail("invalid_message", "the server's answer names no file_size to download"));
    std::vector<DataFlow> flows;
    Outcome o = connectFlows(run, env, false, flows);
    if (!o.ok()) {
        resetFlows(flows);
        return failed(o);
    }
    FileSink::Received got;
    FileSource::Sent sent;
    o = moveFiles(run, env.interface, flows, true, expected, got, sent);
    if (o.ok() && run.stopped())
        o = Outcome::fail("cancelled", "stopped");
    if (o.ok())
        o = m_sink.flush(got);
    if (!o.ok()) {
        resetFlows(flows);
        m_sink.discard();
        // The server may have stopped with a reason: read it if it is there.
        json::Value stats;
        Outcome peer = readStats(run, env, &stats, 1000);
        return !peer.ok() && peer.code == "peer_failed" ? peer : o;
    }
    if (layout.forward) {
        m_source.dropCache(run, "source_fadvise_dontneed");
        reportSent(run, sent, nsToS(sent.lastNs - run.beginNs()), namesOf(layout, FlowDirection::Forward));
    }
    m_sink.report(run, got, namesOf(layout, FlowDirection::Reverse));
    run.addHostMetrics(static_cast<double>(got.bytes + sent.bytes) / 1024.0, 0);
    run.extra()["key_direction"] = layout.forward ? "forward" : "reverse";
    json::Value stats;
    o = readStats(run, env, &stats, 120000);
    if (!o.ok())
        return o;
    if (layout.forward) {
        run.extra()["server_path"] = stats["forward"]["path"];
        o = checkMoved(stats["forward"], sent.bytes, sent.checksum, true, "forward");
        if (!o.ok())
            return o;
    }
    o = checkMoved(stats["reverse"], got.bytes, got.checksum, false, "reverse");
    if (!o.ok())
        return o;
    run.extra()["verified"] = true;
    return {};
}

} // namespace wb::agent
