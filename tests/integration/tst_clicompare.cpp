// SPDX-License-Identifier: GPL-3.0-or-later
// `wirebench-cli compare` on a real database: the ratio table against a
// reference with a verdict, the same chart as the desktop program written as
// PNG/SVG/PDF, the plotted points as CSV, and clear usage errors.

#include "exchange/resultimport.h"
#include "../core/storeservicefixture.h"
#include "analysis/comparisonengine.h"
#include "analysis/comparisonreport.h"
#include "inventory/inventory.h"
#include "store/inventorystore.h"
#include "store/resultstore.h"
#include "store/runstore.h"

#include <QFile>
#include <QJsonArray>
#include <cmath>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QMap>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {
const QString kCli = QStringLiteral(WB_BIN_DIR "/wirebench-cli");

wb::StoredRun udpRun(int size, double rxBps)
{
    wb::StoredRun r;
    r.plan = u"p"_s;
    r.testCase = u"udp"_s;
    r.clientEndpoint = u"adam"_s;
    r.serverEndpoint = u"eve"_s;
    r.record.kind = u"udp_stream"_s;
    r.record.tool = u"wirebench-agent"_s;
    r.record.params.insert(u"message_size_bytes"_s, size);
    // Bigger buffers than the 1999 tests asked for (-s 65535 -S 65535).
    r.record.params.insert(u"send_socket_bytes"_s, 262144);
    r.record.params.insert(u"recv_socket_bytes"_s, 262144);
    r.record.addMetric(u"throughput_bps"_s, u"server"_s, rxBps);
    return r;
}

int cli(const QStringList &args, QByteArray *out, QByteArray *err = nullptr)
{
    QProcess p;
    p.start(kCli, args);
    p.waitForFinished(60000);
    *out = p.readAllStandardOutput();
    if (err)
        *err = p.readAllStandardError();
    return p.exitCode();
}
} // namespace

class TstCliCompare : public QObject
{
    Q_OBJECT
private slots:
    void tableChartAndCsv();
    void failIfWorseGatesOnSignificantLoss();
    void latencyBesideThePhysicalFloor();
    void ceilingAndEnvironmentBesideTheBaseline();
};

// The CI gate: a group significantly worse than its reference by more than
// the threshold exits 3 with the verdict; within the threshold, or not
// significant, exits 0; nothing to judge exits 1.
void TstCliCompare::failIfWorseGatesOnSignificantLoss()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(u"g.sqlite"_s);
    const auto to = [](wb::StoredRun r, const QString &server) {
        r.serverEndpoint = server;
        return r;
    };
    {
        auto store = wb::ResultStore::open(db);
        QVERIFY(store);
        QVERIFY((*store)->runs().saveRuns({udpRun(1472, 94e6), udpRun(1472, 95e6), udpRun(1472, 96e6),
                                           to(udpRun(1472, 79e6), u"zeus"_s), to(udpRun(1472, 80e6), u"zeus"_s),
                                           to(udpRun(1472, 81e6), u"zeus"_s), to(udpRun(1472, 93e6), u"hera"_s),
                                           to(udpRun(1472, 94e6), u"hera"_s), to(udpRun(1472, 95e6), u"hera"_s)}));
    }
    QByteArray out, err;
    const QStringList base{u"--db"_s, db, u"compare"_s, u"--kind"_s, u"udp_stream"_s, u"--reference"_s, u"adam → eve · measured"_s};
    // zeus is ~16 % slower, clearly; hera ~1 %, inside any sensible threshold.
    const int gated = cli(base + QStringList{u"--fail-if-worse"_s, u"5"_s}, &out, &err);
    QVERIFY2(gated == 3, err.constData());
    QVERIFY2(err.contains("worse than adam → eve · measured by more than 5%: adam → zeus · measured"), err.constData());
    QVERIFY2(err.contains("slower"), err.constData());
    QVERIFY2(!err.contains("adam → hera ("), err.constData());
    QCOMPARE(cli(base + QStringList{u"--fail-if-worse"_s, u"20"_s}, &out, &err), 0);
    // The same as a JSON line of type "gate".
    QCOMPARE(cli(QStringList{u"--json"_s} + base + QStringList{u"--fail-if-worse"_s, u"5"_s}, &out, &err), 3);
    QJsonObject gate;
    for (const QByteArray &line : out.trimmed().split('\n'))
        if (const QJsonObject o = QJsonDocument::fromJson(line).object(); o.value(u"type"_s).toString() == u"gate"_s)
            gate = o;
    QCOMPARE(gate.value(u"judged"_s).toInt(), 2);
    const QJsonArray worse = gate.value(u"worse"_s).toArray();
    QCOMPARE(worse.size(), 1);
    QCOMPARE(worse.first().toObject().value(u"cell"_s).toString(), u"adam → zeus · measured"_s);
    const double pct = worse.first().toObject().value(u"worse_pct"_s).toDouble();
    QVERIFY2(pct > 14 && pct < 18, qPrintable(QString::number(pct)));
    QCOMPARE(cli(base + QStringList{u"--fail-if-worse"_s, u"-1"_s}, &out, &err), 2);
    QVERIFY2(err.contains("percentage from 0 to 1000"), err.constData());
    // A reference that is no cell: the one form of a mistake, then the cells, one a line.
    QCOMPARE(cli({u"--db"_s, db, u"compare"_s, u"--kind"_s, u"udp_stream"_s, u"--reference"_s, u"adam → nobody"_s}, &out,
                 &err),
             2);
    QStringList lines = QString::fromUtf8(err).split(u'\n');
    QCOMPARE(lines.takeFirst(), u"wirebench-cli compare: no cell 'adam → nobody' in this condition; --reference takes one "
                                "of these (see 'wirebench-cli compare --help')"_s);
    QCOMPARE(lines.takeLast(), QString());
    lines.sort();
    QCOMPARE(lines, (QStringList{u"  adam → eve · measured"_s, u"  adam → hera · measured"_s, u"  adam → zeus · measured"_s}));
    // A kind the database has no runs of, and a condition number out of range.
    QCOMPARE(cli({u"--db"_s, db, u"compare"_s, u"--kind"_s, u"rrul"_s}, &out, &err), 2);
    const QString kindErr = QString::fromUtf8(err);
    QVERIFY2(kindErr.startsWith(u"wirebench-cli compare: no runs or baselines of kind 'rrul'; this database has: "
                                "udp_stream, "_s)
                 && kindErr.endsWith(u" (see 'wirebench-cli compare --help')\n"_s) && kindErr.count(u'\n') == 1,
             qPrintable(kindErr));
    QCOMPARE(cli(base.mid(0, 5) + QStringList{u"--condition"_s, u"9"_s}, &out, &err), 2);
    lines = QString::fromUtf8(err).split(u'\n');
    const QRegularExpressionMatch m = QRegularExpression(
        u"^wirebench-cli compare: --condition takes a number from 1 to (\\d+), one of the conditions below "
        "\\(see 'wirebench-cli compare --help'\\)$"_s).match(lines.first());
    QVERIFY2(m.hasMatch(), err.constData());
    const int conditions = m.captured(1).toInt();
    QVERIFY2(conditions >= 1 && lines.size() == conditions + 2 && lines.last().isEmpty(), err.constData());
    for (int i = 1; i <= conditions; ++i)
        QVERIFY2(lines[i].startsWith(u"  %1. "_s.arg(i)), err.constData());

    // One measurement per group: nothing can be judged, and the gate says so.
    const QString single = dir.filePath(u"s.sqlite"_s);
    {
        auto store = wb::ResultStore::open(single);
        QVERIFY(store);
        QVERIFY((*store)->runs().saveRuns({udpRun(1472, 94e6), to(udpRun(1472, 60e6), u"zeus"_s)}));
    }
    QCOMPARE(cli({u"--db"_s, single, u"compare"_s, u"--kind"_s, u"udp_stream"_s, u"--reference"_s, u"adam → eve · measured"_s,
                  u"--fail-if-worse"_s, u"5"_s},
                 &out, &err),
             1);
    QVERIFY2(err.contains("judged nothing"), err.constData());
    QVERIFY2(err.contains("not judged: adam → zeus"), err.constData());
}

void TstCliCompare::tableChartAndCsv()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(u"c.sqlite"_s);
    {
        auto store = wb::ResultStore::open(db);
        QVERIFY(store);
        QVERIFY(wb::ensureBuiltinBaselines(**store));
        QVERIFY((*store)->runs().saveRuns({udpRun(1472, 94e6), udpRun(1472, 95e6), udpRun(1472, 96e6)}));
    }
    QByteArray out, err;
    QCOMPARE(cli({u"--db"_s, db, u"--json"_s, u"compare"_s, u"--kind"_s, u"udp_stream"_s, u"--confidence"_s, u"99"_s,
                  u"--chart"_s, dir.filePath(u"c.png"_s), u"--csv"_s, dir.filePath(u"c.csv"_s)},
                 &out, &err),
             0);
    bool sawRef = false, sawConditions = false;
    for (const QByteArray &line : out.trimmed().split('\n')) {
        const QJsonObject o = QJsonDocument::fromJson(line).object();
        QVERIFY2(!o.isEmpty(), line.constData());
        if (o.contains(u"comparison"_s)) {
            // The 1999 figures were measured with other socket buffers: another
            // condition, listed, never pooled with these runs.
            const QJsonArray conditions = o.value(u"comparison"_s).toObject().value(u"conditions"_s).toArray();
            QVERIFY(conditions.size() >= 2);
            const QJsonObject shown = conditions.first().toObject();
            QVERIFY(shown.value(u"shown"_s).toBool());
            QVERIFY2(shown.value(u"label"_s).toString().contains(u"send socket buffer 256 KiB"_s),
                     qPrintable(shown.value(u"label"_s).toString()));
            QCOMPARE(shown.value(u"runs"_s).toInt(), 3);
            QCOMPARE(shown.value(u"baselines"_s).toInt(), 0);
            bool sawBrown = false;
            for (const QJsonValue &c : conditions)
                sawBrown = sawBrown
                    || (c.toObject().value(u"label"_s).toString().contains(u"send socket buffer 65535 B"_s)
                        && c.toObject().value(u"baselines"_s).toInt() > 0);
            QVERIFY(sawBrown);
            sawConditions = true;
            continue;
        }
        // Every condition's rows come, each with its condition; the 1999
        // figures only in their own.
        QVERIFY(o.contains(u"condition_number"_s));
        if (!o.value(u"shown"_s).toBool()) {
            QVERIFY(o.value(u"condition_number"_s).toInt() > 1);
            continue;
        }
        if (o.value(u"reference"_s).toBool()) {
            sawRef = true;
            QCOMPARE(o.value(u"group"_s).toString(), u"adam → eve"_s);
            QCOMPARE(o.value(u"n"_s).toInt(), 3);
            QVERIFY(std::fabs(o.value(u"mean"_s).toDouble() - std::cbrt(94.0 * 95 * 96)) < 1e-9);
            QVERIFY(o.value(u"ci_low"_s).toDouble() > 0 && o.value(u"ci_high"_s).toDouble() > 96);
            QCOMPARE(o.value(u"run_ids"_s).toArray().size(), 3);
            QCOMPARE(o.value(u"condition"_s).toObject().value(u"side"_s).toString(), u"receiver"_s);
        }
        QVERIFY2(!o.value(u"baseline"_s).toBool(), line.constData()); // no 1999 figure in this condition
    }
    QVERIFY(sawRef && sawConditions);
    QFile png(dir.filePath(u"c.png"_s));
    QVERIFY(png.open(QIODevice::ReadOnly));
    QVERIFY(png.read(8) == QByteArray("\x89PNG\r\n\x1a\n", 8));
    QFile csv(dir.filePath(u"c.csv"_s));
    QVERIFY(csv.open(QIODevice::ReadOnly));
    const QByteArray csvText = csv.readAll();
    QVERIFY2(csvText.startsWith("condition,cell,group,") && csvText.contains("adam → eve,measured"), csvText.constData());

    // The same chart as SVG and PDF.
    QCOMPARE(cli({u"--db"_s, db, u"compare"_s, u"--kind"_s, u"udp_stream"_s, u"--chart"_s, dir.filePath(u"c.svg"_s)}, &out), 0);
    QFile svg(dir.filePath(u"c.svg"_s));
    QVERIFY(svg.open(QIODevice::ReadOnly) && svg.readAll().contains("<svg"));
    QCOMPARE(cli({u"--db"_s, db, u"compare"_s, u"--kind"_s, u"udp_stream"_s, u"--chart"_s, dir.filePath(u"c.pdf"_s)}, &out), 0);
    QFile pdf(dir.filePath(u"c.pdf"_s));
    QVERIFY(pdf.open(QIODevice::ReadOnly) && pdf.read(4) == "%PDF");

    // A whole comparison as one document: chart, table, what was compared.
    QCOMPARE(cli({u"--db"_s, db, u"compare"_s, u"--kind"_s, u"udp_stream"_s, u"--report"_s, dir.filePath(u"r.html"_s)}, &out), 0);
    QFile html(dir.filePath(u"r.html"_s));
    QVERIFY(html.open(QIODevice::ReadOnly));
    const QByteArray report = html.readAll();
    QVERIFY(report.contains("<img src=\"data:image/svg+xml;base64,"));
    QVERIFY(report.contains("Each cell against the reference") && report.contains("Conditions in the selection"));
    QVERIFY(report.contains("Runs compared, with the environment of each end") && report.contains("adam"));
    QVERIFY(report.contains("Historical baselines, with hardware and citation"));
    {
        // The same sections as the desktop program's report: the engine's
        // list for this view, each a heading of the CLI's report.
        wb::StoreComparisonProvider provider(wb::testing::storeServiceFor(db));
        QString error;
        const auto data = provider.dataset(u"udp_stream: x"_s, &error);
        QVERIFY2(data, qPrintable(error));
        const wb::ComparisonView view = wb::buildComparisonView(*data, {data->defaultGroupBy, {}, {}, 0.95});
        for (const QString &title : wb::comparisonReportSectionTitles(view, true))
            QVERIFY2(report.contains((u"<h2>"_s + title + u"</h2>"_s).toUtf8()), qPrintable(title));
    }
    QCOMPARE(cli({u"--db"_s, db, u"compare"_s, u"--kind"_s, u"udp_stream"_s, u"--report"_s, dir.filePath(u"r.pdf"_s)}, &out), 0);
    QFile rpdf(dir.filePath(u"r.pdf"_s));
    QVERIFY(rpdf.open(QIODevice::ReadOnly) && rpdf.read(4) == "%PDF" && rpdf.size() > 10000);
    // --paper sizes the pages (Letter: 612 x 792 points in the page tree).
    QCOMPARE(cli({u"--db"_s, db, u"compare"_s, u"--kind"_s, u"udp_stream"_s, u"--report"_s, dir.filePath(u"l.pdf"_s),
                  u"--paper"_s, u"letter"_s},
                 &out),
             0);
    QFile lpdf(dir.filePath(u"l.pdf"_s));
    QVERIFY(lpdf.open(QIODevice::ReadOnly));
    const QByteArray letter = lpdf.readAll();
    QVERIFY(letter.contains("/MediaBox [0 0 612.000000 792.000000]"));
    QVERIFY(!letter.contains("/MediaBox [0 0 595.000000 842.000000]"));
    QCOMPARE(cli({u"--db"_s, db, u"compare"_s, u"--kind"_s, u"udp_stream"_s, u"--report"_s, dir.filePath(u"b.pdf"_s),
                  u"--paper"_s, u"b5"_s},
                 &out, &err),
             2);
    QVERIFY2(err.contains("a4, letter"), err.constData());
    QCOMPARE(cli({u"--db"_s, db, u"compare"_s, u"--kind"_s, u"udp_stream"_s, u"--paper"_s, u"a4"_s}, &out, &err), 2);
    QVERIFY2(err.contains("--report FILE.pdf"), err.constData());

    // Usage errors say what to do.
    QCOMPARE(cli({u"--db"_s, db, u"compare"_s, u"--kind"_s, u"sctp_rr"_s}, &out, &err), 2);
    QVERIFY2(err.contains("udp_stream"), err.constData());
    QCOMPARE(cli({u"--db"_s, db, u"compare"_s, u"--kind"_s, u"udp_stream"_s, u"--group-by"_s, u"colour"_s}, &out, &err), 2);
    QVERIFY2(err.contains("host pair"), err.constData());
    QCOMPARE(cli({u"--db"_s, db, u"compare"_s, u"--kind"_s, u"udp_stream"_s, u"--chart"_s, dir.filePath(u"c.gif"_s)}, &out, &err), 2);
}

void TstCliCompare::latencyBesideThePhysicalFloor()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(u"rr.sqlite"_s);
    {
        auto store = wb::ResultStore::open(db);
        QVERIFY(store);
        QString error;
        // adam and eve on an FS108 (rated 20 us) over 1 m and 65 m of cable.
        const auto lab = wb::Inventory::fromFile(QStringLiteral(WB_TEST_DATA_DIR "/labs/loopback-lab.json"), &error);
        QVERIFY2(lab, qPrintable(error));
        QVERIFY((*store)->inventory().importInventory(*lab));
        wb::StoredRun r;
        r.plan = u"p"_s;
        r.testCase = u"rr"_s;
        r.clientEndpoint = u"adam/lo"_s;
        r.serverEndpoint = u"eve/lo"_s;
        r.clientNicId = (*store)->inventory().nicByKey(u"adam/lo"_s)->id;
        r.serverNicId = (*store)->inventory().nicByKey(u"eve/lo"_s)->id;
        r.record.kind = u"tcp_rr"_s;
        r.record.tool = u"wirebench-agent"_s;
        r.record.params = QJsonObject{{u"request_size_bytes"_s, 1}, {u"response_size_bytes"_s, 1}};
        r.record.addMetric(u"transactions_per_s"_s, u"client"_s, 15000);
        r.record.addMetric(u"latency_us_mean"_s, u"client"_s, 66.5);
        // The run as its recorder keeps it when the NICs are real ones: a
        // physical link of 100 Mbit/s.
        r.record.extra.insert(u"link"_s, QJsonObject{{u"class"_s, u"physical"_s}, {u"speed_bps"_s, 100e6}});
        // The same path run over this machine's loopback: no wire crossed.
        wb::StoredRun lo = r;
        lo.record.extra.insert(u"link"_s, QJsonObject{{u"class"_s, u"loopback"_s}});
        lo.record.metrics.clear();
        lo.record.addMetric(u"transactions_per_s"_s, u"client"_s, 40000);
        lo.record.addMetric(u"latency_us_mean"_s, u"client"_s, 25.0);
        QVERIFY((*store)->runs().saveRuns({r, lo}));
    }
    QByteArray out;
    QCOMPARE(cli({u"--db"_s, db, u"compare"_s, u"--kind"_s, u"tcp_rr"_s, u"--group-by"_s, u"host pair"_s}, &out), 0);
    QVERIFY2(out.contains("measured mean round trip 66.5 µs; physical floor of its path"), out.constData());
    QVERIFY2(out.contains("switches 2 × 20.00 µs"), out.constData()); // the FS108 once per direction
    QVERIFY2(out.contains("measured mean round trip 25.0 µs; it ran over loopback, no wire, so no physical floor applies"),
             out.constData());
    // By switch: the wired run is the FS108's; the loopback one crossed no
    // switch, so it is not counted as the FS108's and its label names none.
    QCOMPARE(cli({u"--db"_s, db, u"compare"_s, u"--kind"_s, u"tcp_rr"_s, u"--group-by"_s, u"switch"_s, u"--json"_s}, &out), 0);
    QMap<QString, QJsonObject> groups;
    for (const QByteArray &line : out.split('\n')) {
        const QJsonObject o = QJsonDocument::fromJson(line).object();
        if (o.value(u"type"_s).toString() == u"group"_s && !o.value(u"baseline"_s).toBool())
            groups.insert(o.value(u"link"_s).toString(), o);
    }
    QVERIFY2(groups.contains(u"physical"_s) && groups.contains(u"loopback"_s), out.constData());
    QCOMPARE(groups[u"physical"_s].value(u"group"_s).toString(), u"fs108"_s);
    QCOMPARE(groups[u"loopback"_s].value(u"group"_s).toString(), u"—"_s);
    QVERIFY2(!groups[u"loopback"_s].value(u"series"_s).toString().contains(u"fs108"_s),
             qPrintable(groups[u"loopback"_s].value(u"series"_s).toString()));
}

void TstCliCompare::ceilingAndEnvironmentBesideTheBaseline()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(u"env.sqlite"_s);
    {
        auto store = wb::ResultStore::open(db);
        QVERIFY(store);
        QVERIFY(wb::ensureBuiltinBaselines(**store));
        wb::StoredRun r = udpRun(1472, 94e6);
        // The buffers netperf asked for in 1999 (-s 65535 -S 65535): the same condition.
        r.record.params.insert(u"send_socket_bytes"_s, 65535);
        r.record.params.insert(u"recv_socket_bytes"_s, 65535);
        r.clientEndpoint = u"adam/eth0"_s;
        r.clientEnvironment = QJsonObject{
            {u"kernel"_s, u"Linux 6.1.0-18-amd64"_s},
            {u"interfaces"_s, QJsonArray{QJsonObject{{u"name"_s, u"eth0"_s}, {u"driver"_s, u"e1000e"_s},
                                                     {u"driver_version"_s, u"3.2.6-k"_s}, {u"speed_mbps"_s, 100},
                                                     {u"duplex"_s, u"full"_s}, {u"mtu"_s, 1500}}}}};
        QVERIFY((*store)->runs().saveRuns({r, r}));
    }
    const double ceiling = 100e6 / (1538 * 8) * 1472 * 8 / 1e6;
    QByteArray out, err;
    QCOMPARE(cli({u"--db"_s, db, u"--json"_s, u"compare"_s, u"--kind"_s, u"udp_stream"_s}, &out, &err), 0);
    bool sawRun = false, sawBaseline = false, sawEnv = false, sawUnknown = false;
    for (const QByteArray &line : out.trimmed().split('\n')) {
        const QJsonObject o = QJsonDocument::fromJson(line).object();
        if (o.contains(u"condition_number"_s) && !o.value(u"shown"_s).toBool())
            continue; // another condition's section
        if (o.value(u"reference"_s).toBool()) {
            sawRun = true;
            QCOMPARE(o.value(u"ceiling"_s).toDouble(), ceiling);
            QCOMPARE(o.value(u"pct_of_ceiling"_s).toDouble(), 100 * 94 / ceiling);
        } else if (o.value(u"baseline"_s).toBool() && o.value(u"cell"_s).toString().startsWith(u"adam → eve"_s)) {
            sawBaseline = true;
            QCOMPARE(o.value(u"pct_of_ceiling"_s).toDouble(), 100 * 95.07 / ceiling); // 99.3 % in 1999
            QVERIFY(o.value(u"single_measurement"_s).toBool());
            QVERIFY(!o.contains(u"p_value"_s) && !o.contains(u"ratio_low"_s));
            sawUnknown = true;
        } else if (o.contains(u"environment"_s)) {
            const QJsonObject e = o.value(u"environment"_s).toObject();
            if (!e.value(u"group"_s).toString().contains(u"Brown"_s) || !e.value(u"group"_s).toString().startsWith(u"adam"_s))
                continue;
            sawEnv = true;
            QMap<QString, QJsonObject> fields;
            for (const QJsonValue &f : e.value(u"fields"_s).toArray())
                fields.insert(f.toObject().value(u"field"_s).toString(), f.toObject());
            QCOMPARE(fields.value(u"client driver"_s).value(u"state"_s).toString(), u"differs"_s);
            QCOMPARE(fields.value(u"client driver"_s).value(u"group_value"_s).toString(), u"tulip"_s);
            QCOMPARE(fields.value(u"client driver"_s).value(u"reference_value"_s).toString(), u"e1000e"_s);
            QCOMPARE(fields.value(u"link speed"_s).value(u"state"_s).toString(), u"same"_s);
            QCOMPARE(fields.value(u"MTU"_s).value(u"state"_s).toString(), u"unknown_group"_s);
        }
    }
    QVERIFY(sawRun && sawBaseline && sawEnv && sawUnknown);

    // The table says it in words, and the report carries both.
    QCOMPARE(cli({u"--db"_s, db, u"compare"_s, u"--kind"_s, u"udp_stream"_s, u"--report"_s, dir.filePath(u"r.html"_s)},
                 &out, &err),
             0);
    QVERIFY2(out.contains("% ceiling") && out.contains("99.3%") && out.contains("98.2%"), out.constData());
    QVERIFY2(out.contains("environment against the reference") && out.contains("client driver: tulip → e1000e"),
             out.constData());
    QVERIFY2(out.contains("client kernel: 2.2.10 → 6.1.0-18-amd64"), out.constData());
    QFile html(dir.filePath(u"r.html"_s));
    QVERIFY(html.open(QIODevice::ReadOnly));
    const QString report = QString::fromUtf8(html.readAll());
    QVERIFY(report.contains(u"% of ceiling"_s) && report.contains(u"99.3%"_s));
    QVERIFY(report.contains(u"Environment against the reference"_s) && report.contains(u"tulip → e1000e"_s));
}

QTEST_GUILESS_MAIN(TstCliCompare)
#include "tst_clicompare.moc"
