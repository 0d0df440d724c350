// SPDX-License-Identifier: GPL-3.0-or-later
#include "zerocopysend.h"

#include "clock.h"
#include "netutil.h"

#include <algorithm>
#include <cerrno>
#include <linux/errqueue.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/mman.h>
#include <sys/sendfile.h>
#include <sys/socket.h>
#include <unistd.h>

#ifndef SO_ZEROCOPY
#define SO_ZEROCOPY 60
#endif
#ifndef MSG_ZEROCOPY
#define MSG_ZEROCOPY 0x4000000
#endif

namespace wb::agent {

ZeroCopySender::~ZeroCopySender()
{
    if (m_file >= 0)
        ::close(m_file);
}

ZeroCopySender::ZeroCopySender(ZeroCopySender &&o) noexcept
    : m_active(o.m_active), m_sendfile(o.m_sendfile), m_file(o.m_file), m_base(o.m_base), m_reason(std::move(o.m_reason)),
      m_sends(o.m_sends), m_completed(o.m_completed), m_copied(o.m_copied)
{
    o.m_file = -1;
}

bool ZeroCopySender::enableSendfile(const char *data, size_t size)
{
    m_sendfile = true;
    m_active = false;
    const int f = ::memfd_create("wirebench-sendfile", MFD_CLOEXEC);
    if (f < 0) {
        m_reason = "memfd_create failed (" + errnoText(errno) + "): plain copying sends";
        return false;
    }
    size_t done = 0;
    while (done < size) {
        const ssize_t n = ::write(f, data + done, size - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            m_reason = "writing the sendfile source failed (" + errnoText(errno) + "): plain copying sends";
            ::close(f);
            return false;
        }
        done += static_cast<size_t>(n);
    }
    m_file = f;
    m_base = data;
    m_active = true;
    return true;
}

bool ZeroCopySender::enable(int fd)
{
    const int one = 1;
    if (::setsockopt(fd, SOL_SOCKET, SO_ZEROCOPY, &one, sizeof one) != 0) {
        m_reason = "the kernel refused SO_ZEROCOPY (" + errnoText(errno) + "): plain copying sends";
        m_active = false;
        return false;
    }
    m_active = true;
    return true;
}

ssize_t ZeroCopySender::send(int fd, const void *data, size_t len)
{
    if (!m_active)
        return ::send(fd, data, len, MSG_NOSIGNAL);
    if (m_sendfile) {
        // The same range of the file as of the buffer (the caller sends the
        // pattern from an offset after a short write).
        off_t offset = static_cast<const char *>(data) - m_base;
        const ssize_t n = ::sendfile(fd, m_file, &offset, len);
        if (n > 0)
            ++m_sends;
        return n;
    }
    const ssize_t n = ::send(fd, data, len, MSG_NOSIGNAL | MSG_ZEROCOPY);
    if (n > 0)
        ++m_sends;
    else if (n < 0 && errno == ENOBUFS)
        errno = EAGAIN; // reaped below; the caller tries again
    const int saved = errno;
    reap(fd);
    errno = saved;
    return n;
}

void ZeroCopySender::reap(int fd)
{
    // Each notification covers a range [ee_info, ee_data] of send ids; the
    // kernel merges consecutive ones, so a few reads cover many sends.
    for (int i = 0; i < 64 && m_completed < m_sends; ++i) {
        alignas(cmsghdr) char control[128];
        msghdr msg{};
        msg.msg_control = control;
        msg.msg_controllen = sizeof control;
        if (::recvmsg(fd, &msg, MSG_ERRQUEUE | MSG_DONTWAIT) < 0)
            return; // EAGAIN: nothing more yet
        for (cmsghdr *c = CMSG_FIRSTHDR(&msg); c; c = CMSG_NXTHDR(&msg, c)) {
            const bool v4 = c->cmsg_level == SOL_IP && c->cmsg_type == IP_RECVERR;
            const bool v6 = c->cmsg_level == SOL_IPV6 && c->cmsg_type == IPV6_RECVERR;
            if (!v4 && !v6)
                continue;
            const auto *e = reinterpret_cast<const sock_extended_err *>(CMSG_DATA(c));
            if (e->ee_errno != 0 || e->ee_origin != SO_EE_ORIGIN_ZEROCOPY)
                continue;
            const uint64_t count = static_cast<uint64_t>(e->ee_data - e->ee_info) + 1;
            m_completed += count;
            if (e->ee_code & SO_EE_CODE_ZEROCOPY_COPIED)
                m_copied += count;
        }
    }
}

bool ZeroCopySender::drain(int fd, int timeoutMs)
{
    if (!m_active || m_sendfile)
        return true;
    const int64_t until = nowNs() + static_cast<int64_t>(timeoutMs) * 1000000;
    reap(fd);
    while (m_completed < m_sends) {
        const int64_t left = (until - nowNs()) / 1000000;
        if (left <= 0)
            break;
        pollfd p{fd, 0, 0}; // POLLERR is always reported: the error queue has something
        ::poll(&p, 1, static_cast<int>(std::min<int64_t>(left, 20)));
        reap(fd);
    }
    return m_completed >= m_sends;
}

json::Value ZeroCopySender::stats() const
{
    json::Value v;
    v["requested"] = true;
    v["used"] = m_active;
    if (!m_reason.empty())
        v["reason"] = m_reason;
    v["sends"] = m_sends;
    if (m_sendfile)
        return v;
    v["completed"] = m_completed;
    v["copied"] = m_copied;
    v["outstanding"] = m_sends - m_completed;
    return v;
}

void ZeroCopySender::add(const ZeroCopySender &o)
{
    m_active = m_active || o.m_active;
    m_sendfile = m_sendfile || o.m_sendfile;
    if (m_reason.empty())
        m_reason = o.m_reason;
    m_sends += o.m_sends;
    m_completed += o.m_completed;
    m_copied += o.m_copied;
}

} // namespace wb::agent
