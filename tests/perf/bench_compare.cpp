// SPDX-License-Identifier: GPL-3.0-or-later
// Compare page benchmark (docs/perf/compare.md): the page builds a
// comparison of a large database (runs of one kind, grouped, with the
// baselines) on a worker thread; this measures, per step, the wall time
// until the chart and ratio table are there and the longest the GUI thread
// went without serving its event loop (a 5 ms timer measures the gaps; the
// issue's bar is 50 ms). Smoke mode (default, CI): 2,000 runs. Full mode
// (--full or WB_PERF_FULL=1): 20,000 runs.

#include "analysis/storecomparisonprovider.h"
#include "../core/storeservicefixture.h"
#include "comparepage.h"
#include "exchange/resultimport.h"
#include "store/resultstore.h"
#include "store/runstore.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QLabel>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <functional>

using namespace Qt::StringLiterals;

namespace {

constexpr int kSpacingS = 120; // between run starts: 20k runs span four weeks
const QStringList kKinds{u"udp_stream"_s, u"tcp_stream"_s, u"tcp_rr"_s, u"udp_rr"_s};

bool fill(const QString &path, int runs)
{
    auto store = wb::ResultStore::open(path);
    if (!store || !wb::ensureBuiltinBaselines(**store)) {
        std::fprintf(stderr, "bench: cannot create %s\n", qPrintable(path));
        return false;
    }
    const QDateTime t0 = QDateTime::currentDateTimeUtc().addSecs(-qint64(runs) * kSpacingS);
    QList<wb::StoredRun> batch;
    for (int i = 0; i < runs; ++i) {
        wb::StoredRun r;
        r.plan = u"plan%1"_s.arg(i % 10);
        r.testCase = u"case%1"_s.arg(i % 50);
        r.clientEndpoint = u"host%1/eth0"_s.arg(i % 10);
        r.serverEndpoint = u"host%1/eth0"_s.arg((i + 1) % 10);
        r.startedAt = t0.addSecs(qint64(i) * kSpacingS);
        r.record.kind = kKinds.at(i % kKinds.size());
        r.record.tool = u"wirebench-agent"_s;
        r.record.params = QJsonObject{{u"message_size_bytes"_s, 64 << (i % 5)}};
        r.record.addMetric(u"throughput_bps"_s, u"server"_s, 1e6 * (50 + i % 100));
        r.record.addMetric(u"transactions_per_s"_s, u"client"_s, 1000 + i % 100);
        r.record.addMetric(u"cpu_util_pct"_s, u"client"_s, 10);
        r.clientEnvironment = QJsonObject{{u"kernel"_s, u"6.1.0"_s}};
        batch.append(r);
        if (batch.size() == 5000 || i == runs - 1) {
            if (auto s = (*store)->runs().saveRuns(batch); !s) {
                std::fprintf(stderr, "bench: %s\n", qPrintable(s.message()));
                return false;
            }
            batch.clear();
        }
    }
    return true;
}

struct Timing
{
    double ms = 0;
    double maxGapMs = 0;
    double maxGapCpuMs = 0; // the GUI thread's own CPU time in its longest busy stretch
    bool ok = false;
};

// CPU time this thread has used: a gap's wall time includes time the
// thread waited for a core (on a loaded machine, most of it); its CPU time
// is the work the GUI thread itself did there.
double threadCpuMs()
{
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

// Runs `step` and waits for the page's next applied build, measuring the
// wall time and the longest gap between 5 ms ticks of the GUI thread.
Timing timed(wb::gui::ComparePage &page, const std::function<void()> &step)
{
    QSignalSpy built(&page, &wb::gui::ComparePage::comparisonBuilt);
    QElapsedTimer wall, gap;
    double maxGap = 0;
    double maxGapCpu = 0;
    double gapCpuStart = threadCpuMs();
    auto tick = [&] {
        maxGap = std::max(maxGap, gap.nsecsElapsed() / 1e6);
        const double cpu = threadCpuMs();
        maxGapCpu = std::max(maxGapCpu, cpu - gapCpuStart);
        gapCpuStart = cpu;
        gap.restart();
    };
    QTimer ticker;
    ticker.setInterval(5);
    QObject::connect(&ticker, &QTimer::timeout, &ticker, tick);
    ticker.start();
    gap.start();
    wall.start();
    step();
    if (qEnvironmentVariableIsSet("WB_BENCH_DEBUG"))
        std::printf("    step itself %.1f ms\n", gap.nsecsElapsed() / 1e6);
    tick();
    const bool ok = built.wait(120000);
    // Include the event that applied the build (chart and table).
    QCoreApplication::processEvents();
    tick();
    return {wall.nsecsElapsed() / 1e6, maxGap, maxGapCpu, ok};
}

} // namespace

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    const bool full = app.arguments().contains(u"--full"_s) || qEnvironmentVariableIntValue("WB_PERF_FULL") == 1;
    const int runs = full ? 20000 : 2000;
    QTemporaryDir dir;
    const QString db = dir.filePath(u"bench.sqlite"_s);
    QElapsedTimer t;
    t.start();
    if (!fill(db, runs))
        return 1;
    std::printf("bench_compare: %d runs written in %.1f s (%s mode)\n", runs, t.elapsed() / 1000.0,
                full ? "full" : "smoke");

    wb::StoreComparisonProvider provider(wb::testing::storeServiceFor(db));
    wb::gui::ComparePage page;
    page.resize(1280, 760);
    page.show();
    bool ok = true;
    auto report = [&](const char *what, const Timing &timing) {
        int measured = 0;
        for (const wb::Observation &o : page.data().observations)
            measured += !o.baseline;
        std::printf("  %-40s %8.1f ms to chart   GUI thread longest gap %6.1f ms (its own CPU %5.1f ms)   runs compared %5d   (%s)\n",
                    what, timing.ms, timing.maxGapMs, timing.maxGapCpuMs, measured, qPrintable(page.data().title));
        if (measured == 0)
            std::printf("    %s\n", qPrintable(page.findChild<QLabel *>(u"exportStatus"_s)->text()));
        ok = ok && timing.ok && measured > 0;
    };
    report("open (kinds + first comparison)", timed(page, [&] { page.setProvider(&provider); }));
    wb::ComparisonSelection f;
    f.kind = u"tcp_stream"_s;
    report("kind = tcp_stream", timed(page, [&] { page.setFilter(f); }));
    f.text = u"host3"_s;
    report("text 'host3' (matched after the query)", timed(page, [&] { page.setFilter(f); }));
    f.text.clear();
    // The newer half of the runs.
    f.from = QDateTime::currentDateTimeUtc().addSecs(-qint64(runs) * kSpacingS / 2).date();
    report("date range (newer half)", timed(page, [&] { page.setFilter(f); }));
    // Five filters in quick succession: the older builds are dropped.
    report("5 quick filter changes, newest wins", timed(page, [&] {
               for (int i = 0; i < 5; ++i) {
                   f.text = u"host%1"_s.arg(i);
                   page.setFilter(f);
               }
           }));
    QList<qint64> picked;
    for (qint64 id = 2; id <= 400; id += 4) // tcp_stream runs
        picked << id;
    report("100 hand-picked runs", timed(page, [&] { page.compareRuns(picked); }));
    return ok ? 0 : 1;
}
