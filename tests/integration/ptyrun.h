// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Runs a program on a new pseudo-terminal, as a user at a terminal would:
// the program's /dev/tty is the pty, so it can ask for a password without
// echo. Answers prompts from a script (each answer is typed once the output
// shows its prompt) and returns everything the terminal showed. Bounded in
// time; a program still running at the end is killed by its PID.

#include <QByteArray>
#include <QElapsedTimer>
#include <QList>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>
#include <cerrno>
#include <csignal>
#include <poll.h>
#include <pty.h>
#include <sys/wait.h>
#include <unistd.h>

namespace wbtest {

struct PtyPrompt
{
    QByteArray prompt; // typed once the output since the last answer contains this
    QByteArray answer; // sent with a newline
};

struct PtyResult
{
    int exitCode = -1; // -1: killed or timed out
    QByteArray output; // all the terminal showed
    int answered = 0; // how many script entries were used
};

inline PtyResult runInPty(const QString &program, const QStringList &args, const QProcessEnvironment &env,
    QList<PtyPrompt> script, int timeoutMs = 60000)
{
    PtyResult r;
    QList<QByteArray> argStore { program.toLocal8Bit() };
    for (const QString &a : args)
        argStore << a.toLocal8Bit();
    QList<QByteArray> envStore;
    for (const QString &e : env.toStringList())
        envStore << e.toLocal8Bit();
    std::vector<char *> argv;
    for (QByteArray &a : argStore)
        argv.push_back(a.data());
    argv.push_back(nullptr);
    std::vector<char *> envp;
    for (QByteArray &e : envStore)
        envp.push_back(e.data());
    envp.push_back(nullptr);

    int master = -1;
    const pid_t pid = forkpty(&master, nullptr, nullptr, nullptr);
    if (pid < 0)
        return r;
    if (pid == 0) {
        execve(argv[0], argv.data(), envp.data());
        _exit(127);
    }
    QElapsedTimer t;
    t.start();
    qsizetype searchFrom = 0;
    int status = 0;
    bool exited = false;
    while (t.elapsed() < timeoutMs) {
        pollfd p { master, POLLIN, 0 };
        if (::poll(&p, 1, 100) > 0) {
            char buf[4096];
            const ssize_t n = ::read(master, buf, sizeof buf);
            if (n > 0)
                r.output.append(buf, n);
            else if (n < 0 && errno != EINTR && errno != EAGAIN && exited)
                break; // EIO: the program and everything on the pty are gone
        }
        if (!script.isEmpty() && r.output.indexOf(script.first().prompt, searchFrom) >= 0) {
            const QByteArray line = script.takeFirst().answer + '\n';
            [[maybe_unused]] auto w = ::write(master, line.constData(), static_cast<size_t>(line.size()));
            searchFrom = r.output.size();
            ++r.answered;
        }
        if (!exited && ::waitpid(pid, &status, WNOHANG) == pid)
            exited = true;
        if (exited) {
            // Drain what is left, then stop.
            pollfd q { master, POLLIN, 0 };
            if (::poll(&q, 1, 50) <= 0)
                break;
        }
    }
    if (!exited) {
        ::kill(pid, SIGKILL);
        ::waitpid(pid, &status, 0);
    } else if (WIFEXITED(status)) {
        r.exitCode = WEXITSTATUS(status);
    }
    ::close(master);
    return r;
}

} // namespace wbtest
