// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The receiving end's file of a file transfer (filetransfertest.h): a real
// file (dest_path, or a temporary one), or /dev/null (sink "devnull"). It
// times the network phase (until the last byte arrived) and the flush after
// it (fsync; with direct_io the file is written with O_DIRECT) apart, then
// drops the file from the page cache. A file that never became a result
// (failed, or never reported) is removed; a temporary one goes with this
// object unless keep_file asks otherwise.

#include "netutil.h"
#include "testkind.h"

#include <atomic>
#include <functional>
#include <memory>
#include <string>

namespace wb::agent {

// Where this end may write: a standalone listener only into its private
// directory (or nowhere), a controlled agent where its own request says.
struct SinkPlace
{
    bool standalone = false;
    std::string privateDir;
    std::string privateDirError;
};

class FileSink
{
public:
    // What arrived, and when.
    struct Received
    {
        uint64_t bytes = 0;
        std::string checksum;
        int64_t lastByteNs = 0;
        int64_t flushedNs = 0;
    };

    FileSink();
    ~FileSink();
    FileSink(const FileSink &) = delete;
    FileSink &operator=(const FileSink &) = delete;

    // Opens the sink the params name (sink, dest_path, overwrite, keep_file,
    // direct_io), never a path a peer named (the endpoint drops those keys).
    Outcome open(TestRun &run, const SinkPlace &place);
    // Reads `fd` (which has a receive timeout) to its end into the sink;
    // fails unless exactly `expected` bytes came. The network phase runs
    // from run.beginNs() to the last byte.
    Outcome receive(TestRun &run, int fd, int64_t expected, std::atomic<uint64_t> *live, Received &out);
    // Writes what is left and makes the file durable (a file sink only).
    Outcome flush(Received &r);
    // The receiver's figures under `name(base)` (the plain names, or a
    // bidirectional transfer's reverse_ ones), and its record in extra.
    void report(TestRun &run, const Received &r, const std::function<std::string(const std::string &)> &name);
    const std::string &path() const { return m_path; }
    // Removes a partial file (once) and fails with `message`.
    Outcome fail(const std::string &message);
    // Removes a partial file (once): the transfer failed for another reason.
    void discard();

private:
    bool m_toFile = false;
    bool m_direct = false;
    bool m_created = false; // this test made the file, so it may remove it
    bool m_overwrite = false;
    bool m_done = false; // reported: the file is a result now
    Fd m_out;
    std::string m_path;
    std::string m_removeOnExit; // a temporary file this end created
    // Where dest_path was opened, so a failed transfer removes exactly that file.
    Fd m_destDir;
    std::string m_destName;
    size_t m_bufSize = 0;
    std::unique_ptr<char, void (*)(void *)> m_buf;
    size_t m_fill = 0; // received into m_buf, not yet written
};

} // namespace wb::agent
