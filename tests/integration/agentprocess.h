// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A real wirebench-agent child process driven line by line over its stdin
// and stdout, for tests: start it (optionally inside a network namespace),
// say hello, send requests, and wait for the messages of one request id.
// Test code may block; product code goes through core/remote instead.

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <functional>
#include <QList>
#include <QProcess>
#include <QRandomGenerator>
#include <QString>
#include <QStringList>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

class AgentProcess
{
public:
    explicit AgentProcess(const QString &netns = {}) : m_netns(netns) {}
    ~AgentProcess() { stop(); }

    bool start()
    {
        const QString agent = QStringLiteral(WB_BIN_DIR "/wirebench-agent");
        if (m_netns.isEmpty())
            m_proc.start(agent, {QStringLiteral("--stdio")});
        else
            m_proc.start(QStringLiteral("ip"), {QStringLiteral("netns"), QStringLiteral("exec"), m_netns, agent,
                                                QStringLiteral("--stdio")});
        if (!m_proc.waitForStarted(5000))
            return false;
        // As the controller: it takes a result's samples in "samples" messages.
        send(QJsonObject{{QStringLiteral("type"), QStringLiteral("hello")}, {QStringLiteral("id"), 1},
                         {QStringLiteral("protocol"), 1},
                         {QStringLiteral("capabilities"), QJsonArray{QStringLiteral("samples")}}});
        const QJsonObject h = waitFor(1, 5000);
        return h.value(QStringLiteral("type")).toString() == QStringLiteral("hello");
    }

    void stop()
    {
        if (m_proc.state() == QProcess::NotRunning)
            return;
        m_proc.closeWriteChannel();
        if (!m_proc.waitForFinished(5000)) {
            m_proc.kill();
            m_proc.waitForFinished(2000);
        }
    }

    void send(const QJsonObject &o) { sendRaw(QJsonDocument(o).toJson(QJsonDocument::Compact) + '\n'); }
    void sendRaw(const QByteArray &line) { m_proc.write(line); m_proc.waitForBytesWritten(2000); }

    // The next message with this id (samples included), or an empty object on timeout.
    QJsonObject waitFor(qint64 id, int timeoutMs)
    {
        QElapsedTimer t;
        t.start();
        for (;;) {
            for (int i = 0; i < m_pending.size(); ++i) {
                if (m_pending.at(i).value(QStringLiteral("id")).toInteger(-2) == id)
                    return m_pending.takeAt(i);
            }
            const qint64 left = timeoutMs - t.elapsed();
            if (left <= 0)
                return {};
            if (!readSome(static_cast<int>(left)))
                if (m_proc.state() == QProcess::NotRunning)
                    return {};
        }
    }

    // Collects messages of `id` until a final one (not "sample"/"listening"/
    // "samples"). As the controller does, the samples of "samples" messages
    // are put back into the final message's record (and counted in
    // *samplesArrived when given).
    QJsonObject waitFinal(qint64 id, int timeoutMs, QList<QJsonObject> *interim = nullptr,
                          qsizetype *samplesArrived = nullptr)
    {
        QElapsedTimer t;
        t.start();
        QJsonArray samples;
        for (;;) {
            QJsonObject m = waitFor(id, static_cast<int>(qMax<qint64>(0, timeoutMs - t.elapsed())));
            if (m.isEmpty())
                return m;
            const QString type = m.value(QStringLiteral("type")).toString();
            if (type == QStringLiteral("samples")) {
                for (const auto &s : m.value(QStringLiteral("samples")).toArray())
                    samples.append(s);
                continue;
            }
            if (type == QStringLiteral("sample") || type == QStringLiteral("listening")) {
                if (interim)
                    interim->append(m);
                continue;
            }
            if (samplesArrived)
                *samplesArrived = samples.size();
            if (m.contains(QStringLiteral("record"))) {
                QJsonObject rec = m.value(QStringLiteral("record")).toObject();
                QJsonArray all = samples;
                for (const auto &s : rec.value(QStringLiteral("samples")).toArray())
                    all.append(s);
                rec.insert(QStringLiteral("samples"), all);
                m.insert(QStringLiteral("record"), rec);
            }
            return m;
        }
    }

    QProcess &process() { return m_proc; }
    QList<QJsonObject> &pending() { return m_pending; }

    static QString newToken()
    {
        QString s;
        for (int i = 0; i < 4; ++i)
            s += QStringLiteral("%1").arg(QRandomGenerator::system()->generate(), 8, 16, QLatin1Char('0'));
        return s;
    }

private:
    bool readSome(int timeoutMs)
    {
        if (!m_proc.canReadLine() && !m_proc.waitForReadyRead(qMin(timeoutMs, 200)))
            return false;
        while (m_proc.canReadLine()) {
            const QByteArray line = m_proc.readLine();
            const QJsonObject o = QJsonDocument::fromJson(line).object();
            if (!o.isEmpty())
                m_pending.append(o);
        }
        return true;
    }

    QString m_netns;
    QProcess m_proc;
    QList<QJsonObject> m_pending;
};

// The controller's serve and run requests for a test between two agents on
// loopback, as a test sends them by hand.
inline QJsonObject serveRequest(qint64 id, const QString &kind, const QString &token, const QJsonObject &params)
{
    return {{QStringLiteral("type"), QStringLiteral("serve")}, {QStringLiteral("id"), id},
            {QStringLiteral("kind"), kind}, {QStringLiteral("token"), token},
            {QStringLiteral("bind"), QStringLiteral("127.0.0.1")}, {QStringLiteral("port"), 0},
            {QStringLiteral("params"), params}};
}

inline QJsonObject runRequest(qint64 id, const QString &kind, const QString &token, int port, const QJsonObject &params)
{
    return {{QStringLiteral("type"), QStringLiteral("run")}, {QStringLiteral("id"), id},
            {QStringLiteral("kind"), kind}, {QStringLiteral("token"), token},
            {QStringLiteral("to"), QStringLiteral("127.0.0.1")}, {QStringLiteral("port"), port},
            {QStringLiteral("params"), params}};
}

// What both ends said of one test.
struct TestOutcome
{
    QJsonObject serverListening;
    QJsonObject client; // final message of the run request
    QJsonObject server; // final message of the serve request
    QList<QJsonObject> clientSamples;
    QJsonObject clientRecord() const { return client.value(QStringLiteral("record")).toObject(); }
    QJsonObject serverRecord() const { return server.value(QStringLiteral("record")).toObject(); }
};

// Runs one test between two fresh agents on loopback (`address`: 127.0.0.1
// or ::1). `beforeRun` may poke the server first.
inline TestOutcome runPair(const QString &kind, const QJsonObject &params, const QJsonObject &serverParams = {},
                           const std::function<void(const QJsonObject &listening)> &beforeRun = {}, int timeoutMs = 30000,
                           const QString &address = QStringLiteral("127.0.0.1"))
{
    TestOutcome r;
    AgentProcess server, client;
    if (!server.start() || !client.start())
        return r;
    const QString token = AgentProcess::newToken();
    QJsonObject sp = params;
    for (auto it = serverParams.begin(); it != serverParams.end(); ++it)
        sp.insert(it.key(), it.value());
    QJsonObject serve = serveRequest(10, kind, token, sp);
    serve.insert(QStringLiteral("bind"), address);
    server.send(serve);
    r.serverListening = server.waitFor(10, 5000);
    if (r.serverListening.value(QStringLiteral("type")).toString() != QStringLiteral("listening")) {
        r.server = r.serverListening;
        return r;
    }
    if (beforeRun)
        beforeRun(r.serverListening);
    QJsonObject run = runRequest(20, kind, token, r.serverListening.value(QStringLiteral("port")).toInt(), params);
    run.insert(QStringLiteral("to"), address);
    client.send(run);
    r.client = client.waitFinal(20, timeoutMs, &r.clientSamples);
    r.server = server.waitFinal(10, 10000);
    return r;
}

inline QString describe(const QJsonObject &o)
{
    QJsonObject copy = o;
    copy.remove(QStringLiteral("record"));
    return QString::fromUtf8(QJsonDocument(copy).toJson(QJsonDocument::Compact));
}

// Metric lookup in a record's metrics array.
inline double recordMetric(const QJsonObject &record, const QString &name, const QString &side, bool *found = nullptr)
{
    const auto metrics = record.value(QStringLiteral("metrics")).toArray();
    for (const auto &m : metrics) {
        const QJsonObject o = m.toObject();
        if (o.value(QStringLiteral("name")).toString() == name && o.value(QStringLiteral("side")).toString() == side) {
            if (found)
                *found = true;
            return o.value(QStringLiteral("value")).toDouble();
        }
    }
    if (found)
        *found = false;
    return -1;
}

// A TCP connection to 127.0.0.1:port opened by hand, as a hostile or
// hand-made peer would: the descriptor, or -1.
inline int connectLoopbackTcp(int port)
{
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(static_cast<uint16_t>(port));
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (::connect(fd, reinterpret_cast<sockaddr *>(&a), sizeof a) != 0) {
        ::close(fd);
        return -1;
    }
    return fd;
}
