// SPDX-License-Identifier: GPL-3.0-or-later
#include "planpresets.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace wb {

const QList<PlanPreset> &planPresets()
{
    static const QList<PlanPreset> presets = [] {
        const QJsonObject buffers{{u"send_socket_bytes"_s, 65536}, {u"recv_socket_bytes"_s, 65536}};
        auto udp = [&](const QJsonValue &size) {
            QJsonObject p = buffers;
            p.insert(u"message_size_bytes"_s, size);
            return p;
        };
        return QList<PlanPreset>{
            {QObject::tr("UDP_STREAM 1/64/1472 bytes, 64 KiB buffers"), u"udp_stream"_s,
             udp(QJsonArray{1, 64, 1472}), u"udp-1-64-1472"_s},
            {QObject::tr("UDP_STREAM 1 byte, 64 KiB buffers"), u"udp_stream"_s, udp(1), u"udp-1"_s},
            {QObject::tr("UDP_STREAM 64 bytes, 64 KiB buffers"), u"udp_stream"_s, udp(64), u"udp-64"_s},
            {QObject::tr("UDP_STREAM 1472 bytes, 64 KiB buffers"), u"udp_stream"_s, udp(1472), u"udp-1472"_s},
            {QObject::tr("TCP_RR 1/1"), u"tcp_rr"_s,
             QJsonObject{{u"request_size_bytes"_s, 1}, {u"response_size_bytes"_s, 1}}, u"tcp-rr"_s},
            {QObject::tr("TCP_CRR 1/1: a new connection per transaction"), u"tcp_crr"_s,
             QJsonObject{{u"request_size_bytes"_s, 1}, {u"response_size_bytes"_s, 1}}, u"tcp-crr"_s},
            {QObject::tr("FTP 12 MB file to file"), u"file_transfer"_s,
             QJsonObject{{u"file_size_bytes"_s, 12582912}, {u"sink"_s, u"file"_s}}, u"ftp-file"_s},
            {QObject::tr("FTP 12 MB file to /dev/null"), u"file_transfer"_s,
             QJsonObject{{u"file_size_bytes"_s, 12582912}, {u"sink"_s, u"devnull"_s}}, u"ftp-devnull"_s},
            {QObject::tr("pktgen-style 60 byte frames"), u"packet_rate"_s,
             QJsonObject{{u"message_size_bytes"_s, 18}}, u"pkt-60"_s},
            {QObject::tr("pktgen-style 1514 byte frames"), u"packet_rate"_s,
             QJsonObject{{u"message_size_bytes"_s, 1472}}, u"pkt-1514"_s},
            {QObject::tr("Soak: 60 byte frames flat out one way, 1 kpps back"), u"soak"_s,
             QJsonObject{{u"message_size_bytes"_s, 18}, {u"probe_rate_pps"_s, 1000}}, u"soak"_s},
        };
    }();
    return presets;
}

const PlanPreset *findPlanPreset(const QString &key)
{
    for (const PlanPreset &p : planPresets())
        if (p.key == key)
            return &p;
    return nullptr;
}

} // namespace wb
