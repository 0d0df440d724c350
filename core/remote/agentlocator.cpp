// SPDX-License-Identifier: GPL-3.0-or-later
#include "agentlocator.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

using namespace Qt::StringLiterals;

namespace wb {

QString locateAgent()
{
    const QString fromEnv = qEnvironmentVariable("WIREBENCH_AGENT");
    if (!fromEnv.isEmpty())
        return fromEnv;
    const QDir appDir(QCoreApplication::applicationDirPath());
    const QStringList candidates{
        // An installed package carries the agent matching its version here.
        appDir.filePath(u"../libexec/wirebench/wirebench-agent"_s),
        appDir.filePath(u"wirebench-agent"_s),
        appDir.filePath(u"../bin/wirebench-agent"_s),
    };
    for (const QString &c : candidates) {
        const QFileInfo fi(c);
        if (fi.isFile() && fi.isExecutable())
            return fi.canonicalFilePath();
    }
    return candidates.first();
}

} // namespace wb
