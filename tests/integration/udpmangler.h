// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A relay between two agents on loopback that drops, duplicates and
// reorders the test's datagrams and counts exactly what it did, so a test
// can check that the serving end's counts match.

#include <QByteArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <arpa/inet.h>
#include <atomic>
#include <cstring>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <thread>
#include <unistd.h>

namespace wbtest {

// Sits between two agents on loopback: relays their test connection
// (rewriting the UDP ports in the header and the reply so datagrams come
// through it) and does to the client's datagrams what a bad network does:
// drops every 50th, sends every 10th twice and holds every 7th back until
// the next has gone. It counts exactly what it did.
class UdpMangler
{
public:
    int dropped = 0, duplicated = 0, reordered = 0, forwarded = 0;
    int forgedProbes = 0;

    bool start(int serverTcpPort)
    {
        m_serverPort = serverTcpPort;
        m_listen = tcpListener(&m_port);
        m_toClient = udpSocket(&m_toClientPort);
        m_toServer = udpSocket(&m_toServerPort);
        if (m_listen < 0 || m_toClient < 0 || m_toServer < 0)
            return false;
        m_thread = std::thread([this] { run(); });
        return true;
    }
    int port() const { return m_port; }
    // Sends `count` probes with the test's key to the client's probe port
    // from a socket of its own, as a forger would.
    void forgeProbes(int count) { m_forge = count; }
    void finish()
    {
        m_quit = true;
        if (m_thread.joinable())
            m_thread.join();
        for (int fd : {m_listen, m_toClient, m_toServer})
            if (fd >= 0)
                ::close(fd);
    }
    ~UdpMangler() { finish(); }

private:
    static sockaddr_in loopback(int port)
    {
        sockaddr_in a{};
        a.sin_family = AF_INET;
        a.sin_port = htons(quint16(port));
        a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        return a;
    }
    static int boundPort(int fd)
    {
        sockaddr_in a{};
        socklen_t len = sizeof a;
        ::getsockname(fd, reinterpret_cast<sockaddr *>(&a), &len);
        return ntohs(a.sin_port);
    }
    static int tcpListener(int *port)
    {
        const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
        sockaddr_in a = loopback(0);
        if (::bind(fd, reinterpret_cast<sockaddr *>(&a), sizeof a) != 0 || ::listen(fd, 4) != 0)
            return -1;
        *port = boundPort(fd);
        return fd;
    }
    static int udpSocket(int *port)
    {
        const int fd = ::socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
        sockaddr_in a = loopback(0);
        if (::bind(fd, reinterpret_cast<sockaddr *>(&a), sizeof a) != 0)
            return -1;
        int big = 4 << 20;
        ::setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &big, sizeof big);
        *port = boundPort(fd);
        return fd;
    }
    static QByteArray readLine(int fd)
    {
        QByteArray line;
        char c = 0;
        while (::recv(fd, &c, 1, 0) == 1 && c != '\n')
            line += c;
        return line;
    }
    static void sendTo(int fd, const QByteArray &d, int port)
    {
        const sockaddr_in a = loopback(port);
        ::sendto(fd, d.constData(), size_t(d.size()), 0, reinterpret_cast<const sockaddr *>(&a), sizeof a);
    }

    void run()
    {
        pollfd lp{m_listen, POLLIN, 0};
        while (!m_quit && ::poll(&lp, 1, 50) <= 0) {
        }
        if (m_quit)
            return;
        const int client = ::accept4(m_listen, nullptr, nullptr, SOCK_CLOEXEC);
        const int server = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
        const sockaddr_in sa = loopback(m_serverPort);
        timeval tv{5, 0};
        ::setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
        ::setsockopt(server, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
        if (::connect(server, reinterpret_cast<const sockaddr *>(&sa), sizeof sa) != 0)
            return;
        // The opening: token, header (udp_port -> ours), reply (udp_port -> ours).
        const QByteArray token = readLine(client);
        QJsonObject header = QJsonDocument::fromJson(readLine(client)).object();
        const int clientUdp = header.value(QStringLiteral("udp_port")).toInt();
        const int clientProbe = header.value(QStringLiteral("probe_port")).toInt();
        header.insert(QStringLiteral("udp_port"), m_toServerPort);
        const QByteArray out = token + '\n' + QJsonDocument(header).toJson(QJsonDocument::Compact) + '\n';
        ::send(server, out.constData(), size_t(out.size()), MSG_NOSIGNAL);
        QJsonObject reply = QJsonDocument::fromJson(readLine(server)).object();
        const int serverUdp = reply.value(QStringLiteral("udp_port")).toInt();
        const QByteArray key = QByteArray::fromHex(reply.value(QStringLiteral("key")).toString().toLatin1());
        reply.insert(QStringLiteral("udp_port"), m_toClientPort);
        const QByteArray back = QJsonDocument(reply).toJson(QJsonDocument::Compact) + '\n';
        ::send(client, back.constData(), size_t(back.size()), MSG_NOSIGNAL);

        QByteArray held;
        bool holding = false, heldTwice = false;
        int index = 0;
        bool forged = false;
        char buf[65536];
        while (!m_quit) {
            if (!forged && m_forge > 0 && clientProbe > 0 && key.size() == 8) {
                // The key as the agent writes it (host order), a sequence, a time.
                QByteArray probe(64, 'f');
                quint64 k = 0;
                for (int i = 0; i < 8; ++i)
                    k = (k << 8) | quint8(key[i]);
                std::memcpy(probe.data(), &k, 8);
                int forger = -1, forgerPort = 0;
                forger = udpSocket(&forgerPort);
                for (int i = 0; i < m_forge; ++i) {
                    const quint64 seq = 1000000 + quint64(i);
                    std::memcpy(probe.data() + 8, &seq, 8);
                    sendTo(forger, probe, clientProbe);
                    ++forgedProbes;
                }
                ::close(forger);
                forged = true;
            }
            pollfd p[4] = {{client, POLLIN, 0}, {server, POLLIN, 0}, {m_toClient, POLLIN, 0}, {m_toServer, POLLIN, 0}};
            const int r = ::poll(p, 4, 20);
            if (r == 0 && holding) {
                // Nothing came after it: it goes in order after all.
                for (int c = 0; c < (heldTwice ? 2 : 1); ++c)
                    sendTo(m_toServer, held, serverUdp);
                duplicated += heldTwice ? 1 : 0;
                ++forwarded;
                holding = false;
            }
            for (int i = 0; i < 2; ++i) {
                if (!(p[i].revents & (POLLIN | POLLHUP)))
                    continue;
                const ssize_t n = ::recv(p[i].fd, buf, sizeof buf, MSG_DONTWAIT);
                if (n > 0)
                    ::send(i == 0 ? server : client, buf, size_t(n), MSG_NOSIGNAL);
                else if (n == 0)
                    ::shutdown(i == 0 ? server : client, SHUT_WR);
            }
            if (p[2].revents & POLLIN) { // the client's datagrams
                const ssize_t n = ::recv(m_toClient, buf, sizeof buf, MSG_DONTWAIT);
                if (n > 0) {
                    const QByteArray d(buf, n);
                    const int i = index++;
                    if (i % 50 == 49) {
                        ++dropped;
                    } else if (i % 7 == 3 && !holding) {
                        held = d;
                        heldTwice = i % 10 == 0;
                        holding = true;
                    } else {
                        const int copies = i % 10 == 0 ? 2 : 1;
                        for (int c = 0; c < copies; ++c)
                            sendTo(m_toServer, d, serverUdp);
                        duplicated += copies - 1;
                        ++forwarded;
                        if (holding) {
                            sendTo(m_toServer, held, serverUdp);
                            if (heldTwice) {
                                sendTo(m_toServer, held, serverUdp);
                                ++duplicated;
                            }
                            ++reordered;
                            ++forwarded;
                            holding = false;
                        }
                    }
                }
            }
            if (p[3].revents & POLLIN) { // the server's datagrams go back unharmed
                const ssize_t n = ::recv(m_toServer, buf, sizeof buf, MSG_DONTWAIT);
                if (n > 0)
                    sendTo(m_toClient, QByteArray(buf, n), clientUdp);
            }
        }
        ::close(client);
        ::close(server);
    }

    int m_serverPort = 0;
    int m_port = 0;
    int m_listen = -1, m_toClient = -1, m_toServer = -1;
    int m_toClientPort = 0, m_toServerPort = 0;
    std::atomic<int> m_forge{0};
    std::atomic<bool> m_quit{false};
    std::thread m_thread;
};

} // namespace wbtest
