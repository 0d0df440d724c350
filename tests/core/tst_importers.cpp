// SPDX-License-Identifier: GPL-3.0-or-later
// The importers over the fixtures in tests/data/import/: every variant of
// every format yields the expected canonical records, damaged input names
// the file, line and what was expected, and the netperf importer reads the
// 1999 seed log back into exactly the shipped baselines.

#include "exchange/baselineset.h"
#include "result/metriccatalog.h"
#include "exchange/importer.h"
#include "exchange/importtext.h"

#include <QFile>
#include <QJsonArray>
#include <QTest>

#include <cmath>

using namespace Qt::StringLiterals;
using namespace wb;

namespace {

QString fixture(const QString &name)
{
    return QStringLiteral(WB_TEST_DATA_DIR) + u"/import/"_s + name;
}

bool close(double a, double b)
{
    return std::abs(a - b) <= 1e-6 * std::max(1.0, std::max(std::abs(a), std::abs(b)));
}

// Checks are "INDEX:WHAT..." strings:
//   0:kind=tcp_stream            0:tool_version=2.4+       0:count=3 (records)
//   0:m:throughput_bps:client=941.48e6                     0:nom:cpu_util_pct:server
//   0:p:message_size_bytes=1472  0:p:server_host=eve       0:x:mss_bytes=32768
//   0:samples=3                  0:s0=114870.34 (first sample value)
//   0:M:throughput_bps:client=4270000000 (exactly this double: no float noise)
//   0:S0=2030000000 (the first sample, exactly)
QString check(const QList<ResultRecord> &records, const QString &c)
{
    const qsizetype colon = c.indexOf(u':');
    const int index = c.left(colon).toInt();
    if (index >= records.size())
        return u"record %1 missing (%2 records)"_s.arg(index).arg(records.size());
    const ResultRecord &r = records.at(index);
    const QString spec = c.mid(colon + 1);
    const QString lhs = spec.section(u'=', 0, 0);
    const QString rhs = spec.section(u'=', 1);
    auto numberOrText = [&](const QJsonValue &v) -> QString {
        if (v.isUndefined())
            return rhs == u"absent"_s ? QString() : u"absent"_s;
        if (v.isDouble())
            return close(v.toDouble(), rhs.toDouble()) ? QString() : u"got %1"_s.arg(v.toDouble(), 0, 'g', 12);
        if (v.isBool())
            return (v.toBool() ? u"true"_s : u"false"_s) == rhs ? QString() : u"got bool"_s;
        return v.toString() == rhs ? QString() : u"got '%1'"_s.arg(v.toString());
    };
    if (lhs == u"kind"_s)
        return r.kind == rhs ? QString() : u"kind is %1"_s.arg(r.kind);
    if (lhs == u"tool_version"_s)
        return r.toolVersion == rhs ? QString() : u"tool_version is %1"_s.arg(r.toolVersion);
    if (lhs == u"samples"_s)
        return r.samples.size() == rhs.toInt() ? QString() : u"%1 samples"_s.arg(r.samples.size());
    if (lhs.startsWith(u"S"_s) && lhs.size() > 1 && lhs.at(1).isDigit()) {
        const int k = lhs.mid(1).toInt();
        if (k >= r.samples.size())
            return u"no sample %1"_s.arg(k);
        return r.samples.at(k).value == rhs.toDouble() ? QString() : u"sample is %1"_s.arg(r.samples.at(k).value, 0, 'g', 17);
    }
    if (lhs.startsWith(u"s"_s) && lhs.size() > 1 && lhs.at(1).isDigit()) {
        const int k = lhs.mid(1).toInt();
        if (k >= r.samples.size())
            return u"no sample %1"_s.arg(k);
        return close(r.samples.at(k).value, rhs.toDouble()) ? QString() : u"sample is %1"_s.arg(r.samples.at(k).value);
    }
    const QStringList parts = lhs.split(u':');
    if (parts.first() == u"m"_s) {
        const auto v = r.metric(parts.value(1), parts.value(2));
        if (!v)
            return u"metric missing"_s;
        return close(*v, rhs.toDouble()) ? QString() : u"metric is %1"_s.arg(*v, 0, 'g', 12);
    }
    if (parts.first() == u"M"_s) {
        const auto v = r.metric(parts.value(1), parts.value(2));
        if (!v)
            return u"metric missing"_s;
        return *v == rhs.toDouble() ? QString() : u"metric is %1, not exactly %2"_s.arg(*v, 0, 'g', 17).arg(rhs);
    }
    if (parts.first() == u"nom"_s)
        return r.metric(parts.value(1), parts.value(2)) ? u"metric present"_s : QString();
    if (parts.first() == u"p"_s)
        return numberOrText(r.params.value(parts.value(1)));
    if (parts.first() == u"x"_s)
        return numberOrText(r.extra.value(parts.value(1)));
    return u"bad check"_s;
}

} // namespace

class TestImporters : public QObject
{
    Q_OBJECT

private:
    void addRow(const char *name, const QString &file, const QString &detected, int count, const QStringList &checks)
    {
        QTest::newRow(name) << file << detected << count << checks;
    }

    void columns()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("detected");
        QTest::addColumn<int>("count");
        QTest::addColumn<QStringList>("checks");
    }

    void runRow()
    {
        QFETCH(QString, file);
        QFETCH(QString, detected);
        QFETCH(int, count);
        QFETCH(QStringList, checks);
        const ImportResult r = Importer::importFile(fixture(file));
        QVERIFY2(r.ok(), qPrintable(r.error ? r.error->toString() : QString()));
        QCOMPARE(r.format, detected);
        QCOMPARE(r.records.size(), count);
        for (const QString &c : checks) {
            const QString problem = check(r.records, c);
            QVERIFY2(problem.isEmpty(), qPrintable(c + u": "_s + problem));
        }
        // Every record is canonical: it survives the JSON round trip with its units.
        for (const ResultRecord &rec : r.records) {
            QString error;
            const auto again = ResultRecord::fromJson(rec.toJson(), &error);
            QVERIFY2(again.has_value(), qPrintable(error));
            QVERIFY(testKinds().contains(rec.kind));
            for (const Metric &m : rec.metrics) {
                QVERIFY2(!canonicalUnit(m.name).isEmpty(), qPrintable(m.name));
                QVERIFY(std::isfinite(m.value));
            }
        }
    }

private slots:
    void netperf_data()
    {
        columns();
        const QString n = u"netperf"_s;
        addRow("seed log 1999 (old banners, prompts, wrapped commands)", u"netperf/seed_fs108_1999.txt"_s, n, 7,
               {u"0:kind=udp_stream"_s, u"0:m:throughput_bps:client=95.07e6"_s, u"0:m:messages:server=80727"_s,
                u"0:p:message_size_bytes=1472"_s, u"0:p:server_host=eve"_s, u"0:p:duration_s=10"_s,
                u"0:tool_version=<2.4"_s, u"1:m:messages:server=8356"_s, u"2:m:elapsed_s:client=10.31"_s,
                u"2:p:server_host=adam"_s, u"3:m:messages:server=341481"_s, u"4:m:throughput_bps:server=0.35e6"_s,
                u"5:kind=tcp_rr"_s, u"5:m:transactions_per_s:=1325.41"_s, u"5:p:remote_send_socket_bytes=65535"_s,
                u"6:m:transactions_per_s:=4749.19"_s});
        addRow("2.4 banner TCP_STREAM", u"netperf/tcp_stream_2.4.txt"_s, n, 1,
               {u"0:kind=tcp_stream"_s, u"0:m:throughput_bps:client=941.48e6"_s, u"0:p:recv_socket_bytes=87380"_s,
                u"0:p:send_socket_bytes=16384"_s, u"0:p:message_size_bytes=16384"_s, u"0:m:elapsed_s:=10"_s,
                u"0:p:server_host=192.0.2.10"_s, u"0:p:client_address=0.0.0.0"_s, u"0:p:duration_s=10"_s,
                u"0:tool_version=2.4+"_s, u"0:p:direction=client_to_server"_s});
        addRow("MIGRATED, CPU, KBytes, demo, confidence warning", u"netperf/tcp_stream_cpu_demo_confidence.txt"_s, n, 1,
               {u"0:m:throughput_bps:client=941524563.2"_s, u"0:m:cpu_util_pct:client=12.34"_s,
                u"0:m:cpu_util_pct:server=15.67"_s, u"0:m:service_demand_us_per_kb:client=0.107"_s,
                u"0:m:service_demand_us_per_kb:server=0.136"_s, u"0:m:ci_width_pct:=6.712"_s, u"0:samples=3"_s,
                u"0:s0=941017825.28"_s, u"0:x:confidence_not_achieved=true"_s, u"0:p:confidence_level_pct=99"_s,
                u"0:p:confidence_half_width_requested_pct=2.5"_s, u"0:x:cpu_method_client=S"_s,
                u"0:p:server_host=localhost"_s, u"0:p:demo=true"_s, u"0:tool_version=2.5+"_s, u"0:x:migrated=true"_s});
        addRow("UDP_STREAM two rows with CPU, (null) address", u"netperf/udp_stream_cpu_null_host.txt"_s, n, 1,
               {u"0:m:messages:client=812345"_s, u"0:m:messages:server=798765"_s,
                u"0:m:loss_ratio:=0.0167170106297"_s, u"0:m:cpu_util_pct:client=25.01"_s,
                u"0:m:cpu_util_pct:server=23.44"_s, u"0:m:service_demand_us_per_kb:server=4.083"_s,
                u"0:m:throughput_bps:server=940.60e6"_s, u"0:p:server_host=192.0.2.7"_s, u"0:p:server_address=absent"_s,
                u"0:p:confidence_level_pct=95"_s, u"0:p:recv_socket_bytes=212992"_s});
        addRow("TCP_RR with CPU, nodelay, first burst, unmeasured remote CPU", u"netperf/tcp_rr_cpu_nodelay.txt"_s, n, 1,
               {u"0:kind=tcp_rr"_s, u"0:m:transactions_per_s:=35120.53"_s, u"0:m:cpu_util_pct:client=12.5"_s,
                u"0:nom:cpu_util_pct:server"_s, u"0:nom:service_demand_us_per_tr:server"_s,
                u"0:m:service_demand_us_per_tr:client=7.119"_s, u"0:p:nodelay=true"_s, u"0:p:first_burst=0"_s,
                u"0:x:cpu_method_server=U"_s, u"0:p:remote_recv_socket_bytes=87380"_s});
        addRow("UDP_RR -v 2 and histogram", u"netperf/udp_rr_verbose_histogram.txt"_s, n, 1,
               {u"0:kind=udp_rr"_s, u"0:m:transactions_per_s:=40210.77"_s, u"0:m:latency_us_mean:=24.869"_s,
                u"0:p:request_size_bytes=64"_s, u"0:p:remote_recv_socket_bytes=212992"_s, u"0:p:histogram=true"_s});
        addRow("TCP_STREAM -v 2, 10^3bits, MSS", u"netperf/tcp_stream_verbose_kbits.txt"_s, n, 1,
               {u"0:m:throughput_bps:client=28123456780"_s, u"0:m:bytes:client=3.515e10"_s, u"0:x:mss_bytes=32768"_s});
        addRow("2.2 MAERTS, MBytes", u"netperf/tcp_maerts_2.2.txt"_s, n, 1,
               {u"0:kind=tcp_stream"_s, u"0:p:direction=server_to_client"_s,
                u"0:m:throughput_bps:client=94036295.68"_s, u"0:tool_version=<2.4"_s, u"0:p:duration_s=30"_s,
                u"0:p:server_host=node4"_s});
        addRow("omni -o CSV with trailing fields and interim lines", u"netperf/omni_csv_extra_fields.txt"_s, n, 1,
               {u"0:kind=tcp_stream"_s, u"0:m:elapsed_s:=10"_s,
                u"0:m:cpu_util_pct:client=22.1"_s, u"0:m:cpu_util_pct:server=30.45"_s,
                u"0:nom:throughput_bps:client"_s, u"0:M:throughput_bps:server=18234560000"_s,
                u"0:m:retransmits:client=12"_s, u"0:p:send_socket_bytes=2626560"_s,
                u"0:p:recv_socket_bytes=6291456"_s, u"0:p:message_size_bytes=16384"_s, u"0:samples=2"_s});
        addRow("omni -k keyval RR with latency percentiles", u"netperf/omni_keyval_rr.txt"_s, n, 1,
               {u"0:kind=tcp_rr"_s, u"0:m:transactions_per_s:=34567.89"_s, u"0:m:latency_us_mean:=28.71"_s,
                u"0:m:latency_us_p50:=27"_s, u"0:m:latency_us_p90:=33"_s, u"0:m:latency_us_p99:=52"_s,
                u"0:m:latency_us_max:=1024"_s, u"0:m:latency_us_min:=18"_s, u"0:m:latency_us_stddev:=6.12"_s,
                u"0:nom:cpu_util_pct:client"_s, u"0:tool_version=2.7.0"_s, u"0:p:first_burst=0"_s});
        addRow("a failed run's command is not the next test's", u"netperf/stale_command.txt"_s, n, 1,
               {u"0:p:duration_s=absent"_s, u"0:x:command=absent"_s, u"0:p:server_host=beta"_s,
                u"0:m:throughput_bps:client=93.71e6"_s});
        addRow("PowerShell redirect: UTF-16LE with BOM, CRLF, netperf.exe", u"netperf/powershell_utf16le.txt"_s, n, 1,
               {u"0:kind=tcp_rr"_s, u"0:m:transactions_per_s:=8123.45"_s, u"0:p:duration_s=5"_s,
                u"0:p:server_host=192.0.2.10"_s, u"0:p:remote_recv_socket_bytes=65536"_s});
        addRow("TCP_CRR, TCP_SENDFILE with 10^9bits, UDP_RR with CPU", u"netperf/more_kinds_2.7.txt"_s, n, 3,
               {u"0:kind=tcp_crr"_s, u"0:x:test=TCP_CRR"_s, u"0:M:connections_per_s:=9876.54"_s,
                u"0:nom:transactions_per_s:"_s,
                u"1:kind=tcp_stream"_s, u"1:x:test=TCP_SENDFILE"_s, u"1:m:throughput_bps:client=9.41e9"_s,
                u"1:p:message_size_bytes=131072"_s, u"2:kind=udp_rr"_s, u"2:m:transactions_per_s:=30123.45"_s,
                u"2:m:service_demand_us_per_tr:server=14.631"_s, u"2:m:cpu_util_pct:client=10.01"_s,
                u"2:p:response_size_bytes=1024"_s});
        addRow("confidence warning after the table, one-decimal banner", u"netperf/tcp_rr_warning_after_table.txt"_s, n, 1,
               {u"0:m:transactions_per_s:=21456.78"_s, u"0:m:ci_width_pct:=11.3"_s,
                u"0:x:confidence_not_achieved=true"_s, u"0:p:confidence_half_width_requested_pct=5"_s,
                u"0:p:confidence_level_pct=95"_s});
        addRow("several tests in a script(1) log", u"netperf/concatenated_sessions.txt"_s, n, 3,
               {u"0:kind=udp_stream"_s, u"0:m:messages:server=2799999"_s, u"0:p:message_size_bytes=64"_s,
                u"0:p:duration_s=20"_s, u"1:kind=tcp_stream"_s, u"1:m:throughput_bps:client=94112370"_s,
                u"1:p:nodelay=true"_s, u"2:kind=udp_stream"_s, u"2:M:throughput_bps:server=812440000"_s,
                u"2:nom:throughput_bps:client"_s,
                u"2:m:messages:client=690012"_s, u"2:m:messages:server=689000"_s,
                u"2:m:loss_ratio:=0.00146664"_s, u"2:p:message_size_bytes=1472"_s});
    }
    void netperf() { runRow(); }

    // Issue 21: what netperf prints with -f, -c -C, -v 2, -b and omni, read as the source prints it.
    void netperfFormats_data()
    {
        columns();
        const QString n = u"netperf"_s;
        addRow("TCP_RR -f m -v 2 -b 4: the column is a throughput, the rate is in the -v 2 block",
               u"netperf/tcp_rr_fm_verbose_burst.txt"_s, n, 1,
               {u"0:kind=tcp_rr"_s, u"0:M:transactions_per_s:=31508.97"_s, u"0:M:throughput_bps:=274250000"_s,
                u"0:m:latency_us_mean:=158.685"_s, u"0:p:first_burst=4"_s, u"0:p:request_size_bytes=64"_s,
                u"0:p:response_size_bytes=1024"_s, u"0:x:rate_derived_from_throughput=absent"_s,
                u"0:p:reported_units=10^6bits/s"_s});
        addRow("TCP_RR -f m alone derives the rate; -c -C -f K 'Tput' header with us/KB",
               u"netperf/tcp_rr_throughput_units.txt"_s, n, 2,
               {u"0:M:throughput_bps:=274250000"_s, u"0:m:transactions_per_s:=31508.5018382"_s,
                u"0:x:rate_derived_from_throughput=true"_s, u"1:M:throughput_bps:=561561.6"_s,
                u"1:m:transactions_per_s:=35097.6"_s, u"1:m:cpu_util_pct:client=12.5"_s,
                u"1:m:service_demand_us_per_kb:server=1.492"_s, u"1:nom:service_demand_us_per_tr:server"_s});
        addRow("-c -C -f M / G / K: netperf's padded 'MBytes  /s' header; a receiver that got nothing",
               u"netperf/stream_cpu_byte_units.txt"_s, n, 4,
               {u"0:M:throughput_bps:client=9424181657.6"_s, u"0:m:cpu_util_pct:server=15.67"_s,
                u"0:p:reported_units=MBytes/s"_s, u"1:p:direction=server_to_client"_s,
                u"1:M:throughput_bps:client=9448928051.2"_s, u"1:m:service_demand_us_per_kb:client=0.142"_s,
                u"2:M:throughput_bps:client=941453475.84"_s, u"2:p:reported_units=KBytes/s"_s,
                u"3:M:throughput_bps:client=956590000"_s, u"3:M:messages:server=0"_s, u"3:x:receiver_zero_bytes=true"_s,
                u"3:m:loss_ratio:=1"_s, u"0:x:receiver_zero_bytes=absent"_s});
        addRow("omni UDP send: THROUGHPUT is what the remote end received", u"netperf/omni_udp_send_keyval.txt"_s, n, 1,
               {u"0:kind=udp_stream"_s, u"0:M:throughput_bps:server=612250000"_s,
                u"0:M:throughput_bps:client=951300000"_s, u"0:m:messages:client=807868"_s,
                u"0:m:messages:server=519925"_s, u"0:m:loss_ratio:=0.356423326583"_s, u"0:p:direction=client_to_server"_s});
        addRow("omni -O columns", u"netperf/omni_human_columns.txt"_s, n, 1,
               {u"0:kind=tcp_stream"_s, u"0:M:throughput_bps:server=18234560000"_s, u"0:m:elapsed_s:=10"_s,
                u"0:p:send_socket_bytes=2626560"_s, u"0:p:recv_socket_bytes=6291456"_s,
                u"0:x:omni_output=-O (columns)"_s, u"0:x:protocol=TCP"_s, u"0:p:direction=client_to_server"_s});
    }
    void netperfFormats() { runRow(); }

    void iperf3_data()
    {
        columns();
        const QString n = u"iperf3"_s;
        addRow("3.12 -J TCP with an omitted interval", u"iperf3/tcp_3.12_omit.json"_s, n, 1,
               {u"0:kind=tcp_stream"_s, u"0:m:throughput_bps:client=6625010896.438055"_s,
                u"0:m:throughput_bps:server=6470308208.650175"_s, u"0:m:retransmits:client=76"_s,
                u"0:m:cpu_util_pct:client=10.051497751332064"_s, u"0:samples=2"_s, u"0:tool_version=3.12"_s,
                u"0:p:omit_s=1"_s, u"0:p:server_host=127.0.0.1"_s, u"0:p:direction=client_to_server"_s});
        addRow("3.12 -J UDP sum_sent/sum_received", u"iperf3/udp_3.12.json"_s, n, 1,
               {u"0:kind=udp_stream"_s, u"0:m:throughput_bps:client=9989062.59602706"_s,
                u"0:m:throughput_bps:server=9751632.403646735"_s, u"0:m:messages:client=1785"_s,
                u"0:m:messages:server=1754"_s, u"0:m:loss_ratio:=0.017366946778711485"_s,
                u"0:m:jitter_ms:=0.0062712702004732645"_s, u"0:p:message_size_bytes=1400"_s,
                u"0:p:target_bitrate_bps=10000000"_s});
        addRow("3.9 -J UDP sum only, zero-length last interval", u"iperf3/udp_3.9_sum.json"_s, n, 1,
               {u"0:m:throughput_bps:client=9989062.59602706"_s, u"0:m:messages:client=1785"_s,
                u"0:m:messages:server=1754"_s, u"0:m:loss_ratio:=0.017366946778711485"_s, u"0:samples=2"_s,
                u"0:tool_version=3.9"_s, u"0:x:udp_summary=sum (iperf3 < 3.11)"_s});
        addRow("-J with a UTF-8 byte order mark", u"iperf3/udp_3.12_utf8_bom.json"_s, n, 1,
               {u"0:m:messages:server=1754"_s});
        addRow("--json-stream events", u"iperf3/tcp_3.17_json_stream.jsonl"_s, n, 1,
               {u"0:m:throughput_bps:client=6625010896.438055"_s, u"0:samples=2"_s, u"0:tool_version=3.17.1"_s});
        addRow("-J --get-server-output", u"iperf3/tcp_3.12_server_output.json"_s, n, 1,
               {u"0:m:throughput_bps:client=23392642802.1097"_s, u"0:samples=4"_s, u"0:x:server_output=json"_s});
        addRow("3.12 text, Bitrate, -V, omitted interval", u"iperf3/tcp_3.12_bitrate_verbose.txt"_s, n, 1,
               {u"0:m:throughput_bps:client=8.27e9"_s, u"0:m:throughput_bps:server=8.27e9"_s,
                u"0:m:retransmits:client=3"_s, u"0:m:cpu_util_pct:client=20.2"_s, u"0:m:cpu_util_pct:server=18.8"_s,
                u"0:samples=2"_s, u"0:s0=9.0e9"_s, u"0:p:omit_s=1"_s, u"0:p:message_size_bytes=131072"_s,
                u"0:p:duration_s=2"_s, u"0:tool_version=3.12"_s, u"0:m:bytes:client=2072321720.32"_s});
        addRow("3.12 text UDP reverse", u"iperf3/udp_3.12_reverse.txt"_s, n, 1,
               {u"0:kind=udp_stream"_s, u"0:p:direction=server_to_client"_s, u"0:m:throughput_bps:server=5.11e6"_s,
                u"0:m:messages:server=39"_s, u"0:m:messages:client=39"_s, u"0:m:jitter_ms:=0.005"_s,
                u"0:m:loss_ratio:=0"_s, u"0:samples=2"_s});
        addRow("3.12 text -P 2 (SUM lines)", u"iperf3/tcp_3.12_parallel.txt"_s, n, 1,
               {u"0:m:throughput_bps:client=13.5e9"_s, u"0:m:throughput_bps:server=13.5e9"_s,
                u"0:m:retransmits:client=17"_s, u"0:samples=2"_s, u"0:s1=11.5e9"_s});
        addRow("3.12 server log (receiver side, tiny last interval)", u"iperf3/tcp_3.12_server_log.txt"_s, n, 1,
               {u"0:m:throughput_bps:server=25.1e9"_s, u"0:nom:throughput_bps:client"_s, u"0:samples=2"_s,
                u"0:s1=28.5e9"_s, u"0:p:direction=client_to_server"_s});
        addRow("3.12 -J --bidir (two records)", u"iperf3/tcp_3.12_bidir.json"_s, n, 2,
               {u"0:m:throughput_bps:client=5229536836.761004"_s, u"0:m:throughput_bps:server=5189713975.181255"_s,
                u"0:p:bidirectional=true"_s, u"0:samples=2"_s, u"1:p:direction=server_to_client"_s,
                u"1:m:throughput_bps:server=4879157868.698017"_s, u"1:m:throughput_bps:client=4815268767.115288"_s,
                u"1:samples=2"_s});
        addRow("3.12 text --bidir (client's sending direction)", u"iperf3/tcp_3.12_bidir.txt"_s, n, 1,
               {u"0:m:throughput_bps:client=7.03e9"_s, u"0:m:throughput_bps:server=6.95e9"_s,
                u"0:m:retransmits:client=6"_s, u"0:samples=2"_s, u"0:p:bidirectional=true"_s});
        addRow("3.1 text UDP, Bandwidth, one summary line", u"iperf3/udp_3.1_bandwidth.txt"_s, n, 1,
               {u"0:kind=udp_stream"_s, u"0:m:throughput_bps:client=1.04e6"_s, u"0:m:messages:client=159"_s,
                u"0:m:messages:server=156"_s, u"0:m:loss_ratio:=0.0188679245283"_s, u"0:m:jitter_ms:=0.028"_s,
                u"0:m:cpu_util_pct:client=1.2"_s, u"0:m:cpu_util_pct:server=0.4"_s, u"0:samples=10"_s,
                u"0:p:message_size_bytes=8192"_s, u"0:tool_version=3.1.3"_s, u"0:x:text_era=Bandwidth (< 3.2)"_s,
                u"0:p:server_host=192.0.2.10"_s});
        addRow("3.0 text, two runs, the second reversed", u"iperf3/tcp_3.0_bandwidth_two_runs.txt"_s, n, 2,
               {u"0:m:throughput_bps:client=941e6"_s, u"0:m:throughput_bps:server=940e6"_s,
                u"0:m:bytes:client=353370112"_s, u"0:m:retransmits:client=0"_s, u"0:samples=3"_s,
                u"1:p:direction=server_to_client"_s, u"1:m:throughput_bps:server=912e6"_s,
                u"1:m:throughput_bps:client=906e6"_s, u"1:m:retransmits:server=14"_s, u"1:samples=3"_s});
    }
    void iperf3() { runRow(); }

    // Issue 21: the iperf3 outputs that used to import wrong numbers.
    void iperf3Issue21_data()
    {
        columns();
        const QString n = u"iperf3"_s;
        addRow("-u -R -J: the server's sent datagrams from server_output_json, else none", u"iperf3/udp_3.12_reverse_packets.json"_s,
               n, 2,
               {u"0:p:direction=server_to_client"_s, u"0:M:messages:server=1785"_s, u"0:M:messages:client=1754"_s,
                u"0:x:sent_datagrams_from=server_output_json"_s, u"0:M:throughput_bps:client=9751632.403646735"_s,
                u"1:nom:messages:server"_s, u"1:x:sent_datagrams_unknown=true"_s, u"1:M:messages:client=1754"_s});
        addRow("-s -J server log: host figures are the server's", u"iperf3/udp_3.12_server_log.json"_s, n, 1,
               {u"0:x:log_of=server"_s, u"0:m:cpu_util_pct:server=1.9884779780709905"_s,
                u"0:m:cpu_util_pct:client=0.5626658896400477"_s, u"0:p:direction=client_to_server"_s,
                u"0:M:messages:server=1754"_s, u"0:samples=2"_s});
        addRow("text --get-server-output: the server section is the server's", u"iperf3/tcp_3.12_get_server_output.txt"_s, n, 1,
               {u"0:M:throughput_bps:client=941000000"_s, u"0:M:throughput_bps:server=918000000"_s,
                u"0:m:cpu_util_pct:client=4.1"_s, u"0:m:cpu_util_pct:server=11.3"_s, u"0:samples=5"_s,
                u"0:m:retransmits:client=2"_s, u"0:x:server_output=text"_s, u"0:tool_version=3.12"_s});
        addRow("server log of a -R test: the server sent", u"iperf3/tcp_3.12_server_log_sender.txt"_s, n, 1,
               {u"0:p:direction=server_to_client"_s, u"0:M:throughput_bps:server=932000000"_s,
                u"0:nom:throughput_bps:client"_s, u"0:m:retransmits:server=5"_s, u"0:samples=2"_s});
        addRow("-u -P 2 text without 'connected' lines: [SUM] rows, receiver jitter and loss",
               u"iperf3/udp_3.12_parallel_no_connected.txt"_s, n, 1,
               {u"0:kind=udp_stream"_s, u"0:samples=2"_s, u"0:s0=2.1e6"_s, u"0:M:throughput_bps:client=2100000"_s,
                u"0:M:throughput_bps:server=2040000"_s, u"0:m:jitter_ms:=0.029"_s, u"0:M:messages:server=361"_s,
                u"0:M:messages:client=364"_s, u"0:m:loss_ratio:=0.00824175824176"_s});
        addRow("lost > total (iperf3 bug): UDP kept, jitter kept, loss refused with a warning",
               u"iperf3/udp_3.9_lost_exceeds_total.txt"_s, n, 1,
               {u"0:kind=udp_stream"_s, u"0:m:jitter_ms:=0.02"_s, u"0:nom:loss_ratio:"_s, u"0:nom:messages:server"_s,
                u"0:M:messages:client=181"_s, u"0:x:loss_not_imported=lost/total out of range in the log"_s});
        addRow("rates from the printed decimal: 2.01 Gbits/sec is 2010000000", u"iperf3/tcp_3.12_exact_units.txt"_s, n, 1,
               {u"0:S0=2030000000"_s, u"0:samples=2"_s, u"0:M:throughput_bps:client=2010000000"_s,
                u"0:M:throughput_bps:server=2010000000"_s});
        addRow("receiver reporting 0 bytes is flagged", u"iperf3/tcp_3.12_zero_receiver.txt"_s, n, 1,
               {u"0:M:throughput_bps:server=0"_s, u"0:x:receiver_zero_bytes=true"_s});
    }
    void iperf3Issue21() { runRow(); }

    // What is not imported is said, with the file and line.
    void iperf3Warnings()
    {
        const ImportResult lost = Importer::importFile(fixture(u"iperf3/udp_3.9_lost_exceeds_total.txt"_s));
        QVERIFY(lost.ok());
        QCOMPARE(lost.warnings.size(), 1);
        QVERIFY2(lost.warnings.first().contains(u"udp_3.9_lost_exceeds_total.txt:7:"_s), qPrintable(lost.warnings.first()));
        const ImportResult zero = Importer::importFile(fixture(u"iperf3/tcp_3.12_zero_receiver.txt"_s));
        QCOMPARE(zero.warnings.size(), 1);
        QVERIFY(zero.warnings.first().contains(u"0 bytes"_s));
        const QByteArray json = "{\"start\":{\"test_start\":{\"protocol\":\"TCP\"}},\"end\":{"
                                "\"sum_sent\":{\"bytes\":1310720,\"seconds\":1,\"bits_per_second\":10485760},"
                                "\"sum_received\":{\"bytes\":0,\"seconds\":1,\"bits_per_second\":0}}}";
        const ImportResult zeroJson = Importer::importData(json, u"z.json"_s);
        QVERIFY(zeroJson.ok());
        QCOMPARE(zeroJson.records.first().extra.value(u"receiver_zero_bytes"_s).toBool(), true);
        QCOMPARE(zeroJson.warnings.size(), 1);
        QVERIFY2(zeroJson.warnings.first().startsWith(u"z.json:1: the receiver (server) reports 0 bytes"_s), qPrintable(zeroJson.warnings.first()));
        const QByteArray iperf2 = "Server listening on TCP port 5001\n"
                                  "[  4] local 192.0.2.10 port 5001 connected with 192.0.2.20 port 49812\n"
                                  "[  4]  0.0-10.0 sec  0.00 Bytes  0.00 bits/sec\n";
        const ImportResult zero2 = Importer::importData(iperf2, u"z2.txt"_s);
        QVERIFY2(zero2.ok(), qPrintable(zero2.error ? zero2.error->toString() : QString()));
        QCOMPARE(zero2.records.first().tool, u"iperf2"_s);
        QCOMPARE(zero2.records.first().extra.value(u"receiver_zero_bytes"_s).toBool(), true);
        QCOMPARE(zero2.warnings.size(), 1);
        const ImportResult packets = Importer::importFile(fixture(u"iperf3/udp_3.12_reverse_packets.json"_s));
        QCOMPARE(packets.warnings.size(), 1);
        QVERIFY(packets.warnings.first().contains(u"--get-server-output"_s));
        const ImportResult rr = Importer::importFile(fixture(u"netperf/tcp_rr_throughput_units.txt"_s));
        QCOMPARE(rr.warnings.size(), 2);
        QVERIFY2(rr.warnings.first().contains(u"tcp_rr_throughput_units.txt:2:"_s), qPrintable(rr.warnings.first()));
        QVERIFY2(rr.warnings.last().contains(u"tcp_rr_throughput_units.txt:11:"_s), qPrintable(rr.warnings.last()));
    }

    void flentSkipsWhatIsNotARate()
    {
        const ImportResult r = Importer::importFile(fixture(u"flent/tcp_nup_v4_substats.flent.gz"_s));
        QVERIFY(r.ok());
        QCOMPARE(r.warnings.size(), 7);
        QVERIFY(r.warnings.filter(u"tcp_rtt_var"_s).size() == 2);
        QVERIFY(r.warnings.filter(u"fairness index"_s).size() == 1);
        for (const ResultRecord &rec : r.records)
            QVERIFY2(!rec.params.value(u"series"_s).toString().contains(u"tcp_"_s), qPrintable(rec.params.value(u"series"_s).toString()));
    }

    // The conversions start from the decimal the tool printed, not from the
    // double nearest to it: 4.27 x 1e9 in doubles is 4269999999.9999995.
    void exactUnits_data()
    {
        QTest::addColumn<double>("value");
        QTest::addColumn<double>("factor");
        QTest::addColumn<double>("expected");
        QTest::newRow("4.27 Gbit/s") << 4.27 << 1e9 << 4270000000.0;
        QTest::newRow("1.07 Gbit/s") << 1.07 << 1e9 << 1070000000.0;
        QTest::newRow("2.01 Mbit/s") << 2.01 << 1e6 << 2010000.0;
        QTest::newRow("1123.45 MBytes/s") << 1123.45 << 8.0 * 1024 * 1024 << 9424181657.6;
        QTest::newRow("0.07 % as a ratio") << 0.07 << 0.01 << 0.0007;
        QTest::newRow("1.1 ms in s") << 1.1 << 1e-3 << 0.0011;
        QTest::newRow("integer") << 941.0 << 1e6 << 941000000.0;
        QTest::newRow("negative") << -2.01 << 1e6 << -2010000.0;
        QTest::newRow("zero") << 0.0 << 1e9 << 0.0;
    }
    void exactUnits()
    {
        QFETCH(double, value);
        QFETCH(double, factor);
        QFETCH(double, expected);
        QCOMPARE(ImportText::scaled(value, factor), expected);
        QVERIFY(ImportText::scaled(value, factor) == expected); // QCOMPARE on doubles is fuzzy
    }

    // A metric that overflows in a conversion is refused at the line its record starts on.
    void nonFiniteNamesTheLine()
    {
        // received = packets - lost_packets overflows.
        const QByteArray doc = "\n{\"start\":{\"test_start\":{\"protocol\":\"UDP\"}},\"end\":{\"sum_received\":"
                               "{\"bytes\":1,\"seconds\":1,\"bits_per_second\":8,\"packets\":1.7e308,"
                               "\"lost_packets\":-1.7e308}}}\n";
        const ImportResult r = Importer::importData(doc, u"inf.json"_s);
        QVERIFY(!r.ok());
        QCOMPARE(r.error->line, 2);
        QVERIFY2(r.error->message.contains(u"out of range"_s), qPrintable(r.error->toString()));
    }

    void others_data()
    {
        columns();
        addRow("sockperf 3.7 UDP ping-pong (colour escapes)", u"sockperf/pingpong_udp.txt"_s, u"sockperf"_s, 1,
               {u"0:kind=udp_rr"_s, u"0:m:elapsed_s:=0.547"_s, u"0:m:messages:client=30331"_s,
                u"0:m:transactions_per_s:=55449.72577696527"_s, u"0:m:latency_us_mean:=18"_s,
                u"0:m:latency_us_stddev:=160.866"_s, u"0:m:latency_us_p50:=9.342"_s, u"0:m:latency_us_p90:=9.884"_s,
                u"0:m:latency_us_p99:=12.208"_s, u"0:m:latency_us_p999:=3226.944"_s, u"0:m:latency_us_max:=5122.156"_s,
                u"0:m:latency_us_min:=8.902"_s, u"0:m:drops:=0"_s, u"0:tool_version=3.7-no.git"_s});
        addRow("sockperf 3.10 TCP ping-pong, full statistics", u"sockperf/pingpong_tcp_3.10_full.txt"_s, u"sockperf"_s, 1,
               {u"0:kind=tcp_rr"_s, u"0:m:latency_us_mean:=12.402"_s, u"0:m:latency_us_p99:=18.822"_s,
                u"0:m:transactions_per_s:=80432.1"_s, u"0:m:latency_us_stddev:=2.088"_s});
        addRow("sockperf throughput", u"sockperf/throughput_udp.txt"_s, u"sockperf"_s, 1,
               {u"0:kind=udp_stream"_s, u"0:m:packets_per_s:client=122373"_s,
                u"0:M:throughput_bps:client=1441064288.256"_s, u"0:m:messages:client=122804"_s, u"0:m:elapsed_s:=1.004"_s,
                u"0:p:message_size_bytes=1472"_s, u"0:p:message_size_source=derived from bandwidth and message rate"_s});
        addRow("sockperf throughput: the size from the NOTE, not its advice; fragments", u"sockperf/throughput_udp_msg_size_note.txt"_s,
               u"sockperf"_s, 2,
               {u"0:p:message_size_bytes=64"_s, u"0:p:message_size_source=sockperf NOTE line"_s,
                u"0:M:packets_per_s:client=299991"_s, u"0:M:throughput_bps:client=153595392"_s,
                u"1:p:message_size_bytes=4000"_s, u"1:M:packets_per_s:client=300000"_s, u"1:x:messages_per_s=100000"_s,
                u"1:p:ip_fragments_per_message=3"_s, u"1:M:throughput_bps:client=3200000000"_s});
        addRow("flent tcp_nup: per-flow tcp_rtt/cwnd and fairness are not throughputs", u"flent/tcp_nup_v4_substats.flent.gz"_s,
               u"flent"_s, 5,
               {u"0:kind=latency"_s, u"0:M:latency_us_mean:=68340"_s, u"1:p:aggregate=average of flows"_s,
                u"2:p:aggregate=sum of flows"_s, u"2:M:throughput_bps:client=94050000"_s, u"3:p:flow=1"_s,
                u"3:p:series=TCP upload::1"_s, u"3:M:throughput_bps:client=47200000"_s, u"4:p:flow=2"_s,
                u"4:p:aggregate=one flow"_s});
        addRow("pktgen 2.6 two-line result", u"pktgen/eth1_2.6.txt"_s, u"pktgen"_s, 1,
               {u"0:kind=packet_rate"_s, u"0:m:packets_per_s:client=3038596"_s,
                u"0:m:throughput_bps:client=1458526080"_s, u"0:m:messages:client=10000000"_s,
                u"0:M:elapsed_s:=3.290994"_s, u"0:m:send_errors:client=0"_s, u"0:p:packet_size_bytes=60"_s,
                u"0:p:clone_skb=64"_s, u"0:p:interface=eth1"_s, u"0:p:count=10000000"_s});
        addRow("pktgen 2.4 one-line results, two devices", u"pktgen/two_devices_2.4.txt"_s, u"pktgen"_s, 2,
               {u"0:m:packets_per_s:client=121728"_s, u"0:m:throughput_bps:client=58429440"_s,
                u"0:m:elapsed_s:=8.215"_s, u"0:p:interface=eth0"_s, u"1:p:packet_size_bytes=1514"_s,
                u"1:m:packets_per_s:client=25800"_s, u"1:m:send_errors:client=12"_s, u"1:p:interface=eth1"_s});
        addRow("Wirebench CSV with unit conversion", u"csv/results.csv"_s, u"csv"_s, 2,
               {u"0:kind=udp_stream"_s, u"0:tool_version=1.2"_s, u"0:M:throughput_bps:client=95070000"_s,
                u"0:M:loss_ratio:=0.005"_s,
                u"0:m:throughput_bps:server=95.07e6"_s, u"0:m:loss_ratio:=0.005"_s, u"0:p:message_size_bytes=1472"_s,
                u"0:p:direction=client_to_server"_s, u"0:x:note=lab A, rack 2"_s, u"1:kind=tcp_rr"_s,
                u"1:m:transactions_per_s:=4749.19"_s, u"1:m:latency_us_p99:=410"_s});
        addRow("flent v4 rrul (.flent.gz)", u"flent/rrul_v4.flent.gz"_s, u"flent"_s, 3,
               {u"0:kind=latency"_s, u"0:m:latency_us_mean:=14000"_s, u"0:m:latency_us_min:=12000"_s,
                u"0:m:latency_us_max:=16000"_s, u"0:samples=20"_s, u"1:kind=tcp_stream"_s,
                u"1:p:direction=server_to_client"_s, u"1:m:throughput_bps:client=81.8e6"_s, u"1:samples=19"_s,
                u"2:p:direction=client_to_server"_s, u"2:m:throughput_bps:client=90.85e6"_s, u"2:samples=18"_s,
                u"2:tool_version=1.3.0"_s, u"2:p:flent_test=rrul"_s, u"2:x:flent_format_version=4"_s});
        addRow("flent v2", u"flent/tcp_download_v2.flent.gz"_s, u"flent"_s, 2,
               {u"0:m:latency_us_mean:=3000"_s, u"1:m:throughput_bps:client=60e6"_s,
                u"1:p:direction=server_to_client"_s, u"1:x:flent_format_version=2"_s});
        addRow("flent v3 with SERIES_META", u"flent/tcp_download_v3.flent.gz"_s, u"flent"_s, 2,
               {u"0:m:latency_us_p50:=3000"_s, u"1:m:throughput_bps:client=60e6"_s, u"1:x:flent_format_version=3"_s});
        addRow("flent v1 (netperf-wrapper era)", u"flent/tcp_upload_v1.flent.gz"_s, u"flent"_s, 2,
               {u"0:m:latency_us_mean:=1200"_s, u"0:samples=3"_s, u"1:m:throughput_bps:client=94.2e6"_s,
                u"1:tool_version=0.6.0"_s, u"1:x:flent_format_version=1"_s});
    }
    void others() { runRow(); }

    // iperf 2 is its own tool: its reports, read as iperf 2 prints them.
    void iperf2_data()
    {
        columns();
        const QString n = u"iperf2"_s;
        addRow("2.0.5 TCP client with -i", u"iperf2/tcp_2.0.5_client.txt"_s, n, 1,
               {u"0:kind=tcp_stream"_s, u"0:tool_version=2"_s, u"0:M:throughput_bps:client=941000000"_s,
                u"0:M:bytes:client=353370112"_s, u"0:m:elapsed_s:client=3"_s, u"0:samples=3"_s, u"0:s2=942e6"_s,
                u"0:p:direction=client_to_server"_s, u"0:p:server_host=192.0.2.10"_s, u"0:p:server_port=5001"_s,
                u"0:p:client_address=192.0.2.20"_s, u"0:x:report=text"_s});
        addRow("2.0.5 UDP client with the server report", u"iperf2/udp_2.0.5_client.txt"_s, n, 1,
               {u"0:kind=udp_stream"_s, u"0:M:throughput_bps:client=1050000"_s, u"0:M:messages:client=893"_s,
                u"0:M:throughput_bps:server=1050000"_s, u"0:m:jitter_ms:=0.028"_s, u"0:M:messages:server=891"_s,
                u"0:m:loss_ratio:=0.00223964165733"_s, u"0:p:message_size_bytes=1470"_s, u"0:M:bytes:server=1310720"_s});
        addRow("2.0.5 UDP server log, two clients one after the other", u"iperf2/udp_2.0.5_server_two_clients.txt"_s, n, 2,
               {u"0:M:throughput_bps:server=1050000"_s, u"0:nom:throughput_bps:client"_s, u"0:M:messages:server=891"_s,
                u"0:m:jitter_ms:=0.029"_s, u"0:p:direction=client_to_server"_s, u"1:M:throughput_bps:server=10500000"_s,
                u"1:M:messages:server=8921"_s, u"1:m:loss_ratio:=0"_s, u"1:p:message_size_bytes=1470"_s});
        addRow("2.1 enhanced -e with -P 2: [SUM] rows, retries", u"iperf2/tcp_2.1_enhanced_parallel.txt"_s, n, 1,
               {u"0:M:throughput_bps:client=940000000"_s, u"0:M:bytes:client=235929600"_s, u"0:m:retransmits:client=4"_s,
                u"0:samples=2"_s, u"0:s0=946e6"_s, u"0:p:streams=2"_s, u"0:p:message_size_bytes=131072"_s,
                u"0:x:report=enhanced (-e)"_s, u"0:m:elapsed_s:client=2.0106"_s});
        addRow("2.0.5 -d on the client: the connection to its own listener is the way back",
               u"iperf2/tcp_2.0.5_dualtest.txt"_s, n, 2,
               {u"0:p:direction=client_to_server"_s, u"0:M:throughput_bps:client=938000000"_s,
                u"0:nom:throughput_bps:server"_s, u"1:p:direction=server_to_client"_s,
                u"1:M:throughput_bps:client=930000000"_s, u"1:nom:throughput_bps:server"_s,
                u"1:M:bytes:client=1159641169.92"_s});
        addRow("2.1 -e UDP server: loss, jitter, one-way latency kept apart", u"iperf2/udp_2.1_enhanced_server.txt"_s, n, 1,
               {u"0:kind=udp_stream"_s, u"0:M:throughput_bps:server=1050000"_s, u"0:m:jitter_ms:=0.011"_s,
                u"0:M:messages:server=180"_s, u"0:m:loss_ratio:=0.00552486187845"_s, u"0:samples=2"_s,
                u"0:nom:latency_us_mean:"_s, u"0:x:report=enhanced (-e)"_s, u"0:p:direction=client_to_server"_s});
        addRow("-y C: a TCP and a UDP test", u"iperf2/csv_2.0.5.csv"_s, n, 2,
               {u"0:kind=tcp_stream"_s, u"0:M:throughput_bps:client=942075904"_s, u"0:M:bytes:client=235536384"_s,
                u"0:samples=2"_s, u"0:x:report=-y C"_s, u"1:kind=udp_stream"_s, u"1:M:throughput_bps:client=1049958"_s,
                u"1:M:throughput_bps:server=1049981"_s, u"1:M:messages:server=891"_s, u"1:m:jitter_ms:=0.028"_s});
    }
    void iperf2() { runRow(); }

    // Shapes of iperf 2 and omni output that the fixtures do not show.
    void moreShapes()
    {
        // -r: the way back starts after the first test's results, on the client's own listener.
        const QByteArray tradeoff = "Server listening on TCP port 5001\n"
                                    "Client connecting to 192.0.2.10, TCP port 5001\n"
                                    "[  3] local 192.0.2.20 port 49812 connected with 192.0.2.10 port 5001\n"
                                    "[  3]  0.0-10.0 sec  1.09 GBytes   938 Mbits/sec\n"
                                    "[  4] local 192.0.2.20 port 5001 connected with 192.0.2.10 port 40200\n"
                                    "[  4]  0.0-10.0 sec  1.08 GBytes   931 Mbits/sec\n";
        const ImportResult r = Importer::importData(tradeoff, u"r.txt"_s);
        QVERIFY2(r.ok(), qPrintable(r.error ? r.error->toString() : QString()));
        QCOMPARE(r.records.size(), 2);
        QCOMPARE(r.records.at(0).params.value(u"direction"_s).toString(), u"client_to_server"_s);
        QCOMPARE(*r.records.at(0).metric(u"throughput_bps"_s, u"client"_s), 938e6);
        QCOMPARE(r.records.at(1).params.value(u"direction"_s).toString(), u"server_to_client"_s);
        QCOMPARE(*r.records.at(1).metric(u"throughput_bps"_s, u"client"_s), 931e6);
        QCOMPARE(r.recordLines, (QList<int>{1, 5}));
        // -y C with -P 2: the [SUM] lines (no addresses) are the test.
        const QByteArray csv = "20231201120000,192.0.2.20,49812,192.0.2.10,5001,3,0.0-10.0,590000000,472000000\n"
                               "20231201120000,192.0.2.20,49814,192.0.2.10,5001,4,0.0-10.0,585000000,468000000\n"
                               "20231201120000,,,,,-1,0.0-10.0,1175000000,940000000\n";
        const ImportResult p = Importer::importData(csv, u"p.csv"_s);
        QVERIFY2(p.ok(), qPrintable(p.error ? p.error->toString() : QString()));
        QCOMPARE(p.format, u"iperf2"_s);
        QCOMPARE(p.records.size(), 1);
        QCOMPARE(*p.records.first().metric(u"throughput_bps"_s, u"client"_s), 940e6);
        QCOMPARE(p.records.first().params.value(u"streams"_s).toDouble(), 2.0);
        // -y C without [SUM] lines and several connections: one test each.
        const QByteArray two = csv.left(csv.lastIndexOf("2023"));
        QCOMPARE(Importer::importData(two, u"two.csv"_s).records.size(), 2);
        // Omni keyval of a TCP_CRR test: its own kind and rate, and its
        // per-connection latencies under the names the agent's tcp_crr uses.
        const QByteArray crr = "TEST=TCP_CRR\nPROTOCOL=TCP\nDIRECTION=Send|Recv\nTHROUGHPUT=9876.54\nTHROUGHPUT_UNITS=Trans/s\n"
                               "MEAN_LATENCY=101.25\nP50_LATENCY=90\nP90_LATENCY=120\nP99_LATENCY=234\n";
        const ImportResult c = Importer::importData(crr, u"crr.txt"_s);
        QVERIFY2(c.ok(), qPrintable(c.error ? c.error->toString() : QString()));
        QCOMPARE(c.records.first().kind, u"tcp_crr"_s);
        QCOMPARE(*c.records.first().metric(u"connections_per_s"_s), 9876.54);
        QVERIFY(!c.records.first().metric(u"transactions_per_s"_s));
        QCOMPARE(c.records.first().metric(u"latency_us_mean"_s).value_or(0), 101.25);
        QCOMPARE(c.records.first().metric(u"latency_us_p50"_s).value_or(0), 90.0);
        QCOMPARE(c.records.first().metric(u"latency_us_p90"_s).value_or(0), 120.0);
        QCOMPARE(c.records.first().metric(u"latency_us_p99"_s).value_or(0), 234.0);
    }

    // A log of several tools: every block of a known tool, the rest named.
    void mixedFile()
    {
        const ImportResult r = Importer::importFile(fixture(u"mixed/netperf_then_iperf2.txt"_s));
        QVERIFY2(r.ok(), qPrintable(r.error ? r.error->toString() : QString()));
        QCOMPARE(r.format, u"netperf+iperf2"_s);
        QCOMPARE(r.records.size(), 2);
        QCOMPARE(r.records.at(0).tool, u"netperf"_s);
        QCOMPARE(*r.records.at(0).metric(u"throughput_bps"_s, u"client"_s), 941480000.0);
        QCOMPARE(r.records.at(0).params.value(u"duration_s"_s).toDouble(), 10.0);
        QCOMPARE(r.records.at(1).tool, u"iperf2"_s);
        QCOMPARE(*r.records.at(1).metric(u"throughput_bps"_s, u"client"_s), 941000000.0);
        QCOMPARE(r.recordLines, (QList<int>{2, 13}));
        QCOMPARE(r.warnings.size(), 1);
        QVERIFY2(r.warnings.first().contains(u"netperf_then_iperf2.txt:9-10: nuttcp output skipped"_s), qPrintable(r.warnings.first()));
        // A damaged block fails the whole file, at the file's own line.
        QByteArray data;
        QFile f(fixture(u"mixed/netperf_then_iperf2.txt"_s));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray original = f.readAll();
        data = original;
        data.replace("337 MBytes   941 Mbits/sec", "337 MBytes   941 Mbats/sec");
        const ImportResult bad = Importer::importData(data, u"m.txt"_s);
        QVERIFY(!bad.ok());
        QVERIFY(bad.records.isEmpty());
        QCOMPARE(bad.error->line, 18);
        // A block of a known tool without results (a failed command) is named, not fatal.
        const QByteArray failed = "$ iperf3 -c 192.0.2.99\niperf3: error - unable to connect to server: Connection refused\n"
                                  "$ ping -c 1 192.0.2.10\nPING 192.0.2.10 (192.0.2.10) 56(84) bytes of data.\n";
        const ImportResult partly = Importer::importData(original + failed, u"m.txt"_s);
        QVERIFY2(!partly.ok(), "an iperf3 error line is a damaged block, not an empty one");
        QCOMPARE(partly.error->line, 21);
        const QByteArray waiting = "$ iperf3 -s\n-----------------------------------------------------------\n"
                                   "Server listening on 5201 (test #1)\n";
        const ImportResult rest = Importer::importData(original + waiting, u"m.txt"_s);
        QVERIFY2(rest.ok(), qPrintable(rest.error ? rest.error->toString() : QString()));
        QCOMPARE(rest.records.size(), 2);
        QCOMPARE(rest.warnings.size(), 2);
        QVERIFY2(rest.warnings.last().contains(u"m.txt:20-22: iperf3 lines without results skipped"_s), qPrintable(rest.warnings.last()));
    }

    void damaged_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("format");
        QTest::addColumn<int>("line");
        QTest::addColumn<QString>("expected");
        auto row = [](const char *name, const char *file, const char *format, int line, const char *text) {
            QTest::newRow(name) << QString::fromLatin1(file) << QString::fromLatin1(format) << line
                                << QString::fromLatin1(text);
        };
        row("netperf UDP_STREAM without receiver row", "netperf/bad_truncated_udp.txt", "netperf", 6, "receiver row");
        row("netperf row too short", "netperf/bad_short_row.txt", "netperf", 7, "expected 5 numbers");
        row("netperf test that failed", "netperf/bad_failed_test.txt", "netperf", 3, "failed");
        row("netperf no results", "netperf/bad_no_results.txt", "netperf", 0, "expected netperf output");
        row("netperf omni CSV too few values", "netperf/bad_omni_csv_short.txt", "netperf", 2, "expected 4 comma-separated");
        row("iperf3 error document", "iperf3/bad_error.json", "auto", 1, "iperf3 reported an error");
        row("iperf3 truncated JSON", "iperf3/bad_truncated.json", "iperf3", 1, "truncated");
        row("iperf3 text without summary", "iperf3/bad_no_summary.txt", "iperf3", 5, "sender/receiver summary");
        row("iperf3 text with a bad unit", "iperf3/bad_units.txt", "auto", 3, "expected an iperf3 interval line");
        row("iperf3 text 'x ms' jitter", "iperf3/bad_loose_jitter.txt", "auto", 8, "expected 'JITTER ms");
        row("iperf2 'nan ms' jitter", "iperf2/bad_jitter.txt", "auto", 6, "expected 'JITTER ms");
        row("iperf3 JSON behind a ^C", "iperf3/bad_ctrl_c.json", "auto", 1, "found '^C{'");
        row("iperf3 JSON behind an escape sequence", "iperf3/bad_escape.json", "auto", 1, "escape sequence");
        row("sockperf without summary", "sockperf/bad_interrupted.txt", "auto", 5, "expected the sockperf summary");
        row("pktgen run that did not finish", "pktgen/bad_not_ok.txt", "pktgen", 4, "did not finish");
        row("CSV unknown unit", "csv/bad_unit.csv", "auto", 3, "furlongs");
        row("CSV bad side", "csv/bad_side.csv", "csv", 2, "field 'side'");
        row("flent truncated gzip", "flent/bad_truncated.flent.gz", "auto", 0, "gzip");
        row("flent unknown format version", "flent/bad_version.flent.gz", "flent", 1, "version 1-4");
    }

    void damaged()
    {
        QFETCH(QString, file);
        QFETCH(QString, format);
        QFETCH(int, line);
        QFETCH(QString, expected);
        const ImportResult r = Importer::importFile(fixture(file), *Importer::formatFromName(format));
        QVERIFY(!r.ok());
        QVERIFY(r.records.isEmpty());
        QVERIFY2(r.error->file.endsWith(file), qPrintable(r.error->file));
        QCOMPARE(r.error->line, line);
        QVERIFY2(r.error->message.contains(expected), qPrintable(r.error->toString()));
        QVERIFY(r.error->toString().contains(file));
    }

    // The netperf importer reads the 1999 seed back into the shipped baselines.
    void seedLogMatchesBaselines()
    {
        const ImportResult r = Importer::importFile(fixture(u"netperf/seed_fs108_1999.txt"_s), ImportFormat::Netperf);
        QVERIFY(r.ok());
        const BaselineSet set = BaselineSet::loadBuiltin();
        QVERIFY(set.isValid());
        QList<Baseline> logged;
        for (const Baseline &b : set.fromSource(u"000_f12b096113c81937.txt"_s))
            if (b.record.tool == u"netperf"_s && b.record.extra.contains(u"banner"_s))
                logged.append(b);
        QCOMPARE(logged.size(), r.records.size());
        for (qsizetype k = 0; k < logged.size(); ++k) {
            const ResultRecord &want = logged.at(k).record;
            const ResultRecord &got = r.records.at(k);
            QCOMPARE(got.kind, want.kind);
            QCOMPARE(got.metrics.size(), want.metrics.size());
            for (const Metric &m : want.metrics) {
                const auto v = got.metric(m.name, m.side);
                QVERIFY2(v && close(*v, m.value), qPrintable(logged.at(k).key + u' ' + m.name + u' ' + m.side));
            }
        }
    }

    void formatNames()
    {
        for (const QString &name : Importer::formatNames())
            QCOMPARE(Importer::formatName(*Importer::formatFromName(name)), name);
        QVERIFY(!Importer::formatFromName(u"nuttcp"_s));
        const ImportResult missing = Importer::importFile(fixture(u"no/such/file.txt"_s));
        QVERIFY(!missing.ok());
        QVERIFY(missing.error->message.contains(u"cannot open"_s));
        const ImportResult unknown = Importer::importData("hello\nworld\n", u"notes.txt"_s);
        QVERIFY(!unknown.ok());
        QVERIFY(unknown.error->message.contains(u"cannot tell the format"_s));
    }
};

QTEST_GUILESS_MAIN(TestImporters)
#include "tst_importers.moc"
