// SPDX-License-Identifier: GPL-3.0-or-later
#include "safefile.h"

#include <cerrno>
#include <cstdlib>
#include <dirent.h>
#include <fcntl.h>
#include <linux/openat2.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <vector>

namespace wb::agent {

namespace {

bool g_useOpenat2 = true;

// The directory part and the last name of a path ("" for a path ending in /).
void splitPath(const std::string &path, std::string *dir, std::string *name)
{
    std::string p = path;
    const auto slash = p.find_last_of('/');
    if (slash == std::string::npos) {
        *dir = ".";
        *name = p;
    } else {
        *dir = slash == 0 ? "/" : p.substr(0, slash);
        *name = p.substr(slash + 1);
    }
}

// openat with O_NOFOLLOW on every component: each directory is opened as an
// O_PATH handle relative to the one before, so a link anywhere is refused
// (ELOOP or ENOTDIR), not just at the last name.
int openPerComponent(const std::string &path, int flags, mode_t mode)
{
    std::vector<std::string> parts;
    size_t i = 0;
    while (i < path.size()) {
        while (i < path.size() && path[i] == '/')
            ++i;
        const size_t j = path.find('/', i);
        const std::string part = path.substr(i, j == std::string::npos ? std::string::npos : j - i);
        if (!part.empty())
            parts.push_back(part);
        i = j == std::string::npos ? path.size() : j;
    }
    if (parts.empty()) {
        errno = EISDIR;
        return -1;
    }
    Fd dir(::open(path[0] == '/' ? "/" : ".", O_PATH | O_DIRECTORY | O_CLOEXEC));
    if (!dir.valid())
        return -1;
    for (size_t k = 0; k + 1 < parts.size(); ++k) {
        const int next = ::openat(dir.get(), parts[k].c_str(), O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        if (next < 0) {
            struct stat st{};
            if (errno == ENOTDIR && ::fstatat(dir.get(), parts[k].c_str(), &st, AT_SYMLINK_NOFOLLOW) == 0
                && S_ISLNK(st.st_mode))
                errno = ELOOP; // say it was a link, as openat2 does
            return -1;
        }
        dir.reset(next);
    }
    const int fd = ::openat(dir.get(), parts.back().c_str(), flags, mode);
    struct stat st{};
    if (fd < 0 && errno == ENOTDIR && ::fstatat(dir.get(), parts.back().c_str(), &st, AT_SYMLINK_NOFOLLOW) == 0
        && S_ISLNK(st.st_mode))
        errno = ELOOP;
    return fd;
}

// The directory `path` itself, opened as an O_PATH handle with no link on the way.
int openDirNoSymlinks(const std::string &path)
{
#ifdef SYS_openat2
    if (g_useOpenat2) {
        open_how how{};
        how.flags = O_PATH | O_DIRECTORY | O_CLOEXEC;
        how.resolve = RESOLVE_NO_SYMLINKS | RESOLVE_NO_MAGICLINKS;
        const long fd = ::syscall(SYS_openat2, AT_FDCWD, path.c_str(), &how, sizeof how);
        if (fd >= 0 || (errno != ENOSYS && errno != EPERM))
            return static_cast<int>(fd);
    }
#endif
    if (path == "/" || path == ".")
        return ::open(path.c_str(), O_PATH | O_DIRECTORY | O_CLOEXEC);
    return openPerComponent(path, O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC, 0);
}

int openNoSymlinks(const std::string &path, int flags, mode_t mode)
{
#ifdef SYS_openat2
    if (!g_useOpenat2)
        return openPerComponent(path, flags, mode);
    open_how how{};
    how.flags = static_cast<uint64_t>(flags);
    how.mode = (flags & O_CREAT) ? mode : 0;
    how.resolve = RESOLVE_NO_SYMLINKS | RESOLVE_NO_MAGICLINKS;
    const long fd = ::syscall(SYS_openat2, AT_FDCWD, path.c_str(), &how, sizeof how);
    if (fd >= 0 || (errno != ENOSYS && errno != EPERM)) // EPERM: a seccomp filter that does not know it
        return static_cast<int>(fd);
#endif
    return openPerComponent(path, flags, mode);
}

void removeTree(int dirFd)
{
    DIR *d = ::fdopendir(dirFd);
    if (!d) {
        ::close(dirFd);
        return;
    }
    while (dirent *e = ::readdir(d)) {
        const std::string name = e->d_name;
        if (name == "." || name == "..")
            continue;
        if (::unlinkat(::dirfd(d), name.c_str(), 0) != 0 && errno == EISDIR) {
            const int sub = ::openat(::dirfd(d), name.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
            if (sub >= 0)
                removeTree(sub);
            ::unlinkat(::dirfd(d), name.c_str(), AT_REMOVEDIR);
        }
    }
    ::closedir(d);
}

} // namespace

void useOpenat2ForTest(bool use)
{
    g_useOpenat2 = use;
}

std::string tempDirectory()
{
    const char *t = std::getenv("TMPDIR");
    return t && *t ? t : "/tmp";
}

Fd openRegularNoFollow(const std::string &path, int flags, mode_t mode, std::string *error, Fd *dir,
                       std::string *name)
{
    Fd fd;
    if (dir && name) {
        std::string dirPath;
        splitPath(path, &dirPath, name);
        if (name->empty() || *name == "." || *name == "..") {
            *error = "'" + path + "' does not name a file";
            return {};
        }
        dir->reset(openDirNoSymlinks(dirPath));
        if (dir->valid())
            fd.reset(::openat(dir->get(), name->c_str(), flags | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, mode));
    } else {
        fd.reset(openNoSymlinks(path, flags | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, mode));
    }
    if (!fd.valid()) {
        const int e = errno;
        if (e == ELOOP)
            *error = "'" + path + "' goes through a symbolic link; refusing to follow it";
        else if (e == ENXIO)
            *error = "'" + path + "' is a FIFO or socket with nobody at the other end; refusing it";
        else if (e == EEXIST)
            *error = "'" + path + "' exists; the request must say overwrite to replace it";
        else
            *error = "cannot open '" + path + "': " + errnoText(e);
        errno = e;
        return {};
    }
    struct stat st{};
    if (::fstat(fd.get(), &st) != 0 || !S_ISREG(st.st_mode)) {
        *error = "'" + path + "' is not a regular file; refusing it";
        return {};
    }
    const int fl = ::fcntl(fd.get(), F_GETFL);
    ::fcntl(fd.get(), F_SETFL, fl & ~O_NONBLOCK);
    return fd;
}

PrivateDir::~PrivateDir()
{
    remove();
}

bool PrivateDir::create(const std::string &prefix, std::string *error)
{
    std::string tmpl = tempDirectory() + "/" + prefix + "-XXXXXX";
    if (!::mkdtemp(tmpl.data())) {
        *error = "cannot create a private directory in " + tempDirectory() + ": " + errnoText(errno);
        return false;
    }
    m_path = tmpl;
    return true;
}

void PrivateDir::remove()
{
    if (m_path.empty())
        return;
    const int fd = ::open(m_path.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd >= 0)
        removeTree(fd);
    ::rmdir(m_path.c_str());
    m_path.clear();
}

} // namespace wb::agent
