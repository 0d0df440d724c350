// SPDX-License-Identifier: GPL-3.0-or-later
// A lab of many hosts: N network namespaces, each with an sshd on a
// management bridge and a NIC on a data switch (tests/integration/
// bridged_lab.sh, at most 240 hosts), and a plan of every ordered host pair
// running a 1 s tcp_rr. Measures the wall time against the ideal (each host
// in one test at a time: at most min(parallel, N/2) tests at once), the time
// each test adds beyond its duration (from the slots' use, and each test's
// own start-to-result time), and the controller's memory per host session
// (RSS once every host has a session, and the peak during the plan, each
// minus RSS before it, over N).
//   bench_manyhosts                 smoke mode (CTest): 4 hosts
//   bench_manyhosts --hosts 16,32   the figures in docs/perf/manyhosts.md
// Needs root (namespaces); exits 77 (skipped) otherwise. Holds
// /tmp/wirebench-netns.lock while its lab is up, like the other namespace
// tests (they use the same addresses).

#include "config/fixedhostkeypolicy.h"
#include "remote/agentlocator.h"
#include "run/orchestrator.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QHash>
#include <QJsonArray>
#include <QJsonObject>
#include <QProcess>
#include <QScopeGuard>
#include <QSet>
#include <QTemporaryDir>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace {

const QString kLab = QStringLiteral(WB_SOURCE_DIR "/tests/integration/bridged_lab.sh");
constexpr int kMaxHosts = 240; // bridged_lab.sh's largest lab
constexpr double kDurationS = 1.0;
constexpr int kMaxParallel = 8;

double rssMiB()
{
    QFile f(u"/proc/self/status"_s);
    if (!f.open(QIODevice::ReadOnly))
        return 0;
    for (const QByteArray &line : f.readAll().split('\n'))
        if (line.startsWith("VmRSS:"))
            return line.mid(6).trimmed().split(' ').first().toDouble() / 1024.0;
    return 0;
}

bool lab(const QStringList &args)
{
    QProcess p;
    p.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    p.start(u"bash"_s, QStringList{kLab} + args);
    if (!p.waitForFinished(300000)) {
        p.kill();
        p.waitForFinished(5000);
        return false;
    }
    return p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
}

struct Outcome
{
    int tests = 0;
    int finished = 0;
    int failed = 0;
    double wallS = 0;       // start to end, connecting included
    double runS = 0;        // first test start to end
    double rssBeforeMiB = 0;
    double rssPeakMiB = 0;
    double rssAllConnectedMiB = 0; // when the last host began its first test
    QList<double> testS;           // each test from its start to its result
};

double quantile(QList<double> v, double q)
{
    if (v.isEmpty())
        return 0;
    std::sort(v.begin(), v.end());
    return v.at(std::min<qsizetype>(v.size() - 1, qsizetype(q * double(v.size()))));
}

// One KEY=VALUE of the host<i>.env that bridged_lab.sh wrote.
QString labValue(const QString &dir, int host, const QString &key)
{
    QFile f(dir + u"/host%1.env"_s.arg(host));
    if (f.open(QIODevice::ReadOnly))
        for (const QByteArray &line : f.readAll().split('\n'))
            if (line.startsWith(key.toUtf8() + '='))
                return QString::fromUtf8(line.mid(key.size() + 1));
    std::fprintf(stderr, "bench_manyhosts: %s has no %s for host %d\n", qPrintable(dir), qPrintable(key), host);
    std::exit(2);
}

Outcome runMatrix(int n, const QString &dir)
{
    QJsonObject hosts;
    for (int i = 1; i <= n; ++i)
        hosts.insert(u"h%1"_s.arg(i),
                     QJsonObject{{u"transport"_s, u"ssh"_s}, {u"ssh_address"_s, labValue(dir, i, u"SSH"_s)},
                                 {u"port"_s, 22}, {u"address"_s, labValue(dir, i, u"DATA"_s)}, {u"user"_s, u"root"_s},
                                 {u"identity_file"_s, dir + u"/client_ed25519"_s}});
    QJsonArray tests;
    for (int c = 1; c <= n; ++c)
        for (int s = 1; s <= n; ++s)
            if (c != s)
                tests.append(QJsonObject{{u"name"_s, u"h%1-h%2"_s.arg(c).arg(s)}, {u"kind"_s, u"tcp_rr"_s},
                                         {u"client"_s, u"h%1"_s.arg(c)}, {u"server"_s, u"h%1"_s.arg(s)},
                                         {u"duration_s"_s, kDurationS}});
    QString error;
    auto plan = wb::Plan::fromJson(QJsonObject{{u"name"_s, u"matrix"_s}, {u"hosts"_s, hosts}, {u"tests"_s, tests}},
                                   &error);
    if (!plan) {
        std::fprintf(stderr, "bench_manyhosts: %s\n", qPrintable(error));
        std::exit(2);
    }
    QTemporaryDir home;
    QDir(home.path()).mkpath(u"ssh"_s);
    wb::SshOptions options;
    options.sshDir = home.filePath(u"ssh"_s);
    options.userKnownHostsFile = home.filePath(u"ssh/known_hosts"_s);
    options.wirebenchKnownHostsFile = home.filePath(u"known_hosts"_s);
    options.agentSocket = home.filePath(u"no-agent.sock"_s);
    options.localAgentPath = wb::locateAgent();
    wb::FixedHostKeyPolicy policy(wb::HostKeyDecision::TrustOnce);
    wb::Orchestrator o(*plan, wb::Orchestrator::labFactory(options, &policy, nullptr));
    o.setMaxParallel(kMaxParallel);
    Outcome out;
    out.tests = int(tests.size());
    QElapsedTimer wall, fromFirst;
    QTimer sampler;
    sampler.setInterval(200);
    QObject::connect(&sampler, &QTimer::timeout, &o, [&] { out.rssPeakMiB = std::max(out.rssPeakMiB, rssMiB()); });
    QHash<QString, qint64> startedMs; // by test name, on the wall clock
    QSet<QString> hostsStarted;
    QObject::connect(&o, &wb::Orchestrator::caseStarted, &o, [&](const wb::TestCase &c, int) {
        if (!fromFirst.isValid())
            fromFirst.start();
        startedMs.insert(c.name, wall.elapsed());
        hostsStarted << c.client.host << c.server.host;
        if (hostsStarted.size() == n && out.rssAllConnectedMiB == 0)
            out.rssAllConnectedMiB = rssMiB();
    });
    QObject::connect(&o, &wb::Orchestrator::caseFinished, &o, [&](const wb::CaseResult &r) {
        if (startedMs.contains(r.testCase.name))
            out.testS.append((wall.elapsed() - startedMs.value(r.testCase.name)) / 1000.0);
        if (r.status != u"finished"_s)
            std::fprintf(stderr, "  %s: %s: %s\n", qPrintable(r.testCase.name), qPrintable(r.status),
                         qPrintable(r.error));
    });
    QObject::connect(&o, &wb::Orchestrator::planFinished, &o, [&](int ok, int failed, int cancelled) {
        out.finished = ok;
        out.failed = failed + cancelled;
        out.runS = fromFirst.isValid() ? fromFirst.elapsed() / 1000.0 : 0;
        out.wallS = wall.elapsed() / 1000.0;
        out.rssPeakMiB = std::max(out.rssPeakMiB, rssMiB());
        QCoreApplication::exit(0);
    });
    // Bounded: three times the ideal and two minutes for connecting.
    const int concurrency = std::min(kMaxParallel, n / 2);
    const int boundMs = int(3 * out.tests * kDurationS / concurrency * 1000) + 120000;
    QTimer::singleShot(boundMs, &o, [&] {
        std::fprintf(stderr, "bench_manyhosts: %d hosts still running after %d s; cancelling\n", n, boundMs / 1000);
        o.cancel();
    });
    out.rssBeforeMiB = rssMiB();
    wall.start();
    sampler.start();
    QTimer::singleShot(0, &o, &wb::Orchestrator::start);
    QCoreApplication::exec();
    return out;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    if (::geteuid() != 0) {
        std::fprintf(stderr, "bench_manyhosts: network namespaces need root; skipped\n");
        return 77;
    }
    QList<int> sizes{4};
    const QStringList args = app.arguments();
    if (const qsizetype i = args.indexOf(u"--hosts"_s); i >= 0 && i + 1 < args.size()) {
        sizes.clear();
        for (const QString &s : args.at(i + 1).split(u','))
            if (const int n = s.toInt(); n >= 2 && n <= kMaxHosts)
                sizes << n;
        if (sizes.isEmpty()) {
            std::fprintf(stderr, "bench_manyhosts: --hosts takes sizes from 2 to %d, comma-separated\n", kMaxHosts);
            return 2;
        }
    }
    // The other namespace tests use the same addresses: one lab at a time
    // (a bounded wait for the lock, as `flock` gives the others).
    const int lockFd = ::open("/tmp/wirebench-netns.lock", O_CREAT | O_RDWR | O_CLOEXEC, 0644);
    bool locked = false;
    for (int i = 0; lockFd >= 0 && i < 600 && !(locked = ::flock(lockFd, LOCK_EX | LOCK_NB) == 0); ++i)
        ::usleep(500000);
    if (!locked) {
        std::fprintf(stderr, "bench_manyhosts: /tmp/wirebench-netns.lock stayed taken for 5 minutes\n");
        return 1;
    }
    QTemporaryDir tmp;
    const QString dir = tmp.filePath(u"lab"_s);
    int bad = 0;
    for (const int n : sizes) {
        if (!lab({u"start"_s, dir, QString::number(n)})) {
            std::fprintf(stderr, "bench_manyhosts: the %d-host lab did not come up\n", n);
            lab({u"stop"_s, dir});
            return 1;
        }
        const auto stop = qScopeGuard([&] { lab({u"stop"_s, dir}); });
        const Outcome r = runMatrix(n, dir);
        const int concurrency = std::min(kMaxParallel, n / 2);
        const double idealS = r.tests * kDurationS / concurrency;
        const double overheadMs = (r.runS * concurrency / r.tests - kDurationS) * 1000;
        std::printf("%d hosts, %d tcp_rr tests of %.0f s, at most %d at once: %d finished, %d failed; "
                    "%.1f s from the first test (ideal %.1f s, x%.2f), %.1f s with connecting; "
                    "%.1f ms per test beyond its duration; controller RSS %.1f -> %.1f MiB, %.2f MiB per host session\n",
                    n, r.tests, kDurationS, concurrency, r.finished, r.failed, r.runS, idealS, r.runS / idealS, r.wallS,
                    overheadMs, r.rssBeforeMiB, r.rssPeakMiB, (r.rssPeakMiB - r.rssBeforeMiB) / n);
        // Where the time went: a test's own start-to-result time beyond its
        // duration, and how many tests ran at once on average (the rest of
        // the gap to the ideal is slots left empty by the pairing).
        double sumS = 0;
        for (const double t : r.testS)
            sumS += t;
        std::printf("  each test start to result: median %.0f ms, p90 %.0f ms beyond its %.0f s; %.2f tests at once "
                    "on average (of %d); RSS with every host's session open %.1f MiB, %.2f MiB per host session\n",
                    (quantile(r.testS, 0.5) - kDurationS) * 1000, (quantile(r.testS, 0.9) - kDurationS) * 1000,
                    kDurationS, r.runS > 0 ? sumS / r.runS : 0, concurrency, r.rssAllConnectedMiB,
                    (r.rssAllConnectedMiB - r.rssBeforeMiB) / n);
        std::fflush(stdout);
        if (r.finished != r.tests)
            ++bad;
    }
    return bad == 0 ? 0 : 1;
}
