// SPDX-License-Identifier: GPL-3.0-or-later
#include "filesource.h"

#include "clock.h"
#include "pagebuffer.h"
#include "safefile.h"
#include "streamchecksum.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

namespace wb::agent {

bool writeFileAll(int fd, const char *p, size_t len, int *err)
{
    while (len > 0) {
        const ssize_t n = ::write(fd, p, len);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            *err = errno;
            return false;
        }
        if (n == 0) {
            *err = ENOSPC;
            return false;
        }
        p += n;
        len -= static_cast<size_t>(n);
    }
    return true;
}

void recordDropCache(TestRun &run, int fd, const std::string &key)
{
    // A page still dirty is simply kept by the kernel; the receiver's flush
    // before this makes its pages clean.
    const int rc = ::posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
    if (rc == 0)
        run.extra()[key] = true;
    else
        run.extra()[key] = "failed: " + errnoText(rc);
}

Outcome FileSource::open(TestRun &run, bool usePath)
{
    const TestParams &p = run.params();
    if (usePath && p.has("path")) {
        const std::string &path = p.text("path");
        std::string err;
        m_file = openRegularNoFollow(path, O_RDONLY, 0, &err);
        if (!m_file.valid())
            return Outcome::fail("file_error", "cannot send the file: " + err);
        struct stat st{};
        ::fstat(m_file.get(), &st);
        m_size = st.st_size;
        m_named = true;
        return {};
    }
    // Create the source file; the transfer then reads it back like any other.
    std::string tmpl = tempDirectory() + "/wirebench-src-XXXXXX";
    m_file.reset(::mkostemp(tmpl.data(), O_CLOEXEC));
    if (!m_file.valid())
        return Outcome::fail("file_error", "cannot create a source file in " + tempDirectory() + ": " + errnoText(errno));
    ::unlink(tmpl.c_str()); // gone when we close it, whatever happens
    m_size = p.integer("file_size_bytes", 64 << 20);
    std::vector<char> chunk(1 << 20);
    uint64_t x = static_cast<uint64_t>(nowNs()) | 1;
    for (int64_t done = 0; done < m_size && !run.stopped();) {
        for (size_t i = 0; i + 8 <= chunk.size(); i += 8) {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            std::memcpy(chunk.data() + i, &x, 8);
        }
        const size_t n = static_cast<size_t>(std::min<int64_t>(m_size - done, static_cast<int64_t>(chunk.size())));
        int err = 0;
        if (!writeFileAll(m_file.get(), chunk.data(), n, &err))
            return Outcome::fail("file_error", "cannot create the " + std::to_string(m_size) + "-byte source file in "
                                                   + tempDirectory() + ": " + errnoText(err));
        done += static_cast<int64_t>(n);
    }
    ::lseek(m_file.get(), 0, SEEK_SET);
    return {};
}

Outcome FileSource::sendTo(TestRun &run, int fd, std::atomic<uint64_t> *live, Sent &out)
{
    PageBuffer buf(static_cast<size_t>(run.params().integer("message_size_bytes", 131072)));
    StreamChecksum sum;
    ::posix_fadvise(m_file.get(), 0, 0, POSIX_FADV_SEQUENTIAL);
    for (;;) {
        if (run.stopped())
            return Outcome::fail("cancelled", "stopped");
        const ssize_t n = ::read(m_file.get(), buf.data(), buf.size());
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return Outcome::fail("file_error", "cannot read the source file: " + errnoText(errno));
        }
        if (n == 0)
            break;
        sum.update(buf.data(), static_cast<size_t>(n));
        size_t off = 0;
        while (off < static_cast<size_t>(n)) {
            const ssize_t w = ::send(fd, buf.data() + off, static_cast<size_t>(n) - off, MSG_NOSIGNAL);
            if (w > 0) {
                off += static_cast<size_t>(w);
                continue;
            }
            if (w < 0 && (errno == EAGAIN || errno == EINTR) && !run.stopped())
                continue;
            out.cutOff = true;
            return Outcome::fail("peer_lost", "the transfer was cut off by the receiver: " + errnoText(errno));
        }
        out.bytes += static_cast<uint64_t>(n);
        if (live)
            live->fetch_add(static_cast<uint64_t>(n), std::memory_order_relaxed);
    }
    out.lastNs = nowNs();
    out.checksum = sum.hex();
    if (out.bytes != static_cast<uint64_t>(m_size))
        return Outcome::fail("file_error", "the source file changed size while it was sent ("
                                               + std::to_string(out.bytes) + " of " + std::to_string(m_size) + " bytes)");
    return {};
}

void FileSource::dropCache(TestRun &run, const std::string &key)
{
    if (m_named)
        recordDropCache(run, m_file.get(), key);
}

} // namespace wb::agent
