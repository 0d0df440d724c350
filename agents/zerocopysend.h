// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// MSG_ZEROCOPY sends on one TCP socket (tcp_stream's `zerocopy`): the
// kernel pins the sender's pages instead of copying them and reports on
// the socket's error queue when it is done with each range of sends, and
// whether it had to copy them after all (SO_EE_CODE_ZEROCOPY_COPIED: a
// loopback or a device without scatter-gather). Completions are reaped
// without waiting after every send, so the test never blocks on them and
// the queue never fills the socket's option memory. The buffer handed to
// send() must stay unchanged, and allocated, until the kernel is done with
// it: tcp_stream sends one constant pattern buffer for the whole test.
//
// The other zero-copy path, tcp_stream's `sendfile` (iperf3 -Z): the
// pattern is written once into an anonymous in-memory file (memfd) and
// each send is a sendfile() from it, so the socket takes references to the
// file's pages and nothing is copied from user memory. The file never
// changes, so there is nothing to wait for before the test ends.

#include "json.h"

#include <cstdint>
#include <string>
#include <sys/types.h>
#include <cstddef>

namespace wb::agent {

class ZeroCopySender
{
public:
    ZeroCopySender() = default;
    ~ZeroCopySender();
    ZeroCopySender(const ZeroCopySender &) = delete;
    ZeroCopySender &operator=(const ZeroCopySender &) = delete;
    ZeroCopySender(ZeroCopySender &&other) noexcept;

    // Turns SO_ZEROCOPY on for `fd`; false (and plain sends from then on)
    // with the kernel's reason when it refuses.
    bool enable(int fd);
    // Sends the `size` bytes at `data` (which must outlive the sender and
    // stay unchanged) by sendfile() from a memfd holding the same bytes;
    // false (and plain sends) with the reason when the file cannot be made.
    bool enableSendfile(const char *data, size_t size);
    bool active() const { return m_active; }

    // One send: MSG_ZEROCOPY (or sendfile of the same range of the pattern
    // file) when active, a plain send otherwise. Returns
    // as ::send does. ENOBUFS (the option memory is full of unreaped
    // notifications) reaps and is returned as EAGAIN for the caller to retry.
    ssize_t send(int fd, const void *data, size_t len);

    // Waits (at most timeoutMs, polling the error queue) until the kernel
    // has reported every send done. True when none is outstanding: only
    // then may the buffer be freed or changed.
    bool drain(int fd, int timeoutMs);
    uint64_t outstanding() const { return m_sends - m_completed; }

    // {"requested":true,"used":..,"reason":..,"sends":..,"completed":..,
    //  "copied":..,"outstanding":..} for the record's extra.zerocopy;
    // {"requested":true,"used":..,"reason":..,"sends":..} for extra.sendfile.
    json::Value stats() const;
    // Adds another sender's counts (one flow each) into this one.
    void add(const ZeroCopySender &other);

private:
    void reap(int fd);

    bool m_active = false;
    bool m_sendfile = false;
    int m_file = -1;                // the sendfile source, closed with the sender
    const char *m_base = nullptr;   // the pattern buffer the file mirrors
    std::string m_reason;
    uint64_t m_sends = 0;     // sends the kernel took with MSG_ZEROCOPY (one notification id each)
    uint64_t m_completed = 0; // ids reported done
    uint64_t m_copied = 0;    // of those, sends the kernel copied anyway
};

} // namespace wb::agent
