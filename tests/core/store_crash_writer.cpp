// SPDX-License-Identifier: GPL-3.0-or-later
// Helper for tst_storecrash: commits runs to a database as fast as it can
// and prints "committed UUID..." after each commit, until killed or until
// its bounds (count and time) run out. Alternates batches of complete runs
// with a plan case's outcome (a measurement and its repetitions at once).

#include "store/resultstore.h"
#include "store/runstore.h"

#include <QCoreApplication>
#include <QElapsedTimer>

#include <cstdio>

using namespace Qt::StringLiterals;

namespace {

constexpr int kMetrics = 5;
constexpr int kSamples = 200;
constexpr int kMaxRuns = 200000;
constexpr qint64 kMaxMs = 30000;

wb::StoredRun makeRun(const QString &uuid)
{
    wb::StoredRun r;
    r.uuid = uuid;
    r.record.kind = u"udp_stream"_s;
    for (int m = 0; m < kMetrics; ++m)
        r.record.metrics.append(wb::Metric{u"m%1"_s.arg(m), u"server"_s, double(m), u"count"_s});
    for (int s = 0; s < kSamples; ++s)
        r.record.samples.append(wb::Sample{double(s), s % 2 ? u"client"_s : u"server"_s, u"throughput_bps"_s, 1.0});
    return r;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    if (args.size() != 3) {
        std::fprintf(stderr, "usage: store_crash_writer DB PREFIX\n");
        return 2;
    }
    auto store = wb::ResultStore::open(args.at(1));
    if (!store) {
        std::fprintf(stderr, "%s\n", qPrintable(store.message()));
        return 1;
    }
    wb::RunStore &runs = (*store)->runs();
    const QString prefix = args.at(2);
    QElapsedTimer timer;
    timer.start();
    int n = 0;
    for (int iteration = 0; n < kMaxRuns && timer.elapsed() < kMaxMs; ++iteration) {
        if (iteration % 3 == 2) {
            // One case of a plan: the measurement and its three repetitions.
            wb::Measurement m;
            m.uuid = u"%1-m%2"_s.arg(prefix).arg(iteration);
            m.kind = u"udp_stream"_s;
            m.iterations = 3;
            QList<wb::StoredRun> reps;
            QStringList uuids;
            for (int i = 0; i < 3; ++i) {
                uuids.append(u"%1-%2"_s.arg(prefix).arg(n++));
                reps.append(makeRun(uuids.last()));
                reps.last().measurementUuid = m.uuid;
                reps.last().repetition = i;
            }
            auto ids = runs.saveMeasurementRuns(m, reps);
            if (!ids) {
                std::fprintf(stderr, "%s\n", qPrintable(ids.message()));
                return 1;
            }
            std::printf("committed %s\n", qPrintable(uuids.join(u' ')));
        } else {
            QList<wb::StoredRun> batch;
            QStringList uuids;
            for (int i = 0; i < 5; ++i) {
                uuids.append(u"%1-%2"_s.arg(prefix).arg(n++));
                batch.append(makeRun(uuids.last()));
            }
            auto ids = runs.saveRuns(batch);
            if (!ids) {
                std::fprintf(stderr, "%s\n", qPrintable(ids.message()));
                return 1;
            }
            std::printf("committed %s\n", qPrintable(uuids.join(u' ')));
        }
        std::fflush(stdout);
    }
    return 0;
}
