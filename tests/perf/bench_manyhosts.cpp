// SPDX-License-Identifier: GPL-3.0-or-later
// A lab of many hosts: N network namespaces, each with an sshd on a
// management bridge and a NIC on a data switch (tests/integration/
// bridged_lab.sh, at most 53 hosts), and a plan of every ordered host pair
// running a 1 s tcp_rr. Measures the wall time against the ideal (each host
// in one test at a time: at most min(parallel, N/2) tests at once), the time
// each test adds beyond its duration, and the controller's memory per host
// session (peak RSS during the plan minus RSS before it, over N).
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
#include <QJsonArray>
#include <QJsonObject>
#include <QProcess>
#include <QScopeGuard>
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
constexpr int kMaxHosts = 53; // the lab's data /26
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
};

Outcome runMatrix(int n, const QString &dir)
{
    QJsonObject hosts;
    for (int i = 1; i <= n; ++i)
        hosts.insert(u"h%1"_s.arg(i),
                     QJsonObject{{u"transport"_s, u"ssh"_s}, {u"ssh_address"_s, u"198.51.100.%1"_s.arg(130 + i)},
                                 {u"port"_s, 22}, {u"address"_s, u"198.51.100.%1"_s.arg(10 + i)}, {u"user"_s, u"root"_s},
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
    QObject::connect(&o, &wb::Orchestrator::caseStarted, &o, [&](const wb::TestCase &, int) {
        if (!fromFirst.isValid())
            fromFirst.start();
    });
    QObject::connect(&o, &wb::Orchestrator::caseFinished, &o, [&](const wb::CaseResult &r) {
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
        std::fflush(stdout);
        if (r.finished != r.tests)
            ++bad;
    }
    return bad == 0 ? 0 : 1;
}
