// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A TCP connection to an agent's test port that the test drives byte by
// byte: what a hostile or idle client would send (or not send).

#include <QByteArray>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

namespace wbtest {

// A blocking TCP peer, speaking the agent-to-agent opening by
// hand so a test can send what a hostile client would.
class RawPeer
{
public:
    ~RawPeer()
    {
        if (m_fd >= 0)
            ::close(m_fd);
    }
    bool connectTo(int port)
    {
        m_fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
        sockaddr_in a{};
        a.sin_family = AF_INET;
        a.sin_port = htons(quint16(port));
        a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        timeval tv{5, 0};
        ::setsockopt(m_fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
        return ::connect(m_fd, reinterpret_cast<sockaddr *>(&a), sizeof a) == 0;
    }
    bool write(const QByteArray &b)
    {
        qsizetype done = 0;
        while (done < b.size()) {
            const ssize_t n = ::send(m_fd, b.constData() + done, size_t(b.size() - done), MSG_NOSIGNAL);
            if (n <= 0)
                return false;
            done += n;
        }
        return true;
    }
    QByteArray readLine()
    {
        QByteArray line;
        char c = 0;
        while (::recv(m_fd, &c, 1, 0) == 1) {
            if (c == '\n')
                return line;
            line += c;
        }
        return line;
    }
    void shutdownWrite() { ::shutdown(m_fd, SHUT_WR); }
    int fd() const { return m_fd; }

private:
    int m_fd = -1;
};

} // namespace wbtest
