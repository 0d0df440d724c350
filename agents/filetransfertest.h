// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// FTP-style file transfer: the client reads a real file (an existing `path`,
// or one it creates of file_size_bytes) and streams it over TCP; the server
// writes a real file (dest_path, or a temporary one), or discards it into
// /dev/null (sink "devnull"). The receiver times the network phase (until
// the last byte arrived: what an FTP client of 1997 printed) and, writing a
// file, the flush after it (fsync; with direct_io the file is written with
// O_DIRECT) apart, then drops the file from the page cache
// (POSIX_FADV_DONTNEED), as the sender does with a `path` it read.
// Both ends checksum the stream; size or checksum mismatch fails the test,
// and a write error removes the partial file.

#include "netutil.h"
#include "testkind.h"

namespace wb::agent {

class FileTransferTest : public TestKind
{
public:
    ~FileTransferTest() override;
    Outcome prepareClient(TestRun &run, json::Value &header) override;
    Outcome serve(TestRun &run, ServerEnv &env) override;
    Outcome run(TestRun &run, ClientEnv &env) override;

private:
    Fd m_file;
    int64_t m_size = 0;
    std::string m_removeOnExit; // a temporary file this end created
    // Where dest_path was opened, so a failed transfer removes exactly that file.
    Fd m_destDir;
    std::string m_destName;
};

} // namespace wb::agent
