// SPDX-License-Identifier: GPL-3.0-or-later
// Results page benchmark (docs/perf/pages.md): how long the run list takes
// to show its first page and to apply a filter on a large database, and the
// longest the GUI thread went without serving its event loop meanwhile (a
// 5 ms timer measures the gaps). Smoke mode (default, CI): 5k runs. Full
// mode (--full or WB_PERF_FULL=1): 100k runs, the target.

#include "runlistmodel.h"
#include "store/resultstore.h"
#include "store/runstore.h"
#include "store/storeservice.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTimer>

#include <algorithm>
#include <cstdio>

using namespace Qt::StringLiterals;

namespace {

const QStringList kKinds{u"udp_stream"_s, u"tcp_stream"_s, u"tcp_rr"_s, u"udp_rr"_s};

bool fill(const QString &path, int runs)
{
    auto store = wb::ResultStore::open(path);
    if (!store) {
        std::fprintf(stderr, "bench: %s\n", qPrintable(store.message()));
        return false;
    }
    const QDateTime t0 = QDateTime::currentDateTimeUtc().addDays(-30);
    QList<wb::StoredRun> batch;
    for (int i = 0; i < runs; ++i) {
        wb::StoredRun r;
        r.plan = u"plan%1"_s.arg(i % 10);
        r.testCase = u"case%1"_s.arg(i % 50);
        r.clientEndpoint = u"host%1"_s.arg(i % 10);
        r.serverEndpoint = u"host%1"_s.arg((i + 1) % 10);
        r.startedAt = t0.addSecs(i);
        r.record.kind = kKinds.at(i % kKinds.size());
        r.record.tool = u"wirebench-agent"_s;
        r.record.params = QJsonObject{{u"message_size_bytes"_s, 64 << (i % 5)}};
        r.record.addMetric(u"throughput_bps"_s, u"server"_s, 1e6 * (i % 100));
        r.record.addMetric(u"transactions_per_s"_s, u"client"_s, 1000 + i % 100);
        r.record.addMetric(u"cpu_util_pct"_s, u"client"_s, 10);
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

// Runs `step` and waits for the model's next page, measuring the wall time
// and the longest gap between 5 ms ticks of the GUI thread's event loop.
struct Timing
{
    double ms = 0;
    double maxGapMs = 0;
};

Timing timed(wb::gui::RunListModel &model, const std::function<void()> &step)
{
    QSignalSpy loaded(&model, &wb::gui::RunListModel::pageLoaded);
    QElapsedTimer wall, gap;
    double maxGap = 0;
    QTimer ticker;
    ticker.setInterval(5);
    QObject::connect(&ticker, &QTimer::timeout, &ticker, [&] {
        maxGap = std::max(maxGap, gap.nsecsElapsed() / 1e6);
        gap.restart();
    });
    ticker.start();
    gap.start();
    wall.start();
    step();
    // Measure the step's own time on the GUI thread too.
    maxGap = std::max(maxGap, gap.nsecsElapsed() / 1e6);
    gap.restart();
    loaded.wait(60000);
    return {wall.nsecsElapsed() / 1e6, maxGap};
}

} // namespace

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    const bool full = app.arguments().contains(u"--full"_s) || qEnvironmentVariableIntValue("WB_PERF_FULL") == 1;
    const int runs = full ? 100000 : 5000;
    QTemporaryDir dir;
    const QString db = dir.filePath(u"bench.sqlite"_s);
    QElapsedTimer t;
    t.start();
    if (!fill(db, runs))
        return 1;
    std::printf("bench_resultspage: %d runs written in %.1f s (%s mode)\n", runs, t.elapsed() / 1000.0,
                full ? "full" : "smoke");

    wb::gui::RunListModel model;
    bool ok = true;
    auto report = [&](const char *what, const Timing &timing, qint64 expectTotal) {
        std::printf("  %-34s %8.1f ms to rows   GUI thread longest gap %6.1f ms   rows %d of %lld\n", what, timing.ms,
                    timing.maxGapMs, model.rowCount(), static_cast<long long>(model.totalCount()));
        if (expectTotal >= 0 && model.totalCount() != expectTotal) {
            std::fprintf(stderr, "bench: expected %lld runs, model says %lld\n", static_cast<long long>(expectTotal),
                         static_cast<long long>(model.totalCount()));
            ok = false;
        }
        if (model.rowCount() == 0)
            ok = false;
    };
    auto service = std::make_shared<wb::StoreService>(db);
    service->start();
    report("open (count + first page)", timed(model, [&] { model.setStore(service); }), runs);
    wb::RunFilter f;
    f.kind = u"tcp_rr"_s;
    report("filter kind = tcp_rr", timed(model, [&] { model.setFilter(f); }), runs / 4);
    report("next page (fetchMore)", timed(model, [&] { model.fetchMore({}); }), -1);
    f.text = u"host3"_s;
    report("filter + text search 'host3'", timed(model, [&] { model.setFilter(f); }), -1);
    report("oldest first (date sort in SQL)", timed(model, [&] { model.sort(wb::gui::RunListModel::Date, Qt::AscendingOrder); }), -1);
    QElapsedTimer s;
    s.start();
    model.sort(wb::gui::RunListModel::KeyMetric, Qt::DescendingOrder);
    std::printf("  %-34s %8.1f ms on the GUI thread (%d loaded rows)\n", "sort loaded rows by key metric",
                s.nsecsElapsed() / 1e6, model.rowCount());
    return ok ? 0 : 1;
}
