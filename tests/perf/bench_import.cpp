// SPDX-License-Identifier: GPL-3.0-or-later
// Importer throughput: how fast large logs become records. Generates a
// netperf log of many concatenated tests (with prompts, CPU columns and
// interim lines) and an iperf3 -J document with many intervals, imports
// each a few times and prints MB/s and records/s (median of the runs).
// --smoke: small inputs, one pass, for CI. Full figures: docs/perf/exchange.md.

#include "exchange/importer.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QTextStream>

#include <algorithm>
#include <cstdio>

using namespace Qt::StringLiterals;

namespace {

QByteArray netperfLog(int tests)
{
    QByteArray out;
    for (int i = 0; i < tests; ++i) {
        out += "lab@host:~$ netperf -t UDP_STREAM -H 192.0.2.10 -l 10 -c -C -D 1 -- -m 1472\n";
        out += "MIGRATED UDP STREAM TEST from 0.0.0.0 (0.0.0.0) port 0 AF_INET to 192.0.2.10 () port 0 AF_INET : demo\n";
        for (int s = 0; s < 10; ++s)
            out += "Interim result:  956.12 10^6bits/s over 1.000 seconds ending at 1700000001.000\n";
        out += "Socket  Message  Elapsed      Messages                   CPU      Service\n"
               "Size    Size     Time         Okay Errors   Throughput   Util     Demand\n"
               "bytes   bytes    secs            #      #   10^6bits/sec % S      us/KB\n\n";
        out += "212992    1472   10.00      " + QByteArray::number(812345 + i) + "      0     956.59     25.01    4.283 \n";
        out += "212992           10.00      798765            940.60     23.44    4.083 \n\n";
    }
    return out;
}

QByteArray iperf3Json(int intervals)
{
    QByteArray out = R"({"start":{"version":"iperf 3.12","connecting_to":{"host":"192.0.2.10","port":5201},)"
                     R"("test_start":{"protocol":"TCP","num_streams":1,"blksize":131072,"omit":0,"duration":)"
                     + QByteArray::number(intervals) + R"(,"reverse":0}},"intervals":[)";
    for (int i = 0; i < intervals; ++i) {
        if (i)
            out += ',';
        out += R"({"streams":[],"sum":{"start":)" + QByteArray::number(i) + R"(,"end":)" + QByteArray::number(i + 1)
               + R"(,"seconds":1,"bytes":117440512,"bits_per_second":939524096,"retransmits":0,"omitted":false}})";
    }
    out += R"(],"end":{"sum_sent":{"start":0,"end":10,"seconds":10,"bytes":1174405120,"bits_per_second":939524096,)"
           R"("retransmits":0},"sum_received":{"start":0,"end":10,"seconds":10,"bytes":1174405120,)"
           R"("bits_per_second":939524096},"cpu_utilization_percent":{"host_total":5.1,"remote_total":20.2}}})";
    return out;
}

struct Figure
{
    double mbPerSecond = 0;
    double recordsPerSecond = 0;
    double samplesPerSecond = 0;
};

Figure measure(const QByteArray &data, const QString &name, wb::ImportFormat format, int runs, bool *ok)
{
    QList<double> seconds;
    qsizetype records = 0;
    qsizetype samples = 0;
    for (int r = 0; r < runs; ++r) {
        QElapsedTimer t;
        t.start();
        const wb::ImportResult result = wb::Importer::importData(data, name, format);
        seconds.append(double(t.nsecsElapsed()) / 1e9);
        if (!result.ok()) {
            std::fprintf(stderr, "%s\n", qPrintable(result.error->toString()));
            *ok = false;
            return {};
        }
        records = result.records.size();
        samples = 0;
        for (const wb::ResultRecord &rec : result.records)
            samples += rec.samples.size();
    }
    std::sort(seconds.begin(), seconds.end());
    const double median = std::max(seconds.at(seconds.size() / 2), 1e-9);
    return {double(data.size()) / 1e6 / median, double(records) / median, double(samples) / median};
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const bool smoke = app.arguments().contains(u"--smoke"_s);
    const int runs = smoke ? 1 : 5;
    bool ok = true;
    const QByteArray netperf = netperfLog(smoke ? 200 : 20000);
    const QByteArray iperf = iperf3Json(smoke ? 2000 : 200000);
    const Figure n = measure(netperf, u"bench-netperf.log"_s, wb::ImportFormat::Auto, runs, &ok);
    const Figure i = measure(iperf, u"bench-iperf3.json"_s, wb::ImportFormat::Auto, runs, &ok);
    if (!ok)
        return 1;
    QTextStream out(stdout);
    out << "netperf text: " << netperf.size() / 1024 << " KiB, " << n.mbPerSecond << " MB/s, " << n.recordsPerSecond
        << " records/s, " << n.samplesPerSecond << " samples/s\n";
    out << "iperf3 JSON:  " << iperf.size() / 1024 << " KiB, " << i.mbPerSecond << " MB/s, " << i.samplesPerSecond
        << " samples/s\n";
    return 0;
}
