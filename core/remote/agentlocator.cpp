// SPDX-License-Identifier: GPL-3.0-or-later
#include "agentlocator.h"

#include "agentarch.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

using namespace Qt::StringLiterals;

namespace wb {

namespace {
    constexpr auto kAgentName = "wirebench-agent";
    constexpr auto kCrossFolder = "agents";
} // namespace

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

QString crossAgentPath(const QString &nativeAgent, const QString &arch)
{
    return QFileInfo(nativeAgent).dir().filePath(
        u"%1/%2/%3"_s.arg(QLatin1StringView(kCrossFolder), arch, QLatin1StringView(kAgentName)));
}

QMap<QString, QString> agentsBeside(const QString &nativeAgent)
{
    QMap<QString, QString> agents;
    const auto add = [&agents](const QString &path) {
        const QFileInfo fi(path);
        if (!fi.isFile() || !fi.isExecutable())
            return;
        QString ignored;
        const QString arch = elfArchitecture(path, &ignored);
        if (!arch.isEmpty() && !agents.contains(arch))
            agents.insert(arch, path);
    };
    add(nativeAgent);
    const QDir cross(QFileInfo(nativeAgent).dir().filePath(QLatin1StringView(kCrossFolder)));
    const QStringList archDirs = cross.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
    for (const QString &dir : archDirs)
        add(cross.filePath(dir + u'/' + QLatin1StringView(kAgentName)));
    return agents;
}

QMap<QString, QString> locateAgents()
{
    return agentsBeside(locateAgent());
}

} // namespace wb
