// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What one command run over SSH gave back.

#include <QByteArray>
#include <QMetaType>
#include <QString>

namespace wb {

struct RemoteCommandResult
{
    int exitStatus = -1;
    QByteArray stdOut;
    QByteArray stdErr;
    QString error; // empty when the command ran to its end (whatever its status)

    bool succeeded() const { return error.isEmpty() && exitStatus == 0; }
};

} // namespace wb

Q_DECLARE_METATYPE(wb::RemoteCommandResult)
