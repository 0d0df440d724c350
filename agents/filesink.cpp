// SPDX-License-Identifier: GPL-3.0-or-later
#include "filesink.h"

#include "clock.h"
#include "filesource.h"
#include "safefile.h"
#include "streamchecksum.h"

#include <cerrno>
#include <cstdlib>
#include <fcntl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

namespace wb::agent {

namespace {
size_t roundUp(size_t n, int64_t to)
{
    const auto a = static_cast<size_t>(to);
    return (n + a - 1) / a * a;
}
} // namespace

FileSink::FileSink() : m_buf(nullptr, &std::free) {}

FileSink::~FileSink()
{
    if (!m_done)
        discard();
    if (!m_removeOnExit.empty())
        ::unlink(m_removeOnExit.c_str());
}

Outcome FileSink::open(TestRun &run, const SinkPlace &place)
{
    const TestParams &p = run.params();
    m_toFile = p.text("sink") != "devnull";
    m_overwrite = p.flag("overwrite");
    std::string err;
    if (!m_toFile) {
        m_path = "/dev/null";
        m_out.reset(::open("/dev/null", O_WRONLY | O_CLOEXEC));
        if (!m_out.valid())
            return Outcome::fail("file_error", "cannot open /dev/null: " + errnoText(errno));
    } else if (place.standalone && place.privateDir.empty()) {
        return Outcome::fail("file_error", "this listener has nowhere private to write files (" + place.privateDirError
                                               + "); use sink=devnull");
    } else if (place.standalone || !p.has("dest_path")) {
        const std::string dir = place.privateDir.empty() ? tempDirectory() : place.privateDir;
        m_path = dir + "/wirebench-ft-" + std::to_string(run.id()) + "-XXXXXX";
        m_out.reset(::mkostemp(m_path.data(), O_CLOEXEC));
        if (!m_out.valid())
            return Outcome::fail("file_error", "cannot create a file in " + dir + ": " + errnoText(errno));
        m_created = true;
        if (place.standalone || !p.flag("keep_file"))
            m_removeOnExit = m_path;
    } else {
        m_path = p.text("dest_path");
        // An existing file is replaced only when the request says so; else
        // O_EXCL makes sure this test creates it.
        m_out = openRegularNoFollow(m_path, O_WRONLY | O_CREAT | (m_overwrite ? 0 : O_EXCL), 0644, &err, &m_destDir,
                                    &m_destName);
        if (!m_out.valid())
            return Outcome::fail("file_error", "cannot write the file: " + err);
        m_created = !m_overwrite;
        if (m_overwrite && ::ftruncate(m_out.get(), 0) != 0)
            return fail("cannot truncate '" + m_path + "': " + errnoText(errno));
    }
    // O_DIRECT is asked for by name and never quietly dropped: a figure
    // under direct_io that went through the page cache would be pooled
    // with real direct writes (direct_io is a defining condition).
    m_direct = m_toFile && p.flag("direct_io");
    if (m_direct) {
        const int flags = ::fcntl(m_out.get(), F_GETFL);
        if (flags < 0 || ::fcntl(m_out.get(), F_SETFL, flags | O_DIRECT) != 0) {
            const int e = errno;
            return fail("direct_io: the filesystem holding '" + m_path + "' refuses O_DIRECT (" + errnoText(e)
                        + "); write to a disk-backed dest_path or leave direct_io off");
        }
    }
    // Aligned for O_DIRECT; with it, data is written in whole buffers (the
    // write size, a multiple of kDirectIoAlignment) and the tail after the
    // last byte.
    m_bufSize = static_cast<size_t>(p.integer("message_size_bytes", 131072));
    m_buf.reset(static_cast<char *>(std::aligned_alloc(kDirectIoAlignment, roundUp(m_bufSize, kDirectIoAlignment))));
    if (!m_buf)
        return fail("cannot allocate a " + std::to_string(m_bufSize) + "-byte buffer");
    return {};
}

Outcome FileSink::fail(const std::string &message)
{
    discard();
    return Outcome::fail("file_error", message);
}

void FileSink::discard()
{
    if (m_toFile && m_out.valid()) {
        m_out.reset();
        // A partial file must not look like a result; one that was there
        // before is left alone unless the request allowed replacing it.
        if (m_destDir.valid() && (m_created || m_overwrite))
            ::unlinkat(m_destDir.get(), m_destName.c_str(), 0); // from the directory it was opened in
        else if (m_created)
            ::unlink(m_path.c_str()); // a temporary file in a directory of our own
        m_removeOnExit.clear();
    }
}

Outcome FileSink::receive(TestRun &run, int fd, int64_t expected, std::atomic<uint64_t> *live, Received &out)
{
    char *const buf = m_buf.get();
    StreamChecksum sum;
    out.lastByteNs = run.beginNs();
    for (;;) {
        if (run.stopped())
            return fail("stopped before the transfer finished");
        const ssize_t n = ::recv(fd, buf + m_fill, m_bufSize - m_fill, 0);
        if (n == 0)
            break;
        if (n < 0) {
            if (errno == EAGAIN || errno == EINTR)
                continue;
            return fail("the connection failed mid-transfer: " + errnoText(errno));
        }
        out.lastByteNs = nowNs();
        sum.update(buf + m_fill, static_cast<size_t>(n));
        m_fill += static_cast<size_t>(n);
        out.bytes += static_cast<uint64_t>(n);
        if (live)
            live->fetch_add(static_cast<uint64_t>(n), std::memory_order_relaxed);
        if (m_direct && m_fill < m_bufSize)
            continue;
        int werr = 0;
        if (!writeFileAll(m_out.get(), buf, m_fill, &werr))
            return fail("cannot write '" + m_path + "' after " + std::to_string(out.bytes - m_fill) + " bytes: "
                        + errnoText(werr));
        m_fill = 0;
    }
    out.checksum = sum.hex();
    out.flushedNs = out.lastByteNs;
    if (out.bytes != static_cast<uint64_t>(expected))
        return fail("received " + std::to_string(out.bytes) + " of " + std::to_string(expected) + " bytes");
    return {};
}

Outcome FileSink::flush(Received &r)
{
    if (!m_toFile)
        return {};
    // With O_DIRECT the tail's whole blocks, then the last partial block
    // through the page cache (O_DIRECT cannot write it without padding the
    // file); then fsync, which also makes the file's size and blocks durable.
    char *const buf = m_buf.get();
    const uint64_t total = r.bytes;
    int werr = 0;
    const size_t whole = m_direct ? m_fill / kDirectIoAlignment * kDirectIoAlignment : 0;
    if (whole > 0 && !writeFileAll(m_out.get(), buf, whole, &werr))
        return fail("cannot write '" + m_path + "' after " + std::to_string(total - m_fill) + " bytes: " + errnoText(werr));
    if (m_fill > whole) {
        const int flags = ::fcntl(m_out.get(), F_GETFL);
        if (m_direct && (flags < 0 || ::fcntl(m_out.get(), F_SETFL, flags & ~O_DIRECT) != 0)) {
            const int e = errno;
            return fail("cannot turn O_DIRECT off for the last " + std::to_string(m_fill - whole) + " bytes of '"
                        + m_path + "': " + errnoText(e));
        }
        if (!writeFileAll(m_out.get(), buf + whole, m_fill - whole, &werr))
            return fail("cannot write '" + m_path + "' after " + std::to_string(total - m_fill + whole)
                        + " bytes: " + errnoText(werr));
    }
    if (::fsync(m_out.get()) != 0) {
        const int e = errno;
        return fail("fsync of '" + m_path + "' failed: " + errnoText(e));
    }
    r.flushedNs = nowNs();
    struct stat st{};
    if (::fstat(m_out.get(), &st) != 0 || static_cast<uint64_t>(st.st_size) != total)
        return fail("'" + m_path + "' holds " + std::to_string(st.st_size) + " bytes after writing " + std::to_string(total));
    return {};
}

void FileSink::report(TestRun &run, const Received &r, const std::function<std::string(const std::string &)> &name)
{
    m_done = true;
    const double networkS = nsToS(r.lastByteNs - run.beginNs());
    const double networkBps = networkS > 0 ? static_cast<double>(r.bytes) * 8.0 / networkS : 0.0;
    run.metric(name("bytes"), static_cast<double>(r.bytes));
    // The receiver's throughput_bps is the network phase: what an FTP client
    // printed, and what the seed baselines compare with.
    run.metric(name("throughput_bps"), networkBps);
    run.metric(name("network_throughput_bps"), networkBps);
    run.extra()[name("checksum")] = r.checksum;
    run.extra()[name("path")] = m_path;
    if (!m_toFile)
        return;
    const double flushedS = nsToS(r.flushedNs - run.beginNs());
    run.metric(name("flushed_throughput_bps"), flushedS > 0 ? static_cast<double>(r.bytes) * 8.0 / flushedS : 0.0);
    run.extra()[name("flush")] = m_direct ? "o_direct+fsync" : "fsync";
    run.extra()[name("flush_s")] = nsToS(r.flushedNs - r.lastByteNs);
    run.extra()[name("direct_io")] = m_direct;
    if (m_direct)
        run.extra()[name("direct_io_tail_bytes")] = static_cast<uint64_t>(m_fill);
    // The next run reads the disk, not this one's page cache.
    recordDropCache(run, m_out.get(), name("fadvise_dontneed"));
}

} // namespace wb::agent
