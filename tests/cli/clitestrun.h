// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Running the real wirebench-cli from a test: its exit code and both
// streams, in a home of its own so nothing reaches the user's files; and
// the commands its --help lists.

#include <QProcess>
#include <QProcessEnvironment>
#include <QRegularExpression>
#include <QString>
#include <QStringList>

namespace wb::test {

inline const QString kCli = QStringLiteral(WB_BIN_DIR "/wirebench-cli");

struct CliRun
{
    int code = -1; // -1: it crashed or did not end in time
    QString out;
    QString err;
};

inline CliRun runCli(const QStringList &args, const QString &home = QString(), const QByteArray &input = QByteArray(),
                     int timeoutMs = 60000)
{
    QProcess p;
    if (!home.isEmpty()) {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("HOME"), home);
        env.insert(QStringLiteral("XDG_DATA_HOME"), home + QStringLiteral("/share"));
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), home + QStringLiteral("/config"));
        env.remove(QStringLiteral("WIREBENCH_DB"));
        p.setProcessEnvironment(env);
    }
    p.start(kCli, args);
    if (!input.isNull()) {
        p.write(input);
        p.closeWriteChannel();
    }
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished();
        return {};
    }
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, QString::fromUtf8(p.readAllStandardOutput()),
            QString::fromUtf8(p.readAllStandardError())};
}

// The commands under "Commands:" in `wirebench-cli --help`: the words before
// the first argument of each line.
inline QStringList listedCommands()
{
    const CliRun help = runCli({QStringLiteral("--help")});
    QStringList commands;
    bool on = false;
    static const QRegularExpression words(QStringLiteral("^  ([a-z][a-z-]*(?: [a-z][a-z-]*)*)"));
    for (const QString &line : help.out.split(u'\n')) {
        if (line == QStringLiteral("Commands:")) {
            on = true;
            continue;
        }
        if (on && line.isEmpty())
            break;
        if (const auto m = words.match(line); on && m.hasMatch())
            commands << m.captured(1);
    }
    return commands;
}

// The options `COMMAND --help` lists under "Options:", by long name (and
// short alias), with the value name each takes (empty for a flag).
struct HelpOption
{
    QString name;
    QString alias;
    QString value;
    QString meaning;
};

inline QList<HelpOption> helpOptions(const QString &helpText)
{
    QList<HelpOption> options;
    bool on = false;
    static const QRegularExpression line(
        QStringLiteral("^  (?:(-[A-Za-z]), )?(--?[a-z][a-z0-9-]*)(?: (\\S+))?\\s{2,}(\\S.*)$"));
    for (const QString &l : helpText.split(u'\n')) {
        if (l == QStringLiteral("Options:")) {
            on = true;
            continue;
        }
        if (!on)
            continue;
        if (const auto m = line.match(l); m.hasMatch())
            options.append({m.captured(2), m.captured(1), m.captured(3), m.captured(4)});
    }
    return options;
}

} // namespace wb::test
