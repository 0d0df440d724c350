// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// tcp_rr runs for history tests and benchmarks: one host pair's NICs (eth0,
// e1000e at a chosen driver version) with the figure a night gives.

#include "store/storedrun.h"

#include <QJsonArray>

namespace wbtest {

inline QJsonObject e1000eEnvironment(const QString &driverVersion)
{
    using namespace Qt::StringLiterals;
    return {{u"kernel"_s, u"Linux 6.1.0-18-amd64"_s},
            {u"interfaces"_s, QJsonArray{QJsonObject{{u"name"_s, u"eth0"_s},
                                                     {u"driver"_s, u"e1000e"_s},
                                                     {u"driver_version"_s, driverVersion},
                                                     {u"firmware"_s, u"0.13-4"_s},
                                                     {u"speed_mbps"_s, 1000}}}}};
}

// A finished tcp_rr run client/eth0 → server/eth0 of `tps` transactions/s;
// the client's driver at `driverVersion`, the server's at 3.2.
inline wb::StoredRun tcpRrRun(const QString &client, const QString &server, const QDateTime &startedAt, double tps,
                              const QString &driverVersion, int requestBytes = 1)
{
    using namespace Qt::StringLiterals;
    wb::StoredRun r;
    r.plan = u"nightly"_s;
    r.testCase = u"rr"_s;
    r.clientEndpoint = client + u"/eth0"_s;
    r.serverEndpoint = server + u"/eth0"_s;
    r.startedAt = startedAt;
    r.endedAt = startedAt.addSecs(10);
    r.clientEnvironment = e1000eEnvironment(driverVersion);
    r.serverEnvironment = e1000eEnvironment(u"3.2"_s);
    r.record.kind = u"tcp_rr"_s;
    r.record.tool = u"wirebench-agent"_s;
    r.record.params = QJsonObject{{u"request_size_bytes"_s, requestBytes}, {u"response_size_bytes"_s, 1}};
    r.record.addMetric(u"transactions_per_s"_s, u"client"_s, tps);
    return r;
}

} // namespace wbtest
