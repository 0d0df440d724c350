// SPDX-License-Identifier: GPL-3.0-or-later
// Benchmark of wirebench-agent against the Debian peers on loopback, in the
// same run and alternating A B A B: tcp_rr 1/1 against `sockperf ping-pong
// --tcp` (blocking, and ours with busy_poll), udp_stream 64 B against
// `iperf3 -u -b 0 -l 64`, tcp_stream at 1 and 4 streams against `iperf3
// -P 1/-P 4` and with zero-copy sends against `iperf3 -Z`, and tcp_crr 1/1
// against `netperf -t TCP_CRR` when netperf is there (it is not packaged by
// Debian: shared/peers/build-netperf.sh DEST, then WB_NETPERF_DIR=DEST or
// DEST on PATH; without it that pair is left out, not failed). Reports medians,
// ratios, p99 latency and the CPU time each tool's processes used per
// transaction / packet / KB (getrusage of the reaped children).
//
//   bench_agent --smoke            one short round (CTest, label perf)
//   bench_agent [--rounds N] [--duration S] [--markdown FILE]   full mode

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QSysInfo>
#include <QTextStream>
#include <QThread>

#include <algorithm>
#include <arpa/inet.h>
#include <cstdio>
#include <netinet/in.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace {

QString g_agent = QStringLiteral(WB_BIN_DIR "/wirebench-agent");

struct Measure
{
    bool ok = false;
    QString error;
    double rate = 0;      // transactions/s, packets/s received, or bit/s received
    double p99 = 0;       // µs round trip (RR only)
    double cpuPerUnit = 0; // µs of the tool's own CPU (both ends) per transaction / packet sent / KB
    bool lossExact = true; // udp: sent − received equals the receiver's socket drops
    double probeShare = -1; // rrul: the probe threads' CPU over the bulk flow threads' (both ends)
};

double childCpuSeconds()
{
    rusage ru{};
    getrusage(RUSAGE_CHILDREN, &ru);
    return double(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) + double(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
}

int freePort()
{
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    ::bind(fd, reinterpret_cast<sockaddr *>(&a), sizeof a);
    socklen_t len = sizeof a;
    ::getsockname(fd, reinterpret_cast<sockaddr *>(&a), &len);
    ::close(fd);
    return ntohs(a.sin_port);
}

QByteArray runClient(const QString &program, const QStringList &args, int timeoutMs, QString *error)
{
    QProcess p;
    p.start(program, args);
    if (!p.waitForStarted(5000)) {
        *error = program + u" did not start"_s;
        return {};
    }
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished(2000);
        *error = program + u" timed out"_s;
        return {};
    }
    const QByteArray out = p.readAllStandardOutput();
    if (p.exitCode() != 0)
        *error = program + u" failed: "_s + QString::fromUtf8(p.readAllStandardError()).left(300);
    return out;
}

// Our agent: a `listen --once` server and a `run --json` client.
QJsonObject runAgent(const QStringList &runArgs, double duration, QString *error)
{
    // Both children inherit the token (the agent takes none on argv).
    if (qEnvironmentVariableIsEmpty("WIREBENCH_TOKEN")) {
        QByteArray token;
        for (int i = 0; i < 4; ++i)
            token += QByteArray::number(QRandomGenerator::system()->generate(), 16).rightJustified(8, '0');
        qputenv("WIREBENCH_TOKEN", token);
    }
    QProcess server;
    server.start(g_agent, {u"listen"_s, u"--bind"_s, u"127.0.0.1"_s, u"--port"_s, u"0"_s, u"--once"_s});
    QElapsedTimer t;
    t.start();
    while (!server.canReadLine() && t.elapsed() < 5000)
        server.waitForReadyRead(100);
    const QByteArray first = server.readLine().trimmed();
    const QString port = QString::fromUtf8(first.split(' ').last());
    QStringList args = {u"run"_s};
    args << runArgs.first() << u"--to"_s << u"127.0.0.1:"_s + port << u"-l"_s << QString::number(duration)
         << u"--set"_s << u"interval_s=0"_s << u"--json"_s << runArgs.mid(1);
    const QByteArray out = runClient(g_agent, args, int(duration * 1000) + 20000, error);
    if (!server.waitForFinished(10000)) {
        server.kill(); // our own child, by its PID
        server.waitForFinished(2000);
    }
    const QJsonObject o = QJsonDocument::fromJson(out).object();
    if (error->isEmpty() && o.value(u"type"_s).toString() != u"result"_s)
        *error = u"agent: "_s + QString::fromUtf8(out.left(300));
    return o.value(u"record"_s).toObject();
}

double metric(const QJsonObject &record, const QString &name, const QString &side)
{
    for (const auto &v : record.value(u"metrics"_s).toArray()) {
        const QJsonObject m = v.toObject();
        if (m.value(u"name"_s).toString() == name && m.value(u"side"_s).toString() == side)
            return m.value(u"value"_s).toDouble();
    }
    return 0;
}

Measure oursTcpRr(double duration, bool busy)
{
    Measure m;
    const double cpu0 = childCpuSeconds();
    QStringList args{u"tcp_rr"_s, u"-r"_s, u"1,1"_s};
    if (busy)
        args << u"--busy-poll"_s;
    const QJsonObject rec = runAgent(args, duration, &m.error);
    const double cpu = childCpuSeconds() - cpu0;
    if (!m.error.isEmpty())
        return m;
    m.rate = metric(rec, u"transactions_per_s"_s, u"client"_s);
    m.p99 = metric(rec, u"latency_us_p99"_s, u"client"_s);
    const double n = rec.value(u"extra"_s).toObject().value(u"transactions"_s).toDouble();
    m.cpuPerUnit = n > 0 ? cpu * 1e6 / n : 0;
    m.ok = m.rate > 0;
    return m;
}

Measure oursTcpCrr(double duration)
{
    Measure m;
    const double cpu0 = childCpuSeconds();
    const QJsonObject rec = runAgent({u"tcp_crr"_s, u"-r"_s, u"1,1"_s}, duration, &m.error);
    const double cpu = childCpuSeconds() - cpu0;
    if (!m.error.isEmpty())
        return m;
    m.rate = metric(rec, u"connections_per_s"_s, u"client"_s);
    m.p99 = metric(rec, u"latency_us_p99"_s, u"client"_s);
    const double n = rec.value(u"extra"_s).toObject().value(u"transactions"_s).toDouble();
    m.cpuPerUnit = n > 0 ? cpu * 1e6 / n : 0;
    m.ok = m.rate > 0;
    return m;
}

// netperf and netserver from WB_NETPERF_DIR, else from PATH; empty when absent.
QString netperfTool(const QString &name)
{
    const QString dir = qEnvironmentVariable("WB_NETPERF_DIR");
    if (!dir.isEmpty() && QFileInfo(dir + u'/' + name).isExecutable())
        return dir + u'/' + name;
    return QStandardPaths::findExecutable(name);
}

Measure netperfTcpCrr(double duration)
{
    Measure m;
    const QString netperf = netperfTool(u"netperf"_s), netserver = netperfTool(u"netserver"_s);
    if (netperf.isEmpty() || netserver.isEmpty()) {
        m.error = u"netperf is not built (shared/peers/build-netperf.sh DEST; WB_NETPERF_DIR=DEST)"_s;
        return m;
    }
    const double cpu0 = childCpuSeconds();
    const QString port = QString::number(freePort());
    QProcess server;
    // -f: the test runs in netserver itself, not in a child it never
    // reaps, so its CPU time reaches ours like the agent's serving end.
    server.start(netserver, {u"-D"_s, u"-f"_s, u"-L"_s, u"127.0.0.1"_s, u"-p"_s, port});
    if (!server.waitForStarted(5000)) {
        m.error = u"netserver did not start"_s;
        return m;
    }
    QThread::msleep(300);
    const QByteArray out = runClient(netperf, {u"-H"_s, u"127.0.0.1"_s, u"-p"_s, port, u"-t"_s, u"TCP_CRR"_s,
                                               u"-l"_s, QString::number(duration), u"-P"_s, u"0"_s, u"--"_s, u"-r"_s,
                                               u"1,1"_s, u"-k"_s, u"THROUGHPUT,P99_LATENCY,ELAPSED_TIME"_s},
                                     int(duration * 1000) + 20000, &m.error);
    server.terminate(); // our own child, by its PID
    if (!server.waitForFinished(5000)) {
        server.kill();
        server.waitForFinished(2000);
    }
    const double cpu = childCpuSeconds() - cpu0;
    const QString text = QString::fromUtf8(out);
    auto value = [&](const QString &key) {
        return QRegularExpression(u"^"_s + key + u"=([0-9.]+)"_s, QRegularExpression::MultilineOption)
            .match(text)
            .captured(1)
            .toDouble();
    };
    m.rate = value(u"THROUGHPUT"_s);
    m.p99 = value(u"P99_LATENCY"_s);
    const double n = m.rate * value(u"ELAPSED_TIME"_s); // each transaction a connection
    m.cpuPerUnit = n > 0 ? cpu * 1e6 / n : 0;
    m.ok = m.rate > 0;
    if (!m.ok && m.error.isEmpty())
        m.error = u"cannot read netperf's TCP_CRR result: "_s + text.left(300);
    return m;
}

Measure sockperfTcpRr(double duration)
{
    Measure m;
    const double cpu0 = childCpuSeconds();
    const QString port = QString::number(freePort());
    QProcess server;
    server.start(u"sockperf"_s, {u"server"_s, u"--tcp"_s, u"-i"_s, u"127.0.0.1"_s, u"-p"_s, port});
    if (!server.waitForStarted(5000)) {
        m.error = u"sockperf is not installed"_s;
        return m;
    }
    QThread::msleep(300);
    const QByteArray out = runClient(u"sockperf"_s, {u"ping-pong"_s, u"--tcp"_s, u"-i"_s, u"127.0.0.1"_s, u"-p"_s, port,
                                                     u"-t"_s, QString::number(duration), u"--full-rtt"_s},
                                     int(duration * 1000) + 20000, &m.error);
    server.terminate(); // our own child, by its PID
    if (!server.waitForFinished(5000)) {
        server.kill();
        server.waitForFinished(2000);
    }
    const double cpu = childCpuSeconds() - cpu0;
    const QString text = QString::fromUtf8(out);
    const auto valid = QRegularExpression(u"\\[Valid Duration\\] RunTime=([0-9.]+) sec; SentMessages=([0-9]+)"_s).match(text);
    const auto total = QRegularExpression(u"\\[Total Run\\] RunTime=[0-9.]+ sec; Warm up time=[0-9]+ msec; SentMessages=([0-9]+)"_s).match(text);
    const auto p99 = QRegularExpression(u"percentile 99\\.000 =\\s*([0-9.]+)"_s).match(text);
    if (!valid.hasMatch() || !p99.hasMatch()) {
        if (m.error.isEmpty())
            m.error = u"cannot read sockperf's output"_s;
        return m;
    }
    m.rate = valid.captured(2).toDouble() / valid.captured(1).toDouble();
    m.p99 = p99.captured(1).toDouble();
    const double n = total.hasMatch() ? total.captured(1).toDouble() : valid.captured(2).toDouble();
    m.cpuPerUnit = n > 0 ? cpu * 1e6 / n : 0;
    m.ok = m.rate > 0;
    return m;
}

Measure oursUdp(double duration, int batch, bool gso = false)
{
    Measure m;
    const double cpu0 = childCpuSeconds();
    QStringList args{u"udp_stream"_s, u"-m"_s, u"64"_s, u"-S"_s, u"4194304"_s, u"--set"_s, u"batch=%1"_s.arg(batch)};
    if (gso)
        args << u"--gso"_s;
    const QJsonObject rec = runAgent(args, duration, &m.error);
    const double cpu = childCpuSeconds() - cpu0;
    if (!m.error.isEmpty())
        return m;
    m.rate = metric(rec, u"packets_per_s"_s, u"server"_s);
    const double sent = metric(rec, u"messages"_s, u"client"_s);
    const QJsonObject extra = rec.value(u"extra"_s).toObject();
    m.lossExact = extra.value(u"lost"_s).toInteger() == extra.value(u"server_socket_drops"_s).toInteger();
    m.cpuPerUnit = sent > 0 ? cpu * 1e6 / sent : 0;
    m.ok = m.rate > 0;
    return m;
}

QJsonObject runIperf(const QStringList &clientArgs, double duration, QString *error)
{
    const QString port = QString::number(freePort());
    QProcess server;
    server.start(u"iperf3"_s, {u"-s"_s, u"-1"_s, u"-B"_s, u"127.0.0.1"_s, u"-p"_s, port});
    if (!server.waitForStarted(5000)) {
        *error = u"iperf3 is not installed"_s;
        return {};
    }
    QThread::msleep(200);
    const QByteArray out = runClient(u"iperf3"_s,
                                     QStringList{u"-c"_s, u"127.0.0.1"_s, u"-p"_s, port, u"-t"_s, QString::number(duration),
                                                 u"--json"_s} + clientArgs,
                                     int(duration * 1000) + 20000, error);
    if (!server.waitForFinished(10000)) {
        server.kill(); // our own child, by its PID
        server.waitForFinished(2000);
    }
    return QJsonDocument::fromJson(out).object().value(u"end"_s).toObject();
}

Measure iperfUdp(double duration)
{
    Measure m;
    const double cpu0 = childCpuSeconds();
    const QJsonObject end = runIperf({u"-u"_s, u"-b"_s, u"0"_s, u"-l"_s, u"64"_s}, duration, &m.error);
    const double cpu = childCpuSeconds() - cpu0;
    const QJsonObject rx = end.value(u"sum_received"_s).toObject();
    const double seconds = rx.value(u"seconds"_s).toDouble();
    if (seconds <= 0) {
        if (m.error.isEmpty())
            m.error = u"cannot read iperf3's UDP result"_s;
        return m;
    }
    m.rate = rx.value(u"bytes"_s).toDouble() / 64.0 / seconds;
    const double sent = end.value(u"sum"_s).toObject().value(u"packets"_s).toDouble();
    m.cpuPerUnit = sent > 0 ? cpu * 1e6 / sent : 0;
    m.ok = m.rate > 0;
    return m;
}

// tcp_stream with `streams` parallel streams (iperf3 -P), and a zero-copy
// path (`zerocopy`: MSG_ZEROCOPY, `sendfile`: iperf3 -Z's) when named; the
// receiver's summed figure.
Measure oursTcp(double duration, int streams = 1, const QString &zeroCopyPath = {})
{
    Measure m;
    const double cpu0 = childCpuSeconds();
    QStringList args{u"tcp_stream"_s, u"-P"_s, QString::number(streams)};
    if (!zeroCopyPath.isEmpty())
        args << u"--set"_s << zeroCopyPath + u"=true"_s;
    const QJsonObject rec = runAgent(args, duration, &m.error);
    const double cpu = childCpuSeconds() - cpu0;
    if (!m.error.isEmpty())
        return m;
    m.rate = metric(rec, u"throughput_bps"_s, u"server"_s);
    const double kb = metric(rec, u"bytes"_s, u"server"_s) / 1024.0;
    m.cpuPerUnit = kb > 0 ? cpu * 1e6 / kb : 0;
    m.ok = m.rate > 0;
    return m;
}

// rrul's bulk flows (4 each way) with its probes every probeMs: the rate
// is both directions' received throughput, the CPU both agents' per KB
// moved. probeMs 10000 sends one probe of each kind at the start and none
// after: the same flows and code without the probe.
Measure oursRrul(double duration, int probeMs)
{
    Measure m;
    const double cpu0 = childCpuSeconds();
    const QJsonObject rec = runAgent({u"rrul"_s, u"--set"_s, u"idle_s=0.1"_s, u"--set"_s, u"streams=4"_s, u"--set"_s,
                                      u"probe_interval_ms=%1"_s.arg(probeMs)},
                                     duration, &m.error);
    const double cpu = childCpuSeconds() - cpu0;
    if (!m.error.isEmpty())
        return m;
    m.rate = metric(rec, u"throughput_bps"_s, u"server"_s) + metric(rec, u"reverse_throughput_bps"_s, u"client"_s);
    const double kb = (metric(rec, u"bytes"_s, u"server"_s) + metric(rec, u"reverse_bytes"_s, u"client"_s)) / 1024.0;
    m.cpuPerUnit = kb > 0 ? cpu * 1e6 / kb : 0;
    m.p99 = metric(rec, u"loaded_udp_latency_us_p99"_s, u"client"_s);
    const QJsonObject threads = rec.value(u"extra"_s).toObject().value(u"thread_cpu_s"_s).toObject();
    const QJsonObject serverThreads = threads.value(u"server"_s).toObject();
    const double flows = threads.value(u"flows"_s).toDouble() + serverThreads.value(u"flows"_s).toDouble();
    if (flows > 0)
        m.probeShare = (threads.value(u"probes"_s).toDouble() + serverThreads.value(u"probes"_s).toDouble()) / flows;
    m.ok = m.rate > 0;
    return m;
}

// iperf3 -P streams; -Z (sendfile from a mapped file) when zerocopy.
Measure iperfTcp(double duration, int streams = 1, bool zerocopy = false)
{
    Measure m;
    const double cpu0 = childCpuSeconds();
    QStringList args{u"-P"_s, QString::number(streams)};
    if (zerocopy)
        args << u"-Z"_s;
    const QJsonObject end = runIperf(args, duration, &m.error);
    const double cpu = childCpuSeconds() - cpu0;
    const QJsonObject rx = end.value(u"sum_received"_s).toObject();
    m.rate = rx.value(u"bits_per_second"_s).toDouble();
    const double kb = rx.value(u"bytes"_s).toDouble() / 1024.0;
    m.cpuPerUnit = kb > 0 ? cpu * 1e6 / kb : 0;
    m.ok = m.rate > 0;
    if (!m.ok && m.error.isEmpty())
        m.error = u"cannot read iperf3's TCP result"_s;
    return m;
}

double median(QList<double> v)
{
    if (v.isEmpty())
        return 0;
    std::sort(v.begin(), v.end());
    return v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
}

struct Series
{
    QString name;
    std::function<Measure()> run;
    QList<Measure> results = {};
    double medRate() const
    {
        QList<double> v;
        for (const auto &m : results)
            v << m.rate;
        return median(v);
    }
    double medP99() const
    {
        QList<double> v;
        for (const auto &m : results)
            v << m.p99;
        return median(v);
    }
    double medProbeShare() const
    {
        QList<double> v;
        for (const auto &m : results)
            if (m.probeShare >= 0)
                v << m.probeShare;
        return v.isEmpty() ? -1 : median(v);
    }
    double medCpu() const
    {
        QList<double> v;
        for (const auto &m : results)
            v << m.cpuPerUnit;
        return median(v);
    }
};

// The 1-minute load average, to print beside the figures: on a shared
// host the ratios mean little when it is above the number of CPUs.
QString loadAverage()
{
    QFile f(u"/proc/loadavg"_s);
    if (!f.open(QIODevice::ReadOnly))
        return u"unknown"_s;
    return QString::fromLatin1(f.readAll()).section(u' ', 0, 0);
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    const bool smoke = args.contains(u"--smoke"_s);
    int rounds = smoke ? 1 : 3;
    double duration = smoke ? 1.0 : 5.0;
    QString markdown;
    QStringList only;
    if (args.contains(u"--help"_s) || args.contains(u"-h"_s)) {
        std::printf("usage: bench_agent [--smoke] [--rounds N] [--duration S] [--only TEXT]... [--markdown FILE]\n"
                    "                   [--agent PATH]\n"
                    "Runs wirebench-agent and its peers (sockperf, iperf3; netperf from WB_NETPERF_DIR or\n"
                    "PATH when built) alternately on loopback\n"
                    "and prints medians and ratios. --only keeps the pairs whose name contains TEXT\n"
                    "(e.g. --only busy_poll).\n");
        return 0;
    }
    for (int i = 1; i < args.size(); ++i) {
        if (args[i] == u"--rounds"_s && i + 1 < args.size())
            rounds = args[++i].toInt();
        else if (args[i] == u"--duration"_s && i + 1 < args.size())
            duration = args[++i].toDouble();
        else if (args[i] == u"--markdown"_s && i + 1 < args.size())
            markdown = args[++i];
        else if (args[i] == u"--agent"_s && i + 1 < args.size())
            g_agent = args[++i];
        else if (args[i] == u"--only"_s && i + 1 < args.size())
            only << args[++i];
        else if (args[i] != u"--smoke"_s) {
            std::fprintf(stderr, "bench_agent: unknown argument %s (see --help)\n", qPrintable(args[i]));
            return 2;
        }
    }
    if (qEnvironmentVariableIsSet("WIREBENCH_AGENT"))
        g_agent = qEnvironmentVariable("WIREBENCH_AGENT");

    // Pairs measured alternately; the first of each pair is ours.
    QList<std::pair<Series, Series>> pairs;
    pairs.append({Series{u"tcp_rr 1/1 (wirebench-agent, blocking)"_s, [=] { return oursTcpRr(duration, false); }},
                  Series{u"sockperf ping-pong --tcp"_s, [=] { return sockperfTcpRr(duration); }}});
    pairs.append({Series{u"tcp_rr 1/1 (wirebench-agent, busy_poll)"_s, [=] { return oursTcpRr(duration, true); }},
                  Series{u"sockperf ping-pong --tcp"_s, [=] { return sockperfTcpRr(duration); }}});
    pairs.append({Series{u"udp_stream 64 B received (wirebench-agent, batch 32)"_s, [=] { return oursUdp(duration, 32); }},
                  Series{u"iperf3 -u -b 0 -l 64 received"_s, [=] { return iperfUdp(duration); }}});
    pairs.append({Series{u"udp_stream 64 B received (wirebench-agent, gso, batch 32)"_s,
                         [=] { return oursUdp(duration, 32, true); }},
                  Series{u"iperf3 -u -b 0 -l 64 received"_s, [=] { return iperfUdp(duration); }}});
    pairs.append({Series{u"udp_stream 64 B received (wirebench-agent, batch 1)"_s, [=] { return oursUdp(duration, 1); }},
                  Series{u"iperf3 -u -b 0 -l 64 received"_s, [=] { return iperfUdp(duration); }}});
    pairs.append({Series{u"tcp_stream 1 stream (wirebench-agent)"_s, [=] { return oursTcp(duration, 1); }},
                  Series{u"iperf3 -P 1"_s, [=] { return iperfTcp(duration, 1); }}});
    pairs.append({Series{u"tcp_stream 4 streams (wirebench-agent)"_s, [=] { return oursTcp(duration, 4); }},
                  Series{u"iperf3 -P 4"_s, [=] { return iperfTcp(duration, 4); }}});
    pairs.append({Series{u"tcp_stream zerocopy (wirebench-agent, MSG_ZEROCOPY)"_s,
                         [=] { return oursTcp(duration, 1, u"zerocopy"_s); }},
                  Series{u"iperf3 -Z"_s, [=] { return iperfTcp(duration, 1, true); }}});
    pairs.append({Series{u"tcp_stream sendfile (wirebench-agent)"_s, [=] { return oursTcp(duration, 1, u"sendfile"_s); }},
                  Series{u"iperf3 -Z"_s, [=] { return iperfTcp(duration, 1, true); }}});
    // The RRUL probe's cost: the same bulk flows with and without it, CPU per KB compared below.
    pairs.append({Series{u"rrul 4+4 flows with probes every 200 ms"_s, [=] { return oursRrul(duration, 200); }},
                  Series{u"rrul 4+4 flows without probes"_s, [=] { return oursRrul(duration, 10000); }}});
    // netperf is never a test or CI dependency: without it this pair is left out.
    if (!netperfTool(u"netperf"_s).isEmpty() && !netperfTool(u"netserver"_s).isEmpty())
        pairs.append({Series{u"tcp_crr 1/1 connections (wirebench-agent)"_s, [=] { return oursTcpCrr(duration); }},
                      Series{u"netperf -t TCP_CRR -r 1,1"_s, [=] { return netperfTcpCrr(duration); }}});
    else
        std::fprintf(stderr, "bench_agent: netperf not found (WB_NETPERF_DIR or PATH): tcp_crr vs TCP_CRR left out\n");

    if (!only.isEmpty()) {
        pairs.removeIf([&](const std::pair<Series, Series> &p) {
            return std::none_of(only.cbegin(), only.cend(), [&](const QString &t) { return p.first.name.contains(t); });
        });
        if (pairs.isEmpty()) {
            std::fprintf(stderr, "bench_agent: no benchmark matches --only\n");
            return 2;
        }
    }

    const QString loadBefore = loadAverage();
    bool failed = false;
    for (auto &[ours, peer] : pairs) {
        for (int r = 0; r < rounds; ++r) {
            // A B, then B A: neither side always runs first.
            Series *order[2] = {&ours, &peer};
            if (r % 2)
                std::swap(order[0], order[1]);
            for (Series *s : order) {
                const Measure m = s->run();
                if (!m.ok) {
                    std::fprintf(stderr, "%s: %s\n", qPrintable(s->name), qPrintable(m.error));
                    failed = true;
                }
                if (!m.lossExact) {
                    std::fprintf(stderr, "%s: sent - received differs from the receiver's socket drops\n",
                                 qPrintable(s->name));
                    failed = true;
                }
                // A tripwire, not the goal: the probes' own threads use about
                // 0.1 % of the flows' CPU; 10 % means they spin or wake far too often.
                if (m.ok && s->name.startsWith(u"rrul"_s) && (m.probeShare < 0 || m.probeShare > 0.10)) {
                    std::fprintf(stderr, "%s: the probe threads used %.2f %% of the bulk flows' CPU (tripwire 10 %%)\n",
                                 qPrintable(s->name), m.probeShare * 100);
                    failed = true;
                }
                s->results.append(m);
                std::fprintf(stderr, "  %-55s %14.1f  p99 %8.1f us  cpu %8.3f us/unit\n", qPrintable(s->name), m.rate,
                             m.p99, m.cpuPerUnit);
            }
        }
    }

    QString out;
    QTextStream ts(&out);
    ts << "Machine: " << QSysInfo::prettyProductName() << ", kernel " << QSysInfo::kernelVersion() << ", "
       << sysconf(_SC_NPROCESSORS_ONLN) << " CPUs; " << rounds << " alternating rounds of " << duration
       << " s; medians. Load average before " << loadBefore << ", after " << loadAverage() << ".\n\n";
    ts << "| test | wirebench-agent | peer | ratio | p99 ours / peer (us) | CPU us/unit ours / peer |\n";
    ts << "|---|---|---|---|---|---|\n";
    for (const auto &[ours, peer] : pairs) {
        const double ratio = peer.medRate() > 0 ? ours.medRate() / peer.medRate() : 0;
        ts << "| " << ours.name << " vs " << peer.name << " | " << QString::number(ours.medRate(), 'f', 0) << " | "
           << QString::number(peer.medRate(), 'f', 0) << " | " << QString::number(ratio, 'f', 2) << " | ";
        if (ours.medP99() > 0)
            ts << QString::number(ours.medP99(), 'f', 1) << " / " << QString::number(peer.medP99(), 'f', 1);
        ts << " | " << QString::number(ours.medCpu(), 'f', 3) << " / " << QString::number(peer.medCpu(), 'f', 3)
           << " |\n";
    }
    for (const auto &[ours, peer] : pairs)
        if (ours.name.startsWith(u"rrul"_s) && peer.medCpu() > 0)
        {
            ts << "\nRRUL probe, on its own threads: the probe threads' CPU time over the bulk flow threads' "
                  "(both ends, median over the rounds with probes): "
               << QString::number(ours.medProbeShare() * 100, 'f', 3) << " % (goal <= 2 %)\n";
            ts << "RRUL probe, A/B: the bulk flows' CPU per KB with the probes / without them (ratio of medians): "
               << QString::number(ours.medCpu() / peer.medCpu(), 'f', 3)
               << " (round-to-round noise is wider than 2 %)\n";
        }
    ts.flush();
    std::printf("%s", qPrintable(out));
    if (!markdown.isEmpty()) {
        QFile f(markdown);
        if (f.open(QIODevice::WriteOnly | QIODevice::Truncate))
            f.write(out.toUtf8());
    }
    return failed ? 1 : 0;
}
