// SPDX-License-Identifier: GPL-3.0-or-later
// A second Wirebench writing into a shared database, for tst_pgstore's
// concurrency test: store_pg_writer URL TAG COUNT writes COUNT runs, half as
// single runs and half as a plan case stores them (with a measurement), each
// over the inventory's NICs so snapshots are shared with the other writer.
// Prints "ok N" when all are stored, or the first error.

#include "store/inventorystore.h"
#include "store/resultstore.h"
#include "store/runstore.h"

#include <QCoreApplication>
#include <QTextStream>

using namespace Qt::StringLiterals;

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    QTextStream out(stdout);
    if (args.size() != 4) {
        out << "usage: store_pg_writer URL TAG COUNT\n";
        return 2;
    }
    const QString tag = args.at(2);
    const int count = std::clamp(args.at(3).toInt(), 1, 1000);
    auto store = wb::ResultStore::open(args.at(1));
    if (!store) {
        out << "open failed: " << store.message() << '\n';
        return 1;
    }
    wb::RunStore &runs = (*store)->runs();
    // Writer "b" goes the other way: its snapshots come in the opposite
    // order to writer "a"'s.
    const bool reverse = tag == u"b"_s;
    auto a = (*store)->inventory().nicByKey(reverse ? u"beta/eth0"_s : u"alpha/eth0"_s);
    auto b = (*store)->inventory().nicByKey(reverse ? u"alpha/eth0"_s : u"beta/eth0"_s);
    for (int i = 0; i < count; ++i) {
        wb::StoredRun r;
        r.uuid = u"%1-%2"_s.arg(tag).arg(i);
        r.plan = tag;
        r.clientNicId = a ? a->id : 0;
        r.serverNicId = b ? b->id : 0;
        r.record.kind = u"udp_stream"_s;
        r.record.params = QJsonObject{{u"message_size_bytes"_s, 64 + i}};
        wb::ResultRecord final = r.record;
        final.addMetric(u"throughput_bps"_s, u"server"_s, 1e6 + i);
        QList<wb::Sample> samples;
        for (int k = 0; k < 300; ++k)
            samples.append({k * 0.01, u"server"_s, u"throughput_bps"_s, double(k)});
        r.record = final;
        r.record.samples = samples;
        // Every other run as a plan case stores it: with its measurement.
        if (i % 2 == 0) {
            if (auto id = runs.saveRun(r); !id) {
                out << "save failed: " << id.message() << '\n';
                return 1;
            }
            continue;
        }
        wb::Measurement m;
        m.uuid = r.uuid + u"-m"_s;
        m.kind = r.record.kind;
        r.measurementUuid = m.uuid;
        if (auto ids = runs.saveMeasurementRuns(m, {r}); !ids) {
            out << "save failed: " << ids.message() << '\n';
            return 1;
        }
    }
    out << "ok " << count << '\n';
    return 0;
}
