// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The seeds' classic tests as presets for the plan editor: netperf
// UDP_STREAM with 1, 64 and 1472 byte messages and 64 KiB socket buffers,
// TCP_RR 1/1, the FTP-style 12 MB transfer to a file and to /dev/null, and
// pktgen-style 60 and 1514 byte frames (18 and 1472 byte UDP payloads).

#include <QJsonObject>
#include <QList>
#include <QString>

namespace wb {

struct PlanPreset
{
    QString name;   // shown in the editor
    QString kind;
    QJsonObject params;
    QString key;    // short name for the command line: "udp-1-64-1472", "ftp-devnull"
};

const QList<PlanPreset> &planPresets();
// The preset a short name names, or nullptr.
const PlanPreset *findPlanPreset(const QString &key);

} // namespace wb
