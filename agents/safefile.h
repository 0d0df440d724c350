// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Opening the files a test reads or writes without being steered elsewhere:
// no path component may be a symbolic link (openat2 RESOLVE_NO_SYMLINKS
// where the kernel has it, else openat with O_NOFOLLOW one component at a
// time), and the open never blocks (O_NONBLOCK), so a FIFO or a device named
// as the path is refused by its type before a test starts instead of
// hanging the agent where neither cancel nor the watchdog reaches it.

#include "netutil.h"

#include <string>
#include <sys/types.h>

namespace wb::agent {

// Opens `path` with `flags` (O_NOFOLLOW, O_NONBLOCK and O_CLOEXEC are added)
// and checks it is a regular file; the returned descriptor is blocking again.
// On failure *error says why, naming the path. With `dir` and `name` given,
// they receive the directory the file was opened in and its name there, so
// it can later be removed with unlinkat() from that very directory even if
// a component of the path has been swapped for a link since.
Fd openRegularNoFollow(const std::string &path, int flags, mode_t mode, std::string *error, Fd *dir = nullptr,
                       std::string *name = nullptr);

// A private directory (mode 0700) under $TMPDIR (else /tmp), removed with
// everything in it when this object goes.
class PrivateDir
{
public:
    PrivateDir() = default;
    ~PrivateDir();
    PrivateDir(const PrivateDir &) = delete;
    PrivateDir &operator=(const PrivateDir &) = delete;

    bool create(const std::string &prefix, std::string *error);
    const std::string &path() const { return m_path; }
    void remove();

private:
    std::string m_path;
};

std::string tempDirectory(); // $TMPDIR, else /tmp

// Tests turn openat2 off to check the per-component fallback older kernels get.
void useOpenat2ForTest(bool use);

} // namespace wb::agent
