// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// FTP-style file transfer: the sender reads a real file (filesource.h) and
// streams it over TCP; the receiver writes it to a real file or discards it
// into /dev/null (filesink.h), timing the network phase and the flush apart.
// Forward (the default) the client sends on the test connection. Reverse
// is a download: the server sends a file it creates itself of
// file_size_bytes (never one a path names) and the client writes it to its
// sink, the roles unswapped (the client still controls the test);
// bidirectional does both at once, each direction on a connection of its
// own (testflows.h), the reverse figures under reverse_ names. A
// standalone listener refuses to send files.
// Both ends checksum the stream; size or checksum mismatch fails the test,
// and a write error removes the partial file.

#include "filesink.h"
#include "filesource.h"
#include "testflows.h"
#include "testkind.h"

#include <atomic>
#include <string>
#include <vector>

namespace wb::agent {

class FileTransferTest : public TestKind
{
public:
    bool acceptsDataConnections(const TestParams &params) const override;
    Outcome prepareClient(TestRun &run, json::Value &header) override;
    Outcome serve(TestRun &run, ServerEnv &env) override;
    Outcome run(TestRun &run, ClientEnv &env) override;

private:
    // Reverse and bidirectional: every direction on a connection of its own.
    Outcome serveFlows(TestRun &run, ServerEnv &env);
    Outcome runFlows(TestRun &run, ClientEnv &env);
    // Both ends: every flow on a thread of its own, this end's file sent
    // and the other end's received, within this end's measured interval.
    Outcome moveFiles(TestRun &run, const std::string &interface, std::vector<DataFlow> &flows, bool client,
                      int64_t expected, FileSink::Received &got, FileSource::Sent &sent);
    Outcome sendFlow(TestRun &run, DataFlow &flow, std::atomic<uint64_t> *live, FileSource::Sent &sent);

    FileSource m_source; // this end's file to send, when it sends
    FileSink m_sink;     // this end's sink, when it receives
};

} // namespace wb::agent
