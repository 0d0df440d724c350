// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What changed between two environment snapshots (an agent's sysinfo): the
// kernel, and per interface the driver and its version, firmware, speed,
// duplex, MTU and offloads. Used to warn when a link renegotiates mid-plan
// and to show, beside any comparison, what differs between two runs.

#include <QJsonObject>
#include <QString>
#include <QStringList>

namespace wb {

struct EnvironmentChange
{
    QString field;  // "kernel", "eth0.speed_mbps", "eth0.offloads.tso", ...
    QString before;
    QString after;

    QString describe() const;
};

// Compares two sysinfo snapshots. With an interface name, only that
// interface's settings (and the host-wide ones) are compared.
QList<EnvironmentChange> diffEnvironment(const QJsonObject &before, const QJsonObject &after,
                                         const QString &interfaceName = QString());

// A changed speed, duplex or MTU makes a result suspect; other changes are notes.
bool isLinkChange(const EnvironmentChange &change);

} // namespace wb
