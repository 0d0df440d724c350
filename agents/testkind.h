// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The two halves of one kind of test. The endpoint code (testendpoint.h)
// connects the ends, checks the token and exchanges headers; a TestKind then
// measures: serve() on the listening end, run() on the end that started the
// test. Both report through their TestRun; run() also collects the serving
// end's figures so the client's record is the whole test.

#include "controlchannel.h"
#include "json.h"
#include "netutil.h"
#include "testparams.h"
#include "testrun.h"

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace wb::agent {

struct Outcome
{
    std::string code; // empty: success
    std::string message;

    bool ok() const { return code.empty(); }
    static Outcome fail(std::string c, std::string m) { return {std::move(c), std::move(m)}; }
};

// What the serving end has once a client with the right token has connected.
class ServingEndpoint;
struct DataBinding;

struct ServerEnv
{
    ServerEnv(ControlChannel &c, Fd &u) : chan(c), udp(u) {}
    ControlChannel &chan;
    Fd &udp;              // bound datagram socket for UDP kinds, else invalid
    SockAddr clientUdp;   // where the client's datagrams come from
    json::Value header;   // the client's header (kind, params, ...)
    uint64_t key = 0;     // carried by every datagram of this test
    std::string bindHost; // local address of the control connection
    std::string interface;
    // The test's listening socket, still open for kinds that take a
    // connection per transaction (tcp_crr); -1 for the others.
    int listener = -1;
    // Standalone listener: files go only into privateDir (a private
    // directory it made), or nowhere when it has none (privateDirError).
    bool standalone = false;
    std::string privateDir;
    std::string privateDirError;
    bool okSent = false;
    // Set when the kind accepts further data connections for this test
    // (acceptsDataConnections): the listener, still open, and the token
    // each of them must present.
    ServingEndpoint *endpoint = nullptr;
    std::string token;

    // Accepts the test; `extra` fields are added to the reply. Kinds call this
    // once their preparation (files, sockets) has succeeded.
    bool sendOk(const json::Value &extra, std::string *error);
};

struct ClientEnv
{
    ClientEnv(ControlChannel &c, Fd &u) : chan(c), udp(u) {}
    ControlChannel &chan;
    Fd &udp;            // connected datagram socket for UDP kinds
    SockAddr serverUdp; // the server's datagram address
    SockAddr server;    // the server's control address
    json::Value okReply;
    uint64_t key = 0;
    std::string interface;
    std::string token;                   // for the test's further data connections
    const DataBinding *source = nullptr; // where they are made from, or the kernel's choice
};

class TestKind
{
public:
    virtual ~TestKind() = default;
    virtual bool usesUdp() const { return false; }
    // True when a test with `params` opens data connections of its own
    // beyond the control connection (several streams, reverse flows).
    virtual bool acceptsDataConnections(const TestParams &) const { return false; }
    // Opens a TCP connection per transaction, accepted on the test's
    // listener; the control connection then carries no test data.
    virtual bool opensConnections() const { return false; }
    // Client side, before connecting: may add fields to the header.
    virtual Outcome prepareClient(TestRun &run, json::Value &header);
    virtual Outcome serve(TestRun &run, ServerEnv &env) = 0;
    virtual Outcome run(TestRun &run, ClientEnv &env) = 0;

protected:
    // Sends the serving end's metrics (and extra.socket_options) to the
    // client as the closing line.
    static Outcome sendStats(TestRun &run, ServerEnv &env, json::Value extraFields);
    // Reads that line and folds the server's metrics into the client's
    // record, its socket options as extra.server_socket_options.
    static Outcome readStats(TestRun &run, ClientEnv &env, json::Value *stats, int timeoutMs = 15000);
};

std::unique_ptr<TestKind> makeTestKind(std::string_view kind);

// The 16-byte datagram header of stream tests: key then sequence, cut to the
// message size (a 1-byte message carries only the key's first byte).
void writeDatagramHeader(char *buf, size_t size, uint64_t key, uint64_t seq);
bool datagramKeyMatches(const char *buf, size_t size, uint64_t key);

} // namespace wb::agent
