// SPDX-License-Identifier: GPL-3.0-or-later
#include "filetransfertest.h"

#include "clock.h"
#include "safefile.h"
#include "streamchecksum.h"

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <memory>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

namespace wb::agent {

namespace {

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

size_t roundUp(size_t n, int64_t to)
{
    const auto a = static_cast<size_t>(to);
    return (n + a - 1) / a * a;
}

// POSIX_FADV_DONTNEED on a file this test read or wrote, recorded in extra
// under `key` as true or the reason it failed (a page still dirty is
// simply kept by the kernel; the flush before this makes the pages clean).
void recordDropCache(TestRun &run, int fd, const char *key)
{
    const int rc = ::posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
    if (rc == 0)
        run.extra()[key] = true;
    else
        run.extra()[key] = "failed: " + errnoText(rc);
}

} // namespace

FileTransferTest::~FileTransferTest()
{
    if (!m_removeOnExit.empty())
        ::unlink(m_removeOnExit.c_str());
}

Outcome FileTransferTest::prepareClient(TestRun &run, json::Value &header)
{
    const TestParams &p = run.params();
    if (p.has("path")) {
        const std::string &path = p.text("path");
        std::string err;
        m_file = openRegularNoFollow(path, O_RDONLY, 0, &err);
        if (!m_file.valid())
            return Outcome::fail("file_error", "cannot send the file: " + err);
        struct stat st{};
        ::fstat(m_file.get(), &st);
        m_size = st.st_size;
    } else {
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
                return Outcome::fail("file_error", "cannot create the " + std::to_string(m_size)
                                                       + "-byte source file in " + tempDirectory() + ": " + errnoText(err));
            done += static_cast<int64_t>(n);
        }
        ::lseek(m_file.get(), 0, SEEK_SET);
    }
    header["file_size"] = m_size;
    return {};
}

Outcome FileTransferTest::run(TestRun &run, ClientEnv &env)
{
    const TestParams &p = run.params();
    const int fd = env.chan.fd();
    setSocketBuffers(fd, p.integer("send_socket_bytes"), 0);
    timeval tv{0, 100000};
    ::setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
    std::vector<char> buf(static_cast<size_t>(p.integer("message_size_bytes", 131072)));
    StreamChecksum sum;
    uint64_t sent = 0;
    ::posix_fadvise(m_file.get(), 0, 0, POSIX_FADV_SEQUENTIAL);
    run.begin(env.interface, TestRun::LiveBytes);
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
            // The receiver may have stopped with a reason: read it if it is there.
            const int sendErr = errno;
            json::Value stats;
            Outcome o = readStats(run, env, &stats, 1000);
            if (!o.ok() && o.code == "peer_failed")
                return o;
            return Outcome::fail("peer_lost", "the transfer was cut off by the receiver: " + errnoText(sendErr));
        }
        sent += static_cast<uint64_t>(n);
        run.bytes.fetch_add(static_cast<uint64_t>(n), std::memory_order_relaxed);
    }
    ::shutdown(fd, SHUT_WR);
    run.end();
    // A file named by `path` is read from the disk by the next run too (the
    // one this end created is gone with it).
    if (p.has("path"))
        recordDropCache(run, m_file.get(), "source_fadvise_dontneed");
    if (sent != static_cast<uint64_t>(m_size))
        return Outcome::fail("file_error", "the source file changed size while it was sent ("
                                               + std::to_string(sent) + " of " + std::to_string(m_size) + " bytes)");
    const double elapsed = run.elapsedS();
    run.metric("bytes", static_cast<double>(sent));
    run.metric("throughput_bps", elapsed > 0 ? static_cast<double>(sent) * 8.0 / elapsed : 0.0);
    run.addHostMetrics(static_cast<double>(sent) / 1024.0, 0);
    run.extra()["checksum"] = sum.hex();
    json::Value stats;
    Outcome o = readStats(run, env, &stats, 120000);
    if (!o.ok())
        return o;
    run.extra()["server_path"] = stats["path"];
    if (static_cast<uint64_t>(stats["bytes"].asInt(-1)) != sent)
        return Outcome::fail("verify_failed", "the receiver got " + json::serialize(stats["bytes"]) + " bytes, "
                                                  + std::to_string(sent) + " were sent");
    if (stats["checksum"].asString() != sum.hex())
        return Outcome::fail("verify_failed", "checksum mismatch: sent " + sum.hex() + ", received "
                                                  + stats["checksum"].asString());
    run.extra()["verified"] = true;
    return {};
}

Outcome FileTransferTest::serve(TestRun &run, ServerEnv &env)
{
    const TestParams &p = run.params();
    const bool toFile = p.text("sink") != "devnull";
    const int64_t expected = env.header["file_size"].asInt(-1);
    if (expected < 0)
        return Outcome::fail("invalid_message", "the client's header has no file_size");
    // Where the data goes is the serving agent's own choice (its
    // controller's request, or the standalone listener's private
    // directory), never the peer's: the endpoint drops path keys from the
    // client's header before they reach here.
    std::string path;
    Fd out;
    bool created = false; // this test made the file, so it may remove it
    std::string err;
    if (!toFile) {
        path = "/dev/null";
        out.reset(::open("/dev/null", O_WRONLY | O_CLOEXEC));
        if (!out.valid())
            return Outcome::fail("file_error", "cannot open /dev/null: " + errnoText(errno));
    } else if (env.standalone && env.privateDir.empty()) {
        return Outcome::fail("file_error", "this listener has nowhere private to write files (" + env.privateDirError
                                               + "); use sink=devnull");
    } else if (env.standalone || !p.has("dest_path")) {
        const std::string dir = env.privateDir.empty() ? tempDirectory() : env.privateDir;
        path = dir + "/wirebench-ft-" + std::to_string(run.id()) + "-XXXXXX";
        out.reset(::mkostemp(path.data(), O_CLOEXEC));
        if (!out.valid())
            return Outcome::fail("file_error", "cannot create a file in " + dir + ": " + errnoText(errno));
        created = true;
        if (env.standalone || !p.flag("keep_file"))
            m_removeOnExit = path;
    } else {
        path = p.text("dest_path");
        // An existing file is replaced only when the request says so; else
        // O_EXCL makes sure this test creates it.
        const bool overwrite = p.flag("overwrite");
        out = openRegularNoFollow(path, O_WRONLY | O_CREAT | (overwrite ? 0 : O_EXCL), 0644, &err, &m_destDir,
                                  &m_destName);
        if (!out.valid())
            return Outcome::fail("file_error", "cannot write the file: " + err);
        created = !overwrite;
        if (overwrite && ::ftruncate(out.get(), 0) != 0)
            return Outcome::fail("file_error", "cannot truncate '" + path + "': " + errnoText(errno));
    }
    struct stat st{};
    auto failWrite = [&](const std::string &msg) {
        if (toFile) {
            out.reset();
            // A partial file must not look like a result; one that was there
            // before is left alone unless the request allowed replacing it.
            if (m_destDir.valid() && (created || p.flag("overwrite")))
                ::unlinkat(m_destDir.get(), m_destName.c_str(), 0); // from the directory it was opened in
            else if (created)
                ::unlink(path.c_str()); // a temporary file in a directory of our own
            m_removeOnExit.clear();
        }
        return Outcome::fail("file_error", msg);
    };
    // O_DIRECT is asked for by name and never quietly dropped: a figure
    // under direct_io that went through the page cache would be pooled
    // with real direct writes (direct_io is a defining condition).
    const bool direct = toFile && p.flag("direct_io");
    if (direct) {
        const int flags = ::fcntl(out.get(), F_GETFL);
        if (flags < 0 || ::fcntl(out.get(), F_SETFL, flags | O_DIRECT) != 0) {
            const int e = errno;
            return failWrite("direct_io: the filesystem holding '" + path + "' refuses O_DIRECT (" + errnoText(e)
                             + "); write to a disk-backed dest_path or leave direct_io off");
        }
    }

    const int fd = env.chan.fd();
    setSocketBuffers(fd, 0, p.integer("recv_socket_bytes"));
    setRecvTimeout(fd, 100);
    // The clock starts as the client is told to send, so the first bytes
    // cannot arrive before it.
    run.begin(env.interface, TestRun::LiveBytes);
    if (!env.sendOk({}, &err))
        return failWrite("the client went away: " + err);
    // Aligned for O_DIRECT; with it, data is written in whole buffers (the
    // write size, a multiple of kDirectIoAlignment) and the tail after the
    // last byte.
    const size_t bufSize = static_cast<size_t>(p.integer("message_size_bytes", 131072));
    std::unique_ptr<char, decltype(&std::free)> buf(
        static_cast<char *>(std::aligned_alloc(kDirectIoAlignment, roundUp(bufSize, kDirectIoAlignment))), &std::free);
    if (!buf)
        return failWrite("cannot allocate a " + std::to_string(bufSize) + "-byte buffer");
    StreamChecksum sum;
    uint64_t total = 0;
    size_t fill = 0; // received into buf, not yet written
    int64_t lastByteNs = run.beginNs();
    for (;;) {
        if (run.stopped())
            return failWrite("stopped before the transfer finished");
        const ssize_t n = ::recv(fd, buf.get() + fill, bufSize - fill, 0);
        if (n == 0)
            break;
        if (n < 0) {
            if (errno == EAGAIN || errno == EINTR)
                continue;
            return failWrite("the connection failed mid-transfer: " + errnoText(errno));
        }
        lastByteNs = nowNs();
        sum.update(buf.get() + fill, static_cast<size_t>(n));
        fill += static_cast<size_t>(n);
        total += static_cast<uint64_t>(n);
        run.bytes.fetch_add(static_cast<uint64_t>(n), std::memory_order_relaxed);
        if (direct && fill < bufSize)
            continue;
        int werr = 0;
        if (!writeFileAll(out.get(), buf.get(), fill, &werr))
            return failWrite("cannot write '" + path + "' after " + std::to_string(total - fill) + " bytes: " + errnoText(werr));
        fill = 0;
    }
    run.end();
    if (total != static_cast<uint64_t>(expected))
        return failWrite("received " + std::to_string(total) + " of " + std::to_string(expected) + " bytes");
    // The flush: with O_DIRECT the tail's whole blocks, then the last
    // partial block through the page cache (O_DIRECT cannot write it
    // without padding the file); then fsync, which also makes the file's
    // size and blocks durable.
    int64_t flushedNs = lastByteNs;
    if (toFile) {
        int werr = 0;
        const size_t whole = direct ? fill / kDirectIoAlignment * kDirectIoAlignment : 0;
        if (whole > 0 && !writeFileAll(out.get(), buf.get(), whole, &werr))
            return failWrite("cannot write '" + path + "' after " + std::to_string(total - fill) + " bytes: " + errnoText(werr));
        if (fill > whole) {
            const int flags = ::fcntl(out.get(), F_GETFL);
            if (direct && (flags < 0 || ::fcntl(out.get(), F_SETFL, flags & ~O_DIRECT) != 0)) {
                const int e = errno;
                return failWrite("cannot turn O_DIRECT off for the last " + std::to_string(fill - whole) + " bytes of '"
                                 + path + "': " + errnoText(e));
            }
            if (!writeFileAll(out.get(), buf.get() + whole, fill - whole, &werr))
                return failWrite("cannot write '" + path + "' after " + std::to_string(total - fill + whole)
                                 + " bytes: " + errnoText(werr));
        }
        if (::fsync(out.get()) != 0) {
            const int e = errno;
            return failWrite("fsync of '" + path + "' failed: " + errnoText(e));
        }
        flushedNs = nowNs();
    }
    if (toFile && (::fstat(out.get(), &st) != 0 || static_cast<uint64_t>(st.st_size) != total))
        return failWrite("'" + path + "' holds " + std::to_string(st.st_size) + " bytes after writing "
                         + std::to_string(total));
    const double networkS = nsToS(lastByteNs - run.beginNs());
    const double networkBps = networkS > 0 ? static_cast<double>(total) * 8.0 / networkS : 0.0;
    run.metric("bytes", static_cast<double>(total));
    // The receiver's throughput_bps is the network phase: what an FTP client
    // printed, and what the seed baselines compare with.
    run.metric("throughput_bps", networkBps);
    run.metric("network_throughput_bps", networkBps);
    run.addHostMetrics(static_cast<double>(total) / 1024.0, 0);
    run.extra()["checksum"] = sum.hex();
    run.extra()["path"] = path;
    if (toFile) {
        const double flushedS = nsToS(flushedNs - run.beginNs());
        run.metric("flushed_throughput_bps", flushedS > 0 ? static_cast<double>(total) * 8.0 / flushedS : 0.0);
        run.extra()["flush"] = direct ? "o_direct+fsync" : "fsync";
        run.extra()["flush_s"] = nsToS(flushedNs - lastByteNs);
        run.extra()["direct_io"] = direct;
        if (direct)
            run.extra()["direct_io_tail_bytes"] = static_cast<uint64_t>(fill);
        // The next run reads the disk, not this one's page cache.
        recordDropCache(run, out.get(), "fadvise_dontneed");
    }
    json::Value stats;
    stats["bytes"] = total;
    stats["checksum"] = sum.hex();
    stats["path"] = path;
    return sendStats(run, env, stats);
}

} // namespace wb::agent
