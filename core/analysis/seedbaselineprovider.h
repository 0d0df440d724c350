// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The historical figures of the seed reports (1997-2003), typed in as a small
// table, as comparison datasets: the FTP host-pair table, netperf UDP_STREAM
// and TCP_RR through a Netgear FS108 and a Cisco Catalyst 5000, and the
// tulip/tg3 packet rates. Every value carries its citation. Used by the
// Compare page until the results store provides real runs.

#include "comparisonprovider.h"

namespace wb {

class SeedBaselineProvider : public ComparisonProvider
{
public:
    QString origin() const override;
    QStringList datasetNames() const override;
    std::optional<ComparisonData> dataset(const QString &name, QString *error) const override;

    // Dataset names, stable for tests and the CLI.
    static QString ftpName();
    static QString udpStreamName();      // 1-byte messages, four paths
    static QString udpStreamLargeName(); // 1472-byte messages, with the size sweep
    static QString tcpRrName();
    static QString packetRateName();
};

} // namespace wb
