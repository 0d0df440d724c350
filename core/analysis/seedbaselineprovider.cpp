// SPDX-License-Identifier: GPL-3.0-or-later
#include "seedbaselineprovider.h"

#include "ethernetceiling.h"
#include "latencyfloor.h"

#include <QCoreApplication>

using namespace Qt::StringLiterals;

namespace wb {

namespace {

QString tr(const char *s)
{
    return QCoreApplication::translate("wb::SeedBaselineProvider", s);
}

const QString kFtpCitation = u"E. Rodichev, \"Fast Ethernet and Linux Technical Details\", SAI MSU, 21 Jul 1997"_s;
const QString kRgbCitation = u"R. G. Brown, \"Netgear FS108 report\", beowulf list, 17 Aug 1999"_s;
const QString kTg3Citation = u"B. Greear, \"tg3 (netgear 302t) performance numbers\", 2003"_s;
const QString kOlssonCitation = u"R. Olsson, \"Fast Switching or NIC-to-NIC communications\", linux-tulip, 12 Mar 2000"_s;

// Fast Ethernet TCP goodput ceiling with a 1460-byte MSS, in MB/s (10^6 B/s).
double fastEthernetTcpMBps()
{
    const int frame = ethernet::frameForTcpPayload(1460);
    return ethernet::maxFrameRate(100e6, frame) * 1460 / 1e6;
}

ComparisonData ftpTable()
{
    ComparisonData d;
    d.title = tr("FTP transfer of a 12 MB file across a Fast Ethernet hub");
    d.metric = u"throughput_bps"_s;
    d.unit = u"MB/s"_s;
    d.description = tr("1997 baselines: five Linux hosts, cables 1–65 m, binary FTP (as reported; 810 Kbytes/s = 0.81 MB/s)");
    d.dimensions = {u"pair"_s, u"from"_s, u"to"_s, u"mode"_s};
    d.defaultGroupBy = u"pair"_s;
    d.seriesKey = u"mode"_s;
    d.matrixRowKey = u"from"_s;
    d.matrixColumnKey = u"to"_s;
    d.ceiling = fastEthernetTcpMBps();
    d.ceilingLabel = tr("Fast Ethernet TCP ceiling");
    struct Row { const char16_t *from; const char16_t *to; double file; double devnull; };
    const Row rows[] = {
        {u"Zeus", u"Torus", 0.81, 4.2}, {u"Torus", u"Zeus", 6.1, 5.7},
        {u"Zeus", u"Net3", 3.9, 7.8},   {u"Net3", u"Zeus", 8.6, 8.6},
        {u"Zeus", u"Mira", 3.6, 7.1},   {u"Mira", u"Zeus", 8.6, 8.6},
        {u"Zeus", u"Star", 3.4, 8.5},   {u"Star", u"Zeus", 7.3, 8.3},
    };
    for (const Row &r : rows) {
        const QString from = QString::fromUtf16(r.from);
        const QString to = QString::fromUtf16(r.to);
        for (int m = 0; m < 2; ++m) {
            Observation o;
            o.attributes = {{u"pair"_s, from + u" → "_s + to}, {u"from"_s, from}, {u"to"_s, to},
                            {u"mode"_s, m == 0 ? u"file → file"_s : u"file → /dev/null"_s}};
            o.values = {m == 0 ? r.file : r.devnull};
            o.source = kFtpCitation;
            o.baseline = true;
            d.observations.append(o);
        }
    }
    return d;
}

ComparisonData udpStream()
{
    ComparisonData d;
    d.title = tr("netperf UDP_STREAM, 1-byte messages, 64 KB socket buffers, 10 s");
    d.metric = u"throughput_bps"_s;
    d.unit = u"Mbit/s"_s;
    d.description = tr("1999 baselines: tulip, RTL8139 and eepro100 NICs through a Netgear FS108 and a Cisco Catalyst 5000; "
                       "a 1-byte datagram still costs a 64-byte frame");
    d.dimensions = {u"path"_s, u"switch"_s, u"side"_s};
    d.defaultGroupBy = u"path"_s;
    d.seriesKey = u"side"_s;
    d.ceilingLabel = tr("UDP line rate at 100 Mbit/s");
    struct Row { const char16_t *path; const char16_t *sw; double sent; double received; };
    const Row rows[] = {
        {u"tulip → RTL8139 (FS108)", u"Netgear FS108", 0.79, 0.01},
        {u"RTL8139 → tulip (FS108)", u"Netgear FS108", 0.30, 0.02},
        {u"eepro100 → eepro100 (Cat 5000)", u"Cisco Catalyst 5000", 0.64, 0.27},
        {u"tulip → eepro100 (Cat 5000)", u"Cisco Catalyst 5000", 0.36, 0.35},
    };
    for (const Row &r : rows) {
        for (int side = 0; side < 2; ++side) {
            Observation o;
            o.attributes = {{u"path"_s, QString::fromUtf16(r.path)}, {u"switch"_s, QString::fromUtf16(r.sw)},
                            {u"side"_s, side == 0 ? u"sent"_s : u"received"_s}};
            o.values = {side == 0 ? r.sent : r.received};
            o.source = kRgbCitation;
            o.baseline = true;
            o.ceiling = ethernet::udpGoodputForPayloadBps(100e6, 1) / 1e6;
            d.observations.append(o);
        }
    }
    return d;
}

ComparisonData udpStreamLarge()
{
    ComparisonData d;
    d.title = tr("netperf UDP_STREAM, 1472-byte messages through a Netgear FS108");
    d.metric = u"throughput_bps"_s;
    d.unit = u"Mbit/s"_s;
    d.description = tr("1999 baseline: tulip → RTL8139, 64 KB socket buffers, 10 s; the sweep adds the 1-byte run");
    d.dimensions = {u"path"_s, u"side"_s};
    d.defaultGroupBy = u"path"_s;
    d.seriesKey = u"side"_s;
    d.ceiling = ethernet::udpGoodputForPayloadBps(100e6, 1472) / 1e6;
    d.ceilingLabel = tr("UDP line rate at 100 Mbit/s");
    for (int side = 0; side < 2; ++side) {
        Observation o;
        o.attributes = {{u"path"_s, u"tulip → RTL8139 (FS108)"_s}, {u"side"_s, side == 0 ? u"sent"_s : u"received"_s}};
        o.values = {95.07};
        o.source = kRgbCitation;
        o.baseline = true;
        d.observations.append(o);
    }
    // Received throughput against message size, with the line-rate curve.
    d.sweepXLabel = tr("UDP message size (bytes)");
    d.sweeps.append(PointSeries{tr("tulip → RTL8139 via FS108, received"), kRgbCitation, {{1, 0.01}, {1472, 95.07}}, {}});
    for (int size : {1, 2, 4, 8, 16, 18, 32, 64, 128, 256, 512, 1024, 1472})
        d.sweepCeiling.append(QPointF(size, ethernet::udpGoodputForPayloadBps(100e6, size) / 1e6));
    return d;
}

ComparisonData tcpRr()
{
    ComparisonData d;
    d.title = tr("netperf TCP_RR, 1-byte request and response");
    d.metric = u"transactions_per_s"_s;
    d.unit = u"transactions/s"_s;
    d.description = tr("1999 baselines; the FS108 ceiling is its latency floor (15 µs rated store-and-forward, cable lengths unknown and taken as 0)");
    d.dimensions = {u"path"_s, u"switch"_s};
    d.defaultGroupBy = u"path"_s;
    LatencyPath fs108;
    fs108.linkBps = 100e6;
    fs108.switches = {PathSwitch{u"Netgear FS108"_s, 15e-6, true}};
    fs108.requestFrameBytes = fs108.responseFrameBytes = ethernet::frameForTcpPayload(1, 12);
    const double fs108Ceiling = latencyFloor(fs108).maxTransactionsPerS;
    struct Row { const char16_t *path; const char16_t *sw; double rate; double ceiling; };
    const Row rows[] = {
        {u"tulip ↔ RTL8139 (FS108)", u"Netgear FS108", 1325.41, fs108Ceiling},
        {u"tulip ↔ eepro100 (Cat 5000)", u"Cisco Catalyst 5000", 4749.19, 0},
        {u"eepro100 ↔ eepro100 (Cat 5000)", u"Cisco Catalyst 5000", 5664, 0},
    };
    for (const Row &r : rows) {
        Observation o;
        o.attributes = {{u"path"_s, QString::fromUtf16(r.path)}, {u"switch"_s, QString::fromUtf16(r.sw)}};
        o.values = {r.rate};
        o.source = kRgbCitation;
        o.baseline = true;
        o.ceiling = r.ceiling;
        d.observations.append(o);
    }
    d.ceilingLabel = tr("latency floor");
    return d;
}

ComparisonData packetRate()
{
    ComparisonData d;
    d.title = tr("Minimum-size packet rates");
    d.metric = u"packets_per_s"_s;
    d.unit = u"kpps"_s;
    d.description = tr("2000–2003 baselines: Linux routing between tulips, pktgen on a tg3 (Netgear 302T) and a tulip");
    d.dimensions = {u"setup"_s, u"nic"_s};
    d.defaultGroupBy = u"setup"_s;
    d.ceilingLabel = tr("64-byte line rate");
    const double fast = ethernet::maxFrameRate(100e6, 64) / 1e3;
    const double gig = ethernet::maxFrameRate(1e9, 64) / 1e3;
    struct Row { const char16_t *setup; const char16_t *nic; double kpps; double ceiling; const QString *cite; };
    const Row rows[] = {
        {u"tulip routing, normal path", u"tulip", 40, fast, &kOlssonCitation},
        {u"tulip routing, fast switching", u"tulip", 147, fast, &kOlssonCitation},
        {u"pktgen tulip", u"tulip", 140, fast, &kTg3Citation},
        {u"pktgen tg3, new skb", u"tg3", 122, gig, &kTg3Citation},
        {u"pktgen tg3, same skb", u"tg3", 170, gig, &kTg3Citation},
    };
    for (const Row &r : rows) {
        Observation o;
        o.attributes = {{u"setup"_s, QString::fromUtf16(r.setup)}, {u"nic"_s, QString::fromUtf16(r.nic)}};
        o.values = {r.kpps};
        o.source = *r.cite;
        o.baseline = true;
        o.ceiling = r.ceiling;
        d.observations.append(o);
    }
    return d;
}

} // namespace

QString SeedBaselineProvider::ftpName() { return u"FTP host pairs (1997)"_s; }
QString SeedBaselineProvider::udpStreamName() { return u"UDP_STREAM 1 B, FS108 vs Cat 5000 (1999)"_s; }
QString SeedBaselineProvider::udpStreamLargeName() { return u"UDP_STREAM 1472 B, FS108 (1999)"_s; }
QString SeedBaselineProvider::tcpRrName() { return u"TCP_RR FS108 vs Cat 5000 (1999)"_s; }
QString SeedBaselineProvider::packetRateName() { return u"Packet rates tulip/tg3 (2000–2003)"_s; }

QString SeedBaselineProvider::origin() const
{
    return tr("Demonstration: historical baselines from the 1997–2003 lab reports, not measurements from this lab");
}

QStringList SeedBaselineProvider::datasetNames() const
{
    return {ftpName(), udpStreamLargeName(), udpStreamName(), tcpRrName(), packetRateName()};
}

std::optional<ComparisonData> SeedBaselineProvider::dataset(const QString &name, QString *error) const
{
    if (name == ftpName())
        return ftpTable();
    if (name == udpStreamName())
        return udpStream();
    if (name == udpStreamLargeName())
        return udpStreamLarge();
    if (name == tcpRrName())
        return tcpRr();
    if (name == packetRateName())
        return packetRate();
    if (error)
        *error = tr("No baseline dataset named \"%1\"; known: %2").arg(name, datasetNames().join(u", "_s));
    return std::nullopt;
}

} // namespace wb
