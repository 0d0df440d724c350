// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The sending end's file of a file transfer (filetransfertest.h): an
// existing file the client's own request names (params.path), or one this
// end creates of file_size_bytes and unlinks at once, so it is gone
// whatever happens. The server's file in a reverse transfer is always one
// it creates: a peer never makes an agent read a path.

#include "netutil.h"
#include "testkind.h"

#include <atomic>
#include <string>

namespace wb::agent {

class FileSource
{
public:
    // What a send moved, for the figures and the receiver's check.
    struct Sent
    {
        uint64_t bytes = 0;
        std::string checksum;
        int64_t lastNs = 0; // when the last byte was handed to the kernel
        bool cutOff = false; // the receiver ended the connection: its reason may follow
    };

    // `usePath`: params.path may name the file (the client's own request only).
    Outcome open(TestRun &run, bool usePath);
    int64_t size() const { return m_size; }
    // Sends the whole file on `fd` (which has a send timeout) in
    // message_size_bytes reads; `live`, when given, counts the bytes for
    // the interval samples. Fails when the file changed size meanwhile.
    Outcome sendTo(TestRun &run, int fd, std::atomic<uint64_t> *live, Sent &out);
    // A named file is read from the disk by the next run too (one this end
    // created is gone with it): records POSIX_FADV_DONTNEED under `key`.
    void dropCache(TestRun &run, const std::string &key);

private:
    Fd m_file;
    int64_t m_size = 0;
    bool m_named = false;
};

// POSIX_FADV_DONTNEED on a file a test read or wrote, recorded in extra
// under `key` as true or the reason it failed.
void recordDropCache(TestRun &run, int fd, const std::string &key);
// write() of all `len` bytes; false with *err set otherwise.
bool writeFileAll(int fd, const char *p, size_t len, int *err);

} // namespace wb::agent
