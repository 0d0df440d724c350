// SPDX-License-Identifier: GPL-3.0-or-later
// Store benchmark (docs/perf/store.md). Smoke mode (default, CI): a small
// database, checks results are right and prints figures. Full mode
// (--full, or WB_PERF_FULL=1): 100k runs with 10M samples, compared with the
// targets of issue 5. Optional --db PATH keeps the database for inspection;
// --ingest-db LOCATION ingests there instead of a temporary file (e.g. a
// postgresql:// URL of an empty database, for docs/perf/store-postgresql.md).

#include "store/inventorystore.h"
#include "../core/storeservicefixture.h"
#include "analysis/storecomparisonprovider.h"
#include "store/resultstore.h"
#include "store/runstore.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QTemporaryDir>

#include <algorithm>
#include <cstdio>
#include <ctime>

using namespace Qt::StringLiterals;

namespace {

struct Config
{
    int runs = 2000;
    int samplesPerRun = 100;
    int ingestRuns = 200;
    int ingestSamplesPerRun = 5000;
    int repeats = 5;
    bool full = false;
};

const QStringList kKinds{u"udp_stream"_s, u"tcp_stream"_s, u"tcp_rr"_s, u"udp_rr"_s};

wb::Inventory lab()
{
    wb::Inventory inv;
    for (int h = 0; h < 10; ++h) {
        wb::Host host;
        host.name = u"host%1"_s.arg(h);
        inv.hosts.append(host);
        wb::Nic nic;
        nic.hostName = host.name;
        nic.interfaceName = u"eth0"_s;
        nic.driver = QStringList{u"tulip"_s, u"eepro100"_s, u"3c59x"_s, u"tg3"_s}.at(h % 4);
        nic.vendor = u"vendor%1"_s.arg(h % 3);
        inv.nics.append(nic);
        wb::Cable c;
        c.label = u"C%1"_s.arg(h);
        c.lengthM = 1 + h * 7;
        inv.cables.append(c);
    }
    for (int s = 0; s < 3; ++s) {
        wb::NetworkSwitch sw;
        sw.name = u"sw%1"_s.arg(s);
        sw.kind = s == 0 ? wb::SwitchKind::Hub : wb::SwitchKind::StoreAndForward;
        inv.switches.append(sw);
    }
    for (int h = 0; h < 10; ++h) {
        wb::Link l;
        l.nicKey = u"host%1/eth0"_s.arg(h);
        l.cableLabel = u"C%1"_s.arg(h);
        l.switchName = u"sw%1"_s.arg(h % 3);
        l.switchPort = h + 1;
        inv.links.append(l);
    }
    return inv;
}

wb::StoredRun makeRun(int i, int samples, const QList<qint64> &nics, const QDateTime &base)
{
    wb::StoredRun r;
    r.plan = u"bench"_s;
    r.clientNicId = nics.at(i % nics.size());
    r.serverNicId = nics.at((i + 1) % nics.size());
    r.startedAt = base.addSecs(i);
    r.endedAt = r.startedAt.addSecs(10);
    r.record.kind = kKinds.at(i % kKinds.size());
    r.record.tool = u"wirebench-agent"_s;
    r.record.params = QJsonObject{{u"message_size_bytes"_s, double(64 << (i % 5))}, {u"duration_s"_s, 10}};
    const double v = 1e8 + (i % 97) * 1e5;
    r.record.addMetric(u"throughput_bps"_s, u"client"_s, v * 1.01);
    r.record.addMetric(u"throughput_bps"_s, u"server"_s, v);
    r.record.addMetric(u"messages"_s, u"client"_s, 1e6);
    r.record.addMetric(u"messages"_s, u"server"_s, 9.9e5);
    r.record.addMetric(u"loss_ratio"_s, QString(), 0.01);
    r.record.addMetric(u"cpu_util_pct"_s, u"client"_s, 30);
    r.record.addMetric(u"cpu_util_pct"_s, u"server"_s, 40);
    r.record.addMetric(u"elapsed_s"_s, QString(), 10);
    r.record.samples.reserve(samples);
    for (int s = 0; s < samples; ++s)
        r.record.samples.append(wb::Sample{s * 0.1, s % 2 ? u"client"_s : u"server"_s, u"throughput_bps"_s, v + s});
    return r;
}

// CPU time of this thread: unlike wall time, it does not grow when other
// processes load the machine (figures swing with outside load on 2 cores).
double threadCpuMs()
{
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

double median(QList<double> v)
{
    std::sort(v.begin(), v.end());
    return v.at(v.size() / 2);
}

int fail(const QString &m)
{
    std::fprintf(stderr, "bench_store: %s\n", qPrintable(m));
    return 1;
}

void report(const char *what, double value, const char *unit, double target, bool lowerIsBetter)
{
    const bool met = lowerIsBetter ? value <= target : value >= target;
    std::printf("%-52s %12.1f %-10s target %s %.0f: %s\n", what, value, unit, lowerIsBetter ? "<=" : ">=", target,
                met ? "met" : "MISSED");
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    Config cfg;
    QStringList args = app.arguments();
    QString dbPath;
    if (args.contains(u"--full"_s) || qEnvironmentVariableIntValue("WB_PERF_FULL") == 1) {
        cfg.full = true;
        cfg.runs = 100000;
        cfg.samplesPerRun = 100;
        cfg.ingestRuns = 1000;
    }
    if (const qsizetype i = args.indexOf(u"--db"_s); i >= 0 && i + 1 < args.size())
        dbPath = args.at(i + 1);
    QString ingestPath;
    if (const qsizetype i = args.indexOf(u"--ingest-db"_s); i >= 0 && i + 1 < args.size())
        ingestPath = args.at(i + 1);
    QTemporaryDir dir;
    if (ingestPath.isEmpty())
        ingestPath = dir.filePath(u"ingest.sqlite"_s);
    if (dbPath.isEmpty())
        dbPath = dir.filePath(u"bench.sqlite"_s);
    std::printf("bench_store: %s mode, %d runs x %d samples into %s\n", cfg.full ? "full" : "smoke", cfg.runs,
                cfg.samplesPerRun, qPrintable(dbPath));

    // 1. Ingest into a fresh database: samples per second, saveRuns batches.
    {
        auto s = wb::ResultStore::open(ingestPath);
        if (!s)
            return fail(s.message());
        auto &store = **s;
        if (!store.inventory().importInventory(lab()))
            return fail(u"lab import failed"_s);
        auto nics = store.inventory().nics();
        QList<qint64> nicIds;
        for (const wb::Nic &n : *nics)
            nicIds.append(n.id);
        const QDateTime base = QDateTime::currentDateTimeUtc().addDays(-1);
        QList<wb::StoredRun> runs;
        for (int i = 0; i < cfg.ingestRuns; ++i)
            runs.append(makeRun(i, cfg.ingestSamplesPerRun, nicIds, base));
        QElapsedTimer t;
        t.start();
        for (qsizetype first = 0; first < runs.size(); first += 50) {
            auto ids = store.runs().saveRuns(runs.mid(first, 50));
            if (!ids)
                return fail(ids.message());
        }
        const double secs = t.nsecsElapsed() / 1e9;
        const double total = double(cfg.ingestRuns) * cfg.ingestSamplesPerRun;
        if (store.info()->samples != qint64(total))
            return fail(u"ingest stored %1 samples, expected %2"_s.arg(store.info()->samples).arg(total));
        report("ingest: interval samples per second", total / secs, "samples/s", 500000, false);
        std::printf("  (%d runs x %d samples in %.3f s, batches of 50 runs per transaction)\n", cfg.ingestRuns,
                    cfg.ingestSamplesPerRun, secs);
    }

    // 2. Populate the query database (reused when --db names an existing one).
    {
        auto s = wb::ResultStore::open(dbPath);
        if (!s)
            return fail(s.message());
        auto &store = **s;
        const qint64 have = store.info()->runs;
        if (have < cfg.runs) {
            if (!store.inventory().importInventory(lab()))
                return fail(u"lab import failed"_s);
            auto nics = store.inventory().nics();
            QList<qint64> nicIds;
            for (const wb::Nic &n : *nics)
                nicIds.append(n.id);
            const QDateTime base = QDateTime::currentDateTimeUtc().addDays(-400);
            QElapsedTimer t;
            t.start();
            for (qint64 first = have; first < cfg.runs; first += 1000) {
                QList<wb::StoredRun> batch;
                for (qint64 i = first; i < std::min<qint64>(first + 1000, cfg.runs); ++i)
                    batch.append(makeRun(int(i), cfg.samplesPerRun, nicIds, base));
                auto ids = store.runs().saveRuns(batch);
                if (!ids)
                    return fail(ids.message());
            }
            std::printf("populate: %d runs in %.1f s\n", cfg.runs, t.nsecsElapsed() / 1e9);
        }
        store.checkpoint();
        auto info = store.info();
        std::printf("database: %lld runs, %lld metrics, %lld samples, %.1f MB\n", qlonglong(info->runs),
                    qlonglong(info->metrics), qlonglong(info->samples), info->fileBytes / 1e6);
    }

    // 3. Open, compare, list: medians of several tries. "cold" is the first
    // query on a new connection, "warm" the same query again (a reader that
    // stays open, as the GUI's does).
    QList<double> openMs, compareMs, compareCpu, compareWarm, listMs, listCpu, listWarm, briefMs;
    qint64 compared = 0;
    for (int rep = 0; rep < cfg.repeats; ++rep) {
        QElapsedTimer t;
        t.start();
        auto s = wb::ResultStore::open(dbPath);
        if (!s)
            return fail(s.message());
        openMs.append(t.nsecsElapsed() / 1e6);
        auto &store = **s;

        // What the Compare page does: the provider's build for one kind on
        // its key metric, every finished run an observation. It opens its
        // own read connection, so "cold" includes that open.
        wb::StoreComparisonProvider provider(wb::testing::storeServiceFor(dbPath));
        wb::ComparisonSelection selection;
        selection.kind = u"udp_stream"_s;
        selection.metric = u"throughput_bps"_s;
        selection.includeBaselines = false;
        for (int warm = 0; warm < 2; ++warm) {
            const double cpu0 = threadCpuMs();
            t.restart();
            const wb::ComparisonBuild built = provider.build(selection);
            const double wall = t.nsecsElapsed() / 1e6;
            (warm ? compareWarm : compareMs).append(wall);
            if (!warm)
                compareCpu.append(threadCpuMs() - cpu0);
            if (!built.data)
                return fail(u"comparison failed: "_s + built.error);
            compared = 0;
            for (const wb::ComparisonCandidate &c : built.candidates)
                compared += c.baseline ? 0 : 1;
        }

        wb::RunFilter f;
        f.kind = u"tcp_stream"_s;
        f.since = QDateTime::currentDateTimeUtc().addDays(-1000);
        f.plan = u"bench"_s;
        f.limit = 1000;
        for (int pass = 0; pass < 3; ++pass) {
            f.withDetails = pass < 2;
            const double cpu0 = threadCpuMs();
            t.restart();
            auto runs = store.runs().listRuns(f);
            const double wall = t.nsecsElapsed() / 1e6;
            (pass == 0 ? listMs : pass == 1 ? listWarm : briefMs).append(wall);
            if (pass == 0)
                listCpu.append(threadCpuMs() - cpu0);
            if (!runs || runs->size() != std::min(1000, cfg.runs / 4))
                return fail(u"listing returned %1 runs"_s.arg(runs ? runs->size() : -1));
        }
    }
    if (compared != cfg.runs / 4)
        return fail(u"comparison covered %1 runs, expected %2"_s.arg(compared).arg(cfg.runs / 4));
    report("open the database (ms, median)", median(openMs), "ms", 200, true);
    report("Compare provider build over one kind (ms)", median(compareMs), "ms", 100, true);
    std::printf("  (%lld runs of udp_stream on throughput_bps; CPU %.1f ms; again %.1f ms)\n",
                qlonglong(compared), median(compareCpu), median(compareWarm));
    report("newest 1000 runs with filters, cold (ms)", median(listMs), "ms", 50, true);
    std::printf("  (CPU %.1f ms; warm %.1f ms; without details %.1f ms)\n", median(listCpu), median(listWarm),
                median(briefMs));
    return 0;
}
